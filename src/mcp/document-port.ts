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

/** What the app document's bootstrap tells of the focus: the person pressed in it, or the app tried to take it. */
export type FocusSignal = 'press' | 'grab';

export const PORT_REQUEST = 'agent-chat/app-port';
/** Sent over the port by the bootstrap as its document goes away for good (not into the back/forward cache). */
export const PORT_LEAVING = 'agent-chat/app-leaving';

/** Sent by the bootstrap on its second port when the person presses a pointer in the app's document. */
export const PORT_PRESS = 'agent-chat/app-press';
/** Sent by the bootstrap on that port when the app tried to take the focus with no press of the person's. */
export const PORT_GRAB = 'agent-chat/app-grab';
/** Sent to the bootstrap on that port: give the focus back to what the person's press focused. */
export const PORT_REFOCUS = 'agent-chat/app-refocus';
/** How long after the person's press or key in the app its own `focus()` calls may move the focus (ms). */
const APP_PRESS_MS = 1000;

/**
 * The bootstrap, as the first script of the app's document. Besides the app's port it makes a
 * second one, for the person's presses (trusted `pointerdown` events, seen before any listener
 * of the app's): the app's code never holds that port, and the functions the bootstrap uses on it
 * are taken before the app runs, so the app cannot report a press of its own making. It also makes
 * `focus()` do nothing while the app's document does not hold the focus, unless the person just
 * pressed in it (such a try is reported, nothing is told to the app). An app can get round that in
 * its own realm; the chat's focus guard, outside the frame, is what holds.
 */
export const BOOTSTRAP = `(() => {
  const host = window.parent;
  if (host === window) return;
  const apply = Reflect.apply;
  const post = MessagePort.prototype.postMessage;
  const dataOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data').get;
  const hasFocus = Document.prototype.hasFocus;
  const clock = performance;
  const now = Performance.prototype.now;
  const focusOf = HTMLElement.prototype.focus;
  const windowFocus = window.focus;
  const channel = new MessageChannel();
  const port = channel.port1;
  const presses = new MessageChannel();
  const press = presses.port1;
  const stand = new MessageChannel().port1;
  stand.postMessage = (data, _origin, transfer) => apply(post, port, [data, Array.isArray(transfer) ? transfer : []]);
  window.parent = stand;
  const origin = (location.ancestorOrigins && location.ancestorOrigins[0]) || '';
  port.onmessage = (message) => dispatchEvent(new MessageEvent('message', { data: message.data, source: stand, origin, ports: [...message.ports] }));
  let focused = null;
  let pressedAt = -Infinity;
  const pressed = (event) => event.isTrusted && (pressedAt = apply(now, clock, []));
  addEventListener('pointerdown', (event) => pressed(event) && apply(post, press, [${JSON.stringify(PORT_PRESS)}]), true);
  addEventListener('keydown', pressed, true);
  addEventListener('focusin', (event) => { if (event.isTrusted) focused = event.target; }, true);
  const guarded = (original) => function (...args) {
    if (apply(hasFocus, document, []) || apply(now, clock, []) - pressedAt < ${APP_PRESS_MS}) return apply(original, this, args);
    apply(post, press, [${JSON.stringify(PORT_GRAB)}]);
  };
  HTMLElement.prototype.focus = guarded(focusOf);
  SVGElement.prototype.focus = guarded(SVGElement.prototype.focus);
  if (typeof MathMLElement === 'function') MathMLElement.prototype.focus = guarded(MathMLElement.prototype.focus);
  window.focus = guarded(windowFocus);
  press.onmessage = (message) => {
    if (apply(dataOf, message, []) !== ${JSON.stringify(PORT_REFOCUS)}) return;
    try { apply(focusOf, focused, []); } catch { apply(windowFocus, window, []); }
  };
  addEventListener('pagehide', (event) => event.persisted || apply(post, port, [{ type: ${JSON.stringify(PORT_LEAVING)} }]));
  host.postMessage({ type: ${JSON.stringify(PORT_REQUEST)} }, '*', [channel.port2, presses.port2]);
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
  private presses?: MessagePort;
  private queue: unknown[] = [];
  private closed = false;

  constructor(
    private readonly frame: () => Window | null,
    private readonly received: (data: unknown) => void,
    /** Another document asked, or the bound one went away. */
    private readonly left: () => void,
    /** The person pressed a pointer in the app's document, or the app tried to take the focus. */
    private readonly focusSignal?: (signal: FocusSignal) => void,
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
    this.presses = event.ports[1];
    if (this.presses) {
      this.presses.onmessage = (message) => {
        const signal = message.data === PORT_PRESS ? 'press' : message.data === PORT_GRAB ? 'grab' : undefined;
        if (signal && !this.closed) this.focusSignal?.(signal);
      };
    }
    for (const queued of this.queue) this.port.postMessage(queued);
    this.queue = [];
    return true;
  }

  send(data: unknown): void {
    if (this.closed) return;
    if (this.port) this.port.postMessage(data);
    else this.queue.push(data);
  }

  /** Lets the app's document focus again what the person's last press focused in it. */
  refocus(): void {
    if (!this.closed) this.presses?.postMessage(PORT_REFOCUS);
  }

  close(): void {
    this.closed = true;
    this.port?.close();
    this.presses?.close();
    this.queue = [];
  }

  private leave(): void {
    if (this.closed) return;
    this.close();
    this.left();
  }
}
