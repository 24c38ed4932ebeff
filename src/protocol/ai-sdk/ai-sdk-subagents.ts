/**
 * Subagents over the AI SDK (pure): a tool whose output is a UIMessage is a subagent, and each
 * preliminary output is a snapshot of what it has done so far (each replaces the last). The
 * snapshots become the same ChatEvents an AG-UI subagent sends — started, its text and calls
 * attributed to it, finished or failed — by comparing each snapshot with the one before. A tool
 * part inside a snapshot whose output is again a UIMessage is a subagent one level deeper.
 */
import type { ChatEvent } from '../../protocol/contract.js';
import { isToolPart, isUIMessage, toolNameOf, type ToolPart, type UIMessage } from './ui-message.js';

/** What has been announced of one subagent: its parts by key, and how far each got. */
interface Seen {
  runId: string;
  spans: Map<string, { length: number; done: boolean }>;
  calls: Map<string, { args: boolean; result: boolean }>;
  ended: boolean;
}

export interface SubagentOwner {
  toolCallId: string;
  name: string;
  parentRunId?: string;
}

/** The text a subagent ended with: what its card shows as the delegating call's result. */
export function finalText(message: UIMessage): string {
  return message.parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n\n');
}

export class SubagentSnapshots {
  private readonly seen = new Map<string, Seen>();

  constructor(private readonly runIdFor: (toolCallId: string) => string = (toolCallId) => `${toolCallId}:subagent`) {}

  /** Forgets the subagents behind these calls (a step taken back): a call made again starts afresh. */
  forget(toolCallIds: readonly string[]): void {
    for (const id of toolCallIds) this.seen.delete(id);
  }

  /**
   * The events one snapshot of the subagent behind `owner.toolCallId` adds. `final`: its last
   * output, which closes it.
   */
  snapshot(owner: SubagentOwner, message: UIMessage, final: boolean): ChatEvent[] {
    const out: ChatEvent[] = [];
    let seen = this.seen.get(owner.toolCallId);
    if (!seen) {
      seen = { runId: this.runIdFor(owner.toolCallId), spans: new Map(), calls: new Map(), ended: false };
      this.seen.set(owner.toolCallId, seen);
      out.push({
        type: 'subagent-started',
        subagentRunId: seen.runId,
        name: owner.name,
        parentToolCallId: owner.toolCallId,
        ...(owner.parentRunId ? { parentSubagentRunId: owner.parentRunId } : {}),
      });
    }
    if (seen.ended) return out;
    const runId = seen.runId;
    message.parts.forEach((part, index) => {
      if ((part.type === 'text' || part.type === 'reasoning') && typeof part.text === 'string') {
        out.push(...this.span(seen!, runId, part.type, `${runId}:${index}`, part.text, part.state !== 'streaming' || final));
      } else if (isToolPart(part)) {
        out.push(...this.call(seen!, runId, part, final));
      }
    });
    if (final) {
      seen.ended = true;
      out.push({ type: 'subagent-finished', subagentRunId: runId });
    }
    return out;
  }

  /** The subagent behind this call failed: it and what it still had running end with it. */
  failed(toolCallId: string, message: string): ChatEvent[] {
    const seen = this.seen.get(toolCallId);
    if (!seen || seen.ended) return [];
    seen.ended = true;
    return [{ type: 'subagent-error', subagentRunId: seen.runId, message }];
  }

  private span(seen: Seen, runId: string, kind: 'text' | 'reasoning', id: string, text: string, done: boolean): ChatEvent[] {
    const out: ChatEvent[] = [];
    const known = seen.spans.get(id);
    if (known?.done) return out;
    if (!known) out.push({ type: `${kind}-start`, messageId: id, subagentRunId: runId } as ChatEvent);
    const length = known?.length ?? 0;
    // Snapshots grow; a text that was rewritten rather than extended keeps what was shown.
    if (text.length > length) out.push({ type: `${kind}-delta`, messageId: id, delta: text.slice(length), subagentRunId: runId } as ChatEvent);
    if (done) out.push({ type: `${kind}-end`, messageId: id, subagentRunId: runId } as ChatEvent);
    seen.spans.set(id, { length: Math.max(length, text.length), done });
    return out;
  }

  private call(seen: Seen, runId: string, part: ToolPart, final: boolean): ChatEvent[] {
    const out: ChatEvent[] = [];
    // A subagent's calls are its own: their ids (often call_0, call_1… again) live under its run.
    const id = `${runId}/${part.toolCallId}`;
    let known = seen.calls.get(id);
    if (!known) {
      known = { args: false, result: false };
      seen.calls.set(id, known);
      out.push({ type: 'tool-call-start', toolCallId: id, name: toolNameOf(part), subagentRunId: runId });
    }
    if (!known.args && part.state !== 'input-streaming') {
      known.args = true;
      out.push({ type: 'tool-call-args', toolCallId: id, delta: JSON.stringify(part.input ?? {}), subagentRunId: runId });
      out.push({ type: 'tool-call-end', toolCallId: id, subagentRunId: runId });
    }
    if (known.result) return out;
    const nested = { toolCallId: id, name: part.title ?? toolNameOf(part), parentRunId: runId };
    if (part.state === 'output-available') {
      const done = part.preliminary !== true;
      if (isUIMessage(part.output)) {
        out.push(...this.snapshot(nested, part.output, done || final));
        if (!done) return out;
      } else if (!done) {
        return out;
      }
      known.result = true;
      const content = isUIMessage(part.output) ? finalText(part.output) : part.output;
      out.push({ type: 'tool-call-result', toolCallId: id, content: content ?? '', subagentRunId: runId });
    } else if (part.state === 'output-error') {
      known.result = true;
      out.push(...this.failed(id, part.errorText ?? 'The tool failed.'));
      out.push({ type: 'tool-call-result', toolCallId: id, content: part.errorText ?? 'The tool failed.', isError: true, subagentRunId: runId });
    }
    return out;
  }
}
