/**
 * Tool calls: they start, their arguments stream and end, a result comes (the first one counts;
 * a call run on an MCP server of the page keeps the server's result too, for its card), the
 * backend denies one, the widget leaves some unanswered. (`ask_user` calls opening and being
 * answered are `asks.ts`'s.)
 */
import type { Action } from '../actions.js';
import { contentText } from '../content-text.js';
import { parseArgs } from '../history.js';
import type { ConversationState, ToolCallPart } from '../types.js';
import { subagentOf, updateLastReply, upsertPart } from './reduce-reply-updates.js';

export type ToolAction = Extract<
  Action,
  {
    type: 'tool-call-start' | 'tool-call-args' | 'tool-call-end' | 'tool-call-result' | 'tool-call-mcp' | 'tool-call-denied' | 'tool-calls-unanswered';
  }
>;

export function reduceTools(state: ConversationState, action: ToolAction): ConversationState {
  switch (action.type) {
    case 'tool-call-start':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) =>
        part
          ? part.name
            ? part
            : { ...part, name: action.name, parentMessageId: part.parentMessageId ?? action.parentMessageId }
          : { ...newToolCall(action.toolCallId, action.name), parentMessageId: action.parentMessageId, ...subagentOf(action) },
      );
    case 'tool-call-args':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) => {
        const call = part ?? { ...newToolCall(action.toolCallId, ''), ...subagentOf(action) };
        const argsText = call.argsText + action.delta;
        return call.argsComplete ? { ...call, argsText, ...parseArgs(argsText) } : { ...call, argsText };
      });
    case 'tool-call-end':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) => {
        const call = part ?? { ...newToolCall(action.toolCallId, ''), ...subagentOf(action) };
        return call.argsComplete ? call : { ...call, argsComplete: true, ...parseArgs(call.argsText) };
      });
    case 'tool-call-result':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) => {
        const call = part ?? { ...newToolCall(action.toolCallId, ''), ...subagentOf(action) };
        if (call.resultMessageId !== undefined || call.result !== undefined) return call;
        return {
          ...call,
          status: action.cancelled ? 'cancelled' : action.isError ? 'error' : 'done',
          result: action.content,
          resultMessageId: action.messageId ?? `${action.toolCallId}:result`,
          ...(action.isError || action.cancelled ? { error: contentText(action.content) } : {}),
          ...(action.tooDeep ? { resultTooDeep: true } : {}),
        };
      });
    case 'tool-call-mcp':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) => (part && !part.mcp ? { ...part, mcp: action.mcp } : part));
    case 'tool-call-denied':
      return upsertPart(state, action.toolCallId, 'tool-call', (part) =>
        part && part.status === 'running' ? { ...part, status: 'cancelled', denied: true, argsComplete: true, ...parseArgsOnce(part) } : part,
      );
    case 'tool-calls-unanswered': {
      const ids = new Set(action.toolCallIds);
      return updateLastReply(state, (reply) => ({
        ...reply,
        parts: reply.parts.map((part) =>
          part.kind === 'tool-call' && ids.has(part.id) && part.status === 'running' ? { ...part, status: 'not-completed', error: action.reason } : part,
        ),
      }));
    }
  }
}

function newToolCall(id: string, name: string): ToolCallPart {
  return { kind: 'tool-call', id, name, argsText: '', argsComplete: false, status: 'running' };
}

/** A call's arguments, parsed if they were not yet (it ends without more of them). */
function parseArgsOnce(call: ToolCallPart): Partial<ToolCallPart> {
  return call.argsComplete ? {} : parseArgs(call.argsText);
}
