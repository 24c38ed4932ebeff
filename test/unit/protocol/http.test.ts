import { expect } from '@open-wc/testing';
import { mapJsonBatches, messageFromErrorBody } from '../../../src/protocol/http.js';
import type { ChatEvent } from '../../../src/protocol/contract.js';
import { formatValue } from '../../../src/render/format-value.js';

describe('the message of a failed HTTP response', () => {
  it('takes the usual JSON error shapes', () => {
    expect(messageFromErrorBody('{"error":{"message":"quota exceeded"}}')).to.equal('quota exceeded');
    expect(messageFromErrorBody('{"message":"bad input"}')).to.equal('bad input');
    expect(messageFromErrorBody('{"detail":"Not authenticated"}')).to.equal('Not authenticated');
    expect(messageFromErrorBody('{"error":"nope"}')).to.equal('nope');
  });

  it('falls back to the text, stripping HTML and cutting long bodies', () => {
    expect(messageFromErrorBody('<html><body><h1>502 Bad Gateway</h1></body></html>')).to.equal('502 Bad Gateway');
    const long = messageFromErrorBody('x'.repeat(1000));
    expect(long).to.have.length(301);
    expect(long.endsWith('…')).to.equal(true);
    expect(messageFromErrorBody('   ')).to.equal('');
  });
});

describe('tool values as display text', () => {
  it('pretty-prints JSON text and objects, and shows content parts as their text', () => {
    expect(formatValue('{"a":1}')).to.equal('{\n  "a": 1\n}');
    expect(formatValue({ b: [1] })).to.equal('{\n  "b": [\n    1\n  ]\n}');
    expect(formatValue('plain words')).to.equal('plain words');
    expect(formatValue('{not json')).to.equal('{not json');
    expect(
      formatValue([
        { type: 'text', text: 'hello' },
        { type: 'image', data: '…' },
      ]),
    ).to.equal('hello\n[image]');
    expect(formatValue(undefined)).to.equal('');
  });
});

describe('an event stream read a network read at a time', () => {
  const body = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    });
  const frames = (count: number) => Array.from({ length: count }, (_, i) => `data: {"n":${i}}\n\n`).join('');

  it('gives one read’s events together, in order', async () => {
    const batches: ChatEvent[][] = [];
    const stream = mapJsonBatches(body(frames(30)), new AbortController().signal, (value) => [{ type: 'custom', name: 'n', value }], { what: 'an event' });
    for await (const batch of stream) batches.push(batch);
    expect(batches).to.have.length(1);
    expect(batches[0]!.map((event) => (event as { value: { n: number } }).value.n)).to.deep.equal([...Array(30).keys()]);
  });

  it('ends a batch after a wire snapshot: where the chat pauses, a wire’s own record is what it has taken in', async () => {
    const sizes: number[] = [];
    let mapped = 0;
    const map = (value: unknown): ChatEvent[] => {
      mapped += 1;
      const delta: ChatEvent = { type: 'custom', name: 'n', value };
      return mapped % 4 === 0 ? [delta, { type: 'wire-snapshot', wire: { n: mapped } }] : [delta];
    };
    for await (const batch of mapJsonBatches(body(frames(10)), new AbortController().signal, map, { what: 'a chunk' })) {
      sizes.push(batch.length);
      // When a batch comes, the mapper has read exactly as far as its last event.
      const last = batch.at(-1)!;
      if (last.type === 'wire-snapshot') expect((last.wire as { n: number }).n).to.equal(mapped);
    }
    expect(sizes).to.deep.equal([5, 5, 2]);
  });

  it('yields what came before a fault, then the fault, and stops', async () => {
    const batches: ChatEvent[][] = [];
    const text = `data: {"n":0}\n\ndata: {"n":1}\n\ndata: {oops\n\ndata: {"n":3}\n\n`;
    for await (const batch of mapJsonBatches(body(text), new AbortController().signal, (value) => [{ type: 'custom', name: 'n', value }], { what: 'an event' }))
      batches.push(batch);
    expect(batches).to.have.length(1);
    expect(batches[0]!.map((event) => event.type)).to.deep.equal(['custom', 'custom', 'run-error']);
  });
});
