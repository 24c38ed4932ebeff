/**
 * JSON-RPC over postMessage with one app frame. Unlike a catch-all listener it takes messages only
 * from that frame's window, and only from the origin expected there: the sandbox proxy's, or
 * "null" for an opaque-origin app document (a page the frame navigated to has another). It sends
 * only to the proxy's origin; an opaque-origin frame can only be addressed with "*".
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/** What the sandbox proxy sends when the app's frame navigated away from the app. */
export const APP_LEFT = 'ui/notifications/sandbox-app-left';

export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The sandbox proxy says the app navigated away (not a message for the bridge). */
  onappleft?: () => void;

  /**
   * @param origin where messages are sent: the frame's origin, or "*" for an opaque one.
   * @param from the origin messages must come from ("null" for an opaque-origin document).
   */
  constructor(
    private readonly frame: () => Window | null,
    private readonly origin: string,
    private readonly from: string,
  ) {}

  private readonly listener = (event: MessageEvent) => {
    const source = this.frame();
    if (!source || event.source !== source || event.origin !== this.from) return;
    const data: unknown = event.data;
    if (!data || typeof data !== 'object' || (data as { jsonrpc?: unknown }).jsonrpc !== '2.0') return;
    if ((data as { method?: unknown }).method === APP_LEFT) {
      this.onappleft?.();
      return;
    }
    this.onmessage?.(data as JSONRPCMessage);
  };

  async start(): Promise<void> {
    window.addEventListener('message', this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.frame()?.postMessage(message, this.origin);
  }

  async close(): Promise<void> {
    window.removeEventListener('message', this.listener);
    this.onclose?.();
  }
}
