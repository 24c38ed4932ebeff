/**
 * The words the live region says of a reply that ended (`reply-announcer.ts`): its markdown read
 * as plain words, cut at a word once long, with a note that the rest is in the conversation; or
 * its error, as the reply shows it.
 */
import type { ChatStrings } from '../i18n/chat-strings.js';
import { format } from '../i18n/strings.js';
import { replyAnnouncementTexts } from './reply-announcement-texts.js';

/** Longest text said whole (characters): a screen reader reads the region through, without pause. */
export const SAID_WHOLE = 300;
/** How much of a reply is read to find those words (markup and links take room too). */
const READ_AT_MOST = SAID_WHOLE * 20;

/** What is said of a reply: `{ text }` when it finished, `{ error }` when it failed. */
export function announcement(strings: ChatStrings, ended: { text: string } | { error: string }): string {
  if ('error' in ended) return ended.error ? `${strings.errorTitle}: ${ended.error}` : strings.errorTitle;
  // Only the start is said: a long (or hostile) reply costs no more than its first few thousand characters.
  const words = spokenText(ended.text.slice(0, READ_AT_MOST));
  if (words.length <= SAID_WHOLE) return ended.text.length > READ_AT_MOST ? format(replyAnnouncementTexts(strings).replyContinues, { text: words }) : words;
  const cut = words.slice(0, SAID_WHOLE + 1);
  const atWord = cut.lastIndexOf(' ');
  const start = (atWord > SAID_WHOLE / 2 ? cut.slice(0, atWord) : cut.slice(0, SAID_WHOLE)).replace(/[\s,;:.…-]+$/u, '');
  return format(replyAnnouncementTexts(strings).replyContinues, { text: start });
}

/** Markdown as the words a reader hears: no markup, links and images by their text, one line. */
export function spokenText(markdown: string): string {
  return (
    markdown
      // Escapes first: an escaped mark is then dropped with the others (a reader would not say it).
      .replace(/\\([\\`*_{}[\]()#+\-.!|~>])/g, '$1')
      // Code fences, table rules, horizontal rules: lines of markup only.
      .replace(/^ {0,3}(`{3,}|~{3,}).*$/gm, ' ')
      .replace(/^[\s|:-]*-{3,}[\s|:-]*$/gm, ' ')
      .replace(/^ {0,3}([*_]\s*){3,}$/gm, ' ')
      // Images and links by their text; autolinks and HTML tags by what is between them.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\](\([^)]*\)|\[[^\]]*\])/g, '$1')
      .replace(/<(https?:[^>\s]+)>/g, '$1')
      .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, ' ')
      // Line starts: headings, quotes, list markers, table cells.
      .replace(/^ {0,3}(#{1,6}\s+|>\s?)+/gm, '')
      .replace(/^\s*([-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?/gm, '')
      .replace(/\s*\|\s*/g, ' ')
      // Emphasis, strikethrough and code marks; an underscore inside a word stays.
      .replace(/\*+|~~|`+/g, '')
      .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
