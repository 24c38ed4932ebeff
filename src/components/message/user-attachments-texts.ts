/**
 * The files sent with the person's message: the texts in the chat's language, else this English,
 * which comes with the user attachments chunk.
 */
import type { ChatStrings, UserAttachmentsStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishUserAttachmentsTexts: EnglishTexts<UserAttachmentsStrings> = () => ({
  sentFiles: 'Attached files',
  openImage: 'Open image {name}',
});

/** The texts for the chat's `strings`: their own, else English. */
export const userAttachmentsTexts = (strings: ChatStrings): UserAttachmentsStrings => lateTexts(strings, englishUserAttachmentsTexts);
