/**
 * The agent's shared state (STATE_SNAPSHOT / STATE_DELTA); a patch that does not apply keeps it as
 * it was. The reply under way keeps the state as it stands, so each reply that changed it ends
 * with the state as it was then (what the page's `stateRenderer` draws under it).
 */
import type { Action } from '../actions.js';
import type { ConversationState } from '../types.js';
import { patched } from '../json-patch.js';
import { updateReply } from './reduce-reply-updates.js';

export type AgentStateAction = Extract<Action, { type: 'state-snapshot' | 'state-delta' }>;

export function reduceAgentState(state: ConversationState, action: AgentStateAction): ConversationState {
  let agentState = action.type === 'state-snapshot' ? action.snapshot : state.agentState;
  if (action.type === 'state-delta') {
    const next = patched(state.agentState, action.patch);
    if (!next.ok) return state;
    agentState = next.value;
  }
  return updateReply({ ...state, agentState }, (reply) => ({ ...reply, agentState }));
}
