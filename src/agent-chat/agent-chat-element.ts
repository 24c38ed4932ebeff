/**
 * `<agent-chat>`'s element class: every attribute and property the page sets, with their defaults,
 * and the public methods. Its controllers are made and wired by `chat-wiring.ts`; the tag
 * (`agent-chat.ts`) adds the documentation of parts and custom properties, and the styles.
 */
import { LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import '../components/markdown/markdown-view.js';
import '../components/mcp-server/mcp-server.js';
import type { UploadFile } from '../attachments/attachment-types.js';
import type { AskUserHandler } from '../ask/ask-user-tool.js';
import { contextTurns, turnFromPage, turnsFromPage, turnsWithActivity } from '../conversation/public-turns.js';
import type { PageDrawing, ToolDisplay } from '../conversation/tool-display.js';
import type { Suggestion, ChatTransport as Transport, Turn } from '../conversation/types.js';
import type { ChatStringOverrides } from '../i18n/chat-strings.js';
import { newId } from '../internal/ids.js';
import type { AppCallCheck, AppMessageCheck, McpServerConfig } from '../mcp/mcp-types.js';
import type { HeadersInput } from '../protocol/http.js';
import type { ImagesMode } from '../render/image-policy.js';
import type { StorageMode, ThreadSummary } from '../storage/chat-storage.js';
import type { ThreadExport } from '../storage/records.js';
import { appCardReply, withCardDisplay, type AppendAppCardOptions } from './app-card-reply.js';
import { ChatWiring } from './chat-wiring.js';
import { flagAttribute, type Theme, type ToolCardsMode } from './display-options.js';
import type { EmbedMode } from './embed-mode.js';
import type { PageContext, PageTool } from '../page-tools/page-tool-types.js';

export class AgentChatElement extends LitElement {
  /** URL of the backend (POST, answers `text/event-stream`); required unless `transport` is set. */
  @property() endpoint?: string;
  /**
   * Wire protocol of the backend: `ag-ui` (AG-UI 1.0) or `ai-sdk` (the Vercel AI SDK's UI message
   * stream, what `useChat` speaks). Any other value shows a configuration error.
   */
  @property() protocol = 'ag-ui';
  /**
   * The conversation shown, sent as `threadId`; reflected. Setting it opens that saved conversation
   * (or starts one with that id); it changes when the person switches. Default: the last one opened,
   * else a new UUID.
   */
  @property({ attribute: 'thread-id', reflect: true }) threadId?: string;
  /**
   * Where conversations are kept: `indexeddb`; `remote` (in IndexedDB, and synced with the thread
   * store at `storage-url`, so they follow a signed-in person to their other devices); or `none`
   * (memory only; branches still work).
   */
  @property() storage: StorageMode = 'indexeddb';
  /** The IndexedDB database's name (separate widgets or users on one page; with `remote`, one per signed-in user). */
  @property({ attribute: 'storage-key' }) storageKey = 'agent-chat';
  /** (`storage="remote"`) The thread store's URL (where `agent-chat/server` is mounted); `headers` and `credentials` go with its requests too. */
  @property({ attribute: 'storage-url' }) storageUrl?: string;
  /** Fetch credentials for backend requests: `omit`, `same-origin` or `include`. */
  @property() credentials = 'same-origin';
  /**
   * Extra request headers: a JSON object in the attribute. The property may also be a
   * `Record<string, string>`, or a (sync or async) function returning one, called for every request.
   */
  @property() headers?: string | HeadersInput;
  /**
   * The title in the header bar. The bar also holds the conversations button when conversations
   * are stored; with no `heading` and `storage="none"` there is no bar.
   */
  @property() heading?: string;
  /** The composer's placeholder. Default: a localized "Type a message…". */
  @property() placeholder?: string;
  /** Markdown shown above the conversation. */
  @property() greeting?: string;
  /** `light`, `dark` or `auto` (follows `prefers-color-scheme`). */
  @property({ reflect: true }) theme: Theme = 'auto';
  /** UI language (BCP 47); built in: `en`, `de`, `fr`, `ar` (right to left). Default: the nearest `lang` on the page. */
  @property() override lang!: string;
  /**
   * Overrides of single UI texts, e.g. `{ send: 'Go', you: 'Me' }` (see `src/i18n/chat-strings.ts` for
   * the keys). Texts with a number take a form per plural category of `Intl.PluralRules`,
   * `{ activityCalls: { one: '{count} step', other: '{count} steps' } }`, or a function of the count.
   * `form: {…}` overrides texts of generated forms (`SchemaFormLabels`, `src/ask/forms/labels.ts`).
   */
  @property({ attribute: false }) strings?: ChatStringOverrides;
  /** Whether tool cards start `open` or `collapsed`. */
  @property({ attribute: 'tool-cards' }) toolCards: ToolCardsMode = 'collapsed';

  /**
   * Images in replies, tool and subagent results and files from another origin than the page's:
   * `click` (a placeholder naming the host; the image loads when pressed), `none` (the placeholder
   * only), `allow` (load at once). `data:` and `blob:` images always load; those of the page's own
   * origin load unless their address redirects (then they wait for a press, as another origin's
   * do); every image is bounded in size.
   */
  @property() images: ImagesMode = 'click';
  /** Show tool-call arguments in cards (a boolean attribute; `show-requests="false"` is off). */
  @property({ attribute: 'show-requests', converter: flagAttribute }) showRequests = false;
  /**
   * Render TeX math in replies: `$…$`, `\(…\)` inline, `$$…$$`, `\[…\]` displayed (a boolean
   * attribute; `math="false"` is off). A `$` in prose ("$5 and $10") and `\$` stay dollars; code
   * is never math. The renderer (KaTeX) and its fonts load from beside the package, on first math.
   */
  @property({ converter: flagAttribute }) math = false;
  /**
   * Thumbs up and down on every finished reply (a boolean attribute): each change fires
   * `agent-chat-feedback`; the rating is saved with the reply and shown again when it is restored.
   */
  @property({ type: Boolean }) feedback = false;
  /**
   * Starter prompts on an empty conversation, `{ label, prompt?, icon? }[]` (`icon`: text such as an
   * emoji). While it is empty, the `<agent-chat-suggestion>` children are the starters. Choosing
   * one fires `agent-chat-suggestion` (cancelable) and sends `prompt`, else `label`. The backend's
   * follow-ups (`agent-chat.suggestions`) are the model's: one whose `prompt` differs from its
   * `label` is not sent but put in the composer, for the person to read and send.
   */
  @property({ attribute: false }) suggestions: Suggestion[] = [];
  /**
   * Show what subagents do (`show-activity="false"` turns it off: their calls stop being added at
   * once; turned back on during a reply, they show from the next reply on).
   */
  @property({ attribute: 'show-activity', converter: flagAttribute }) showActivity = true;
  /** Subagent calls shown per reply; past that, one line "N more calls not shown". */
  @property({ attribute: 'activity-limit', type: Number }) activityLimit = 256;
  /**
   * Per tool name, `{ title?, icon?, open?, showRequest?, fullScreen?, summary?(args, result),
   * valueFn?(result, args), render?({ args, result, status, error }) }`: the card's title, an icon
   * (text or emoji), start open, show the arguments; for MCP tools also: offer full screen (default
   * `true`), the text shown when the app cannot be shown, and what the model receives instead of
   * `structuredContent` / the content. `render` draws the card's body instead of its arguments and
   * result (see The page's tools), for any tool.
   */
  @property({ attribute: false }) toolDisplay: Record<string, ToolDisplay> = {};
  /**
   * Per AG-UI activity type, `(content) => Node | string | null`: draws that type's
   * `ACTIVITY_SNAPSHOT`s (and their `ACTIVITY_DELTA`s) in the reply, in their place (see The page's tools).
   */
  @property({ attribute: false }) activityRenderers: Record<string, (content: Record<string, unknown>) => PageDrawing> = {};
  /**
   * `(state) => Node | string | null`: draws the agent's shared state under each reply that changed
   * it, as that reply left it (see The page's tools).
   */
  @property({ attribute: false }) stateRenderer?: (state: unknown) => PageDrawing;
  /**
   * (`ai-sdk`) After a reload, pick up a reply that was still streaming when the page went away:
   * `GET ${endpoint}/${threadId}/stream` (204 means there is nothing to pick up). A boolean attribute.
   */
  @property({ type: Boolean }) resume = false;

  /**
   * The page's own tools the agent may call, `{ name, description, parameters, handler, confirm?, render? }[]`:
   * offered with every run beside `ask_user` and the MCP servers' tools (a name one of those has, or
   * given twice, is left out and named in the configuration notice). When the model calls one, its
   * arguments are checked against `parameters` (JSON Schema; a mismatch goes back to the model as an
   * error), `confirm` (`true` or `(args) => boolean`) asks the person Approve / Deny on the call's card
   * first, then `handler(args, { signal, threadId, runId, toolCallId })` runs: its JSON-serialisable
   * return is the result, a throw an error result; Stop aborts `signal`. A restored conversation runs nothing.
   * `render` draws the call's card (as `toolDisplay[name].render`).
   */
  @property({ attribute: false }) tools: PageTool[] = [];
  /**
   * What the agent should know about the page, `{ description, value }[]` or a function returning
   * that, read at every run: AG-UI `context` (values other than strings as JSON text), the AI SDK
   * body's `"agent-chat".context`. Past 32,768 characters (descriptions and values as JSON) the rest is left out, with a console warning.
   */
  @property({ attribute: false }) context?: PageContext;

  /** A custom adapter used instead of `endpoint` / `protocol` (see A custom transport). */
  @property({ attribute: false }) transport?: Transport;
  /**
   * URL of the MCP Apps sandbox proxy page (`dist/sandbox.html`) on **another origin** (see MCP Apps).
   * Without it, apps run in an opaque-origin frame.
   */
  @property({ attribute: 'sandbox-url' }) sandboxUrl?: string;
  /**
   * MCP servers to connect to, `{ name, url, headers?, onAppCall?, messages? }[]`, besides the
   * `<agent-chat-mcp-server>` children (`messages: 'allow'` as the element's attribute).
   */
  @property({ attribute: false }) mcpServers: McpServerConfig[] = [];
  /**
   * The chat's check on every tool call an app's page makes, `(call) => true | false | string |
   * Promise<…>` (see Checking what apps do).
   */
  @property({ attribute: false }) onAppCall?: AppCallCheck;
  /**
   * Whether an app's `ui/message` goes out without asking the person, `(message) => boolean |
   * Promise<boolean>` with `message = { text, source, instanceId, title, chat }`: `true` sends it (still
   * rate-limited and marked as the app's); anything else shows it in its card with Send / Discard.
   */
  @property({ attribute: false }) onAppMessage?: AppMessageCheck;
  /**
   * Features an MCP App may be given when its resource asks for them (`_meta.ui.permissions`),
   * space-separated: `camera`, `microphone`, `geolocation`, `clipboard-write`. Empty (the default): none.
   */
  @property({ attribute: 'app-permissions' }) appPermissions = '';
  /** Who is chatting, as the page knows them (any value): passed to `onAppCall` as `call.user`. */
  @property({ attribute: false }) user?: unknown;
  /**
   * The page's own answers to the agent's `ask_user` questions, instead of the form:
   * `(questions, context) => answers | Promise<answers> | AskUserDeferred` (see Human in the loop).
   */
  @property({ attribute: false }) askUser?: AskUserHandler;
  /**
   * What `askUser` gets as `context`: an object, or `() => object` called each time the model asks.
   * Default: `{ agentId, sessionId }` from the attributes.
   */
  @property({ attribute: false }) askUserContext?: unknown;
  /**
   * Who the chat talks to: in the default `context` of `askUser`, and sent to the backend (AG-UI:
   * `forwardedProps["agent-chat"]`; AI SDK: the body's `"agent-chat"`).
   */
  @property({ attribute: 'agent-id' }) agentId?: string;
  /** The page's session: in the default `context` of `askUser`, and sent to the backend (like `agent-id`). */
  @property({ attribute: 'session-id' }) sessionId?: string;
  /**
   * How the chat sits on the page: `inline` fills its box; `popup` is a launcher button that opens
   * the chat as a floating panel; `sidebar` a panel docked to the viewport's end edge (both full
   * screen below 640 px). A popup or sidebar loads nothing beyond its launcher until first opened.
   */
  @property({ reflect: true }) mode: EmbedMode = 'inline';
  /**
   * (popup, sidebar) Whether the panel is open. Whether it was is remembered per `storage-key`
   * (not with `storage="none"`) and wins over the attribute on the next visit.
   */
  @property({ type: Boolean, reflect: true }) open = false;
  /** (popup) Where the launcher sits: `bottom-right` or `bottom-left`. */
  @property({ reflect: true }) position: 'bottom-right' | 'bottom-left' = 'bottom-right';
  /** The launcher's accessible name. Default: a localized "Open chat". */
  @property({ attribute: 'launcher-label' }) launcherLabel?: string;
  /** (popup, sidebar) A press outside the chat closes the panel. */
  @property({ attribute: 'close-on-outside-click', type: Boolean }) closeOnOutsideClick = false;
  /**
   * The person may attach files: the attach button, files dropped anywhere on the chat or pasted
   * into the text area, shown in a tray above it until sent. A boolean attribute.
   */
  @property({ type: Boolean }) attachments = false;
  /** (`attachments`) The files accepted, as `<input accept>` reads it: `.pdf`, `image/*`, `text/csv`, comma-separated. Default: any. */
  @property() accept?: string;
  /** (`attachments`) The largest file accepted, in bytes (10 MB). */
  @property({ attribute: 'max-file-size', type: Number }) maxFileSize = 10485760;
  /** (`attachments`) The most files per message. */
  @property({ attribute: 'max-files', type: Number }) maxFiles = 5;
  /**
   * (`attachments`) Uploads a file as soon as it is attached: `(file, { signal, onProgress }) =>
   * Promise<{ url, mimeType?, name? }>`. The `url` travels instead of the bytes; `onProgress(fraction)`
   * (0 to 1) shows progress; `signal` aborts when the person removes the file. Send waits for every
   * upload; a failure refuses the file (`reason: 'upload'`). Without it, files travel inline (base64).
   */
  @property({ attribute: false }) uploadFile?: UploadFile;
  private readonly wiring = new ChatWiring(this);

  /**
   * Builds an app card from the page: calls `tool` on the server named `source` (or uses `value` as
   * its result), adds it as a reply (with `text` above it) and resolves to the card element.
   * @param options `{ source, tool, arguments?, value?, title?, icon?, open?, showRequest?, fullScreen?,
   *   text? }`; `title` to `fullScreen` as in `toolDisplay`.
   */
  async appendAppCard(options: AppendAppCardOptions): Promise<HTMLElement> {
    this.wiring.embed.wake();
    if (this.wiring.run.waitingForPerson) throw new Error('appendAppCard() cannot add a card while the agent waits for answers to its questions or requests.');
    const call = await this.wiring.apps.appCall(options.source, options.tool, options.arguments ?? {}, options.value, newId());
    const reply = appCardReply(options, call);
    this.toolDisplay = withCardDisplay(this.toolDisplay, options) ?? this.toolDisplay;
    this.wiring.session.update({ type: 'append-reply', reply });
    await this.updateComplete;
    const message = this.wiring.messageOf(reply.id);
    await message?.updateComplete;
    const card = message?.toolCard();
    if (!card) throw new Error('The app card could not be shown.');
    return card;
  }

  /**
   * Sends `text` as the person; while a reply streams (or messages already wait) it is queued above
   * the composer and sent once the replies before it have ended well (one per reply; a failed or
   * stopped reply, or questions waiting in their form, hold the queue until the person presses "Send
   * now"). Resolves with the id of the message's turn in `getTurns()` (a queued message's turn gets
   * it when sent), or `null` if refused (empty text, the agent's requests wait for answers — the chat
   * then says so above the composer —, or `agent-chat-send` was cancelled; right after the page sets
   * `thread-id`, the message waits for that conversation to show, and a cancel then stops it too).
   * Open `ask_user` questions are answered by the message (`{"status":"deferred"}`).
   */
  async send(text: string): Promise<string | null> {
    this.wiring.embed.wake();
    return this.wiring.run.deliver(text);
  }

  /**
   * Puts `text` in the composer in place of the draft, for the person to read, change and send;
   * nothing is sent. A popup or sidebar stays as it is (closed, it shows the text when opened).
   */
  async setDraft(text: string): Promise<void> {
    this.wiring.embed.wake();
    await this.updateComplete;
    this.wiring.composer?.setDraft(String(text ?? ''));
  }

  /** Moves the keyboard to the composer (of a popup or sidebar that is open). */
  focusComposer(): void {
    this.wiring.focusComposer();
  }

  /**
   * Every turn as shown (copies; the shape is under Turns): subagent calls are tool-call parts with
   * `activity: { activityId, rootToolCallId, label, agentName, agentId, depth, sequence, delegationId,
   * parentDelegationId, runId }` (fields without a value left out). While a long saved conversation
   * is still being read, the end of its path: the turns read so far, until `agent-chat-thread-change`
   * says it is open.
   */
  getTurns(): Turn[] {
    return turnsWithActivity(this.wiring.conversation.turns);
  }

  /** What the model sees: the turns of `getTurns()` without activity cards and subagent text. */
  getContextTurns(): Turn[] {
    return contextTurns(this.wiring.conversation.turns);
  }

  /**
   * Replaces the conversation (e.g. with turns kept elsewhere; the shape is under Turns). Activity
   * cards are set apart again; nothing runs. Malformed turns throw a `TypeError` and change nothing.
   */
  setTurns(turns: Turn[]): void {
    const next = turnsFromPage(turns);
    this.stop();
    this.wiring.session.update({ type: 'reset', turns: next });
    this.wiring.log.drawLast(next);
  }

  /**
   * Adds a turn at the end (the shape is under Turns); nothing runs. Not while a reply streams or the
   * agent waits for answers (it throws); a malformed turn throws a `TypeError` and changes nothing.
   */
  addTurn(turn: Turn): void {
    const next = turnFromPage(turn, this.wiring.conversation.turns.length);
    if (this.wiring.session.busy) throw new Error('addTurn() cannot add a turn while a reply streams.');
    if (this.wiring.run.waitingForPerson) throw new Error('addTurn() cannot add a turn while the agent waits for answers to its questions or requests.');
    this.wiring.session.update({ type: 'reset', turns: [...this.wiring.conversation.turns, next] });
  }

  /** Aborts the streaming reply; what arrived stays, marked "Stopped", running tool cards become *cancelled*. */
  stop(): void {
    this.wiring.session.stop();
  }

  /**
   * Runs the last reply again as a new version of it, e.g. after an error or a stop (the old one
   * stays, one click away on "‹ 1 / 2 ›"); its apps get `ui/resource-teardown` first. Returns `false`
   * when a reply is streaming or there is nothing to run again.
   */
  retry(): boolean {
    return this.wiring.actions.retry();
  }

  // ---- Threads (storage/chat-storage.ts keeps them; threads-drawer.ts lists them) ----

  /** Starts a new, empty conversation (the one shown stays saved); resolves to its id. */
  async newThread(): Promise<string> {
    await this.wiring.storeReady();
    this.wiring.threads.hide();
    return this.wiring.store.newThread();
  }

  /** Shows a saved conversation as it was, running nothing; resolves once all of it is read (`false` when there is none). */
  async openThread(id: string): Promise<boolean> {
    await this.wiring.storeReady();
    return this.wiring.store.openThread(id);
  }

  /** The saved conversations `{ id, title, updated }[]`, most recent first. */
  async listThreads(): Promise<ThreadSummary[]> {
    await this.wiring.storeReady();
    await this.wiring.store.refreshList();
    return this.wiring.store.threads.map((thread) => ({ ...thread }));
  }

  /** Deletes a conversation and all its branches; when it is the one shown, a new one starts. */
  async deleteThread(id: string): Promise<void> {
    await this.wiring.storeReady();
    await this.wiring.store.deleteThread(id);
  }

  /** Renames a saved conversation (the title the list of conversations shows). */
  async renameThread(id: string, title: string): Promise<void> {
    await this.wiring.storeReady();
    await this.wiring.store.renameThread(id, title);
  }

  /**
   * A conversation (default: the one shown) as JSON-ready data `{ format: 'agent-chat-thread',
   * version: 1, thread, nodes }` — from storage, or from memory when there is none.
   */
  async exportThread(id = this.wiring.store.ensureThreadId()): Promise<ThreadExport> {
    await this.wiring.storeReady();
    return this.wiring.store.exportThread(id);
  }

  /**
   * Adds a conversation from an export (an object or its JSON text, as `exportThread` gives it) and
   * shows it; resolves to its id. An invalid file is refused with a clear error and changes nothing.
   */
  async importThread(data: unknown): Promise<string> {
    await this.wiring.storeReady();
    return this.wiring.store.importThread(data);
  }

  /** Whether the chat's workings run: at once inline; a popup or sidebar once first opened or used. */
  get started(): boolean {
    return this.wiring.embed.started;
  }

  /** (popup, sidebar) Opens the panel and puts the keyboard in the composer. */
  show(): void {
    this.wiring.embed.setOpen(true, 'method');
  }

  /** (popup, sidebar) Closes the panel; the keyboard, if it was inside, goes back to the launcher. */
  hide(): void {
    this.wiring.embed.setOpen(false, 'method');
  }

  /** (popup, sidebar) Opens the panel when it is closed, closes it when it is open. */
  toggle(): void {
    this.wiring.embed.toggle();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.wiring.configurationChanging(changed);
  }

  protected override firstUpdated(): void {
    this.wiring.emit('agent-chat-ready', {});
  }

  protected override updated(): void {
    this.wiring.connection.announceProblems();
  }

  /**
   * Also waits, in a popup or sidebar, until the panel's workings are here and drawn, and, when
   * messages were drawn before their view had loaded, until they are drawn.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let result = await super.getUpdateComplete();
    for (let arriving = this.wiring.embed.arriving; arriving; arriving = this.wiring.embed.arriving) {
      await arriving;
      result = await super.getUpdateComplete();
    }
    await this.wiring.messagesDrawn();
    return result;
  }

  override render() {
    return this.wiring.render();
  }
}
