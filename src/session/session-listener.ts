/** What a chat session tells its listener (the element's session controller): state and reply events. */
import type { ReplyError } from '../protocol/contract.js';
import type { ConversationState } from '../conversation/types.js';

export type ReplyEndStatus = 'done' | 'error' | 'cancelled';

export interface SessionListener {
  /** The state changed; `fromWire` is true for streamed events (the view may batch those per frame). */
  changed(state: ConversationState, fromWire: boolean): void;
  responseStart(detail: { runId: string; threadId: string }): void;
  /** The next run's `responseStart` waits for the promise this returns, so the two never cross. */
  responseEnd(detail: { runId: string; threadId: string; status: ReplyEndStatus; text: string }): void | Promise<void>;
  error(detail: ReplyError & { runId?: string }): void;
  toolCall(detail: { toolCallId: string; name: string; arguments: unknown; runId: string }): void;
  /** A CUSTOM event of the run (e.g. `agent-chat.thread-title`). */
  custom?(name: string, value: unknown): void;
}
