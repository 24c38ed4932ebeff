/**
 * Whether the queued messages wait for the person: they go one per reply that ends well, so after
 * a reply that failed or was stopped they stay until the person sends them (or sends another
 * message, or a later reply ends well). Pure; the queue's view reads it.
 */
import type { Turn } from '../../conversation/types.js';

/** How the last reply ended when it holds the queue (`error` or `cancelled`), while no reply streams; else undefined. */
export function queueHold(turns: readonly Turn[], busy: boolean): 'error' | 'cancelled' | undefined {
  const last = turns[turns.length - 1];
  if (busy || last?.role !== 'assistant') return undefined;
  return last.status === 'error' || last.status === 'cancelled' ? last.status : undefined;
}
