/** The attachments' UI texts: the chat's language's, else these English ones (which come with the chunk). */
import type { AttachStrings, ChatStrings } from '../i18n/chat-strings.js';
import { lateTexts, type EnglishTexts } from '../i18n/strings.js';

export const englishAttachTexts: EnglishTexts<AttachStrings> = () => ({
  attachButton: 'Attach files',
  attachTray: 'Files to send',
  attachRemove: 'Remove {name}',
  attachUploading: 'Uploading {name}',
  attachWaiting: 'Uploading…',
  attachDrop: 'Drop files to attach',
  attachRefusedType: '{name} was not attached: files of this type are not accepted.',
  attachRefusedSize: '{name} was not attached: it is larger than {max}.',
  attachRefusedCount: '{name} was not attached: too many files (at most {max}).',
  attachRefusedUpload: '{name} could not be uploaded.',
  attachDismiss: 'Dismiss',
});

/** Every attachment text for `strings`: its own (the language's, the page's overrides), else English. */
export const attachTexts = (strings: ChatStrings): AttachStrings => lateTexts(strings, englishAttachTexts);
