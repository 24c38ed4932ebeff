/**
 * AG-UI interrupts, the pure part the request views need: how each is shown, and what the
 * person's answer to an approval looks like. (When a paused reply can go on, and with what:
 * `interrupt-resume.ts`.)
 */
import type { InterruptResponse } from '../conversation/types.js';
import type { Interrupt } from '../protocol/contract.js';

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

function hasProperty(schema: Record<string, unknown>, key: string): boolean {
  const properties = schema.properties;
  return !!properties && typeof properties === 'object' && Object.prototype.hasOwnProperty.call(properties, key);
}
