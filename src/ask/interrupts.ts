/**
 * AG-UI interrupts, the pure part: how each is shown, when one is still open, what the person's
 * answer looks like as a resume entry, and when a paused reply can go on.
 */
import { lastReply } from '../conversation/selectors.js';
import type { AssistantTurn, InterruptEntry, InterruptResponse, Turn } from '../conversation/types.js';
import type { ResumeEntry, Interrupt } from '../protocol/contract.js';

/** `approval`: Approve / Deny (/ Edit); `questions`: the ask_user form; `form`: one built from `responseSchema`. */
export type InterruptView = 'approval' | 'questions' | 'form';

export function interruptView(interrupt: Interrupt): InterruptView {
  if ((interrupt.reason === 'tool_call' || interrupt.reason === 'confirmation') && approvalFits(interrupt.responseSchema)) return 'approval';
  if (interrupt.reason === 'input_required' && ownMetadata(interrupt).kind === 'ask_user') return 'questions';
  return 'form';
}

/**
 * Whether Approve / Deny can answer this schema: none, a boolean, or an object with `approved`.
 * Any other shape (say `{decision: "approve" | "reject"}`) gets the form built from the schema.
 */
function approvalFits(schema: Record<string, unknown> | undefined): boolean {
  return !schema || schema.type === 'boolean' || hasProperty(schema, 'approved');
}

/** The widget's own data on an interrupt (`metadata["agent-chat"]`). */
export function ownMetadata(interrupt: Interrupt): Record<string, unknown> {
  const own = interrupt.metadata?.['agent-chat'];
  return own && typeof own === 'object' && !Array.isArray(own) ? (own as Record<string, unknown>) : {};
}

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

/** The earliest moment an open interrupt of these turns expires, if any does. */
export function nextExpiry(turns: readonly Turn[], now = Date.now()): number | undefined {
  let next: number | undefined;
  for (const entry of openInterrupts(turns, now)) {
    const at = entry.interrupt.expiresAt ? Date.parse(entry.interrupt.expiresAt) : NaN;
    if (Number.isFinite(at) && (next === undefined || at < next)) next = at;
  }
  return next;
}

export interface ApprovalDecision {
  approved: boolean;
  /** Why the person denied it (optional). */
  reason?: string;
  /** Full replacement of the tool's arguments (only when the schema offers `editedArgs`). */
  editedArgs?: unknown;
}

/**
 * The resume answer to an approval. The payload follows `responseSchema`: a boolean where the
 * schema is one (or a bare confirmation), else `{approved, editedArgs?, reason?}`. A reason the
 * payload has no room for travels in the entry's `metadata["agent-chat"].reason`.
 */
export function approvalResponse(interrupt: Interrupt, decision: ApprovalDecision): InterruptResponse {
  const schema = interrupt.responseSchema;
  const reason = decision.reason?.trim() || undefined;
  const asBoolean = schema ? schema.type === 'boolean' : interrupt.reason === 'confirmation';
  const reasonInPayload = !asBoolean && (!schema || hasProperty(schema, 'reason'));
  let payload: unknown;
  if (asBoolean) {
    payload = decision.approved;
  } else {
    const object: Record<string, unknown> = { approved: decision.approved };
    if (decision.approved && decision.editedArgs !== undefined) object.editedArgs = decision.editedArgs;
    if (reason && reasonInPayload) object.reason = reason;
    payload = object;
  }
  const response: InterruptResponse = { status: 'resolved', payload };
  if (reason && !reasonInPayload) response.metadata = { 'agent-chat': { reason } };
  return response;
}

/** The schema of `editedArgs` when the interrupt's `responseSchema` offers editing the arguments. */
export function editedArgsSchema(interrupt: Interrupt): Record<string, unknown> | undefined {
  const schema = interrupt.responseSchema;
  if (!schema || !hasProperty(schema, 'editedArgs')) return undefined;
  const edited = (schema.properties as Record<string, unknown>).editedArgs;
  return edited && typeof edited === 'object' ? (edited as Record<string, unknown>) : { type: 'object' };
}

/** Whether the person declined: cancelled, or resolved with a "no". */
export function isDenial(response: InterruptResponse | undefined): boolean {
  if (!response) return false;
  if (response.status === 'cancelled') return true;
  const { payload } = response;
  if (payload === false) return true;
  return !!payload && typeof payload === 'object' && (payload as { approved?: unknown }).approved === false;
}

function hasProperty(schema: Record<string, unknown>, key: string): boolean {
  const properties = schema.properties;
  return !!properties && typeof properties === 'object' && Object.prototype.hasOwnProperty.call(properties, key);
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
