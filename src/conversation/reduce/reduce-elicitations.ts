/**
 * An MCP server's requests for input, kept on the tool call they came during: added when asked,
 * replaced by id when answered or completed. Pure.
 */
import type { Elicitation } from '../../mcp/mcp-types.js';
import type { ConversationState, ToolCallPart } from '../types.js';
import { updatePart } from '../update-part.js';

/** Puts `elicitation` on the tool call `toolCallId` (in any turn), in place of the one with its id. */
export function recordElicitation(state: ConversationState, toolCallId: string, elicitation: Elicitation): ConversationState {
  return updatePart<ToolCallPart>(state, toolCallId, ['tool-call'], (call) => {
    const kept = call.elicitations ?? [];
    const at = kept.findIndex((entry) => entry.id === elicitation.id);
    return { ...call, elicitations: at === -1 ? [...kept, elicitation] : kept.map((entry, i) => (i === at ? elicitation : entry)) };
  });
}
