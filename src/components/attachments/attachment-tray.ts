import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { consume } from '@lit/context';
import type { AttachmentManager, Refusal, TrayFile } from '../../attachments/attachment-manager.js';
import { attachTexts } from '../../attachments/attach-texts.js';
import { formatFileSize } from '../../attachments/attachment-rules.js';
import { formatNumber } from '../../i18n/plural.js';
import type { AttachStrings, ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings, format } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';
import { textWithLabel } from '../../render/label-in-text.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { trayStyles } from './attachment-tray.styles.js';

/**
 * @summary The files about to be sent, above the composer's text area: a chip per file (a picture
 * of an image, its name, size, upload progress and a remove button), and the files that were not
 * attached, each saying why until dismissed. Draws what its `AttachmentManager` holds. A file
 * name's direction controls are shown (`⟨RLO⟩`), never obeyed, wherever the name is said.
 *
 * @csspart attachments - The tray.
 * @csspart attachment - A file's chip.
 * @csspart attachment-remove - A chip's remove button.
 * @csspart attachment-progress - A chip's upload progress (`<progress>`).
 * @csspart attachment-refusal - Why a file was not attached, with a dismiss button.
 */
export class AgentChatAttachmentTray extends LitElement {
  static override styles = [base, visibleControls, trayStyles];

  @property({ attribute: false }) manager?: AttachmentManager;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  private watched?: AttachmentManager;
  private readonly onChange = () => this.requestUpdate();

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.watch(undefined);
  }

  protected override willUpdate(): void {
    if (this.isConnected) this.watch(this.manager);
  }

  private watch(manager: AttachmentManager | undefined): void {
    if (manager === this.watched) return;
    this.watched?.removeEventListener('change', this.onChange);
    manager?.addEventListener('change', this.onChange);
    this.watched = manager;
  }

  /** Removes the file; the keyboard goes to the next chip's remove button, else to the text area. */
  private async removeFile(file: TrayFile) {
    const manager = this.manager;
    if (!manager) return;
    const index = manager.files.indexOf(file);
    manager.remove(file.id);
    await this.updateComplete;
    const buttons = this.renderRoot.querySelectorAll<HTMLButtonElement>('.remove');
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else ((this.getRootNode() as ShadowRoot).host as HTMLElement | undefined)?.focus();
  }

  private refusalText(refusal: Refusal, s: AttachStrings) {
    const name = refusal.name;
    switch (refusal.reason) {
      case 'type':
        return textWithLabel(s.attachRefusedType, 'name', name);
      case 'size':
        return textWithLabel(s.attachRefusedSize, 'name', name, { max: formatFileSize(this.limit('maxFileSize'), this.strings.locale) });
      case 'count':
        return textWithLabel(s.attachRefusedCount, 'name', name, { max: formatNumber(this.limit('maxFiles'), this.strings.locale) });
      default:
        return textWithLabel(s.attachRefusedUpload, 'name', name);
    }
  }

  /** The limit a refusal names, as the manager's rules say now. */
  private limit(key: 'maxFileSize' | 'maxFiles'): number {
    return this.manager?.limits()[key] ?? 0;
  }

  private chip(file: TrayFile, s: AttachStrings) {
    const name = visibleBidi(file.file.name);
    return html`<li class="chip" part="attachment">
      ${
        file.preview
          ? html`<img class="preview" src=${file.preview} alt="" />`
          : html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 1.5h5l3.5 3.5v9.5h-8.5z M9 1.5v3.5h3.5" fill="none" stroke="currentColor" stroke-width="1.2" stroke-linejoin="round" /></svg>`
      }
      <span class="text">
        <bdi class="name" title=${name}>${name}</bdi>
        <span class="size">${formatFileSize(file.file.size, this.strings.locale)}</span>
        ${
          file.state === 'uploading'
            ? file.progress === undefined
              ? html`<progress part="attachment-progress" aria-label=${format(s.attachUploading, { name })}></progress>`
              : html`<progress part="attachment-progress" max="1" .value=${file.progress} aria-label=${format(s.attachUploading, { name })}></progress>`
            : nothing
        }
      </span>
      <button class="remove" part="attachment-remove" type="button" aria-label=${format(s.attachRemove, { name })} @click=${() => this.removeFile(file)}>
        <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" /></svg>
      </button>
    </li>`;
  }

  override render() {
    const manager = this.manager;
    const files = manager?.files ?? [];
    const refusals = manager?.refusals ?? [];
    const s = attachTexts(this.strings);
    return html`<div class="tray ${files.length || refusals.length ? '' : 'empty'}" part="attachments">
      ${
        files.length
          ? html`<ul class="chips" aria-label=${s.attachTray}>
            ${repeat(
              files,
              (file) => file.id,
              (file) => this.chip(file, s),
            )}
          </ul>`
          : nothing
      }
      <div class="refusals" role="status">
        ${
          refusals.length
            ? html`<ul>
              ${repeat(
                refusals,
                (refusal) => refusal.id,
                (refusal) => html`<li class="refusal" part="attachment-refusal">
                  <span id="refusal-${refusal.id}">${this.refusalText(refusal, s)}</span>
                  <button class="dismiss" type="button" aria-label=${s.attachDismiss} aria-describedby="refusal-${refusal.id}" @click=${() => this.dismissRefusal(refusal)}>
                    <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" /></svg>
                  </button>
                </li>`,
              )}
            </ul>`
            : nothing
        }
      </div>
    </div>`;
  }

  private dismissRefusal(refusal: Refusal) {
    this.manager?.dismiss(refusal.id);
    ((this.getRootNode() as ShadowRoot).host as HTMLElement | undefined)?.focus();
  }
}

define('agent-chat-attachment-tray', AgentChatAttachmentTray);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-attachment-tray': AgentChatAttachmentTray;
  }
}
