/**
 * The state of a reply's interrupts and questions, read from the conversation: which are still
 * open, when the next expires, whether new input is held, whether an answer was a "no", whether a
 * running call waits for the person. Pure.
 */
import { lastReply } from './selectors.js';
import type { AssistantTurn, InterruptEntry, InterruptResponse, Turn } from './types.js';
import type { Interrupt } from '../protocol/contract.js';

/** Past `expiresAt`. A value that is not a date never expires (as the protocol says). */
export function isExpired(interrupt: Interrupt, now = Date.now()): boolean {
  if (!interrupt.expiresAt) return false;
  const at = Date.parse(interrupt.expiresAt);
  return Number.isFinite(at) && at <= now;
}

/** Still waiting for the person: no answer, not sent, not expired. */
export function isOpen(entry: InterruptEntry, now = Date.now()): boolean {
  return !entry.response && !entry.sent && !isExpired(entry.interrupt, now);
}

/** The interrupts that still need the person's answer. */
export function openInterrupts(turns: readonly Turn[], now = Date.now()): InterruptEntry[] {
  return (lastReply(turns)?.interrupts ?? []).filter((entry) => isOpen(entry, now));
}

/**
 * New input is held while an interrupt of the last reply waits for an answer, or has one that has
 * not reached the backend yet (its run was stopped or failed before it started: Retry sends it).
 */
export function holdsInput(turns: readonly Turn[], now = Date.now()): boolean {
  return (lastReply(turns)?.interrupts ?? []).some((entry) => !entry.sent && (entry.response !== undefined || !isExpired(entry.interrupt, now)));
}

/** The earliest moment an open interrupt of these turns expires, if any does. */
export function nextExpiry(turns: readonly Turn[], now = Date.now()): number | undefined {
  let next: number | undefined;
  for (const entry of openInterrupts(turns, now)) {
    const at = entry.interrupt.expiresAt ? Date.parse(entry.interrupt.expiresAt) : NaN;
    if (Number.isFinite(at) && (next === undefined || at < next)) next = at;
  }
  return next;
}

/** Whether the person declined: cancelled, or resolved with a "no". */
export function isDenial(response: InterruptResponse | undefined): boolean {
  if (!response) return false;
  if (response.status === 'cancelled') return true;
  const { payload } = response;
  if (payload === false) return true;
  return !!payload && typeof payload === 'object' && (payload as { approved?: unknown }).approved === false;
}

/**
 * Whether a running call of this reply waits for the person rather than for anything that could
 * still be under way: its questions are open, or an unanswered interrupt holds it. Such a call is
 * still running when the conversation comes back (it can be answered, or its answer sent again with
 * Retry); any other is cut short.
 */
export function waitsForPerson(reply: AssistantTurn, call: { id: string; ask?: { outcome?: string } }): boolean {
  if (call.ask && !call.ask.outcome) return true;
  return (reply.interrupts ?? []).some((entry) => entry.interrupt.toolCallId === call.id && !entry.sent);
}
