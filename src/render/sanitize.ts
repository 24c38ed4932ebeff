/**
 * The one sanitizer for untrusted HTML (model output rendered from markdown).
 * Nothing reaches the DOM as HTML without passing through `sanitizeToFragment`.
 *
 * An allow-list, not a block-list: only the elements markdown produces (and a few harmless
 * inline ones), only the attributes they need. So no scripts, event handlers, `javascript:` URLs,
 * forms, frames or media that loads on its own, and no `class`, `id`, `role` or `style` with which
 * model output could dress up as the widget's own controls (its styles apply to the reply).
 * Links open in a new tab without an opener; images load lazily without a referrer.
 */
import DOMPurify from 'dompurify';
import { builtInSanitizer } from './built-in-sanitizer.js';

const purifier = DOMPurify(window);

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'pre',
  'code',
  'em',
  'strong',
  'del',
  's',
  'b',
  'i',
  'u',
  'sub',
  'sup',
  'kbd',
  'mark',
  'small',
  'abbr',
  'span',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'start', 'align', 'colspan', 'rowspan', 'open', 'class'];

/** `class` survives only as the code language marker (`language-ts`) that code blocks need. */
const LANGUAGE_CLASS = /^language-[\w+#.-]+$/;
/** …and as the formula placeholder (a `span`) that the math renderer draws, when the chat's `math` is on. */
const MATH_CLASS = /^math-(?:inline|display)$/;

/** What both engines do to each element they keep, after its attributes passed. */
function finishElement(node: Element): void {
  const className = node.getAttribute('class');
  if (className !== null && !(node.tagName === 'CODE' && LANGUAGE_CLASS.test(className)) && !(node.tagName === 'SPAN' && MATH_CLASS.test(className))) {
    node.removeAttribute('class');
  }
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  // Alignment is for table cells: elsewhere it would let a reply dress up as the person's bubble.
  if (node.hasAttribute('align') && node.tagName !== 'TH' && node.tagName !== 'TD') node.removeAttribute('align');
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('referrerpolicy', 'no-referrer');
    // Without an alt a screen reader reads out the image's address: its title stands in, else it
    // is drawn as markdown draws `![](…)`, with an empty one.
    if (!node.hasAttribute('alt')) node.setAttribute('alt', node.getAttribute('title')?.trim() ?? '');
  }
}
purifier.addHook('afterSanitizeAttributes', finishElement);

const policy = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** The browser's built-in sanitizer where it gives what DOMPurify gives, faster (built-in-sanitizer.ts). */
export const builtInEngine = builtInSanitizer({ tags: ALLOWED_TAGS, attributes: ALLOWED_ATTR }, finishElement);

/** Sanitized with DOMPurify alone (what every browser without the built-in sanitizer gets). */
export function sanitizeWithPurifier(html: string): DocumentFragment {
  return purifier.sanitize(html, { ...policy, RETURN_DOM_FRAGMENT: true });
}

/** Sanitized nodes, ready to insert (the HTML is parsed once, by the sanitizer). */
export function sanitizeToFragment(html: string): DocumentFragment {
  return builtInEngine?.(html) ?? sanitizeWithPurifier(html);
}
