/**
 * Editing a sent message: the texts in the chat's language, else this English, which comes with the
 * edit message chunk.
 */
import type { ChatStrings, EditMessageStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishEditMessageTexts: EnglishTexts<EditMessageStrings> = () => ({
  editLabel: 'Edit your message',
  editSend: 'Send',
  editCancel: 'Cancel',
});

/** The texts for the chat's `strings`: their own, else English. */
export const editMessageTexts = (strings: ChatStrings): EditMessageStrings => lateTexts(strings, englishEditMessageTexts);
