/**
 * Syntax highlighting of one painter's code blocks, off the main thread (highlighter.ts). A
 * finished block shows as text and gets its colours when the worker answers (at once from the cache
 * when it was highlighted before, so drawing the same block again costs a copy); the block still
 * streaming is highlighted again, while it is short, once a line of it has ended or after a while
 * (highlight-pace.ts), what arrives meanwhile appended at once as text after the highlighted part.
 * Once a block shows colours it never shows bare text again: not when more text arrives, nor when
 * its fence closes, nor when the painter draws it anew — unless it ran over the time budget. Blocks
 * over the size caps, or known to run over the budget (highlight-limits.ts), stay text and are not
 * tried again. The highlighter loads the first time a block names a language it knows; blocks drawn
 * before it arrives are highlighted then.
 */
import { grammarFor } from './highlight-languages.js';
import { commonStart, overBudgetBlocks, ReplyAllowance } from './highlight-limits.js';
import { codeHighlighter, loadHighlighter, type CodeHighlighter, type HighlightOutcome } from './highlight-loader.js';
import { liveRecolourWait, type LiveColouring } from './highlight-pace.js';

/** A streaming block is highlighted again as it grows up to this many characters; past it, what follows stays text until the fence closes. */
export const LIVE_HIGHLIGHT_LIMIT = 4_000;
/** Characters of code whose colours are put in the page in one frame (at least one block): each frame lays out a bounded amount. */
const FRAME_CHARS = 20_000;
/** Characters of highlighted finished blocks kept for drawing them again. */
const CACHE_CHARS = 200_000;
const LANGUAGE = /(?:^|\s)language-([\w+#.-]+)/;

interface LiveBlock {
  element: HTMLElement;
  grammar: string | undefined;
  /** The code shown so far. */
  code: string;
  /** The part of `code` shown highlighted (the start of it); the rest is in `rest`. */
  highlighted: string;
  rest: Text;
  frame?: number;
  /** Waits for its next colouring to be due (no line of it has ended since the last). */
  timer?: ReturnType<typeof setTimeout>;
  /** Its last colouring sent to the highlighter. */
  lastAsked?: LiveColouring;
  /** A highlight of it is with the worker. */
  asked?: boolean;
  /** It ran over the time budget (or its reply's): no more colours until the fence closes. */
  overBudget?: boolean;
}

export class CodeHighlights {
  private readonly cache = new Map<string, DocumentFragment>();
  private cachedChars = 0;
  private readonly allowance = new ReplyAllowance();
  private readonly handledBlocks = new WeakSet<Element>();
  private live?: LiveBlock;
  /** The block that streamed last, kept so that its coloured start carries over to the finished block. */
  private lastLive?: LiveBlock;
  private loading?: Promise<void>;
  private pending = 0;
  private settled?: { promise: Promise<void>; resolve: () => void };
  /** Highlighted blocks waiting for a frame to show their colours. */
  private toShow: { chars: number; show: () => void }[] = [];
  private showTimer?: { frame: number; timeout: ReturnType<typeof setTimeout> };

  constructor(private readonly host: HTMLElement) {}

  /** Settles once the highlighter, asked for, has arrived and the finished blocks asked for are highlighted (or known to stay text). */
  whenLoaded(): Promise<void> | undefined {
    if (!this.loading && !this.pending) return undefined;
    return (async () => {
      await this.loading;
      while (this.pending) await this.settled?.promise;
    })();
  }

  /** Highlights the finished code blocks in `root` (a fragment about to be drawn, or the host). */
  highlightIn(root: ParentNode): void {
    for (const code of root.querySelectorAll<HTMLElement>('pre > code[class*="language-"]')) {
      if (this.handledBlocks.has(code) || this.live?.element === code) continue;
      const grammar = grammarFor(LANGUAGE.exec(code.className)?.[1]);
      if (!grammar) continue;
      const highlighter = this.highlighter();
      if (!highlighter) return;
      this.handledBlocks.add(code);
      const text = code.textContent ?? '';
      if (overBudgetBlocks.has(grammar, text) || !this.allowance.take(grammar, text)) continue;
      const key = `${grammar}\n${text}`;
      const cached = this.fromCache(key);
      if (cached) {
        code.replaceChildren(cached);
        continue;
      }
      this.carryLiveColours(code, grammar, text);
      this.ask(
        highlighter,
        text,
        grammar,
        () => this.host.isConnected && stillDrawn(code),
        (outcome) => {
          if (outcome === 'over-budget') overBudgetBlocks.remember(grammar, text);
          if (!(outcome instanceof DocumentFragment)) return;
          this.toCache(key, outcome);
          if (code.textContent === text) code.replaceChildren(outcome);
        },
      );
    }
  }

  /** Shows `code`, the block still streaming, in `element` (a `<code>`); `language`: its fence's. */
  showLive(element: HTMLElement, language: string, code: string): void {
    let live = this.live;
    if (!live || live.element !== element) {
      this.endLive();
      const rest = document.createTextNode(code);
      element.replaceChildren(rest);
      live = this.live = { element, grammar: grammarFor(language), code, highlighted: '', rest };
    } else if (code.startsWith(live.code)) {
      live.rest.appendData(code.slice(live.code.length));
      live.code = code;
    } else {
      // The text changed before its end (a last line that might have closed the fence did not):
      // the coloured start is cut where it still agrees, the rest is text.
      const keep = commonStart(live.highlighted, code);
      if (keep < live.highlighted.length) {
        cutText(live.element, keep);
        live.highlighted = code.slice(0, keep);
        live.rest = document.createTextNode('');
        live.element.append(live.rest);
      }
      live.rest.data = code.slice(live.highlighted.length);
      live.code = code;
    }
    this.highlightLiveSoon(live);
  }

  /** The streaming block ended (its fence closed, or it was drawn away). */
  endLive(): void {
    if (this.live?.frame !== undefined) cancelAnimationFrame(this.live.frame);
    clearTimeout(this.live?.timer);
    if (this.live) this.lastLive = this.live;
    this.live = undefined;
  }

  private highlightLiveSoon(live: LiveBlock): void {
    if (!live.grammar || live.frame !== undefined || live.asked || live.overBudget) return;
    if (live.code === live.highlighted || live.code.length > LIVE_HIGHLIGHT_LIMIT) return;
    if (!this.highlighter()) return;
    const wait = liveRecolourWait(live.code, live.lastAsked, performance.now());
    if (wait > 0) {
      live.timer ??= setTimeout(() => {
        live.timer = undefined;
        if (this.live === live) this.highlightLiveSoon(live);
      }, wait);
      return;
    }
    clearTimeout(live.timer);
    live.timer = undefined;
    live.frame = requestAnimationFrame(() => {
      live.frame = undefined;
      if (this.live === live) this.highlightLive(live);
    });
  }

  /** Asks for the streaming block's code so far; shows it coloured when it is back, if the block still starts with it. */
  private highlightLive(live: LiveBlock): void {
    const highlighter = this.highlighter();
    const grammar = live.grammar;
    if (!highlighter || !grammar) return;
    const snapshot = live.code;
    live.asked = true;
    live.lastAsked = { code: snapshot, at: performance.now() };
    const wanted = () => this.live === live && this.host.isConnected;
    void highlighter.highlightCode(snapshot, grammar, { reply: this, live: true, wanted }).then((outcome) => {
      live.asked = false;
      if (outcome === 'over-budget' || outcome === 'skipped') live.overBudget = true;
      if (!(outcome instanceof DocumentFragment) || this.live !== live) return;
      if (live.code.startsWith(snapshot)) {
        if (snapshot.length > live.highlighted.length) this.toCache(`${grammar}\n${snapshot}`, outcome);
        live.rest = document.createTextNode(live.code.slice(snapshot.length));
        live.element.replaceChildren(outcome, live.rest);
        live.highlighted = snapshot;
      }
      this.highlightLiveSoon(live);
    });
  }

  /**
   * A block that just finished streaming shows the coloured start it had while streaming, the rest
   * as text, until its own colours come (so it does not turn bare for a moment).
   */
  private carryLiveColours(code: HTMLElement, grammar: string, text: string): void {
    const live = this.live ?? this.lastLive;
    if (!live || live.grammar !== grammar || !live.highlighted || !text.startsWith(live.highlighted)) return;
    const nodes = [...live.element.childNodes].filter((node) => node !== live.rest).map((node) => node.cloneNode(true));
    code.replaceChildren(...nodes, document.createTextNode(text.slice(live.highlighted.length)));
  }

  /** Sends a finished block to the highlighter, counting it until its colours are shown (in a frame, see `showSoon`). */
  private ask(highlighter: CodeHighlighter, code: string, grammar: string, wanted: () => boolean, then: (outcome: HighlightOutcome) => void): void {
    this.pending++;
    const done = () => {
      if (--this.pending === 0) {
        this.settled?.resolve();
        this.settled = undefined;
      }
    };
    void highlighter.highlightCode(code, grammar, { reply: this, wanted }).then((outcome) => {
      this.toShow.push({
        chars: outcome instanceof DocumentFragment ? code.length : 0,
        show: () => {
          try {
            then(outcome);
          } finally {
            done();
          }
        },
      });
      this.showSoon();
    });
    if (!this.settled) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.settled = { promise, resolve };
    }
  }

  /** Shows waiting colours on the next frame (or soon, where frames do not come: a hidden tab), a bounded amount each time. */
  private showSoon(): void {
    if (this.showTimer) return;
    const run = () => {
      if (!this.showTimer) return;
      cancelAnimationFrame(this.showTimer.frame);
      clearTimeout(this.showTimer.timeout);
      this.showTimer = undefined;
      let chars = 0;
      while (this.toShow.length && (chars === 0 || chars + this.toShow[0].chars <= FRAME_CHARS)) {
        const next = this.toShow.shift()!;
        chars += next.chars || 1;
        next.show();
      }
      if (this.toShow.length) this.showSoon();
    };
    this.showTimer = { frame: requestAnimationFrame(run), timeout: setTimeout(run, 200) };
  }

  /** The highlighter, or undefined while it loads (then what was drawn is highlighted once it is here). */
  private highlighter(): CodeHighlighter | undefined {
    const highlighter = codeHighlighter();
    if (highlighter) {
      highlighter.adoptCodeStyles(this.host);
      return highlighter;
    }
    this.loading ??= loadHighlighter().then((loadedHighlight) => {
      if (!loadedHighlight) return;
      this.highlightIn(this.host);
      if (this.live) this.highlightLiveSoon(this.live);
    });
    return undefined;
  }

  /** A copy of the highlighted code kept under `key`, if any (most recently used last: the oldest go first). */
  private fromCache(key: string): DocumentFragment | undefined {
    const cached = this.cache.get(key);
    if (!cached) return undefined;
    this.cache.delete(key);
    this.cache.set(key, cached);
    return cached.cloneNode(true) as DocumentFragment;
  }

  private toCache(key: string, fragment: DocumentFragment): void {
    const chars = key.length - key.indexOf('\n') - 1;
    if (chars > CACHE_CHARS || this.cache.has(key)) return;
    this.cache.set(key, fragment.cloneNode(true) as DocumentFragment);
    this.cachedChars += chars;
    for (const [oldKey] of this.cache) {
      if (this.cachedChars <= CACHE_CHARS) break;
      this.cache.delete(oldKey);
      this.cachedChars -= oldKey.length - oldKey.indexOf('\n') - 1;
    }
  }
}

/** Whether `code` is in the page, or in a fragment about to be drawn (not one it was drawn away from). */
function stillDrawn(code: HTMLElement): boolean {
  if (code.isConnected) return true;
  const root = code.getRootNode();
  return root instanceof DocumentFragment && !(root instanceof ShadowRoot);
}

/** Keeps the first `length` characters of `element`'s text, emptying the text nodes after them. */
function cutText(element: HTMLElement, length: number): void {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (seen >= length) node.data = '';
    else {
      if (seen + node.data.length > length) node.data = node.data.slice(0, length - seen);
      seen += node.data.length;
    }
  }
}
