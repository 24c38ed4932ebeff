/**
 * The ways the reducer's modules change the conversation: the reply under way, the last reply, a
 * part of the reply under way, a tool call in any reply. Each returns the same state when nothing
 * changed, so the session can tell a change from none.
 */
import type { AssistantTurn, ConversationState, ReplyPart, ToolCallPart } from '../types.js';

export type PartOf<K extends ReplyPart['kind']> = Extract<ReplyPart, { kind: K }>;

/** Index of the reply wire events go to (the active one); -1 when none. */
export function activeReplyIndex(state: ConversationState): number {
  if (!state.activeReplyId) return -1;
  for (let i = state.turns.length - 1; i >= 0; i--) if (state.turns[i].id === state.activeReplyId) return i;
  return -1;
}

/** Applies `change` to the active reply. Wire events with no reply under way (after its end) are dropped. */
export function updateReply(state: ConversationState, change: (reply: AssistantTurn) => AssistantTurn): ConversationState {
  const index = activeReplyIndex(state);
  if (index === -1) return state;
  const reply = state.turns[index] as AssistantTurn;
  const next = change(reply);
  if (next === reply) return state;
  const turns = state.turns.slice();
  turns[index] = next;
  return { ...state, turns };
}

/** Changes the last reply, whether or not it is still streaming. */
export function updateLastReply(state: ConversationState, change: (reply: AssistantTurn) => AssistantTurn): ConversationState {
  const index = state.turns.length - 1;
  const reply = state.turns[index];
  if (reply?.role !== 'assistant') return state;
  const turns = state.turns.slice();
  turns[index] = change(reply);
  return { ...state, turns };
}

/** Finds the part of `kind` with `id` in the active reply and replaces it (or appends a new one). */
export function upsertPart<K extends ReplyPart['kind']>(
  state: ConversationState,
  id: string,
  kind: K,
  change: (part: PartOf<K> | undefined) => PartOf<K> | undefined,
): ConversationState {
  return updateReply(state, (reply) => {
    const parts = reply.parts;
    let index = -1;
    for (let i = parts.length - 1; i >= 0; i--) {
      if (parts[i].id === id && parts[i].kind === kind) {
        index = i;
        break;
      }
    }
    const current = index === -1 ? undefined : (parts[index] as PartOf<K>);
    const next = change(current);
    if (next === current || next === undefined) return reply;
    const copy = parts.slice();
    if (index === -1) copy.push(next);
    else copy[index] = next;
    return { ...reply, parts: copy };
  });
}

/** Changes the tool call with this id, in whichever reply holds it. */
export function updateCall(state: ConversationState, toolCallId: string, change: (call: ToolCallPart) => ToolCallPart): ConversationState {
  for (let t = state.turns.length - 1; t >= 0; t--) {
    const turn = state.turns[t];
    if (turn.role !== 'assistant') continue;
    const index = turn.parts.findIndex((part) => part.kind === 'tool-call' && part.id === toolCallId);
    if (index === -1) continue;
    const call = turn.parts[index] as ToolCallPart;
    const next = change(call);
    if (next === call) return state;
    const parts = turn.parts.slice();
    parts[index] = next;
    const turns = state.turns.slice();
    turns[t] = { ...turn, parts };
    return { ...state, turns };
  }
  return state;
}

/** The subagent an event is attributed to, as a part records it (nothing when none). */
export function subagentOf(action: { subagentRunId?: string }): { subagentRunId?: string } {
  return action.subagentRunId ? { subagentRunId: action.subagentRunId } : {};
}
