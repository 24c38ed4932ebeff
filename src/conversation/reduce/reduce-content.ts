/** What the reply says: its backend message id, text and reasoning as they stream, encrypted reasoning, files, sources. */
import type { Action } from '../actions.js';
import type { ConversationState } from '../types.js';
import { subagentOf, updateReply, upsertPart, type PartOf } from './reduce-reply-updates.js';

type StreamedTextAction = Extract<Action, { type: `${'text' | 'reasoning'}-${'start' | 'delta' | 'end'}` }>;

export type ContentAction = StreamedTextAction | Extract<Action, { type: 'reply-message-id' | 'reasoning-encrypted' | 'file' | 'source' }>;

export function reduceContent(state: ConversationState, action: ContentAction): ConversationState {
  switch (action.type) {
    case 'reply-message-id':
      // The first the backend gave names the reply (a later run's own message does not rename it).
      return action.subagentRunId ? state : updateReply(state, (reply) => (reply.messageId ? reply : { ...reply, messageId: action.messageId }));
    case 'text-start':
    case 'reasoning-start':
      return streamText(state, action, (part) => part);
    case 'text-delta':
    case 'reasoning-delta':
      return streamText(state, action, (part) => ({ ...part, text: part.text + action.delta }));
    case 'text-end':
    case 'reasoning-end':
      return streamText(state, action, (part) => (part.streaming ? { ...part, streaming: false } : part));
    case 'reasoning-encrypted':
      return action.subtype === 'tool-call'
        ? upsertPart(state, action.entityId, 'tool-call', (part) => part && { ...part, encryptedValue: action.encryptedValue })
        : upsertPart(state, action.entityId, 'reasoning', (part) =>
            part
              ? { ...part, encryptedValue: action.encryptedValue }
              : { kind: 'reasoning', id: action.entityId, text: '', streaming: false, encryptedValue: action.encryptedValue },
          );
    case 'file':
      return upsertPart(state, action.id, 'file', (part) => {
        if (part) return part;
        const { type: _type, ...file } = action;
        return { kind: 'file', ...file };
      });
    case 'source':
      return updateReply(state, (reply) =>
        reply.sources?.some((known) => known.id === action.source.id) ? reply : { ...reply, sources: [...(reply.sources ?? []), action.source] },
      );
  }
}

type StreamedText = PartOf<'text'> | PartOf<'reasoning'>;

/**
 * Text and reasoning stream alike: start, deltas, end. A delta or end whose start never came
 * creates the part (an end-only part is created finished).
 */
function streamText(state: ConversationState, action: StreamedTextAction, change: (part: StreamedText) => StreamedText): ConversationState {
  const kind = action.type.startsWith('text') ? 'text' : 'reasoning';
  return upsertPart(state, action.messageId, kind, (part) => {
    const created = { kind, id: action.messageId, text: '', streaming: !action.type.endsWith('-end'), ...subagentOf(action) } as StreamedText;
    return change(part ?? created);
  });
}
