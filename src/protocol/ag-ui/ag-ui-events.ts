/**
 * AG-UI 1.0 wire events → ChatEvents. Pure: no fetch, no DOM.
 * Validates each known event's fields (zod/mini), expands the `*_CHUNK` convenience events into
 * start/delta/end, and checks the run's framing (RUN_STARTED first).
 */
import * as z from 'zod/mini';
import type { ChatEvent, HistoryMessage, JsonPatchOperation, ReplyError, RunOutcome } from '../../protocol/contract.js';
import { newId } from '../../internal/ids.js';
import type { Interrupt } from '../contract.js';

const str = z.string();
const optStr = z.optional(z.string());
const patch = z.array(z.looseObject({ op: str, path: str }));

/** Field checks for each event type the widget understands; extra fields are allowed. */
const schemas = {
  RUN_STARTED: z.looseObject({ threadId: optStr, runId: str }),
  RUN_FINISHED: z.looseObject({
    runId: optStr,
    outcome: z.optional(
      z.looseObject({
        type: str,
        pendingToolCallIds: z.optional(z.array(str)),
        interrupts: z.optional(
          z.array(
            z.looseObject({
              id: str,
              reason: str,
              message: optStr,
              toolCallId: optStr,
              responseSchema: z.optional(z.record(z.string(), z.unknown())),
              expiresAt: optStr,
              metadata: z.optional(z.record(z.string(), z.unknown())),
              subagentRunId: optStr,
            }),
          ),
        ),
      }),
    ),
  }),
  RUN_ERROR: z.looseObject({ message: str, code: optStr }),
  TEXT_MESSAGE_START: z.looseObject({ messageId: str, role: optStr, name: optStr }),
  TEXT_MESSAGE_CONTENT: z.looseObject({ messageId: str, delta: str }),
  TEXT_MESSAGE_END: z.looseObject({ messageId: str }),
  TEXT_MESSAGE_CHUNK: z.looseObject({ messageId: optStr, role: optStr, delta: optStr, name: optStr }),
  TOOL_CALL_START: z.looseObject({ toolCallId: str, toolCallName: str, parentMessageId: optStr }),
  TOOL_CALL_ARGS: z.looseObject({ toolCallId: str, delta: str }),
  TOOL_CALL_END: z.looseObject({ toolCallId: str }),
  TOOL_CALL_CHUNK: z.looseObject({ toolCallId: optStr, toolCallName: optStr, parentMessageId: optStr, delta: optStr }),
  TOOL_CALL_RESULT: z.looseObject({ toolCallId: str, messageId: optStr, content: z.unknown() }),
  REASONING_START: z.looseObject({ messageId: str }),
  REASONING_MESSAGE_START: z.looseObject({ messageId: str }),
  REASONING_MESSAGE_CONTENT: z.looseObject({ messageId: str, delta: str }),
  REASONING_MESSAGE_END: z.looseObject({ messageId: str }),
  REASONING_MESSAGE_CHUNK: z.looseObject({ messageId: optStr, delta: optStr }),
  REASONING_END: z.looseObject({ messageId: str }),
  REASONING_ENCRYPTED_VALUE: z.looseObject({ subtype: str, entityId: str, encryptedValue: str }),
  STATE_SNAPSHOT: z.looseObject({ snapshot: z.unknown() }),
  STATE_DELTA: z.looseObject({ delta: patch }),
  MESSAGES_SNAPSHOT: z.looseObject({
    messages: z.array(
      z.looseObject({
        id: str,
        role: str,
        toolCalls: z.optional(z.array(z.looseObject({ id: str, function: z.looseObject({ name: str, arguments: str }) }))),
        toolCallId: optStr,
      }),
    ),
  }),
  ACTIVITY_SNAPSHOT: z.looseObject({
    messageId: str,
    activityType: str,
    content: z.record(z.string(), z.unknown()),
    replace: z.optional(z.boolean()),
  }),
  ACTIVITY_DELTA: z.looseObject({ messageId: str, activityType: str, patch }),
  STEP_STARTED: z.looseObject({ stepName: str }),
  STEP_FINISHED: z.looseObject({ stepName: str }),
  CUSTOM: z.looseObject({ name: str, value: z.optional(z.unknown()) }),
  RAW: z.looseObject({ event: z.unknown(), source: optStr }),
  SUBAGENT_STARTED: z.looseObject({
    subagentRunId: str,
    name: str,
    description: optStr,
    parentSubagentRunId: optStr,
    parentToolCallId: optStr,
    parentMessageId: optStr,
  }),
  SUBAGENT_FINISHED: z.looseObject({ subagentRunId: str, result: z.optional(z.unknown()), outcome: z.optional(z.looseObject({ type: str })) }),
  SUBAGENT_ERROR: z.looseObject({ subagentRunId: str, message: str, code: optStr }),
} as const;

type KnownType = keyof typeof schemas;
type Fields<T extends KnownType> = z.infer<(typeof schemas)[T]> & { subagentRunId?: string };

const warnedTypes = new Set<string>();

/** Unknown event types are skipped, with one console warning per type per page. */
function ignoreUnknown(type: string): void {
  if (warnedTypes.has(type)) return;
  warnedTypes.add(type);
  console.warn(`<agent-chat>: ignoring AG-UI event type "${type}" (not understood by this version).`);
}

function protocolError(message: string): ReplyError {
  return { kind: 'protocol', message };
}

type Open = { id: string; subagentRunId?: string } | undefined;
type ChunkSlot = 'openText' | 'openTool' | 'openReasoning';

/** Each chunk stream: its wire type, and the event that closes it. */
const CHUNK_STREAMS: Record<ChunkSlot, { wireType: string; end(id: string): ChatEvent }> = {
  openText: { wireType: 'TEXT_MESSAGE_CHUNK', end: (id) => ({ type: 'text-end', messageId: id }) },
  openTool: { wireType: 'TOOL_CALL_CHUNK', end: (id) => ({ type: 'tool-call-end', toolCallId: id }) },
  openReasoning: { wireType: 'REASONING_MESSAGE_CHUNK', end: (id) => ({ type: 'reasoning-end', messageId: id }) },
};

export class AgUiEventMapper {
  private started = false;
  private finished = false;
  private openText: Open;
  private openTool: Open;
  private openReasoning: Open;

  /** Whether RUN_FINISHED or RUN_ERROR has been seen. */
  get ended(): boolean {
    return this.finished;
  }

  /**
   * Maps one decoded SSE `data` payload. Returns the ChatEvents it produces, or a ReplyError
   * when the stream broke the protocol (the caller ends the run with it).
   */
  map(raw: unknown): ChatEvent[] | ReplyError {
    if (!raw || typeof raw !== 'object' || typeof (raw as { type?: unknown }).type !== 'string') {
      return protocolError('The agent sent an event without a "type".');
    }
    const type = (raw as { type: string }).type;
    const schema = (schemas as Record<string, z.ZodMiniType>)[type];
    if (!schema) {
      ignoreUnknown(type);
      return [];
    }
    const text = type === 'TEXT_MESSAGE_CONTENT' ? textContent(raw) : undefined;
    const parsed = text ? ({ success: true, data: text } as const) : schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` (field "${issue.path.join('.')}")` : '';
      return protocolError(`The agent sent a malformed ${type} event${where}.`);
    }
    if (!this.started && type !== 'RUN_STARTED') {
      if (type === 'RUN_ERROR') return this.convert('RUN_ERROR', parsed.data as Fields<'RUN_ERROR'>);
      return protocolError(`The agent's stream did not begin with RUN_STARTED (it began with ${type}).`);
    }
    if (type === 'RUN_FINISHED') {
      const problem = outcomeProblem((parsed.data as Fields<'RUN_FINISHED'>).outcome);
      if (problem) return protocolError(problem);
    }
    const out = this.closeChunksBefore(type);
    out.push(...this.convert(type as KnownType, parsed.data as Fields<KnownType>));
    return out;
  }

  /** Ends a chunk stream when anything other than its own chunk type arrives. */
  private closeChunksBefore(type: string): ChatEvent[] {
    const out: ChatEvent[] = [];
    for (const slot of Object.keys(CHUNK_STREAMS) as ChunkSlot[]) {
      const open = this[slot];
      if (!open || type === CHUNK_STREAMS[slot].wireType) continue;
      out.push(attribute(CHUNK_STREAMS[slot].end(open.id), open.subagentRunId));
      this[slot] = undefined;
    }
    return out;
  }

  private convert<T extends KnownType>(type: T, e: Fields<T>): ChatEvent[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the signature above types each event's fields
  private convert(type: KnownType, e: Record<string, any>): ChatEvent[] {
    const sub = e.subagentRunId as string | undefined;
    const one = (event: ChatEvent): ChatEvent[] => [attribute(event, sub)];
    switch (type) {
      case 'RUN_STARTED':
        this.started = true;
        this.finished = false;
        return one({ type: 'run-started', runId: e.runId, threadId: e.threadId });
      case 'RUN_FINISHED':
        this.finished = true;
        return one({ type: 'run-finished', runId: e.runId, outcome: runOutcome(e.outcome), result: e.result });
      case 'RUN_ERROR':
        this.finished = true;
        return one({ type: 'run-error', error: { kind: 'backend', message: e.message, code: e.code } });
      case 'TEXT_MESSAGE_START':
        return [...replyMessageId(e.messageId, e.role, sub), attribute({ type: 'text-start', messageId: e.messageId, role: e.role, name: e.name }, sub)];
      case 'TEXT_MESSAGE_CONTENT':
        return one({ type: 'text-delta', messageId: e.messageId, delta: e.delta });
      case 'TEXT_MESSAGE_END':
        return one({ type: 'text-end', messageId: e.messageId });
      case 'TEXT_MESSAGE_CHUNK': {
        const out = this.textChunk(e, sub);
        const at = out.findIndex((event) => event.type === 'text-start');
        if (at !== -1) out.splice(at, 0, ...replyMessageId((out[at] as { messageId: string }).messageId, e.role, sub));
        return out;
      }
      case 'TOOL_CALL_START':
        return one({ type: 'tool-call-start', toolCallId: e.toolCallId, name: e.toolCallName, parentMessageId: e.parentMessageId });
      case 'TOOL_CALL_ARGS':
        return one({ type: 'tool-call-args', toolCallId: e.toolCallId, delta: e.delta });
      case 'TOOL_CALL_END':
        return one({ type: 'tool-call-end', toolCallId: e.toolCallId });
      case 'TOOL_CALL_CHUNK':
        return this.toolChunk(e, sub);
      case 'TOOL_CALL_RESULT':
        return one({
          type: 'tool-call-result',
          toolCallId: e.toolCallId,
          messageId: e.messageId,
          content: e.content,
          isError: e.metadata?.['agent-chat']?.isError === true || undefined,
        });
      case 'REASONING_START':
      case 'REASONING_END':
        // The reasoning phase brackets its messages; the messages carry what is shown.
        return [];
      case 'REASONING_MESSAGE_START':
        return one({ type: 'reasoning-start', messageId: e.messageId });
      case 'REASONING_MESSAGE_CONTENT':
        return one({ type: 'reasoning-delta', messageId: e.messageId, delta: e.delta });
      case 'REASONING_MESSAGE_END':
        return one({ type: 'reasoning-end', messageId: e.messageId });
      case 'REASONING_MESSAGE_CHUNK':
        return this.reasoningChunk(e, sub);
      case 'REASONING_ENCRYPTED_VALUE':
        return one({ type: 'reasoning-encrypted', subtype: e.subtype, entityId: e.entityId, encryptedValue: e.encryptedValue });
      case 'STATE_SNAPSHOT':
        return one({ type: 'state-snapshot', snapshot: e.snapshot });
      case 'STATE_DELTA':
        return one({ type: 'state-delta', patch: e.delta as JsonPatchOperation[] });
      case 'MESSAGES_SNAPSHOT':
        return one({ type: 'messages-snapshot', messages: e.messages as HistoryMessage[] });
      case 'ACTIVITY_SNAPSHOT':
        return one({ type: 'activity-snapshot', messageId: e.messageId, activityType: e.activityType, content: e.content, replace: e.replace });
      case 'ACTIVITY_DELTA':
        return one({ type: 'activity-delta', messageId: e.messageId, activityType: e.activityType, patch: e.patch as JsonPatchOperation[] });
      case 'STEP_STARTED':
        return one({ type: 'step-started', stepName: e.stepName });
      case 'STEP_FINISHED':
        return one({ type: 'step-finished', stepName: e.stepName });
      case 'CUSTOM':
        if (e.name === SOURCES_EVENT) return sub ? [] : sourcesFrom(e.value);
        return one({ type: 'custom', name: e.name, value: e.value });
      case 'RAW':
        return one({ type: 'raw', event: e.event, source: e.source });
      case 'SUBAGENT_STARTED':
        return [
          {
            type: 'subagent-started',
            subagentRunId: e.subagentRunId,
            name: e.name,
            description: e.description,
            parentSubagentRunId: e.parentSubagentRunId,
            parentToolCallId: e.parentToolCallId,
            parentMessageId: e.parentMessageId,
            ...agentIdOf(e.metadata),
          },
        ];
      case 'SUBAGENT_FINISHED':
        return [
          {
            type: 'subagent-finished',
            subagentRunId: e.subagentRunId,
            result: e.result,
            ...(e.outcome?.type === 'suspended' ? { suspended: true } : {}),
          },
        ];
      case 'SUBAGENT_ERROR':
        return [{ type: 'subagent-error', subagentRunId: e.subagentRunId, message: e.message, code: e.code }];
    }
  }

  private textChunk(e: Fields<'TEXT_MESSAGE_CHUNK'>, sub: string | undefined): ChatEvent[] {
    return this.chunk('openText', e.messageId, sub, e.delta, {
      start: (id) => ({ type: 'text-start', messageId: id, role: e.role ?? 'assistant', name: e.name }),
      delta: (id, delta) => ({ type: 'text-delta', messageId: id, delta }),
    });
  }

  private toolChunk(e: Fields<'TOOL_CALL_CHUNK'>, sub: string | undefined): ChatEvent[] {
    return this.chunk('openTool', e.toolCallId, sub, e.delta, {
      start: (id) => ({ type: 'tool-call-start', toolCallId: id, name: e.toolCallName ?? 'tool', parentMessageId: e.parentMessageId }),
      delta: (id, delta) => ({ type: 'tool-call-args', toolCallId: id, delta }),
    });
  }

  private reasoningChunk(e: Fields<'REASONING_MESSAGE_CHUNK'>, sub: string | undefined): ChatEvent[] {
    return this.chunk('openReasoning', e.messageId, sub, e.delta, {
      start: (id) => ({ type: 'reasoning-start', messageId: id }),
      delta: (id, delta) => ({ type: 'reasoning-delta', messageId: id, delta }),
    });
  }

  /**
   * One `*_CHUNK` event: the first chunk of an id (or the first after another id) opens it, closing
   * the one before; a chunk without an id continues the open one.
   */
  private chunk(
    slot: ChunkSlot,
    givenId: string | undefined,
    sub: string | undefined,
    delta: string | undefined,
    make: { start(id: string): ChatEvent; delta(id: string, delta: string): ChatEvent },
  ): ChatEvent[] {
    const out: ChatEvent[] = [];
    const open = this[slot];
    const id = givenId ?? open?.id ?? newId();
    if (open?.id !== id) {
      if (open) out.push(attribute(CHUNK_STREAMS[slot].end(open.id), open.subagentRunId));
      this[slot] = { id, subagentRunId: sub };
      out.push(attribute(make.start(id), sub));
    }
    if (delta) out.push(attribute(make.delta(id, delta), sub));
    return out;
  }
}

type WireOutcome = Fields<'RUN_FINISHED'>['outcome'];

/** What is wrong with an interrupt outcome the run cannot be resumed from, if anything. */
function outcomeProblem(outcome: WireOutcome): string | undefined {
  if (outcome?.type !== 'interrupt') return undefined;
  const interrupts = outcome.interrupts ?? [];
  if (interrupts.length === 0) return 'The agent paused the run for input (an interrupt outcome) but named no interrupts.';
  const ids = new Set<string>();
  for (const interrupt of interrupts) {
    if (ids.has(interrupt.id)) return `The agent paused the run with two interrupts of the same id "${interrupt.id}".`;
    ids.add(interrupt.id);
  }
  return undefined;
}

/** An outcome this version does not know is read as success, as the protocol asks. */
function runOutcome(outcome: WireOutcome): RunOutcome | undefined {
  if (!outcome) return undefined;
  if (outcome.type === 'interrupt') return { type: 'interrupt', interrupts: outcome.interrupts as Interrupt[] };
  if (outcome.type === 'cancelled') return { type: 'cancelled' };
  return outcome.pendingToolCallIds ? { type: 'success', pendingToolCallIds: outcome.pendingToolCallIds } : { type: 'success' };
}

/** `CUSTOM agent-chat.sources` `{sources: [{url, title?}]}`: the sources the reply cites. */
const SOURCES_EVENT = 'agent-chat.sources';
const MAX_SOURCES = 50;

/** The sources in the event's value as `source` events; items without an address or a title are dropped. */
function sourcesFrom(value: unknown): ChatEvent[] {
  const list = (value as { sources?: unknown } | null)?.sources;
  if (!Array.isArray(list)) return [];
  const out: ChatEvent[] = [];
  for (const item of list.slice(0, MAX_SOURCES)) {
    const { url, title } = (item ?? {}) as Record<string, unknown>;
    const source = { ...(typeof url === 'string' && url ? { url } : {}), ...(typeof title === 'string' && title.trim() ? { title: title.slice(0, 300) } : {}) };
    if (source.url || source.title) out.push({ type: 'source', source: { id: `ag-ui:source:${source.url ?? source.title}`, ...source } });
  }
  return out;
}

/**
 * A stream's most frequent event (one per text delta), checked as its schema checks it (two
 * strings) without a parse and a copy each time; any other shape goes through the schema, whose
 * message names the field.
 */
function textContent(raw: object): Fields<'TEXT_MESSAGE_CONTENT'> | undefined {
  const { messageId, delta } = raw as { messageId?: unknown; delta?: unknown };
  return typeof messageId === 'string' && typeof delta === 'string' ? (raw as Fields<'TEXT_MESSAGE_CONTENT'>) : undefined;
}

function attribute<E extends ChatEvent>(event: E, subagentRunId: string | undefined): E {
  if (subagentRunId) (event as { subagentRunId?: string }).subagentRunId = subagentRunId;
  return event;
}

/** Widget data on SUBAGENT_STARTED: `metadata["agent-chat"].agentId`, the subagent's own id. */
function agentIdOf(metadata: unknown): { agentId?: string } {
  const own = (metadata as Record<string, unknown> | undefined)?.['agent-chat'];
  const agentId = own && typeof own === 'object' ? (own as Record<string, unknown>).agentId : undefined;
  return typeof agentId === 'string' ? { agentId } : {};
}

/** The reply's own message id, from a text message of the assistant's (a subagent's is its own). */
function replyMessageId(messageId: string, role: string | undefined, sub: string | undefined): ChatEvent[] {
  return sub || (role !== undefined && role !== 'assistant') ? [] : [{ type: 'reply-message-id', messageId }];
}
