/**
 * `ask_user` as a client tool: offered with every run, answered by the page's `askUser` handler
 * when there is one, else by the person (the card's form, or their next message).
 */
import type { ClientToolCall, ClientToolResult, ClientTools } from '../session/client-tools.js';
import { ASK_USER_TOOL, AskUserDeferred, askUserTool, type Question } from './ask-user-definition.js';
import type { Answers } from '../conversation/types.js';
import { errorText } from '../internal/errors.js';
import { untilAborted } from '../internal/until-aborted.js';

/** The page's own way of answering: answers, a promise of them, or `AskUserDeferred`. */
export type AskUserHandler = (questions: Question[], context: unknown) => Answers | typeof AskUserDeferred | Promise<Answers | typeof AskUserDeferred>;

export interface AskUserSetup {
  handler(): AskUserHandler | undefined;
  /** What the handler gets as `context`, worked out each time the model asks. */
  context(): unknown;
}

export function askUserClientTool(setup: AskUserSetup): ClientTools {
  return {
    definitions: () => [askUserTool],
    handles: (name) => name === ASK_USER_TOOL,
    run: (call, signal) => ask(call, signal, setup),
  };
}

async function ask(call: ClientToolCall, signal: AbortSignal, setup: AskUserSetup): Promise<ClientToolResult> {
  const { answersForModel, checkAnswers, parseQuestions } = await import('./questions.js');
  const parsed = parseQuestions(call.arguments);
  if (!parsed.ok) return { content: parsed.error, isError: true };
  const handler = setup.handler();
  if (!handler) return { content: undefined, waitFor: 'form' };
  const failed = (error: string): ClientToolResult => ({
    content: `The answers could not be collected: ${error}`,
    isError: true,
    ask: { by: 'page', outcome: 'failed', error },
  });
  let answers: unknown;
  try {
    answers = await untilAborted(Promise.resolve(handler(parsed.questions, setup.context())), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return failed(`the page's askUser handler failed (${errorText(error)}).`);
  }
  if (answers === AskUserDeferred) return { content: undefined, waitFor: 'message' };
  const checked = checkAnswers(parsed.questions, answers);
  if (!checked.ok) return failed(checked.error);
  return {
    content: answersForModel(parsed.questions, checked.answers),
    ask: { by: 'page', outcome: 'answered', answers: checked.answers },
  };
}
