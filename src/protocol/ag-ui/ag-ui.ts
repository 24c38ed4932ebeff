/**
 * AG-UI 1.0 over HTTP: POST RunAgentInput, read the SSE reply, map it to ChatEvents.
 * Every fault ends the run with one `run-error` event; nothing here throws at the caller.
 */
import type { ChatEvent } from '../../protocol/contract.js';
import { AgUiEventMapper } from './ag-ui-events.js';
import { eachEvent, mapJsonBatches, openEventStream, runError as fault, type HttpSettings } from '../http.js';
import type { BatchedTransport, RunOptions, RunRequest, Transport } from '../contract.js';

export class AgUiAdapter implements Transport, BatchedTransport {
  constructor(private readonly settings: HttpSettings) {}

  run(request: RunRequest, options: RunOptions): AsyncGenerator<ChatEvent> {
    return eachEvent(this.runBatches(request, options));
  }

  async *runBatches(request: RunRequest, { signal }: RunOptions): AsyncGenerator<ChatEvent[]> {
    // AG-UI's context values are strings: any other JSON value goes as its text.
    const context = request.context.map(({ description, value }) => ({ description, value: typeof value === 'string' ? value : JSON.stringify(value) }));
    const opened = await openEventStream(this.settings, { method: 'POST', body: JSON.stringify({ ...request, context }) }, signal);
    if ('error' in opened) yield [fault(opened.error)];
    else if ('empty' in opened) yield [fault({ kind: 'protocol', message: 'The agent answered with no content type instead of an event stream (text/event-stream).' })];
    else if ('body' in opened) yield* this.readEvents(opened.body, signal);
  }

  private async *readEvents(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<ChatEvent[]> {
    const mapper = new AgUiEventMapper();
    const read = yield* mapJsonBatches(body, signal, (value) => mapper.map(value), { what: 'an event' });
    if (read && !mapper.ended) {
      yield [fault({ kind: 'protocol', message: 'The agent closed the stream before the reply finished (no RUN_FINISHED).' })];
    }
  }
}
