/**
 * What a tool call's card and the request to approve the call both show: the texts in the chat's
 * language, else this English, which comes with the chunk the tool views and the requests share.
 */
import type { ChatStrings, CallStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishCallTexts: EnglishTexts<CallStrings> = () => ({
  toolArguments: 'Arguments',
  approvalDenied: 'Denied',
});

/** The texts for the chat's `strings`: their own, else English. */
export const callTexts = (strings: ChatStrings): CallStrings => lateTexts(strings, englishCallTexts);
