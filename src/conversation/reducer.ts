/**
 * The pure conversation reducer: (state, action) → state. No DOM, no fetch, no timers.
 * Wire events (ChatEvent) go to the active reply; tolerant of duplicated and out-of-order events:
 * starts and ends are idempotent, content before its start creates what it belongs to,
 * a second result for the same tool call is ignored. Each group of actions has a module in reduce/.
 */
import { updateApp } from '../mcp/app-placement.js';
import type { AppInfo } from '../mcp/types.js';
import type { ChatEvent } from '../protocol/contract.js';
import { reduceActivity } from './reduce/activity.js';
import { reduceAgentState } from './reduce/agent-state.js';
import { reduceContent } from './reduce/content.js';
import { reduceInterrupts } from './reduce/interrupts.js';
import { reduceRun } from './reduce/run.js';
import { reduceSubagents } from './reduce/subagents.js';
import { reduceTools } from './reduce/tools.js';
import { reduceTurns } from './reduce/turns.js';
import type { AskState, AssistantTurn, ConversationState, InterruptResponse, MessageSource, Turn } from './types.js';

/** What the person or the element does, as opposed to what the wire says. */
export type LocalAction =
  | { type: 'user-message'; id: string; text: string; source?: MessageSource }
  | { type: 'reply-start'; replyId: string; runId: string }
  /** The same reply goes on in a new run (after the widget answered the calls it was asked to run). */
  | { type: 'reply-resume'; replyId: string; runId: string }
  /** The reply under way goes back to where its last run began (that run's stream comes again). */
  | { type: 'reply-clear'; replyId: string }
  /** Calls the backend left to the widget that nothing here can answer. */
  | { type: 'tool-calls-unanswered'; toolCallIds: string[]; reason: string }
  | { type: 'reply-stop' }
  | { type: 'reply-remove'; replyId: string }
  /** The path is cut before this turn (an edit or a regeneration goes on from there). */
  | { type: 'truncate'; beforeId: string }
  | { type: 'reset'; turns: Turn[] }
  /** What a tool call's (or an activity's) app card learned: its resource, result, failure. */
  | { type: 'app-update'; partId: string; app: Partial<AppInfo> }
  /** A finished reply added by the page (`appendAppCard`). */
  | { type: 'append-reply'; reply: AssistantTurn }
  /** Client calls that wait for the person: the reply under way ends, leaving them pending. */
  | { type: 'reply-wait'; toolCallIds: string[] }
  /** An `ask_user` call waits for the person (in its card's form, or in their next message). */
  | { type: 'ask-open'; toolCallId: string; by: 'form' | 'message' }
  /** An `ask_user` call was answered (in any reply, under way or not). */
  | { type: 'ask-result'; toolCallId: string; ask: AskState; content: unknown; isError?: boolean }
  /** The person answered an interrupt; the answer waits until every open interrupt has one. */
  | { type: 'interrupt-answer'; interruptId: string; response: InterruptResponse }
  /** These answers went to the backend with the run that continues the reply. */
  | { type: 'interrupts-sent'; replyId: string; interruptIds: string[] }
  /** The person moved on past expired interrupts: the calls they held did not complete. */
  | { type: 'interrupts-expired'; now: number };

export type Action = ChatEvent | LocalAction;

export function reduce(state: ConversationState, action: Action): ConversationState {
  switch (action.type) {
    case 'user-message':
    case 'append-reply':
    case 'reply-remove':
    case 'truncate':
    case 'reset':
    case 'messages-snapshot':
      return reduceTurns(state, action);
    case 'reply-start':
    case 'reply-resume':
    case 'reply-clear':
    case 'reply-wait':
    case 'reply-stop':
    case 'run-started':
    case 'run-finished':
    case 'run-error':
    case 'run-stopped':
    case 'step-started':
    case 'step-finished':
    case 'wire-snapshot':
    case 'parts-discarded':
      return reduceRun(state, action);
    case 'text-start':
    case 'text-delta':
    case 'text-end':
    case 'reasoning-start':
    case 'reasoning-delta':
    case 'reasoning-end':
    case 'reasoning-encrypted':
    case 'file':
    case 'source':
      return reduceContent(state, action);
    case 'tool-call-start':
    case 'tool-call-args':
    case 'tool-call-end':
    case 'tool-call-result':
    case 'tool-call-denied':
    case 'tool-calls-unanswered':
    case 'ask-open':
    case 'ask-result':
      return reduceTools(state, action);
    case 'interrupt-answer':
    case 'interrupts-sent':
    case 'interrupts-expired':
      return reduceInterrupts(state, action);
    case 'activity-snapshot':
    case 'activity-delta':
      return reduceActivity(state, action);
    case 'subagent-started':
    case 'subagent-finished':
    case 'subagent-error':
      return reduceSubagents(state, action);
    case 'state-snapshot':
    case 'state-delta':
      return reduceAgentState(state, action);
    case 'app-update':
      return updateApp(state, action.partId, action.app);
    case 'custom':
    case 'raw':
      // Surfaced to the page by the element; nothing to keep in the conversation.
      return state;
  }
}
