/**
 * Draws markdown that may still be streaming into an element's light DOM: finished blocks are
 * parsed once and kept in the DOM; only the unfinished last block is parsed again when the text
 * grows. Code blocks get a bar with their language and a copy button (class `copy`), and colours
 * once the highlighter has loaded (highlight-blocks.ts). Comes with the
 * renderer (its chunk); `<agent-chat-markdown>` shows plain text until then.
 */
import { CodeHighlights } from './highlight-blocks.js';
import { MarkdownBlockSplitter, type OpenFence } from './markdown-blocks.js';
import { morphChildren } from './morph-children.js';
import type { ImagePolicy } from './image-policy.js';
import type { MathReply } from './math-loader.js';
import { plainText } from './plain-text.js';

/** Markdown to sanitized DOM (the renderer of `markdown.ts`). */
export type RenderMarkdown = (source: string, images?: ImagePolicy, math?: MathReply) => DocumentFragment;

const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\S/m;
/** Parsing one update may do (ms) before further finished pieces wait, as text, for later tasks. */
const FRAME_BUDGET_MS = 8;

/** How the content is drawn: when `key` changes, everything is drawn anew. */
export interface MarkdownLook {
  key: string;
  images: ImagePolicy;
  /** The copy button's text. */
  copy: string;
  /** TeX renders as math (the chat's `math`). */
  math?: boolean;
  /** The note after a formula too costly to draw. */
  mathTooLarge?: string;
}

export class MarkdownPainter {
  /** The look the content was drawn with. */
  private drawnWith?: string;
  private readonly splitter = new MarkdownBlockSplitter();
  private blocks?: HTMLDivElement;
  private tail?: HTMLDivElement;
  private renderedTail: string | undefined;
  private liveCode?: { language: string; code: HTMLElement };
  private readonly highlights: CodeHighlights;
  /** An open block too long to parse on every frame, shown as text while it streams. */
  private plainTail?: { element: HTMLDivElement; shown: string };
  /** Finished pieces shown as text until a later task parses them (a stream that brought many at once). */
  private queued: { chunk: HTMLDivElement; source: string }[] = [];
  private drainTimer?: ReturnType<typeof setTimeout>;
  private drained?: { promise: Promise<void>; resolve: () => void };
  private look!: MarkdownLook;

  constructor(
    private readonly host: HTMLElement,
    private readonly render: RenderMarkdown,
  ) {
    this.highlights = new CodeHighlights(host);
  }

  /** Settles once every finished piece is parsed. */
  whenDrained(): Promise<void> | undefined {
    return this.drained?.promise;
  }

  /** Settles once the highlighter, if a code block asked for it, has arrived and coloured what was drawn. */
  whenHighlighted(): Promise<void> | undefined {
    return this.highlights.whenLoaded();
  }

  /** Draws `text`; `changed`: the text or `streaming` changed since the last call. */
  paint(text: string, streaming: boolean, look: MarkdownLook, changed: boolean): void {
    this.look = look;
    if (look.key !== this.drawnWith) {
      // Placeholders and copy buttons keep the words and policy they were made with: in another
      // language (or policy) everything is drawn anew.
      if (this.drawnWith !== undefined) {
        this.blocks = undefined;
        this.splitter.reset();
        this.renderedTail = undefined;
      }
      this.drawnWith = look.key;
    } else if (!changed) return;
    if (!this.blocks || !this.tail || !this.host.contains(this.blocks)) {
      this.host.replaceChildren();
      this.blocks = document.createElement('div');
      this.tail = document.createElement('div');
      this.blocks.className = 'md-blocks';
      this.tail.className = 'md-tail';
      this.host.append(this.blocks, this.tail);
      this.queued = [];
    }
    if (!streaming && REFERENCE_DEFINITION.test(text)) {
      // `[text][1]` … `[1]: url` only resolves with the definition in the same parse.
      this.splitter.reset();
      this.queued = [];
      this.blocks.replaceChildren(this.chunk(text));
      this.tail.replaceChildren();
      this.renderedTail = '';
      return;
    }
    const { sources, tail, tailSource, restarted, openFence, plain } = this.splitter.update(text);
    if (restarted) {
      this.blocks.replaceChildren();
      this.queued = [];
    }
    // Whole blocks finished since the last update are parsed in one go (they are independent
    // blocks, so together they parse as they would apart); pieces of a cut block one by one, as
    // many as the budget allows (at least one), the others later.
    const deadline = performance.now() + FRAME_BUDGET_MS;
    for (const source of sources) this.blocks.append(this.chunk(source, this.queued.length > 0 || performance.now() > deadline));
    this.drainSoon();
    // Only a code block still streaming grows as text; once the text is complete its last line
    // (a closing fence with no newline after it, or none at all) is the markdown parser's to read.
    const live = openFence && streaming ? openFence : undefined;
    const asText = plain && streaming && !live;
    if (tail === this.renderedTail && !!live === !!this.liveCode && asText === !!this.plainTail) return;
    this.renderedTail = tail;
    if (!live) {
      this.liveCode = undefined;
      this.highlights.endLive();
    }
    if (!asText) this.plainTail = undefined;
    if (live) this.showOpenFence(live);
    else if (asText) this.showPlain(tail);
    // With math, formulas already shown in the block stay (morph-children.ts), not drawn anew on each delta.
    else if (this.look.math) morphChildren(this.tail, this.fragment(tailSource));
    else this.tail.replaceChildren(this.fragment(tailSource));
  }

  /**
   * The open block as text, what arrived appended as a text node of its own: no parse, and no
   * layout of what was shown before, however long the block gets. It is parsed once it ends.
   */
  private showPlain(tail: string): void {
    const shown = this.plainTail;
    if (shown && this.tail!.contains(shown.element) && tail.startsWith(shown.shown)) {
      shown.element.append(tail.slice(shown.shown.length));
      shown.shown = tail;
      return;
    }
    const element = plainText(tail);
    this.tail!.replaceChildren(element);
    this.plainTail = { element, shown: tail };
  }

  /**
   * A code block still streaming is shown as plain text in a code block of the same look, its
   * text growing: no markdown parse or sanitizing per frame however long the code gets (colours
   * come at most once per frame, see highlight-blocks.ts). Once the fence closes, the block is
   * rendered like any other.
   */
  private showOpenFence({ info, code }: OpenFence): void {
    const language = /^[\w+#.-]+/.exec(info)?.[0] ?? '';
    if (!this.liveCode || this.liveCode.language !== language || !this.tail!.contains(this.liveCode.code)) {
      const pre = document.createElement('pre');
      const codeElement = document.createElement('code');
      if (language) codeElement.className = `language-${language}`;
      pre.append(codeElement);
      this.tail!.replaceChildren(this.codeBlock(pre, language));
      this.liveCode = { language, code: codeElement };
    }
    this.highlights.showLive(this.liveCode.code, language, code);
  }

  /** Rendered blocks in a container the browser may skip laying out while it is off screen; `later`: text until parsed. */
  private chunk(source: string, later = false): HTMLDivElement {
    const chunk = document.createElement('div');
    chunk.className = 'md-chunk';
    if (later) {
      chunk.append(plainText(source));
      this.queued.push({ chunk, source });
    } else chunk.append(this.fragment(source));
    return chunk;
  }

  private drainSoon(): void {
    if (!this.queued.length || this.drainTimer !== undefined) return;
    if (!this.drained) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.drained = { promise, resolve };
    }
    this.drainTimer = setTimeout(this.drain, 0);
  }

  /** Parses queued pieces for one budget (at least one), in tasks of their own between frames. */
  private readonly drain = (): void => {
    this.drainTimer = undefined;
    const deadline = performance.now() + FRAME_BUDGET_MS;
    do {
      const next = this.queued.shift();
      if (next) next.chunk.replaceChildren(this.fragment(next.source));
    } while (this.queued.length && performance.now() < deadline);
    if (this.queued.length) return this.drainSoon();
    this.drained?.resolve();
    this.drained = undefined;
  };

  private fragment(source: string): DocumentFragment {
    const fragment = this.render(source, this.look.images, this.look.math ? this.mathReply() : undefined);
    // Code and tables scroll sideways when wide (a phone, a narrow panel): reachable by keyboard.
    for (const box of fragment.querySelectorAll('pre, table')) box.setAttribute('tabindex', '0');
    for (const pre of fragment.querySelectorAll('pre')) {
      const language = /language-([\w+#.-]+)/.exec(pre.querySelector('code')?.className ?? '')?.[1];
      const parent = pre.parentNode!;
      const next = pre.nextSibling;
      parent.insertBefore(this.codeBlock(pre, language), next);
    }
    this.highlights.highlightIn(fragment);
    return fragment;
  }

  /**
   * The formulas of one reply share an allowance: those of every view in the same shadow root (a
   * message's parts), else this view's.
   */
  private mathReply(): MathReply {
    const root = this.host.getRootNode();
    return { tooLarge: this.look.mathTooLarge ?? '', owner: root instanceof ShadowRoot ? root : this.host };
  }

  /** A code block with its language and a copy button around `pre`. */
  private codeBlock(pre: HTMLPreElement, language: string | undefined): HTMLDivElement {
    const wrapper = document.createElement('div');
    wrapper.className = 'code-block';
    const bar = document.createElement('div');
    bar.className = 'code-bar';
    const label = document.createElement('span');
    label.className = 'code-lang';
    label.textContent = language ?? '';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.setAttribute('part', 'copy-button');
    button.setAttribute('aria-live', 'polite');
    button.textContent = this.look.copy;
    bar.append(label, button);
    wrapper.append(bar, pre);
    return wrapper;
  }
}
