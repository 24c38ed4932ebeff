/**
 * Changes one part of a reply, in any turn (the latest first): the reducer's way to record what a
 * tool call's card learned after the reply streamed. Pure.
 */
import type { AssistantTurn, ConversationState } from './types.js';

type Part = AssistantTurn['parts'][number];

/** `state` with the part `partId` (of one of `kinds`) replaced by `change(part)`; as it was when there is none, or `change` gives back the same part. */
export function updatePart<P extends Part>(state: ConversationState, partId: string, kinds: readonly P['kind'][], change: (part: P) => P): ConversationState {
  for (let t = state.turns.length - 1; t >= 0; t--) {
    const turn = state.turns[t];
    if (turn.role !== 'assistant') continue;
    const index = turn.parts.findIndex((part) => part.id === partId && kinds.includes(part.kind));
    if (index === -1) continue;
    const next = change(turn.parts[index] as P);
    if (next === turn.parts[index]) return state;
    const parts = turn.parts.slice();
    parts[index] = next;
    const turns = state.turns.slice();
    turns[t] = { ...turn, parts };
    return { ...state, turns };
  }
  return state;
}
