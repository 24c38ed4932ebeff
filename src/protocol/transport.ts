import type { ChatEvent, HistoryMessage } from '../conversation/events.js';

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

export interface RunOptions {
  signal: AbortSignal;
}

/**
 * A backend adapter. `run` yields ChatEvents for one run. Faults are reported by yielding a
 * `run-error` event and returning; a transport that throws is treated the same way by the element.
 * The element passes an AbortSignal for Stop: on abort, stop reading and return.
 */
export interface Transport {
  run(request: RunRequest, options: RunOptions): AsyncIterable<ChatEvent>;
}
