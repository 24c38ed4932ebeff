/**
 * The MCP Apps sandbox proxy (`dist/sandbox.html`), served from an origin of its own. The chat
 * loads it in an iframe; it says `ui/notifications/sandbox-proxy-ready`, receives the app with
 * `ui/notifications/sandbox-resource-ready {html, csp, permissions}`, runs it in an inner
 * `sandbox="allow-scripts"` frame (opaque origin) under the app's CSP, and relays every other
 * message between the chat and the app. It trusts only its parent window, pinned to the origin
 * that embedded it, and only the app's own document in its inner frame (bound by a port, as the
 * chat binds it without a proxy): a page the app navigates to is not heard.
 *
 * An app on a domain of its own (`_meta.ui.domain`) runs one frame further in: the proxy, on the
 * shared `default.` name, loads this same page from the app's domain (`#app`), which takes the
 * app's document from the proxy and becomes it — so the app has that origin, and its proxy is
 * another origin it cannot reach.
 */
import { allowAttribute, buildCsp } from '../mcp/csp.js';
import { DocumentPort, appDocument } from '../mcp/document-port.js';
import { APP_FOCUS_SIGNAL, APP_LEFT, APP_REFOCUS } from '../mcp/frame-transport.js';

/** The page on an app's own domain is ready for the app's document; the proxy's answer. */
const APP_PAGE_READY = 'agent-chat/app-page-ready';
const APP_PAGE_DOCUMENT = 'agent-chat/app-page-document';
import { APP_SANDBOX, DEDICATED_APP_SANDBOX } from '../mcp/mcp-types.js';
import { APP_LABEL, DEFAULT_LABEL } from '../mcp/app-origin.js';

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
  /** An app on its own domain: that page's origin, and the document it is to become (once). */
  let appPage: { origin: string; html?: string } | undefined;

  window.addEventListener('message', (event) => {
    if (stopped || port.handle(event)) return;
    if (appPage && event.source === app.contentWindow && event.origin === appPage.origin && (event.data as { type?: unknown } | null)?.type === APP_PAGE_READY) {
      // The page on the app's domain is up: it gets the app's document once; asking again is the frame gone elsewhere.
      if (appPage.html === undefined) stop();
      else app.contentWindow!.postMessage({ type: APP_PAGE_DOCUMENT, html: appPage.html }, appPage.origin);
      appPage.html = undefined;
      return;
    }
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
      if (typeof params.html !== 'string' || app.hasAttribute('srcdoc') || appPage) return;
      // The chat sends only the features the page grants; the outer frame's allow bounds them too.
      app.allow = allowAttribute(params.permissions as never);
      const html = appDocument(params.html, buildCsp(params.csp as never).policy);
      const domainPage = ownDomainPage(params.appPage);
      if (domainPage) {
        appPage = { origin: domainPage.origin, html };
        app.setAttribute('sandbox', DEDICATED_APP_SANDBOX);
        app.src = `${domainPage.href}#app`;
      } else app.srcdoc = html;
      return;
    }
    port.send(message);
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, hostOrigin ?? '*');
}

/**
 * The page on an app's own domain, when `value` is one this proxy may load: this very page (same
 * scheme, port and path) on a sibling name `<label>.<suffix>` of its own `default.<suffix>`, the
 * label one the chat derives. Anything else runs the app opaque.
 */
function ownDomainPage(value: unknown): URL | undefined {
  if (typeof value !== 'string' || !location.hostname.startsWith(`${DEFAULT_LABEL}.`)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const [label, ...rest] = url.hostname.split('.');
  const sibling = url.protocol === location.protocol && url.port === location.port && url.pathname === location.pathname;
  return sibling && APP_LABEL.test(label) && rest.join('.') === location.hostname.slice(DEFAULT_LABEL.length + 1) ? url : undefined;
}

/**
 * This page on an app's own domain (`#app`): inside the proxy on the shared name, it asks that
 * proxy for the app's document and becomes it. It takes it only from the proxy of its own sandbox
 * (`default.` and the same suffix, port and path), and only once.
 */
function becomeApp(): void {
  const proxy = new URL(location.href);
  proxy.hostname = `${DEFAULT_LABEL}.${location.hostname.split('.').slice(1).join('.')}`;
  const parentOrigin = location.ancestorOrigins?.[0] ?? (document.referrer ? new URL(document.referrer).origin : '');
  if (window.parent === window || parentOrigin !== proxy.origin || !APP_LABEL.test(location.hostname.split('.')[0])) {
    document.body.textContent = 'This page runs an MCP App for <agent-chat>; it only works inside the chat.';
    return;
  }
  const receive = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; html?: unknown } | null;
    if (event.source !== window.parent || event.origin !== proxy.origin || data?.type !== APP_PAGE_DOCUMENT || typeof data.html !== 'string') return;
    removeEventListener('message', receive);
    document.open();
    document.write(data.html);
    document.close();
  };
  addEventListener('message', receive);
  window.parent.postMessage({ type: APP_PAGE_READY }, proxy.origin);
}

if (location.hash === '#app') becomeApp();
else start();
