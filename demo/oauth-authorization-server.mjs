/**
 * A small OAuth 2.1 authorization server on the MCP SDK's own router (`mcpAuthRouter`): RFC 8414
 * metadata, dynamic client registration, PKCE S256, `resource` indicators, refresh tokens, with the
 * CORS headers the SDK's handlers send. Sign-in is a consent page with Allow / Deny (no accounts:
 * everyone is "demo-user"). Everything is kept in memory. Used by the demo and the tests, which
 * also use its hooks to expire or revoke tokens.
 */
import { randomBytes } from 'node:crypto';
import express from 'express';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';

const token = () => randomBytes(24).toString('base64url');

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function consentPage({ id, clientName, resource, scopes }) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1.25rem;margin-right:.5rem}</style></head>
<body><h1>Sign in</h1>
<p><strong>${escapeHtml(clientName)}</strong> asks to use <strong>${escapeHtml(resource)}</strong> as demo-user${scopes.length ? `, with: ${escapeHtml(scopes.join(', '))}` : ''}.</p>
<form method="post" action="consent"><input type="hidden" name="id" value="${escapeHtml(id)}">
<button name="decision" value="allow">Allow</button><button name="decision" value="deny">Deny</button></form></body></html>`;
}

/**
 * Starts the server on host:port (0: a free port). `accessTokenSeconds`: how long an access token
 * lives. `registration: false` offers no dynamic registration (clients must be pre-registered
 * through `clients`).
 */
export async function startAuthorizationServer({ host = '127.0.0.1', port = 0, accessTokenSeconds = 3600, registration = true, scopes = ['notes'] } = {}) {
  const clients = new Map();
  const pending = new Map();
  const codes = new Map();
  const accessTokens = new Map();
  const refreshTokens = new Map();
  /** Every token request, by grant type: what the tests check refreshes against. */
  const tokenRequests = [];

  const clientsStore = {
    getClient: (id) => clients.get(id),
    ...(registration
      ? {
          registerClient(client) {
            const full = { ...client, client_id: `client-${token()}`, client_id_issued_at: Math.floor(Date.now() / 1000) };
            clients.set(full.client_id, full);
            return full;
          },
        }
      : {}),
  };

  function issue(grant) {
    const access = token();
    const refresh = token();
    accessTokens.set(access, { ...grant, expiresAt: Date.now() + accessTokenSeconds * 1000 });
    refreshTokens.set(refresh, grant);
    return { access_token: access, token_type: 'Bearer', expires_in: accessTokenSeconds, refresh_token: refresh, scope: grant.scopes.join(' ') };
  }

  const provider = {
    clientsStore,
    async authorize(client, params, res) {
      const id = token();
      pending.set(id, { client, params });
      res.type('html').send(consentPage({ id, clientName: client.client_name ?? client.client_id, resource: params.resource?.href ?? 'this server', scopes: params.scopes ?? [] }));
    },
    async challengeForAuthorizationCode(_client, code) {
      const entry = codes.get(code);
      if (!entry) throw new Error('Unknown authorization code');
      return entry.params.codeChallenge;
    },
    async exchangeAuthorizationCode(client, code, _verifier, redirectUri, resource) {
      tokenRequests.push('authorization_code');
      const entry = codes.get(code);
      codes.delete(code);
      if (!entry || entry.client.client_id !== client.client_id) throw new Error('Invalid authorization code');
      if (redirectUri && redirectUri !== entry.params.redirectUri) throw new Error('redirect_uri does not match');
      if (resource && entry.params.resource && resource.href !== entry.params.resource.href) throw new Error('resource does not match');
      return issue({ clientId: client.client_id, scopes: entry.params.scopes ?? [], resource: entry.params.resource?.href });
    },
    async exchangeRefreshToken(client, refresh, askedScopes) {
      tokenRequests.push('refresh_token');
      const grant = refreshTokens.get(refresh);
      if (!grant || grant.clientId !== client.client_id) throw new Error('Invalid refresh token');
      refreshTokens.delete(refresh);
      return issue({ ...grant, scopes: askedScopes?.length ? askedScopes : grant.scopes });
    },
    async verifyAccessToken(access) {
      const grant = accessTokens.get(access);
      if (!grant || grant.expiresAt < Date.now()) throw new Error('Invalid or expired token');
      return { token: access, clientId: grant.clientId, scopes: grant.scopes, expiresAt: Math.floor(grant.expiresAt / 1000), resource: grant.resource && new URL(grant.resource) };
    },
  };

  const app = express();
  const server = await new Promise((resolve) => {
    const listening = app.listen(port, host, () => resolve(listening));
  });
  const issuer = new URL(`http://${host}:${server.address().port}/`);
  app.use(mcpAuthRouter({ provider, issuerUrl: issuer, scopesSupported: scopes }));
  app.post('/consent', express.urlencoded({ extended: false }), (req, res) => {
    const entry = pending.get(req.body.id);
    pending.delete(req.body.id);
    if (!entry) return res.status(400).type('text').send('This sign-in has expired; start again from the chat.');
    const back = new URL(entry.params.redirectUri);
    if (entry.params.state !== undefined) back.searchParams.set('state', entry.params.state);
    if (req.body.decision === 'allow') {
      const code = token();
      codes.set(code, entry);
      back.searchParams.set('code', code);
    } else {
      back.searchParams.set('error', 'access_denied');
    }
    res.redirect(302, back.href);
  });

  return {
    issuer: issuer.href,
    url: issuer.href,
    provider,
    clients,
    tokenRequests,
    /** Every access token stops working now (refresh tokens still do). */
    expireAccessTokens: () => accessTokens.clear(),
    /** Every token stops working: the person must sign in again. */
    revokeAll: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
