/**
 * The set-up shared by the app end-to-end tests (test/e2e/app-*.test.mjs): the focus apps' MCP
 * server, a second origin serving only the built sandbox proxy, and a page server whose scripted
 * model calls the tool named by the person's message. Everything on 127.0.0.1, ports picked free.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMcpServer } from '../../demo/mcp-http.mjs';
import { mcpServerChild, startPageServer } from '../e2e/mcp-fixtures.mjs';
import { focusAppServer } from './app-focus-server.mjs';

const SANDBOX_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'sandbox.html');
/** The name the page gives the apps' server: what their cards must show. */
export const SOURCE_NAME = 'focus-apps';

/** Serves dist/sandbox.html (and nothing else) on an origin of its own. */
export async function startSandboxOrigin() {
  const server = http.createServer(async (req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/sandbox.html' || !existsSync(SANDBOX_FILE)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(await readFile(SANDBOX_FILE));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/sandbox.html`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** The model calls the tool the person names (as a client tool); after its result, says it is done. */
function namedToolBackend(input, res, encoder) {
  const send = (event) => res.write(encoder.encodeSSE(event));
  send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
  const messages = input.messages ?? [];
  const last = messages.at(-1);
  if (last?.role === 'tool') {
    const messageId = `text-${input.runId}`;
    send({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' });
    send({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: 'Shown.' });
    send({ type: 'TEXT_MESSAGE_END', messageId });
    send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
  } else {
    const name = String(typeof last?.content === 'string' ? last.content : '').trim();
    const toolCallId = `call-${name}-${input.runId}`;
    send({ type: 'TOOL_CALL_START', toolCallId, toolCallName: name, parentMessageId: `msg-${input.runId}` });
    send({ type: 'TOOL_CALL_ARGS', toolCallId, delta: '{}' });
    send({ type: 'TOOL_CALL_END', toolCallId });
    send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, outcome: { type: 'success', pendingToolCallIds: [toolCallId] } });
  }
  res.end();
}

/** The test page: a password field of the page's own, then the chat (with `sandbox-url` when given). */
function appPage(mcpUrl, sandboxUrl) {
  const sandbox = sandboxUrl ? ` sandbox-url="${sandboxUrl}"` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App e2e</title></head><body>
  <label>Password <input id="pw" type="password" autocomplete="off"></label>
  <agent-chat endpoint="/agent" heading="Apps e2e" style="height: 860px; display: block"${sandbox}>${mcpServerChild(SOURCE_NAME, mcpUrl)}</agent-chat>
  <script type="module" src="/dist/agent-chat.js"></script>
</body></html>`;
}

/**
 * Starts everything; `pageUrl(mode)` is the page with the app in an opaque frame (`opaque`) or in
 * the sandbox proxy on the second origin (`proxy`).
 */
export async function startAppServers() {
  const { createServer, record } = focusAppServer();
  const mcp = await startMcpServer(createServer);
  const sandbox = await startSandboxOrigin();
  const opaque = await startPageServer(namedToolBackend, { page: appPage(mcp.url) });
  const proxy = await startPageServer(namedToolBackend, { page: appPage(mcp.url, sandbox.url) });
  return {
    record,
    pageUrl: (mode) => (mode === 'proxy' ? proxy.url : opaque.url),
    close: () => Promise.all([mcp.close(), sandbox.close(), opaque.close(), proxy.close()]),
  };
}

/** The app's own document: inside the proxy's frame with `sandbox-url`, else the chat's frame itself. */
export function appDocument(page, mode) {
  const outer = page.frameLocator('agent-chat agent-chat-app-frame iframe').last();
  return mode === 'proxy' ? outer.frameLocator('iframe') : outer;
}
