/**
 * An MCP server's requests for input, kept on the tool call they came during: added when asked,
 * replaced by id when answered or completed. Pure.
 */
import type { Elicitation } from '../../mcp/types.js';
import type { ConversationState, ToolCallPart } from '../types.js';

/** Puts `elicitation` on the tool call `toolCallId` (in any turn), replacing the one with its id. */
export function recordElicitation(state: ConversationState, toolCallId: string, elicitation: Elicitation): ConversationState {
  for (let t = state.turns.length - 1; t >= 0; t--) {
    const turn = state.turns[t];
    if (turn.role !== 'assistant') continue;
    const index = turn.parts.findIndex((part) => part.kind === 'tool-call' && part.id === toolCallId);
    if (index === -1) continue;
    const call = turn.parts[index] as ToolCallPart;
    const kept = (call.elicitations ?? []).filter((entry) => entry.id !== elicitation.id);
    const at = (call.elicitations ?? []).findIndex((entry) => entry.id === elicitation.id);
    const elicitations = at === -1 ? [...kept, elicitation] : [...kept.slice(0, at), elicitation, ...kept.slice(at)];
    const parts = turn.parts.slice();
    parts[index] = { ...call, elicitations };
    const turns = state.turns.slice();
    turns[t] = { ...turn, parts };
    return { ...state, turns };
  }
  return state;
}
