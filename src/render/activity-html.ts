/**
 * The sanitizing policy for rich tool results of subagents: HTML such as a table or an inline SVG
 * plot. It is separate from `sanitize.ts` (model output from markdown) and has its own DOMPurify
 * instance, so the two policies' hooks never mix.
 *
 * The result renders in its own shadow root, so — unlike markdown output — it may bring `class`,
 * `id`, `style` attributes and `<style>` elements: its CSS applies inside that root only, and the
 * widget's CSS does not reach in. That root must hold nothing but the result (its CSS would
 * restyle anything else in there). CSS selectors that reach out of a shadow root, `:host` and
 * `:host-context()`, are removed, so a result cannot restyle the box that holds it either; that box
 * should clip (`contain: paint`, `overflow`), so `position: fixed` cannot cover the chat.
 *
 * An allow-list of elements and attributes, then rules for what is left:
 * - Never: scripts, `on*` handlers (SVG too), forms and form controls, frames, objects, embeds,
 *   `<link>`, `<meta>`, `<base>`, media that loads (`audio`, `video`, `source`, `track`), `template`,
 *   `noscript`, SVG animation, `foreignObject`; `javascript:`, `vbscript:` and `data:text/html` URLs.
 * - No remote loads: `src` survives only as a `data:image/…` URL (a remote `<img>` keeps its alt
 *   text); `srcset` never (a data image needs only `src`); `href`/`xlink:href` on SVG elements only
 *   as a local `#fragment` (`<use>`, gradients, patterns), except SVG `<image>`, which may have a
 *   `data:image/…` href; `background`, `poster`, `lowsrc`, `dynsrc`, `action`, `formaction`, `ping`
 *   are not allowed.
 * - `<a href>` to `http(s):`, `mailto:` or `tel:` is navigation, not a load: kept, opening in a new
 *   tab without opener or referrer. Any other link (including relative ones) loses its href.
 * - CSS, in `style` attributes, `<style>` elements and SVG presentation attributes such as
 *   `fill="url(#g)"`: comments are dropped and escapes decoded first, so what is checked is what the
 *   browser will read; then every `@import` rule goes, and so does every declaration (or rule
 *   prelude) with a `url(…)` whose target is not `data:` or `#fragment`, with `image-set()`,
 *   `image()`, `cross-fade()` or `src()` (whose bare strings are URLs), `expression(`, `behavior:`,
 *   `-moz-binding` or `:host`.
 */
import DOMPurify from 'dompurify';

export { looksLikeHtml } from './looks-like-html.js';

const purifier = DOMPurify(window);

const SVG_NS = 'http://www.w3.org/2000/svg';
const HTML_NS = 'http://www.w3.org/1999/xhtml';

const HTML_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'div',
  'span',
  'section',
  'article',
  'header',
  'footer',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'blockquote',
  'q',
  'cite',
  'pre',
  'code',
  'kbd',
  'samp',
  'var',
  'b',
  'i',
  'u',
  's',
  'em',
  'strong',
  'small',
  'sub',
  'sup',
  'mark',
  'del',
  'ins',
  'abbr',
  'time',
  'br',
  'hr',
  'wbr',
  'details',
  'summary',
  'img',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];
const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'title',
  'desc',
  'defs',
  'symbol',
  'use',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
];
/** In both namespaces. */
const SHARED_TAGS = ['a', 'style'];

const lower = (names: string[]) => new Set(names.map((name) => name.toLowerCase()));
const HTML_ONLY = lower(HTML_TAGS);
const SVG_ONLY = lower(SVG_TAGS);

const HTML_ATTR = [
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'headers',
  'span',
  'align',
  'valign',
  'start',
  'reversed',
  'value',
  'open',
  'datetime',
  'lang',
  'dir',
];
const SVG_ATTR = [
  'xmlns',
  'xmlns:xlink',
  'xlink:href',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'x',
  'y',
  'dx',
  'dy',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'x1',
  'y1',
  'x2',
  'y2',
  'd',
  'points',
  'pathLength',
  'transform',
  'opacity',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'paint-order',
  'color',
  'visibility',
  'display',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'textLength',
  'lengthAdjust',
  'rotate',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
];
const COMMON_ATTR = ['class', 'id', 'style', 'role', 'aria-label', 'aria-labelledby', 'aria-describedby', 'aria-hidden'];

/** Roles that describe content; live regions, dialogs and widgets are not for a result to claim. */
const CONTENT_ROLES = new Set([
  'img',
  'presentation',
  'none',
  'figure',
  'group',
  'list',
  'listitem',
  'table',
  'row',
  'rowgroup',
  'cell',
  'columnheader',
  'rowheader',
  'caption',
  'note',
  'math',
  'term',
  'definition',
  'graphics-document',
  'graphics-object',
  'graphics-symbol',
]);

/** Human-readable attributes: not CSS and not URLs, so the CSS check leaves them alone. */
const TEXT_ATTRS = new Set(['alt', 'title', 'aria-label', 'aria-labelledby', 'aria-describedby', 'class', 'id', 'lang', 'role']);
/** Attributes that make the browser fetch something; none is allowed (belt to the allow-list's braces). */
const LOADING_ATTRS = new Set([
  'srcset',
  'background',
  'poster',
  'lowsrc',
  'dynsrc',
  'action',
  'formaction',
  'ping',
  'longdesc',
  'data',
  'codebase',
  'archive',
  'manifest',
  'imagesrcset',
  'usemap',
]);

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
/** A data URL of an image type, from the first character (the URL parser then cannot read another scheme). */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

function isNavigableLink(value: string): boolean {
  try {
    return LINK_PROTOCOLS.has(new URL(value).protocol);
  } catch {
    return false; // relative, protocol-relative or malformed: no base to resolve it against
  }
}

// ---------------------------------------------------------------------------------------------
// CSS

/**
 * Comments out, escapes decoded, NULs out, and no `</` or `<!` that could end a `<style>` element
 * when the result is serialized. The output has no backslash at all, so nothing in it is an escape
 * the browser would decode again. An escaped character the browser would read as plain content
 * but that means structure unescaped (quotes, parentheses, braces, `;`, `<`, `>`, a backslash,
 * control characters) is dropped rather than decoded, so strings and blocks keep their shape.
 */
function normalizeCss(css: string): string {
  return css
    .replace(/\u0000/g, '')
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\(?:([0-9a-f]{1,6})(?:\r\n|[ \t\n\r\f])?|(\r\n|[\n\r\f])|([\s\S])|$)/gi, (_match, hex?: string, _newline?: string, char?: string) => {
      let decoded = char ?? '';
      if (hex) {
        const code = parseInt(hex, 16);
        decoded = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
      }
      return /^["'\\(){};<>\u0000-\u001f\u007f]$/.test(decoded) ? '' : decoded;
    })
    .replace(/\\/g, '')
    .replace(/<[/!]/g, '');
}

/** What makes a declaration, at-rule or prelude unsafe (checked on normalized text). */
const UNSAFE_CSS = [/@import/i, /image-set\(/i, /image\(/i, /cross-fade\(/i, /src\(/i, /expression\s*\(/i, /behaviou?r\s*:/i, /-moz-binding/i, /(?:java|vb)script:/i, /:host/i];
/** `url(` and what follows it, up to the first character of its target. */
const URL_FUNCTION = /url\([ \t\n\r\f]*["']?/gi;
const SAFE_URL_TARGET = /^(?:data:|#)/i;
/** A substitution function (`var()`, `attr()`, …) glued to what follows: engines must not merge the tokens; do not rely on it. */
const SUBSTITUTION = /(?:var|attr|env|if|--[\w-]*)\(/i;
const GLUED = /\)[\w-]*\(/;

function isUnsafeCssChunk(chunk: string): boolean {
  if (UNSAFE_CSS.some((pattern) => pattern.test(chunk))) return true;
  for (const match of chunk.matchAll(URL_FUNCTION)) {
    if (!SAFE_URL_TARGET.test(chunk.slice(match.index + match[0].length))) return true;
  }
  return SUBSTITUTION.test(chunk) && GLUED.test(chunk);
}

/**
 * Splits at `;`, `{` and `}` outside strings and parentheses and drops each piece that is unsafe,
 * keeping the delimiters (so pieces never join); an unsafe prelude goes with its whole block.
 * Exact tokenizing does not matter for safety: `sanitizeCss` repeats until nothing changes, and
 * the checks look at every piece of the final text.
 */
function dropUnsafeChunks(css: string): string {
  let out = '';
  let chunk = '';
  let quote = '';
  let depth = 0;
  /** Open braces of a dropped block still to be closed. */
  let skipping = 0;
  for (const char of css) {
    if (quote) {
      if (char === quote || char === '\n') quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (skipping > 0) {
      if (char === '{') skipping += 1;
      else if (char === '}') skipping -= 1;
      continue;
    } else if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if ((char === ';' && depth === 0) || char === '{' || char === '}') {
      if (!isUnsafeCssChunk(chunk)) out += chunk + char;
      else if (char === '{') skipping = 1;
      else out += char;
      chunk = '';
      depth = 0;
      continue;
    }
    if (skipping === 0) chunk += char;
  }
  return out + (isUnsafeCssChunk(chunk) ? '' : chunk);
}

/** CSS without imports, remote `url()`s and the other tricks above; '' if it will not settle. */
function sanitizeCss(css: string): string {
  let current = css;
  for (let round = 0; round < 8; round += 1) {
    const next = dropUnsafeChunks(normalizeCss(current));
    if (next === current) return current;
    current = next;
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// Hooks

purifier.addHook('uponSanitizeElement', (node, data) => {
  if (!(node instanceof Element)) return;
  const tag = data.tagName;
  // An SVG name in HTML (an HTML <title>) or an HTML name in SVG is not what it seems: drop it.
  if ((SVG_ONLY.has(tag) && node.namespaceURI !== SVG_NS) || (HTML_ONLY.has(tag) && node.namespaceURI !== HTML_NS)) {
    node.remove();
    return;
  }
  if (tag === 'style') {
    const css = sanitizeCss(node.textContent ?? '');
    if (css.trim() === '') node.remove();
    else node.textContent = css;
  }
});

purifier.addHook('afterSanitizeAttributes', (node) => {
  const isSvg = node.namespaceURI === SVG_NS;
  const tag = node.localName.toLowerCase();
  for (const attr of Array.from(node.attributes)) {
    const name = attr.name.toLowerCase();
    const local = attr.localName.toLowerCase();
    const value = attr.value;
    let keep: boolean;
    if (name.startsWith('on') || LOADING_ATTRS.has(local)) keep = false;
    else if (local === 'href' || name.endsWith(':href')) {
      if (isSvg) keep = tag === 'image' ? DATA_IMAGE.test(value) : value.startsWith('#');
      else keep = tag === 'a' && isNavigableLink(value);
    } else if (local === 'src') keep = tag === 'img' && !isSvg && DATA_IMAGE.test(value);
    else if (name === 'role') keep = CONTENT_ROLES.has(value.trim().toLowerCase());
    else if (name === 'style') {
      const css = sanitizeCss(value);
      keep = css.trim() !== '';
      if (keep && css !== value) node.setAttribute('style', css);
    } else if (TEXT_ATTRS.has(name)) keep = true;
    // Everything else may be read as CSS (SVG presentation attributes: fill="url(…)").
    else keep = sanitizeCss(value) === value;
    if (!keep) node.removeAttributeNode(attr);
  }
  if (tag === 'a' && !isSvg && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

const policy = {
  ALLOWED_TAGS: [...HTML_TAGS, ...SVG_TAGS, ...SHARED_TAGS],
  ALLOWED_ATTR: [...HTML_ATTR, ...SVG_ATTR, ...COMMON_ATTR],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Keep a leading <style> (the parser would put it in <head>, out of the returned fragment).
  FORCE_BODY: true,
};

/** A rich result's HTML, sanitized into nodes ready to insert into the result's own shadow root. */
export function sanitizeActivityHtml(html: string): DocumentFragment {
  return purifier.sanitize(html, { ...policy, RETURN_DOM_FRAGMENT: true });
}
