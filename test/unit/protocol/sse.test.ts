import { expect } from '@open-wc/testing';
import { SseParser, readSseBatches } from '../../../src/protocol/sse.js';

function streamOf(...chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>) {
  const out = [];
  for await (const messages of readSseBatches(stream)) out.push(...messages);
  return out;
}

describe('SSE reader', () => {
  it('reads LF, CRLF and CR line ends alike', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const parser = new SseParser();
      const got = parser.push(`data: one${eol}${eol}data: two${eol}${eol}`);
      expect(
        got.map((m) => m.data),
        JSON.stringify(eol),
      ).to.deep.equal(['one', 'two']);
    }
  });

  it('joins multi-line data with newlines and keeps event names and ids', () => {
    const got = new SseParser().push('event: update\nid: 7\ndata: {"a":\ndata: 1}\n\n');
    expect(got).to.deep.equal([{ event: 'update', data: '{"a":\n1}', id: '7' }]);
  });

  it('skips comments, keep-alives, retry and unknown fields', () => {
    const got = new SseParser().push(': ping\n\n:\n\nretry: 10\nfoo: bar\ndata: x\n\n');
    expect(got.map((m) => m.data)).to.deep.equal(['x']);
  });

  it('strips one leading space only, and accepts a field with no colon', () => {
    const got = new SseParser().push('data:  two spaces\n\ndata\n\n');
    expect(got.map((m) => m.data)).to.deep.equal([' two spaces', '']);
  });

  it('copes with text split at every possible point, including inside CRLF', () => {
    const text = 'data: {"type":"A"}\r\n\r\n: c\r\ndata: b1\r\ndata: b2\r\n\r\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const parser = new SseParser();
      const got = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))];
      expect(
        got.map((m) => m.data),
        `cut at ${cut}`,
      ).to.deep.equal(['{"type":"A"}', 'b1\nb2']);
    }
  });

  it('keeps a line that comes in many pieces whole, however the pieces fall (a 2 MB line in 1,000-character pieces, and every three-way cut of a short text)', () => {
    const long = 'x'.repeat(2 * 1024 * 1024);
    const parser = new SseParser();
    const text = `data: ${long}\r\n\r\ndata: after\n\n`;
    const got = [];
    for (let offset = 0; offset < text.length; offset += 1000) got.push(...parser.push(text.slice(offset, offset + 1000)));
    expect(got.map((m) => m.data.length)).to.deep.equal([long.length, 5]);
    const short = 'data: a\r\ndata: b\r\n\r\nid: 7\rdata: c\r\r';
    for (let first = 0; first <= short.length; first++) {
      for (let second = first; second <= short.length; second++) {
        const pieces = new SseParser();
        const messages = [short.slice(0, first), short.slice(first, second), short.slice(second)].flatMap((piece) => pieces.push(piece));
        expect(messages, `cut at ${first}, ${second}`).to.deep.equal([
          { event: 'message', data: 'a\nb' },
          { event: 'message', data: 'c', id: '7' },
        ]);
      }
    }
  });

  it('decodes UTF-8 split inside a multi-byte character and drops a BOM', async () => {
    const bytes = new TextEncoder().encode('\uFEFFdata: héllo ✓\n\n');
    const got = await collect(streamOf(...Array.from(bytes, (b) => new Uint8Array([b]))));
    expect(got.map((m) => m.data)).to.deep.equal(['héllo ✓']);
  });

  it('discards an unterminated final event', async () => {
    const got = await collect(streamOf('data: complete\n\n', 'data: cut off'));
    expect(got.map((m) => m.data)).to.deep.equal(['complete']);
  });

  it('cancels the underlying stream when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: x\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const messages of readSseBatches(stream)) {
      expect(messages[0]!.data).to.equal('x');
      break;
    }
    expect(cancelled).to.equal(true);
  });
});
