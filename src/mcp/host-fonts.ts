/**
 * The chat's own fonts for its apps (`hostContext.styles.css.fonts`): the page's `@font-face` rules
 * for the families the chat writes with, their files inlined as `data:` URLs, so an app draws in
 * the chat's font without any request of its own (its frame may load fonts only from `data:`, and
 * should not ask a third party). Only files the page serves itself, or already inlined, are
 * taken; a family from another origin (a font service) is left out, and the app falls back to
 * the rest of the chat's font list. System fonts need nothing: the app names them in
 * `--font-sans` and the browser finds them.
 */

/** Most font bytes handed to apps in all. */
export const MAX_FONT_BYTES = 1_500_000;

/** The family names in a CSS `font-family` list, lower case, generic families left out. */
export function fontFamilies(list: string): string[] {
  const generic = new Set([
    'serif',
    'sans-serif',
    'monospace',
    'cursive',
    'fantasy',
    'system-ui',
    'ui-serif',
    'ui-sans-serif',
    'ui-monospace',
    'ui-rounded',
    'math',
    'emoji',
    'fangsong',
  ]);
  return list
    .split(',')
    .map((name) =>
      name
        .trim()
        .replace(/^(['"])(.*)\1$/, '$2')
        .trim()
        .toLowerCase(),
    )
    .filter((name) => name && !generic.has(name) && !name.startsWith('-'));
}

/** The first `url()` of a `src` descriptor, with its `format()` when it says one. */
export function firstFontUrl(src: string): { url: string; format?: string } | undefined {
  const match = /url\(\s*(['"]?)([^'")]+)\1\s*\)(\s*format\(\s*(['"]?)([^'")]+)\4\s*\))?/.exec(src);
  return match ? { url: match[2], format: match[5] } : undefined;
}

/** A CSS string, quoted, with nothing in it that could end it. */
const quoted = (value: string) => `"${value.replace(/["\\\n\r]/g, '')}"`;

/** The descriptors of a face that say which text it draws, kept only when they are plain. */
function faceDescriptors(rule: CSSFontFaceRule): string {
  const kept: string[] = [];
  for (const name of ['font-weight', 'font-style', 'font-stretch', 'unicode-range']) {
    const value = rule.style.getPropertyValue(name).trim();
    if (value && /^[\w\s%.+,-]+$/.test(value)) kept.push(`${name}:${value}`);
  }
  return kept.join(';');
}

function* fontFaceRules(sheets: Iterable<CSSStyleSheet>): Generator<{ rule: CSSFontFaceRule; base: string }> {
  for (const sheet of sheets) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // A sheet from another origin: its rules cannot be read.
    }
    yield* rulesIn(rules, sheet.href ?? document.baseURI);
  }
}

/** The font faces among `rules`, also inside imports and in blocks that apply (`@media`, `@layer`, …). */
function* rulesIn(rules: CSSRuleList, base: string): Generator<{ rule: CSSFontFaceRule; base: string }> {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSFontFaceRule) yield { rule, base };
    else if (rule instanceof CSSImportRule && rule.styleSheet) yield* fontFaceRules([rule.styleSheet]);
    else if (rule instanceof CSSMediaRule && !matchMedia(rule.conditionText).matches) continue;
    else if (rule instanceof CSSGroupingRule) yield* rulesIn(rule.cssRules, base);
  }
}

async function dataUrl(url: URL): Promise<string | undefined> {
  if (url.protocol === 'data:') return url.href;
  if (url.origin !== location.origin) return undefined;
  try {
    const response = await fetch(url, { credentials: 'same-origin', cache: 'force-cache' });
    if (!response.ok) return undefined;
    const blob = await response.blob();
    if (blob.size > MAX_FONT_BYTES) return undefined;
    return await new Promise<string | undefined>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : undefined);
      reader.onerror = () => resolve(undefined);
      reader.readAsDataURL(blob);
    });
  } catch {
    return undefined;
  }
}

/**
 * The `@font-face` rules for the families in `fontLists` (CSS `font-family` values) that the page
 * defines, each with its file inlined; `undefined` when there are none.
 */
export async function chatFontFaces(fontLists: string[]): Promise<string | undefined> {
  const wanted = new Set(fontLists.flatMap(fontFamilies));
  if (!wanted.size) return undefined;
  const faces: string[] = [];
  let bytes = 0;
  for (const { rule, base } of fontFaceRules([...Array.from(document.styleSheets), ...document.adoptedStyleSheets])) {
    const family = rule.style
      .getPropertyValue('font-family')
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2');
    if (!wanted.has(family.toLowerCase())) continue;
    const source = firstFontUrl(rule.style.getPropertyValue('src'));
    if (!source) continue;
    let url: URL;
    try {
      url = new URL(source.url, base);
    } catch {
      continue;
    }
    const data = await dataUrl(url);
    if (!data || bytes + data.length > MAX_FONT_BYTES * 1.4) continue;
    bytes += data.length;
    const format = source.format && /^[\w-]+$/.test(source.format) ? ` format(${quoted(source.format)})` : '';
    const descriptors = faceDescriptors(rule);
    faces.push(`@font-face{font-family:${quoted(family)};src:url(${quoted(data)})${format};font-display:swap${descriptors ? `;${descriptors}` : ''}}`);
  }
  return faces.length ? faces.join('\n') : undefined;
}
