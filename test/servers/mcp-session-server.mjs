/**
 * An MCP server with sessions (demo/mcp-sessions.mjs) on a port of its own. Hooks let a test make
 * it forget every session (a restart), go away and come back on the same port, and add a tool to
 * every live session (which sends `notifications/tools/list_changed`). CORS as a browser client needs it.
 */
import http from 'node:http';
import { createSessionHandler } from '../../demo/mcp-sessions.mjs';
import { MCP_CORS_HEADERS } from '../../demo/mcp-http.mjs';

/** Serves `createServer()` (a new McpServer per session) at `/mcp` on loopback. */
export async function startSessionMcpServer(createServer) {
  const { handle: handleSession, sessions, log } = createSessionHandler(createServer);

  async function handle(req, res) {
    for (const [name, value] of Object.entries(MCP_CORS_HEADERS)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/mcp') return res.writeHead(404).end();
    return handleSession(req, res);
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
