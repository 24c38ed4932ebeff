/**
 * Loads the math renderer (`math-render.ts`: KaTeX with its stylesheet, ~80 KB gzip, and fonts)
 * when the first formula appears in a chat with `math` on; never otherwise. Until it arrives,
 * formulas show as written and are replaced in place once it is here.
 */
type MathRenderer = typeof import('./math-render.js');

let renderer: MathRenderer | undefined;
let loading: Promise<MathRenderer> | undefined;
/** Placeholders drawn before the renderer arrived, with their reply. */
const waiting = new Map<HTMLElement, MathReply>();

/** What the renderer is told of the reply its formulas are in. */
export interface MathReply {
  /** The note after a formula too costly to draw, in the chat's language. */
  tooLarge: string;
  /** The same object for every formula of one reply: their allowance together is counted for it (`math-budget.ts`). */
  owner: object;
}

const PLACEHOLDERS = 'span.math-inline, span.math-display';

/** Loads the renderer (once; again after a failed load). */
export function loadMath(): Promise<MathRenderer> {
  loading ??= import('./math-render.js').then(
    (module) => (renderer = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Turns the formula placeholders in `root` into math: if the renderer is here, at the end of this
 * task (by then the fragment is in place, and a streaming block drawn again has kept the formulas
 * it already showed, see `formulaKey`), else once it has loaded.
 */
export function paintMath(root: ParentNode, reply: MathReply): void {
  const placeholders = root.querySelectorAll<HTMLElement>(PLACEHOLDERS);
  if (!placeholders.length) return;
  const loaded = renderer;
  if (loaded) return queueMicrotask(() => loaded.renderMath(placeholders, reply));
  for (const placeholder of placeholders) waiting.set(placeholder, reply);
  loadMath().then(
    (module) => {
      const shown = [...waiting].filter(([placeholder]) => placeholder.isConnected);
      waiting.clear();
      for (const [placeholder, itsReply] of shown) module.renderMath([placeholder], itsReply);
    },
    // Formulas stay as written; the next one tries again.
    () => waiting.clear(),
  );
}

/**
 * What a formula placeholder shows (displayed or inline, and its TeX), the same before and after
 * it is rendered; undefined for any other element. Two placeholders with the same key look the same.
 */
export function formulaKey(element: Element): string | undefined {
  if (!element.matches(PLACEHOLDERS)) return undefined;
  return renderer?.formulaKeyOf(element) ?? `${element.classList.contains('math-display') ? 'D' : 'I'}${element.textContent ?? ''}`;
}
