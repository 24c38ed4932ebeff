import { LitElement, css, html } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { controlStyles } from '../../styles/controls.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { define } from '../../internal/define.js';
import { EditDoneEvent } from '../../internal/view-events.js';
import { editMessageTexts } from './edit-message-texts.js';

/**
 * @summary The person's message, opened for editing: a text area with Send and Cancel. Sending
 * starts a new branch of the conversation from this message; the old one stays.
 *
 * @csspart edit-message - The form.
 *
 * @fires chat:edit-done - (internal) `EditDoneEvent`: `text` is the new text, or undefined when the person cancelled.
 */
export class AgentChatEditMessage extends LitElement {
  static override styles = [
    base,
    visibleControls,
    controlStyles,
    css`
      form {
        display: grid;
        gap: 8px;
        margin: 0;
      }
      textarea {
        resize: vertical;
        min-height: 4em;
        /* Each line takes the direction of its own first letters, as in the composer. */
        unicode-bidi: plaintext;
      }
      .actions {
        justify-content: flex-end;
      }
    `,
  ];

  /** The text to start from. */
  @property({ attribute: false }) text = '';

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  @state() private draft = '';
  @query('textarea') private textarea!: HTMLTextAreaElement;

  override connectedCallback(): void {
    super.connectedCallback();
    this.draft = this.text;
  }

  protected override firstUpdated(): void {
    this.textarea.focus();
    this.textarea.setSelectionRange(this.draft.length, this.draft.length);
  }

  private submit(event: Event) {
    event.preventDefault();
    const text = this.draft.trim();
    if (text) this.dispatchEvent(new EditDoneEvent(text));
  }

  private cancel() {
    this.dispatchEvent(new EditDoneEvent());
  }

  private onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      this.cancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      this.submit(event);
    }
  }

  override render() {
    const s = editMessageTexts(this.strings);
    return html`<form part="edit-message" @submit=${this.submit}>
      <textarea
        aria-label=${s.editLabel}
        rows="3"
        .value=${this.draft}
        @input=${(event: Event) => (this.draft = (event.target as HTMLTextAreaElement).value)}
        @keydown=${this.onKeyDown}
      ></textarea>
      <div class="actions">
        <button type="button" @click=${this.cancel}>${s.editCancel}</button>
        <button class="primary" type="submit" ?disabled=${!this.draft.trim()}>${s.editSend}</button>
      </div>
    </form>`;
  }
}

define('agent-chat-edit-message', AgentChatEditMessage);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-edit-message': AgentChatEditMessage;
  }
}
