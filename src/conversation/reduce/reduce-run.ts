/**
 * A reply's life: it starts, goes on in a new run, goes back to where its last run began, pauses
 * for the person, ends (finished, failed, stopped); the steps it reports; the adapter's record of it;
 * parts the backend takes back.
 */
import { isDenial } from '../interrupt-state.js';
import type { ReplyError } from '../../protocol/contract.js';
import type { Action } from '../actions.js';
import type { AssistantTurn, ConversationState, ReplyPart, ReplyStatus, ToolCallStatus } from '../types.js';
import { mergeInterrupts } from './reduce-interrupts.js';
import { activeReplyIndex, updateReply } from './reduce-reply-updates.js';

export type RunAction = Extract<
  Action,
  {
    type:
      | 'reply-start'
      | 'reply-resume'
      | 'reply-clear'
      | 'reply-wait'
      | 'reply-stop'
      | 'run-started'
      | 'run-finished'
      | 'run-error'
      | 'run-stopped'
      | 'step-started'
      | 'step-finished'
      | 'wire-snapshot'
      | 'parts-discarded';
  }
>;

export function reduceRun(state: ConversationState, action: RunAction): ConversationState {
  switch (action.type) {
    case 'reply-start': {
      const reply: AssistantTurn = { role: 'assistant', id: action.replyId, runId: action.runId, status: 'streaming', parts: [] };
      return { ...state, turns: [...state.turns, reply], activeReplyId: reply.id };
    }
    case 'reply-resume':
      return resumeReply(state, action.replyId, action.runId);
    case 'reply-clear':
      return clearLastRun(state, action.replyId);
    case 'reply-wait':
      return endReply(state, 'done', undefined, { type: 'success', pendingToolCallIds: action.toolCallIds });
    case 'reply-stop':
    case 'run-stopped':
      return endReply(state, 'cancelled');
    case 'run-started':
      return updateReply(state, (reply) => (reply.runId === action.runId ? reply : { ...reply, runId: action.runId }));
    case 'run-finished':
      return endReply(state, 'done', undefined, action.outcome);
    case 'run-error':
      return endReply(state, 'error', action.error);
    case 'step-started':
      return updateReply(state, (reply) => ({ ...reply, step: action.stepName }));
    case 'step-finished':
      return updateReply(state, (reply) => (reply.step === action.stepName ? { ...reply, step: undefined } : reply));
    case 'wire-snapshot':
      return updateReply(state, (reply) => {
        if (action.runStart) return { ...reply, wire: action.wire, runStart: { wire: action.wire, parts: reply.parts.length } };
        return reply.wire === action.wire ? reply : { ...reply, wire: action.wire };
      });
    case 'parts-discarded': {
      const ids = new Set(action.partIds);
      return updateReply(state, (reply) => {
        const next: AssistantTurn = { ...reply, parts: reply.parts.filter((part) => !ids.has(part.id) && !(part.subagentRunId && ids.has(part.subagentRunId))) };
        if (reply.subagents) next.subagents = reply.subagents.filter((record) => !ids.has(record.subagentRunId));
        if (reply.sources) next.sources = reply.sources.filter((source) => !ids.has(source.id));
        return next;
      });
    }
  }
}

/** The same reply goes on in a new run, streaming again. */
function resumeReply(state: ConversationState, replyId: string, runId: string): ConversationState {
  const index = state.turns.findIndex((turn) => turn.id === replyId);
  const reply = state.turns[index];
  if (reply?.role !== 'assistant') return state;
  const turns = state.turns.slice();
  const resumed: AssistantTurn = { ...reply, status: 'streaming', runId, outcome: undefined, error: undefined };
  // Subagents paused with the run go on with it.
  if (reply.subagents?.some((record) => record.status === 'waiting')) {
    resumed.subagents = reply.subagents.map((record) => (record.status === 'waiting' ? { ...record, status: 'running' } : record));
  }
  turns[index] = resumed;
  return { ...state, turns, activeReplyId: reply.id };
}

/** The reply goes back to where its last run began (that run's stream comes again). */
function clearLastRun(state: ConversationState, replyId: string): ConversationState {
  const index = state.turns.findIndex((turn) => turn.id === replyId);
  const reply = state.turns[index];
  if (reply?.role !== 'assistant') return state;
  const turns = state.turns.slice();
  const start = reply.runStart;
  // A reply that went on after the person's answers keeps what came before its last run.
  turns[index] = start?.parts
    ? { ...reply, parts: reply.parts.slice(0, start.parts), wire: start.wire, error: undefined, outcome: undefined }
    : { role: 'assistant', id: reply.id, runId: reply.runId, status: reply.status, parts: [], ...(start ? { wire: start.wire, runStart: start } : {}) };
  return { ...state, turns };
}

const stoppedToolStatus: Record<'done' | 'error' | 'cancelled', ToolCallStatus> = {
  done: 'done',
  error: 'not-completed',
  cancelled: 'cancelled',
};

function endReply(state: ConversationState, status: Exclude<ReplyStatus, 'streaming'>, error?: ReplyError, outcome?: AssistantTurn['outcome']): ConversationState {
  const index = activeReplyIndex(state);
  if (index === -1) return state;
  const reply = state.turns[index] as AssistantTurn;
  const paused = outcome?.type === 'interrupt';
  const interrupts = paused ? mergeInterrupts(reply.interrupts, outcome.interrupts ?? []) : reply.interrupts;
  const pending = new Set(outcome?.pendingToolCallIds ?? []);
  // Calls under an interrupt whose answer has not reached the backend wait for it; those the
  // person denied (and the backend was told so) did not run.
  const awaiting = new Set(interrupts?.filter((entry) => !entry.sent).map((entry) => entry.interrupt.toolCallId));
  const denied = new Set(interrupts?.filter((entry) => entry.sent && isDenial(entry.response)).map((entry) => entry.interrupt.toolCallId));
  const parts = reply.parts.map((part): ReplyPart => {
    if (part.kind === 'tool-call') {
      if (part.status !== 'running' || pending.has(part.id) || awaiting.has(part.id)) return part;
      if (denied.has(part.id)) return { ...part, status: 'cancelled', argsComplete: true };
      // A subagent's call cut short by the reply's end did not complete, whatever ended it.
      if (part.subagentRunId) return { ...part, status: 'not-completed', argsComplete: true };
      return { ...part, status: stoppedToolStatus[status], argsComplete: true };
    }
    if (part.kind === 'activity' || part.kind === 'file' || !part.streaming) return part;
    return { ...part, streaming: false };
  });
  const ended: AssistantTurn = { ...reply, status, parts, step: undefined };
  if (interrupts) ended.interrupts = interrupts;
  if (reply.subagents?.some((record) => record.status === 'running')) {
    // A paused run pauses its subagents with it; otherwise they were cut short.
    const cut = paused ? 'waiting' : 'not-completed';
    ended.subagents = reply.subagents.map((record) => (record.status === 'running' ? { ...record, status: cut } : record));
  }
  if (error) ended.error = error;
  if (outcome) ended.outcome = outcome;
  const turns = state.turns.slice();
  turns[index] = ended;
  return { ...state, turns, activeReplyId: undefined };
}
