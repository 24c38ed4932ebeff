/**
 * The wire vocabulary: what a backend adapter (src/protocol/) and the rest of the chat say to each
 * other. An adapter turns its wire format into `ChatEvent`s and reads `RunRequest`s; nothing past
 * the adapter knows the wire. This file imports nothing, so every layer may depend on it.
 *
 * Every event may carry `subagentRunId` (AG-UI 1.0 attribution); the reducer keeps it on what it
 * creates so subagent views can group by it.
 */

/** An AG-UI interrupt: something a paused run needs from the person. */
export interface Interrupt {
  id: string;
  /** `tool_call`, `confirmation`, `input_required`, or a backend's own reason. */
  reason: string;
  message?: string;
  toolCallId?: string;
  /** JSON Schema of the answer (`resume.payload`). */
  responseSchema?: Record<string, unknown>;
  /** ISO 8601: past it, the interrupt can no longer be answered. */
  expiresAt?: string;
  metadata?: Record<string, unknown>;
  subagentRunId?: string;
}

export type JsonPatchOperation =
  { op: 'add' | 'replace' | 'test'; path: string; value: unknown } | { op: 'remove'; path: string } | { op: 'move' | 'copy'; from: string; path: string };

/** A history message in AG-UI 1.0 shape; also what MESSAGES_SNAPSHOT carries. */
export interface HistoryMessage {
  id: string;
  role: 'user' | 'assistant' | 'tool' | 'system' | 'developer' | 'reasoning' | 'activity';
  content?: unknown;
  name?: string;
  toolCalls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  toolCallId?: string;
  error?: string;
  encryptedValue?: string;
  activityType?: string;
  subagentRunId?: string;
  metadata?: Record<string, unknown>;
}

export interface RunOutcome {
  type: 'success' | 'interrupt' | 'cancelled';
  pendingToolCallIds?: string[];
  interrupts?: Interrupt[];
}

/** Where a reply-ending fault came from; shapes the message the person sees. */
export type ReplyErrorKind = 'backend' | 'http' | 'network' | 'protocol' | 'config';

export interface ReplyError {
  kind: ReplyErrorKind;
  message: string;
  code?: string;
  status?: number;
}

interface Attributed {
  subagentRunId?: string;
}

export type ChatEvent =
  | ({ type: 'run-started'; runId: string; threadId?: string } & Attributed)
  | ({ type: 'run-finished'; runId?: string; outcome?: RunOutcome; result?: unknown } & Attributed)
  | ({ type: 'run-error'; error: ReplyError } & Attributed)
  /** The id the backend gave the reply's message (AG-UI `TEXT_MESSAGE_START`, the AI SDK's `start`): the first one names the reply. */
  | ({ type: 'reply-message-id'; messageId: string } & Attributed)
  | ({ type: 'text-start'; messageId: string; role?: string; name?: string } & Attributed)
  | ({ type: 'text-delta'; messageId: string; delta: string } & Attributed)
  | ({ type: 'text-end'; messageId: string } & Attributed)
  | ({ type: 'reasoning-start'; messageId: string } & Attributed)
  | ({ type: 'reasoning-delta'; messageId: string; delta: string } & Attributed)
  | ({ type: 'reasoning-end'; messageId: string } & Attributed)
  | ({ type: 'reasoning-encrypted'; entityId: string; subtype: string; encryptedValue: string } & Attributed)
  | ({ type: 'tool-call-start'; toolCallId: string; name: string; parentMessageId?: string } & Attributed)
  | ({ type: 'tool-call-args'; toolCallId: string; delta: string } & Attributed)
  | ({ type: 'tool-call-end'; toolCallId: string } & Attributed)
  | ({
      type: 'tool-call-result';
      toolCallId: string;
      messageId?: string;
      content: unknown;
      isError?: boolean;
      /** The person cancelled the call (its card's Cancel) before it finished: `content` says so to the model. */
      cancelled?: boolean;
      /** The result nested too deeply and `content` says so instead (see depth.ts). */
      tooDeep?: boolean;
    } & Attributed)
  | ({ type: 'state-snapshot'; snapshot: unknown } & Attributed)
  | ({ type: 'state-delta'; patch: JsonPatchOperation[] } & Attributed)
  | ({ type: 'messages-snapshot'; messages: HistoryMessage[] } & Attributed)
  | ({
      type: 'activity-snapshot';
      messageId: string;
      activityType: string;
      content: Record<string, unknown>;
      replace?: boolean;
    } & Attributed)
  | ({ type: 'activity-delta'; messageId: string; activityType: string; patch: JsonPatchOperation[] } & Attributed)
  | ({ type: 'step-started'; stepName: string } & Attributed)
  | ({ type: 'step-finished'; stepName: string } & Attributed)
  | ({ type: 'custom'; name: string; value: unknown } & Attributed)
  | ({ type: 'raw'; event: unknown; source?: string } & Attributed)
  | {
      type: 'subagent-started';
      subagentRunId: string;
      name: string;
      description?: string;
      agentId?: string;
      parentSubagentRunId?: string;
      parentToolCallId?: string;
      parentMessageId?: string;
    }
  | { type: 'subagent-finished'; subagentRunId: string; result?: unknown; suspended?: boolean }
  | { type: 'subagent-error'; subagentRunId: string; message: string; code?: string }
  /** The backend stopped the reply itself (AI SDK `abort`): it ends as stopped, not failed. */
  | { type: 'run-stopped'; reason?: string }
  /** A source the reply cites (AI SDK `source-url` / `source-document`). */
  | { type: 'source'; source: ReplySource }
  /** A file the reply carries (an image is shown, anything else is a link). */
  | ({ type: 'file'; id: string; url: string; mediaType: string; filename?: string } & Attributed)
  /**
   * The adapter's own record of the reply as it stands (the AI SDK's UIMessage): kept on the turn,
   * stored with it, and handed back to the adapter with the next request. Opaque to everything else.
   * Once an adapter sends it, the chat pauses only after it (never between a chunk's events and it).
   */
  | {
      type: 'wire-snapshot';
      wire: unknown;
      /** The record as the run begins: where a stream picked up after a reload starts again. */
      runStart?: boolean;
    }
  /** The backend refused the call (AI SDK `tool-output-denied`): it did not run. */
  | ({ type: 'tool-call-denied'; toolCallId: string } & Attributed)
  /** The backend took these back (AI SDK `reset-step`, a step it retries): parts, subagents, sources, by id. */
  | { type: 'parts-discarded'; partIds: string[] };

export interface ReplySource {
  id: string;
  url?: string;
  title?: string;
  mediaType?: string;
  filename?: string;
}

/** A tool offered to the backend (AG-UI `Tool`). */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters?: unknown;
  metadata?: Record<string, unknown>;
}

/** What one run asks of a backend: AG-UI 1.0 `RunAgentInput`, the neutral request shape here. */
export interface RunRequest {
  threadId: string;
  runId: string;
  messages: HistoryMessage[];
  tools: ToolDefinition[];
  /** What the page and its apps tell the agent: a string value as is; AG-UI sends others as JSON text. */
  context: { description: string; value: unknown }[];
  state: unknown;
  forwardedProps: Record<string, unknown>;
  /** Answers to the interrupts that paused the reply this run continues. */
  resume?: ResumeEntry[];
}

/** AG-UI `ResumeEntry`: the answer to one interrupt. */
export interface ResumeEntry {
  interruptId: string;
  status: 'resolved' | 'cancelled';
  payload?: unknown;
  metadata?: Record<string, unknown>;
}

/**
 * Why a run is made, for protocols that say so on the wire (the AI SDK's `trigger`):
 * `message` a new message of the person; `edit` their message `messageId` written anew;
 * `regenerate` a new version of a reply (`replaced`, when there was one); `continue` the reply
 * under way goes on (after client tools or the person's answers).
 */
export type RunTrigger<TReply = unknown> =
  { kind: 'message' } | { kind: 'edit'; messageId: string } | { kind: 'regenerate'; replaced?: TReply } | { kind: 'continue'; replyId: string };

export interface RunOptions<TTurn = unknown, TReply = TTurn> {
  signal: AbortSignal;
  /** The conversation the request's messages were made from (with the reply under way, when it continues). */
  turns?: readonly TTurn[];
  trigger?: RunTrigger<TReply>;
}

export interface ReconnectOptions<TReply = unknown> {
  signal: AbortSignal;
  threadId: string;
  /** The reply that was streaming when the page went away. */
  reply: TReply;
}

/**
 * A backend adapter (`TTurn`, `TReply`: the chat's turns, bound in `conversation/types.ts` as
 * `ChatTransport`). `run` yields ChatEvents for one run. Faults are reported by yielding a
 * `run-error` event and returning; a transport that throws is treated the same way by the element.
 * The element passes an AbortSignal for Stop: on abort, stop reading and return.
 */
export interface Transport<TTurn = unknown, TReply = TTurn> {
  run(request: RunRequest, options: RunOptions<TTurn, TReply>): AsyncIterable<ChatEvent>;
  /**
   * Picks up a reply that was streaming when the page went away (the `resume` attribute), from its
   * start. Yields nothing when the backend has nothing to resume.
   */
  reconnect?(options: ReconnectOptions<TReply>): AsyncIterable<ChatEvent>;
}

/**
 * What the chat's own transports add: the same events in the same order as `run` and `reconnect`,
 * a network read's worth at a time. The element reads these when a transport gives them (one step
 * of the iterator per read rather than per event: for a fast stream, thousands fewer promises);
 * undefined says to read `run` or `reconnect` instead (a subclass that wraps them).
 */
export interface BatchedTransport<TTurn = unknown, TReply = TTurn> {
  runBatches(request: RunRequest, options: RunOptions<TTurn, TReply>): AsyncIterable<readonly ChatEvent[]> | undefined;
  reconnectBatches?(options: ReconnectOptions<TReply>): AsyncIterable<readonly ChatEvent[]> | undefined;
}
