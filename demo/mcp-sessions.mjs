/**
 * Serving an MCP server with sessions, as hosted servers run: one McpServer and transport per
 * session (Streamable HTTP, the SDK's Node transport), the GET stream for server messages, DELETE
 * to end a session, 404 for a session it does not know. A session is what lets a server ask the
 * person something mid-call (elicitation) and hear the answer. Used by the demo and the tests.
 */
import { randomUUID } from 'node:crypto';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/**
 * `handle(req, res)` answers one request to the MCP endpoint (CORS and the path are the caller's
 * business). `log` counts what happened; `sessions` maps session ids to `{ transport, server }`.
 */
export function createSessionHandler(createServer) {
  const sessions = new Map();
  const log = { initialized: 0, deleted: 0, unknownSession: 0, toolCalls: [], versions: [] };

  async function handle(req, res) {
    const sessionId = req.headers['mcp-session-id'];
    let body;
    try {
      body = req.method === 'POST' ? await readJson(req) : undefined;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}');
    }
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

  return { handle, sessions, log };
}
