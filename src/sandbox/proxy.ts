/**
 * The MCP Apps sandbox proxy (`dist/sandbox.html`), served from an origin of its own. The chat
 * loads it in an iframe; it says `ui/notifications/sandbox-proxy-ready`, receives the app with
 * `ui/notifications/sandbox-resource-ready {html, csp, permissions}`, runs it in an inner
 * `sandbox="allow-scripts"` frame (opaque origin) under the app's CSP, and relays every other
 * message between the chat and the app. It trusts only its parent window, pinned to the origin
 * that embedded it, and only the app's own document in its inner frame (bound by a port, as the
 * chat binds it without a proxy): a page the app navigates to is not heard.
 */
import { allowAttribute, buildCsp } from '../mcp/csp.js';
import { DocumentPort, appDocument } from '../mcp/document-port.js';
import { APP_FOCUS_SIGNAL, APP_LEFT, APP_REFOCUS } from '../mcp/frame-transport.js';
import { APP_SANDBOX, DEDICATED_APP_SANDBOX } from '../mcp/mcp-types.js';
import { DEFAULT_LABEL } from '../mcp/app-origin.js';

function start(): void {
  if (window.parent === window) {
    document.body.textContent = 'This page runs MCP Apps for <agent-chat>; it only works inside the chat.';
    return;
  }
  let hostOrigin: string | undefined;
  try {
    hostOrigin = document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    hostOrigin = undefined;
  }
  const app = document.createElement('iframe');
  app.setAttribute('sandbox', APP_SANDBOX);
  app.title = 'app';
  document.body.append(app);

  const toHost = (data: unknown) => hostOrigin && window.parent.postMessage(data, hostOrigin);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    port.close();
    app.removeAttribute('srcdoc');
    app.src = 'about:blank';
    toHost({ jsonrpc: '2.0', method: APP_LEFT, params: {} });
  };
  // What only the proxy may tell the chat is never relayed from the app.
  const own = new Set<unknown>([APP_LEFT, APP_FOCUS_SIGNAL]);
  const port = new DocumentPort(
    () => app.contentWindow,
    (data) => own.has((data as { method?: unknown } | null)?.method) || toHost(data),
    stop,
    (signal) => toHost({ jsonrpc: '2.0', method: APP_FOCUS_SIGNAL, params: { signal } }),
  );
  // The app's document loads once; another load is the frame going elsewhere.
  let loads = 0;
  app.addEventListener('load', () => {
    if (app.hasAttribute('srcdoc') && !stopped && ++loads > 1) stop();
  });

  window.addEventListener('message', (event) => {
    if (stopped || port.handle(event)) return;
    if (event.source !== window.parent) return;
    // Without a referrer, the first message from the parent pins its origin.
    hostOrigin ??= event.origin;
    if (event.origin !== hostOrigin) return;
    const message = event.data as { method?: string; params?: Record<string, unknown> } | null;
    if (message?.method === APP_REFOCUS) {
      port.refocus();
      return;
    }
    if (message?.method === 'ui/notifications/sandbox-resource-ready') {
      const params = message.params ?? {};
      if (typeof params.html !== 'string' || app.hasAttribute('srcdoc')) return;
      // The chat sends only the features the page grants; the outer frame's allow bounds them too.
      app.allow = allowAttribute(params.permissions as never);
      // An app on a domain of its own runs with this origin; any other, opaque.
      if (params.sandbox === DEDICATED_APP_SANDBOX && location.hostname.split('.')[0] !== DEFAULT_LABEL) app.setAttribute('sandbox', DEDICATED_APP_SANDBOX);
      app.srcdoc = appDocument(params.html, buildCsp(params.csp as never).policy);
      return;
    }
    port.send(message);
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, hostOrigin ?? '*');
}

start();
