import { LitElement, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { AttachmentsUi } from '../../attachments/attachments-ui.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { composerStyles } from './composer.styles.js';
import { define } from '../../internal/define.js';
import { ComposerSendEvent, ComposerStopEvent } from '../../internal/view-events.js';

/**
 * @summary The input row: a growing text area, Send, and Stop while a reply streams.
 * Enter sends, Shift+Enter adds a line; while `busy` Send queues the text (files wait until
 * nothing streams).
 * With `attachments` (the chat's, once their chunk arrived): the attach button, files pasted into
 * the text area, and the tray above it; Send waits for uploads (Stop gives up waiting).
 *
 * @csspart composer - The row.
 * @csspart attach-button - Picks files to attach (with `attachments`).
 * @csspart input - The text area.
 * @csspart send-button - Send.
 * @csspart stop-button - Stop (only while busy).
 *
 * @fires chat:composer-send - (internal) `ComposerSendEvent`: the text to send.
 * @fires chat:composer-stop - (internal) `ComposerStopEvent`: the person pressed Stop.
 */
export class AgentChatComposer extends LitElement {
  static override styles = [base, visibleControls, composerStyles];

  @property({ attribute: false }) placeholder?: string;
  /** A reply is streaming: Send queues text (not files), Stop shows. */
  @property({ type: Boolean }) busy = false;
  /** The files about to be sent, when the chat has `attachments`. */
  @property({ attribute: false }) attachments?: AttachmentsUi;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  @state() private draft = '';
  @query('textarea') private textarea!: HTMLTextAreaElement;

  private onInput(event: InputEvent) {
    this.draft = (event.target as HTMLTextAreaElement).value;
  }

  private onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    this.submit();
  }

  private submit() {
    const text = this.draft.trim();
    const files = this.attachments;
    // Files are not queued: with them, Send waits until no reply streams.
    if (files?.waiting || !(files?.count ? !this.busy : text)) return;
    // Send turns disabled and Stop may go away: keep the keyboard in the text area, not on <body>.
    this.focus();
    if (files?.count)
      void files.sendWhenReady(
        () => this.draft.trim(),
        (text, attachments) => this.dispatchEvent(new ComposerSendEvent(text, attachments)),
      );
    else this.dispatchEvent(new ComposerSendEvent(text));
  }

  private onStop() {
    const waiting = this.attachments?.waiting;
    if (waiting) waiting.giveUp();
    else this.dispatchEvent(new ComposerStopEvent());
    this.focus();
  }

  /** Empties the draft and the tray (after the message was accepted). */
  clear(): void {
    this.draft = '';
    this.attachments?.manager.clear();
  }

  override focus(options?: FocusOptions): void {
    this.textarea?.focus(options);
  }

  /** Replaces the draft (the page's `setDraft`). */
  setDraft(text: string): void {
    this.draft = text;
  }

  /** Puts `texts` after the draft, a blank line before each (queued messages given back). */
  appendToDraft(texts: string[]): void {
    this.draft = [this.draft.trimEnd(), ...texts].filter(Boolean).join('\n\n');
  }

  override render() {
    const s = this.strings;
    const files = this.attachments;
    const waiting = !!files?.waiting;
    return html`<div class="composer" part="composer">
      ${files?.tray(this)} ${files?.button(s)}
      <textarea
        part="input"
        rows="1"
        aria-label=${s.inputLabel}
        placeholder=${this.placeholder || s.placeholder}
        .value=${this.draft}
        @input=${this.onInput}
        @keydown=${this.onKeyDown}
        @paste=${files?.onPaste}
      ></textarea>
      ${
        this.busy || waiting
          ? html`<button class="stop" part="stop-button" type="button" @click=${this.onStop}>
            <svg viewBox="0 0 16 16" aria-hidden="true"><rect x="3" y="3" width="10" height="10" rx="2" fill="currentColor" /></svg>${s.stop}
          </button>`
          : nothing
      }
      <button class="send" part="send-button" type="button" ?disabled=${waiting || !(files?.count ? !this.busy : this.draft.trim())} @click=${this.submit}>
        <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 8l12-6-5 13-2-5z" fill="currentColor" /></svg>${waiting ? files!.waitingLabel(s) : s.send}
      </button>
    </div>`;
  }
}

define('agent-chat-composer', AgentChatComposer);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-composer': AgentChatComposer;
  }
}
