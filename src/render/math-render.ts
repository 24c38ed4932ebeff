/**
 * The math renderer, a chunk of its own loaded when the first formula appears (`math-loader.ts`):
 * KaTeX, its stylesheet and its fonts, which ship beside the package (`dist/fonts/`, emitted by
 * `scripts/math-fonts.mjs`; their addresses in `math-font-urls.ts`) and are fetched from there: the few nearly every formula uses
 * when the first formula appears (formulas show as TeX until they are here, a second or three at
 * most), the others only when a formula uses them.
 *
 * Formulas are drawn a frame's share at a time (`FORMULAS_PER_FRAME`), so that a long finished
 * reply drawn at once (restored, say) does not block the page; the rest show their TeX meanwhile.
 *
 * KaTeX runs with `trust: false` (no `\href`, `\url`, `\includegraphics`, `\htmlClass`…), bounded
 * sizes, and within the budget of `math-budget.ts` (source length, tokens read, time, markup
 * length; and for all of a reply's formulas together, time and markup: a formula over it shows
 * as its TeX with a note in the chat's language, which the reply passes in), and its output goes through DOMPurify
 * (HTML, SVG and MathML) before it reaches the reply; `styles/math.ts` keeps what it draws inside
 * the formula's own box and in the reply's colours. The visible part is KaTeX's HTML (hidden from screen readers); screen
 * readers read the MathML beside it.
 */
import DOMPurify, { type Config } from 'dompurify';
import katex from 'katex';
import katexCss from 'katex/dist/katex.min.css?raw';
import { mathStyles } from '../styles/math.js';
import { checkMarkup, checkSource, countingMacros, MATH_LIMITS, MathBudgetError, ReplyMathAllowance } from './math-budget.js';
import { mathFontUrls } from './math-font-urls.js';
import type { MathReply } from './math-loader.js';
import { RecentFormulas } from './math-recent.js';
import { texOf } from './math-syntax.js';

const FONT_FACE = /@font-face\s*\{([^}]*)\}/g;

const purifier = DOMPurify(window);
/** Each placeholder rendered (or being rendered), with its formula's key (`D`/`I` and the source). */
const rendered = new WeakMap<Element, string>();
let sheet: CSSStyleSheet | undefined;

const KATEX_OPTIONS = {
  output: 'htmlAndMathml',
  throwOnError: true,
  trust: false,
  strict: 'ignore',
  maxSize: 20,
  maxExpand: MATH_LIMITS.expansions,
} as const;

/**
 * KaTeX's HTML (spans with classes and inline sizes, SVG for stretchy parts) and MathML. Its
 * `<semantics>` wrapper stays; the `<annotation>` with the TeX goes, with its text (DOMPurify
 * would otherwise leave the TeX as stray text in the MathML that screen readers read).
 */
const PURIFY: Config & { RETURN_DOM_FRAGMENT: true } = {
  USE_PROFILES: { html: true, svg: true, mathMl: true },
  ADD_TAGS: ['semantics'],
  ADD_FORBID_CONTENTS: ['annotation', 'annotation-xml'],
  RETURN_DOM_FRAGMENT: true,
};

/**
 * Drawing formulas is spread over frames: each costs its KaTeX run (the first time) and then,
 * once drawn, 1–2 ms of style and layout. A frame draws at most this many, and renders new ones
 * for at most this long (ms); the others show their TeX as text until a later frame.
 */
const FORMULAS_PER_FRAME = 16;
const RENDER_MS_PER_FRAME = 6;
/** Formulas waiting for a frame, oldest first, with their reply. */
const queue = new Map<HTMLElement, MathReply>();
let frame: { drawn: number; renderMs: number } | undefined;
let frameRequested = false;

/** Counted for tests and benchmarks: how many times KaTeX ran (a formula drawn again is copied, not rendered). */
export const mathStats = { katexRuns: 0 };

/** The key of a placeholder already rendered (or queued to be), else undefined. */
export function formulaKeyOf(placeholder: Element): string | undefined {
  return rendered.get(placeholder);
}

/**
 * Replaces the text of each placeholder with its math: at once while this frame's share lasts,
 * else in a later frame. A formula with an error keeps its source, the error as its title.
 */
export function renderMath(placeholders: Iterable<HTMLElement>, reply: MathReply): void {
  for (const placeholder of placeholders) {
    if (rendered.has(placeholder)) continue;
    rendered.set(placeholder, keyOf(placeholder.textContent ?? '', placeholder.classList.contains('math-display')));
    queue.set(placeholder, reply);
    // The stylesheet goes in before the first formula is drawn, while the reply is still text:
    // adding it later would style every formula already drawn in that root again.
    if (placeholder.isConnected) adoptStyles(placeholder.getRootNode());
  }
  if (!queue.size) return;
  if (!fontsAdded) setTimeout(() => warmUp(), 0);
  addFonts();
  if (fontsReady) drawQueued();
  else requestFrame();
}

/**
 * A few formulas rendered and sanitized, thrown away, each in a task of its own while the fonts
 * load: the first use of KaTeX's and DOMPurify's code (compiling it) is then not paid in a frame
 * that draws, nor in one long task.
 */
const WARM_UP = ['x', '\\frac{a^2}{\\sqrt{b}}', '\\sum_{i=1}^{n} x_i + \\int_0^1 f', '\\left( \\alpha \\right) \\mathbf{v}', '\\begin{pmatrix} 1 & 2 \\end{pmatrix}'];

function warmUp(step = 0): void {
  if (step >= WARM_UP.length * 2) return;
  const html = katex.renderToString(WARM_UP[step >> 1], { ...KATEX_OPTIONS, displayMode: step % 2 === 1 });
  purifier.sanitize(html, PURIFY);
  setTimeout(() => warmUp(step + 1), 0);
}

function keyOf(source: string, display: boolean): string {
  return `${display ? 'D' : 'I'}${source}`;
}

/** Draws queued formulas while this frame's share lasts; asks for a frame for the rest. */
function drawQueued(): void {
  frame ??= { drawn: 0, renderMs: 0 };
  const drawn: HTMLElement[] = [];
  for (const [placeholder, reply] of queue) {
    if (frame.drawn >= FORMULAS_PER_FRAME || frame.renderMs >= RENDER_MS_PER_FRAME) break;
    queue.delete(placeholder);
    // Drawn away meanwhile (a streaming block drawn again): nothing to show; drawn if it comes back.
    // A placeholder in a fragment not inserted yet is drawn.
    if (!shown(placeholder)) {
      rendered.delete(placeholder);
      continue;
    }
    const started = performance.now();
    draw(placeholder, reply);
    frame.renderMs += performance.now() - started;
    frame.drawn++;
    drawn.push(placeholder);
  }
  requestFrame();
  if (!drawn.length) return;
  // A fragment is inserted right after it is rendered, in the same task, before anything is painted.
  queueMicrotask(() => {
    for (const element of drawn) if (element.isConnected) adoptStyles(element.getRootNode());
  });
}

/** In the page, or in a fragment not inserted yet. */
function shown(placeholder: Element): boolean {
  return placeholder.isConnected || placeholder.getRootNode() instanceof DocumentFragment;
}

/** What each reply's formulas have cost so far, by the reply's `owner`. */
const allowances = new WeakMap<object, ReplyMathAllowance<Element>>();

function draw(placeholder: HTMLElement, reply: MathReply): void {
  const display = placeholder.classList.contains('math-display');
  const key = keyOf(placeholder.textContent ?? '', display);
  let allowance = allowances.get(reply.owner);
  if (!allowance) allowances.set(reply.owner, (allowance = new ReplyMathAllowance(shown)));
  try {
    if (!allowance.mayRender(key)) throw new MathBudgetError('reply');
    const started = performance.now();
    const { math, chars, ran } = formula(key, display);
    allowance.spend(key, ran ? performance.now() - started : 0);
    if (math instanceof Error) throw math;
    if (!allowance.show(placeholder, chars)) throw new MathBudgetError('reply');
    placeholder.replaceChildren(math.cloneNode(true));
    if (display) placeholder.tabIndex = 0;
  } catch (error) {
    placeholder.classList.add('math-error');
    if (error instanceof MathBudgetError) return overBudget(placeholder, reply.tooLarge);
    placeholder.title = error instanceof Error ? error.message : String(error);
  }
}

/** A formula too costly to render keeps its TeX, followed by a short note in the chat's language. */
function overBudget(placeholder: HTMLElement, text: string): void {
  const note = document.createElement('span');
  note.className = 'math-note';
  note.textContent = text;
  placeholder.classList.add('math-over-budget');
  placeholder.append(' ', note);
}

/** A new frame starts a new share; queued formulas are drawn then. */
function requestFrame(): void {
  if (frameRequested || (!frame && !queue.size)) return;
  frameRequested = true;
  requestAnimationFrame(() => {
    frameRequested = false;
    frame = undefined;
    // In a task after the frame, not in it: rendering a formula and the frame's style and layout
    // are then two tasks, not one long one.
    if (queue.size && fontsReady) setTimeout(drawQueued, 0);
  });
}

/** A formula rendered and sanitized (or its error), with the length of KaTeX's markup for it. */
interface RenderedFormula {
  math: DocumentFragment | Error;
  chars: number;
}

/**
 * Formulas drawn lately, by key: a reply's last block is drawn again each time it grows while
 * it streams, and its formulas with it; each is rendered and sanitized once, then copied. Kept
 * within a count and a weight (markup and source characters).
 */
const recent = new RecentFormulas<RenderedFormula>({ count: 256, chars: 1_500_000 });

/**
 * The sanitized math for the formula `key` (`ran`: KaTeX ran for it, it was not kept from
 * before), or KaTeX's error for a formula with an error, or a `MathBudgetError` for one over the
 * budget (both kept too: a streaming block does not pay again).
 */
function formula(key: string, display: boolean): RenderedFormula & { ran: boolean } {
  const kept = recent.get(key);
  if (kept) return { ...kept, ran: false };
  mathStats.katexRuns++;
  let made: RenderedFormula;
  try {
    const markup = budgetedMarkup(texOf(key.slice(1)), display);
    made = { math: purifier.sanitize(markup, PURIFY), chars: markup.length };
  } catch (error) {
    made = { math: error instanceof Error ? error : new Error(String(error)), chars: 0 };
  }
  recent.set(key, made, made.chars);
  return { ...made, ran: true };
}

type KatexMacros = NonNullable<Parameters<typeof katex.renderToString>[1]>['macros'];

/** KaTeX's markup for `tex`, within the budget (`math-budget.ts`). */
function budgetedMarkup(tex: string, display: boolean): string {
  checkSource(tex);
  const macros = countingMacros({ deadline: performance.now() + MATH_LIMITS.renderMs });
  let markup: string;
  try {
    markup = katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display, macros: macros as KatexMacros });
  } catch (error) {
    // KaTeX's own limit on macro expansions is one of the budget's.
    if (error instanceof katex.ParseError && /Too many expansions/.test(error.message)) throw new MathBudgetError('expansions');
    throw error;
  }
  checkMarkup(markup);
  return markup;
}

/** KaTeX's stylesheet (without its `@font-face` rules) and the chat's math styles, in the root that shows the math. */
function adoptStyles(root: Node): void {
  if (!(root instanceof ShadowRoot || root instanceof Document)) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(katexCss.replace(FONT_FACE, '') + mathStyles.cssText);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

let fontsAdded = false;
/** The faces nearly every formula uses have loaded (or failed, or took too long): formulas are drawn from then on. */
let fontsReady = false;
/** KaTeX's faces loaded before the first formula is drawn: each arriving later would lay out every formula shown again. */
const COMMON_FACES = /^KaTeX_(?:Main-(?:Regular|Bold|Italic)|Math-Italic|Size[12]-Regular)\.woff2$/;
const FONT_WAIT_MS = 3000;

/**
 * Chromium ignores `@font-face` inside a shadow root, so KaTeX's faces are added to the document
 * (`document.fonts`) under KaTeX's own family names; the common ones load now, the others when
 * some math uses them.
 */
function addFonts(): void {
  if (fontsAdded) return;
  fontsAdded = true;
  const common: Promise<FontFace>[] = [];
  const urls = mathFontUrls();
  for (const [, rule] of katexCss.matchAll(FONT_FACE)) {
    const family = /font-family:\s*([^;]+)/.exec(rule)?.[1].trim();
    const file = /url\((?:fonts\/)?([\w-]+\.woff2)\)/.exec(rule)?.[1];
    const url = file ? urls[file] : undefined;
    if (!family || !file || !url) continue;
    const face = new FontFace(family, `url("${url}") format("woff2")`, {
      weight: /font-weight:\s*([^;]+)/.exec(rule)?.[1].trim() ?? 'normal',
      style: /font-style:\s*([^;]+)/.exec(rule)?.[1].trim() ?? 'normal',
      display: 'block',
    });
    document.fonts.add(face);
    if (COMMON_FACES.test(file)) common.push(face.load());
  }
  const ready = () => {
    if (fontsReady) return;
    fontsReady = true;
    requestFrame();
  };
  void Promise.allSettled(common).then(ready);
  setTimeout(ready, FONT_WAIT_MS);
}
