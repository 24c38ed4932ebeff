/** A MESSAGES_SNAPSHOT: the backend's history in place of the turns (read from the stream only). */
import type { HistoryMessage } from '../../protocol/contract.js';
import { turnsFromHistory } from '../history.js';
import type { AssistantTurn, ConversationState } from '../types.js';
import { activeReplyIndex } from './reduce-reply-updates.js';

/** MESSAGES_SNAPSHOT replaces the history; the reply under way keeps its identity and status. */
export function applyMessagesSnapshot(state: ConversationState, messages: readonly HistoryMessage[]): ConversationState {
  // The person's messages sent from here keep their files as Blobs (the snapshot echoes them as base64).
  const sent = new Map(state.turns.filter((turn) => turn.role === 'user' && turn.attachments?.length).map((turn) => [turn.id, turn]));
  const turns = turnsFromHistory(messages).map((turn) => (turn.role === 'user' && sent.get(turn.id)) || turn);
  const active = activeReplyIndex(state);
  if (active === -1) return { ...state, turns };
  const reply = state.turns[active] as AssistantTurn;
  const last = turns[turns.length - 1];
  if (last && last.role === 'assistant') {
    const parts = last.parts.map((part) => (part.kind === 'tool-call' && part.result === undefined ? { ...part, status: 'running' as const } : part));
    turns[turns.length - 1] = { ...reply, parts };
  } else {
    turns.push(reply);
  }
  return { ...state, turns };
}
