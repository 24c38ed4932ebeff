/**
 * Fixtures for the MCP Apps end-to-end tests: one loopback HTTP server that serves the built bundle
 * (`/dist/…`), the test page (`/`), and an AG-UI backend (`POST /agent`), recording every request
 * body. Two backends:
 *
 * - `clientToolBackend(toolName)`: the model calls `toolName` as an AG-UI client tool and leaves it
 *   to the widget (RUN_FINISHED with `pendingToolCallIds`); once the history carries the tool
 *   message, it answers with a short text.
 * - `middlewareBackend(mcpUrl, toolName)`: a scripted agent behind `@ag-ui/mcp-apps-middleware`,
 *   which owns the MCP server: it runs the tool itself, sends the `mcp-apps` activity, and answers
 *   the widget's relayed `resources/read` / `tools/call` runs.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EventEncoder } from '@ag-ui/encoder';

const DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const TYPES = { '.js': 'text/javascript', '.map': 'application/json', '.html': 'text/html', '.css': 'text/css' };

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `predicate` (sync or async) until it is truthy; fails with `message` after `timeout` ms. */
export async function waitFor(predicate, { timeout = 10_000, interval = 50, message = 'condition' } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out after ${timeout} ms waiting for ${message}`);
    await sleep(interval);
  }
}

export function distBuilt() {
  return existsSync(path.join(DIST, 'agent-chat.js'));
}

/** The test page: the chat (with `children` inside it) and the ES build; no CSP of its own. */
export function chatPage(children = '', { attributes = '' } = {}) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP Apps e2e</title></head><body>
  <agent-chat endpoint="/agent" heading="MCP e2e" style="height: 900px; display: block" ${attributes}>${children}</agent-chat>
  <script type="module" src="/dist/agent-chat.js"></script>
</body></html>`;
}

const mcpServerChild = (name, url) => `<agent-chat-mcp-server name="${name}" url="${url}"></agent-chat-mcp-server>`;
export { mcpServerChild };

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the page + backend server on 127.0.0.1 (port 0). `backend(input, res, encoder)` answers
 * each `POST /agent` (the response head is already written as an SSE stream).
 * Returns { url, requests, setPage(html), close() }.
 */
export async function startPageServer(backend, { page = chatPage() } = {}) {
  const encoder = new EventEncoder();
  const requests = [];
  let html = page;
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'GET' && url.pathname === '/') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html);
        return;
      }
      if (req.method === 'GET' && url.pathname.startsWith('/dist/')) {
        const file = path.normalize(path.join(DIST, url.pathname.slice('/dist/'.length)));
        if (!file.startsWith(DIST + path.sep) || !existsSync(file)) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/agent') {
        const input = JSON.parse(await readBody(req));
        requests.push(input);
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
        await backend(input, res, encoder);
        return;
      }
      if (req.method === 'GET' && url.pathname === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      res.writeHead(404).end();
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    setPage(next) {
      html = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const started = (input) => ({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
const textEvents = (messageId, text) => [
  { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId, delta: text },
  { type: 'TEXT_MESSAGE_END', messageId },
];

/**
 * The model calls `toolName` (a client tool) with `args`; after its result, says it is done. Once a
 * result is in the history it calls no more, unless `everyTurn` (then each message of the person
 * gets a call).
 */
export function clientToolBackend(toolName, { args = {}, everyTurn = false } = {}) {
  let calls = 0;
  return async (input, res, encoder) => {
    const send = (event) => res.write(encoder.encodeSSE(event));
    send(started(input));
    const messages = input.messages ?? [];
    const answered = everyTurn ? messages.at(-1)?.role === 'tool' : messages.some((message) => message.role === 'tool');
    if (answered) {
      for (const event of textEvents(`text-${input.runId}`, `Got the ${toolName} result.`)) send(event);
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
    } else {
      calls += 1;
      const toolCallId = `call-${toolName}-${calls}`;
      send({ type: 'TOOL_CALL_START', toolCallId, toolCallName: toolName, parentMessageId: `msg-${input.runId}` });
      send({ type: 'TOOL_CALL_ARGS', toolCallId, delta: JSON.stringify(args) });
      send({ type: 'TOOL_CALL_END', toolCallId });
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, outcome: { type: 'success', pendingToolCallIds: [toolCallId] } });
    }
    res.end();
  };
}

/** The model asks for the call the message names as JSON: `{"tool": …, "args": …}`; then thanks for the result. */
export function jsonCallBackend() {
  return async (input, res, encoder) => {
    const send = (event) => res.write(encoder.encodeSSE(event));
    send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
    const last = (input.messages ?? []).at(-1);
    if (last?.role === 'user') {
      const { tool, args } = JSON.parse(typeof last.content === 'string' ? last.content : last.content[0].text);
      const toolCallId = `call-${input.runId}`;
      send({ type: 'TOOL_CALL_START', toolCallId, toolCallName: tool, parentMessageId: `m-${input.runId}` });
      send({ type: 'TOOL_CALL_ARGS', toolCallId, delta: JSON.stringify(args) });
      send({ type: 'TOOL_CALL_END', toolCallId });
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, outcome: { type: 'success', pendingToolCallIds: [toolCallId] } });
    } else {
      const messageId = `m-${input.runId}`;
      send({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' });
      send({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: 'Thanks.' });
      send({ type: 'TEXT_MESSAGE_END', messageId });
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
    }
    res.end();
  };
}

/**
 * A scripted agent (tool call of `toolName` on the first turn, text once a tool message is in the
 * history) served through `MCPAppsMiddleware`, which owns the MCP server at `mcpUrl`.
 * Returns { backend, middleware }.
 */
export async function middlewareBackend(mcpUrl, toolName, { serverId = 'basic' } = {}) {
  const [{ MCPAppsMiddleware }, { AbstractAgent, EventType }, { Observable }] = await Promise.all([import('@ag-ui/mcp-apps-middleware'), import('@ag-ui/client'), import('rxjs')]);

  class ScriptedAgent extends AbstractAgent {
    run(input) {
      return new Observable((subscriber) => {
        subscriber.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
        const toolMessage = (input.messages ?? []).find((message) => message.role === 'tool');
        if (toolMessage) {
          const messageId = `text-${input.runId}`;
          subscriber.next({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
          subscriber.next({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: 'Done.' });
          subscriber.next({ type: EventType.TEXT_MESSAGE_END, messageId });
        } else {
          const toolCallId = `call-${toolName}-${input.runId}`;
          subscriber.next({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: toolName, parentMessageId: `msg-${input.runId}` });
          subscriber.next({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: '{}' });
          subscriber.next({ type: EventType.TOOL_CALL_END, toolCallId });
        }
        subscriber.next({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId });
        subscriber.complete();
      });
    }
  }

  const middleware = new MCPAppsMiddleware({ mcpServers: [{ type: 'http', url: mcpUrl, serverId }] });
  const events = [];
  const backend = (input, res, encoder) =>
    new Promise((resolve) => {
      const agent = new ScriptedAgent({ threadId: input.threadId });
      const subscription = middleware.run(input, agent).subscribe({
        next: (event) => {
          events.push(event);
          res.write(encoder.encodeSSE(event));
        },
        error: (error) => {
          res.write(encoder.encodeSSE({ type: 'RUN_ERROR', message: String(error?.message ?? error) }));
          res.end();
          resolve();
        },
        complete: () => {
          res.end();
          resolve();
        },
      });
      res.on('close', () => {
        subscription.unsubscribe();
        resolve();
      });
    });
  return { backend, middleware, events };
}
