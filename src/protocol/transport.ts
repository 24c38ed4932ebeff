import type { ChatEvent, HistoryMessage } from '../conversation/events.js';
import type { AssistantTurn, Turn } from '../conversation/types.js';

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
  context: { description: string; value: string }[];
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
export type RunTrigger =
  | { kind: 'message' }
  | { kind: 'edit'; messageId: string }
  | { kind: 'regenerate'; replaced?: AssistantTurn }
  | { kind: 'continue'; replyId: string };

export interface RunOptions {
  signal: AbortSignal;
  /** The conversation the request's messages were made from (with the reply under way, when it continues). */
  turns?: readonly Turn[];
  trigger?: RunTrigger;
}

export interface ReconnectOptions {
  signal: AbortSignal;
  threadId: string;
  /** The reply that was streaming when the page went away. */
  reply: AssistantTurn;
}

/**
 * A backend adapter. `run` yields ChatEvents for one run. Faults are reported by yielding a
 * `run-error` event and returning; a transport that throws is treated the same way by the element.
 * The element passes an AbortSignal for Stop: on abort, stop reading and return.
 */
export interface Transport {
  run(request: RunRequest, options: RunOptions): AsyncIterable<ChatEvent>;
  /**
   * Picks up a reply that was streaming when the page went away (the `resume` attribute), from its
   * start. Yields nothing when the backend has nothing to resume.
   */
  reconnect?(options: ReconnectOptions): AsyncIterable<ChatEvent>;
}
