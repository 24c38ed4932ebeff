/**
 * The AI SDK's UIMessage, built from its UI message stream the way `useChat` builds it (pure).
 * The widget keeps each reply's UIMessage as received, so the next request sends the history
 * exactly as `useChat` would. A chunk that changes the message gives a new message object that
 * shares what did not change, except a text or reasoning delta: it lengthens the text of its open
 * part in place (a part this builder made as the span opened), so streaming text copies nothing.
 * A longer string nests no deeper: the depth bound's measures stay true (conversation/depth.ts).
 */

import { parsePartialJson } from '../../internal/partial-json.js';

export interface UIMessagePart {
  type: string;
  [field: string]: unknown;
}

export interface UIMessage {
  id: string;
  role: 'system' | 'user' | 'assistant';
  metadata?: unknown;
  parts: UIMessagePart[];
}

export interface ToolPart extends UIMessagePart {
  toolCallId: string;
  state: string;
  toolName?: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  title?: string;
  preliminary?: boolean;
  providerExecuted?: boolean;
  approval?: { id: string; approved?: boolean; reason?: string; [field: string]: unknown };
}

/** A chunk of the stream, as decoded (fields are checked by the reader before they get here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each field is checked by chunkProblem before a chunk is read
export type Chunk = { type: string } & Record<string, any>;

export function isToolPart(part: UIMessagePart): part is ToolPart {
  return (part.type.startsWith('tool-') || part.type === 'dynamic-tool') && typeof part.toolCallId === 'string';
}

/** The tool a tool part calls (`tool-<name>`, or `toolName` of a dynamic tool). */
export function toolNameOf(part: ToolPart): string {
  return part.type === 'dynamic-tool' ? String(part.toolName ?? 'tool') : part.type.slice('tool-'.length);
}

/** A value shaped like a UIMessage: what a subagent tool yields as its (preliminary) output. */
export function isUIMessage(value: unknown): value is UIMessage {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<UIMessage>;
  return candidate.role === 'assistant' && Array.isArray(candidate.parts) && candidate.parts.every((part) => part && typeof part.type === 'string');
}

/** A copy without the fields that are undefined (what JSON would drop anyway). */
function defined<T extends Record<string, unknown>>(record: T): T {
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return record;
}

/** Plain objects merge deeply (message metadata); anything else replaces. */
function merge(base: unknown, update: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(update)) return update;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(update)) out[key] = key in out ? merge(out[key], value) : value;
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The id a tool call has in the chat: its own, or — for a provider that numbers calls per step,
 * so that a later step calls `call_0` again — the id with the occurrence (`call_0~2`).
 */
export function chatCallId(toolCallId: string, occurrence: number): string {
  return occurrence === 0 ? toolCallId : `${toolCallId}~${occurrence + 1}`;
}

/** Each tool part's id in the chat (see chatCallId), in the order of the message's parts. */
export function chatCallIds(message: UIMessage): Map<UIMessagePart, string> {
  const seen = new Map<string, number>();
  const ids = new Map<UIMessagePart, string>();
  for (const part of message.parts) {
    if (!isToolPart(part)) continue;
    const occurrence = seen.get(part.toolCallId) ?? 0;
    seen.set(part.toolCallId, occurrence + 1);
    ids.set(part, chatCallId(part.toolCallId, occurrence));
  }
  return ids;
}

/** Builds one assistant UIMessage from its stream chunks. */
export class UIMessageBuilder {
  private current: UIMessage;
  /** Text and reasoning parts still streaming: wire id → index in `parts`. */
  private open = new Map<string, number>();
  /** Tool inputs still streaming: tool call id → the text so far and its encoding. */
  private inputs = new Map<string, { text: string; encoding?: unknown }>();

  /** @param start the message to continue (a reply that goes on), else a new one with this id. */
  constructor(start: UIMessage | string) {
    this.current = typeof start === 'string' ? { id: start, role: 'assistant', parts: [] } : start;
  }

  get message(): UIMessage {
    return this.current;
  }

  /** Applies one chunk; returns whether it gave a new message object (text that grew in place did not). */
  apply(chunk: Chunk): boolean {
    const before = this.current;
    this.change(chunk);
    return this.current !== before;
  }

  private change(chunk: Chunk): void {
    switch (chunk.type) {
      case 'start':
        if (chunk.messageId && chunk.messageId !== this.current.id) this.current = { ...this.current, id: chunk.messageId };
        this.mergeMetadata(chunk.messageMetadata);
        return;
      case 'finish':
      case 'message-metadata':
        this.mergeMetadata(chunk.messageMetadata);
        return;
      case 'start-step':
        this.push({ type: 'step-start' });
        return;
      case 'reset-step':
        this.resetStep();
        return;
      case 'text-start':
      case 'reasoning-start':
        this.startSpan(chunk);
        return;
      case 'text-delta':
      case 'reasoning-delta':
        this.spanDelta(chunk);
        return;
      case 'text-end':
      case 'reasoning-end':
        this.endSpan(chunk);
        return;
      case 'custom':
        this.push(defined({ type: 'custom', kind: chunk.kind, providerMetadata: chunk.providerMetadata }));
        return;
      case 'file':
      case 'reasoning-file':
        this.push(defined({ type: chunk.type, mediaType: chunk.mediaType, url: chunk.url, providerMetadata: chunk.providerMetadata }));
        return;
      case 'source-url':
        this.push(defined({ type: 'source-url', sourceId: chunk.sourceId, url: chunk.url, title: chunk.title, providerMetadata: chunk.providerMetadata }));
        return;
      case 'source-document':
        this.push(
          defined({
            type: 'source-document',
            sourceId: chunk.sourceId,
            mediaType: chunk.mediaType,
            title: chunk.title,
            filename: chunk.filename,
            providerMetadata: chunk.providerMetadata,
          }),
        );
        return;
      case 'steering-message':
        this.push({ type: 'steering-message', id: chunk.id, parts: chunk.parts });
        return;
      case 'tool-input-start':
        this.inputs.set(chunk.toolCallId, { text: '', encoding: chunk.inputEncoding });
        this.upsertTool(chunk, {
          state: 'input-streaming',
          input: undefined,
          inputEncoding: chunk.inputEncoding,
          callProviderMetadata: chunk.providerMetadata,
        });
        return;
      case 'tool-input-delta': {
        const input = this.inputs.get(chunk.toolCallId);
        if (!input) return;
        input.text += chunk.inputTextDelta;
        this.updateTool(chunk.toolCallId, (part) => ({ ...part, input: input.encoding === 'text' ? input.text : parsePartialJson(input.text) }));
        return;
      }
      case 'tool-input-available':
        this.inputs.delete(chunk.toolCallId);
        this.upsertTool(chunk, { state: 'input-available', input: chunk.input, ...(chunk.providerMetadata ? { callProviderMetadata: chunk.providerMetadata } : {}) });
        return;
      case 'tool-input-error':
        this.inputs.delete(chunk.toolCallId);
        this.upsertTool(chunk, { state: 'output-error', input: chunk.input, errorText: chunk.errorText });
        return;
      case 'tool-approval-request':
        this.updateTool(chunk.toolCallId, (part) => ({
          ...part,
          state: 'approval-requested',
          approval: defined({
            id: chunk.approvalId,
            descriptor: chunk.approvalDescriptor,
            inputSchemaInput: chunk.inputSchemaInput,
            requestReason: chunk.reason,
            isAutomatic: chunk.isAutomatic === true ? true : undefined,
            signature: chunk.signature,
          }),
        }));
        return;
      case 'tool-approval-response':
        this.updateTool(
          (part) => part.approval?.id === chunk.approvalId,
          (part) => ({
            ...part,
            state: 'approval-responded',
            approval: defined({ ...part.approval, id: chunk.approvalId, approved: chunk.approved, reason: chunk.reason }),
          }),
        );
        return;
      case 'tool-output-denied':
        this.updateTool(chunk.toolCallId, (part) => ({ ...part, state: 'output-denied' }));
        return;
      case 'tool-output-available':
        this.updateTool(chunk.toolCallId, (part) =>
          defined({
            ...part,
            state: 'output-available',
            output: chunk.output,
            errorText: undefined,
            preliminary: chunk.preliminary,
            providerExecuted: chunk.providerExecuted ?? part.providerExecuted,
            resultProviderMetadata: chunk.providerMetadata ?? part.resultProviderMetadata,
          }),
        );
        return;
      case 'tool-output-error':
        this.updateTool(chunk.toolCallId, (part) =>
          defined({
            ...part,
            state: 'output-error',
            output: undefined,
            preliminary: undefined,
            errorText: chunk.errorText,
            providerExecuted: chunk.providerExecuted ?? part.providerExecuted,
            resultProviderMetadata: chunk.providerMetadata ?? part.resultProviderMetadata,
          }),
        );
        return;
      default:
        if (chunk.type.startsWith('data-') && chunk.transient !== true) this.upsertData(chunk);
    }
  }

  private mergeMetadata(metadata: unknown): void {
    if (metadata === undefined || metadata === null) return;
    this.current = { ...this.current, metadata: this.current.metadata === undefined ? metadata : merge(this.current.metadata, metadata) };
  }

  private push(part: UIMessagePart): number {
    this.current = { ...this.current, parts: [...this.current.parts, part] };
    return this.current.parts.length - 1;
  }

  private replace(index: number, part: UIMessagePart): void {
    const parts = this.current.parts.slice();
    parts[index] = part;
    this.current = { ...this.current, parts };
  }

  private spanKey(chunk: Chunk): string {
    return `${chunk.type.startsWith('text') ? 'text' : 'reasoning'}:${chunk.id}`;
  }

  private startSpan(chunk: Chunk): void {
    const text = chunk.type === 'text-start';
    const part = text
      ? defined({ type: 'text', text: '', state: 'streaming', providerMetadata: chunk.providerMetadata })
      : defined({ type: 'reasoning', id: chunk.id, text: '', state: 'streaming', providerMetadata: chunk.providerMetadata });
    this.open.set(this.spanKey(chunk), this.push(part));
  }

  /** A delta whose start never came opens the part (the SDK's client would fail; a widget should not). */
  private spanDelta(chunk: Chunk): void {
    const key = this.spanKey(chunk);
    if (!this.open.has(key)) this.startSpan({ ...chunk, type: chunk.type.replace('-delta', '-start') });
    const index = this.open.get(key)!;
    const part = this.current.parts[index];
    const text = String(part.text ?? '') + chunk.delta;
    if (chunk.providerMetadata) this.replace(index, { ...part, text, providerMetadata: chunk.providerMetadata });
    else part.text = text;
  }

  private endSpan(chunk: Chunk): void {
    const key = this.spanKey(chunk);
    const index = this.open.get(key);
    if (index === undefined) return;
    this.open.delete(key);
    const part = this.current.parts[index];
    this.replace(index, defined({ ...part, state: 'done', citations: chunk.citations ?? part.citations, providerMetadata: chunk.providerMetadata ?? part.providerMetadata }));
  }

  /** Parts after the last `step-start`: the step under way. */
  private stepStart(): number {
    for (let i = this.current.parts.length - 1; i >= 0; i--) if (this.current.parts[i].type === 'step-start') return i + 1;
    return 0;
  }

  private resetStep(): void {
    const start = this.stepStart();
    this.open.clear();
    this.inputs.clear();
    if (start < this.current.parts.length) this.current = { ...this.current, parts: this.current.parts.slice(0, start) };
  }

  /**
   * The tool part of this call: in the step under way first, else (`anyStep`: results of calls
   * made before, such as an approved one) the latest anywhere in the message.
   */
  toolIndex(match: string | ((part: ToolPart) => boolean), anyStep = true): number {
    const test = typeof match === 'string' ? (part: ToolPart) => part.toolCallId === match : match;
    const parts = this.current.parts;
    const start = this.stepStart();
    for (let i = parts.length - 1; i >= start; i--) if (isToolPart(parts[i]) && test(parts[i] as ToolPart)) return i;
    if (anyStep) for (let i = start - 1; i >= 0; i--) if (isToolPart(parts[i]) && test(parts[i] as ToolPart)) return i;
    return -1;
  }

  /** The chat's id for the tool part of this call that a chunk of it goes to (see chatCallId). */
  chatIdOf(toolCallId: string, anyStep = true): string | undefined {
    const index = this.toolIndex(toolCallId, anyStep);
    return index === -1 ? undefined : chatCallIds(this.current).get(this.current.parts[index]);
  }

  /** The chat's id a new tool part of this call in the step under way gets. */
  nextChatId(toolCallId: string): string {
    const occurrences = this.current.parts.filter((part) => isToolPart(part) && part.toolCallId === toolCallId).length;
    return chatCallId(toolCallId, occurrences);
  }

  private updateTool(match: string | ((part: ToolPart) => boolean), change: (part: ToolPart) => UIMessagePart): void {
    const index = this.toolIndex(match);
    if (index !== -1) this.replace(index, change(this.current.parts[index] as ToolPart));
  }

  /** Creates the tool part of a call in the step under way, or moves it to a new state, as the chunk says. */
  private upsertTool(chunk: Chunk, fields: Record<string, unknown>): void {
    const index = this.toolIndex(chunk.toolCallId, false);
    const existing = index === -1 ? undefined : (this.current.parts[index] as ToolPart);
    const dynamic = existing ? existing.type === 'dynamic-tool' : chunk.dynamic === true;
    const part = defined({
      ...(existing ?? {}),
      type: dynamic ? 'dynamic-tool' : `tool-${chunk.toolName}`,
      ...(dynamic ? { toolName: chunk.toolName } : {}),
      toolCallId: chunk.toolCallId,
      output: undefined,
      errorText: undefined,
      preliminary: undefined,
      ...fields,
      title: chunk.title ?? existing?.title,
      toolMetadata: chunk.toolMetadata ?? existing?.toolMetadata,
      providerExecuted: chunk.providerExecuted ?? existing?.providerExecuted,
    });
    if (index === -1) this.push(part);
    else this.replace(index, part);
  }

  private upsertData(chunk: Chunk): void {
    const part = defined({ type: chunk.type, id: chunk.id, data: chunk.data });
    const index = chunk.id === undefined ? -1 : this.current.parts.findIndex((known) => known.type === chunk.type && known.id === chunk.id);
    if (index === -1) this.push(part);
    else this.replace(index, part);
  }
}
