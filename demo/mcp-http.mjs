/**
 * Serves an MCP server over Streamable HTTP, stateless: a fresh server and transport per request
 * (an McpServer holds one transport), with the CORS headers a browser client needs. Used by the
 * demo and by the tests, for our own servers and for the official example servers alike.
 */
import http from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

/** The CORS headers a browser client of an MCP server needs (any origin; the MCP request headers allowed, the session's exposed). */
export const MCP_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, mcp-method, mcp-name, last-event-id',
  'Access-Control-Expose-Headers': 'mcp-session-id, mcp-protocol-version',
};

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/**
 * Answers one HTTP request with a server from `createServer()`. `onMessage(message)` sees each
 * JSON-RPC message first (to count calls). Returns once the response is handled.
 */
export async function handleMcpRequest(createServer, req, res, { onMessage } = {}) {
  for (const [name, value] of Object.entries(MCP_CORS_HEADERS)) res.setHeader(name, value);
  if (req.method === 'OPTIONS') {
    res.writeHead(204).end();
    return;
  }
  if (req.method === 'GET') {
    // The client's optional stream for server-initiated messages. A stateless server never sends
    // any, but answering 405 (which the spec allows) makes browsers log a failed load; an idle
    // stream that ends when the client goes is quieter.
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write(': idle\n\n');
    return;
  }
  if (req.method !== 'POST') {
    // Stateless: no sessions to end.
    res.writeHead(405, { Allow: 'GET, POST, OPTIONS' }).end();
    return;
  }
  let body;
  try {
    body = await readJson(req);
  } catch {
    res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}');
    return;
  }
  for (const message of Array.isArray(body) ? body : [body]) onMessage?.(message);
  // A 2025-era server: a client asking whether it speaks 2026-07-28 hears "no such method" (the SDK's
  // own transport would answer 400, which browsers log as a failed load).
  if (body?.method === 'server/discover' && body.id !== undefined) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'Method not found' } }));
    return;
  }
  const server = createServer();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

/** Counts `tools/call` requests by tool name. */
export function callCounter() {
  const calls = {};
  return {
    calls,
    onMessage(message) {
      if (message?.method === 'tools/call') calls[message.params?.name] = (calls[message.params?.name] ?? 0) + 1;
    },
    reset() {
      for (const key of Object.keys(calls)) delete calls[key];
    },
  };
}

/** Serves `createServer` at `path` on host:port (port 0 picks a free one). */
export async function startMcpServer(createServer, { host = '127.0.0.1', port = 0, path = '/mcp' } = {}) {
  const counter = callCounter();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    handleMcpRequest(createServer, req, res, { onMessage: counter.onMessage }).catch((error) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}${path}`,
    port: address.port,
    calls: counter.calls,
    resetCalls: counter.reset,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
