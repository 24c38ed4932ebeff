import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { approvalResponse, editedArgsSchema, interruptView, ownMetadata, type ApprovalDecision } from '../../ask/interrupt-answers.js';
import { isDenial, isExpired } from '../../conversation/interrupt-state.js';
import { parseQuestions } from '../../ask/questions.js';
import type { FieldError } from '../../ask/forms/model.js';
import { checkPayload, validatePayload } from '../../ask/forms/validation.js';
import { hasPatterns } from '../../ask/pattern-check.js';
import type { InterruptEntry, InterruptResponse, ToolCallPart, Answers } from '../../conversation/types.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings, format } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { formatValue } from '../../render/format-value.js';
import { requestStyles } from '../../styles/requests.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import '../question-form/question-form.js';
import '../schema-form/schema-form.js';
import { callTexts } from '../tool-card/call-texts.js';
import { interruptTexts } from './interrupt-texts.js';
import { schemaFormLabels } from './schema-form-labels.js';
import { interruptStyles } from './interrupt.styles.js';
import { define } from '../../internal/define.js';
import { AnswerEvent, QuestionSubmitEvent, SchemaFormSubmitEvent, on } from '../../internal/view-events.js';

/** The longest a timer may wait (setTimeout's limit); an expiry further away is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * @summary What a paused run asks of the person (an AG-UI interrupt): an approval (Approve, Deny
 * with an optional reason, Edit arguments), the ask_user questions, or a form built from the
 * interrupt's `responseSchema`. Shows the answer once given, or that the request expired.
 *
 * @csspart approval - An approval.
 * @csspart question-form - The questions of an ask_user interrupt.
 * @csspart input-request - A form built from `responseSchema`.
 *
 * @fires chat:answer - (internal; the chat stops it) `AnswerEvent`: `{kind: 'interrupt', interruptId, response}`.
 */
export class AgentChatInterrupt extends LitElement {
  static override styles = [base, visibleControls, requestStyles, interruptStyles];

  @property({ attribute: false }) entry!: InterruptEntry;
  /** The tool call the interrupt is about, when it is one of this reply's. */
  @property({ attribute: false }) call?: ToolCallPart;
  /** Not inside a tool card: the request draws a frame of its own. */
  @property({ type: Boolean }) standalone = false;
  /** A reply is streaming: nothing can be answered now. */
  @property({ type: Boolean }) disabled = false;

  @state() private stage: 'choose' | 'deny' | 'edit' = 'choose';
  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  @state() private reason = '';
  @state() private problem?: string;
  private expiryTimer?: ReturnType<typeof setTimeout>;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.expiryTimer);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('entry')) this.watchExpiry();
  }

  /** Redraws when the request expires, so it says so without waiting for anything else to change. */
  private watchExpiry() {
    clearTimeout(this.expiryTimer);
    const at = this.entry.interrupt.expiresAt ? Date.parse(this.entry.interrupt.expiresAt) : NaN;
    if (!this.open || !Number.isFinite(at)) return;
    const wait = Math.min(Math.max(at - Date.now(), 0) + 20, MAX_TIMER_MS);
    this.expiryTimer = setTimeout(() => {
      this.requestUpdate();
      this.watchExpiry();
    }, wait);
  }

  private get open(): boolean {
    const { response, sent, interrupt } = this.entry;
    return !response && !sent && !isExpired(interrupt);
  }

  private answer(response: InterruptResponse) {
    if (this.disabled || !this.open) return;
    this.dispatchEvent(new AnswerEvent({ kind: 'interrupt', interruptId: this.entry.interrupt.id, response }));
  }

  private decide(decision: ApprovalDecision) {
    const response = approvalResponse(this.entry.interrupt, decision);
    const { responseSchema } = this.entry.interrupt;
    const options = { labels: schemaFormLabels(this.strings) };
    // Patterns are checked off the main thread (pattern-check.ts).
    if (hasPatterns(responseSchema)) void checkPayload(responseSchema, response.payload, options).then((errors) => this.decided(response, errors));
    else this.decided(response, validatePayload(responseSchema, response.payload, options));
  }

  private decided(response: InterruptResponse, errors: FieldError[]) {
    if (errors.length) {
      // The schema wants more than Approve / Deny can give: say why, and let the person skip it.
      this.problem = errors.map((error) => (error.path ? `${error.path}: ${error.message}` : error.message)).join(' ');
      return;
    }
    this.problem = undefined;
    this.answer(response);
  }

  private skip = () => this.answer({ status: 'cancelled' });

  private setStage(stage: 'choose' | 'deny' | 'edit') {
    this.stage = stage;
    this.problem = undefined;
    void this.updateComplete.then(() => this.focus());
  }

  /** Focuses the first control. */
  override focus(options?: FocusOptions): void {
    const control = this.renderRoot.querySelector<HTMLElement>('textarea, button, agent-chat-question-form, agent-chat-schema-form');
    control?.focus(options);
  }

  private renderApproval() {
    const s = interruptTexts(this.strings);
    const editSchema = editedArgsSchema(this.entry.interrupt);
    switch (this.stage) {
      case 'deny':
        return html`<label class="reason">${s.approvalReason}
            <textarea rows="2" .value=${this.reason} @input=${(event: Event) => (this.reason = (event.target as HTMLTextAreaElement).value)}></textarea>
          </label>
          <div class="actions">
            <button class="primary" type="button" ?disabled=${this.disabled} @click=${() => this.decide({ approved: false, reason: this.reason })}>${s.approvalDeny}</button>
            <button type="button" @click=${() => this.setStage('choose')}>${s.approvalBack}</button>
          </div>`;
      case 'edit':
        return html`<agent-chat-schema-form
          .schema=${editSchema}
          .value=${this.call?.args ?? {}}
          .submitLabel=${s.approvalApproveEdited}
          .labels=${schemaFormLabels(this.strings)}
          ?disabled=${this.disabled}
          ${on(SchemaFormSubmitEvent, (event) => this.decide({ approved: true, editedArgs: event.value }))}
        >
          <button slot="actions" type="button" @click=${() => this.setStage('choose')}>${s.approvalBack}</button>
        </agent-chat-schema-form>`;
      case 'choose':
        return html`${
          this.call && this.entry.interrupt.reason === 'tool_call'
            ? html`<figure class="call-args">
                <figcaption>${callTexts(this.strings).toolArguments}</figcaption>
                <pre class="args">${formatValue(this.call.args ?? this.call.argsText)}</pre>
              </figure>`
            : nothing
        }
          <div class="actions">
            <button class="primary" type="button" ?disabled=${this.disabled} @click=${() => this.decide({ approved: true })}>${s.approvalApprove}</button>
            <button type="button" ?disabled=${this.disabled} @click=${() => this.setStage('deny')}>${s.approvalDeny}</button>
            ${editSchema ? html`<button type="button" ?disabled=${this.disabled} @click=${() => this.setStage('edit')}>${s.approvalEdit}</button>` : nothing}
          </div>`;
    }
  }

  private renderQuestions() {
    const s = interruptTexts(this.strings);
    const parsed = parseQuestions({ questions: ownMetadata(this.entry.interrupt).questions });
    if (!parsed.ok) {
      return html`<p class="error">${format(s.askUnreadable, { error: parsed.error })}</p>
        <div class="actions"><button type="button" ?disabled=${this.disabled} @click=${this.skip}>${s.requestSkip}</button></div>`;
    }
    return html`<agent-chat-question-form
      .questions=${parsed.questions}
      ?disabled=${this.disabled}
      ${on(QuestionSubmitEvent, (event) => this.answer({ status: 'resolved', payload: event.answers }))}
    >
      <button slot="actions" type="button" ?disabled=${this.disabled} @click=${this.skip}>${s.requestSkip}</button>
    </agent-chat-question-form>`;
  }

  private renderForm() {
    const s = interruptTexts(this.strings);
    const schema = this.entry.interrupt.responseSchema ?? { type: 'string', title: s.requestAnswer, minLength: 1 };
    return html`<agent-chat-schema-form
      .schema=${schema}
      .submitLabel=${this.strings.send}
      .labels=${schemaFormLabels(this.strings)}
      ?disabled=${this.disabled}
      ${on(SchemaFormSubmitEvent, (event) => this.answer({ status: 'resolved', payload: event.value }))}
    >
      <button slot="actions" type="button" ?disabled=${this.disabled} @click=${this.skip}>${s.requestSkip}</button>
    </agent-chat-schema-form>`;
  }

  /** What became of the request, in words (or the answers, for questions). */
  private renderOutcome(response: InterruptResponse) {
    const s = interruptTexts(this.strings);
    const view = interruptView(this.entry.interrupt);
    if (view === 'approval') {
      const reason = reasonOf(response);
      const text = isDenial(response)
        ? reason
          ? format(s.approvalDeniedReason, { reason })
          : callTexts(this.strings).approvalDenied
        : (response.payload as { editedArgs?: unknown } | undefined)?.editedArgs !== undefined
          ? s.approvalApprovedEdited
          : s.approvalApproved;
      return html`<p class="outcome">${text}</p>`;
    }
    if (response.status === 'cancelled') return html`<p class="outcome">${s.requestSkipped}</p>`;
    if (view === 'questions') {
      const parsed = parseQuestions({ questions: ownMetadata(this.entry.interrupt).questions });
      if (parsed.ok) {
        return html`<agent-chat-question-form mode="answered" .questions=${parsed.questions} .answers=${response.payload as Answers}></agent-chat-question-form>`;
      }
    }
    return html`<p class="outcome">${s.requestAnswered}</p>`;
  }

  override render() {
    const s = interruptTexts(this.strings);
    const { interrupt, response, sent } = this.entry;
    const view = interruptView(interrupt);
    const part = view === 'approval' ? 'approval' : view === 'questions' ? 'question-form' : 'input-request';
    const prompt =
      interrupt.message ??
      (view === 'approval' ? (interrupt.reason === 'tool_call' && this.call ? format(s.approvalAsk, { tool: this.call.name }) : s.approvalConfirm) : s.requestInput);
    const when = interrupt.expiresAt ? localTime(interrupt.expiresAt, this.strings.locale) : undefined;
    let body;
    if (response) {
      body = html`${this.renderOutcome(response)}${sent ? nothing : html`<p class="muted">${s.requestKept}</p>`}`;
    } else if (!sent && isExpired(interrupt)) {
      body = html`<p class="outcome" role="status">${format(s.requestExpired, { time: when ?? '' })}</p>`;
    } else if (sent) {
      body = nothing;
    } else {
      body = html`${view === 'approval' ? this.renderApproval() : view === 'questions' ? this.renderQuestions() : this.renderForm()}
        ${
          this.problem
            ? html`<p class="error" role="alert">${this.problem}</p>
              ${view === 'approval' ? html`<div class="actions"><button type="button" @click=${this.skip}>${s.requestSkip}</button></div>` : nothing}`
            : nothing
        }
        ${when ? html`<p class="muted">${format(s.requestExpires, { time: when })}</p>` : nothing}`;
    }
    return html`<section class="request ${this.standalone ? 'standalone' : ''}" part=${part} aria-label=${prompt} ?data-open=${this.open}>
      <p class="prompt">${prompt}</p>
      ${body}
    </section>`;
  }
}

define('agent-chat-interrupt', AgentChatInterrupt);

/** A date as the person reads it; undefined when it is not one. */
function localTime(iso: string, locale: string): string | undefined {
  const date = new Date(iso);
  if (!Number.isFinite(date.getTime())) return undefined;
  const style = { dateStyle: 'medium', timeStyle: 'short' } as const;
  try {
    return date.toLocaleString(locale, style);
  } catch {
    return date.toLocaleString(undefined, style);
  }
}

/** The reason the person gave for a denial: in the payload, or in the entry's own metadata. */
function reasonOf(response: InterruptResponse): string | undefined {
  const inPayload = (response.payload as { reason?: unknown } | undefined)?.reason;
  const inMetadata = (response.metadata?.['agent-chat'] as { reason?: unknown } | undefined)?.reason;
  const reason = typeof inPayload === 'string' ? inPayload : inMetadata;
  return typeof reason === 'string' ? reason : undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-interrupt': AgentChatInterrupt;
  }
}
