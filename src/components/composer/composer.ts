import { LitElement, html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { en } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { base } from '../../styles/tokens.js';
import { composerStyles } from './composer.styles.js';
import { define } from '../../internal/define.js';
import { ComposerSendEvent, ComposerStopEvent } from '../../internal/events.js';

/**
 * @summary The input row: a growing text area, Send, and Stop while a reply streams.
 * Enter sends, Shift+Enter adds a line; while `busy` the draft can be written but not sent.
 *
 * @csspart composer - The row.
 * @csspart input - The text area.
 * @csspart send-button - Send.
 * @csspart stop-button - Stop (only while busy).
 *
 * @fires chat:composer-send - (internal) `ComposerSendEvent`: the text to send.
 * @fires chat:composer-stop - (internal) `ComposerStopEvent`: the person pressed Stop.
 */
export class AgentChatComposer extends LitElement {
  static override styles = [base, composerStyles];

  @property({ attribute: false }) placeholder?: string;
  /** A reply is streaming: sending waits, Stop shows. */
  @property({ type: Boolean }) busy = false;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = en;
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
    if (this.busy || !text) return;
    this.dispatchEvent(new ComposerSendEvent(text));
    // Send turns disabled and Stop goes away: keep the keyboard in the text area, not on <body>.
    this.focus();
  }

  private onStop() {
    this.dispatchEvent(new ComposerStopEvent());
    this.focus();
  }

  /** Empties the draft (after the message was accepted). */
  clear(): void {
    this.draft = '';
  }

  override focus(options?: FocusOptions): void {
    this.textarea?.focus(options);
  }

  override render() {
    const s = this.strings;
    return html`<div class="composer" part="composer">
      <textarea
        part="input"
        rows="1"
        aria-label=${s.inputLabel}
        placeholder=${this.placeholder || s.placeholder}
        .value=${this.draft}
        @input=${this.onInput}
        @keydown=${this.onKeyDown}
      ></textarea>
      ${this.busy
        ? html`<button class="stop" part="stop-button" type="button" @click=${this.onStop}>
            <svg viewBox="0 0 16 16" aria-hidden="true"><rect x="3" y="3" width="10" height="10" rx="2" fill="currentColor" /></svg>${s.stop}
          </button>`
        : nothing}
      <button class="send" part="send-button" type="button" ?disabled=${this.busy || !this.draft.trim()} @click=${this.submit}>
        <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 8l12-6-5 13-2-5z" fill="currentColor" /></svg>${s.send}
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
