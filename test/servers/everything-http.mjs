/**
 * The MCP reference server, `@modelcontextprotocol/server-everything`, over Streamable HTTP as its
 * own `streamableHttp` entry serves it — a session per client (its session resources need one),
 * CORS for a browser client — but on 127.0.0.1 and a free port (its CLI binds every interface on
 * a fixed one). Its tools return every kind of content: images, resource links, embedded text and
 * blob resources, annotated content, structured content.
 */
import http from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer } from '@modelcontextprotocol/server-everything/dist/server/index.js';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Expose-Headers': 'mcp-session-id, mcp-protocol-version, last-event-id',
};

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** Serves server-everything at `path`; `calls` counts `tools/call` by tool name. */
export async function startEverythingServer({ path = '/mcp' } = {}) {
  /** session id → { transport, server, cleanup } */
  const sessions = new Map();
  const calls = {};

  const close = async (entry) => {
    entry.cleanup(entry.transport.sessionId);
    await entry.transport.close().catch(() => {});
    await entry.server.close().catch(() => {});
  };

  async function handle(req, res) {
    for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
    // Whatever headers the client asks to send (as the `cors` package the server's own entry uses does).
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'content-type');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const sessionId = req.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (req.method !== 'POST') {
      if (!known) return res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"jsonrpc":"2.0","error":{"code":-32000,"message":"No valid session"},"id":null}');
      if (req.method === 'DELETE') res.on('close', () => sessions.delete(sessionId));
      return known.transport.handleRequest(req, res);
    }
    const body = await readJson(req);
    for (const message of Array.isArray(body) ? body : [body]) {
      if (message?.method === 'tools/call') calls[message.params?.name] = (calls[message.params?.name] ?? 0) + 1;
    }
    if (known) return known.transport.handleRequest(req, res, body);
    if (sessionId) return res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}');
    // No session yet: an initialize request starts one; anything else is refused by the transport.
    const { server, cleanup } = createServer();
    const entry = { server, cleanup };
    entry.transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => sessions.set(id, entry),
    });
    await server.connect(entry.transport);
    await entry.transport.handleRequest(req, res, body);
    if (!entry.transport.sessionId) await close(entry);
  }

  const httpServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return res.writeHead(404).end();
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.end();
    });
  });
  await new Promise((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address();
  return {
    url: `http://127.0.0.1:${port}${path}`,
    calls,
    async close() {
      for (const entry of sessions.values()) await close(entry);
      sessions.clear();
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer.close(() => resolve()));
    },
  };
}
