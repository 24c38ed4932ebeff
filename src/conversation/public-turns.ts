/**
 * The conversation as the page reads and writes it (`getTurns`, `getContextTurns`, `setTurns`,
 * `addTurn`). Pure. What subagents did travels as activity cards — tool-call parts carrying
 * `activity: {activityId, label, agentName, depth, sequence, delegationId, …}` — and is set apart
 * again on the way in, so it never reaches the model.
 */
import { waitsForPerson } from './interrupt-state.js';
import { replyActivity, type ActivityCardInfo } from './activity-blocks.js';
import type { AssistantTurn, ReplyPart, SubagentRecord, ToolCallPart, Turn } from './types.js';

export type ActivityCardPart = ToolCallPart & { activity: ActivityCardInfo };

/** Every turn as shown, activity cards marked; copies, so the page cannot change the chat's state. */
export function turnsWithActivity(turns: readonly Turn[]): Turn[] {
  return turns.map((turn) => {
    if (turn.role !== 'assistant' || !turn.parts.some((part) => part.subagentRunId)) return structuredClone(turn);
    const { cards } = replyActivity(turn, Infinity);
    const copy = structuredClone(turn);
    copy.parts = copy.parts.map((part) => {
      const card = part.kind === 'tool-call' ? cards.get(part.id) : undefined;
      return card ? ({ ...part, activity: card } as ActivityCardPart) : part;
    });
    return copy;
  });
}

/** What the model sees: no activity cards, no subagent text, no activity parts. */
export function contextTurns(turns: readonly Turn[]): Turn[] {
  return turns.map((turn) => {
    if (turn.role !== 'assistant') return structuredClone(turn);
    const { subagents: _subagents, ...rest } = structuredClone(turn);
    return { ...rest, parts: rest.parts.filter((part) => !part.subagentRunId && part.kind !== 'activity' && !(part as Partial<ActivityCardPart>).activity) };
  });
}

/**
 * Turns from the page, made the chat's own: checked for shape (a clear error, not a broken chat),
 * activity cards set apart again (attributed to their delegation), and the subagents they name
 * recorded on their reply when the turn does not list them.
 */
export function turnsFromPage(input: unknown, { copy = true } = {}): Turn[] {
  if (!Array.isArray(input)) throw new TypeError('setTurns() takes an array of turns.');
  return input.map((value, index) => turnFromPage(value, index, copy));
}

/** @param copy whether to take a copy first: turns from the page do; turns fresh from storage are ours already. */
export function turnFromPage(value: unknown, index = 0, copy = true): Turn {
  const where = `turn ${index}`;
  if (!value || typeof value !== 'object') throw new TypeError(`${where} is not an object.`);
  const turn = (copy ? structuredClone(value) : value) as Turn;
  if (typeof turn.id !== 'string' || !turn.id) throw new TypeError(`${where} has no id.`);
  if (turn.role === 'user' || turn.role === 'system' || turn.role === 'developer') {
    if (typeof turn.text !== 'string') throw new TypeError(`${where} (${turn.role}) has no text.`);
    return turn;
  }
  if (turn.role !== 'assistant') throw new TypeError(`${where} has an unknown role: ${String((turn as { role?: unknown }).role)}.`);
  if (!Array.isArray(turn.parts)) throw new TypeError(`${where} (assistant) has no parts.`);
  const reply: AssistantTurn = { ...turn, status: turn.status === 'streaming' ? 'done' : (turn.status ?? 'done') };
  if (reply.interrupts !== undefined) {
    const fine = Array.isArray(reply.interrupts) && reply.interrupts.every((entry) => typeof entry?.interrupt?.id === 'string' && typeof entry.interrupt.reason === 'string');
    if (!fine) throw new TypeError(`${where} (assistant) has interrupts without an id and a reason.`);
  }
  const records = new Map((reply.subagents ?? []).map((record) => [record.subagentRunId, record]));
  reply.parts = reply.parts.map((part, partIndex): ReplyPart => {
    if (!part || typeof part !== 'object' || typeof part.id !== 'string') throw new TypeError(`${where}, part ${partIndex} has no id.`);
    const card = (part as Partial<ActivityCardPart>).activity;
    // Nothing comes in still streaming or running (it cannot go on here), unless it waits for the person.
    if ((part.kind === 'text' || part.kind === 'reasoning') && part.streaming) return { ...part, streaming: false };
    const cut = part.kind === 'tool-call' && part.status === 'running' && !waitsForPerson(reply, part);
    if (part.kind !== 'tool-call' || !card) return cut ? { ...part, status: 'not-completed' } : part;
    const { activity: _activity, ...call } = part as ActivityCardPart;
    if (!records.has(card.delegationId)) records.set(card.delegationId, recordFromCard(card));
    return { ...call, subagentRunId: card.delegationId, status: cut ? 'not-completed' : call.status };
  });
  if (records.size) reply.subagents = [...records.values()].map((record) => (record.status === 'running' ? { ...record, status: 'not-completed' } : record));
  return reply;
}

function recordFromCard(card: ActivityCardInfo): SubagentRecord {
  const record: SubagentRecord = { subagentRunId: card.delegationId, name: card.agentName, status: 'done' };
  if (card.agentId) record.agentId = card.agentId;
  if (card.parentDelegationId) record.parentSubagentRunId = card.parentDelegationId;
  // Also for a nested one: should its parent be missing, it still lands under the lead's call.
  if (card.rootToolCallId) record.parentToolCallId = card.rootToolCallId;
  return record;
}
