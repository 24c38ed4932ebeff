import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { replyText } from '../../conversation/selectors.js';
import type { AssistantTurn } from '../../conversation/types.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';
import { FeedbackEvent } from '../../internal/view-events.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { copyText } from '../markdown/markdown-view.js';
import { messageStyles } from './message.styles.js';
import { replyExtrasTexts } from './reply-extras-texts.js';

const THUMB_UP = html`<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2Z"/></svg>`;
const THUMB_DOWN = html`<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M22 3h-4v12h4V3ZM2 14a2 2 0 0 0 2 2h6.3l-1 4.6v.3c0 .4.2.8.4 1.1l1.1 1 6.6-6.6c.4-.4.6-.9.6-1.4V5a2 2 0 0 0-2-2H7c-.8 0-1.5.5-1.8 1.2l-3 7.1c-.1.2-.2.5-.2.7v2Z"/></svg>`;

/**
 * @summary What the person can do with a finished reply: copy its text (as markdown) and, with
 * the chat's `feedback`, rate it. Drawn in the reply's row of actions; loaded on first need.
 *
 * @csspart copy-message-button - Copy: the reply's own text as markdown (not its subagents', not its tool cards).
 * @csspart feedback-button - Thumbs up and thumbs down (`aria-pressed`); pressing the pressed one again clears the rating.
 *
 * @fires chat:feedback - (internal; the chat stops it) `FeedbackEvent`: the person rated the reply.
 */
export class AgentChatReplyActions extends LitElement {
  /** The buttons look like the row's other actions (`.action` of the message's styles). */
  static override styles = [
    base,
    visibleControls,
    messageStyles,
    css`
      :host {
        display: inline-flex;
        align-items: center;
        gap: 2px;
      }
      .action {
        display: inline-flex;
        align-items: center;
      }
      .action[aria-pressed='true'] {
        color: var(--_accent);
        background: var(--_surface);
      }
    `,
  ];

  @property({ attribute: false }) reply!: AssistantTurn;
  /** Offer thumbs up and down. */
  @property({ type: Boolean }) feedback = false;

  /** Copy was pressed and the text is on the clipboard: "Copied" is shown and announced a moment. */
  @state() private copied = false;
  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  private copiedTimer = 0;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.copiedTimer);
  }

  private async copy(): Promise<void> {
    if (!(await copyText(replyText(this.reply).trim()))) return;
    this.copied = true;
    clearTimeout(this.copiedTimer);
    this.copiedTimer = window.setTimeout(() => (this.copied = false), 2000);
  }

  private rate(rating: 'up' | 'down'): void {
    this.dispatchEvent(new FeedbackEvent(this.reply.id, this.reply.feedback === rating ? null : rating));
  }

  private renderThumb(rating: 'up' | 'down') {
    const pressed = this.reply.feedback === rating;
    const { feedbackGood, feedbackBad } = replyExtrasTexts(this.strings);
    return html`<button
      type="button"
      class="action"
      part="feedback-button"
      aria-pressed=${pressed ? 'true' : 'false'}
      aria-label=${rating === 'up' ? feedbackGood : feedbackBad}
      title=${rating === 'up' ? feedbackGood : feedbackBad}
      @click=${() => this.rate(rating)}
    >${rating === 'up' ? THUMB_UP : THUMB_DOWN}</button>`;
  }

  override render() {
    const s = this.strings;
    const text = replyText(this.reply).trim();
    return html`${
      text
        ? html`<button type="button" class="action" part="copy-message-button" aria-label=${this.copied ? s.copied : replyExtrasTexts(s).copyReply} @click=${this.copy}>${this.copied ? s.copied : s.copy}</button>`
        : nothing
    }
      <span class="visually-hidden" role="status">${this.copied ? s.copied : ''}</span>
      ${this.feedback ? html`${this.renderThumb('up')}${this.renderThumb('down')}` : nothing}`;
  }
}

define('agent-chat-reply-actions', AgentChatReplyActions);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-reply-actions': AgentChatReplyActions;
  }
}
