/**
 * What the chat says of a reply that ended: the texts in the chat's language, else this English,
 * which comes with the reply announcement chunk.
 */
import type { ChatStrings, ReplyAnnouncementStrings } from '../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../i18n/strings.js';

export const englishReplyAnnouncementTexts: EnglishTexts<ReplyAnnouncementStrings> = () => ({
  replyContinues: '{text}… (continues in the conversation)',
});

/** The texts for the chat's `strings`: their own, else English. */
export const replyAnnouncementTexts = (strings: ChatStrings): ReplyAnnouncementStrings => lateTexts(strings, englishReplyAnnouncementTexts);
