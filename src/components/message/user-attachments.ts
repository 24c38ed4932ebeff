import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { fileKind, fileSizeText, isPicture } from '../../conversation/attachment-labels.js';
import type { Attachment } from '../../conversation/types.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings, format } from '../../i18n/strings.js';
import { defaultDisplay, displayContext, stringsContext, type DisplayOptions } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';
import { imageHost, loadsWithoutAsking } from '../../render/image-placeholders.js';
import { copyStillKept, fetchSameOrigin, knownOutcome, sameOriginAddress, type SameOriginOutcome } from '../../render/same-origin-image.js';
import { linkUrl } from '../../render/reply-files.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { userAttachmentsTexts } from './user-attachments-texts.js';

/**
 * @summary The files sent with the person's message: images as thumbnails that open in full in a
 * new tab (through the chat's links, so `agent-chat-open-link` hears of it), other files as chips
 * with their name, kind and size (a download when the chat holds the bytes). A file known only by
 * its address (uploaded, or from a snapshot) follows the `images` policy; one of the page's own
 * origin shows, and opens, a copy fetched without following redirects. A name's direction
 * controls are shown (`⟨RLO⟩`), never obeyed, in the text, the tooltip and the accessible name.
 *
 * @csspart message-attachments - The list of files.
 * @csspart message-attachment - One file.
 */
export class AgentChatUserAttachments extends LitElement {
  static override styles = [
    base,
    visibleControls,
    css`
      :host {
        display: block;
      }
      ul {
        display: flex;
        flex-wrap: wrap;
        justify-content: flex-end;
        gap: 6px;
        margin: 0;
        margin-block-end: 6px;
        padding: 0;
        list-style: none;
      }
      li {
        display: flex;
        max-inline-size: min(100%, 280px);
      }
      a,
      .chip,
      button {
        color: inherit;
        font: inherit;
      }
      .thumb {
        display: block;
        border-radius: calc(var(--_radius) * 0.75);
        overflow: hidden;
        border: 1px solid var(--_border);
        background: var(--_surface);
      }
      .thumb img {
        display: block;
        block-size: 96px;
        inline-size: auto;
        max-inline-size: 200px;
        object-fit: cover;
      }
      .chip {
        display: flex;
        align-items: center;
        gap: 8px;
        min-block-size: 44px;
        box-sizing: border-box;
        padding: 6px 12px;
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) * 0.75);
        background: var(--_surface);
        text-decoration: none;
        text-align: start;
        min-inline-size: 0;
      }
      button.chip {
        cursor: pointer;
      }
      a:focus-visible,
      button:focus-visible {
        outline: 2px solid var(--_accent);
        outline-offset: 2px;
      }
      .icon {
        flex: none;
        inline-size: 20px;
        block-size: 20px;
        color: var(--_muted);
      }
      .text {
        display: grid;
        min-inline-size: 0;
      }
      .name {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
        font-size: 0.9em;
      }
      .meta {
        font-size: 0.78em;
        color: var(--_muted);
      }
    `,
  ];

  /** The files, in the order they were added. */
  @property({ attribute: false }) attachments: readonly Attachment[] = [];

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  @consume({ context: displayContext, subscribe: true }) private display: DisplayOptions = defaultDisplay;
  /** Addresses of other origins the person chose to show (`images="click"`). */
  @state() private shown = new Set<string>();
  /** Addresses of the page's origin whose checked copy would not show: their button loads them directly. */
  @state() private unshown = new Set<string>();
  /** The object URL of each Blob shown; revoked once it is not shown any more. */
  private readonly objectUrls = new Map<Blob, string>();
  /** What this view was told of each address of the page's origin it checked (see same-origin-image.ts). */
  private readonly answers = new Map<string, SameOriginOutcome>();
  /** Addresses whose check is under way, and those whose dropped copy was fetched again once already. */
  private readonly checking = new Set<string>();
  private readonly refetched = new Set<string>();

  override connectedCallback(): void {
    super.connectedCallback();
    // Drawn again after a move: the URLs revoked on leaving are made anew.
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const url of this.objectUrls.values()) URL.revokeObjectURL(url);
    this.objectUrls.clear();
  }

  protected override willUpdate(): void {
    // Checks start here rather than while drawing, and only for a view in the page.
    if (!this.isConnected) return;
    for (const attachment of this.attachments) {
      const own = this.ownAddress(attachment);
      if (own && !this.checking.has(own) && !this.answers.has(own) && !this.unshown.has(own) && !knownOutcome(own)) this.check(own);
    }
  }

  protected override updated(): void {
    const held = new Set(this.attachments.map((attachment) => attachment.blob));
    for (const [blob, url] of this.objectUrls) {
      if (held.has(blob)) continue;
      URL.revokeObjectURL(url);
      this.objectUrls.delete(blob);
    }
  }

  /**
   * A `blob:` address has the page's origin: only a raster image keeps its type; anything else
   * (HTML, SVG, whatever an imported file claims) is served as bytes to download, so opening it
   * can never run it as the page.
   */
  private objectUrl(blob: Blob): string | undefined {
    if (!this.isConnected) return undefined;
    let url = this.objectUrls.get(blob);
    if (!url) this.objectUrls.set(blob, (url = URL.createObjectURL(isPicture(blob.type) ? blob : new Blob([blob], { type: 'application/octet-stream' }))));
    return url;
  }

  /** Where the file's bytes are shown from: the chat's own copy, else its address. */
  private address(attachment: Attachment): string | undefined {
    if (attachment.blob instanceof Blob) return this.objectUrl(attachment.blob);
    return attachment.url;
  }

  /** Whether an address outside the chat may load as an image now (the `images` policy). */
  private loads(url: string): boolean {
    return this.display.images === 'allow' || loadsWithoutAsking(url) || this.shown.has(url);
  }

  /**
   * The address of a picture known only by its address when it is of the page's origin and must
   * show a copy fetched without following redirects (see same-origin-image.ts); else undefined.
   */
  private ownAddress(attachment: Attachment): string | undefined {
    if (attachment.blob instanceof Blob || !attachment.url || !isPicture(attachment.mimeType)) return undefined;
    if (this.display.images === 'allow' || this.shown.has(attachment.url)) return undefined;
    return sameOriginAddress(attachment.url);
  }

  private check(own: string): void {
    this.checking.add(own);
    void fetchSameOrigin(own).then((outcome) => {
      this.checking.delete(own);
      this.answers.set(own, outcome);
      if (this.isConnected) this.requestUpdate();
    });
  }

  /** What is known of `own`: the shared copy first (it may be fresher than this view's answer). */
  private checkedCopy(own: string): SameOriginOutcome | undefined {
    return this.unshown.has(own) ? { kind: 'failed' } : (knownOutcome(own) ?? this.answers.get(own));
  }

  /** Asks for `own` again (its copy left the cache). */
  private recheck(own: string): void {
    this.answers.delete(own);
    this.requestUpdate();
  }

  /** The thumbnail did not show its copy: fetched again once if the copy was dropped, else its button. */
  private copyFailed(own: string, copy: string): void {
    if (!copyStillKept(own, copy) && !this.refetched.has(own)) {
      this.refetched.add(own);
      this.recheck(own);
    } else {
      this.unshown = new Set([...this.unshown, own]);
    }
  }

  /** A copy no longer kept cannot be opened: not followed, a fresh copy is fetched instead. */
  private openCopy(event: Event, own: string, copy: string): void {
    if (copyStillKept(own, copy)) return;
    event.preventDefault();
    event.stopPropagation();
    this.recheck(own);
  }

  private renderThumb(attachment: Attachment, image: unknown, href: string | undefined, onClick?: (event: Event) => void) {
    return href
      ? html`<a class="thumb" href=${href} target="_blank" rel="noopener noreferrer" aria-label=${format(userAttachmentsTexts(this.strings).openImage, { name: visibleBidi(attachment.name) })} @click=${onClick}>${image}</a>`
      : html`<span class="thumb">${image}</span>`;
  }

  private renderPicture(attachment: Attachment, src: string) {
    const raster = !src.startsWith('blob:') || isPicture(attachment.blob?.type ?? '');
    const href = src.startsWith('blob:') ? (raster ? src : undefined) : linkUrl(src);
    const image = html`<img src=${src} alt=${href ? '' : visibleBidi(attachment.name)} title=${visibleBidi(attachment.name)} decoding="async" />`;
    return this.renderThumb(attachment, image, href);
  }

  /**
   * A checked copy: the thumbnail and its link both show the copy, never the address (which could
   * redirect by the time it is opened). An SVG copy is a `data:` URL, which a tab will not open: no link.
   */
  private renderCopy(attachment: Attachment, own: string, copy: string) {
    const href = copy.startsWith('blob:') ? copy : undefined;
    const name = visibleBidi(attachment.name);
    const image = html`<img src=${copy} alt=${href ? '' : name} title=${name} decoding="async" @error=${() => this.copyFailed(own, copy)} />`;
    return this.renderThumb(attachment, image, href, (event) => this.openCopy(event, own, copy));
  }

  private renderChip(attachment: Attachment, note?: string) {
    const name = visibleBidi(attachment.name);
    const meta = [fileKind(attachment.name, attachment.mimeType), fileSizeText(attachment.size, this.strings.locale)].filter(Boolean).join(' · ');
    const body = html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round">
        <path d="M6 3h8l4 4v14H6z" /><path d="M14 3v4h4" />
      </svg>
      <span class="text"><bdi class="name" title=${name}>${name}</bdi><span class="meta">${note ?? meta}</span></span>`;
    const src = this.address(attachment);
    if (note !== undefined) return html`<span class="chip">${body}</span>`;
    if (src?.startsWith('blob:')) return html`<a class="chip" href=${src} download=${name}>${body}</a>`;
    const link = linkUrl(src);
    return link ? html`<a class="chip" href=${link} target="_blank" rel="noopener noreferrer">${body}</a>` : html`<span class="chip">${body}</span>`;
  }

  private renderFile(attachment: Attachment) {
    const src = this.address(attachment);
    if (!src || !isPicture(attachment.mimeType) || !/^(https?:|blob:|data:image\/)/i.test(src)) return this.renderChip(attachment);
    const own = this.ownAddress(attachment);
    const checked = own ? this.checkedCopy(own) : undefined;
    if (own && checked?.kind === 'image') return this.renderCopy(attachment, own, checked.src);
    if (!own && this.loads(src)) return this.renderPicture(attachment, src);
    if (own && (!checked || checked.kind === 'missing')) return this.renderChip(attachment);
    const host = imageHost(src);
    if (this.display.images === 'none') return this.renderChip(attachment, format(this.strings.imageBlocked, { host }));
    return html`<button type="button" class="chip" @click=${() => (this.shown = new Set([...this.shown, src]))}>
      ${format(checked?.kind === 'redirect' ? this.strings.showRedirectedImage : this.strings.showImage, { host })}: <bdi>${visibleBidi(attachment.name)}</bdi>
    </button>`;
  }

  override render() {
    if (!this.attachments.length) return nothing;
    return html`<ul part="message-attachments" aria-label=${userAttachmentsTexts(this.strings).sentFiles}>
      ${this.attachments.map((attachment) => html`<li part="message-attachment">${this.renderFile(attachment)}</li>`)}
    </ul>`;
  }
}

define('agent-chat-user-attachments', AgentChatUserAttachments);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-user-attachments': AgentChatUserAttachments;
  }
}
