/**
 * JSON-RPC over postMessage with one app frame. Unlike a catch-all listener it takes messages only
 * from that frame's window and, when the frame has a real origin (the sandbox proxy), only from
 * that origin — and sends only to it. An opaque-origin frame can only be addressed with "*";
 * there the window identity is the check.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  constructor(
    private readonly frame: () => Window | null,
    private readonly origin: string,
  ) {}

  private readonly listener = (event: MessageEvent) => {
    const source = this.frame();
    if (!source || event.source !== source) return;
    if (this.origin !== '*' && event.origin !== this.origin) return;
    const data: unknown = event.data;
    if (!data || typeof data !== 'object' || (data as { jsonrpc?: unknown }).jsonrpc !== '2.0') return;
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
