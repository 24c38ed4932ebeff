/**
 * The interrupts of a reply: the person's answers (kept until every open one has one), their
 * sending, and those that expired unanswered.
 */
import { isExpired } from '../interrupt-state.js';
import type { Interrupt } from '../../protocol/contract.js';
import type { Action } from '../actions.js';
import { lastReply } from '../selectors.js';
import type { ConversationState, InterruptEntry } from '../types.js';
import { updateLastReply } from './reduce-reply-updates.js';

export type InterruptAction = Extract<Action, { type: 'interrupt-answer' | 'approval-open' | 'interrupts-sent' | 'interrupts-expired' }>;

export function reduceInterrupts(state: ConversationState, action: InterruptAction): ConversationState {
  switch (action.type) {
    case 'interrupt-answer':
      return updateInterrupts(state, (entries) =>
        entries.some((entry) => entry.interrupt.id === action.interruptId && !entry.response && !entry.sent)
          ? entries.map((entry) => (entry.interrupt.id === action.interruptId ? { ...entry, response: action.response } : entry))
          : entries,
      );
    case 'approval-open':
      return updateLastReply(state, (reply) =>
        reply.interrupts?.some((entry) => entry.interrupt.id === action.interruptId)
          ? reply
          : { ...reply, interrupts: [...(reply.interrupts ?? []), localApproval(action.toolCallId, action.interruptId, action.runId)] },
      );
    case 'interrupts-sent': {
      const ids = new Set(action.interruptIds);
      return updateInterrupts(state, (entries) => entries.map((entry) => (ids.has(entry.interrupt.id) ? { ...entry, sent: true } : entry)), action.replyId);
    }
    case 'interrupts-expired':
      return expireInterrupts(state, action.now);
  }
}

/**
 * Approve / Deny (with a reason) for a page tool's call, shown on its card. Its id is made by the
 * chat, unguessable, so no interrupt of the backend's can stand in for it.
 */
function localApproval(toolCallId: string, interruptId: string, runId: string | undefined): InterruptEntry {
  return { interrupt: { id: interruptId, reason: 'tool_call', toolCallId }, local: true, ...(runId ? { runId } : {}) };
}

/** A run's interrupts join the reply's; one raised again under the same id starts afresh. */
export function mergeInterrupts(known: InterruptEntry[] | undefined, raised: readonly Interrupt[]): InterruptEntry[] {
  const ids = new Set(raised.map((interrupt) => interrupt.id));
  return [...(known ?? []).filter((entry) => !ids.has(entry.interrupt.id)), ...raised.map((interrupt) => ({ interrupt }))];
}

/** Changes the interrupts of a reply: the given one, else the last reply (where open ones live). */
function updateInterrupts(state: ConversationState, change: (entries: InterruptEntry[]) => InterruptEntry[], replyId?: string): ConversationState {
  const index = replyId ? state.turns.findIndex((turn) => turn.id === replyId) : state.turns.length - 1;
  const reply = state.turns[index];
  if (reply?.role !== 'assistant' || !reply.interrupts) return state;
  const interrupts = change(reply.interrupts);
  if (interrupts === reply.interrupts) return state;
  const turns = state.turns.slice();
  turns[index] = { ...reply, interrupts };
  return { ...state, turns };
}

/** Calls held by interrupts that expired unanswered did not complete. */
function expireInterrupts(state: ConversationState, now: number): ConversationState {
  const reply = lastReply(state.turns);
  const expired = new Set(
    (reply?.interrupts ?? []).filter((entry) => !entry.response && !entry.sent && isExpired(entry.interrupt, now)).map((entry) => entry.interrupt.toolCallId),
  );
  if (!reply || expired.size === 0) return state;
  // The reply will not go on: what waited with it did not complete.
  return updateLastReply(state, (turn) => ({
    ...turn,
    parts: turn.parts.map((part) =>
      part.kind === 'tool-call' && part.status === 'running' && expired.has(part.id) ? { ...part, status: 'not-completed', error: 'The request for approval expired.' } : part,
    ),
    ...(turn.subagents ? { subagents: turn.subagents.map((record) => (record.status === 'waiting' ? { ...record, status: 'not-completed' } : record)) } : {}),
  }));
}
