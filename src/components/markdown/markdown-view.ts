import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings } from '../../i18n/strings.js';
import { defaultDisplay, displayContext, stringsContext, type DisplayOptions } from '../../internal/contexts.js';
import { loadMarkdown, markdownPainter } from '../../render/markdown-loader.js';
import type { MarkdownLook, MarkdownPainter } from '../../render/markdown-painter.js';
import { plainText } from '../../render/plain-text.js';
import { define } from '../../internal/define.js';

/**
 * @summary Renders markdown that may still be streaming. Finished blocks are parsed once and kept
 * in the DOM; only the unfinished last block is parsed again when the text grows.
 *
 * Renders into its own light DOM, so the enclosing component's styles apply to the content.
 * Code blocks get a copy button (class `copy`) that copies the code as written (not its colours),
 * and syntax colours from a highlighter loaded when a block names a known language. Until the markdown renderer has loaded (a chunk
 * of its own, with the painter that draws blocks as they stream: `render/markdown-painter.ts`),
 * the text shows as plain text.
 */
export class AgentChatMarkdown extends LitElement {
  /** The markdown source; each new value should extend the previous one while streaming. */
  @property() text = '';
  /** More text is coming. Once it is not, a text with reference-style link definitions is parsed whole. */
  @property({ type: Boolean }) streaming = false;

  /** The chat's texts (the copy button, image placeholders) and its image policy (`images`). */
  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  @consume({ context: displayContext, subscribe: true }) private displayOptions: DisplayOptions = defaultDisplay;
  /** Draws the content, once the renderer has loaded. */
  private painter?: MarkdownPainter;
  /** Images the person chose to load here: they stay loaded when the view is drawn again. */
  private readonly shownImages = new Set<string>();

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('click', this.onClick);
    if (!markdownPainter()) void loadMarkdown().then(() => this.requestUpdate('text'));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('click', this.onClick);
  }

  /** Also waits until every finished piece is parsed, and coloured once the highlighter it asked for is here. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    await this.painter?.whenDrained();
    await this.painter?.whenHighlighted();
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
    const painterFor = markdownPainter();
    if (!painterFor) {
      this.replaceChildren(plainText(this.text));
      return;
    }
    this.painter ??= painterFor(this);
    this.painter.paint(this.text, this.streaming, this.look(), changed.has('text') || changed.has('streaming'));
  }

  /** The words and image policy (in the chat's language) the content is drawn with. */
  private look(): MarkdownLook {
    const { images, math } = this.displayOptions;
    const { showImage, showRedirectedImage, imageBlocked, copy, mathTooLarge } = this.strings;
    const key = `${images}\n${math}\n${showImage}\n${showRedirectedImage}\n${imageBlocked}\n${copy}\n${mathTooLarge}`;
    return { key, images: { mode: images, showImage, showRedirectedImage, imageBlocked, shown: this.shownImages }, copy, math, mathTooLarge };
  }
}

define('agent-chat-markdown', AgentChatMarkdown);

/** Puts `text` on the clipboard; false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
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
