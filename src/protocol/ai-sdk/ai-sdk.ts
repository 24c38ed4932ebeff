/**
 * The AI SDK's UI message stream over HTTP (what `useChat` speaks): POST the chat, read the SSE
 * reply, map its chunks to ChatEvents; GET `${endpoint}/${id}/stream` to pick up a reply that was
 * streaming when the page went away. Every fault ends the run with one `run-error` event.
 */
import type { ChatEvent } from '../contract.js';
import { isThreadIdSafe, newId } from '../../internal/ids.js';
import { eachEvent, mapJsonBatches, openEventStream, runError as fault, type HttpSettings } from '../http.js';
import type { RunRequest } from '../contract.js';
import type { ChatBatchedTransport, ChatReconnectOptions, ChatRunOptions, ChatTransport } from '../../conversation/types.js';
import { AiSdkChunkMapper } from './chunks.js';
import { requestBody, storedMessage } from './request.js';
import { isUIMessage } from './ui-message.js';

export class AiSdkAdapter implements ChatTransport, ChatBatchedTransport {
  constructor(private readonly settings: HttpSettings) {}

  run(request: RunRequest, options: ChatRunOptions): AsyncGenerator<ChatEvent> {
    return eachEvent(this.runBatches(request, options));
  }

  reconnect(options: ChatReconnectOptions): AsyncGenerator<ChatEvent> {
    return eachEvent(this.reconnectBatches(options));
  }

  async *runBatches(request: RunRequest, { signal, turns = [], trigger }: ChatRunOptions): AsyncGenerator<ChatEvent[]> {
    const body = requestBody(request, turns, trigger);
    // A reply that goes on continues its UIMessage; a new one gets a message of its own.
    const last = body.messages[body.messages.length - 1];
    const continued = trigger?.kind === 'continue' && last?.role === 'assistant' ? last : undefined;
    const start = continued ?? { id: newId(), role: 'assistant' as const, parts: [] };
    // Where this run begins, kept before the request goes: a reload from here on replays this run onto it.
    yield [{ type: 'wire-snapshot', wire: start, runStart: true }];
    const opened = await openEventStream(this.settings, { method: 'POST', body: JSON.stringify(body) }, signal);
    if ('error' in opened) yield [fault(opened.error)];
    else if ('empty' in opened) yield [fault({ kind: 'protocol', message: 'The agent answered with no content (HTTP 204) instead of a UI message stream.' })];
    else if ('body' in opened) yield* readChunks(opened.body, signal, new AiSdkChunkMapper(request.runId, start, newId()));
  }

  async *reconnectBatches({ signal, threadId, reply }: ChatReconnectOptions): AsyncGenerator<ChatEvent[]> {
    const url = streamUrl(this.settings.endpoint, threadId);
    if (!url) {
      yield [fault({ kind: 'protocol', message: `The reply cannot be picked up: the conversation's id ${JSON.stringify(threadId)} cannot stand in a request path.` })];
      return;
    }
    const opened = await openEventStream(this.settings, { method: 'GET', url }, signal);
    if ('error' in opened) yield [fault(opened.error)];
    else if ('body' in opened) {
      // The stream of the reply's last run comes again from its start, onto the message as that run began.
      const start = isUIMessage(reply.runStart?.wire) ? reply.runStart.wire : (storedMessage(reply)?.id ?? newId());
      yield* readChunks(opened.body, signal, new AiSdkChunkMapper(reply.runId ?? newId(), start, newId()), true);
    }
  }
}

/**
 * `${endpoint}/${id}/stream`, keeping the endpoint's query; undefined for an id that would take
 * the request anywhere else (`.` and `..` survive encoding and the URL parser resolves them).
 */
export function streamUrl(endpoint: string, threadId: string): string | undefined {
  if (!isThreadIdSafe(threadId)) return undefined;
  const base = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  const url = new URL(endpoint, base);
  const under = `${url.pathname.replace(/\/$/, '')}/`;
  url.pathname = `${under}${encodeURIComponent(threadId)}/stream`;
  return url.pathname.startsWith(under) ? url.href : undefined;
}

async function* readChunks(body: ReadableStream<Uint8Array>, signal: AbortSignal, mapper: AiSdkChunkMapper, resumed = false): AsyncGenerator<ChatEvent[]> {
  const read = yield* mapJsonBatches(body, signal, (value) => mapper.map(value), { what: 'a chunk', until: () => mapper.ended });
  if (!read || mapper.ended) return;
  if (!mapper.opened) {
    // A picked-up stream with nothing in it is nothing to resume.
    if (!resumed) yield [fault({ kind: 'protocol', message: 'The agent closed the stream without sending anything.' })];
    return;
  }
  yield mapper.close();
}
