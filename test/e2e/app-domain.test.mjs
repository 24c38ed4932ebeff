/**
 * An MCP App's own origin (`_meta.ui.domain`): with a `sandbox-url` whose host begins with
 * `{domain}`, every app's proxy is on the shared `default` name, and an app whose resource asks for
 * its server's domain (32 hex digits of the SHA-256 of the server's address) runs inside it in a
 * page on that domain, with that origin — and cannot reach its proxy; a server that asks for
 * another's domain, and an app that asks for none, run opaque; without `{domain}` the request is
 * ignored with a console note. The sandbox is served as the docs ask, with `frame-ancestors`. The
 * built bundle in Chromium, on loopback: `*.localhost` names reach 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { startMcpServer } from '../../demo/mcp-http.mjs';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt, mcpServerChild, startPageServer, waitFor } from './mcp-fixtures.mjs';
import { namedToolBackend, startSandboxOrigin } from '../servers/app-pages.mjs';

/** The label of the server at `url`: what the chat derives, and what the server must ask for. */
const labelOf = (url) => createHash('sha256').update(url).digest('hex').slice(0, 32);

/**
 * Serves dist/sandbox.html on every name of one port, as a wildcard sandbox domain would, with
 * `frame-ancestors` naming the pages that may embed it and the shared proxy name.
 */
async function startWildcardSandbox(pageOrigins) {
  const html = await readFile(new URL('../../dist/sandbox.html', import.meta.url));
  let port = 0;
  const server = http.createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/sandbox.html') return void res.writeHead(404).end();
    const ancestors = [...pageOrigins(), `http://default.localhost:${port}`].join(' ');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': `frame-ancestors ${ancestors}` }).end(html);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = server.address().port;
  return { port, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

const APP_MIME = 'text/html;profile=mcp-app';
/** A bare MCP App: it says it is initialized, then shows its origin and whether it can reach the frame around it. */
const APP_HTML = `<!doctype html><html><body><p id="state">starting</p><script>
let id = 0;
const send = (m) => parent.postMessage(m, '*');
addEventListener('message', (event) => {
  const m = event.data;
  if (m && m.id === 1 && m.result) {
    send({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    document.getElementById('state').textContent = 'ready ' + self.origin + ' ' + (window.frameElement ? 'reached' : 'walled');
  } else if (m && m.method && m.id !== undefined) send({ jsonrpc: '2.0', id: m.id, result: {} });
});
send({ jsonrpc: '2.0', id: ++id, method: 'ui/initialize', params: { protocolVersion: '2026-01-26', appInfo: { name: 'domain app', version: '1' }, appCapabilities: {} } });
</script></body></html>`;

/** A server with one app tool, `tool`, whose resource asks for `domain()` (when it gives one). */
function appServer(tool, domain) {
  return () => {
    const server = new McpServer({ name: tool, version: '1.0.0' });
    const uri = `ui://domain/${tool}.html`;
    server.registerTool(tool, { description: 'Shows the app.', inputSchema: z.object({}), _meta: { ui: { resourceUri: uri } } }, async () => ({
      content: [{ type: 'text', text: 'shown' }],
    }));
    server.registerResource(tool, uri, { mimeType: APP_MIME }, async (url) => ({
      contents: [{ uri: url.href, mimeType: APP_MIME, text: APP_HTML, ...(domain() ? { _meta: { ui: { domain: domain() } } } : {}) }],
    }));
    return server;
  };
}

const page = (sandboxUrl, servers) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Domains</title></head><body>
  <agent-chat endpoint="/agent" style="height: 860px; display: block" sandbox-url="${sandboxUrl}">${servers.map(([name, url]) => mcpServerChild(name, url)).join('')}</agent-chat>
  <script type="module" src="/dist/agent-chat.js"></script></body></html>`;

/** The state line of the app in the `index`th card, in its document inside the proxy's frame. */
async function appState(tab, index = 0) {
  const state = tab.frameLocator('agent-chat agent-chat-app-frame iframe').nth(index).frameLocator('iframe').locator('#state');
  return waitFor(
    async () => {
      const text = (await state.textContent({ timeout: 1000 }).catch(() => '')) ?? '';
      return text.startsWith('ready') ? text : undefined;
    },
    { timeout: 15_000, message: 'the app is ready' },
  );
}

describe('MCP Apps on a domain of their own', { timeout: 120_000 }, () => {
  let browser;
  let sandbox;
  let wildcard;
  const pageOrigins = [];
  const servers = [];
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    sandbox = await startSandboxOrigin();
    wildcard = await startWildcardSandbox(() => pageOrigins);
    browser = await launchChromium();
    // `own` asks for its own domain; `thief` asks for the same one; `plain` for none.
    const ownDomain = () => `${labelOf(servers[0].url)}.localhost`;
    servers.push(await startMcpServer(appServer('show_own', ownDomain)));
    servers.push(await startMcpServer(appServer('show_thief', ownDomain)));
    servers.push(await startMcpServer(appServer('show_plain', () => undefined)));
  });
  after(async () => {
    await browser?.close();
    await sandbox?.close();
    await wildcard?.close();
    for (const server of servers) await server.close();
  });

  const children = () => [
    ['own', servers[0].url],
    ['thief', servers[1].url],
    ['plain', servers[2].url],
  ];

  it('runs an app that asks for its server’s domain with that origin, walled off from its proxy; no other app there', async () => {
    const site = await startPageServer(namedToolBackend, { page: page(`http://{domain}.localhost:${wildcard.port}/sandbox.html`, children()) });
    pageOrigins.push(new URL(site.url).origin);
    const tab = await browser.newPage();
    const notes = [];
    tab.on('console', (message) => notes.push(message.text()));
    try {
      await tab.goto(site.url);
      const ownOrigin = `http://${labelOf(servers[0].url)}.localhost:${wildcard.port}`;
      const shared = `http://default.localhost:${wildcard.port}`;
      await chatTurn(tab, 'show_own');
      assert.equal(await appState(tab), `ready ${ownOrigin} walled`, 'its own origin, and not its proxy’s');
      const proxies = tab.locator('agent-chat agent-chat-app-frame iframe');
      assert.equal(new URL(await proxies.first().getAttribute('src')).origin, shared, 'its proxy is on the shared name');

      await chatTurn(tab, 'show_thief');
      assert.equal(await appState(tab, 1), 'ready null walled', 'another server asking for that domain runs opaque');
      assert.equal(new URL(await proxies.nth(1).getAttribute('src')).origin, shared);
      assert.ok(
        notes.some((note) => /domain "[0-9a-f]{32}\.localhost" is ignored: this server's domain is "[0-9a-f]{32}\.localhost"/.test(note)),
        notes.join('\n'),
      );

      await chatTurn(tab, 'show_plain');
      assert.equal(await appState(tab, 2), 'ready null walled', 'an app asking for no domain runs opaque');

      // Shown again, it is on the same origin again.
      await chatTurn(tab, 'show_own');
      assert.equal(await appState(tab, 3), `ready ${ownOrigin} walled`);
    } finally {
      await tab.close();
      await site.close();
    }
  });

  it('ignores the domain, with a console note, when the sandbox-url gives none', async () => {
    const site = await startPageServer(namedToolBackend, { page: page(sandbox.url, children()) });
    const tab = await browser.newPage();
    const notes = [];
    tab.on('console', (message) => notes.push(message.text()));
    try {
      await tab.goto(site.url);
      await chatTurn(tab, 'show_own');
      assert.equal(await appState(tab), 'ready null walled');
      assert.ok(
        notes.some((note) => /is ignored: the sandbox-url has no \{domain\}/.test(note)),
        notes.join('\n'),
      );
    } finally {
      await tab.close();
      await site.close();
    }
  });
});
