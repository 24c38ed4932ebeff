/**
 * Starter prompts and follow-ups: the texts in the chat's language, else this English, which comes
 * with the suggestions chunk.
 */
import type { ChatStrings, SuggestionsStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishSuggestionsTexts: EnglishTexts<SuggestionsStrings> = () => ({
  suggestionsStarter: 'Suggestions',
  suggestionsFollowUp: 'Suggested follow-ups',
});

/** The texts for the chat's `strings`: their own, else English. */
export const suggestionsTexts = (strings: ChatStrings): SuggestionsStrings => lateTexts(strings, englishSuggestionsTexts);
