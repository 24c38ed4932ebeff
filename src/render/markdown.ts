/** Markdown → sanitized DOM (marked, GitHub-flavoured, then the sanitizer). */
import { Marked } from 'marked';
import { applyImagePolicy } from './image-placeholders.js';
import { defaultImagePolicy, type ImagePolicy } from './image-policy.js';
import { sanitizeToFragment } from './sanitize.js';
import { mathExtension } from './math-extension.js';
import { paintMath, type MathReply } from './math-loader.js';

const marked = new Marked({ gfm: true, breaks: false, async: false });
/** With the chat's `math` on: TeX becomes placeholders that the math renderer draws (math-extension.ts). */
const markedWithMath = new Marked({ gfm: true, breaks: false, async: false }, mathExtension);

/** The images in it follow `policy` (see image-policy.ts); with `math`, TeX in it renders as math, as part of that reply. */
export function renderMarkdown(source: string, policy: ImagePolicy = defaultImagePolicy, math?: MathReply): DocumentFragment {
  const fragment = sanitizeToFragment((math ? markedWithMath : marked).parse(source, { async: false }) as string);
  applyImagePolicy(fragment, policy);
  if (math) paintMath(fragment, math);
  return fragment;
}

/** Rich HTML results of subagent calls, through their own sanitizing policy (same lazy chunk). */
export { sanitizeActivityHtml as renderActivityHtml } from './activity-html.js';
export { MarkdownPainter } from './markdown-painter.js';
