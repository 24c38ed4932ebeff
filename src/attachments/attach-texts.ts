/** The attachments' UI texts: the chat's language's, else these English ones (which come with the chunk). */
import type { ChatStrings } from '../i18n/chat-strings.js';

export const englishAttachTexts = {
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
};

export type AttachTexts = typeof englishAttachTexts;

/** Every attachment text for `strings`: its own (the language's, the page's overrides), else English. */
export function attachTexts(strings: ChatStrings): AttachTexts {
  const texts = { ...englishAttachTexts };
  for (const key of Object.keys(texts) as (keyof AttachTexts)[]) {
    const own = strings[key];
    if (typeof own === 'string') texts[key] = own;
  }
  return texts;
}
