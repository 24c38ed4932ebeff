/** Markdown → sanitized DOM (marked, GitHub-flavoured, then the sanitizer). */
import { Marked } from 'marked';
import { applyImagePolicy } from './image-placeholders.js';
import { defaultImagePolicy, type ImagePolicy } from './image-policy.js';
import { sanitizeToFragment } from './sanitize.js';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** The images in it follow `policy` (see image-policy.ts). */
export function renderMarkdown(source: string, policy: ImagePolicy = defaultImagePolicy): DocumentFragment {
  const fragment = sanitizeToFragment(marked.parse(source, { async: false }) as string);
  applyImagePolicy(fragment, policy);
  return fragment;
}

/** Rich HTML results of subagent calls, through their own sanitizing policy (same lazy chunk). */
export { sanitizeActivityHtml as renderActivityHtml } from './activity-html.js';
export { MarkdownPainter } from './markdown-painter.js';
