/**
 * JSON-RPC with one app frame. Without the sandbox proxy, the app document is bound to the session
 * by its own `MessagePort` (see `document-port.ts`): nothing the frame's window posts otherwise is
 * heard. Behind the proxy, messages are taken only from the proxy's window and origin (the proxy
 * binds the app's document to itself the same way), and sent only to that origin.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { DocumentPort, type FocusSignal } from './document-port.js';

/** What the sandbox proxy sends when the app's frame navigated away from the app. */
export const APP_LEFT = 'ui/notifications/sandbox-app-left';
/** What the sandbox proxy sends when the app's document tells of the focus (`params.signal`). */
export const APP_FOCUS_SIGNAL = 'ui/notifications/sandbox-app-focus';
/** What the chat sends the proxy to let the app's document focus again what the press focused. */
export const APP_REFOCUS = 'ui/notifications/sandbox-app-refocus';

export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The app's document is gone: another document asked for the port, or the proxy says so. */
  onappleft?: () => void;
  /** The person pressed a pointer in the app's document, or the app tried to take the focus (never the app's word). */
  onfocussignal?: (signal: FocusSignal) => void;
  private readonly port?: DocumentPort;

  /** @param proxyOrigin the sandbox proxy's origin; without it the frame holds the app itself. */
  constructor(
    private readonly frame: () => Window | null,
    private readonly proxyOrigin?: string,
  ) {
    if (!proxyOrigin) {
      this.port = new DocumentPort(
        frame,
        (data) => this.receive(data),
        () => this.onappleft?.(),
        (signal) => this.onfocussignal?.(signal),
      );
    }
  }

  private readonly listener = (event: MessageEvent) => {
    if (this.port) {
      this.port.handle(event);
      return;
    }
    const source = this.frame();
    if (!source || event.source !== source || event.origin !== this.proxyOrigin) return;
    const data = event.data as { method?: unknown; params?: { signal?: unknown } } | null;
    if (data?.method === APP_LEFT) this.onappleft?.();
    else if (data?.method === APP_FOCUS_SIGNAL) {
      const signal = data.params?.signal;
      if (signal === 'press' || signal === 'grab') this.onfocussignal?.(signal);
    } else this.receive(event.data);
  };

  private receive(data: unknown): void {
    if (!data || typeof data !== 'object' || (data as { jsonrpc?: unknown }).jsonrpc !== '2.0') return;
    this.onmessage?.(data as JSONRPCMessage);
  }

  async start(): Promise<void> {
    window.addEventListener('message', this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.port) this.port.send(message);
    else this.frame()?.postMessage(message, this.proxyOrigin!);
  }

  /** After a press the chat first refused: the app's document may focus what it pressed. */
  refocus(): void {
    if (this.port) this.port.refocus();
    else this.frame()?.postMessage({ jsonrpc: '2.0', method: APP_REFOCUS, params: {} }, this.proxyOrigin!);
  }

  async close(): Promise<void> {
    window.removeEventListener('message', this.listener);
    this.port?.close();
    this.onclose?.();
  }
}
