/**
 * The messages queued while a reply streams: the texts in the chat's language, else this English,
 * which comes with the queued messages chunk.
 */
import type { ChatStrings, QueueStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishQueueTexts: EnglishTexts<QueueStrings> = (plural) => ({
  queueLabel: 'Queued messages',
  queueRemove: 'Remove queued message: {text}',
  queueFailed: (count) => plural(count, { one: 'The reply failed: this message was not sent.', other: 'The reply failed: {count} messages were not sent.' }),
  queueStopped: (count) => plural(count, { one: 'The reply was stopped: this message was not sent.', other: 'The reply was stopped: {count} messages were not sent.' }),
  queueWaiting: (count) =>
    plural(count, {
      one: 'The agent’s questions above wait for your answer: this message goes after it.',
      other: 'The agent’s questions above wait for your answer: {count} messages go after it.',
    }),
  queueCount: (count) => plural(count, { one: 'One message waits to be sent.', other: '{count} messages wait to be sent.' }),
  queueResume: 'Send now',
});

/** The texts for the chat's `strings`: their own, else English. */
export const queueTexts = (strings: ChatStrings): QueueStrings => lateTexts(strings, englishQueueTexts);
