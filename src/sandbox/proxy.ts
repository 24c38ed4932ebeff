/**
 * The MCP Apps sandbox proxy (`dist/sandbox.html`), served from an origin of its own. The chat
 * loads it in an iframe; it says `ui/notifications/sandbox-proxy-ready`, receives the app with
 * `ui/notifications/sandbox-resource-ready {html, csp, permissions}`, runs it in an inner
 * `sandbox="allow-scripts"` frame (opaque origin) under the app's CSP, and relays every other
 * message between the chat and the app. It trusts only its parent window, pinned to the origin
 * that embedded it, and only its own inner frame.
 */
import { allowAttribute, buildCsp, injectCsp } from '../mcp/csp.js';
import { APP_LEFT } from '../mcp/frame-transport.js';
import { APP_SANDBOX } from '../mcp/types.js';

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

  // The app's document loads once; another load is the frame going elsewhere (the app navigating
  // itself): whatever is there now is not the app, and is not relayed.
  let loads = 0;
  let stopped = false;
  app.addEventListener('load', () => {
    if (!app.hasAttribute('srcdoc') || stopped || ++loads === 1) return;
    stopped = true;
    app.removeAttribute('srcdoc');
    app.src = 'about:blank';
    if (hostOrigin) window.parent.postMessage({ jsonrpc: '2.0', method: APP_LEFT, params: {} }, hostOrigin);
  });

  window.addEventListener('message', (event) => {
    if (stopped) return;
    if (event.source === window.parent) {
      // Without a referrer, the first message from the parent pins its origin.
      hostOrigin ??= event.origin;
      if (event.origin !== hostOrigin) return;
      const message = event.data as { method?: string; params?: Record<string, unknown> } | null;
      if (message?.method === 'ui/notifications/sandbox-resource-ready') {
        const params = message.params ?? {};
        if (typeof params.html !== 'string') return;
        app.allow = allowAttribute(params.permissions as never);
        app.srcdoc = injectCsp(params.html, buildCsp(params.csp as never).policy);
        return;
      }
      app.contentWindow?.postMessage(message, '*');
    } else if (event.source === app.contentWindow && event.origin === 'null' && hostOrigin) {
      window.parent.postMessage(event.data, hostOrigin);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, hostOrigin ?? '*');
}

start();
