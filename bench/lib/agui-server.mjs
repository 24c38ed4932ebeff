/**
 * A local bench server on 127.0.0.1: the bench page, the built bundle, and an AG-UI (or AI SDK UI
 * message stream, `protocol: 'ai-sdk'`) endpoint that streams one long text reply as fast as the
 * socket accepts it (honouring backpressure, in writes of about 16 KB), so the browser, not the
 * server, sets the pace. `POST /agent` speaks `protocol`; `/agent/ag-ui` and `/agent/ai-sdk` speak
 * that wire whatever `protocol` is (pages of both wires on one server).
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { extname, join, normalize, sep } from 'node:path';
import { EventEncoder } from '@ag-ui/encoder';

const PROTOCOLS = ['ag-ui', 'ai-sdk'];
const CONTENT_TYPES = { '.js': 'text/javascript', '.map': 'application/json', '.html': 'text/html', '.css': 'text/css' };

/** The AG-UI events of one reply whose text arrives in the given deltas. */
export function replyEvents({ threadId, runId, messageId, deltas }) {
  return [
    { type: 'RUN_STARTED', threadId, runId },
    { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
    ...deltas.map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta })),
    { type: 'TEXT_MESSAGE_END', messageId },
    { type: 'RUN_FINISHED', threadId, runId },
  ];
}

/** The same reply as AI SDK UI message stream chunks (what `toUIMessageStream` gives). */
function uiMessageChunks({ messageId, deltas }) {
  return [
    { type: 'start', messageId },
    { type: 'start-step' },
    { type: 'text-start', id: 't' },
    ...deltas.map((delta) => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'stop' },
  ];
}

/** The AI SDK reply as SSE frames, each encoded as it is asked for (as a backend writes them). */
export function* uiMessageStreamFrames(reply) {
  for (const chunk of uiMessageChunks(reply)) yield `data: ${JSON.stringify(chunk)}\n\n`;
  yield 'data: [DONE]\n\n';
}

async function readJson(req) {
  const parts = [];
  for await (const part of req) parts.push(part);
  return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}');
}

/** How much of a flood goes into one write (characters; the frames are ASCII JSON). */
const FLOOD_WRITE_CHARS = 16 * 1024;

/**
 * Writes the SSE frames, encoding each only as it comes (a real backend cannot encode what it has
 * not generated, so the first write goes out as soon as it is full, not after the whole reply);
 * waits for 'drain' whenever the socket buffer is full. A flood goes out in writes of about 16 KB:
 * a write per 5-character frame took the server twice as long to get a reply out, on the two cores
 * it shares with the browser it measures. With `pace` ({ every, pauseMs }), each frame is written
 * as it comes and the server pauses after every `every` frames (a model-like pace instead of a
 * flood). Resolves to the count and bytes of the frames written.
 */
async function writeAll(res, frames, pace) {
  const closed = once(res, 'close');
  let count = 0;
  let bytes = 0;
  let pending = '';
  let pendingFrames = 0;
  const flush = async () => {
    if (!pending || res.destroyed) return;
    const text = pending;
    count += pendingFrames;
    bytes += Buffer.byteLength(text);
    pending = '';
    pendingFrames = 0;
    if (!res.write(text)) await Promise.race([once(res, 'drain'), closed]);
  };
  for (const frame of frames) {
    if (res.destroyed) break;
    pending += frame;
    pendingFrames++;
    if (pace) {
      await flush();
      if (count % pace.every === 0) await new Promise((resolve) => setTimeout(resolve, pace.pauseMs));
    } else if (pending.length >= FLOOD_WRITE_CHARS) {
      await flush();
    }
  }
  await flush();
  if (!res.destroyed) {
    res.end();
    await Promise.race([once(res, 'finish'), closed]);
  }
  return { events: count, bytes };
}

/** `events` as SSE frames, each encoded as it is asked for. */
function* encodedFrames(encoder, events) {
  for (const event of events) yield encoder.encodeSSE(event);
}

/**
 * Starts the server. `page` is the bench HTML at `/`; `pages` more HTML by path (e.g.
 * `{ '/deep-chat': html }`); `files` files served as they are, by path (e.g. another library's
 * bundle); `distDir` the folder served under /dist/; `deltas` the text pieces of the reply; `pace`
 * optionally slows the stream (see writeAll). Resolves to { url, close, lastStream } where
 * lastStream() reports how long the server took to write the latest reply.
 */
export async function startBenchServer({ page, pages = {}, files = {}, distDir, deltas, events, pace, protocol = 'ag-ui' }) {
  const encoder = new EventEncoder();
  let lastStream = { events: 0, bytes: 0, writeMs: 0 };

  async function streamReply(req, res, protocol) {
    const input = await readJson(req);
    const ids = { threadId: input.threadId ?? 'bench-thread', runId: input.runId ?? 'bench-run' };
    // `events(ids)` gives a whole reply; else one text message of `deltas`.
    const frames =
      protocol === 'ai-sdk'
        ? uiMessageStreamFrames({ messageId: 'bench-reply', deltas })
        : encodedFrames(encoder, events ? events(ids) : replyEvents({ ...ids, messageId: 'bench-reply', deltas }));
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    const started = performance.now();
    const written = await writeAll(res, frames, pace);
    lastStream = { ...written, writeMs: performance.now() - started };
  }

  async function serveDist(pathname, res) {
    const file = normalize(join(distDir, pathname.slice('/dist/'.length)));
    if (!file.startsWith(distDir + sep)) return notFound(res);
    return serveFile(file, res);
  }

  async function serveFile(file, res) {
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
      res.end(body);
    } catch {
      notFound(res);
    }
  }

  function route(req, res) {
    const { pathname } = new URL(req.url, 'http://localhost');
    if (req.method === 'POST' && pathname === '/agent') return streamReply(req, res, protocol);
    const wire = pathname.slice('/agent/'.length);
    if (req.method === 'POST' && pathname.startsWith('/agent/') && PROTOCOLS.includes(wire)) return streamReply(req, res, wire);
    if (req.method !== 'GET') return notFound(res);
    const html = pathname === '/' ? page : pages[pathname];
    if (html !== undefined) return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    if (pathname.startsWith('/dist/')) return serveDist(pathname, res);
    if (Object.hasOwn(files, pathname)) return serveFile(files[pathname], res);
    if (pathname === '/favicon.ico') return res.writeHead(204).end();
    return notFound(res);
  }

  const server = createServer((req, res) => {
    Promise.resolve(route(req, res)).catch((error) => {
      console.error('bench server:', error);
      res.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    lastStream: () => lastStream,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
}
