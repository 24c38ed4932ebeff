/**
 * What one formula may cost the page. KaTeX renders in one go on the main thread, so a formula
 * it would take long to render (a huge sum, or a few nested `\def`s that multiply into tens of
 * thousands of glyphs) is never given to it whole: its source is limited in length, every token
 * KaTeX reads (each lookup of its macro table, where copies made by macros are counted too) is
 * counted against a budget and a deadline, and the markup it returns is limited in length before
 * anything is sanitized or drawn. A formula over any limit shows as its TeX with a short note.
 * A reply's formulas together have an allowance too (`ReplyMathAllowance`): many formulas each
 * just within the limits would otherwise still add up to seconds of work and a huge page.
 * Pure: no DOM.
 */

export const MATH_LIMITS = {
  /** Characters of TeX in one formula (a long matrix is ~1,500). */
  sourceChars: 2_500,
  /** Tokens KaTeX may read for one formula, macro expansions included. */
  tokens: 5_000,
  /** Macro expansions (KaTeX's own `maxExpand`). */
  expansions: 200,
  /** Characters of markup (HTML and MathML) KaTeX may return for one formula (a 20-line `aligned` is ~130,000). */
  markupChars: 150_000,
  /** Elements nested in that markup (a continued fraction 8 deep is 63): deep nesting is slow to sanitize and lay out. */
  markupDepth: 150,
  /** Time KaTeX may take for one formula (ms); a backstop for what the counts do not foresee. */
  renderMs: 40,
} as const;

/** What the formulas of one reply may cost together; past it, the reply's further formulas show as TeX with the note. */
export const REPLY_MATH_LIMITS = {
  /** Time rendering them may take in all (ms): each distinct formula counted once. */
  renderMs: 400,
  /** Characters of markup of the formulas it shows, in all. */
  markupChars: 1_500_000,
} as const;

export type MathLimit = 'source' | 'expansions' | 'tokens' | 'time' | 'markup' | 'depth' | 'reply';

/** A formula over one of the limits: not rendered, shown as its source. */
export class MathBudgetError extends Error {
  constructor(readonly limit: MathLimit) {
    super(`formula over the ${limit} limit`);
    this.name = 'MathBudgetError';
  }
}

/** Throws when the TeX is too long to render. */
export function checkSource(tex: string, limit: number = MATH_LIMITS.sourceChars): void {
  if (tex.length > limit) throw new MathBudgetError('source');
}

/** Throws when KaTeX's markup is too long, or nested too deep, to sanitize and draw. */
export function checkMarkup(markup: string, limit: number = MATH_LIMITS.markupChars, depthLimit: number = MATH_LIMITS.markupDepth): void {
  if (markup.length > limit) throw new MathBudgetError('markup');
  if (markupDepth(markup) > depthLimit) throw new MathBudgetError('depth');
}

/** How deep elements nest in markup as KaTeX writes it (attribute values escaped, empty elements as `<x/>`). */
export function markupDepth(markup: string): number {
  let depth = 0;
  let deepest = 0;
  for (let at = markup.indexOf('<'); at !== -1; at = markup.indexOf('<', at + 1)) {
    if (markup[at + 1] === '/') depth--;
    else if (markup[markup.indexOf('>', at) - 1] !== '/') deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

const CLOCK_EVERY = 64;

/**
 * A macro table for KaTeX's `macros` option that counts the reads: KaTeX looks up every token it
 * reads (a character or a control sequence) in it, and defines (`\def`, `\newcommand`, …) into it.
 * Past `tokens` reads, or past `deadline` on `now`'s clock, a lookup throws and the render stops.
 * A new one for each render: `\gdef` leaves its definitions in it.
 */
export function countingMacros({ tokens = MATH_LIMITS.tokens as number, deadline = Infinity, now = () => performance.now() } = {}): Record<string, unknown> {
  let reads = 0;
  const count = () => {
    reads++;
    if (reads > tokens) throw new MathBudgetError('tokens');
    if (reads % CLOCK_EVERY === 0 && now() > deadline) throw new MathBudgetError('time');
  };
  return new Proxy<Record<string, unknown>>(
    {},
    {
      getOwnPropertyDescriptor(target, name) {
        count();
        return Reflect.getOwnPropertyDescriptor(target, name);
      },
      has(target, name) {
        count();
        return Reflect.has(target, name);
      },
    },
  );
}

/**
 * The allowance of one reply. Time is counted once per formula (by its key): a block drawn again
 * as it streams, or in another language, does not pay twice, and a formula once rendered in the
 * reply stays allowed. Markup is counted per formula shown (`T`, its placeholder): one drawn again
 * replaces one that left the reply, which `isShown` tells, and stops counting once it has gone.
 */
export class ReplyMathAllowance<T> {
  private renderMs = 0;
  private readonly rendered = new Map<string, number>();
  private markupChars = 0;
  private readonly shown = new Map<T, number>();

  constructor(
    private readonly isShown: (item: T) => boolean,
    private readonly limits: { renderMs: number; markupChars: number } = REPLY_MATH_LIMITS,
  ) {}

  /** Whether the formula `key` may be rendered: it was before in this reply, or time is left. */
  mayRender(key: string): boolean {
    return this.rendered.has(key) || this.renderMs < this.limits.renderMs;
  }

  /** Counts `ms` spent rendering `key` (0 when it came from the cache), once per key. */
  spend(key: string, ms: number): void {
    if (this.rendered.has(key)) return;
    this.rendered.set(key, ms);
    this.renderMs += ms;
  }

  /** Counts `chars` of markup to show for `item`, and says whether that is within the allowance (if not, nothing is counted). */
  show(item: T, chars: number): boolean {
    if (this.shown.has(item)) return true;
    if (this.markupChars + chars > this.limits.markupChars) this.forgetGone();
    if (this.markupChars + chars > this.limits.markupChars) return false;
    this.shown.set(item, chars);
    this.markupChars += chars;
    return true;
  }

  /** Time and markup counted so far. */
  spent(): { renderMs: number; markupChars: number } {
    return { renderMs: this.renderMs, markupChars: this.markupChars };
  }

  private forgetGone(): void {
    for (const [item, chars] of this.shown) {
      if (this.isShown(item)) continue;
      this.shown.delete(item);
      this.markupChars -= chars;
    }
  }
}
