/**
 * A real MCP server (TypeScript SDK) for the browser tests, mounted on web-test-runner's dev
 * server at `/mcp/probe`. Its app is a "probe": a page speaking raw MCP Apps JSON-RPC that reports
 * everything the host sends it (and what its sandbox lets it do) back through
 * `notifications/message`, and obeys `{probe: …}` commands the test posts into its frame.
 * `GET /mcp/probe-calls` answers the `tools/call` counts; `POST /mcp/probe-control` resets them or
 * takes the server down (`{down: true}`) to test an unreachable server. `GET /mcp/probe-streams`
 * answers how many of the clients' standing GET streams are open.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { callCounter, handleMcpRequest } from '../../demo/mcp-http.mjs';

const APP_MIME = 'text/html;profile=mcp-app';

/** `capabilities`: what the probe declares in its `ui/initialize` (`appCapabilities`). */
function probePage(fetchUrl, capabilities = {}) {
  return `<!doctype html><html><head><title>probe</title></head><body><p id="state">starting</p><input id="grab" aria-label="grab"><dialog id="modal"><input aria-label="in the dialog"></dialog><script>
const FETCH_URL = ${JSON.stringify(fetchUrl)};
let nextId = 0;
const pending = new Map();
const send = (message) => parent.postMessage(message, '*');
const request = (method, params) => new Promise((resolve) => { const id = ++nextId; pending.set(id, resolve); send({ jsonrpc: '2.0', id, method, params }); });
const notify = (method, params) => send({ jsonrpc: '2.0', method, params });
const report = (data) => notify('notifications/message', { level: 'info', logger: 'probe', data });
window.addEventListener('message', async (event) => {
  const m = event.data;
  // Commands come from the test page (directly, or relayed by the sandbox proxy); the host speaks as parent.
  if (!(m && m.probe) && event.source !== parent) return;
  if (m && m.probe) {
    if (m.probe === 'call') report({ callResult: (await request('tools/call', { name: m.name, arguments: m.arguments || {} })).result, name: m.name });
    if (m.probe === 'read') report({ readResult: await request('resources/read', { uri: m.uri }) });
    if (m.probe === 'list') report({ listResult: await request(m.method, {}) });
    if (m.probe === 'message') report({ messageResult: (await request('ui/message', { role: 'user', content: [{ type: 'text', text: m.text }] })).result });
    if (m.probe === 'context') { const answer = await request('ui/update-model-context', { structuredContent: m.value }); report({ contextResult: answer.result, contextError: answer.error }); }
    if (m.probe === 'link') report({ linkResult: (await request('ui/open-link', { url: m.url })).result });
    if (m.probe === 'download') { const answer = await request('ui/download-file', { contents: m.contents }); report({ downloadResult: answer.result, downloadError: answer.error }); }
    if (m.probe === 'mode') report({ modeResult: (await request('ui/request-display-mode', { mode: m.mode })).result });
    if (m.probe === 'navigate') location.href = m.url;
    // A hostile app: it takes the focus, and takes it back whenever it loses it.
    if (m.probe === 'steal-focus') { const grab = document.getElementById('grab'); grab.focus(); addEventListener('blur', () => setTimeout(() => grab.focus(), 0)); }
    // A hostile app that borrows a click elsewhere: it takes the focus back by opening a modal dialog
    // (past the check on its own focus() calls) whenever it loses it, and asks for full screen every 50 ms.
    if (m.probe === 'dialog-mode') {
      const modal = document.getElementById('modal');
      addEventListener('blur', () => setTimeout(() => { if (modal.open) modal.close(); modal.showModal(); }, 0));
      setInterval(async () => report({ modeResult: (await request('ui/request-display-mode', { mode: 'fullscreen' })).result }), 50);
    }
    if (m.probe === 'size') notify('ui/notifications/size-changed', { width: 300, height: m.height });
    if (m.probe === 'close') notify('ui/notifications/request-teardown', {});
    if (m.probe === 'font') { const style = document.createElement('style'); style.textContent = m.css; document.head.append(style); const faces = await document.fonts.load('16px "' + m.family + '"').catch(() => []); report({ fontFaces: faces.length, family: m.family }); }
    return;
  }
  if (!m || m.jsonrpc !== '2.0') return;
  if (m.id !== undefined && !m.method && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); return; }
  if (m.method) {
    report({ received: m.method, params: m.params });
    if (m.id !== undefined) send({ jsonrpc: '2.0', id: m.id, result: {} });
  }
});
(async () => {
  const init = await request('ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'probe', version: '1.0.0' }, appCapabilities: ${JSON.stringify(capabilities)} });
  report({ init: init.result });
  const security = {};
  try { void parent.document.title; security.dom = 'readable'; } catch { security.dom = 'blocked'; }
  try { void document.cookie; security.cookie = 'readable'; } catch { security.cookie = 'blocked'; }
  try { indexedDB.open('probe'); security.indexedDB = 'opened'; } catch { security.indexedDB = 'blocked'; }
  try { top.location.href = '/escaped-from-the-sandbox'; security.navigate = 'attempted'; } catch { security.navigate = 'blocked'; }
  security.fetch = await fetch(FETCH_URL).then((r) => 'ok:' + r.status, () => 'blocked');
  // Held back on purpose: the host must queue everything until this.
  await new Promise((resolve) => setTimeout(resolve, 150));
  notify('ui/notifications/initialized', {});
  document.getElementById('state').textContent = 'ready';
  report({ security });
})();
</script></body></html>`;
}

export function createProbeServer(origin) {
  const server = new McpServer({ name: 'probe', version: '1.0.0' }, { capabilities: { resources: {} } });
  const ui = (uri, extra = {}) => ({ ui: { resourceUri: uri, ...extra } });
  server.registerTool(
    'show_probe',
    { title: 'Probe', description: 'Shows the probe app.', inputSchema: z.object({ value: z.string().optional() }), _meta: ui('ui://probe/app.html') },
    async ({ value }) => ({ content: [{ type: 'text', text: `probe:${value ?? ''}` }], structuredContent: { value: value ?? null } }),
  );
  server.registerTool(
    'show_probe_modes',
    { description: 'The probe app, declaring the display modes inline and full screen only.', inputSchema: z.object({}), _meta: ui('ui://probe/modes.html') },
    async () => ({ content: [{ type: 'text', text: 'modes probe' }] }),
  );
  server.registerTool(
    'show_probe_connect',
    { description: 'The probe app, allowed to connect to the test origin.', inputSchema: z.object({}), _meta: ui('ui://probe/connect.html') },
    async () => ({ content: [{ type: 'text', text: 'connect probe' }] }),
  );
  server.registerTool('show_probe_blob', { description: 'The probe app, served as a base64 blob.', inputSchema: z.object({}), _meta: ui('ui://probe/blob.html') }, async () => ({
    content: [{ type: 'text', text: 'blob probe' }],
  }));
  server.registerTool(
    'show_probe_camera',
    { description: 'The probe app, asking for the camera and clipboard.', inputSchema: z.object({}), _meta: ui('ui://probe/camera.html') },
    async () => ({ content: [{ type: 'text', text: 'camera probe' }] }),
  );
  server.registerTool(
    'show_probe_self',
    { description: 'The probe app, allowed to connect to another origin, fetching a URL relative to the page.', inputSchema: z.object({}), _meta: ui('ui://probe/self.html') },
    async () => ({ content: [{ type: 'text', text: 'self probe' }] }),
  );
  server.registerTool('app_only', { description: 'Only for apps.', inputSchema: z.object({}), _meta: { ui: { visibility: ['app'] } } }, async () => ({
    content: [{ type: 'text', text: 'app-only ran' }],
  }));
  server.registerTool('model_only', { description: 'Only for the model.', inputSchema: z.object({}), _meta: { ui: { visibility: ['model'] } } }, async () => ({
    content: [{ type: 'text', text: 'model-only ran' }],
  }));
  server.registerTool('counted', { description: 'Counts its calls.', inputSchema: z.object({ n: z.number().optional() }) }, async ({ n }) => ({
    content: [{ type: 'text', text: `counted ${n ?? 0}` }],
  }));
  const page = (uri, fetchUrl, meta) => ({ contents: [{ uri, mimeType: APP_MIME, text: probePage(fetchUrl), ...(meta ? { _meta: meta } : {}) }] });
  server.registerResource('probe', 'ui://probe/app.html', { mimeType: APP_MIME }, async (uri) => page(uri.href, `${origin}/mcp/probe-ping`));
  // A template, for apps that list them (`resources/templates/list`).
  server.registerResource('probe-note', new ResourceTemplate('probe://notes/{id}', { list: undefined }), { mimeType: 'text/plain' }, async (uri, { id }) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: `note ${id}` }],
  }));
  server.registerResource('probe-modes', 'ui://probe/modes.html', { mimeType: APP_MIME }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: APP_MIME, text: probePage(`${origin}/mcp/probe-ping`, { availableDisplayModes: ['inline', 'fullscreen'] }) }],
  }));
  server.registerResource('probe-connect', 'ui://probe/connect.html', { mimeType: APP_MIME }, async (uri) =>
    page(uri.href, `${origin}/mcp/probe-ping`, { ui: { csp: { connectDomains: [origin] } } }),
  );
  server.registerResource('probe-self', 'ui://probe/self.html', { mimeType: APP_MIME }, async (uri) =>
    page(uri.href, '/mcp/probe-ping', { ui: { csp: { connectDomains: ['https://api.example.com'] } } }),
  );
  server.registerResource('probe-camera', 'ui://probe/camera.html', { mimeType: APP_MIME }, async (uri) =>
    page(uri.href, `${origin}/mcp/probe-ping`, { ui: { permissions: { camera: {}, clipboardWrite: {} } } }),
  );
  server.registerResource('probe-blob', 'ui://probe/blob.html', { mimeType: APP_MIME, _meta: { ui: { prefersBorder: false } } }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: APP_MIME, blob: Buffer.from(probePage(`${origin}/mcp/probe-ping`), 'utf8').toString('base64') }],
  }));
  return server;
}

/** web-test-runner middleware: the probe server and its controls. */
export function mcpProbeServer() {
  const counter = callCounter();
  let down = false;
  let openStreams = 0;
  return async (ctx, next) => {
    if (ctx.path === '/mcp/probe-streams') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = String(openStreams);
      return;
    }
    if (ctx.path === '/mcp/probe-calls') {
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(counter.calls);
      return;
    }
    if (ctx.path === '/mcp/probe-elsewhere') {
      // A page an app may navigate its frame to: it tries to speak to the host as the app, at once
      // (before its load event, which an image that never loads holds off for good), and asks for
      // the app's port as the app's own bootstrap would.
      ctx.type = 'text/html';
      ctx.body = `<!doctype html><script>
const post = (message) => parent.postMessage(message, '*');
const attempts = (send) => {
  send({ jsonrpc: '2.0', id: 901, method: 'tools/call', params: { name: 'counted', arguments: {} } });
  send({ jsonrpc: '2.0', id: 902, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'sent from elsewhere' }] } });
  send({ jsonrpc: '2.0', id: 903, method: 'ui/update-model-context', params: { structuredContent: { elsewhere: true } } });
  send({ jsonrpc: '2.0', id: 904, method: 'ui/request-display-mode', params: { mode: 'fullscreen' } });
  send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { elsewhere: true } } });
};
addEventListener('message', (event) => { if (event.data && event.data.jsonrpc) post({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { elsewhere: true, heard: event.data } } }); });
const channel = new MessageChannel();
channel.port1.onmessage = (event) => post({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { elsewhere: true, heard: event.data } } });
parent.postMessage({ type: 'agent-chat/app-port' }, '*', [channel.port2]);
attempts((message) => channel.port1.postMessage(message));
attempts(post);
setInterval(() => attempts(post), 50);
</script><img src="/mcp/probe-hang" alt="">`;
      return;
    }
    if (ctx.path === '/mcp/probe-hang') {
      // Never answers (for a while): what it is in never finishes loading.
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      ctx.body = '';
      return;
    }
    if (ctx.path === '/mcp/probe-ping') {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.body = 'pong';
      return;
    }
    if (ctx.path === '/mcp/probe-control' && ctx.method === 'POST') {
      const chunks = [];
      for await (const chunk of ctx.req) chunks.push(chunk);
      const control = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      if (control.reset) counter.reset();
      if (typeof control.down === 'boolean') down = control.down;
      ctx.body = 'ok';
      return;
    }
    // `/mcp/probe-twin`: the same server at a second address (two servers offering the same tools).
    if (ctx.path !== '/mcp/probe' && ctx.path !== '/mcp/probe-twin') return next();
    if (down) {
      ctx.status = 503;
      ctx.body = 'down';
      return;
    }
    ctx.respond = false;
    if (ctx.method === 'GET') {
      // The client's standing stream: counted, so a test can see the chat let go of it.
      openStreams += 1;
      ctx.res.on('close', () => (openStreams -= 1));
    }
    const origin = `http://${ctx.req.headers.host}`;
    await handleMcpRequest(() => createProbeServer(origin), ctx.req, ctx.res, { onMessage: counter.onMessage });
  };
}
