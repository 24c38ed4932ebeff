/** The person's rating of a reply: set, changed or taken back; kept on the turn (and so stored). */
import type { Action } from '../actions.js';
import type { AssistantTurn, ConversationState } from '../types.js';

export type FeedbackAction = Extract<Action, { type: 'feedback' }>;

export function reduceFeedback(state: ConversationState, { replyId, rating }: FeedbackAction): ConversationState {
  const index = state.turns.findIndex((turn) => turn.id === replyId);
  const reply = state.turns[index];
  // A reply still streaming cannot be rated yet.
  if (reply?.role !== 'assistant' || reply.status === 'streaming') return state;
  if ((reply.feedback ?? null) === rating) return state;
  const { feedback: _previous, ...rest } = reply;
  const next: AssistantTurn = rating ? { ...rest, feedback: rating } : rest;
  const turns = state.turns.slice();
  turns[index] = next;
  return { ...state, turns };
}
