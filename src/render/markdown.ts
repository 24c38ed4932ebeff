/** Markdown → sanitized HTML (marked, GitHub-flavoured, then the sanitizer). */
import { Marked } from 'marked';
import { sanitizeHtml } from './sanitize.js';

const marked = new Marked({ gfm: true, breaks: false, async: false });

export function renderMarkdown(source: string): string {
  return sanitizeHtml(marked.parse(source, { async: false }) as string);
}
