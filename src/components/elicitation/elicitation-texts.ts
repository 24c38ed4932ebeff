/**
 * An MCP server's request for input: the texts in the chat's language, else this English, which
 * comes with the tool views chunk.
 */
import type { ChatStrings, ElicitationStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishElicitationTexts: EnglishTexts<ElicitationStrings> = () => ({
  elicitationFrom: '“{server}” asks:',
  elicitationSubmit: 'Submit',
  elicitationDecline: 'Decline',
  elicitationCancel: 'Cancel',
  elicitationOpensPage: 'Opens a page on {host}',
  elicitationOpen: 'Open',
  elicitationSent: 'You answered:',
  elicitationDeclined: 'You declined.',
  elicitationCancelled: 'Cancelled.',
  elicitationOpened: 'Opened; “{server}” goes on when you are done there.',
  elicitationDone: 'Done.',
  elicitationNotCompleted: 'Not completed: the page was left before an answer.',
});

/** The texts for the chat's `strings`: their own, else English. */
export const elicitationTexts = (strings: ChatStrings): ElicitationStrings => lateTexts(strings, englishElicitationTexts);
