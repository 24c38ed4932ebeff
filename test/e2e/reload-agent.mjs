/**
 * A small AG-UI server for the reload tests, on 127.0.0.1: a page with one `<agent-chat>` from the
 * built bundle, the bundle under /dist/, and an endpoint whose reply the test writes event by
 * event (`await server.nextRun()` gives a handle on the next request's stream), so a reload can
 * come at an exact moment: right after a delta, right after a tool result, while a call runs.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EventEncoder } from '@ag-ui/encoder';

const DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url));
const TYPES = { '.js': 'text/javascript', '.map': 'application/json', '.html': 'text/html' };

const PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>reload</title>
    <style>html, body { margin: 0; height: 100%; } agent-chat { display: block; height: 100vh; }</style>
  </head>
  <body>
    <agent-chat endpoint="/api/agent"></agent-chat>
    <script type="module" src="/dist/agent-chat.js"></script>
  </body>
</html>`;

/** One reply's stream, written by the test. */
class RunStream {
  constructor(input, res) {
    this.input = input;
    this.res = res;
    this.encoder = new EventEncoder();
    this.closed = new Promise((resolve) => res.on('close', resolve));
  }

  /** Writes AG-UI events (objects); false once the page has gone. */
  send(...events) {
    if (this.res.destroyed || this.res.writableEnded) return false;
    for (const event of events) this.res.write(this.encoder.encodeSSE(event));
    return true;
  }

  started() {
    return this.send({ type: 'RUN_STARTED', threadId: this.input.threadId, runId: this.input.runId });
  }

  finished() {
    this.send({ type: 'RUN_FINISHED', threadId: this.input.threadId, runId: this.input.runId });
    this.end();
  }

  end() {
    if (!this.res.writableEnded) this.res.end();
  }
}

export async function startReloadServer() {
  const waiting = [];
  const arrived = [];
  const streams = new Set();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/api/agent' && req.method === 'POST') {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.flushHeaders();
      const stream = new RunStream(input, res);
      streams.add(stream);
      res.on('close', () => streams.delete(stream));
      const next = waiting.shift();
      if (next) next(stream);
      else arrived.push(stream);
      return;
    }
    if (url.pathname === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' });
      res.end(PAGE);
      return;
    }
    if (url.pathname.startsWith('/dist/')) {
      const file = normalize(join(DIST_DIR, url.pathname.slice('/dist/'.length)));
      if (file.startsWith(DIST_DIR + sep)) {
        try {
          const body = await readFile(file);
          res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
          res.end(body);
          return;
        } catch {
          // not found below
        }
      }
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    /** The stream of the next request (or of one that came already). */
    nextRun: () => new Promise((resolve) => (arrived.length ? resolve(arrived.shift()) : waiting.push(resolve))),
    close: () =>
      new Promise((resolve) => {
        for (const stream of streams) stream.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
