/**
 * Which way a language is written, from its BCP 47 tag. Pure: no DOM. The browser's own answer
 * (`Intl.Locale` text info) is taken when it has one; otherwise the tag's script subtag decides,
 * else its language (the scripts and languages below are the right-to-left ones in use).
 */
export type TextDirection = 'ltr' | 'rtl';

/** Scripts (ISO 15924, lower case) written right to left. */
const RTL_SCRIPTS = new Set(['adlm', 'arab', 'hebr', 'mand', 'mend', 'nkoo', 'rohg', 'samr', 'syrc', 'thaa', 'yezi']);

/** Languages whose usual script is one of those (a script subtag in the tag overrides this). */
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'bal',
  'bgn',
  'ckb',
  'dv',
  'fa',
  'glk',
  'he',
  'iw',
  'ji',
  'khw',
  'ks',
  'lrc',
  'mzn',
  'nqo',
  'pnb',
  'prs',
  'ps',
  'rhg',
  'sd',
  'sdh',
  'skr',
  'syr',
  'ug',
  'ur',
  'yi',
]);

interface TextInfo {
  direction?: string;
}
/** `Intl.Locale` as browsers have it: `getTextInfo()` now, the `textInfo` getter before. */
type LocaleWithTextInfo = Intl.Locale & { getTextInfo?: () => TextInfo; textInfo?: TextInfo };

/** The direction of `lang` by its subtags alone (what is used where `Intl.Locale` has no text info). */
export function directionFromSubtags(lang: string): TextDirection {
  const [language = '', second = ''] = lang.toLowerCase().split(/[-_]/);
  // A script subtag (four letters) comes right after the language.
  if (/^[a-z]{4}$/.test(second)) return RTL_SCRIPTS.has(second) ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/** Answers already worked out, by tag as given: the element asks on every render. */
const known = new Map<string, TextDirection>();

/** The direction `lang` is written in; `ltr` for an empty tag or one that is not a language tag. */
export function directionOf(lang: string | undefined): TextDirection {
  const given = lang ?? '';
  let direction = known.get(given);
  if (!direction) {
    direction = directionOfTag(given.trim().replace(/_/g, '-'));
    known.set(given, direction);
  }
  return direction;
}

function directionOfTag(tag: string): TextDirection {
  if (!tag) return 'ltr';
  let locale: LocaleWithTextInfo;
  try {
    locale = new Intl.Locale(tag) as LocaleWithTextInfo;
  } catch {
    return 'ltr'; // not a language tag
  }
  const info = typeof locale.getTextInfo === 'function' ? locale.getTextInfo() : locale.textInfo;
  if (info?.direction === 'rtl' || info?.direction === 'ltr') return info.direction;
  return directionFromSubtags(tag);
}
