/**
 * AI SDK UI message stream chunks → ChatEvents (pure: no fetch, no DOM). Each chunk also builds
 * the reply's UIMessage, and a `wire-snapshot` after the events of a chunk that changed it carries
 * it to the turn, so what the next request sends is the message as received. Unknown chunk types
 * are skipped with one console warning (the SDK's own client fails on them).
 */
import { MAX_DEPTH, nestingDepth } from '../../conversation/depth.js';
import type { ChatEvent, ReplyError } from '../../protocol/contract.js';
import { chunkProblem, knownChunk } from './chunk-checks.js';
import { SubagentSnapshots, finalText } from './ai-sdk-subagents.js';
import { UIMessageBuilder, isUIMessage, type Chunk, type UIMessage } from './ui-message.js';
import type { Interrupt } from '../contract.js';

/**
 * `data-<name>` parts the widget itself reads, and the CUSTOM name each becomes. Any other data
 * part is a CUSTOM event named as the part's type (`data-weather`), for the page.
 */
const OWN_DATA: Record<string, string> = {
  'data-agent-chat-thread-title': 'agent-chat.thread-title',
  'data-agent-chat-suggestions': 'agent-chat.suggestions',
};

/** The agent's shared state, whole (AG-UI's STATE_SNAPSHOT). */
const STATE_DATA = 'data-agent-chat-state';

const warnedTypes = new Set<string>();

function ignoreUnknown(type: string): void {
  if (warnedTypes.has(type)) return;
  warnedTypes.add(type);
  console.warn(`<agent-chat>: ignoring AI SDK chunk type "${type}" (not understood by this version).`);
}

const isTerminal = (event: ChatEvent) => event.type === 'run-finished' || event.type === 'run-error' || event.type === 'run-stopped';

/** A snapshot goes with at least every this many chunks that only lengthened a text: the chat pauses only after one. */
const SNAPSHOT_EVERY = 16;

/** The id of what an event adds to the reply — a part, a subagent, a source (what a `reset-step` takes back). */
function createdId(event: ChatEvent): string | undefined {
  if (event.type === 'text-start' || event.type === 'reasoning-start') return event.messageId;
  if (event.type === 'tool-call-start') return event.toolCallId;
  if (event.type === 'file') return event.id;
  if (event.type === 'subagent-started') return event.subagentRunId;
  if (event.type === 'source') return event.source.id;
  return undefined;
}

interface Call {
  /** The call's id in the chat (see chatCallId). */
  id: string;
  name: string;
  title?: string;
  streamed: string;
  encoding?: unknown;
  closed: boolean;
}

export class AiSdkChunkMapper {
  private readonly builder: UIMessageBuilder;
  private readonly subagents = new SubagentSnapshots();
  private started = false;
  private finished = false;
  private spans = 0;
  private files = 0;
  /** Open text and reasoning parts: wire key → the part's id here (wire ids repeat across steps). */
  private readonly openSpans = new Map<string, string>();
  /** Tool calls whose input streams in the step under way, by their wire id. */
  private readonly calls = new Map<string, Call>();
  /** Approvals the person is asked for, by approval id. */
  private readonly approvals = new Map<string, Interrupt>();
  /** What the step under way added here (parts, subagents, sources), by id. */
  private stepParts: string[] = [];
  /** Chunks since the last snapshot that only lengthened a text. */
  private textOnlyChunks = 0;

  /**
   * @param runId the run the events belong to.
   * @param start the reply's UIMessage to continue, or the id a new one gets.
   * @param prefix makes this run's part ids unique within the reply.
   */
  constructor(
    private readonly runId: string,
    start: UIMessage | string,
    private readonly prefix: string,
  ) {
    this.builder = new UIMessageBuilder(start);
  }

  /** Whether `finish`, `abort` or `error` has been seen. */
  get ended(): boolean {
    return this.finished;
  }

  /** Whether any chunk arrived. */
  get opened(): boolean {
    return this.started;
  }

  get message(): UIMessage {
    return this.builder.message;
  }

  /** Maps one decoded chunk; a ReplyError when it broke the protocol (the caller ends the run). */
  map(raw: unknown): ChatEvent[] | ReplyError {
    if (!raw || typeof raw !== 'object' || typeof (raw as { type?: unknown }).type !== 'string') {
      return { kind: 'protocol', message: 'The agent sent a chunk without a "type".' };
    }
    const chunk = raw as Chunk;
    const problem = chunkProblem(chunk);
    if (problem) return { kind: 'protocol', message: problem };
    const out: ChatEvent[] = [];
    if (!this.started) {
      this.started = true;
      out.push({ type: 'run-started', runId: this.runId });
    }
    if (this.finished) return out;
    const events = this.events(chunk);
    for (const event of events) {
      const id = createdId(event);
      if (id) this.stepParts.push(id);
    }
    const last = events[events.length - 1];
    const terminal = last && isTerminal(last) ? events.pop() : undefined;
    out.push(...events);
    // A chunk ends with the message as it stands (the chat pauses only after a snapshot, so a
    // chunk's events and its message agree); one that only lengthened a text may go without.
    if (this.builder.apply(chunk) || !this.onlyTextGrew(out)) {
      this.textOnlyChunks = 0;
      out.push({ type: 'wire-snapshot', wire: this.builder.message });
    }
    if (terminal) out.push(terminal);
    return out;
  }

  /**
   * Whether a chunk that left the message object as it was can go without a snapshot: it only
   * lengthened a text in place, so the turn holds it already — unless the message nests so deeply
   * that the turn holds a bounded copy (`boundEvent`). Every SNAPSHOT_EVERY-th still gets one.
   */
  private onlyTextGrew(events: ChatEvent[]): boolean {
    const [event] = events;
    if (events.length !== 1 || (event.type !== 'text-delta' && event.type !== 'reasoning-delta')) return false;
    if (++this.textOnlyChunks >= SNAPSHOT_EVERY) return false;
    return nestingDepth(this.builder.message) < MAX_DEPTH;
  }

  /** The end of a stream that stopped without `finish`: the SDK's client takes it as finished. */
  close(): ChatEvent[] {
    if (this.finished) return [];
    return this.map({ type: 'finish' }) as ChatEvent[];
  }

  private events(chunk: Chunk): ChatEvent[] {
    switch (chunk.type) {
      case 'start':
        return typeof chunk.messageId === 'string' && chunk.messageId ? [{ type: 'reply-message-id', messageId: chunk.messageId }] : [];
      case 'start-step':
        this.stepParts = [];
        this.calls.clear();
        return [];
      case 'reset-step':
        return this.resetStep();
      case 'text-start':
      case 'reasoning-start':
        return [this.openSpan(chunk)];
      case 'text-delta':
      case 'reasoning-delta': {
        const kind = chunk.type.startsWith('text') ? 'text' : 'reasoning';
        const key = `${kind}:${chunk.id}`;
        const out = this.openSpans.has(key) ? [] : [this.openSpan({ ...chunk, type: `${kind}-start` })];
        out.push({ type: `${kind}-delta`, messageId: this.openSpans.get(key)!, delta: chunk.delta } as ChatEvent);
        return out;
      }
      case 'text-end':
      case 'reasoning-end': {
        const kind = chunk.type.startsWith('text') ? 'text' : 'reasoning';
        const id = this.openSpans.get(`${kind}:${chunk.id}`);
        if (!id) return [];
        this.openSpans.delete(`${kind}:${chunk.id}`);
        return [{ type: `${kind}-end`, messageId: id } as ChatEvent];
      }
      case 'tool-input-start':
        return this.startCall(chunk);
      case 'tool-input-delta': {
        const call = this.calls.get(chunk.toolCallId);
        if (!call || call.encoding === 'text') return [];
        call.streamed += chunk.inputTextDelta;
        return [{ type: 'tool-call-args', toolCallId: call.id, delta: chunk.inputTextDelta }];
      }
      case 'tool-input-available':
        return this.closeCall(chunk);
      case 'tool-input-error': {
        const out = this.closeCall(chunk);
        return [...out, { type: 'tool-call-result', toolCallId: this.calls.get(chunk.toolCallId)!.id, content: chunk.errorText, isError: true }];
      }
      case 'tool-approval-request':
        // An approval the server gave or refused itself (`isAutomatic`) asks nothing of the person.
        if (chunk.isAutomatic !== true) {
          this.approvals.set(chunk.approvalId, {
            id: chunk.approvalId,
            reason: 'tool_call',
            toolCallId: this.chatId(chunk.toolCallId),
            ...(typeof chunk.reason === 'string' ? { message: chunk.reason } : {}),
          });
        }
        return [];
      case 'tool-approval-response':
        this.approvals.delete(chunk.approvalId);
        return [];
      case 'tool-output-available':
        this.answered(chunk.toolCallId);
        return this.output(chunk);
      case 'tool-output-error': {
        this.answered(chunk.toolCallId);
        const id = this.chatId(chunk.toolCallId);
        return [...this.subagents.failed(id, chunk.errorText), { type: 'tool-call-result', toolCallId: id, content: chunk.errorText, isError: true }];
      }
      case 'tool-output-denied':
        this.answered(chunk.toolCallId);
        return [{ type: 'tool-call-denied', toolCallId: this.chatId(chunk.toolCallId) }];
      case 'source-url':
        return [{ type: 'source', source: { id: chunk.sourceId, url: chunk.url, ...(chunk.title ? { title: chunk.title } : {}) } }];
      case 'source-document':
        return [
          {
            type: 'source',
            source: { id: chunk.sourceId, title: chunk.title, mediaType: chunk.mediaType, ...(chunk.filename ? { filename: chunk.filename } : {}) },
          },
        ];
      case 'file':
        return [{ type: 'file', id: `${this.prefix}:file:${this.files++}`, url: chunk.url, mediaType: chunk.mediaType }];
      case 'finish': {
        this.finished = true;
        const interrupts = [...this.approvals.values()];
        return [{ type: 'run-finished', runId: this.runId, ...(interrupts.length ? { outcome: { type: 'interrupt', interrupts } } : {}) }];
      }
      case 'abort':
        this.finished = true;
        return [{ type: 'run-stopped', ...(typeof chunk.reason === 'string' ? { reason: chunk.reason } : {}) }];
      case 'error':
        this.finished = true;
        return [{ type: 'run-error', error: { kind: 'backend', message: chunk.errorText } }];
      default:
        if (chunk.type === STATE_DATA) return [{ type: 'state-snapshot', snapshot: chunk.data }];
        if (chunk.type.startsWith('data-')) return [{ type: 'custom', name: OWN_DATA[chunk.type] ?? chunk.type, value: chunk.data }];
        // Kept in the UIMessage only: steps, metadata, custom parts, server-side approvals.
        if (!knownChunk(chunk.type)) ignoreUnknown(chunk.type);
        return [];
    }
  }

  /** The chat's id of the call a chunk about `toolCallId` goes to (its latest tool part). */
  private chatId(toolCallId: string): string {
    return this.calls.get(toolCallId)?.id ?? this.builder.chatIdOf(toolCallId) ?? toolCallId;
  }

  /** A call that got its outcome needs no approval any more (the server decided, or ran it). */
  private answered(toolCallId: string): void {
    const id = this.chatId(toolCallId);
    for (const [approvalId, interrupt] of this.approvals) if (interrupt.toolCallId === id) this.approvals.delete(approvalId);
  }

  /** A step the server takes back (a retried step): its parts go, here as in the UIMessage. */
  private resetStep(): ChatEvent[] {
    const discarded = this.stepParts;
    this.stepParts = [];
    this.openSpans.clear();
    for (const [approvalId, interrupt] of this.approvals) if (discarded.includes(interrupt.toolCallId ?? '')) this.approvals.delete(approvalId);
    this.subagents.forget(discarded);
    this.calls.clear();
    return discarded.length ? [{ type: 'parts-discarded', partIds: discarded }] : [];
  }

  private openSpan(chunk: Chunk): ChatEvent {
    const kind = chunk.type.startsWith('text') ? 'text' : 'reasoning';
    const id = `${this.prefix}:${this.spans++}`;
    this.openSpans.set(`${kind}:${chunk.id}`, id);
    return kind === 'text' ? { type: 'text-start', messageId: id, role: 'assistant' } : { type: 'reasoning-start', messageId: id };
  }

  private startCall(chunk: Chunk): ChatEvent[] {
    if (this.calls.has(chunk.toolCallId)) return [];
    // The builder has not seen this chunk yet: an existing part of the call in this step is the one.
    const id = this.builder.chatIdOf(chunk.toolCallId, false) ?? this.builder.nextChatId(chunk.toolCallId);
    this.calls.set(chunk.toolCallId, { id, name: chunk.toolName, title: chunk.title, streamed: '', encoding: chunk.inputEncoding, closed: false });
    return [{ type: 'tool-call-start', toolCallId: id, name: chunk.toolName }];
  }

  /** The call's input is complete: what was not streamed as JSON is given whole. */
  private closeCall(chunk: Chunk): ChatEvent[] {
    const out = this.startCall(chunk);
    const call = this.calls.get(chunk.toolCallId)!;
    if (chunk.title) call.title = chunk.title;
    if (call.closed) return out;
    call.closed = true;
    if (call.streamed.trim() === '' && chunk.input !== undefined) {
      out.push({ type: 'tool-call-args', toolCallId: call.id, delta: JSON.stringify(chunk.input) });
    }
    out.push({ type: 'tool-call-end', toolCallId: call.id });
    return out;
  }

  /** A tool's output: a UIMessage is a subagent's progress (preliminary) or its last word. */
  private output(chunk: Chunk): ChatEvent[] {
    const final = chunk.preliminary !== true;
    const id = this.chatId(chunk.toolCallId);
    if (!isUIMessage(chunk.output)) {
      return final ? [{ type: 'tool-call-result', toolCallId: id, content: chunk.output ?? '' }] : [];
    }
    const call = this.calls.get(chunk.toolCallId);
    const name = call?.title ?? call?.name ?? this.nameInMessage(chunk.toolCallId) ?? 'subagent';
    const out = this.subagents.snapshot({ toolCallId: id, name }, chunk.output, final);
    if (final) out.push({ type: 'tool-call-result', toolCallId: id, content: finalText(chunk.output) || chunk.output });
    return out;
  }

  /** A call made in an earlier run of the reply (before an approval) is named by its UIMessage part. */
  private nameInMessage(toolCallId: string): string | undefined {
    const index = this.builder.toolIndex(toolCallId);
    const part = index === -1 ? undefined : this.builder.message.parts[index];
    if (!part) return undefined;
    if (typeof part.title === 'string') return part.title;
    return part.type === 'dynamic-tool' ? String(part.toolName) : part.type.slice('tool-'.length);
  }
}
