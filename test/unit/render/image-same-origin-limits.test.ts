import { expect } from '@open-wc/testing';
import { readBounded } from '../../../src/render/bounded-body.js';
import { fetchSameOrigin, keptCopies } from '../../../src/render/same-origin-image.js';

/**
 * What one reply can make the page fetch with its own cookies: bounded in bytes read, in time, in
 * fetches at once and in addresses waiting. A stand-in for the page's server: `/hang/*` never
 * answers, `/stall/*` sends headers and a first chunk then nothing, `/endless/*` sends 1 MB chunks
 * without end, `/claims/*` says it is 50 MB, `/img/*` is a small picture.
 */
const GIF = Uint8Array.from(atob('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs='), (c) => c.charCodeAt(0));
const MB = new Uint8Array(1024 * 1024);

let calls: string[] = [];
let pulled = 0;
let cancelled = false;
/** Every `AbortSignal.timeout(ms)` asked for, and a way to make it fire now. */
let timers: { ms: number; controller: AbortController }[] = [];
const realFetch = window.fetch;
const realTimeout = AbortSignal.timeout;
let run = 0;
const address = (path: string) => `${location.origin}${path}?limits=${run}`;

function hang(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
}

function server(path: string, signal: AbortSignal | null | undefined): Response | Promise<Response> {
  if (path.startsWith('/hang/')) return hang(signal);
  if (path.startsWith('/stall/')) {
    // A body that never ends and ignores the fetch's signal: only the reader can give up on it.
    const body = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(GIF) });
    return new Response(body, { headers: { 'content-type': 'image/gif' } });
  }
  if (path.startsWith('/endless/')) {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += MB.length;
        // Ends at 40 MB so that a reader without a cap still finishes (and the test can say what it got).
        if (pulled > 40 * MB.length) controller.close();
        else controller.enqueue(MB);
      },
      cancel: () => void (cancelled = true),
    });
    return new Response(body, { headers: { 'content-type': 'image/svg+xml' } });
  }
  if (path.startsWith('/claims/')) return new Response(GIF, { headers: { 'content-type': 'image/gif', 'content-length': String(50 * 1024 * 1024) } });
  return new Response(GIF, { headers: { 'content-type': 'image/gif' } });
}

/** The outcome if it settles within `ms`, else `'pending'`. */
function within<T>(promise: Promise<T>, ms = 300): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);
}

const ticks = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('images of the page’s own origin: limits', () => {
  beforeEach(() => {
    run += 1;
    calls = [];
    pulled = 0;
    cancelled = false;
    timers = [];
    AbortSignal.timeout = (ms: number) => {
      const controller = new AbortController();
      timers.push({ ms, controller });
      return controller.signal;
    };
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(url);
      return server(new URL(url).pathname, init?.signal);
    }) as typeof fetch;
  });
  afterEach(async () => {
    // Every fetch still waiting times out now, so the next test starts with nothing in flight.
    for (let i = 0; i < 20 && timers.length; i += 1) {
      for (const timer of timers.splice(0)) timer.controller.abort(new DOMException('timed out', 'TimeoutError'));
      await ticks();
    }
    window.fetch = realFetch;
    AbortSignal.timeout = realTimeout;
  });

  it('a body past 10 MB is not read to its end: the copy fails (the person may load it) and the stream is cancelled', async () => {
    const outcome = await within(fetchSameOrigin(address('/endless/a.svg')), 5000);
    expect(outcome).to.deep.equal({ kind: 'failed' });
    expect(pulled).to.be.at.most(12 * MB.length);
    expect(cancelled).to.equal(true);
  });

  it('a Content-Length past 10 MB fails before the body is read', async () => {
    expect(await fetchSameOrigin(address('/claims/a.gif'))).to.deep.equal({ kind: 'failed' });
    expect(keptCopies().bytes).to.equal(0);
  });

  it('a fetch that never answers, or stops sending, gives up after 15 s', async () => {
    const silent = fetchSameOrigin(address('/hang/a.gif'));
    const stalled = fetchSameOrigin(address('/stall/a.gif'));
    await ticks();
    expect(timers.map((timer) => timer.ms)).to.deep.equal([15_000, 15_000]);
    expect(await within(silent)).to.equal('pending');
    for (const timer of timers) timer.controller.abort(new DOMException('timed out', 'TimeoutError'));
    expect(await within(silent)).to.deep.equal({ kind: 'failed' });
    expect(await within(stalled)).to.deep.equal({ kind: 'failed' });
  });

  it('at most 6 fetches at once; the others wait their turn and are then fetched', async () => {
    const waiting = Array.from({ length: 10 }, (_, i) => fetchSameOrigin(address(`/hang/q${i}.gif`)));
    await ticks();
    expect(calls.length).to.equal(6);
    timers[0].controller.abort(new DOMException('timed out', 'TimeoutError'));
    expect(await within(waiting[0])).to.deep.equal({ kind: 'failed' });
    await ticks();
    expect(calls.length).to.equal(7);
    expect(calls[6]).to.equal(address('/hang/q6.gif'));
  });

  it('fetches in flight count against the cache bound: past 64 an address is refused (failed, not fetched) and the cache does not grow', async () => {
    const outcomes = Array.from({ length: 200 }, (_, i) => fetchSameOrigin(address(`/hang/m${i}.gif`)));
    await ticks();
    expect(keptCopies().entries).to.be.at.most(64);
    expect(await within(outcomes[199])).to.deep.equal({ kind: 'failed' });
    expect(await within(outcomes[0])).to.equal('pending');
    expect(calls.length).to.be.at.most(6);
    // Once those settle there is room again, and a small image is fetched and kept.
    for (let i = 0; i < 20 && timers.length; i += 1) {
      for (const timer of timers.splice(0)) timer.controller.abort(new DOMException('timed out', 'TimeoutError'));
      await ticks();
    }
    const image = await within(fetchSameOrigin(address('/img/after.gif')));
    expect((image as { kind: string }).kind).to.equal('image');
  });

  it('a body is read whole up to the size, and not at all one byte past it', async () => {
    const chunked = (sizes: number[]) => new Response(new ReadableStream({ start: (c) => (sizes.forEach((n) => c.enqueue(new Uint8Array(n))), c.close()) }));
    expect((await readBounded(chunked([4, 6]), 10))?.size).to.equal(10);
    expect(await readBounded(chunked([4, 7]), 10)).to.equal(undefined);
    expect(await readBounded(new Response('12345678901', { headers: { 'content-length': '11' } }), 10)).to.equal(undefined);
    expect((await readBounded(new Response(null), 10))?.size).to.equal(0);
  });
});
