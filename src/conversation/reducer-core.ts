/**
 * The part of the reducer the session needs before any reply streams: the person's message, a
 * reply added, removed, started, resumed or stopped, answers to questions and interrupts, what an
 * app card learned, what an MCP server asked of the person, the conversation put in place. Pure, like the whole reducer (`reducer.ts`),
 * which adds the wire's events and loads with the stream code (`session/reply-stream.ts`).
 */
import { updateApp } from './app-placement.js';
import type { Action } from './actions.js';
import { reduceAsks, type AskAction } from './reduce/reduce-asks.js';
import { recordElicitation } from './reduce/reduce-elicitations.js';
import { reduceFeedback, type FeedbackAction } from './reduce/reduce-feedback.js';
import { reduceInterrupts, type InterruptAction } from './reduce/reduce-interrupts.js';
import { reduceRun, type RunAction } from './reduce/reduce-run.js';
import { reduceTurns, type TurnsAction } from './reduce/reduce-turns.js';
import type { ConversationState } from './types.js';

export type CoreAction = TurnsAction | RunAction | AskAction | InterruptAction | FeedbackAction | Extract<Action, { type: 'app-update' | 'elicitation' }>;

export function reduceCore(state: ConversationState, action: CoreAction): ConversationState {
  switch (action.type) {
    case 'user-message':
    case 'append-reply':
    case 'reply-remove':
    case 'truncate':
    case 'reset':
      return reduceTurns(state, action);
    case 'reply-start':
    case 'reply-resume':
    case 'reply-clear':
    case 'reply-wait':
    case 'reply-stop':
    case 'run-started':
    case 'run-finished':
    case 'run-error':
    case 'run-stopped':
    case 'step-started':
    case 'step-finished':
    case 'wire-snapshot':
    case 'parts-discarded':
      return reduceRun(state, action);
    case 'ask-open':
    case 'ask-result':
      return reduceAsks(state, action);
    case 'interrupt-answer':
    case 'approval-open':
    case 'interrupts-sent':
    case 'interrupts-expired':
      return reduceInterrupts(state, action);
    case 'app-update':
      return updateApp(state, action.partId, action.app);
    case 'elicitation':
      return recordElicitation(state, action.toolCallId, action.elicitation);
    case 'feedback':
      return reduceFeedback(state, action);
  }
}
