/**
 * The list of conversations: the texts in the chat's language, else this English, which comes with
 * the thread list chunk.
 */
import type { ChatStrings, ThreadListStrings } from '../../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../../i18n/strings.js';

export const englishThreadListTexts: EnglishTexts<ThreadListStrings> = () => ({
  threadsHeading: 'Conversations',
  threadNew: 'New conversation',
  threadUntitled: 'New conversation',
  threadsEmpty: 'No conversations yet.',
  threadActions: 'Actions for “{title}”',
  threadRename: 'Rename',
  threadTitle: 'Title',
  threadSave: 'Save',
  threadCancel: 'Cancel',
  threadDelete: 'Delete',
  threadExport: 'Export',
  threadImport: 'Import…',
  threadDeleteConfirm: 'Delete “{title}”? This cannot be undone.',
  threadCurrent: '(open)',
  threadNotSynced: 'Not synced yet',
});

/** The texts for the chat's `strings`: their own, else English. */
export const threadListTexts = (strings: ChatStrings): ThreadListStrings => lateTexts(strings, englishThreadListTexts);
