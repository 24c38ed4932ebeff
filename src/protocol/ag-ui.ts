/**
 * AG-UI 1.0 over HTTP: POST RunAgentInput, read the SSE reply, map it to ChatEvents.
 * Every fault ends the run with one `run-error` event; nothing here throws at the caller.
 */
import type { ChatEvent, ReplyError } from '../conversation/events.js';
import { AgUiEventMapper } from './ag-ui-events.js';
import { isAbort, networkError, openEventStream, type HttpSettings } from './http.js';
import { readSse } from './sse.js';
import type { RunOptions, RunRequest, Transport } from './transport.js';

const MAX_SHOWN_DATA = 80;

export class AgUiTransport implements Transport {
  constructor(private readonly settings: HttpSettings) {}

  async *run(request: RunRequest, { signal }: RunOptions): AsyncGenerator<ChatEvent> {
    const opened = await openEventStream(this.settings, { method: 'POST', body: JSON.stringify(request) }, signal);
    if ('error' in opened) yield fault(opened.error);
    else if ('empty' in opened) yield fault({ kind: 'protocol', message: 'The agent answered with no content (HTTP 204) instead of an event stream.' });
    else if ('body' in opened) yield* this.readEvents(opened.body, signal);
  }

  private async *readEvents(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<ChatEvent> {
    const mapper = new AgUiEventMapper();
    try {
      for await (const message of readSse(body)) {
        // An empty event is a keep-alive in practice; `[DONE]` ends OpenAI-style streams.
        if (message.data.trim() === '' || message.data === '[DONE]') continue;
        let raw: unknown;
        try {
          raw = JSON.parse(message.data);
        } catch {
          const shown = message.data.length > MAX_SHOWN_DATA ? `${message.data.slice(0, MAX_SHOWN_DATA)}…` : message.data;
          yield fault({ kind: 'protocol', message: `The agent sent an event that is not valid JSON: ${shown}` });
          return;
        }
        const mapped = mapper.map(raw);
        if (!Array.isArray(mapped)) {
          yield fault(mapped);
          return;
        }
        yield* mapped;
      }
    } catch (error) {
      if (!isAbort(error, signal)) yield fault(networkError(error, 'stream'));
      return;
    }
    if (!mapper.ended && !signal.aborted) {
      yield fault({ kind: 'protocol', message: 'The agent closed the stream before the reply finished (no RUN_FINISHED).' });
    }
  }
}

function fault(error: ReplyError): ChatEvent {
  return { type: 'run-error', error };
}
