/**
 * Conversation turns ⇄ AG-UI 1.0 history messages. What the model sees is derived here and only here.
 */
import { jsonTextTooDeep } from './depth.js';
import type { HistoryMessage } from '../protocol/contract.js';
import type { AssistantTurn, Attachment, ReplyPart, ToolCallPart, ToolCallStatus, Turn } from './types.js';
import { contentText } from './content-text.js';
import { attachmentsFromContent, userContent } from './attachment-wire.js';

export { contentText };

type ToolCallEntry = NonNullable<HistoryMessage['toolCalls']>[number];

const unfinishedNote: Partial<Record<ToolCallStatus, string>> = {
  cancelled: 'The tool call was cancelled before it finished; there is no result.',
  'not-completed': 'The tool call did not complete; there is no result.',
  running: 'The tool call has no result yet.',
};

/**
 * The messages sent to the backend for these turns. Activity parts are never part of it, and
 * neither is what subagents did (their text and calls, attributed with `subagentRunId`): the
 * model sees its own delegating calls and their results.
 */
export function historyFromTurns(turns: readonly Turn[]): HistoryMessage[] {
  const out: HistoryMessage[] = [];
  for (const turn of turns) {
    if (turn.role === 'assistant') out.push(...replyMessages(turn));
    else if (turn.role === 'user') out.push({ id: turn.id, role: 'user', content: userContent(turn) });
    else out.push({ id: turn.id, role: turn.role, content: turn.text });
  }
  return out;
}

/**
 * One reply as assistant messages, each followed by the tool messages answering its calls
 * (the order chat-completion style models require). Calls made together — consecutive, with no
 * text between them — stay on one assistant message, as parallel calls do.
 */
function replyMessages(reply: AssistantTurn): HistoryMessage[] {
  const out: HistoryMessage[] = [];
  /** The assistant message still taking calls: no text or reasoning came after its calls. */
  let open: HistoryMessage | undefined;
  let toolResults: HistoryMessage[] = [];
  const ids = new Set<string>();
  // A call held by an interrupt has no result yet: the run that answers the interrupt reports it.
  const held = new Set((reply.interrupts ?? []).map((entry) => entry.interrupt.toolCallId));

  const close = () => {
    out.push(...toolResults);
    toolResults = [];
    open = undefined;
  };
  const startAssistant = (id: string): HistoryMessage => {
    close();
    const message: HistoryMessage = { id: ids.has(id) ? `${id}:${ids.size}` : id, role: 'assistant' };
    ids.add(message.id);
    out.push(message);
    open = message;
    return message;
  };

  for (const part of reply.parts) {
    if (part.subagentRunId) continue;
    if (part.kind === 'text') {
      if (part.text === '') continue;
      const message = open && open.id === part.id && toolResults.length === 0 ? open : startAssistant(part.id);
      message.content = ((message.content as string | undefined) ?? '') + part.text;
    } else if (part.kind === 'tool-call') {
      const joins = open && (!part.parentMessageId || part.parentMessageId === open.id || open.toolCalls !== undefined);
      const owner = joins ? open! : startAssistant(part.parentMessageId ?? `${part.id}:call`);
      (owner.toolCalls ??= []).push(toolCallEntry(part));
      // A call the backend ran without reporting a result has no tool message: none is made up.
      const unreported = part.status === 'done' && part.result === undefined;
      if (!unreported && !(part.status === 'running' && held.has(part.id))) toolResults.push(toolMessage(part));
    } else if (part.kind === 'reasoning' && part.encryptedValue) {
      close();
      out.push({ id: part.id, role: 'reasoning', content: part.text, encryptedValue: part.encryptedValue });
    }
  }
  close();
  return out;
}

function toolCallEntry(part: ToolCallPart): ToolCallEntry {
  const entry: ToolCallEntry = {
    id: part.id,
    type: 'function',
    function: { name: part.name, arguments: part.argsText || '{}' },
  };
  if (part.encryptedValue) (entry as ToolCallEntry & { encryptedValue?: string }).encryptedValue = part.encryptedValue;
  return entry;
}

function toolMessage(part: ToolCallPart): HistoryMessage {
  const id = part.resultMessageId ?? `${part.id}:result`;
  if (part.status === 'done') {
    return { id, role: 'tool', toolCallId: part.id, content: contentForHistory(part.result) };
  }
  const note = part.status === 'error' ? part.error || 'The tool call failed.' : unfinishedNote[part.status]!;
  return {
    id,
    role: 'tool',
    toolCallId: part.id,
    content: part.result !== undefined ? contentForHistory(part.result) : note,
    error: note,
  };
}

function contentForHistory(result: unknown): unknown {
  if (result === undefined) return '';
  if (typeof result === 'string' || Array.isArray(result)) return result;
  return JSON.stringify(result);
}

/** Turns rebuilt from a history (MESSAGES_SNAPSHOT); consecutive non-user messages form one reply. */
export function turnsFromHistory(messages: readonly HistoryMessage[]): Turn[] {
  const turns: Turn[] = [];
  let reply: AssistantTurn | undefined;
  const calls = new Map<string, ToolCallPart>();

  const replyFor = (id: string): AssistantTurn => {
    if (!reply) {
      reply = { role: 'assistant', id: `reply:${id}`, status: 'done', parts: [] };
      turns.push(reply);
    }
    return reply;
  };

  for (const message of messages) {
    switch (message.role) {
      case 'user':
        reply = undefined;
        turns.push({
          role: 'user',
          id: message.id,
          text: contentText(message.content),
          ...(typeof message.content === 'string' ? {} : { content: message.content }),
          ...filesOf(message),
        });
        break;
      case 'system':
      case 'developer':
        turns.push({ role: message.role, id: message.id, text: contentText(message.content) });
        break;
      case 'assistant': {
        const parts = replyFor(message.id).parts;
        const text = contentText(message.content);
        if (text) parts.push({ kind: 'text', id: message.id, text, streaming: false, ...attribution(message) });
        for (const call of message.toolCalls ?? []) {
          const part: ToolCallPart = {
            kind: 'tool-call',
            id: call.id,
            name: call.function.name,
            argsText: call.function.arguments,
            argsComplete: true,
            status: 'done',
            parentMessageId: message.id,
            ...parseArgs(call.function.arguments),
            ...attribution(message),
          };
          parts.push(part);
          calls.set(call.id, part);
        }
        break;
      }
      case 'tool': {
        const call = message.toolCallId ? calls.get(message.toolCallId) : undefined;
        if (!call) break;
        call.result = message.content;
        call.resultMessageId = message.id;
        if (message.error) {
          call.status = 'error';
          call.error = message.error;
        }
        break;
      }
      case 'reasoning':
        replyFor(message.id).parts.push({
          kind: 'reasoning',
          id: message.id,
          text: contentText(message.content),
          streaming: false,
          ...(message.encryptedValue ? { encryptedValue: message.encryptedValue } : {}),
          ...attribution(message),
        });
        break;
      case 'activity':
        replyFor(message.id).parts.push({
          kind: 'activity',
          id: message.id,
          activityType: message.activityType ?? 'unknown',
          content: (message.content as Record<string, unknown>) ?? {},
          ...attribution(message),
        });
        break;
    }
  }
  // A call in a snapshot with no tool message never completed (the reply under way flips its own back to running).
  for (const call of calls.values()) if (call.result === undefined && call.status === 'done') call.status = 'not-completed';
  return turns;
}

/** The files of a snapshot's user message, shown with it (the content itself goes back as it came). */
function filesOf(message: HistoryMessage): { attachments?: Attachment[] } {
  const attachments = attachmentsFromContent(message.id, message.content);
  return attachments.length ? { attachments } : {};
}

function attribution(message: HistoryMessage): Pick<ReplyPart, 'subagentRunId'> {
  return message.subagentRunId ? { subagentRunId: message.subagentRunId } : {};
}

/** Complete tool arguments, parsed; empty text means no arguments. */
export function parseArgs(argsText: string): Pick<ToolCallPart, 'args' | 'argsInvalid' | 'argsTooDeep'> {
  if (argsText.trim() === '') return { args: {}, argsInvalid: undefined };
  if (jsonTextTooDeep(argsText)) return { args: undefined, argsInvalid: true, argsTooDeep: true };
  try {
    return { args: JSON.parse(argsText), argsInvalid: undefined };
  } catch {
    return { args: undefined, argsInvalid: true };
  }
}
