import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { en } from '../../i18n/strings.js';
import { defaultDisplay, displayContext, stringsContext, type DisplayOptions } from '../../internal/contexts.js';
import { MarkdownBlockSplitter, type OpenFence } from '../../render/markdown-blocks.js';
import { loadMarkdown, markdownRenderer } from '../../render/markdown-loader.js';
import type { ImagePolicy } from '../../render/image-policy.js';
import { define } from '../../internal/define.js';

/**
 * @summary Renders markdown that may still be streaming. Finished blocks are parsed once and kept
 * in the DOM; only the unfinished last block is parsed again when the text grows.
 *
 * Renders into its own light DOM, so the enclosing component's styles apply to the content.
 * Code blocks get a copy button (class `copy`). Until the markdown renderer has loaded (a chunk
 * of its own), the text shows as plain text.
 */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*\S/m;
/** Parsing one update may do (ms) before further finished pieces wait, as text, for later tasks. */
const FRAME_BUDGET_MS = 8;

export class AgentChatMarkdown extends LitElement {
  /** The markdown source; each new value should extend the previous one while streaming. */
  @property() text = '';
  /** More text is coming. Once it is not, a text with reference-style link definitions is parsed whole. */
  @property({ type: Boolean }) streaming = false;

  /** The chat's texts (the copy button, image placeholders) and its image policy (`images`). */
  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = en;
  @consume({ context: displayContext, subscribe: true }) private displayOptions: DisplayOptions = defaultDisplay;
  /** The texts and image policy the content was drawn with. */
  private drawnWith?: string;
  private readonly splitter = new MarkdownBlockSplitter();
  private blocks?: HTMLDivElement;
  private tail?: HTMLDivElement;
  private renderedTail: string | undefined;
  private liveCode?: { language: string; text: Text };
  /** An open block too long to parse on every frame, shown as text while it streams. */
  private plainTail?: { element: HTMLDivElement; shown: string };
  /** Finished pieces shown as text until a later task parses them (a stream that brought many at once). */
  private queued: { chunk: HTMLDivElement; source: string }[] = [];
  private drainTimer?: ReturnType<typeof setTimeout>;
  private drained?: { promise: Promise<void>; resolve: () => void };

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('click', this.onClick);
    if (!markdownRenderer()) {
      void loadMarkdown().then(() => {
        this.blocks = undefined;
        this.splitter.reset();
        this.renderedTail = undefined;
        this.requestUpdate('text');
      });
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('click', this.onClick);
  }

  /** Also waits until every finished piece is parsed. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    await this.drained?.promise;
    return result;
  }

  private readonly onClick = (event: Event) => {
    const button = (event.target as Element).closest?.('button.copy');
    if (!button || !this.contains(button)) return;
    const code = button.closest('.code-block')?.querySelector('code')?.textContent ?? '';
    void copyText(code).then((ok) => {
      if (!ok) return;
      button.textContent = this.strings.copied;
      setTimeout(() => (button.textContent = this.strings.copy), 1500);
    });
  };

  protected override update(changed: Map<PropertyKey, unknown>): void {
    super.update(changed);
    const look = this.look();
    if (look !== this.drawnWith) {
      // Placeholders and copy buttons keep the words and policy they were made with: in another
      // language (or policy) everything is drawn anew.
      if (this.drawnWith !== undefined) {
        this.blocks = undefined;
        this.splitter.reset();
        this.renderedTail = undefined;
      }
      this.drawnWith = look;
    } else if (!changed.has('text') && !changed.has('streaming')) return;
    if (!this.blocks || !this.tail || !this.contains(this.blocks)) {
      this.replaceChildren();
      this.blocks = document.createElement('div');
      this.tail = document.createElement('div');
      this.blocks.className = 'md-blocks';
      this.tail.className = 'md-tail';
      this.append(this.blocks, this.tail);
      this.queued = [];
    }
    if (!this.streaming && REFERENCE_DEFINITION.test(this.text)) {
      // `[text][1]` … `[1]: url` only resolves with the definition in the same parse.
      this.splitter.reset();
      this.queued = [];
      this.blocks.replaceChildren(this.chunk(this.text));
      this.tail.replaceChildren();
      this.renderedTail = '';
      return;
    }
    const { sources, tail, tailSource, restarted, openFence, plain } = this.splitter.update(this.text);
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
    const live = openFence && this.streaming && markdownRenderer() ? openFence : undefined;
    const asText = plain && this.streaming && !live;
    if (tail === this.renderedTail && !!live === !!this.liveCode && asText === !!this.plainTail) return;
    this.renderedTail = tail;
    if (!live) this.liveCode = undefined;
    if (!asText) this.plainTail = undefined;
    if (live) this.showOpenFence(live);
    else if (asText) this.showPlain(tail);
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
   * text node growing: no markdown parse or sanitizing per frame however long the code gets.
   * Once the fence closes, the block is rendered like any other.
   */
  private showOpenFence({ info, code }: OpenFence): void {
    const language = /^[\w+#.-]+/.exec(info)?.[0] ?? '';
    if (!this.liveCode || this.liveCode.language !== language || !this.tail!.contains(this.liveCode.text)) {
      const pre = document.createElement('pre');
      const codeElement = document.createElement('code');
      if (language) codeElement.className = `language-${language}`;
      const text = document.createTextNode('');
      codeElement.append(text);
      pre.append(codeElement);
      this.tail!.replaceChildren(this.codeBlock(pre, language));
      this.liveCode = { language, text };
    }
    this.liveCode.text.data = code;
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

  /** The chat's image policy in its language (the default one outside a chat). */
  private imagePolicy(): ImagePolicy {
    const { showImage, imageBlocked } = this.strings;
    return { mode: this.displayOptions.images, showImage, imageBlocked, shown: this.shownImages };
  }

  /** Images the person chose to load here: they stay loaded when the view is drawn again. */
  private readonly shownImages = new Set<string>();

  private look(): string {
    const { images } = this.displayOptions;
    const { showImage, imageBlocked, copy } = this.strings;
    return `${images}\n${showImage}\n${imageBlocked}\n${copy}`;
  }

  private fragment(source: string): DocumentFragment | Text {
    const render = markdownRenderer();
    if (!render) return document.createTextNode(source);
    const fragment = render(source, this.imagePolicy());
    for (const pre of fragment.querySelectorAll('pre')) {
      const language = /language-([\w+#.-]+)/.exec(pre.querySelector('code')?.className ?? '')?.[1];
      const parent = pre.parentNode!;
      const next = pre.nextSibling;
      parent.insertBefore(this.codeBlock(pre, language), next);
    }
    return fragment;
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
    button.textContent = this.strings.copy;
    bar.append(label, button);
    wrapper.append(bar, pre);
    return wrapper;
  }
}

define('agent-chat-markdown', AgentChatMarkdown);

/** Markdown shown as its text, lines kept, until it is parsed. */
function plainText(source: string): HTMLDivElement {
  const element = document.createElement('div');
  element.className = 'md-plain';
  element.style.whiteSpace = 'pre-wrap';
  element.append(source);
  return element;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (permissions, insecure context): fall back to a selection copy.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-markdown': AgentChatMarkdown;
  }
}
