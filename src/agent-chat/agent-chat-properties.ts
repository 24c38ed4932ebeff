/**
 * The configuration surface of `<agent-chat>`: every attribute and property the page sets, with
 * their defaults. The element (`agent-chat-element.ts`) reads them; nothing here acts on them.
 */
import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { UploadFile } from '../attachments/attachment-types.js';
import type { AskUserHandler } from '../ask/ask-user-tool.js';
import type { ToolDisplay } from '../conversation/tool-display.js';
import type { Suggestion, ChatTransport as Transport } from '../conversation/types.js';
import type { ChatStringOverrides } from '../i18n/chat-strings.js';
import type { AppCallCheck, AppMessageCheck, McpServerConfig } from '../mcp/mcp-types.js';
import type { HeadersInput } from '../protocol/http.js';
import type { ImagesMode } from '../render/image-policy.js';
import type { StorageMode } from '../storage/chat-storage.js';
import { flagAttribute, type Theme, type ToolCardsMode } from './display-options.js';
import type { EmbedMode } from './embed-mode.js';

export class AgentChatProperties extends LitElement {
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
  /** Where conversations are kept: `indexeddb`, or `none` (memory only; branches still work). */
  @property() storage: StorageMode = 'indexeddb';
  /** The IndexedDB database's name (separate widgets or users on one page). */
  @property({ attribute: 'storage-key' }) storageKey = 'agent-chat';
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
   * valueFn?(result, args) }`: the card's title, an icon (text or emoji), start open, show the
   * arguments; for MCP tools also: offer full screen (default `true`), the text shown when the app
   * cannot be shown, and what the model receives instead of `structuredContent` / the content.
   */
  @property({ attribute: false }) toolDisplay: Record<string, ToolDisplay> = {};
  /**
   * (`ai-sdk`) After a reload, pick up a reply that was still streaming when the page went away:
   * `GET ${endpoint}/${threadId}/stream` (204 means there is nothing to pick up). A boolean attribute.
   */
  @property({ type: Boolean }) resume = false;

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
}
