/**
 * Whether the queued messages wait for the person: they go one per reply that ends well, so after
 * a reply that failed or was stopped they stay until the person sends them (or sends another
 * message, or a later reply ends well); while the agent's questions wait in their form, they go
 * once the form is answered. Pure; the queue's view reads it.
 */
import { openAsks } from '../../conversation/selectors.js';
import type { Turn } from '../../conversation/types.js';

/**
 * What holds the queue while no reply streams: the last reply failed (`error`) or was stopped
 * (`cancelled`), or a question form waits for the person (`waiting`); else undefined.
 */
export function queueHold(turns: readonly Turn[], busy: boolean): 'error' | 'cancelled' | 'waiting' | undefined {
  const last = turns[turns.length - 1];
  if (busy || last?.role !== 'assistant') return undefined;
  if (last.status === 'error' || last.status === 'cancelled') return last.status;
  return openAsks(turns).some((call) => call.ask?.by === 'form') ? 'waiting' : undefined;
}
