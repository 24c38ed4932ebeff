/**
 * The UI texts of a language: `lang` picks a table by its primary language subtag (English is
 * built in, the others are loaded on first need); the page's `strings` override single keys.
 * A view loaded later reads its own texts with `lateTexts`, their English coming with it.
 */
import type { ChatStringOverrides, ChatStrings, LateStrings, Translation } from './chat-strings.js';
import { countedText, pluralsIn, type Counted, type CountedText, type Plural } from './plural.js';
import { en as english } from './translations/en.js';

/** A table of texts made with the plural rules of its language: English's first-load part, or a whole language. */
type Table = (plural: Plural) => ChatStrings;

/** The chat's own texts of the first screen, in English: what a view shows until a chat gives it others. */
export const englishStrings: ChatStrings = english(pluralsIn('en'));

/**
 * The languages built in besides English, each a chunk of its own loaded on first need, so a page
 * pays only for the language it speaks. Adding a language is a file in `translations/` and a line here.
 */
const translations: Record<string, () => Promise<Translation>> = {
  ar: () => import('./translations/ar.js').then((module) => module.ar),
  de: () => import('./translations/de.js').then((module) => module.de),
  fr: () => import('./translations/fr.js').then((module) => module.fr),
};
/** The tables loaded, by primary language subtag. */
const loaded: Record<string, Table> = { en: english };
const loading = new Map<string, Promise<void>>();
/** The texts of each language tag asked for: counts are written the tag's way (`de-CH`: 1'234). */
const built = new Map<string, ChatStrings>([['', englishStrings]]);

const primaryOf = (lang: string | undefined) => (lang ?? '').toLowerCase().split(/[-_]/)[0];

/**
 * Loads the texts of `lang` when they are built in and not loaded yet; resolves once
 * `resolveStrings(lang)` gives them (at once when there is nothing to load).
 */
export function loadStrings(lang: string | undefined): Promise<void> {
  const primary = primaryOf(lang);
  if (loaded[primary] || !translations[primary]) return Promise.resolve();
  let pending = loading.get(primary);
  if (!pending) {
    pending = translations[primary]().then(
      (table) => void (loaded[primary] = table),
      (error: unknown) => console.warn(`<agent-chat>: the "${primary}" texts could not be loaded; English is used.`, error),
    );
    loading.set(primary, pending);
  }
  return pending;
}

/** Whether `resolveStrings(lang)` already gives the texts of `lang` (or English is all there is for it). */
export function stringsLoaded(lang: string | undefined): boolean {
  const primary = primaryOf(lang);
  return !!loaded[primary] || !translations[primary];
}

/**
 * The texts for `lang` as far as they are loaded (English until then), with the page's overrides;
 * an override of a counted text in the form per plural category is read in the texts' locale.
 */
export function resolveStrings(lang: string | undefined, overrides?: ChatStringOverrides): ChatStrings {
  const table = textsOf(lang);
  const strings = { ...table, locale: lang || table.locale, ...overrides } as ChatStrings;
  // The page's form texts go over the language's, one by one.
  if (table.form && overrides?.form) strings.form = { ...table.form, ...overrides.form };
  for (const key of Object.keys(overrides ?? {}) as (keyof ChatStrings)[]) {
    const own = table[key];
    if (typeof own !== 'function') continue;
    const text = overrides![key] as CountedText | Counted | undefined;
    (strings as unknown as Record<string, CountedText>)[key] = text === undefined ? own : countedText(text, strings.locale);
  }
  return strings;
}

export function format(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** The loaded table for `lang` (English until its own is loaded), its counts in `lang`'s way. */
function textsOf(lang: string | undefined): ChatStrings {
  const primary = primaryOf(lang);
  const translation = loaded[primary] ?? english;
  const key = loaded[primary] ? (lang ?? '') : '';
  let texts = built.get(key);
  if (!texts) {
    texts = translation(pluralsIn(key || 'en'));
    built.set(key, texts);
  }
  return texts;
}

/**
 * English texts a view loaded later brings with it (its `*-texts.ts`), made with the plural rules
 * of English like a language's table; the first load does not carry them.
 */
export type EnglishTexts<Texts extends Partial<LateStrings>> = (plural: Plural) => Texts;

/** The late texts made for each texts object given to views, by English table. */
const lateMade = new WeakMap<ChatStrings, Map<EnglishTexts<Partial<LateStrings>>, Partial<LateStrings>>>();

/**
 * A late view's texts for the chat's `strings`: the language's or the page's own where they have
 * them (a page's counted text in the form per plural category read in the chat's language), else
 * `english`'s, counts written the way of the chat's English tag (`en-IN`), else plain English.
 * Made once per `strings` and table.
 */
export function lateTexts<Texts extends Partial<LateStrings>>(strings: ChatStrings, english: EnglishTexts<Texts>): Texts {
  let made = lateMade.get(strings);
  if (!made) lateMade.set(strings, (made = new Map()));
  let texts = made.get(english) as Texts | undefined;
  if (!texts) {
    const { locale } = strings;
    texts = english(pluralsIn(primaryOf(locale) === 'en' ? locale : 'en'));
    const own = strings as unknown as Record<string, unknown>;
    const mine = texts as Record<string, unknown>;
    for (const key of Object.keys(mine)) {
      const text = own[key];
      if (text == null) continue;
      mine[key] = typeof mine[key] === 'function' && typeof text !== 'function' ? countedText(text as Counted, locale) : text;
    }
    made.set(english, texts);
  }
  return texts;
}
