/**
 * The pure conversation reducer: (state, action) → state. No DOM, no fetch, no timers.
 * Wire events (ChatEvent) go to the active reply; tolerant of duplicated and out-of-order events:
 * starts and ends are idempotent, content before its start creates what it belongs to,
 * a second result for the same tool call is ignored. Each group of actions has a module in reduce/;
 * those the session applies before a reply streams are `reducer-core.ts`'s.
 */
import { reduceActivity } from './reduce/reduce-activity.js';
import { reduceAgentState } from './reduce/reduce-agent-state.js';
import { reduceContent } from './reduce/reduce-content.js';
import { applyMessagesSnapshot } from './reduce/reduce-snapshot.js';
import { reduceSubagents } from './reduce/reduce-subagents.js';
import { reduceCustom } from './reduce/reduce-suggestions.js';
import { reduceTools } from './reduce/reduce-tools.js';
import { reduceCore } from './reducer-core.js';
import type { Action } from './actions.js';
import type { ConversationState } from './types.js';

export type { Action, LocalAction } from './actions.js';

export function reduce(state: ConversationState, action: Action): ConversationState {
  switch (action.type) {
    case 'messages-snapshot':
      return applyMessagesSnapshot(state, action.messages);
    case 'reply-message-id':
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
    case 'tool-call-mcp':
    case 'tool-call-denied':
    case 'tool-calls-unanswered':
      return reduceTools(state, action);
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
    case 'custom':
      return reduceCustom(state, action);
    case 'raw':
      // Surfaced to the page by the element; nothing to keep in the conversation.
      return state;
    default:
      return reduceCore(state, action);
  }
}
