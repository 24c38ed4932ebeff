/**
 * The `ask_user` client tool as the model is offered it, and the markers of its outcome. The
 * checks of its input and answers (`questions.ts`) load with the first question or answer.
 */
import type { ToolDefinition } from '../protocol/contract.js';
import { MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS, MIN_QUESTIONS } from './question-shape.js';

export const ASK_USER_TOOL = 'ask_user';

export interface QuestionOption {
  label: string;
  description?: string;
}

export interface Question {
  question: string;
  header: string;
  options: QuestionOption[];
  multiSelect: boolean;
}

export const MAX_HEADER = 12;

/** The tool offered in `RunAgentInput.tools`. */
export const askUserTool: ToolDefinition = {
  name: ASK_USER_TOOL,
  description:
    'Ask the person 1 to 4 multiple-choice questions in a small form and wait for the answers. ' +
    'Use it when a choice of theirs decides what you do next (a preference, between approaches, ' +
    'missing details); do not use it for yes/no confirmations you can simply ask in text. ' +
    'Each question has a short header (at most 12 characters) and 2 to 4 options; set ' +
    'multiSelect to let the person pick several. The form always lets the person type their own ' +
    'answer, so do not add an "Other" option. The result is {"answers": [{"question", "selected": ' +
    '[labels], "other"?: their own text, "unanswered"?: true}]} in question order, or ' +
    '{"status": "deferred"} when the person answers in their next chat message instead.',
  parameters: {
    type: 'object',
    properties: {
      questions: {
        type: 'array',
        description: 'The questions to ask, shown together.',
        minItems: MIN_QUESTIONS,
        maxItems: MAX_QUESTIONS,
        items: {
          type: 'object',
          properties: {
            question: {
              type: 'string',
              minLength: 1,
              description: 'The full question, ending with a question mark. Unique among the questions.',
            },
            header: {
              type: 'string',
              minLength: 1,
              maxLength: MAX_HEADER,
              description: 'A very short label for the question, such as "Size" or "Approach".',
            },
            options: {
              type: 'array',
              minItems: MIN_OPTIONS,
              maxItems: MAX_OPTIONS,
              description: 'The choices, each with a distinct label.',
              items: {
                type: 'object',
                properties: {
                  label: { type: 'string', minLength: 1, description: 'The choice as the person sees it (1–5 words).' },
                  description: { type: 'string', description: 'What this choice means or implies.' },
                },
                required: ['label'],
              },
            },
            multiSelect: {
              type: 'boolean',
              default: false,
              description: 'True when the person may choose more than one option.',
            },
          },
          required: ['question', 'header', 'options'],
        },
      },
    },
    required: ['questions'],
  },
  metadata: { 'agent-chat': { kind: 'ask_user' } },
};

/** The marker a page's askUser handler returns to say: the answers come in the person's next message. */
export const AskUserDeferred: unique symbol = Symbol.for('agent-chat.ask-user-deferred');

/** What the model receives when the person did not use the form (typed in the chat instead, or the handler deferred). */
export const DEFERRED_RESULT: { readonly status: 'deferred' } = Object.freeze({ status: 'deferred' });
