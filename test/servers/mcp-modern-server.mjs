/**
 * An MCP server that speaks the 2026-07-28 revision (the SDK's `createMcpHandler`: per-request
 * serving, `server/discover`, input requests carried in results), and 2025-era traffic statelessly.
 * Records the `MCP-Protocol-Version` of every request. CORS as a browser client needs it.
 */
import http from 'node:http';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { MCP_CORS_HEADERS } from '../../demo/mcp-http.mjs';

/** Serves `createServer()` (a new McpServer per request) at `/mcp` on loopback. */
export async function startModernMcpServer(createServer) {
  const versions = [];
  const handle = toNodeHandler(createMcpHandler(createServer));
  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(MCP_CORS_HEADERS)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/mcp') return res.writeHead(404).end();
    versions.push(req.headers['mcp-protocol-version'] ?? '(none)');
    Promise.resolve(handle(req, res)).catch((error) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    versions,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
