/**
 * An MCP server with sessions, as hosted servers run: one McpServer and transport per session
 * (Streamable HTTP, the SDK's Node transport), the GET stream for server messages, DELETE to end a
 * session, 404 for a session it does not know. Hooks let a test make it forget every session (a
 * restart), go away and come back on the same port, and add a tool to every live session (which
 * sends `notifications/tools/list_changed`). CORS as a browser client needs it.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const CORS = {
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

/** Serves `createServer()` (a new McpServer per session) at `/mcp` on loopback. */
export async function startSessionMcpServer(createServer) {
  /** session id → { transport, server } */
  const sessions = new Map();
  const log = { initialized: 0, deleted: 0, unknownSession: 0, toolCalls: [], versions: [] };

  async function handle(req, res) {
    for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/mcp') return res.writeHead(404).end();
    const sessionId = req.headers['mcp-session-id'];
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    for (const message of [body].flat()) if (message?.method === 'tools/call') log.toolCalls.push(message.params?.name);
    if (req.headers['mcp-protocol-version']) log.versions.push(req.headers['mcp-protocol-version']);
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session) {
        log.unknownSession += 1;
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
      }
      if (req.method === 'DELETE') log.deleted += 1;
      return session.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST') return res.writeHead(400).end('A session id is required');
    const server = createServer();
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        log.initialized += 1;
        sessions.set(id, { transport, server });
      },
      onsessionclosed: (id) => sessions.delete(id),
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  const listener = (req, res) =>
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  let server = http.createServer(listener);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();

  const stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    log,
    sessions,
    /** Every live session's server (to register tools on). */
    servers: () => [...sessions.values()].map((session) => session.server),
    /** The server restarts: it knows no session any more. */
    forgetSessions: () => sessions.clear(),
    /** The server goes away (connections refused) until `comeBack()`. */
    goAway: async () => {
      sessions.clear();
      await stop();
    },
    comeBack: async () => {
      server = http.createServer(listener);
      await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: stop,
  };
}
