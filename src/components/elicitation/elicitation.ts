import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';
import { SchemaFormSubmitEvent, on } from '../../internal/view-events.js';
import type { ElicitationAnswer } from '../../mcp/elicitation-desk.js';
import { urlHost } from '../../mcp/elicitation-request.js';
import type { Elicitation } from '../../mcp/mcp-types.js';
import { formatValue } from '../../render/format-value.js';
import { textWithLabel } from '../../render/label-in-text.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { requestStyles } from '../../styles/requests.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { schemaFormLabels } from '../interrupt/schema-form-labels.js';
import '../schema-form/schema-form.js';
import { elicitationTexts } from './elicitation-texts.js';
import { elicitationStyles } from './elicitation.styles.js';

/** The person's answer to an MCP server's request for input: the card passes it to the chat. */
export class ElicitationAnswerEvent extends Event {
  static readonly type = 'chat:elicitation-answer';
  constructor(
    readonly id: string,
    readonly answer: ElicitationAnswer,
  ) {
    super(ElicitationAnswerEvent.type, { bubbles: false });
  }
}

/**
 * @summary What an MCP server asks of the person during a tool call (`elicitation/create`), in
 * that call's card: the server named, its message, then a form (Submit, Decline, Cancel) or, for
 * a page to open, the page's host shown plainly (Open, Decline, Cancel). Once answered, what was
 * answered; a request left without an answer when the page went away shows as not completed.
 *
 * @csspart elicitation - The request and its answer.
 */
export class AgentChatElicitation extends LitElement {
  static override styles = [base, visibleControls, requestStyles, elicitationStyles];

  @property({ attribute: false }) elicitation!: Elicitation;
  /** It waits for an answer in this page's life (else, unanswered, it is not completed). */
  @property({ type: Boolean }) live = false;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;

  private send(answer: ElicitationAnswer) {
    this.dispatchEvent(new ElicitationAnswerEvent(this.elicitation.id, answer));
  }

  private open() {
    const { url } = this.elicitation;
    if (!url) return;
    window.open(url, '_blank', 'noopener,noreferrer');
    this.send({ action: 'accept' });
  }

  private renderChoices() {
    const s = elicitationTexts(this.strings);
    const { elicitation } = this;
    const refuse = html`<button slot="actions" type="button" @click=${() => this.send({ action: 'decline' })}>${s.elicitationDecline}</button>
      <button slot="actions" type="button" @click=${() => this.send({ action: 'cancel' })}>${s.elicitationCancel}</button>`;
    if (elicitation.mode === 'url') {
      return html`<p class="page">${textWithLabel(s.elicitationOpensPage, 'host', urlHost(elicitation.url ?? ''))}</p>
        <p class="muted url"><bdi>${visibleBidi(elicitation.url ?? '')}</bdi></p>
        <div class="actions">
          <button type="button" class="primary" @click=${this.open}>${s.elicitationOpen}</button>
          ${refuse}
        </div>`;
    }
    return html`<agent-chat-schema-form
      .schema=${elicitation.schema}
      .submitLabel=${s.elicitationSubmit}
      .labels=${schemaFormLabels(this.strings)}
      ${on(SchemaFormSubmitEvent, (event) => this.send({ action: 'accept', content: (event.value ?? {}) as Record<string, unknown> }))}
      >${refuse}</agent-chat-schema-form
    >`;
  }

  private renderOutcome() {
    const s = elicitationTexts(this.strings);
    const { outcome, mode, server, completed } = this.elicitation;
    if (!outcome) return html`<p class="outcome" role="status">${s.elicitationNotCompleted}</p>`;
    if (outcome.action === 'decline') return html`<p class="outcome" role="status">${s.elicitationDeclined}</p>`;
    if (outcome.action === 'cancel') return html`<p class="outcome" role="status">${s.elicitationCancelled}</p>`;
    if (mode === 'url') {
      return html`<p class="outcome" role="status">${completed ? s.elicitationDone : textWithLabel(s.elicitationOpened, 'server', server)}</p>`;
    }
    return html`<p class="outcome" role="status">${s.elicitationSent}</p>
      ${outcome.content ? html`<pre class="args">${formatValue(outcome.content)}</pre>` : nothing}`;
  }

  override render() {
    const s = elicitationTexts(this.strings);
    const { elicitation } = this;
    const waiting = !elicitation.outcome && this.live;
    return html`<div class="request" part="elicitation" data-waiting=${waiting ? 'true' : nothing}>
      <p class="prompt">${textWithLabel(s.elicitationFrom, 'server', elicitation.server)}</p>
      ${elicitation.message ? html`<p class="message">${elicitation.message}</p>` : nothing}
      ${waiting ? this.renderChoices() : this.renderOutcome()}
    </div>`;
  }
}

define('agent-chat-elicitation', AgentChatElicitation);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-elicitation': AgentChatElicitation;
  }
}
