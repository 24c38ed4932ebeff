/**
 * Syntax highlighting of one painter's code blocks. A finished block is highlighted as it is drawn
 * (its result kept, so drawing the same block again costs a copy); the block still streaming is
 * highlighted at most once per frame while it is short, what arrives between frames appended as
 * text after the highlighted part. Once a block shows colours it never shows bare text again: not
 * when more text arrives, nor when the painter draws it anew. The highlighter loads the first time
 * a block names a language it knows; blocks drawn before it arrives are highlighted in place then.
 */
import { grammarFor } from './highlight-languages.js';
import { codeHighlighter, loadHighlighter, type CodeHighlighter } from './highlight-loader.js';

/** A streaming block is highlighted again on each frame up to this many characters; past it, what follows stays text until the fence closes. */
export const LIVE_HIGHLIGHT_LIMIT = 4_000;
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
}

export class CodeHighlights {
  private readonly cache = new Map<string, DocumentFragment>();
  private cachedChars = 0;
  private readonly highlightedBlocks = new WeakSet<Element>();
  private live?: LiveBlock;
  private loading?: Promise<void>;

  constructor(private readonly host: HTMLElement) {}

  /** Settles once the highlighter, asked for, has arrived and highlighted what was drawn before. */
  whenLoaded(): Promise<void> | undefined {
    return this.loading;
  }

  /** Highlights the finished code blocks in `root` (a fragment about to be drawn, or the host). */
  highlightIn(root: ParentNode): void {
    for (const code of root.querySelectorAll<HTMLElement>('pre > code[class*="language-"]')) {
      if (this.highlightedBlocks.has(code) || this.live?.element === code) continue;
      const grammar = grammarFor(LANGUAGE.exec(code.className)?.[1]);
      if (!grammar) continue;
      const highlighter = this.highlighter();
      if (!highlighter) return;
      code.replaceChildren(this.highlighted(code.textContent ?? '', grammar, highlighter));
      this.highlightedBlocks.add(code);
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
    } else if (code.startsWith(live.highlighted)) {
      // The last line shrank (a line that might have closed the fence did not): only text changes.
      live.rest.data = code.slice(live.highlighted.length);
      live.code = code;
    } else {
      live.code = code;
      this.highlightLive(live);
    }
    this.highlightLiveSoon(live);
  }

  /** The streaming block ended (its fence closed, or it was drawn away). */
  endLive(): void {
    if (this.live?.frame !== undefined) cancelAnimationFrame(this.live.frame);
    this.live = undefined;
  }

  private highlightLiveSoon(live: LiveBlock): void {
    if (!live.grammar || live.frame !== undefined || live.code === live.highlighted || live.code.length > LIVE_HIGHLIGHT_LIMIT) return;
    if (!this.highlighter()) return;
    live.frame = requestAnimationFrame(() => {
      live.frame = undefined;
      if (this.live === live) this.highlightLive(live);
    });
  }

  /** Replaces the streaming block's content with all of its code highlighted (or as text, with no grammar or highlighter). */
  private highlightLive(live: LiveBlock): void {
    const highlighter = live.grammar ? this.highlighter() : undefined;
    live.rest = document.createTextNode('');
    if (highlighter && live.grammar) {
      live.element.replaceChildren(highlighter.highlightCode(live.code, live.grammar), live.rest);
      live.highlighted = live.code;
    } else {
      live.rest.data = live.code;
      live.element.replaceChildren(live.rest);
      live.highlighted = '';
    }
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

  /** `code` highlighted, from the cache when it was highlighted before. */
  private highlighted(code: string, grammar: string, highlighter: CodeHighlighter): DocumentFragment {
    const key = `${grammar}\n${code}`;
    const cached = this.cache.get(key);
    if (cached) {
      // Most recently used last: the oldest go first when the cache is full.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.cloneNode(true) as DocumentFragment;
    }
    const fragment = highlighter.highlightCode(code, grammar);
    if (code.length <= CACHE_CHARS) {
      this.cache.set(key, fragment.cloneNode(true) as DocumentFragment);
      this.cachedChars += code.length;
      for (const [oldKey] of this.cache) {
        if (this.cachedChars <= CACHE_CHARS) break;
        this.cache.delete(oldKey);
        this.cachedChars -= oldKey.length - oldKey.indexOf('\n') - 1;
      }
    }
    return fragment;
  }
}
