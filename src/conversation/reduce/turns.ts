/**
 * The turns as a whole: the person's message, a reply added or removed, the path cut or put in
 * place, the history a MESSAGES_SNAPSHOT brings.
 */
import { turnsFromHistory } from '../history.js';
import type { Action } from '../actions.js';
import type { AssistantTurn, ConversationState } from '../types.js';
import { activeReplyIndex } from './reply-updates.js';

export type TurnsAction = Extract<Action, { type: 'user-message' | 'append-reply' | 'reply-remove' | 'truncate' | 'reset' | 'messages-snapshot' }>;

export function reduceTurns(state: ConversationState, action: TurnsAction): ConversationState {
  switch (action.type) {
    case 'user-message':
      return { ...state, turns: [...state.turns, { role: 'user', id: action.id, text: action.text, ...(action.source ? { source: action.source } : {}) }] };
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
      return index === -1 ? state : { ...state, turns: state.turns.slice(0, index), activeReplyId: undefined };
    }
    case 'reset':
      return { ...state, turns: action.turns, activeReplyId: undefined };
    case 'messages-snapshot':
      return applyMessagesSnapshot(state, action.messages);
  }
}

/** MESSAGES_SNAPSHOT replaces the history; the reply under way keeps its identity and status. */
function applyMessagesSnapshot(state: ConversationState, messages: Parameters<typeof turnsFromHistory>[0]): ConversationState {
  const turns = turnsFromHistory(messages);
  const active = activeReplyIndex(state);
  if (active === -1) return { ...state, turns };
  const reply = state.turns[active] as AssistantTurn;
  const last = turns[turns.length - 1];
  if (last && last.role === 'assistant') {
    const parts = last.parts.map((part) =>
      part.kind === 'tool-call' && part.result === undefined ? { ...part, status: 'running' as const } : part,
    );
    turns[turns.length - 1] = { ...reply, parts };
  } else {
    turns.push(reply);
  }
  return { ...state, turns };
}
