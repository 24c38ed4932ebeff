// The dice app's side of the MCP Apps postMessage channel: JSON-RPC with the window that embeds the
// app (the chat, or the sandbox proxy in between). It does what ext-apps' default transport for
// an `App` does, without its `console.debug` line for every message sent and received, which
// would land in the console of the page the chat is on.

import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';

/** @implements {import('@modelcontextprotocol/core').Transport} */
export class ParentTransport {
  /** @type {((message: import('@modelcontextprotocol/core').JSONRPCMessage) => void) | undefined} */
  onmessage;
  /** @type {((error: Error) => void) | undefined} */
  onerror;
  /** @type {(() => void) | undefined} */
  onclose;

  /** @param {MessageEvent} event */
  #listener = (event) => {
    if (event.source !== window.parent) return;
    if (event.data?.jsonrpc !== '2.0') return; // not for us
    const parsed = JSONRPCMessageSchema.safeParse(event.data);
    if (parsed.success) this.onmessage?.(parsed.data);
    else this.onerror?.(new Error(`Invalid JSON-RPC message: ${parsed.error.message}`));
  };

  async start() {
    window.addEventListener('message', this.#listener);
  }

  /** @param {import('@modelcontextprotocol/core').JSONRPCMessage} message */
  async send(message) {
    // The app cannot know the host's origin (an opaque-origin frame, or a proxy on another origin).
    window.parent.postMessage(message, '*');
  }

  async close() {
    window.removeEventListener('message', this.#listener);
    this.onclose?.();
  }
}
