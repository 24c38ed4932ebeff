/**
 * The fields each chunk type of the UI message stream must (or may) have, and of what kind (pure).
 * What reaches the reader has passed these checks, so nothing downstream meets a title that is a
 * number or an id that is an object. Extra fields are allowed, as the SDK allows them.
 */
import type { Chunk } from './ui-message.js';

type Kind = 'string' | 'boolean' | 'array' | 'object';
/** A field's kind; `?` marks one that may be left out. */
type Field = Kind | `${Kind}?`;

const metadata = { providerMetadata: 'object?' } as const;
const span = { id: 'string', ...metadata } as const;
const toolStart = {
  toolCallId: 'string',
  toolName: 'string',
  dynamic: 'boolean?',
  title: 'string?',
  providerExecuted: 'boolean?',
  toolMetadata: 'object?',
  ...metadata,
} as const;

export const CHUNK_FIELDS: Record<string, Record<string, Field>> = {
  start: { messageId: 'string?' },
  finish: { finishReason: 'string?' },
  abort: { reason: 'string?' },
  'message-metadata': {},
  'start-step': {},
  'finish-step': {},
  'reset-step': {},
  error: { errorText: 'string' },
  'text-start': span,
  'text-delta': { ...span, delta: 'string' },
  'text-end': { ...span, citations: 'array?' },
  'reasoning-start': span,
  'reasoning-delta': { ...span, delta: 'string' },
  'reasoning-end': span,
  'tool-input-start': { ...toolStart, inputEncoding: 'string?' },
  'tool-input-delta': { toolCallId: 'string', inputTextDelta: 'string' },
  'tool-input-available': toolStart,
  'tool-input-error': { ...toolStart, errorText: 'string' },
  'tool-approval-request': { approvalId: 'string', toolCallId: 'string', reason: 'string?', isAutomatic: 'boolean?', signature: 'string?' },
  'tool-approval-response': { approvalId: 'string', approved: 'boolean', reason: 'string?' },
  'tool-output-available': { toolCallId: 'string', preliminary: 'boolean?', providerExecuted: 'boolean?', toolMetadata: 'object?', ...metadata },
  'tool-output-error': { toolCallId: 'string', errorText: 'string', providerExecuted: 'boolean?', toolMetadata: 'object?', ...metadata },
  'tool-output-denied': { toolCallId: 'string' },
  'source-url': { sourceId: 'string', url: 'string', title: 'string?', ...metadata },
  'source-document': { sourceId: 'string', mediaType: 'string', title: 'string', filename: 'string?', ...metadata },
  file: { url: 'string', mediaType: 'string', ...metadata },
  'reasoning-file': { url: 'string', mediaType: 'string', ...metadata },
  custom: { kind: 'string', ...metadata },
  'steering-message': { id: 'string', parts: 'array' },
};

const DATA_FIELDS: Record<string, Field> = { id: 'string?', transient: 'boolean?' };

/** One field's check, read from its spec once (chunks arrive by the thousand). */
interface FieldCheck {
  field: string;
  kind: Kind;
  optional: boolean;
}

const checksOf = (fields: Record<string, Field>): FieldCheck[] =>
  Object.entries(fields).map(([field, spec]) => ({ field, kind: spec.replace('?', '') as Kind, optional: spec.endsWith('?') }));

const CHUNK_CHECKS = new Map(Object.entries(CHUNK_FIELDS).map(([type, fields]) => [type, checksOf(fields)]));
const DATA_CHECKS = checksOf(DATA_FIELDS);

/** Whether the reader knows this chunk type (`data-*` included). */
export function knownChunk(type: string): boolean {
  return type in CHUNK_FIELDS || type.startsWith('data-');
}

function fits(value: unknown, kind: Kind): boolean {
  if (kind === 'array') return Array.isArray(value);
  if (kind === 'object') return !!value && typeof value === 'object' && !Array.isArray(value);
  return typeof value === kind;
}

/** What is wrong with a chunk of a known type, if anything. */
export function chunkProblem(chunk: Chunk): string | undefined {
  const checks = chunk.type.startsWith('data-') ? DATA_CHECKS : CHUNK_CHECKS.get(chunk.type);
  if (!checks) return undefined;
  for (const { field, kind, optional } of checks) {
    const value = chunk[field];
    if (optional && value === undefined) continue;
    if (!fits(value, kind)) return `The agent sent a malformed ${chunk.type} chunk (field "${field}").`;
  }
  return undefined;
}
