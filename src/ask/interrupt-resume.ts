/**
 * When a reply paused on AG-UI interrupts can go on, and the resume entries it goes on with (which
 * are still open: `conversation/interrupt-state.ts`). On the first load: the session reads it.
 */
import { isOpen } from '../conversation/interrupt-state.js';
import type { AssistantTurn } from '../conversation/types.js';
import type { ResumeEntry } from '../protocol/contract.js';

/**
 * The resume entries that address every interrupt of the reply not sent yet, once none is still
 * open: the answers given, and `cancelled` for those that expired unanswered (never answered late).
 * Undefined while one is still open, or when there is nothing to send.
 */
export function resumeEntries(reply: AssistantTurn, now = Date.now()): ResumeEntry[] | undefined {
  const unsent = (reply.interrupts ?? []).filter((entry) => !entry.sent);
  if (unsent.length === 0 || unsent.some((entry) => isOpen(entry, now))) return undefined;
  return unsent.map(({ interrupt, response }) =>
    response ? { interruptId: interrupt.id, ...response } : { interruptId: interrupt.id, status: 'cancelled', metadata: { 'agent-chat': { expired: true } } },
  );
}

/** Whether the person answered any of these (an all-expired set does not continue the reply by itself). */
export function anyAnswered(entries: readonly ResumeEntry[]): boolean {
  return entries.some((entry) => !(entry.metadata?.['agent-chat'] as { expired?: boolean } | undefined)?.expired);
}
