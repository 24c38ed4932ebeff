/** An `ask_user` call waits for the person (in its card's form, or their next message), and is answered. */
import type { Action } from '../actions.js';
import { contentText } from '../content-text.js';
import type { ConversationState } from '../types.js';
import { updateCall } from './reduce-reply-updates.js';

export type AskAction = Extract<Action, { type: 'ask-open' | 'ask-result' }>;

export function reduceAsks(state: ConversationState, action: AskAction): ConversationState {
  switch (action.type) {
    case 'ask-open':
      return updateCall(state, action.toolCallId, (call) => ({ ...call, ask: { by: action.by } }));
    case 'ask-result':
      return updateCall(state, action.toolCallId, (call) =>
        call.result !== undefined
          ? call
          : {
              ...call,
              ask: action.ask,
              status: action.isError ? 'error' : 'done',
              result: action.content,
              resultMessageId: `${call.id}:result`,
              ...(action.isError ? { error: contentText(action.content) } : {}),
            },
      );
  }
}
