/**
 * The browser's own HTML sanitizer (`Document.parseHTML` with a `Sanitizer`), as a fast path beside
 * DOMPurify for model output. It is an engine of sanitize.ts, never called on its own: same
 * allow-list, same finishing of each element, and it is used only where it gives what DOMPurify
 * gives, at about a fifth of the cost (DOMPurify's checks node by node were the largest part of
 * drawing a streamed reply: 83 ms of a 100,000-character one, 15 ms with this engine).
 *
 * Where the two would differ, it declines (`undefined`) and DOMPurify sanitizes:
 * - markup naming any element outside the allow-list, even in an attribute value: DOMPurify
 *   unwraps such an element and keeps its text, the built-in sanitizer drops it whole;
 * - markup with an inline style or event handler (see `INLINE_STYLE_OR_HANDLER`);
 * - markup with `<!`, `<?` or `</` not followed by a letter (comments, processing instructions,
 *   doctypes, and the comments the tokenizer makes of `</3>` or `</ x>`): DOMPurify removes
 *   processing instructions, which a recent parser makes of `<?…?>`, and drops an element whose
 *   text looks like markup next to a comment (its guard against mutation XSS);
 * - a browser without the API, one whose `Sanitizer` does not behave as this file expects (checked
 *   once, on a probe, as the chunk loads), or any call that throws.
 *
 * The built-in sanitizer parses into a document of its own (nothing loads, nothing runs) and always
 * removes scripts, event handlers and `javascript:` URLs. On top of it each remaining attribute
 * passes DOMPurify's own rules for values, copied here: trimmed, no markup breaking out of an
 * attribute, and a URL with a safe scheme (`data:` only for images).
 */

/** The chat's allow-list, as sanitize.ts gives it to both engines. */
export interface AllowList {
  tags: readonly string[];
  attributes: readonly string[];
}

type Finish = (element: Element) => void;

/** An element's name as the HTML tokenizer reads it: up to whitespace, `/` or `>`. */
const TAG_NAME = /<\/?([a-zA-Z][^\t\n\f\r />]*)/g;
const ASCII_NAME = /^[a-zA-Z0-9]+$/;
/** Comments (`<!--`, and `</` before anything but a letter or `>`), doctypes, CDATA and processing instructions: left to DOMPurify (see above). */
const MARKUP_DECLARATION = /<[!?]|<\/[^a-zA-Z>]/;
/**
 * What looks like an inline style or event handler (`style=`, `onerror=`), even in text: left to
 * DOMPurify. This parser checks them against the page's Content-Security-Policy before the
 * sanitizer drops them, so a strict page would get a violation report for each.
 */
const INLINE_STYLE_OR_HANDLER = /(?:\bstyle|\bon[a-z]+)\s*=/i;
/** Void elements markdown emits that neither engine keeps (a task list's checkbox): no text to lose. */
const DROPPED_VOID = new Set(['input']);

/** DOMPurify's value rules (purify.es.mjs 3.x: IS_ALLOWED_URI, ATTR_WHITESPACE, ATTR_VALUE_BREAKOUT). */
const SAFE_URL = /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp|matrix):|[^a-z]|[a-z+.-]+(?:[^a-z+.:-]|$))/i;
const URL_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const BREAKS_OUT = /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;
/** Attributes whose value is never a URL (DOMPurify's URI-safe list, as far as the allow-list has them). */
const NOT_A_URL = new Set(['alt', 'class', 'title']);
const LEADING_WHITE_SPACE = /^[\r\n\t ]+/;

interface BuiltInApi {
  Sanitizer: new (config: object) => object;
  parseHTML: (html: string, options: { sanitizer: object }) => Document;
}

function builtInApi(): BuiltInApi | undefined {
  const Sanitizer = (globalThis as { Sanitizer?: BuiltInApi['Sanitizer'] }).Sanitizer;
  const parseHTML = (Document as unknown as { parseHTML?: BuiltInApi['parseHTML'] }).parseHTML?.bind(Document);
  return typeof Sanitizer === 'function' && typeof parseHTML === 'function' ? { Sanitizer, parseHTML } : undefined;
}

function valueAllowed(tag: string, name: string, value: string): boolean {
  if (BREAKS_OUT.test(value)) return false;
  if (NOT_A_URL.has(name) || value === '') return true;
  if (SAFE_URL.test(value.replace(URL_WHITESPACE, ''))) return true;
  return (name === 'src' || name === 'href') && tag === 'img' && value.startsWith('data:');
}

/**
 * The built-in engine for `allow`, finishing each kept element with `finish` (DOMPurify's hook in
 * sanitize.ts); `undefined` where the browser has none that behaves as expected.
 */
export function builtInSanitizer(allow: AllowList, finish: Finish): ((html: string) => DocumentFragment | undefined) | undefined {
  const api = builtInApi();
  if (!api) return undefined;
  const tags = new Set(allow.tags);
  const attributes = new Set(allow.attributes);
  let sanitizer: object;
  try {
    // The document's own elements too: the markup is parsed as a whole document, as DOMPurify does.
    const elements = [...allow.tags, 'html', 'head', 'body'];
    sanitizer = new api.Sanitizer({ elements, attributes: allow.attributes, comments: false, processingInstructions: [], dataAttributes: false });
  } catch {
    return undefined;
  }

  const onlyAllowedTags = (html: string): boolean => {
    if (MARKUP_DECLARATION.test(html) || INLINE_STYLE_OR_HANDLER.test(html)) return false;
    for (const [, name] of html.matchAll(TAG_NAME)) {
      if (!ASCII_NAME.test(name!)) return false;
      const lower = name!.toLowerCase();
      if (!tags.has(lower) && !DROPPED_VOID.has(lower)) return false;
    }
    return true;
  };

  const finishAll = (root: Element): void => {
    for (const element of root.querySelectorAll('*')) {
      const tag = element.localName;
      for (const { name, value } of Array.from(element.attributes)) {
        const trimmed = value.trim();
        if (!attributes.has(name) || !valueAllowed(tag, name, trimmed)) element.removeAttribute(name);
        else if (trimmed !== value) element.setAttribute(name, trimmed);
      }
      finish(element);
    }
  };

  /** The built-in sanitizer's own output, in an inert document of its own (nothing in it loads or runs), in quirks mode like DOMPurify's. */
  const parsed = (html: string): HTMLElement | undefined => {
    try {
      return api.parseHTML(html, { sanitizer }).body ?? undefined;
    } catch {
      return undefined;
    }
  };

  const sanitize = (html: string): DocumentFragment | undefined => {
    if (!onlyAllowedTags(html)) return undefined;
    const body = parsed(html);
    if (!body) return undefined;
    finishAll(body);
    // A whole document's parse drops the markup's leading white space; DOMPurify puts it back.
    const leading = LEADING_WHITE_SPACE.exec(html)?.[0];
    if (leading) body.prepend(leading);
    // Still owned by that document, as DOMPurify's are: an image loads once the chat inserts it,
    // after the image policy has had its say.
    const range = body.ownerDocument.createRange();
    range.selectNodeContents(body);
    return range.extractContents();
  };

  // A browser whose Sanitizer reads another configuration (an older draft of the API) would keep
  // what the allow-list leaves out: then DOMPurify does all the work. The probe reads the built-in
  // sanitizer's own output, before the checks above; it must also keep what the allow-list allows
  // (one stricter than DOMPurify would differ too). No inline style or handler in it (see above).
  const probe = parsed(
    '<p title="t" id="i" role="alert" data-x="1">a<!--c--><?pi x?><a href="javascript:x">b</a><a href="https://x/">e</a><code class="language-ts">f</code><img src="x"><script>d</script></p><details open=""><summary>g</summary></details><div>c</div>',
  );
  const expected = '<p title="t">a<a>b</a><a href="https://x/">e</a><code class="language-ts">f</code><img src="x"></p><details open=""><summary>g</summary></details>';
  return probe?.innerHTML === expected ? sanitize : undefined;
}
