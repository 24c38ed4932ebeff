/**
 * The pure conversation reducer: (state, action) → state. No DOM, no fetch, no timers.
 * Wire events (ChatEvent) go to the active reply; tolerant of duplicated and out-of-order events:
 * starts and ends are idempotent, content before its start creates what it belongs to,
 * a second result for the same tool call is ignored. Each group of actions has a module in reduce/.
 */
import { updateApp } from '../mcp/app-placement.js';
import { reduceActivity } from './reduce/activity.js';
import { reduceAgentState } from './reduce/agent-state.js';
import { reduceContent } from './reduce/content.js';
import { reduceInterrupts } from './reduce/interrupts.js';
import { reduceRun } from './reduce/run.js';
import { reduceSubagents } from './reduce/subagents.js';
import { reduceTools } from './reduce/tools.js';
import { reduceTurns } from './reduce/turns.js';
import type { Action } from './actions.js';
import type { ConversationState } from './types.js';

export type { Action, LocalAction } from './actions.js';

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
