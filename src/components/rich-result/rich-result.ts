import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { activityHtmlRenderer, loadMarkdown } from '../../render/markdown-loader.js';
import { looksLikeHtml } from '../../render/looks-like-html.js';
import { formatValue } from '../../render/format-value.js';
import { preformatted } from '../../styles/preformatted.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import '../markdown/markdown-view.js';
import { define } from '../../internal/define.js';

/** Plain defaults inside a result's own root; the result's styles may override them. */
const RESULT_DEFAULTS = `:host{display:block;font:inherit;color:inherit}table{border-collapse:collapse}th,td{border:1px solid var(--_border);padding:3px 8px}svg{max-width:100%;height:auto}`;

/**
 * @summary A tool result as its agent meant it, the same in every card: rich HTML (a table, an inline
 * SVG plot) through the activity-HTML sanitizer, JSON (a value or JSON text) pretty-printed, text
 * written as markdown rendered through the markdown sanitizer, and other text as text. HTML renders in this element's own
 * shadow root, so its styles stay inside, and the box clips it (nothing of it can cover the chat).
 */
export class AgentChatRichResult extends LitElement {
  static override styles = [
    base,
    visibleControls,
    preformatted,
    css`
      :host {
        display: block;
      }
      .html {
        /* Clips the result: nothing of it (position: fixed included) can reach outside this box. */
        contain: paint;
        position: relative;
        overflow: auto;
        max-height: 480px;
      }
    `,
  ];

  /** The result: a string (HTML or markdown) or any JSON value. */
  @property({ attribute: false }) value: unknown;

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('value') && this.isHtml()) this.fillHtml();
  }

  private isHtml(): boolean {
    return typeof this.value === 'string' && looksLikeHtml(this.value);
  }

  /**
   * The HTML goes into a shadow root of its own inside the box: its styles reach only itself, never
   * the box that clips it (which this element's own shadow root styles).
   */
  private fillHtml(): void {
    const box = this.renderRoot.querySelector<HTMLDivElement>('.html');
    if (!box) return;
    const root = box.shadowRoot ?? box.attachShadow({ mode: 'open' });
    const render = activityHtmlRenderer();
    if (!render) {
      root.textContent = this.value as string;
      void loadMarkdown().then(() => this.fillHtml());
      return;
    }
    const defaults = document.createElement('style');
    defaults.textContent = RESULT_DEFAULTS;
    root.replaceChildren(defaults, render(this.value as string));
  }

  override render() {
    const { value } = this;
    if (value === undefined || value === null || value === '') return nothing;
    if (this.isHtml()) return html`<div class="html"></div>`;
    // JSON (a value, or JSON text) is pretty-printed; text written as markdown is rendered; other
    // text (logs, listings) keeps its lines, as text.
    const text = typeof value === 'string' ? value : isContentParts(value) ? formatValue(value) : undefined;
    if (text !== undefined && !looksLikeJson(text) && looksLikeMarkdown(text)) return html`<agent-chat-markdown .text=${text}></agent-chat-markdown>`;
    // A long result scrolls inside its box: focusable, so the keyboard can scroll it too.
    return html`<pre tabindex="0">${formatValue(text ?? value)}</pre>`;
  }
}

define('agent-chat-rich-result', AgentChatRichResult);

/** A JSON object or array written as text (what AG-UI tool results usually are). */
function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/**
 * Text written as markdown: a heading, a list, a table, a fence or a quote starting a line, or
 * bold, a link or an image. Plain text (a log, `ls` output, CSV) is not, even with a `_` or `*`.
 */
const MARKDOWN = /^(#{1,6} |\s*([-*+]|\d{1,3}[.)]) \S|\|.*\|\s*$|```|~~~|> )|\*\*\S[^*\n]*\*\*|__\S[^_\n]*__|!?\[[^\]\n]+\]\([^)\s]+\)/m;

function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN.test(text);
}

/** MCP-style content: `[{type: 'text', text}, …]`, shown as its text. */
function isContentParts(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((part) => part && typeof part === 'object' && 'type' in part);
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-rich-result': AgentChatRichResult;
  }
}
