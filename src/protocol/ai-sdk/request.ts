/**
 * The request `useChat` sends (pure): `{id, messages, trigger, messageId?}` plus the widget's own
 * under `"agent-chat"`. Each reply goes as the UIMessage it was received as, with what the widget
 * answered on it: its client tools' outputs and the person's approvals. A reply that has no
 * UIMessage (it came from another protocol) is rebuilt from its parts.
 */
import { userFileParts } from '../../conversation/attachment-wire.js';
import { contentText } from '../../conversation/history.js';
import { aiSdkOutput } from '../../mcp/result-for-model.js';
import type { AssistantTurn, ChatRunTrigger, InterruptResponse, ReplyPart, ToolCallPart, Turn, UserTurn } from '../../conversation/types.js';
import type { RunRequest } from '../contract.js';
import { chatCallIds, isToolPart, isUIMessage, type ToolPart, type UIMessage, type UIMessagePart } from './ui-message.js';

export interface ChatRequestBody {
  id: string;
  messages: UIMessage[];
  trigger: 'submit-message' | 'regenerate-message';
  messageId?: string;
  'agent-chat': Record<string, unknown>;
}

const NOT_COMPLETED = 'The tool call did not complete; there is no result.';

/** The UIMessage a reply was received as, if it has one. */
export function storedMessage(turn: AssistantTurn | undefined): UIMessage | undefined {
  return isUIMessage(turn?.wire) ? turn.wire : undefined;
}

export function requestBody(request: RunRequest, turns: readonly Turn[], trigger: ChatRunTrigger | undefined): ChatRequestBody {
  const messages = uiMessagesFromTurns(turns);
  const own = request.forwardedProps['agent-chat'];
  const body: ChatRequestBody = {
    id: request.threadId,
    messages,
    trigger: trigger?.kind === 'regenerate' ? 'regenerate-message' : 'submit-message',
    'agent-chat': { tools: request.tools, context: request.context, ...(own && typeof own === 'object' ? own : {}) },
  };
  const messageId = messageIdFor(trigger, messages);
  if (messageId) body.messageId = messageId;
  return body;
}

function messageIdFor(trigger: ChatRunTrigger | undefined, messages: readonly UIMessage[]): string | undefined {
  switch (trigger?.kind) {
    case 'edit':
      return trigger.messageId;
    case 'regenerate':
      return trigger.replaced ? (storedMessage(trigger.replaced)?.id ?? trigger.replaced.id) : undefined;
    case 'continue': {
      const last = messages[messages.length - 1];
      return last?.role === 'assistant' ? last.id : undefined;
    }
    default:
      return undefined;
  }
}

export function uiMessagesFromTurns(turns: readonly Turn[]): UIMessage[] {
  const out: UIMessage[] = [];
  for (const turn of turns) {
    if (turn.role === 'user') out.push({ id: turn.id, role: 'user', parts: userParts(turn) });
    else if (turn.role === 'assistant') {
      const message = withAnswers(storedMessage(turn) ?? messageFromParts(turn), turn);
      if (message.parts.length) out.push(message);
    } else out.push({ id: turn.id, role: 'system', parts: [{ type: 'text', text: turn.text }] });
  }
  return out;
}

/** The person's message: its text and attached files, or the images and files of multimodal content. */
function userParts(turn: UserTurn): UIMessagePart[] {
  if (turn.attachments?.length) {
    const files = userFileParts(turn);
    return turn.text || !files.length ? [{ type: 'text', text: turn.text }, ...files] : files;
  }
  if (!Array.isArray(turn.content)) return [{ type: 'text', text: turn.text }];
  const parts: UIMessagePart[] = [];
  for (const item of turn.content as Record<string, unknown>[]) {
    if (item?.type === 'text' && typeof item.text === 'string') parts.push({ type: 'text', text: item.text });
    const url = typeof item?.url === 'string' ? item.url : typeof item?.data === 'string' ? `data:${item.mimeType};base64,${item.data}` : undefined;
    if (url && typeof item.mimeType === 'string')
      parts.push({ type: 'file', mediaType: item.mimeType, url, ...(typeof item.filename === 'string' ? { filename: item.filename } : {}) });
  }
  return parts.length ? parts : [{ type: 'text', text: turn.text }];
}

/** A reply of another protocol, as the UIMessage it would have been. */
function messageFromParts(turn: AssistantTurn): UIMessage {
  const parts: UIMessagePart[] = [];
  for (const part of turn.parts) {
    if (part.subagentRunId) continue;
    const converted = partFromReplyPart(part);
    if (converted) parts.push(converted);
  }
  return { id: turn.id, role: 'assistant', parts };
}

function partFromReplyPart(part: ReplyPart): UIMessagePart | undefined {
  switch (part.kind) {
    case 'text':
      return part.text ? { type: 'text', text: part.text, state: 'done' } : undefined;
    case 'reasoning':
      return part.text ? { type: 'reasoning', text: part.text, state: 'done' } : undefined;
    case 'file':
      return { type: 'file', mediaType: part.mediaType, url: part.url, ...(part.filename ? { filename: part.filename } : {}) };
    case 'tool-call':
      // Its outcome comes from the call itself (withAnswers), as for a client tool.
      return { type: `tool-${part.name}`, toolCallId: part.id, state: 'input-available', input: part.args ?? {} };
    case 'activity':
      return undefined;
  }
}

/**
 * What the widget answered on the reply: each call it ran gets its output (or error), each
 * approval the person gave is responded, and a call left with no result says it did not complete
 * (so the history never holds a call without an answer).
 */
function withAnswers(message: UIMessage, turn: AssistantTurn): UIMessage {
  const calls = new Map(turn.parts.filter((part): part is ToolCallPart => part.kind === 'tool-call').map((part) => [part.id, part]));
  const chatIds = chatCallIds(message);
  let changed = false;
  const parts = message.parts.map((part) => {
    if (!isToolPart(part)) return part;
    const next = answered(part, calls.get(chatIds.get(part)!), turn);
    if (next !== part) changed = true;
    return next;
  });
  return changed ? { ...message, parts } : message;
}

function answered(part: ToolPart, call: ToolCallPart | undefined, turn: AssistantTurn): UIMessagePart {
  if (part.state === 'approval-requested') {
    const entry = turn.interrupts?.find((candidate) => candidate.interrupt.id === part.approval?.id);
    return entry?.response ? { ...part, state: 'approval-responded', approval: approvalAnswer(part, entry.response) } : part;
  }
  if (part.state !== 'input-available' && part.state !== 'input-streaming') return part;
  const { output: _output, errorText: _errorText, preliminary: _preliminary, ...rest } = part;
  if (call?.status === 'done' && call.result !== undefined) {
    // A call run on an MCP server of the page gives the model its images too (see result-for-model.ts).
    return { ...rest, state: 'output-available', input: part.input ?? call.args ?? {}, output: aiSdkOutput(call.mcp) ?? call.result };
  }
  if (call?.status === 'error') {
    return { ...rest, state: 'output-error', input: part.input ?? call.args ?? {}, errorText: call.error || contentText(call.result) || 'The tool call failed.' };
  }
  if (part.state === 'input-streaming' && turn.status === 'streaming') return part;
  return { ...rest, state: 'output-error', input: part.input ?? call?.args ?? {}, errorText: call?.error || NOT_COMPLETED };
}

/** Approve / Deny answers `{approved, reason?}` (see approvalResponse); skipping it is no approval. */
function approvedIn(response: InterruptResponse): boolean {
  const { payload } = response;
  return response.status === 'resolved' && (payload === true || (!!payload && typeof payload === 'object' && (payload as { approved?: unknown }).approved === true));
}

function approvalAnswer(part: ToolPart, response: InterruptResponse): NonNullable<ToolPart['approval']> {
  const payload = response.payload as { reason?: unknown } | undefined;
  const ownReason = (response.metadata?.['agent-chat'] as { reason?: unknown } | undefined)?.reason;
  const reason = typeof payload?.reason === 'string' ? payload.reason : typeof ownReason === 'string' ? ownReason : undefined;
  return { ...part.approval!, approved: approvedIn(response), ...(reason ? { reason } : {}) };
}
