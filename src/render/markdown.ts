/** Markdown → sanitized DOM (marked, GitHub-flavoured, then the sanitizer). */
import { Marked } from 'marked';
import { sanitizeToFragment } from './sanitize.js';

const marked = new Marked({ gfm: true, breaks: false, async: false });

export function renderMarkdown(source: string): DocumentFragment {
  return sanitizeToFragment(marked.parse(source, { async: false }) as string);
}

/** Rich HTML results of subagent calls, through their own sanitizing policy (same lazy chunk). */
export { sanitizeActivityHtml as renderActivityHtml } from './activity-html.js';
