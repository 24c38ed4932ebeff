/**
 * The turns as a whole: the person's message, a reply added or removed, the path cut or put in
 * place. (The history a MESSAGES_SNAPSHOT brings is `snapshot.ts`'s.)
 */
import type { Action } from '../actions.js';
import type { ConversationState, Turn } from '../types.js';

export type TurnsAction = Extract<Action, { type: 'user-message' | 'append-reply' | 'reply-remove' | 'truncate' | 'reset' }>;

export function reduceTurns(state: ConversationState, action: TurnsAction): ConversationState {
  switch (action.type) {
    case 'user-message':
      return {
        ...state,
        turns: [
          ...state.turns,
          {
            role: 'user',
            id: action.id,
            text: action.text,
            ...(action.source ? { source: action.source } : {}),
            ...(action.attachments?.length ? { attachments: action.attachments } : {}),
          },
        ],
      };
    case 'append-reply':
      return { ...state, turns: [...state.turns, action.reply] };
    case 'reply-remove':
      return {
        ...state,
        turns: state.turns.filter((t) => t.id !== action.replyId),
        activeReplyId: state.activeReplyId === action.replyId ? undefined : state.activeReplyId,
      };
    case 'truncate': {
      const index = state.turns.findIndex((turn) => turn.id === action.beforeId);
      return index === -1 ? state : withStateOf(state.turns.slice(0, index));
    }
    case 'reset':
      return withStateOf(action.turns);
  }
}

/** The turns put in place, with the shared state the last reply among them that changed it ended with. */
function withStateOf(turns: Turn[]): ConversationState {
  let agentState: unknown;
  for (const turn of turns) if (turn.role === 'assistant' && turn.agentState !== undefined) agentState = turn.agentState;
  return { turns, agentState, activeReplyId: undefined };
}
