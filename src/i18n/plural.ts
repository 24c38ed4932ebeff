/**
 * Texts that hold a count, in every grammatical number the language has. A counted text is one
 * form per plural category of `Intl.PluralRules` (`one`, `few`, `many`… and always `other`), or a
 * single string when the words do not change with the number. `{count}` is the number, written
 * the language's way.
 */
export type Counted = string | (Partial<Record<Intl.LDMLPluralRule, string>> & { other: string });

/** A UI text that holds a count, as a term: given the count, the words (the number written in). */
export type CountedText = (count: number) => string;

const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string, make: (tag: string | undefined) => T): T {
  let found = cache.get(locale);
  if (!found) {
    try {
      found = make(locale || undefined);
    } catch {
      found = make(undefined); // not a language tag the browser knows
    }
    cache.set(locale, found);
  }
  return found;
}

/** The form of `text` that goes with `count` in `locale`, its placeholders not filled yet. */
export function pluralForm(text: Counted, count: number, locale: string): string {
  if (typeof text === 'string') return text;
  const category = cached(rules, locale, (tag) => new Intl.PluralRules(tag)).select(count);
  return text[category] ?? text.other;
}

/**
 * Makes `locale`'s plural rules and number format ahead of need: the first of a page costs tens of
 * milliseconds (the browser loads the language's number data), which a reopened long conversation
 * would otherwise pay in its first frame ("Show 1,988 earlier messages").
 */
export function prepareCounts(locale: string): void {
  cached(rules, locale, (tag) => new Intl.PluralRules(tag));
  cached(numbers, locale, (tag) => new Intl.NumberFormat(tag)).format(0);
}

/** `count` written the way of `locale` (the browser's default where `locale` is not a language tag). */
export function formatNumber(count: number, locale: string): string {
  return cached(numbers, locale, (tag) => new Intl.NumberFormat(tag)).format(count);
}

/** `text` for `count`: the right form, `{count}` written as a number of `locale`, other `{name}`s from `values`. */
export function formatCount(text: Counted, count: number, locale: string, values: Record<string, string | number> = {}): string {
  const all: Record<string, string | number> = { ...values, count: formatNumber(count, locale) };
  return pluralForm(text, count, locale).replace(/\{(\w+)\}/g, (match, key: string) => (key in all ? String(all[key]) : match));
}

/** The text for `count` among `forms`, by the plural rules of a language, `{count}` written its way. */
export type Plural = (count: number, forms: Counted) => string;

/** `Plural` in `locale`: what a translation table writes its counted texts with. */
export function pluralsIn(locale: string): Plural {
  return (count, forms) => formatCount(forms, count, locale);
}

/** A counted text the page gave: a term as it is; the form per category (or one string) read in `locale`. */
export function countedText(text: CountedText | Counted, locale: string): CountedText {
  return typeof text === 'function' ? text : (count) => formatCount(text, count, locale);
}
