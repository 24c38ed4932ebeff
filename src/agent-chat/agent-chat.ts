import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { agentChatStyles } from './agent-chat.styles.js';
import { ChatSession, nextTask, openAsks, type RunSetup } from '../session/chat-session.js';
import '../components/composer/composer.js';
import type { AgentChatComposer } from '../components/composer/composer.js';
import '../components/markdown/markdown-view.js';
import '../components/message/message.js';
import type { AgentChatMessage, TurnAction } from '../components/message/message.js';
import {
  MISSING_ENDPOINT,
  checkDisplayOptions,
  flagAttribute,
  resolveConnection,
  type ResolvedConnection,
  type Theme,
  type ToolCardsMode,
} from './config.js';
import type { ConversationState, Answers } from '../conversation/types.js';
import { emit, type AgentChatEventMap } from '../events.js';
import { formatCount } from '../i18n/plural.js';
import { format, loadStrings, resolveStrings, stringsLoaded, type ChatStrings } from '../i18n/strings.js';
import { LogFollower } from './log-follower.js';
import { newId } from '../internal/ids.js';
import { createTransport, preloadTransport } from '../protocol/index.js';
import { IMAGES_MODES, type ImagePolicy, type ImagesMode } from '../render/image-policy.js';
import { loadMarkdown } from '../render/markdown-loader.js';
import type { HeadersInput } from '../protocol/http.js';
import type { Transport } from '../protocol/contract.js';
import { base, tokens } from '../styles/tokens.js';
import type { ToolDisplay } from '../conversation/tool-display.js';
import '../components/mcp-server/mcp-server.js';
import type { AgentChatAppFrame } from '../components/app-frame/app-frame.js';
import { ChatApps } from '../mcp/chat-apps.js';
import type { AppCallCheck, AppMessageCheck, McpCallResult, McpServerConfig } from '../mcp/types.js';
import type { AssistantTurn, MessageSource, Turn } from '../conversation/types.js';
import { contextTurns, turnFromPage, turnsFromPage, turnsWithActivity } from '../conversation/public-turns.js';
import { askUserClientTool, type AskUserHandler } from '../ask/ask-user-tool.js';
import type { InterruptResponse } from '../conversation/types.js';
import { combineClientTools } from '../session/client-tools.js';
import { deepQuery } from '../internal/deep-query.js';
import { ChatStorage, type StorageMode, type ThreadSummary } from '../storage/chat-storage.js';
import type { ThreadExport } from '../storage/records.js';
import type { AgentChatThreadList } from '../components/thread-list/thread-list.js';
import { onFirstNeed } from '../internal/lazy.js';

// The page's language starts loading with the element, so its texts are usually there by the first draw.
if (typeof document !== 'undefined') void loadStrings(document.documentElement.lang);

/** The list of conversations is loaded when the person first opens it. */
const loadThreadList = onFirstNeed(() => import('../components/thread-list/thread-list.js'), 'the list of conversations');

const MESSAGE_PARTS =
  'message, user-message, message-sender, assistant-message, reasoning, error, retry-button, copy-button, tool-card, tool-card-header, tool-card-body, tool-card-status, app-frame, app-message, activity, activity-card, activity-panel, activity-more, question-form, approval, input-request, edit-button, regenerate-button, branch-switcher, edit-message';
const COMPOSER_PARTS = 'composer, input, send-button, stop-button';
/** Turns drawn at first when a long conversation opens (more than a screenful). */
const FIRST_DRAWN = 12;
/** Turns drawn more each time the person scrolls to the top. */
const MORE_DRAWN = 40;
/** Scrolled this close to the top (px), the earlier turns are drawn. */
const EARLIER_THRESHOLD = 120;

/**
 * @summary A chat with an agent backend (AG-UI 1.0): streams replies as markdown, shows tool calls
 * as cards, and lets the person stop and retry.
 *
 * @csspart base - The whole widget.
 * @csspart header - The bar with the heading.
 * @csspart heading - The heading text.
 * @csspart messages - The scrolling message log.
 * @csspart greeting - The greeting shown above the conversation.
 * @csspart message - Every message (also user-message, assistant-message).
 * @csspart user-message - A message of the person.
 * @csspart message-sender - "Sent by the app …" over a message an app sent (`ui/message`).
 * @csspart assistant-message - A reply of the agent.
 * @csspart reasoning - The collapsed reasoning of a reply.
 * @csspart tool-card - A tool call card (also tool-card-header, tool-card-body, tool-card-status).
 * @csspart tool-card-header - The button that opens or closes a tool card.
 * @csspart tool-card-body - A tool card's arguments, result and error.
 * @csspart tool-card-status - A tool card's status label.
 * @csspart app-frame - An MCP App in its tool card.
 * @csspart app-message - A message an app proposes to send, with Send and Discard.
 * @csspart activity - What one subagent did in a reply: its block (also activity-card, activity-panel).
 * @csspart activity-card - A tool call a subagent made.
 * @csspart activity-panel - A subagent's whole conversation in a reply, opened from its block.
 * @csspart activity-more - "N more calls not shown", past `activity-limit`.
 * @csspart question-form - The agent's questions (ask_user) in their card, or the answers once given.
 * @csspart approval - A request to approve a tool call (Approve, Deny, Edit arguments) or to confirm.
 * @csspart input-request - A form the agent asked to be filled in, built from its `responseSchema`.
 * @csspart held-notice - Why a message was not sent yet: a request of the agent waits for an answer.
 * @csspart threads-button - Shows or hides the list of conversations (with storage).
 * @csspart thread-list - The list of conversations (also thread-item, thread-new-button).
 * @csspart thread-item - One conversation in the list.
 * @csspart thread-new-button - "New conversation".
 * @csspart storage-notice - Why conversations cannot be saved, with Export.
 * @csspart earlier-button - "Show N earlier messages" atop a long conversation.
 * @csspart edit-button - Edit on the person's message.
 * @csspart regenerate-button - Regenerate on the last reply.
 * @csspart branch-switcher - "‹ 2 / 3 ›" on a message that has other versions.
 * @csspart edit-message - The person's message, opened for editing.
 * @csspart error - An error: on a failed reply, or the configuration notice.
 * @csspart retry-button - Retry on a failed or stopped reply.
 * @csspart copy-button - Copy on a code block.
 * @csspart jump-button - "Jump to latest", shown when the person scrolled up and more arrived.
 * @csspart app-pane - Where an app opened beside the chat sits: at the side, or below the conversation on a narrow chat.
 * @csspart composer - The input row.
 * @csspart input - The text area.
 * @csspart send-button - Send.
 * @csspart stop-button - Stop, while a reply streams.
 *
 * @cssproperty --agent-chat-font-family - Text font. Default: the system UI font.
 * @cssproperty --agent-chat-font-family-mono - Code font. Default: the system monospace font.
 * @cssproperty --agent-chat-font-size - Base text size. Default: 15px.
 * @cssproperty --agent-chat-color-background - Background. Default: light #ffffff, dark #17181c.
 * @cssproperty --agent-chat-color-surface - Header, card headers. Default: light #f4f5f7, dark #22242a.
 * @cssproperty --agent-chat-color-text - Text. Default: light #1d1f24, dark #e8e9ec.
 * @cssproperty --agent-chat-color-text-muted - Secondary text. Default: light #5d6270, dark #a3a8b5.
 * @cssproperty --agent-chat-color-border - Borders. Default: light #dcdfe5, dark #363a44.
 * @cssproperty --agent-chat-color-accent - Buttons, links, focus rings. Default: light #2f5bd3, dark #7fa2ff.
 * @cssproperty --agent-chat-color-accent-text - Text on the accent colour. Default: light #ffffff, dark #0f1320.
 * @cssproperty --agent-chat-color-user-bubble - The person's message bubble. Default: light #2f5bd3, dark #3b5fc4.
 * @cssproperty --agent-chat-color-user-text - Text in the person's bubble. Default: #ffffff.
 * @cssproperty --agent-chat-color-error - Error text. Default: light #b42318, dark #ff8a80.
 * @cssproperty --agent-chat-color-error-surface - Error background. Default: light #fdecea, dark #3a1f1f.
 * @cssproperty --agent-chat-color-code-background - Code background. Default: light #f0f2f5, dark #111216.
 * @cssproperty --agent-chat-radius - Corner radius. Default: 12px.
 * @cssproperty --agent-chat-spacing - Base spacing. Default: 12px.
 * @cssproperty --agent-chat-max-width - Width of the message column. Default: 760px.
 * @cssproperty --agent-chat-height - The element's height when the page gives it none (a `height` of its own wins); `100%` fills a sized container. Default: min(640px, 100dvh).
 *
 * @fires agent-chat-ready - The element is connected and rendered.
 * @fires agent-chat-send - The person (or `send()`) sends a message; cancelable.
 * @fires agent-chat-response-start - A reply starts.
 * @fires agent-chat-response-end - A reply ended: `detail.status` is done, error or cancelled.
 * @fires agent-chat-error - A reply failed, or the configuration is wrong.
 * @fires agent-chat-tool-call - The agent called a tool (arguments complete).
 * @fires agent-chat-open-link - A link in a reply (or an app's `ui/open-link`) is about to open; cancelable.
 * @fires agent-chat-app-call - An app's page called a tool; `detail.allowed` says whether it went through.
 * @fires agent-chat-thread-change - Another conversation is shown: new, opened (once all of it is read), deleted, or changed by another tab.
 * @fires agent-chat-storage-error - Conversations cannot be saved (or an import was refused); the chat goes on in memory.
 *
 * @slot - `<agent-chat-mcp-server>` elements: MCP servers the chat connects to.
 */
@customElement('agent-chat')
export class AgentChat extends LitElement {
  static override styles = [tokens, base, agentChatStyles];

  /** URL of the agent backend. */
  @property() endpoint?: string;
  /** Wire protocol of the backend: `ag-ui` or `ai-sdk` (the Vercel AI SDK's UI message stream, what `useChat` speaks). */
  @property() protocol = 'ag-ui';
  /**
   * The conversation shown, sent as the AG-UI `threadId`. Setting it opens that thread (or starts
   * one with that id); it changes when the person switches. Default: the last one opened, else new.
   */
  @property({ attribute: 'thread-id', reflect: true }) threadId?: string;
  /** Where conversations are kept: `indexeddb`, or `none` (memory only). */
  @property() storage: StorageMode = 'indexeddb';
  /** The IndexedDB database's name: separate widgets or users on one page. */
  @property({ attribute: 'storage-key' }) storageKey = 'agent-chat';
  /** Fetch credentials for backend requests: `omit`, `same-origin` or `include`. */
  @property() credentials = 'same-origin';
  /** Extra request headers: JSON in the attribute; the property may also be a function returning them. */
  @property() headers?: string | HeadersInput;
  @property() heading?: string;
  @property() placeholder?: string;
  /** Markdown shown above the conversation. */
  @property() greeting?: string;
  /** `light`, `dark` or `auto` (follows the system). */
  @property({ reflect: true }) theme: Theme = 'auto';
  /** UI language (BCP 47); defaults to the nearest `lang` on the page. */
  @property() override lang!: string;
  /** Overrides of single UI texts. */
  @property({ attribute: false }) strings?: Partial<ChatStrings>;
  /** Whether tool cards start `open` or `collapsed`. */
  @property({ attribute: 'tool-cards' }) toolCards: ToolCardsMode = 'collapsed';

  /**
   * Images in replies and results from other origins than the page's: `click` (a placeholder
   * naming the host, loads when pressed), `none` (placeholder only) or `allow` (load at once).
   * The page's own origin, `data:` and `blob:` images always load.
   */
  @property() images: ImagesMode = 'click';
  /** Show tool-call arguments in cards. */
  @property({ attribute: 'show-requests', converter: flagAttribute }) showRequests = false;
  /**
   * Show what subagents do (`show-activity="false"` turns it off). Off, their calls stop being
   * added at once; turned on during a reply, they show from the next reply on.
   */
  @property({ attribute: 'show-activity', converter: flagAttribute }) showActivity = true;
  /** Subagent calls shown per reply; past that, one line says how many more there were. */
  @property({ attribute: 'activity-limit', type: Number }) activityLimit = 256;
  /** Per tool name: title, icon, open, showRequest. */
  @property({ attribute: false }) toolDisplay: Record<string, ToolDisplay> = {};
  /**
   * On reload, pick up a reply that was still streaming when the page went away (`ai-sdk`:
   * `GET ${endpoint}/${threadId}/stream`; 204 means there is nothing to pick up).
   */
  @property({ type: Boolean }) resume = false;

  /** A custom backend adapter used instead of `endpoint` and `protocol`. */
  @property({ attribute: false }) transport?: Transport;
  /** URL of the MCP Apps sandbox proxy page (`dist/sandbox.html`) on another origin. */
  @property({ attribute: 'sandbox-url' }) sandboxUrl?: string;
  /** MCP servers to connect to, besides the `<agent-chat-mcp-server>` children. */
  @property({ attribute: false }) mcpServers: McpServerConfig[] = [];
  /** The chat's check on every tool call an app's page makes (see the README). */
  @property({ attribute: false }) onAppCall?: AppCallCheck;
  /**
   * Whether an app's `ui/message` goes out without asking the person: return `true` to send it
   * (still rate-limited and marked as the app's); anything else shows it in the card with Send / Discard.
   */
  @property({ attribute: false }) onAppMessage?: AppMessageCheck;
  /**
   * Features an app may be given when its resource asks for them (`_meta.ui.permissions`),
   * space-separated: `camera`, `microphone`, `geolocation`, `clipboard-write`. Default none.
   */
  @property({ attribute: 'app-permissions' }) appPermissions = '';
  /** Who is chatting, as the page knows them: handed to `onAppCall` checks. */
  @property({ attribute: false }) user?: unknown;
  /**
   * The page's own answers to ask_user questions: `(questions, context)` → answers, a promise of
   * them, or `AskUserDeferred`. Without it, the person answers in the card's form.
   */
  @property({ attribute: false }) askUser?: AskUserHandler;
  /** What `askUser` gets as `context`: an object, or a function called each time the model asks. */
  @property({ attribute: false }) askUserContext?: unknown;
  /** Which agent this chat talks to: in `askUser`'s default context and sent to the backend. */
  @property({ attribute: 'agent-id' }) agentId?: string;
  /** The page's session: in `askUser`'s default context and sent to the backend. */
  @property({ attribute: 'session-id' }) sessionId?: string;

  @state() private busy = false;
  @state() private unseen = false;
  /** The person tried to send while the agent's requests wait for answers. */
  @state() private heldNotice = false;
  @state() private threadsOpen = false;
  /** Why the file the person chose in the conversation list was not imported. */
  @state() private importProblem?: string;
  /** The first turn drawn (all are, when unset); earlier ones come when the person scrolls up. */
  @state() private drawFrom?: string;
  /** The thread id the chat itself set last (a different one was set by the page). */
  private ownThreadId?: string;
  private drawingEarlier = false;
  @query('.messages') private log!: HTMLElement;
  @query('agent-chat-composer') private composer!: AgentChatComposer;

  private conversation: ConversationState;
  private readonly session: ChatSession;
  private frame = 0;
  /** Keeps the log at its end while replies stream, until the person scrolls up. */
  private readonly follower = new LogFollower({
    unseenChanged: (unseen) => (this.unseen = unseen),
    scrolled: (top) => this.onLogScrolled(top),
  });
  private announcedConfigErrors = new Set<string>();
  private connection!: ResolvedConnection;
  private displayProblems: string[] = [];
  private texts!: ChatStrings;
  private retrying = false;
  private readonly apps = new ChatApps(this, {
    appCredentials: () => (this.connection?.config.credentials ?? 'same-origin') as RequestCredentials,
    appBackend: () => {
      const transport = this.backendTransport();
      return transport instanceof Error ? undefined : transport;
    },
    appThreadId: () => this.ensureThreadId(),
    paneArea: () => this.renderRoot.querySelector<HTMLElement>('.pane-area') ?? undefined,
    sendFromApp: (text, source) => this.sendFromApp(text, source),
    updateApp: (partId, app) => this.session.update({ type: 'app-update', partId, app }),
    announceLink: (url) => this.emit('agent-chat-open-link', { url }, { cancelable: true }),
    announceAppCall: (detail) => this.emit('agent-chat-app-call', detail),
  });

  private readonly store = new ChatStorage(this, {
    turns: () => this.conversation.turns,
    busy: () => this.session.busy,
    showPath: (turns) => {
      this.session.stop();
      this.session.update({ type: 'reset', turns });
      this.drawLast(turns);
      this.follower.follow();
    },
    completePath: (turns) => this.session.replaceTurns(turns),
    stop: () => this.session.stop(),
    threadId: () => this.ensureThreadId(),
    setThreadId: (id) => {
      this.ownThreadId = id;
      this.threadId = id;
    },
    threadChanged: (detail) => this.emit('agent-chat-thread-change', detail),
    interrupted: (replyId) => {
      // Picked up where the transport can (`resume`); the reply stays stopped otherwise.
      const last = this.conversation.turns[this.conversation.turns.length - 1];
      if (this.resume && last?.id === replyId) this.session.resumeStream();
    },
    storageError: (detail) => this.emit('agent-chat-storage-error', detail),
  });

  constructor() {
    super();
    this.session = new ChatSession(
      {
        changed: (next, fromWire) => this.onConversation(next, fromWire),
        responseStart: (detail) => this.emit('agent-chat-response-start', detail),
        responseEnd: (detail) => this.endResponse(detail),
        error: (detail) => this.emit('agent-chat-error', detail),
        toolCall: (detail) => this.emit('agent-chat-tool-call', detail),
        custom: (name, value) => {
          if (name !== 'agent-chat.thread-title') return;
          const title = typeof value === 'string' ? value : (value as { title?: unknown } | null)?.title;
          if (typeof title === 'string') this.store.titleFromBackend(title);
        },
      },
      () => this.runSetup(),
      () => this.nextFrameDrawn(),
    );
    this.conversation = this.session.state;
    this.addEventListener('agent-chat-image-policy', this.onImagePolicy);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('click', this.onLinkClick);
    void loadMarkdown();
    if (this.hasUpdated) this.follower.attach(this, this.log, this.renderRoot.querySelector('.column')!);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('click', this.onLinkClick);
    this.follower.detach();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  protected override firstUpdated(): void {
    this.follower.attach(this, this.log, this.renderRoot.querySelector('.column')!);
    this.emit('agent-chat-ready', {});
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const connectionChanged = ['endpoint', 'protocol', 'headers', 'credentials', 'transport'].some((name) => changed.has(name as keyof AgentChat));
    if (connectionChanged || !this.connection) {
      this.connection = this.resolveConnection();
      if (!this.transport && this.endpoint) preloadTransport(this.connection.config.protocol);
    }
    if (changed.has('theme') || changed.has('toolCards') || changed.has('images')) {
      this.displayProblems = checkDisplayOptions({ theme: this.theme, toolCards: this.toolCards, images: this.images });
    }
    if (changed.has('lang') || changed.has('strings') || !this.texts) this.resolveTexts();
    if (changed.has('mcpServers')) this.apps.syncServers();
    if (changed.has('threadId') && this.threadId && this.threadId !== this.ownThreadId) {
      if (this.hasUpdated) this.followThreadId();
      else {
        // Set before the chat first drew: the thread to open, once storage is open.
        this.ownThreadId = this.threadId;
        this.store.explicitThreadId = true;
      }
    }
    if (changed.has('storage') || changed.has('storageKey')) void this.store.configure(this.storage === 'none' ? 'none' : 'indexeddb', this.storageKey || 'agent-chat');
    if (!this.apps.context || changed.has('theme') || changed.has('lang') || changed.has('sandboxUrl')) this.apps.refreshContext();
  }

  protected override updated(): void {
    for (const message of this.configProblems) {
      if (this.announcedConfigErrors.has(message)) continue;
      this.announcedConfigErrors.add(message);
      this.emit('agent-chat-error', { kind: 'config', message });
    }
  }

  /** The UI texts of the chat's language; one not loaded yet shows once it is (English meanwhile). */
  private resolveTexts(): void {
    const lang = this.lang || this.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang;
    this.texts = resolveStrings(lang, this.strings);
    this.textsLang = lang;
    if (stringsLoaded(lang)) return;
    void loadStrings(lang).then(() => {
      if (this.textsLang !== lang) return;
      this.texts = resolveStrings(lang, this.strings);
      this.requestUpdate();
    });
  }
  private textsLang?: string;

  private resolveConnection(): ResolvedConnection {
    return resolveConnection({
      endpoint: this.endpoint,
      protocol: this.protocol,
      headers: this.headers,
      credentials: this.credentials,
      hasTransport: this.transport !== undefined,
    });
  }

  /** What the page author set wrong (a custom transport makes the connection settings moot). */
  private get configProblems(): string[] {
    return [...(this.transport ? [] : this.connection.problems), ...this.displayProblems, ...this.apps.problems];
  }

  /** Settles when the thread the page asked for (`thread-id`) is shown. */
  private threadSwitch?: Promise<void>;

  /** The page set `thread-id`: open that thread, or start one under that id. */
  private followThreadId(): void {
    const id = this.threadId!;
    this.ownThreadId = id;
    this.store.explicitThreadId = true;
    const shown = this.conversation.turns;
    const opening = this.store.ready().then(async () => {
      // What the page did meanwhile (setTurns) wins over the thread loading.
      if (this.conversation.turns !== shown || this.threadId !== id) return;
      if (!(await this.store.openThread(id))) await this.store.newThread('new', id);
    });
    this.threadSwitch = opening.finally(() => {
      if (this.threadSwitch === switching) this.threadSwitch = undefined;
    });
    const switching = this.threadSwitch;
  }

  /** The thread id, made up (and kept as the chat's own) when there is none yet. */
  private ensureThreadId(): string {
    if (!this.threadId) {
      this.ownThreadId = newId();
      this.threadId = this.ownThreadId;
    }
    return this.threadId;
  }

  /** Answers a markdown view inside the chat with the chat's image policy and its texts. */
  private readonly onImagePolicy = (event: Event) => {
    event.stopPropagation();
    const s = this.texts ?? resolveStrings(this.lang, this.strings);
    const mode = (IMAGES_MODES as readonly string[]).includes(this.images) ? this.images : 'click';
    (event as CustomEvent<{ policy?: ImagePolicy }>).detail.policy = { mode, showImage: s.showImage, imageBlocked: s.imageBlocked };
  };

  private runSetup(): RunSetup {
    const threadId = this.ensureThreadId();
    const transport = this.backendTransport();
    const apps = this.apps.runSetup();
    const { prepare } = apps;
    const setup = {
      ...apps,
      // The request carries the whole history: a thread whose earlier turns are still being read waits for them.
      prepare: this.store.pathIncomplete ? () => this.store.whenComplete().then(prepare) : prepare,
      clientTools: combineClientTools([this.askUserTool, apps.clientTools]),
      activity: () => this.showActivity,
      forwardedProps: () => this.forwardedProps(),
    };
    if (transport instanceof Error) return { threadId, ...setup, problem: { kind: 'config', message: transport.message } };
    return { threadId, ...setup, transport };
  }

  private readonly askUserTool = askUserClientTool({
    handler: () => this.askUser,
    context: () => {
      const context = this.askUserContext;
      if (typeof context === 'function') return (context as () => unknown)();
      return context ?? this.identity();
    },
  });

  /** `agent-id` and `session-id`, those that are set. */
  private identity(): { agentId?: string; sessionId?: string } {
    const identity: { agentId?: string; sessionId?: string } = {};
    if (this.agentId) identity.agentId = this.agentId;
    if (this.sessionId) identity.sessionId = this.sessionId;
    return identity;
  }

  /** Widget data for the backend travels under `forwardedProps["agent-chat"]`. */
  private forwardedProps(): Record<string, unknown> {
    const identity = this.identity();
    return Object.keys(identity).length ? { 'agent-chat': identity } : {};
  }

  /** The backend: the page's transport, else one for `endpoint` (an Error says what is missing). */
  private backendTransport(): Transport | Error {
    if (this.transport) return this.transport;
    // Resolved now, not at the last render: a page may set `endpoint` and call send() in one go.
    const { config, problems, missingEndpoint } = this.resolveConnection();
    if (missingEndpoint) return new Error(MISSING_ENDPOINT);
    if (problems.length) return new Error(problems.join(' '));
    return createTransport(config.protocol, { endpoint: config.endpoint!, headers: config.headers, credentials: config.credentials });
  }

  // ---- MCP Apps (the wiring lives in mcp/chat-apps.ts) ----

  /** An app's `ui/message` (consented to, or trusted): sent as the app's once the reply under way has ended. */
  private async sendFromApp(text: string, source: MessageSource): Promise<boolean> {
    await this.session.idle();
    return this.deliver(text, source);
  }

  /**
   * Builds an app card from the page: calls `tool` on the MCP server `source` (unless `value`, the
   * tool's result, is given) and adds a reply with its card. Resolves to the card element.
   */
  async appendAppCard(options: AppendAppCardOptions): Promise<HTMLElement> {
    if (this.waitingForPerson) throw new Error('appendAppCard() cannot add a card while the agent waits for answers to its questions or requests.');
    const call = await this.apps.appCall(options.source, options.tool, options.arguments ?? {}, options.value, newId());
    const reply: AssistantTurn = {
      role: 'assistant',
      id: newId(),
      status: 'done',
      parts: options.text ? [{ kind: 'text', id: newId(), text: options.text, streaming: false }, call] : [call],
    };
    const display = { title: options.title, icon: options.icon, open: options.open, showRequest: options.showRequest, fullScreen: options.fullScreen };
    const defined = Object.fromEntries(Object.entries(display).filter(([, value]) => value !== undefined));
    if (Object.keys(defined).length) this.toolDisplay = { ...this.toolDisplay, [options.tool]: { ...this.toolDisplay[options.tool], ...defined } };
    this.session.update({ type: 'append-reply', reply });
    await this.updateComplete;
    const message = [...this.renderRoot.querySelectorAll<AgentChatMessage>('agent-chat-message')].find((element) => element.turn?.id === reply.id);
    await message?.updateComplete;
    const card = message?.shadowRoot?.querySelector<HTMLElement>('agent-chat-tool-card');
    if (!card) throw new Error('The app card could not be shown.');
    return card;
  }

  /** The app frames of one reply (to let them wind down before the reply goes). */
  private appFrames(replyId: string): AgentChatAppFrame[] {
    const message = [...this.renderRoot.querySelectorAll<AgentChatMessage>('agent-chat-message')].find((element) => element.turn?.id === replyId);
    const cards = message?.shadowRoot?.querySelectorAll('agent-chat-tool-card') ?? [];
    return [...cards].flatMap((card) => [...(card.shadowRoot?.querySelectorAll<AgentChatAppFrame>('agent-chat-app-frame') ?? [])]);
  }

  private onConversation(next: ConversationState, fromWire: boolean): void {
    // The first turn drawn went with an edit or another version: the new path opens at its end.
    if (this.drawFrom && next.turns !== this.conversation.turns && !next.turns.some((turn) => turn.id === this.drawFrom)) this.drawLast(next.turns);
    this.conversation = next;
    this.busy = this.session.busy;
    this.store.changed(fromWire);
    if (this.heldNotice && !this.session.held) this.heldNotice = false;
    this.follower.contentChanged();
    if (!fromWire) {
      this.requestUpdate();
      return;
    }
    // Streamed events are drawn at most once per frame, however fast they arrive.
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.requestUpdate();
      });
    }
  }

  /**
   * Resolves once the next frame has been drawn, so a fast stream is read between frames rather
   * than in one long task. A hidden page draws no frames: a short timer stands in.
   */
  private nextFrameDrawn(): Promise<void> {
    if (document.hidden) return nextTask();
    return new Promise((resolve) => {
      const fallback = setTimeout(resolve, 100);
      requestAnimationFrame(() => {
        clearTimeout(fallback);
        // After this frame's callbacks (our render included), continue in a task of its own.
        void nextTask().then(resolve);
      });
    });
  }

  /** `agent-chat-response-end` fires once the reply's last state is drawn, so listeners see it in the DOM. */
  private async endResponse(detail: AgentChatEventMap['agent-chat-response-end']['detail']): Promise<void> {
    this.busy = this.session.busy;
    void this.store.flush();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.requestUpdate();
    await this.updateComplete;
    const last = this.renderRoot.querySelector<AgentChatMessage>('agent-chat-message:last-of-type');
    await last?.updateComplete;
    this.emit('agent-chat-response-end', detail);
  }

  private emit<K extends keyof AgentChatEventMap>(name: K, detail: AgentChatEventMap[K]['detail'], options?: { cancelable?: boolean }): boolean {
    return emit(this, name, detail, options);
  }

  /** The log scrolled: near the top, the earlier turns are drawn. */
  private onLogScrolled(top: number): void {
    if (top < EARLIER_THRESHOLD && this.firstDrawn() > 0 && !this.drawingEarlier) {
      this.drawingEarlier = true;
      void this.drawEarlier().finally(() => (this.drawingEarlier = false));
    }
  }

  private jumpToLatest = () => {
    this.follower.follow();
    this.composer?.focus();
  };

  /** The Retry button goes away with the reply it was on: the keyboard moves to the composer. */
  private onRetryRequest = () => {
    this.retry();
    this.composer?.focus();
  };

  /** Links in replies announce themselves first; the page may cancel the navigation. */
  private onLinkClick = (event: MouseEvent) => {
    const path = event.composedPath();
    const inside = path.slice(0, path.indexOf(this));
    const anchor = inside.find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && !!node.href);
    if (anchor && !this.emit('agent-chat-open-link', { url: anchor.href }, { cancelable: true })) event.preventDefault();
  };

  private onComposerSend(event: CustomEvent<{ text: string }>) {
    if (this.send(event.detail.text)) this.composer.clear();
  }

  /**
   * The person answered questions or an interrupt in a card. The event stops here: it is the
   * chat's own business, not the page's.
   */
  private onAnswer = async (event: CustomEvent<AnswerDetail>) => {
    event.stopPropagation();
    const { detail } = event;
    const accepted =
      detail.kind === 'question' ? this.session.answerQuestion(detail.toolCallId, detail.answers) : this.session.answerInterrupt(detail.interruptId, detail.response);
    if (!accepted) return;
    this.follower.follow();
    // The form goes away: the keyboard moves to the next open request, else to the composer.
    await this.updateComplete;
    const next = deepQuery(this, '[data-request-open]');
    if (next) next.focus();
    else this.composer?.focus();
  };

  /** The held notice's button: the keyboard goes to the first request waiting for an answer. */
  private goToRequest = () => {
    const request = deepQuery(this, '[data-request-open]') ?? deepQuery(this, '[part="retry-button"]');
    // The person asked to see it: scrolled up to it, the log stops following.
    this.follower.personMovesUp();
    request?.scrollIntoView({ block: 'center' });
    request?.focus();
  };

  /** Questions or approvals wait in the last reply: nothing may be added after it. */
  private get waitingForPerson(): boolean {
    return this.session.held || openAsks(this.conversation.turns).length > 0;
  }

  /**
   * Sends a message as the person. Returns false when it was not sent: a reply is still
   * streaming, the agent's requests wait for answers (the chat says so), the text is empty, or a
   * listener cancelled `agent-chat-send`. Questions still open are answered by the message.
   */
  send(text: string): boolean {
    return this.deliver(text);
  }

  private deliver(text: string, source?: MessageSource): boolean {
    const trimmed = text.trim();
    if (!trimmed || this.session.busy) return false;
    // The page has just set `thread-id`: the message goes to that thread once it is shown.
    if (this.hasUpdated && this.threadId && this.threadId !== this.ownThreadId) this.followThreadId();
    if (this.threadSwitch) {
      void this.threadSwitch.then(() => this.deliver(trimmed, source));
      return true;
    }
    if (this.session.held) {
      // Said again on each try: the live region is emptied and filled, so it is announced anew.
      this.heldNotice = false;
      void this.updateComplete.then(() => (this.heldNotice = this.session.held));
      return false;
    }
    const detail = { text: trimmed, threadId: this.ensureThreadId(), ...(source ? { source } : {}) };
    if (!this.emit('agent-chat-send', detail, { cancelable: true })) return false;
    this.follower.follow();
    return this.session.send(trimmed, source);
  }

  private get validActivityLimit(): number {
    const limit = Number(this.activityLimit);
    return Number.isFinite(limit) && limit >= 0 ? Math.floor(limit) : 256;
  }

  /**
   * Everything shown, as turns: what subagents did is there as activity cards (`part.activity`).
   * A long saved conversation opens with the end of its path: until `agent-chat-thread-change`
   * says it is open, these are the turns read so far.
   */
  getTurns(): Turn[] {
    return turnsWithActivity(this.conversation.turns);
  }

  /** What the model sees: the turns without activity cards or subagent text. */
  getContextTurns(): Turn[] {
    return contextTurns(this.conversation.turns);
  }

  /**
   * Replaces the conversation (e.g. with turns kept elsewhere). Activity cards are set apart again;
   * nothing runs. Throws a TypeError, changing nothing, when the turns are malformed.
   */
  setTurns(turns: Turn[]): void {
    const next = turnsFromPage(turns);
    this.stop();
    this.session.update({ type: 'reset', turns: next });
    this.drawLast(next);
  }

  /** Adds one turn at the end (not while a reply streams). Throws a TypeError when it is malformed. */
  addTurn(turn: Turn): void {
    const next = turnFromPage(turn, this.conversation.turns.length);
    if (this.session.busy) throw new Error('addTurn() cannot add a turn while a reply streams.');
    if (this.waitingForPerson) throw new Error('addTurn() cannot add a turn while the agent waits for answers to its questions or requests.');
    this.session.update({ type: 'reset', turns: [...this.conversation.turns, next] });
  }

  /** Stops the reply that is streaming; what arrived stays, marked stopped. */
  stop(): void {
    this.session.stop();
  }

  /** Runs the last reply again (after a failure, a stop, or to get another answer). */
  retry(): boolean {
    if (this.session.busy || this.retrying) return false;
    this.follower.follow();
    const last = this.conversation.turns[this.conversation.turns.length - 1];
    const frames = last?.role === 'assistant' ? this.appFrames(last.id) : [];
    if (frames.length === 0) return this.store.withBranch(() => this.session.retry());
    // The old reply's apps get to wind down (`ui/resource-teardown`) before it goes.
    this.retrying = true;
    void Promise.all(frames.map((frame) => frame.teardown?.())).then(() => {
      this.retrying = false;
      this.store.withBranch(() => this.session.retry());
    });
    return true;
  }

  // ---- Threads (storage/chat-storage.ts keeps them) ----

  /** Starts a new, empty conversation; the one shown stays saved. Resolves to its id. */
  async newThread(): Promise<string> {
    await this.store.ready();
    this.threadsOpen = false;
    return this.store.newThread();
  }

  /** Shows a saved conversation as it was, running nothing; resolves once all of it is read (false when there is none). */
  async openThread(id: string): Promise<boolean> {
    await this.store.ready();
    return this.store.openThread(id);
  }

  /** The saved conversations, most recent first. */
  async listThreads(): Promise<ThreadSummary[]> {
    await this.store.ready();
    await this.store.refreshList();
    return this.store.threads.map((thread) => ({ ...thread }));
  }

  /** Deletes a conversation; when it is the one shown, a new one starts. */
  async deleteThread(id: string): Promise<void> {
    await this.store.ready();
    await this.store.deleteThread(id);
  }

  async renameThread(id: string, title: string): Promise<void> {
    await this.store.ready();
    await this.store.renameThread(id, title);
  }

  /** A conversation as JSON-ready data (default: the one shown), from storage or, without it, from memory. */
  async exportThread(id = this.ensureThreadId()): Promise<ThreadExport> {
    await this.store.ready();
    return this.store.exportThread(id);
  }

  /**
   * Adds a conversation from an export (an object or its JSON text) and shows it; resolves to its
   * id. A file that is not a valid export is refused with a clear error and changes nothing.
   */
  async importThread(data: unknown): Promise<string> {
    await this.store.ready();
    return this.store.importThread(data);
  }

  /** Edit, regenerate, another version: the chat's own, stopped here. */
  private onTurnAction = (event: CustomEvent<TurnAction>) => {
    event.stopPropagation();
    const action = event.detail;
    if (this.session.busy || this.waitingForPerson) return;
    if (action.kind !== 'switch') this.follower.follow();
    if (action.kind === 'edit') {
      if (this.emit('agent-chat-send', { text: action.text, threadId: this.ensureThreadId() }, { cancelable: true })) {
        this.store.withBranch(() => this.session.edit(action.turnId, action.text));
      }
    } else if (action.kind === 'regenerate') {
      this.retry();
    } else {
      const path = this.store.pathThrough(action.siblingId);
      if (!path.length) return;
      this.follower.stay();
      this.store.withBranch(() => this.session.update({ type: 'reset', turns: path }));
      // The keyboard stays on the switcher, now that of the version shown.
      void this.updateComplete.then(async () => {
        const message = [...this.renderRoot.querySelectorAll<AgentChatMessage>('agent-chat-message')].find((element) => element.turn?.id === action.siblingId);
        await message?.updateComplete;
        const buttons = message?.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part="branch-switcher"] button');
        const button = [...(buttons ?? [])].find((candidate) => !candidate.disabled);
        button?.focus();
      });
      return;
    }
    // An edit or a regeneration: the new reply streams, and the keyboard goes to the composer.
    this.composer?.focus();
  };

  /** Saves a conversation (default: the one shown) as a JSON file the person downloads. */
  private downloadThread = async (id?: string) => {
    const data = await this.exportThread(id);
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `conversation-${data.thread.id}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  /** A file chosen in the conversation list: imported and shown, or refused with the reason in the list. */
  private onImportFile = async (event: CustomEvent<{ file: File }>) => {
    this.importProblem = undefined;
    try {
      const text = await event.detail.file.text();
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        throw new Error(format(this.texts.threadImportNotJson, { name: event.detail.file.name }));
      }
      await this.importThread(data);
      this.closeThreads();
    } catch (error) {
      this.importProblem = error instanceof Error ? error.message : String(error);
    }
  };

  private toggleThreads = async () => {
    if (!this.threadsOpen) await loadThreadList();
    this.threadsOpen = !this.threadsOpen;
    this.importProblem = undefined;
    if (this.threadsOpen) {
      void this.store.refreshList();
      await this.updateComplete;
      this.renderRoot.querySelector<AgentChatThreadList>('agent-chat-thread-list')?.focus();
    }
  };

  private closeThreads() {
    this.threadsOpen = false;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('header .threads-toggle')?.focus());
  }

  private onThreadsKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') this.closeThreads();
  };

  /** A conversation put in place opens at its end: only its last turns are drawn at first. */
  private drawLast(turns: readonly Turn[]): void {
    this.drawFrom = turns.length > FIRST_DRAWN ? turns[turns.length - FIRST_DRAWN].id : undefined;
  }

  /** The index of the first turn drawn. */
  private firstDrawn(): number {
    if (!this.drawFrom) return 0;
    const index = this.conversation.turns.findIndex((turn) => turn.id === this.drawFrom);
    return Math.max(0, index);
  }

  /** Draws the earlier turns when the person reaches the top, keeping what they see where it was. */
  private async drawEarlier() {
    // The turns above those read first come with the rest of the thread.
    if (this.firstDrawn() <= MORE_DRAWN && this.store.pathIncomplete) await this.store.whenComplete().catch(() => {});
    const log = this.log;
    const before = log.scrollHeight - log.scrollTop;
    const turns = this.conversation.turns;
    const first = Math.max(0, this.firstDrawn() - MORE_DRAWN);
    this.drawFrom = first === 0 ? undefined : turns[first].id;
    await this.updateComplete;
    log.scrollTop = log.scrollHeight - before;
  }

  private renderThreads() {
    const strings = this.texts;
    return html`<div class="threads" id="threads" @keydown=${this.onThreadsKey}>
      <button class="threads-toggle close" type="button" aria-expanded="true" aria-controls="threads" @click=${() => this.closeThreads()}>
        <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.6" fill="none" /></svg>
        <span class="visually-hidden">${strings.threadsHide}</span>
      </button>
      <agent-chat-thread-list
        exportparts="thread-list, thread-item, thread-new-button, thread-import-button"
        .threads=${this.store.threads}
        .currentId=${this.threadId}
        .strings=${strings}
        ?disabled=${this.busy}
        @agent-chat-thread-select=${async (event: CustomEvent<{ id: string }>) => {
          if (event.detail.id !== this.threadId) await this.openThread(event.detail.id);
          this.closeThreads();
        }}
        @agent-chat-thread-new=${async () => {
          await this.newThread();
          this.closeThreads();
        }}
        @agent-chat-thread-rename=${(event: CustomEvent<{ id: string; title: string }>) => void this.renameThread(event.detail.id, event.detail.title)}
        @agent-chat-thread-delete=${(event: CustomEvent<{ id: string }>) => void this.deleteThread(event.detail.id)}
        @agent-chat-thread-export=${(event: CustomEvent<{ id: string }>) => void this.downloadThread(event.detail.id)}
        @agent-chat-thread-import=${this.onImportFile}
        .notice=${this.importProblem}
      ></agent-chat-thread-list>
    </div>`;
  }

  override render() {
    const strings = this.texts;
    const turns = this.conversation.turns;
    const lastReply = turns[turns.length - 1];
    const configErrors = this.configProblems;
    const persistent = this.store.persistent;
    const first = this.firstDrawn();
    // Only the turns drawn need theirs (a long thread's path has thousands).
    const branches = this.store.branchesOf(first > 0 ? turns.slice(first) : turns);
    const settled = !this.busy && !this.waitingForPerson;
    const problem = this.store.problem;
    return html`<div class="base ${this.apps.pane ? 'with-pane' : ''}" part="base">
      ${this.heading || persistent
        ? html`<header class="header" part="header">
            ${persistent
              ? html`<button
                  class="threads-toggle"
                  part="threads-button"
                  type="button"
                  aria-expanded=${this.threadsOpen ? 'true' : 'false'}
                  aria-controls="threads"
                  @click=${this.toggleThreads}
                >
                  <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" stroke-width="1.6" fill="none" /></svg>
                  <span class="visually-hidden">${this.threadsOpen ? strings.threadsHide : strings.threadsShow}</span>
                </button>`
              : nothing}
            ${this.heading ? html`<h2 part="heading">${this.heading}</h2>` : nothing}
          </header>`
        : nothing}
      ${persistent && this.threadsOpen ? this.renderThreads() : nothing}
      <div class="body">
      ${problem
        ? html`<div class="storage-problem" part="storage-notice" role="alert">
            <span>${format(strings.storageProblem, { reason: problem.message })}</span>
            <button type="button" @click=${() => this.downloadThread()}>${strings.storageExport}</button>
            <button type="button" @click=${() => this.store.dismissProblem()}>${strings.storageDismiss}</button>
          </div>`
        : nothing}
      <div
        class="messages"
        part="messages"
        role="log"
        aria-live="polite"
        aria-label=${strings.conversation}
        aria-busy=${this.busy ? 'true' : 'false'}
        tabindex="0"
        @agent-chat-retry-request=${this.onRetryRequest}
        @agent-chat-answer=${this.onAnswer}
        @agent-chat-turn-action=${this.onTurnAction}
      >
        <div class="column">
          ${this.greeting && first === 0
            ? html`<div class="greeting" part="greeting"><agent-chat-markdown .text=${this.greeting}></agent-chat-markdown></div>`
            : nothing}
          ${first > 0
            ? html`<button class="earlier" part="earlier-button" type="button" @click=${() => this.drawEarlier()}>
                ${formatCount(strings.earlierMessages, first, strings.locale)}
              </button>`
            : nothing}
          ${repeat(
            first > 0 ? turns.slice(first) : turns,
            (turn) => turn.id,
            (turn) => html`<agent-chat-message
              exportparts=${MESSAGE_PARTS}
              .turn=${turn}
              .strings=${strings}
              .toolCardsOpen=${this.toolCards === 'open'}
              .showRequests=${this.showRequests}
              .toolDisplay=${this.toolDisplay}
              .appContext=${this.apps.context}
              .showActivity=${this.showActivity}
              .activityLimit=${this.validActivityLimit}
              .canRetry=${turn === lastReply && turn.role === 'assistant' && (turn.status === 'error' || turn.status === 'cancelled') && !this.busy}
              .canRegenerate=${turn === lastReply && turn.role === 'assistant' && turn.status === 'done' && settled}
              .canEdit=${turn.role === 'user' && settled}
              .branch=${branches.get(turn.id)}
              .busy=${this.busy}
            ></agent-chat-message>`,
          )}
        </div>
      </div>
      ${this.unseen ? html`<button class="jump" part="jump-button" type="button" @click=${this.jumpToLatest}>${strings.jumpToLatest}</button>` : nothing}
      ${this.apps.pane ? html`<div class="pane-area" part="app-pane"></div>` : nothing}
      ${configErrors.length
        ? html`<div class="config-error" part="error" role="alert">
            <strong>${strings.configError}:</strong>
            <ul>
              ${configErrors.map((error) => html`<li>${error}</li>`)}
            </ul>
          </div>`
        : nothing}
      <div class="footer">
        <div role="status" class="held-region">
          ${this.heldNotice
            ? html`<p class="held" part="held-notice">
                ${strings.inputHeld} <button type="button" class="go-to-request" @click=${this.goToRequest}>${strings.inputHeldGo}</button>
              </p>`
            : nothing}
        </div>
        <agent-chat-composer
          exportparts=${COMPOSER_PARTS}
          .strings=${strings}
          .placeholder=${this.placeholder}
          ?busy=${this.busy}
          @agent-chat-composer-send=${this.onComposerSend}
          @agent-chat-composer-stop=${() => this.stop()}
        ></agent-chat-composer>
      </div>
      </div>
    </div>`;
  }
}

/** What a card tells the chat when the person answers it. */
type AnswerDetail =
  | { kind: 'question'; toolCallId: string; answers: Answers }
  | { kind: 'interrupt'; interruptId: string; response: InterruptResponse };

/** What `appendAppCard` takes. */
export interface AppendAppCardOptions {
  /** The `name` of the `<agent-chat-mcp-server>` (or `mcpServers` entry) with the tool. */
  source: string;
  tool: string;
  arguments?: Record<string, unknown>;
  /** The tool's result, when the page has it already: the tool is not called. */
  value?: McpCallResult;
  title?: string;
  icon?: string;
  open?: boolean;
  showRequest?: boolean;
  fullScreen?: boolean;
  /** Text shown above the card, as the reply's text. */
  text?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat': AgentChat;
  }
}
