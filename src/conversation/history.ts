/**
 * Conversation turns ⇄ AG-UI 1.0 history messages. What the model sees is derived here and only here.
 */
import type { HistoryMessage } from './events.js';
import type { AssistantTurn, ReplyPart, ToolCallPart, ToolCallStatus, Turn } from './types.js';

type ToolCallEntry = NonNullable<HistoryMessage['toolCalls']>[number];

const unfinishedNote: Partial<Record<ToolCallStatus, string>> = {
  cancelled: 'The tool call was cancelled before it finished; there is no result.',
  'not-completed': 'The tool call did not complete; there is no result.',
  running: 'The tool call has no result yet.',
};

/** The messages sent to the backend for these turns. Activity parts are never part of it. */
export function historyFromTurns(turns: readonly Turn[]): HistoryMessage[] {
  const out: HistoryMessage[] = [];
  for (const turn of turns) {
    if (turn.role === 'assistant') out.push(...replyMessages(turn));
    else if (turn.role === 'user') out.push({ id: turn.id, role: 'user', content: turn.content ?? turn.text });
    else out.push({ id: turn.id, role: turn.role, content: turn.text });
  }
  return out;
}

/**
 * One reply as assistant messages, each followed by the tool messages answering its calls
 * (the order chat-completion style models require).
 */
function replyMessages(reply: AssistantTurn): HistoryMessage[] {
  const out: HistoryMessage[] = [];
  let current: HistoryMessage | undefined;
  let toolResults: HistoryMessage[] = [];
  const byId = new Map<string, HistoryMessage>();

  const flushResults = () => {
    out.push(...toolResults);
    toolResults = [];
  };
  const openAssistant = (id: string): HistoryMessage => {
    flushResults();
    const message: HistoryMessage = { id, role: 'assistant' };
    out.push(message);
    byId.set(id, message);
    current = message;
    return message;
  };

  for (const part of reply.parts) {
    if (part.kind === 'text') {
      if (part.text === '') continue;
      const message = current && current.id === part.id && toolResults.length === 0 ? current : openAssistant(part.id);
      message.content = ((message.content as string | undefined) ?? '') + part.text;
    } else if (part.kind === 'tool-call') {
      const owner =
        (part.parentMessageId && toolResults.length === 0 ? byId.get(part.parentMessageId) : undefined) ??
        (current && toolResults.length === 0 && current === out[out.length - 1] ? current : undefined) ??
        openAssistant(part.parentMessageId && !byId.has(part.parentMessageId) ? part.parentMessageId : `${part.id}:call`);
      (owner.toolCalls ??= []).push(toolCallEntry(part));
      toolResults.push(toolMessage(part));
    } else if (part.kind === 'reasoning' && part.encryptedValue) {
      flushResults();
      current = undefined;
      out.push({ id: part.id, role: 'reasoning', content: part.text, encryptedValue: part.encryptedValue });
    }
  }
  flushResults();
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
          text: plainText(message.content),
          ...(typeof message.content === 'string' ? {} : { content: message.content }),
        });
        break;
      case 'system':
      case 'developer':
        turns.push({ role: message.role, id: message.id, text: plainText(message.content) });
        break;
      case 'assistant': {
        const parts = replyFor(message.id).parts;
        const text = plainText(message.content);
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
          text: plainText(message.content),
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

function attribution(message: HistoryMessage): Pick<ReplyPart, 'subagentRunId'> {
  return message.subagentRunId ? { subagentRunId: message.subagentRunId } : {};
}

/** Complete tool arguments, parsed; empty text means no arguments. */
export function parseArgs(argsText: string): Pick<ToolCallPart, 'args' | 'argsInvalid'> {
  if (argsText.trim() === '') return { args: {}, argsInvalid: undefined };
  try {
    return { args: JSON.parse(argsText), argsInvalid: undefined };
  } catch {
    return { args: undefined, argsInvalid: true };
  }
}

/** Text of a message's content: a string, or the text parts of multimodal content. */
export function plainText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (part && typeof part === 'object' && part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}
