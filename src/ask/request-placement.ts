/**
 * Where each interrupt of a reply is shown (pure): on the card of the tool call it is about, in
 * the block of the subagent that raised it, else under the reply. Something that waits for the
 * person is never hidden: a card past the activity limit, or activity turned off, sends it up.
 */
import type { ReplyActivity } from '../conversation/activity-blocks.js';
import type { AssistantTurn, InterruptEntry } from '../conversation/types.js';

export interface RequestPlacement {
  /** On a shown tool card (the lead's, or a subagent's activity card), by tool call id. */
  onCall: Map<string, InterruptEntry>;
  /** In a subagent's block, by its run id: interrupts of no shown card. */
  inBlock: Map<string, InterruptEntry[]>;
  /** Under the reply. */
  loose: InterruptEntry[];
}

export const noRequests: RequestPlacement = { onCall: new Map(), inBlock: new Map(), loose: [] };

export function placeRequests(reply: AssistantTurn, activity?: ReplyActivity): RequestPlacement {
  const entries = reply.interrupts ?? [];
  if (entries.length === 0) return noRequests;
  const leadCalls = new Set(reply.parts.filter((part) => part.kind === 'tool-call' && !part.subagentRunId).map((part) => part.id));
  const placement: RequestPlacement = { onCall: new Map(), inBlock: new Map(), loose: [] };
  for (const entry of entries) {
    const { toolCallId, subagentRunId } = entry.interrupt;
    if (toolCallId && !placement.onCall.has(toolCallId) && (leadCalls.has(toolCallId) || activity?.cards.has(toolCallId))) {
      placement.onCall.set(toolCallId, entry);
    } else if (subagentRunId && activity?.blocks.has(subagentRunId)) {
      placement.inBlock.set(subagentRunId, [...(placement.inBlock.get(subagentRunId) ?? []), entry]);
    } else {
      placement.loose.push(entry);
    }
  }
  return placement;
}
