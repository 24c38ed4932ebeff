/**
 * An MCP App's own origin (`_meta.ui.domain`): with a `sandbox-url` whose host begins with
 * `{domain}`, an app whose resource asks for its server's domain runs in the sandbox proxy served
 * there, with that origin; a server that asks for another's domain, and an
 * app that asks for none, run on the shared `default` name in an opaque origin; without
 * `{domain}` the request is ignored with a console note. The built bundle in Chromium, on
 * loopback: `*.localhost` names reach 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { startMcpServer } from '../../demo/mcp-http.mjs';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt, mcpServerChild, startPageServer, waitFor } from './mcp-fixtures.mjs';
import { namedToolBackend, startSandboxOrigin } from '../servers/app-pages.mjs';

const APP_MIME = 'text/html;profile=mcp-app';
/** A bare MCP App: it says it is initialized, then shows its origin. */
const APP_HTML = `<!doctype html><html><body><p id="state">starting</p><script>
let id = 0;
const send = (m) => parent.postMessage(m, '*');
addEventListener('message', (event) => {
  const m = event.data;
  if (m && m.id === 1 && m.result) {
    send({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    document.getElementById('state').textContent = 'ready ' + self.origin;
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

/** The state line of the newest app, in its document inside the proxy's frame. */
async function appState(tab) {
  const state = tab.frameLocator('agent-chat agent-chat-app-frame iframe').last().frameLocator('iframe').locator('#state');
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
  const servers = [];
  let own;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    sandbox = await startSandboxOrigin();
    browser = await launchChromium();
    // The server at 127.0.0.1:PORT may have `127-0-0-1-PORT.localhost`; `thief` asks for the same.
    own = await startMcpServer(appServer('show_own', () => `127-0-0-1-${new URL(own.url).port}.localhost`));
    const thief = await startMcpServer(appServer('show_thief', () => `127-0-0-1-${new URL(own.url).port}.localhost`));
    const plain = await startMcpServer(appServer('show_plain', () => undefined));
    servers.push(own, thief, plain);
  });
  after(async () => {
    await browser?.close();
    await sandbox?.close();
    for (const server of servers) await server.close();
  });

  const sandboxPort = () => new URL(sandbox.url).port;
  const children = () => [
    ['own', servers[0].url],
    ['thief', servers[1].url],
    ['plain', servers[2].url],
  ];

  it('runs an app that asks for its server’s domain with that origin, and no other app there', async () => {
    const site = await startPageServer(namedToolBackend, { page: page(`http://{domain}.localhost:${sandboxPort()}/sandbox.html`, children()) });
    const tab = await browser.newPage();
    const notes = [];
    tab.on('console', (message) => notes.push(message.text()));
    try {
      await tab.goto(site.url);
      const ownOrigin = `http://127-0-0-1-${new URL(own.url).port}.localhost:${sandboxPort()}`;
      await chatTurn(tab, 'show_own');
      assert.equal(await appState(tab), `ready ${ownOrigin}`, 'its own origin');
      const proxies = tab.locator('agent-chat agent-chat-app-frame iframe');
      assert.equal(new URL(await proxies.last().getAttribute('src')).origin, ownOrigin);

      await chatTurn(tab, 'show_thief');
      assert.equal(await appState(tab), 'ready null', 'another server asking for that domain runs opaque');
      assert.equal(new URL(await proxies.last().getAttribute('src')).hostname, 'default.localhost', 'on the shared name');
      assert.ok(
        notes.some((note) => /domain "127-0-0-1-\d+\.localhost" is ignored: this server's domain is "127-0-0-1-\d+\.localhost"/.test(note)),
        notes.join('\n'),
      );

      await chatTurn(tab, 'show_plain');
      assert.equal(await appState(tab), 'ready null', 'an app asking for no domain runs opaque');

      // Shown again, it is on the same origin again.
      await chatTurn(tab, 'show_own');
      assert.equal(await appState(tab), `ready ${ownOrigin}`);
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
      assert.equal(await appState(tab), 'ready null');
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
