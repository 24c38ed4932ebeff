/**
 * The subagents a reply delegates to: they start (or go on after a pause), finish, or fail — a
 * failure leaves what it, and the subagents it started, still had running not completed.
 */
import type { Action } from '../actions.js';
import type { AssistantTurn, ConversationState, SubagentRecord } from '../types.js';
import { updateReply } from './reduce-reply-updates.js';

export type SubagentAction = Extract<Action, { type: 'subagent-started' | 'subagent-finished' | 'subagent-error' }>;

export function reduceSubagents(state: ConversationState, action: SubagentAction): ConversationState {
  switch (action.type) {
    case 'subagent-started':
      return updateReply(state, (reply) => {
        const known = reply.subagents?.find((record) => record.subagentRunId === action.subagentRunId);
        // A suspended subagent goes on in the run that answers its interrupts.
        if (known?.status === 'waiting') {
          return { ...reply, subagents: reply.subagents!.map((record) => (record === known ? { ...record, status: 'running' } : record)) };
        }
        if (known) return reply;
        const { type: _type, ...info } = action;
        const record = Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined)) as typeof info;
        return { ...reply, subagents: [...(reply.subagents ?? []), { ...record, status: 'running' }] };
      });
    case 'subagent-finished':
    case 'subagent-error':
      return updateReply(state, (reply) => endSubagent(reply, action));
  }
}

function endSubagent(reply: AssistantTurn, action: Extract<SubagentAction, { type: 'subagent-finished' | 'subagent-error' }>): AssistantTurn {
  const records = reply.subagents ?? [];
  const record = records.find((entry) => entry.subagentRunId === action.subagentRunId);
  if (!record || (record.status !== 'running' && record.status !== 'waiting')) return reply;
  const failed = action.type === 'subagent-error';
  const ended: SubagentRecord = failed ? { ...record, status: 'error', error: action.message } : { ...record, status: action.suspended ? 'waiting' : 'done' };
  const next: AssistantTurn = { ...reply, subagents: records.map((entry) => (entry === record ? ended : entry)) };
  if (!failed) return next;
  const cut = subagentFamily(records, action.subagentRunId);
  const reason = `Not completed: ${record.name} failed (${action.message}).`;
  next.parts = reply.parts.map((part) =>
    part.kind === 'tool-call' && part.status === 'running' && part.subagentRunId && cut.has(part.subagentRunId)
      ? { ...part, status: 'not-completed', argsComplete: true, error: reason }
      : part,
  );
  next.subagents = next.subagents!.map((entry) => (entry.status === 'running' && cut.has(entry.subagentRunId) ? { ...entry, status: 'not-completed' } : entry));
  return next;
}

/** A subagent and every subagent it started, however deep (through its calls or directly). */
function subagentFamily(records: readonly SubagentRecord[], rootId: string): Set<string> {
  const family = new Set([rootId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const record of records) {
      if (family.has(record.subagentRunId)) continue;
      if (record.parentSubagentRunId && family.has(record.parentSubagentRunId)) {
        family.add(record.subagentRunId);
        grew = true;
      }
    }
  }
  return family;
}
