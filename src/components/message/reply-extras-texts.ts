/**
 * A reply's Copy, thumbs and sources: the texts in the chat's language, else this English, which
 * comes with the message view.
 */
import type { ChatStrings, ReplyExtrasStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishReplyExtrasTexts: EnglishTexts<ReplyExtrasStrings> = (plural) => ({
  sources: 'Sources',
  copyReply: 'Copy reply',
  feedbackGood: 'Good reply',
  feedbackBad: 'Bad reply',
  sourcesCount: (count) => plural(count, { one: '{count} source', other: '{count} sources' }),
});

/** The texts for the chat's `strings`: their own, else English. */
export const replyExtrasTexts = (strings: ChatStrings): ReplyExtrasStrings => lateTexts(strings, englishReplyExtrasTexts);
