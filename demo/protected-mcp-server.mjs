/**
 * An MCP server that requires OAuth, as hosted servers do: without a valid bearer token for it,
 * every request gets 401 with `WWW-Authenticate: Bearer resource_metadata="…"`, and its protected
 * resource metadata (RFC 9728) names the authorization server. Tokens are checked by the
 * authorization server of demo/oauth-authorization-server.mjs, audience included. With sessions
 * (mcp-sessions.mjs), so it can ask the person things mid-call. CORS as a browser client needs it,
 * `WWW-Authenticate` exposed. Used by the demo and the tests.
 */
import http from 'node:http';
import { createSessionHandler } from './mcp-sessions.mjs';
import { createNotesServer } from './notes-tools.mjs';
import { MCP_CORS_HEADERS } from './mcp-http.mjs';

const CORS = { ...MCP_CORS_HEADERS, 'Access-Control-Expose-Headers': 'mcp-session-id, mcp-protocol-version, www-authenticate' };

/**
 * Serves `createServer` at `/mcp`, protected by `authorizationServer` (from
 * startAuthorizationServer). `requests` records each request's method and whether it was let in.
 * `advertiseScopes: false`: neither the 401 nor the metadata names the scopes (the client picks).
 * `refuseEveryToken`: a valid token still gets 403 `insufficient_scope` (a server that never lets the client in).
 */
export async function startProtectedMcpServer(
  authorizationServer,
  { host = '127.0.0.1', port = 0, createServer = createNotesServer, scopes = ['notes'], advertiseScopes = true, refuseEveryToken = false } = {},
) {
  const requests = [];
  const sessions = createSessionHandler(createServer);
  let base = '';
  const metadataPath = '/.well-known/oauth-protected-resource/mcp';
  const server = http.createServer(async (req, res) => {
    for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (url.pathname === metadataPath) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const metadata = { resource: `${base}/mcp`, authorization_servers: [authorizationServer.issuer], bearer_methods_supported: ['header'] };
      return res.end(JSON.stringify(advertiseScopes ? { ...metadata, scopes_supported: scopes } : metadata));
    }
    if (url.pathname !== '/mcp') return res.writeHead(404).end();
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    let grant;
    try {
      grant = bearer ? await authorizationServer.provider.verifyAccessToken(bearer) : undefined;
    } catch {
      grant = undefined;
    }
    const audienceOk = grant && (!grant.resource || grant.resource.href === `${base}/mcp`);
    requests.push({ method: req.method, authorized: !!audienceOk });
    if (!audienceOk) {
      const scope = advertiseScopes ? `, scope="${scopes.join(' ')}"` : '';
      const challenge = `Bearer resource_metadata="${base}${metadataPath}"${scope}${bearer ? ', error="invalid_token"' : ''}`;
      res.writeHead(401, { 'www-authenticate': challenge, 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: bearer ? 'invalid_token' : 'unauthorized' }));
    }
    if (refuseEveryToken) {
      res.writeHead(403, {
        'www-authenticate': `Bearer error="insufficient_scope", scope="${scopes.join(' ')} admin", resource_metadata="${base}${metadataPath}"`,
        'content-type': 'application/json',
      });
      return res.end(JSON.stringify({ error: 'insufficient_scope' }));
    }
    await sessions.handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  base = `http://${host}:${server.address().port}`;
  return {
    url: `${base}/mcp`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
