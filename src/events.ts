/** Public events of `<agent-chat>`: names and `detail` types, declared in the global event maps. */
import type { ReplyErrorKind } from './protocol/contract.js';
import type { MessageSource } from './conversation/types.js';
import type { ReplyEndStatus } from './session/chat-session.js';
import type { McpServerStatus } from './mcp/mcp-types.js';

export interface AgentChatSendDetail {
  text: string;
  threadId: string;
  /** Set when an app sent it (`ui/message`), not the person. */
  source?: MessageSource;
  /** The files the person attached (`type`: the media type), in order; empty when none. */
  attachments: { name: string; size: number; type: string }[];
}
export interface AgentChatResponseStartDetail {
  runId: string;
  threadId: string;
}
export interface AgentChatResponseEndDetail {
  runId: string;
  threadId: string;
  status: ReplyEndStatus;
  /** The reply's final text (the agent's own messages, not its subagents'). */
  text: string;
}
export interface AgentChatErrorDetail {
  kind: ReplyErrorKind;
  message: string;
  code?: string;
  /** HTTP status, for `kind: 'http'`. */
  status?: number;
  runId?: string;
}
export interface AgentChatToolCallDetail {
  toolCallId: string;
  name: string;
  /** Parsed arguments (or the raw text when they are not valid JSON). */
  arguments: unknown;
  runId: string;
}
export interface AgentChatOpenLinkDetail {
  url: string;
}

export interface AgentChatAppCallDetail {
  name: string;
  arguments: Record<string, unknown>;
  /** The MCP server (or backend server) of the app. */
  source: string;
  /** The card's id. */
  instanceId: string;
  allowed: boolean;
  /** Why it was refused (what the app was told). */
  error?: string;
}

/** An app asks to save a file (`ui/download-file`); one event per file, before any is saved. */
export interface AgentChatDownloadDetail {
  /** The name it is saved as (made safe: no path, no control or direction characters, no leading dot). */
  name: string;
  /** Its media type as the app gave it, reduced to `type/subtype` (else `application/octet-stream`). */
  mimeType: string;
  /** Its size in bytes. */
  size: number;
  /** The app: `{ kind: 'app', server, instanceId, title }`, as in `agent-chat-send`. */
  source: MessageSource;
}

export interface AgentChatThreadChangeDetail {
  threadId: string;
  /** `new`: a new conversation; `open`: another one was opened (by the person, `openThread` or `thread-id`); `deleted`: the open one was deleted; `synced`: another tab changed it. */
  reason: 'new' | 'open' | 'deleted' | 'synced';
}

export interface AgentChatStorageErrorDetail {
  /**
   * `unavailable`: no IndexedDB here; `blocked`: another tab holds an older version open; `quota`: the storage is full; `invalid`: an import was refused;
   * `signed-out`: (`storage="remote"`) the conversation server refused the person (401 or 403), so syncing waits until it accepts them; `failed`: anything else.
   */
  kind: 'unavailable' | 'blocked' | 'quota' | 'invalid' | 'signed-out' | 'failed';
  message: string;
  threadId?: string;
}

/** (`storage="remote"`) How the conversations stand with the server. */
export interface AgentChatSyncDetail {
  /** `synced`: all is on the server; `pending`: changes wait to be sent; `offline`: the server cannot be reached; `error`: it refused something (see `message`). */
  status: 'synced' | 'pending' | 'offline' | 'error';
  /** How many conversations have changes that are not on the server yet. */
  pending: number;
  /** What went wrong, for `error` and `offline`. */
  message?: string;
}

export interface AgentChatOpenChangeDetail {
  open: boolean;
  /** `launcher`: the launcher button; `close-button`: the panel's close button; `escape`: Esc in the panel; `outside`: a press outside (`close-on-outside-click`); `method`: `show()`, `hide()`, `toggle()` or the `open` property. */
  reason: 'launcher' | 'close-button' | 'escape' | 'outside' | 'method';
}

export interface AgentChatAttachmentRejectedDetail {
  name: string;
  size: number;
  /** The file's media type, as the browser gave it (may be empty). */
  type: string;
  /** `type`: not in `accept`; `size`: over `max-file-size`; `count`: over `max-files`; `upload`: `uploadFile` failed. */
  reason: 'type' | 'size' | 'count' | 'upload';
}

export interface AgentChatFeedbackDetail {
  threadId: string;
  /**
   * The id the backend gave the reply's message (AG-UI: its first `TEXT_MESSAGE_START`'s `messageId`;
   * AI SDK: the `start` chunk's `messageId`), so that a server finds the rated message in its logs;
   * the reply's turn id in `getTurns()` when the backend gave none.
   */
  messageId: string;
  /** The run that wrote the reply. */
  runId?: string;
  /** `null`: the person took their rating back. */
  rating: 'up' | 'down' | null;
}

export interface AgentChatSuggestionDetail {
  label: string;
  /** The suggestion's prompt, else its label: sent, or (a follow-up's that differs from its label) put in the composer. */
  prompt: string;
}

export interface AgentChatMcpStatusDetail {
  /** The server's name. */
  name: string;
  status: McpServerStatus;
  /** Why it cannot be used (`auth-required`, `error`). */
  error?: string;
}

/** The agent's shared state changed (AG-UI STATE_SNAPSHOT / STATE_DELTA, the AI SDK's `data-agent-chat-state`), or another thread's came into view. */
export interface AgentChatStateDetail {
  state: unknown;
}

/** A CUSTOM event (AG-UI) or a `data-*` part (AI SDK, named as its type) that the widget does not read itself. */
export interface AgentChatCustomDetail {
  name: string;
  value: unknown;
}

export interface AgentChatEventMap {
  'agent-chat-ready': CustomEvent<Record<string, never>>;
  'agent-chat-send': CustomEvent<AgentChatSendDetail>;
  'agent-chat-response-start': CustomEvent<AgentChatResponseStartDetail>;
  'agent-chat-response-end': CustomEvent<AgentChatResponseEndDetail>;
  'agent-chat-error': CustomEvent<AgentChatErrorDetail>;
  'agent-chat-tool-call': CustomEvent<AgentChatToolCallDetail>;
  'agent-chat-open-link': CustomEvent<AgentChatOpenLinkDetail>;
  'agent-chat-app-call': CustomEvent<AgentChatAppCallDetail>;
  'agent-chat-download': CustomEvent<AgentChatDownloadDetail>;
  'agent-chat-thread-change': CustomEvent<AgentChatThreadChangeDetail>;
  'agent-chat-storage-error': CustomEvent<AgentChatStorageErrorDetail>;
  'agent-chat-sync': CustomEvent<AgentChatSyncDetail>;
  'agent-chat-open-change': CustomEvent<AgentChatOpenChangeDetail>;
  'agent-chat-feedback': CustomEvent<AgentChatFeedbackDetail>;
  'agent-chat-suggestion': CustomEvent<AgentChatSuggestionDetail>;
  'agent-chat-attachment-rejected': CustomEvent<AgentChatAttachmentRejectedDetail>;
  'agent-chat-mcp-status': CustomEvent<AgentChatMcpStatusDetail>;
  'agent-chat-state': CustomEvent<AgentChatStateDetail>;
  'agent-chat-custom': CustomEvent<AgentChatCustomDetail>;
}

declare global {
  // On elements, document and window alike: the events bubble and are composed.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends AgentChatEventMap {}
}

/** Dispatches a public event (bubbling, composed); returns false when a listener cancelled it. */
export function emit<K extends keyof AgentChatEventMap>(target: EventTarget, name: K, detail: AgentChatEventMap[K]['detail'], options: { cancelable?: boolean } = {}): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
}
