/**
 * The agent's multiple-choice questions: the texts in the chat's language, else this English, which
 * comes with the interrupt chunk.
 */
import type { ChatStrings, QuestionFormStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishQuestionFormTexts: EnglishTexts<QuestionFormStrings> = () => ({
  askOther: 'Other',
  askOtherLabel: 'Your own answer to “{question}”',
  askSubmit: 'Send answers',
  askNothingChosen: 'Choose an answer to at least one question, or write in the chat instead.',
  askOtherEmpty: 'Write your own answer to “{question}”, or untick Other.',
  askWaitingPage: 'Waiting for the answers…',
  askWaitingMessage: 'Answer in your next message.',
  askDeferred: 'Answered in the chat instead.',
  askFailed: 'The answers could not be collected: {error}',
  askNotAnswered: 'Not answered',
});

/** The texts for the chat's `strings`: their own, else English. */
export const questionFormTexts = (strings: ChatStrings): QuestionFormStrings => lateTexts(strings, englishQuestionFormTexts);
