/**
 * Keeps tabs in step: after a write, a tab announces it on a BroadcastChannel and the other tabs
 * (of the same page or any page of the origin using the same database name) reload what changed.
 * Incoming messages are validated; malformed ones are ignored. Without BroadcastChannel it does
 * nothing.
 */
import * as z from 'zod/mini';
import { newId } from '../internal/ids.js';

export type SyncMessage = { kind: 'saved' | 'renamed' | 'deleted'; threadId: string; updated?: number };

const envelopeSchema = z.object({
  source: z.literal('agent-chat'),
  tab: z.string(),
  message: z.object({
    kind: z.enum(['saved', 'renamed', 'deleted']),
    threadId: z.string(),
    updated: z.optional(z.number()),
  }),
});

export class ThreadSync {
  /** Random per instance: an instance ignores what it sent itself. */
  private readonly tab = newId();
  private channel?: BroadcastChannel;

  constructor(name: string, onMessage: (message: SyncMessage) => void) {
    if (typeof BroadcastChannel !== 'function') return;
    try {
      this.channel = new BroadcastChannel('agent-chat:' + name);
    } catch {
      return; // e.g. an opaque origin
    }
    this.channel.addEventListener('message', (event: MessageEvent) => {
      const parsed = envelopeSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.tab === this.tab) return;
      const { kind, threadId, updated } = parsed.data.message;
      onMessage(updated === undefined ? { kind, threadId } : { kind, threadId, updated });
    });
  }

  /** Tells the other tabs; does nothing once closed or without BroadcastChannel. */
  announce(message: SyncMessage): void {
    try {
      this.channel?.postMessage({ source: 'agent-chat', tab: this.tab, message });
    } catch {
      // closed, or the message cannot be cloned: other tabs simply do not hear of it
    }
  }

  close(): void {
    this.channel?.close();
    this.channel = undefined;
  }
}
