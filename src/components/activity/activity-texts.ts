/**
 * What a subagent did in a reply: the texts in the chat's language, else this English, which comes
 * with the tool views chunk.
 */
import type { ChatStrings, ActivityStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishActivityTexts: EnglishTexts<ActivityStrings> = (plural) => ({
  activityCalls: (count) => plural(count, { one: '{count} call', other: '{count} calls' }),
  activityNotes: 'Notes',
  activityShowConversation: 'Show conversation',
  activityHideConversation: 'Hide conversation',
  activityConversationOf: 'Everything {label} did in this reply',
  activityFailed: 'Failed: {error}',
});

/** The texts for the chat's `strings`: their own, else English. */
export const activityTexts = (strings: ChatStrings): ActivityStrings => lateTexts(strings, englishActivityTexts);
