import type { ChatEvent, ReplyError } from '../protocol/contract.js';
import { readSseBatches } from './sse.js';
import { errorText } from '../internal/errors.js';

export type HeadersInput = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

export interface HttpSettings {
  endpoint: string;
  headers?: HeadersInput;
  credentials?: RequestCredentials;
}

export async function resolveHeaders(headers: HeadersInput | undefined): Promise<Record<string, string>> {
  if (!headers) return {};
  return typeof headers === 'function' ? ((await headers()) ?? {}) : headers;
}

/** A request body at least this long (a long conversation's history) goes as bytes, see `bodyToSend`. */
const BYTES_BODY_CHARS = 64 * 1024;
const BODY_SLICE_CHARS = 128 * 1024;

/**
 * `body` as fetch should get it: a long one as a Blob of UTF-8 slices. Chromium takes a string
 * body several times slower (about 100 ms for 2 MB, a task that freezes the page) than the same
 * text encoded here. A slice never ends between the two halves of a surrogate pair.
 */
export function bodyToSend(body: string | undefined): string | Blob | undefined {
  if (body === undefined || body.length < BYTES_BODY_CHARS) return body;
  const encoder = new TextEncoder();
  const parts: BlobPart[] = [];
  for (let at = 0; at < body.length;) {
    let end = Math.min(at + BODY_SLICE_CHARS, body.length);
    const last = body.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < body.length) end++;
    parts.push(encoder.encode(body.slice(at, end)));
    at = end;
  }
  return new Blob(parts);
}

const MAX_BODY_TEXT = 300;

/** The message a failed HTTP response carries, from the usual JSON error shapes or its text. */
export function messageFromErrorBody(body: string): string {
  const text = body.trim();
  if (!text) return '';
  try {
    const json: unknown = JSON.parse(text);
    const found = pickMessage(json);
    if (found) return found;
  } catch {
    // Not JSON: fall through to the text itself.
  }
  const plain = text.startsWith('<')
    ? text
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : text;
  return plain.length > MAX_BODY_TEXT ? `${plain.slice(0, MAX_BODY_TEXT)}…` : plain;
}

function pickMessage(json: unknown): string | undefined {
  if (typeof json === 'string') return json;
  if (!json || typeof json !== 'object') return undefined;
  const record = json as Record<string, unknown>;
  for (const key of ['message', 'error', 'detail', 'title']) {
    const value = record[key];
    if (typeof value === 'string' && value) return value;
    if (value && typeof value === 'object') {
      const inner = pickMessage(value);
      if (inner) return inner;
    }
  }
  return undefined;
}

export async function httpError(response: Response): Promise<ReplyError> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    // The body could not be read; the status alone has to do.
  }
  const detail = messageFromErrorBody(body);
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return {
    kind: 'http',
    status: response.status,
    message: detail ? `The agent answered HTTP ${status}: ${detail}` : `The agent answered HTTP ${status}.`,
  };
}

export function networkError(error: unknown, during: 'connect' | 'stream'): ReplyError {
  const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
  return {
    kind: 'network',
    message: during === 'connect' ? `Could not reach the agent${reason}.` : `The connection to the agent was lost before the reply finished${reason}.`,
  };
}

export function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

export type StreamOpening = { body: ReadableStream<Uint8Array> } | { error: ReplyError } | { empty: true } | { aborted: true };

/**
 * Opens an event stream: resolves the headers, fetches, and checks the answer. A 204 is `empty`
 * (nothing to stream); every fault is one ReplyError; a Stop while connecting is `aborted`.
 */
export async function openEventStream(settings: HttpSettings, init: { url?: string; method: 'POST' | 'GET'; body?: string }, signal: AbortSignal): Promise<StreamOpening> {
  let extraHeaders: Record<string, string>;
  try {
    extraHeaders = await resolveHeaders(settings.headers);
  } catch (error) {
    return { error: { kind: 'config', message: `The headers function failed: ${errorText(error)}` } };
  }
  let response: Response;
  try {
    response = await fetch(init.url ?? settings.endpoint, {
      method: init.method,
      credentials: settings.credentials ?? 'same-origin',
      headers: { ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), Accept: 'text/event-stream', ...extraHeaders },
      body: bodyToSend(init.body),
      signal,
    });
  } catch (error) {
    return isAbort(error, signal) ? { aborted: true } : { error: networkError(error, 'connect') };
  }
  if (response.status === 204) return { empty: true };
  if (!response.ok) return { error: await httpError(response) };
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || (type && !type.includes('text/event-stream'))) {
    response.body?.cancel().catch(() => {});
    return {
      error: {
        kind: 'protocol',
        message: `The agent answered with ${type || 'no content type'} instead of an event stream (text/event-stream).`,
      },
    };
  }
  return { body: response.body };
}

const MAX_SHOWN_DATA = 80;

export const runError = (error: ReplyError): ChatEvent => ({ type: 'run-error', error });

/**
 * The ChatEvents of an event stream whose `data:` lines are JSON, each turned into events by
 * `map` (or into the fault that ends the run), a network read's worth at a time. An empty `data:`
 * is a keep-alive and `[DONE]` (OpenAI style, the AI SDK) is skipped; a batch ends after a
 * `wire-snapshot`. At the first fault it yields
 * what came before it and one `run-error`, and returns false; `until` stops the reading early.
 * True when the stream was read to its end.
 */
export async function* mapJsonBatches(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  map: (value: unknown) => ChatEvent[] | ReplyError,
  { what, until }: { what: string; until?: () => boolean },
): AsyncGenerator<ChatEvent[], boolean> {
  try {
    for await (const messages of readSseBatches(body)) {
      let events: ChatEvent[] = [];
      for (const message of messages) {
        if (message.data.trim() === '' || message.data === '[DONE]') continue;
        let value: unknown;
        try {
          value = JSON.parse(message.data);
        } catch {
          const shown = message.data.length > MAX_SHOWN_DATA ? `${message.data.slice(0, MAX_SHOWN_DATA)}…` : message.data;
          yield [...events, runError({ kind: 'protocol', message: `The agent sent ${what} that is not valid JSON: ${shown}` })];
          return false;
        }
        const mapped = map(value);
        if (!Array.isArray(mapped)) {
          yield [...events, runError(mapped)];
          return false;
        }
        events.push(...mapped);
        if (until?.()) {
          yield events;
          return true;
        }
        // A wire that keeps its own record of the reply grows it as it maps: the batch ends with the
        // record's snapshot, so where the chat pauses (after a snapshot) the record is what it has taken in.
        if (mapped.some((event) => event.type === 'wire-snapshot')) {
          yield events;
          events = [];
        }
      }
      if (events.length) yield events;
    }
  } catch (error) {
    if (!isAbort(error, signal)) yield [runError(networkError(error, 'stream'))];
    return false;
  }
  return !signal.aborted;
}

/** Each event of `batches` on its own (what a transport's `run` gives). */
export async function* eachEvent(batches: AsyncIterable<readonly ChatEvent[]>): AsyncGenerator<ChatEvent> {
  for await (const batch of batches) yield* batch;
}
