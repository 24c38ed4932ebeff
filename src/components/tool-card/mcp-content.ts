import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ChatStrings, ToolCardStrings } from '../../i18n/chat-strings.js';
import { englishStrings, format } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';
import { isRecord } from '../../internal/guards.js';
import { codeLanguage, contentItems, fileNameOf, formatBytes, type ContentItem } from '../../mcp/content-items.js';
import { textWithLabel } from '../../render/label-in-text.js';
import { fileView, linkUrl } from '../../render/reply-files.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { preformatted } from '../../styles/preformatted.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import '../markdown/markdown-view.js';
import '../rich-result/rich-result.js';
import { mcpContentStyles } from './mcp-content.styles.js';
import { toolCardTexts } from './tool-card-texts.js';
import { MCP_CONTENT_PART_NAMES, exportParts } from '../../internal/part-names.js';

/** Items of one result shown at most; the rest are counted. */
const MAX_ITEMS = 50;
/** An image or audio larger than this (bytes) is offered as a download instead of shown. */
const INLINE_MEDIA_BYTES = 5 * 1024 * 1024;
/** Bytes larger than this are not offered for download either: only said to be too large. */
const DOWNLOAD_BYTES = 24 * 1024 * 1024;
/** A text (or text resource) longer than this is cut, with a note. */
const TEXT_CHARS = 100_000;
/** How long a download's `blob:` address stays valid (ms). */
const DOWNLOAD_URL_MS = 60_000;

/** The parts of the content view, forwarded by the card. */
const MCP_CONTENT_PARTS = exportParts(MCP_CONTENT_PART_NAMES);

/**
 * @summary The content of a result an MCP server of the page returned, in its tool card: text as
 * any tool result, images and audio played from their own bytes (images through the chat's image
 * policy and size bounds), resource links as links (http(s) only, announced with
 * `agent-chat-open-link`; other addresses as text), embedded text resources as code highlighted by
 * their media type, binary ones as downloads (always typed as bytes, so they never open as a page).
 * Content meant only for the assistant (`annotations.audience`) is not shown. Names and addresses
 * show their direction controls; sizes are bounded (large media becomes a download, larger a note,
 * long text is cut), and at most 50 items are drawn.
 *
 * @csspart mcp-result-text - A text item of an MCP tool result.
 * @csspart mcp-result-image - An image of an MCP tool result.
 * @csspart mcp-result-audio - The audio player of an MCP tool result's audio.
 * @csspart mcp-result-link - A resource link of an MCP tool result: its name (a link when the address is http(s)), description and type.
 * @csspart mcp-result-resource - An embedded resource of an MCP tool result: its address and its text (as code), or its download.
 * @csspart mcp-result-download - The button that saves a file of an MCP tool result (a binary resource, or media that is not shown).
 * @csspart mcp-result-note - A note in place of MCP content that is not shown (too large, unreadable, of an unknown type, more items).
 */
export class AgentChatMcpContent extends LitElement {
  static override styles = [base, visibleControls, preformatted, mcpContentStyles];

  /** The MCP `CallToolResult` (read defensively: it may come from storage or an imported file). */
  @property({ attribute: false }) result: unknown;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  /** This view's own texts in the chat's language (English with it). */
  private get texts(): ToolCardStrings {
    return toolCardTexts(this.strings);
  }
  /** The items meant for the person, checked once per result. */
  private items: ContentItem[] = [];
  /** Markdown drawn for an item (its image, its fenced text), made once per item. */
  private readonly markdown = new Map<ContentItem, string>();
  private readonly downloads = new Set<string>();

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const url of this.downloads) URL.revokeObjectURL(url);
    this.downloads.clear();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('result')) return;
    this.items = contentItems(this.result, 'user');
    this.markdown.clear();
  }

  /**
   * Saves base64 bytes as a file. They are typed `application/octet-stream` whatever the server
   * called them: a `blob:` address has the page's origin, and bytes typed as HTML or SVG opened
   * from it would run as the page.
   */
  private download(data: string, name: string): void {
    const binary = atob(data);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
    this.downloads.add(url);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = name;
    anchor.click();
    setTimeout(() => {
      URL.revokeObjectURL(url);
      this.downloads.delete(url);
    }, DOWNLOAD_URL_MS);
  }

  private notice(text: unknown) {
    return html`<p part="mcp-result-note">${text}</p>`;
  }

  private count(value: number): string {
    return new Intl.NumberFormat(this.strings.locale).format(value);
  }

  /** A download button for base64 bytes, or a note when there are too many of them. */
  private downloadButton(data: string, bytes: number, name: string, what: string, facts: string) {
    if (bytes > DOWNLOAD_BYTES) return this.notice(format(this.texts.mcpTooLarge, { what }));
    return html`<button type="button" part="mcp-result-download" @click=${() => this.download(data, name)}>
        ${textWithLabel(this.strings.downloadFile, 'name', name)}</button>
      <span class="facts">${facts}</span>`;
  }

  private renderText(text: string) {
    const cut = text.length > TEXT_CHARS;
    return html`<agent-chat-rich-result part="mcp-result-text" .value=${cut ? text.slice(0, TEXT_CHARS) : text}></agent-chat-rich-result>
      ${cut ? this.notice(format(this.texts.mcpTextCut, { shown: this.count(TEXT_CHARS), total: this.count(text.length) })) : nothing}`;
  }

  private renderMedia(item: Extract<ContentItem, { kind: 'image' | 'audio' }>) {
    const type = item.mimeType ?? '?';
    const size = formatBytes(item.bytes);
    const what = format(item.kind === 'image' ? this.texts.mcpImage : this.texts.mcpAudio, { type, size });
    if (item.data === undefined) return this.notice(format(this.texts.mcpUnreadable, { what }));
    const src = `data:${type};base64,${item.data}`;
    if (item.bytes <= INLINE_MEDIA_BYTES && item.mimeType) {
      if (item.kind === 'audio' && item.mimeType.startsWith('audio/')) {
        return html`<audio part="mcp-result-audio" controls preload="metadata" aria-label=${what} src=${src}></audio>`;
      }
      // An image goes the way of every image of a reply: markdown, the sanitizer, the images policy.
      let markdown = this.markdown.get(item);
      if (markdown === undefined && item.kind === 'image') {
        const view = fileView({ kind: 'file', id: '', url: src, mediaType: item.mimeType, filename: what });
        markdown = view.kind === 'markdown' ? view.markdown : '';
        this.markdown.set(item, markdown);
      }
      if (markdown) return html`<div part="mcp-result-image"><agent-chat-markdown .text=${markdown}></agent-chat-markdown></div>`;
    }
    const extension = type
      .split('/')[1]
      ?.split('+')[0]
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 10);
    return this.downloadButton(item.data, item.bytes, `${item.kind}${extension ? `.${extension}` : ''}`, what, `${type}, ${size}`);
  }

  private renderLink(item: Extract<ContentItem, { kind: 'link' }>) {
    const href = linkUrl(item.uri);
    const name = html`<bdi>${visibleBidi(item.title ?? item.name)}</bdi>`;
    let host = '';
    if (href) host = new URL(href).host;
    const facts = [item.mimeType, item.size !== undefined ? formatBytes(item.size) : undefined].filter(Boolean).join(', ');
    return html`<p part="mcp-result-link">
      ${
        href
          ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${name}</a> <span class="facts">(${host})</span>`
          : html`${name} <code><bdi>${visibleBidi(item.uri)}</bdi></code>`
      }
      ${item.description ? html`<br /><span class="muted"><bdi>${visibleBidi(item.description)}</bdi></span>` : nothing}
      ${facts ? html`<br /><span class="facts">${facts}</span>` : nothing}
    </p>`;
  }

  private renderResource(item: Extract<ContentItem, { kind: 'resource-text' | 'resource-blob' }>) {
    const heading = html`<p class="resource-name"><code><bdi>${visibleBidi(item.uri)}</bdi></code>
      ${item.mimeType ? html`<span class="facts">${item.mimeType}</span>` : nothing}</p>`;
    if (item.kind === 'resource-text') {
      let markdown = this.markdown.get(item);
      if (markdown === undefined) this.markdown.set(item, (markdown = fenced(item.text.slice(0, TEXT_CHARS), codeLanguage(item.mimeType))));
      const cut = item.text.length > TEXT_CHARS;
      return html`<div part="mcp-result-resource">${heading}<agent-chat-markdown .text=${markdown}></agent-chat-markdown>
        ${cut ? this.notice(format(this.texts.mcpTextCut, { shown: this.count(TEXT_CHARS), total: this.count(item.text.length) })) : nothing}</div>`;
    }
    const name = fileNameOf(item.uri) ?? 'resource';
    const size = formatBytes(item.bytes);
    const body =
      item.data === undefined
        ? this.notice(format(this.texts.mcpUnreadable, { what: name }))
        : this.downloadButton(item.data, item.bytes, name, name, [item.mimeType, size].filter(Boolean).join(', '));
    return html`<div part="mcp-result-resource">${heading}${body}</div>`;
  }

  private renderItem(item: ContentItem) {
    switch (item.kind) {
      case 'text':
        return this.renderText(item.text);
      case 'image':
      case 'audio':
        return this.renderMedia(item);
      case 'link':
        return this.renderLink(item);
      case 'resource-text':
      case 'resource-blob':
        return this.renderResource(item);
      case 'other':
        return this.notice(textWithLabel(this.texts.mcpUnknownContent, 'type', item.type));
    }
  }

  override render() {
    const { items } = this;
    if (!items.length) {
      // Nothing of the content is for the person: its structured content, if any, else "no result".
      const structured = isRecord(this.result) ? this.result.structuredContent : undefined;
      if (structured !== undefined) return html`<agent-chat-rich-result part="mcp-result-text" .value=${structured}></agent-chat-rich-result>`;
      return html`<p class="muted">${this.texts.toolNoResult}</p>`;
    }
    const more = items.length - MAX_ITEMS;
    return html`${items.slice(0, MAX_ITEMS).map((item) => html`<div class="item">${this.renderItem(item)}</div>`)}
    ${more > 0 ? html`<div class="item">${this.notice(this.texts.mcpMoreItems(more))}</div>` : nothing}`;
  }
}

define('agent-chat-mcp-content', AgentChatMcpContent);

/** `text` as a fenced code block in `language`: the fence longer than any run of backticks in it. */
function fenced(text: string, language: string | undefined): string {
  let longest = 2;
  for (const run of text.matchAll(/`{3,}/g)) longest = Math.max(longest, run[0].length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language ?? ''}\n${text}\n${fence}`;
}

/** The content view of an MCP result, as the tool card shows it (its parts forwarded). */
export function mcpContentTemplate(result: unknown) {
  return html`<agent-chat-mcp-content class="result" exportparts=${MCP_CONTENT_PARTS} .result=${result}></agent-chat-mcp-content>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-mcp-content': AgentChatMcpContent;
  }
}
