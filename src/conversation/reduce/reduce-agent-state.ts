/** The agent's shared state (STATE_SNAPSHOT / STATE_DELTA); a patch that does not apply keeps it as it was. */
import type { Action } from '../actions.js';
import type { ConversationState } from '../types.js';
import { patched } from '../json-patch.js';

export type AgentStateAction = Extract<Action, { type: 'state-snapshot' | 'state-delta' }>;

export function reduceAgentState(state: ConversationState, action: AgentStateAction): ConversationState {
  if (action.type === 'state-snapshot') return { ...state, agentState: action.snapshot };
  const next = patched(state.agentState, action.patch);
  return next.ok ? { ...state, agentState: next.value } : state;
}
