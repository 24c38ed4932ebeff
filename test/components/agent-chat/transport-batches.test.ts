import { expect } from '@open-wc/testing';
import { AgUiTransport } from '../../../src/index.js';
import type { ChatEvent, RunRequest } from '../../../src/protocol/contract.js';
import type { ChatRunOptions } from '../../../src/conversation/types.js';
import { chatFixture, deepQueryAll, sendAndWait, textOf } from '../helpers.js';

const lastReplyText = (el: HTMLElement) => textOf(deepQueryAll(el, '[part~="assistant-message"]').at(-1));

/** The chat's AG-UI transport, counting what the element reads of it. */
class CountedAgUi extends AgUiTransport {
  runs = 0;

  override async *run(request: RunRequest, options: ChatRunOptions): AsyncGenerator<ChatEvent> {
    this.runs += 1;
    yield* super.run(request, options);
  }
}

describe('<agent-chat> reading its transports a network read at a time', () => {
  it('reads the chat’s own transport in batches of events, with the same reply as one by one', async () => {
    const transport = new AgUiTransport({ endpoint: '/agui/basic' });
    const sizes: number[] = [];
    const runBatches = transport.runBatches.bind(transport);
    transport.runBatches = (request, options) => {
      const batches = runBatches(request, options)!;
      return (async function* () {
        for await (const batch of batches) {
          sizes.push(batch.length);
          yield batch;
        }
      })();
    };
    const el = await chatFixture('/agui/basic', { transport });
    const end = await sendAndWait(el, 'Hi');
    expect(end).to.include({ status: 'done', text: 'Hello **world**!' });
    expect(lastReplyText(el)).to.equal('Hello world!');
    // The scenario's events (run and message start, three deltas, message end, run end) in fewer steps.
    const events = sizes.reduce((sum, size) => sum + size, 0);
    expect(events).to.be.at.least(6);
    expect(sizes.length).to.be.lessThan(events);

    // The same transport read one event at a time (as a page's own `run` is) gives the same events.
    const oneByOne: ChatEvent[] = [];
    for await (const event of transport.run({ threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: {} } as unknown as RunRequest, {
      signal: new AbortController().signal,
    })) {
      oneByOne.push(event);
    }
    expect(oneByOne.map((event) => event.type)).to.include.members(['run-started', 'text-delta', 'run-finished']);
  });

  it('reads a subclass that overrides `run` through its own `run` (a wrapper stays in the path)', async () => {
    const transport = new CountedAgUi({ endpoint: '/agui/basic' });
    expect(transport.runBatches({} as RunRequest, { signal: new AbortController().signal })).to.equal(undefined);
    const el = await chatFixture('/agui/basic', { transport });
    const end = await sendAndWait(el, 'Hi');
    expect(end.status).to.equal('done');
    expect(transport.runs).to.equal(1);
  });

  it('reads a subclass that overrides `run` with what its `run` changed', async () => {
    class Shouting extends AgUiTransport {
      override async *run(request: RunRequest, options: ChatRunOptions): AsyncGenerator<ChatEvent> {
        for await (const event of super.run(request, options)) {
          yield event.type === 'text-delta' ? { ...event, delta: event.delta.toUpperCase() } : event;
        }
      }
    }
    const el = await chatFixture('/agui/basic', { transport: new Shouting({ endpoint: '/agui/basic' }) });
    await sendAndWait(el, 'Hi');
    expect(lastReplyText(el)).to.equal('HELLO WORLD!');
  });

  it('takes in nothing after a Stop that a listener makes in the middle of a batch', async () => {
    const seen: string[] = [];
    const transport = {
      run: () => (async function* () {})(),
      runBatches: (request: RunRequest) =>
        (async function* () {
          yield [
            { type: 'run-started', runId: request.runId },
            { type: 'text-start', messageId: 'm1' },
            { type: 'text-delta', messageId: 'm1', delta: 'Shown.' },
            { type: 'custom', name: 'stop-now', value: null },
            { type: 'text-delta', messageId: 'm1', delta: ' Never shown.' },
            { type: 'custom', name: 'after-stop', value: null },
            { type: 'run-finished', runId: request.runId },
          ] as ChatEvent[];
        })(),
    };
    const el = await chatFixture('/agui/basic', { transport });
    el.addEventListener('agent-chat-custom', (event) => {
      seen.push(event.detail.name);
      if (event.detail.name === 'stop-now') el.stop();
    });
    const end = await sendAndWait(el, 'Hi');
    expect(end.status).to.equal('cancelled');
    expect(seen).to.deep.equal(['stop-now']);
    expect(lastReplyText(el)).to.contain('Shown.').and.not.contain('Never shown');
  });
});
