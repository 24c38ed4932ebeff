/**
 * Binds an app session to one document of its frame. Every document a sandboxed frame shows has
 * the origin "null" and the same window, so neither tells the app apart from a page it navigated
 * to. Instead the app's document carries a bootstrap (put in before the app's own code) that makes
 * a `MessageChannel` as the document starts and hands one end to the parent with its first
 * message; the session then speaks only over that port, which only that document holds. A later
 * request is another document: the app has left.
 *
 * The bootstrap stands a proxy in for `window.parent`, so an app written for plain postMessage
 * (ext-apps' `PostMessageTransport(window.parent, window.parent)`) works unchanged: what it posts to
 * `parent` goes over the port, and what arrives on the port is dispatched to it as a message
 * event from `parent`. Used by the chat (single frame) and by the sandbox proxy (its inner frame).
 */
import { injectCsp } from './csp.js';

export const PORT_REQUEST = 'agent-chat/app-port';
/** Sent over the port by the bootstrap as its document goes away for good (not into the back/forward cache). */
export const PORT_LEAVING = 'agent-chat/app-leaving';

/** The bootstrap, as the first script of the app's document. */
export const BOOTSTRAP = `(() => {
  const host = window.parent;
  if (host === window) return;
  const channel = new MessageChannel();
  const port = channel.port1;
  const stand = new MessageChannel().port1;
  stand.postMessage = (data, _origin, transfer) => port.postMessage(data, Array.isArray(transfer) ? transfer : []);
  window.parent = stand;
  const origin = (location.ancestorOrigins && location.ancestorOrigins[0]) || '';
  port.onmessage = (message) => dispatchEvent(new MessageEvent('message', { data: message.data, source: stand, origin, ports: [...message.ports] }));
  addEventListener('pagehide', (event) => event.persisted || port.postMessage({ type: ${JSON.stringify(PORT_LEAVING)} }));
  host.postMessage({ type: ${JSON.stringify(PORT_REQUEST)} }, '*', [channel.port2]);
})();`;

/** The app's document as the frame gets it: its policy, then the bootstrap, then the app. */
export function appDocument(html: string, policy: string): string {
  return injectCsp(html, policy, `<script>${BOOTSTRAP}</script>`);
}

/**
 * The parent's side: takes the port of the first request from `frame()` and relays what comes over
 * it. Anything else the frame's window posts is not the app's and is not heard.
 */
export class DocumentPort {
  private port?: MessagePort;
  private queue: unknown[] = [];
  private closed = false;

  constructor(
    private readonly frame: () => Window | null,
    private readonly received: (data: unknown) => void,
    /** Another document asked, or the bound one went away. */
    private readonly left: () => void,
  ) {}

  /** Takes a window message if it is a port request from the frame; returns whether it was. */
  handle(event: MessageEvent): boolean {
    const frame = this.frame();
    if (this.closed || !frame || event.source !== frame) return false;
    const data = event.data as { type?: unknown } | null;
    if (!data || typeof data !== 'object' || data.type !== PORT_REQUEST) return false;
    if (this.port || !event.ports[0]) {
      this.leave();
      return true;
    }
    this.port = event.ports[0];
    this.port.onmessage = (message) => {
      const value = message.data as { type?: unknown } | null;
      if (value && typeof value === 'object' && value.type === PORT_LEAVING) this.leave();
      else if (!this.closed) this.received(message.data);
    };
    for (const queued of this.queue) this.port.postMessage(queued);
    this.queue = [];
    return true;
  }

  send(data: unknown): void {
    if (this.closed) return;
    if (this.port) this.port.postMessage(data);
    else this.queue.push(data);
  }

  close(): void {
    this.closed = true;
    this.port?.close();
    this.queue = [];
  }

  private leave(): void {
    if (this.closed) return;
    this.close();
    this.left();
  }
}
