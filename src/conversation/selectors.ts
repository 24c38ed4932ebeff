/** Small read-only queries over the conversation's turns. Pure. */
import type { AssistantTurn, ToolCallPart, Turn } from './types.js';

/** The last turn, when it is a reply (the one whose interrupts and questions count). */
export function lastReply(turns: readonly Turn[]): AssistantTurn | undefined {
  const last = turns[turns.length - 1];
  return last?.role === 'assistant' ? last : undefined;
}

/** The reply with this id, wherever it is. */
export function replyById(turns: readonly Turn[], id: string): AssistantTurn | undefined {
  return turns.find((turn): turn is AssistantTurn => turn.id === id);
}

/** The tool call with this id in `reply`. */
export function toolCallById(reply: AssistantTurn, id: string): ToolCallPart | undefined {
  return reply.parts.find((part): part is ToolCallPart => part.kind === 'tool-call' && part.id === id);
}

/** `ask_user` calls of the last reply still waiting for the person. */
export function openAsks(turns: readonly Turn[]): ToolCallPart[] {
  const reply = lastReply(turns);
  if (!reply || reply.status === 'streaming') return [];
  return reply.parts.filter((part): part is ToolCallPart => part.kind === 'tool-call' && part.status === 'running' && !!part.ask && !part.ask.outcome);
}

/** What the reply said itself: its text parts (not its subagents'), a blank line between them. */
export function replyText(reply: AssistantTurn | undefined): string {
  if (!reply) return '';
  return reply.parts
    .filter((part) => part.kind === 'text' && !part.subagentRunId)
    .map((part) => (part.kind === 'text' ? part.text : ''))
    .join('\n\n');
}
