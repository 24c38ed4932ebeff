/**
 * What the subagents of one reply did, arranged for the person (pure): a block per delegation,
 * labelled and placed where it belongs — under the lead's delegating tool call, else inside the
 * parent subagent's block, else under the message — holding that subagent's calls (the activity
 * cards), its text, and the blocks of the subagents it started, in arrival order.
 */
import type { AssistantTurn, SubagentRecord, TextPart, ToolCallPart } from './types.js';

/** What an activity card says about itself (`getTurns()`); fields without a value are left out. */
export interface ActivityCardInfo {
  activityId: string;
  rootToolCallId?: string;
  label: string;
  agentName: string;
  agentId?: string;
  depth: number;
  sequence: number;
  delegationId: string;
  parentDelegationId?: string;
  runId?: string;
}

export type ActivityItem = { kind: 'call'; call: ToolCallPart; card: ActivityCardInfo } | { kind: 'text'; part: TextPart } | { kind: 'block'; block: ActivityBlock };

export interface ActivityBlock {
  record: SubagentRecord;
  /** "researcher", "researcher (2)", "fact-checker, for researcher". */
  label: string;
  /** 1 for a subagent of the lead, 2 for one of its subagents… */
  depth: number;
  /** The subagent this one ran for. */
  parentId?: string;
  items: ActivityItem[];
}

export interface ReplyActivity {
  /** Blocks under each of the lead's tool calls (by the call's id). */
  underCall: Map<string, ActivityBlock[]>;
  /** Blocks with no delegating call of the lead: shown under the message. */
  underMessage: ActivityBlock[];
  /** Calls past the limit, not shown. */
  hiddenCalls: number;
  /** Every shown card, by the tool call's id. */
  cards: Map<string, ActivityCardInfo>;
  /** Every block, by its subagent's run id. */
  blocks: Map<string, ActivityBlock>;
}

/** How labels are worded (the view passes its language's). */
export interface ActivityLabels {
  /** The second, third… delegation to the same name in one reply. */
  numbered(name: string, n: number): string;
  /** A subagent started by another subagent. */
  forParent(label: string, parentLabel: string): string;
}

export const englishLabels: ActivityLabels = {
  numbered: (name, n) => `${name} (${n})`,
  forParent: (label, parent) => `${label}, for ${parent}`,
};

/**
 * @param limit how many subagent calls to show (the first ones); the rest are counted.
 * Parts of a subagent the reply never announced (no SUBAGENT_STARTED) get a block named after
 * nothing better than "subagent".
 */
export function replyActivity(reply: AssistantTurn, limit: number, labels: ActivityLabels = englishLabels): ReplyActivity {
  const records = [...(reply.subagents ?? [])];
  const known = new Set(records.map((record) => record.subagentRunId));
  for (const part of reply.parts) {
    if (part.subagentRunId && !known.has(part.subagentRunId)) {
      known.add(part.subagentRunId);
      records.push({ subagentRunId: part.subagentRunId, name: 'subagent', status: reply.status === 'streaming' ? 'running' : 'done' });
    }
  }
  if (records.length === 0) return { underCall: new Map(), underMessage: [], hiddenCalls: 0, cards: new Map(), blocks: new Map() };

  const byId = new Map(records.map((record) => [record.subagentRunId, record]));
  const callOwner = new Map<string, string>();
  for (const part of reply.parts) if (part.kind === 'tool-call' && part.subagentRunId) callOwner.set(part.id, part.subagentRunId);
  const leadCalls = new Set(reply.parts.filter((part) => part.kind === 'tool-call' && !part.subagentRunId).map((part) => part.id));

  /** The subagent a subagent ran for: its parent subagent, or the owner of the call that started it. */
  const parentOf = (record: SubagentRecord): string | undefined => {
    if (record.parentSubagentRunId && byId.has(record.parentSubagentRunId)) return record.parentSubagentRunId;
    if (record.parentToolCallId) return callOwner.get(record.parentToolCallId);
    return undefined;
  };

  // Labels: numbered per name in start order; nested ones say whom they ran for.
  const blocks = new Map<string, ActivityBlock>();
  const seenNames = new Map<string, number>();
  const depthOf = (record: SubagentRecord, guard = 0): number => {
    const parent = parentOf(record);
    return parent && guard < records.length ? depthOf(byId.get(parent)!, guard + 1) + 1 : 1;
  };
  for (const record of records) {
    const n = (seenNames.get(record.name) ?? 0) + 1;
    seenNames.set(record.name, n);
    const own = n > 1 ? labels.numbered(record.name, n) : record.name;
    blocks.set(record.subagentRunId, { record, label: own, depth: depthOf(record), parentId: parentOf(record), items: [] });
  }
  for (const block of blocks.values()) {
    const parent = parentOf(block.record);
    if (parent) block.label = labels.forParent(block.label, blocks.get(parent)!.label);
  }

  // The lead's delegating call at the root of each chain.
  const rootCall = (record: SubagentRecord, guard = 0): string | undefined => {
    const parent = parentOf(record);
    if (parent && guard < records.length) return rootCall(byId.get(parent)!, guard + 1);
    return record.parentToolCallId && leadCalls.has(record.parentToolCallId) ? record.parentToolCallId : undefined;
  };

  const activity: ReplyActivity = { underCall: new Map(), underMessage: [], hiddenCalls: 0, cards: new Map(), blocks };
  let sequence = 0;
  const placed = new Set<string>();
  /**
   * Puts a block where it belongs. The lead's subagents go in start order; a nested one goes into
   * its parent's items where the first thing it did arrives (after what its parent did before).
   */
  const place = (id: string): void => {
    if (placed.has(id)) return;
    placed.add(id);
    const block = blocks.get(id)!;
    const parent = parentOf(block.record);
    if (parent) {
      place(parent);
      blocks.get(parent)!.items.push({ kind: 'block', block });
    } else if (block.record.parentToolCallId && leadCalls.has(block.record.parentToolCallId)) {
      const list = activity.underCall.get(block.record.parentToolCallId) ?? [];
      list.push(block);
      activity.underCall.set(block.record.parentToolCallId, list);
    } else {
      activity.underMessage.push(block);
    }
  };
  for (const record of records) if (!parentOf(record)) place(record.subagentRunId);
  for (const part of reply.parts) {
    if (!part.subagentRunId) continue;
    place(part.subagentRunId);
    const block = blocks.get(part.subagentRunId)!;
    if (part.kind === 'tool-call') {
      sequence += 1;
      if (sequence > limit) {
        activity.hiddenCalls += 1;
        continue;
      }
      const card = cardInfo(part, block, sequence, rootCall(block.record), reply.runId);
      activity.cards.set(part.id, card);
      block.items.push({ kind: 'call', call: part, card });
    } else if (part.kind === 'text' && part.text) {
      block.items.push({ kind: 'text', part });
    }
  }
  // Nested subagents that did nothing visible yet: at the end of their parent's block.
  for (const record of records) place(record.subagentRunId);
  return activity;
}

function cardInfo(call: ToolCallPart, block: ActivityBlock, sequence: number, rootToolCallId: string | undefined, runId: string | undefined): ActivityCardInfo {
  const { record } = block;
  const card: ActivityCardInfo = {
    activityId: call.id,
    label: block.label,
    agentName: record.name,
    depth: block.depth,
    sequence,
    delegationId: record.subagentRunId,
  };
  if (rootToolCallId) card.rootToolCallId = rootToolCallId;
  if (record.agentId) card.agentId = record.agentId;
  if (block.parentId) card.parentDelegationId = block.parentId;
  if (runId) card.runId = runId;
  return card;
}

/** Every call in a block and the blocks below it. */
export function blockCallCount(block: ActivityBlock): number {
  return block.items.reduce((count, item) => count + (item.kind === 'call' ? 1 : item.kind === 'block' ? blockCallCount(item.block) : 0), 0);
}
