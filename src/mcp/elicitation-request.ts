/**
 * Reading an MCP server's `elicitation/create` request (and one read back from storage) into what
 * the chat shows, with the limits a request from a server must keep: plain text of bounded length,
 * a flat form of simple fields, an http(s) URL. Pure.
 */
import { isRecord } from '../internal/guards.js';
import { visibleBidi } from '../render/visible-bidi.js';
import type { Elicitation } from './mcp-types.js';

/** The longest message shown. */
export const ELICITATION_MESSAGE_MAX = 2_000;
/** The most fields a form may ask for. */
const MAX_FIELDS = 30;
/** The largest schema taken (as JSON). */
const MAX_SCHEMA_CHARS = 20_000;
const FIELD_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array']);

/** The request as an elicitation to show, or why it cannot be shown. */
export function elicitationFromRequest(params: unknown, server: string, id: string): { elicitation: Elicitation } | { problem: string } {
  if (!isRecord(params)) return { problem: 'The request has no parameters.' };
  // Direction controls in a server's words are shown, never obeyed ("\u202Edrowssap" cannot read "password").
  const message = typeof params.message === 'string' ? visibleBidi(params.message.slice(0, ELICITATION_MESSAGE_MAX)) : '';
  const mode = params.mode === undefined ? 'form' : params.mode;
  if (mode === 'url') {
    const url = httpUrl(params.url);
    if (!url) return { problem: 'The page to open must be an http or https URL.' };
    const elicitationId = typeof params.elicitationId === 'string' ? params.elicitationId.slice(0, 200) : undefined;
    return { elicitation: { id, server, mode: 'url', message, url, ...(elicitationId ? { elicitationId } : {}) } };
  }
  if (mode !== 'form') return { problem: `This chat does not know the mode "${String(mode).slice(0, 40)}".` };
  const schema = formSchema(params.requestedSchema);
  if (!schema) return { problem: 'The form must be an object of at most 30 simple fields.' };
  return { elicitation: { id, server, mode: 'form', message, schema: withVisibleDirection(schema) } };
}

/** The form's titles, descriptions and choice labels with their direction controls shown. */
function withVisibleDirection(schema: Record<string, unknown>): Record<string, unknown> {
  const shown = (value: unknown) => (typeof value === 'string' ? visibleBidi(value) : value);
  const field = (entry: Record<string, unknown>) => ({
    ...entry,
    ...(entry.title !== undefined ? { title: shown(entry.title) } : {}),
    ...(entry.description !== undefined ? { description: shown(entry.description) } : {}),
    ...(Array.isArray(entry.enumNames) ? { enumNames: entry.enumNames.map(shown) } : {}),
    ...(Array.isArray(entry.oneOf) ? { oneOf: entry.oneOf.map((choice) => (isRecord(choice) ? { ...choice, title: shown(choice.title) } : choice)) } : {}),
  });
  const properties = Object.fromEntries(Object.entries(schema.properties as Record<string, Record<string, unknown>>).map(([key, entry]) => [key, field(entry)]));
  return { ...field(schema), properties };
}

/** A stored elicitation as the views may trust it, or undefined when it is not one. */
export function storedElicitation(value: unknown): Elicitation | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.server !== 'string' || typeof value.message !== 'string') return undefined;
  const base = { id: value.id, server: value.server, message: visibleBidi(value.message.slice(0, ELICITATION_MESSAGE_MAX)), outcome: storedOutcome(value.outcome) };
  if (value.mode === 'url') {
    const url = httpUrl(value.url);
    return url ? { ...base, mode: 'url', url, completed: value.completed === true } : undefined;
  }
  if (value.mode !== 'form') return undefined;
  const schema = formSchema(value.schema);
  return schema ? { ...base, mode: 'form', schema: withVisibleDirection(schema) } : undefined;
}

/** The host of a URL, as the person should read it before opening it (no user part, punycode as is). */
export function urlHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function storedOutcome(value: unknown): Elicitation['outcome'] {
  if (!isRecord(value)) return undefined;
  if (value.action !== 'accept' && value.action !== 'decline' && value.action !== 'cancel') return undefined;
  return isRecord(value.content) ? { action: value.action, content: value.content } : { action: value.action };
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 4_000) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A flat object schema of simple fields (the spec's restricted form), or undefined. */
function formSchema(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value) || value.type !== 'object' || !isRecord(value.properties)) return undefined;
  let size: number;
  try {
    size = JSON.stringify(value).length;
  } catch {
    return undefined;
  }
  const fields = Object.entries(value.properties);
  if (size > MAX_SCHEMA_CHARS || fields.length > MAX_FIELDS) return undefined;
  const simple = fields.every(([, field]) => isRecord(field) && (FIELD_TYPES.has(field.type as string) || Array.isArray(field.enum) || Array.isArray(field.oneOf)));
  return simple ? value : undefined;
}
