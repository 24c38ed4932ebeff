import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { splitAnswer } from '../../ask/questions.js';
import type { Question } from '../../ask/ask-user-definition.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings, format } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { requestStyles } from '../../styles/requests.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { questionFormStyles } from './question-form.styles.js';
import { questionFormTexts } from './question-form-texts.js';
import type { Answers } from '../../conversation/types.js';
import { define } from '../../internal/define.js';
import { QuestionSubmitEvent } from '../../internal/view-events.js';

/** `form`: waiting for the person's choices; `answered`: shows them; the others say where the answers went. */
export type QuestionFormMode = 'form' | 'waiting' | 'message' | 'answered' | 'deferred' | 'failed';

let nextId = 0;

/**
 * @summary The agent's questions (ask_user): each with its options as radio buttons or
 * checkboxes, and an "Other" field for the person's own answer. Once answered it shows the answers.
 *
 * @csspart question-form - The form (or the answers, once given).
 *
 * @fires chat:question-submit - (internal) `QuestionSubmitEvent`: the answers, keyed by question text.
 */
export class AgentChatQuestionForm extends LitElement {
  static override styles = [base, visibleControls, requestStyles, questionFormStyles];

  @property({ attribute: false }) questions: Question[] = [];
  @property({ attribute: false }) mode: QuestionFormMode = 'form';
  /** The answers given (mode `answered`). */
  @property({ attribute: false }) answers?: Answers;
  /** Why the answers could not be collected (mode `failed`). */
  @property({ attribute: false }) error?: string;
  /** Controls are disabled (a reply is streaming). */
  @property({ type: Boolean }) disabled = false;
  /** The label of the submit button (defaults to "Send answers"). */
  @property({ attribute: false }) submitLabel?: string;
  /** A line under the form (e.g. that writing in the chat answers too). */
  @property({ attribute: false }) hint?: string;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  @state() private chosen: Set<string>[] = [];
  @state() private otherOn: boolean[] = [];
  @state() private otherText: string[] = [];
  @state() private problems: (string | undefined)[] = [];
  @state() private summary?: string;
  private readonly uid = `question-${++nextId}`;

  /** The questions the choices were made for: the same questions again (a new array) keep them. */
  private askedFor?: string;

  protected override willUpdate(changed: Map<string, unknown>): void {
    const asked = changed.has('questions') ? JSON.stringify(this.questions) : this.askedFor;
    if (asked !== this.askedFor) {
      this.askedFor = asked;
      this.chosen = this.questions.map(() => new Set());
      this.otherOn = this.questions.map(() => false);
      this.otherText = this.questions.map(() => '');
      this.problems = [];
      this.summary = undefined;
    }
  }

  private choose(index: number, label: string, on: boolean) {
    const question = this.questions[index];
    const chosen = question.multiSelect ? new Set(this.chosen[index]) : new Set<string>();
    if (on) chosen.add(label);
    else chosen.delete(label);
    this.chosen = this.chosen.map((set, i) => (i === index ? chosen : set));
    if (!question.multiSelect && on) this.setOther(index, false);
  }

  private setOther(index: number, on: boolean) {
    this.otherOn = this.otherOn.map((value, i) => (i === index ? on : value));
    if (on && !this.questions[index].multiSelect) this.chosen = this.chosen.map((set, i) => (i === index ? new Set() : set));
  }

  private typeOther(index: number, text: string) {
    this.otherText = this.otherText.map((value, i) => (i === index ? text : value));
    // Writing an answer of one's own picks "Other".
    if (text.trim() && !this.otherOn[index]) this.setOther(index, true);
  }

  private onSubmit(event: Event) {
    event.preventDefault();
    if (this.disabled) return;
    // Built from entries, so a question text such as "__proto__" is a key like any other.
    const entries: [string, string[]][] = [];
    const problems = this.questions.map((question, i) => {
      const values = question.options.map((option) => option.label).filter((label) => this.chosen[i].has(label));
      const own = this.otherText[i].trim();
      if (this.otherOn[i]) {
        if (!own) return format(questionFormTexts(this.strings).askOtherEmpty, { question: question.question });
        values.push(own);
      }
      if (values.length) entries.push([question.question, values]);
      return undefined;
    });
    const answers: Answers = Object.fromEntries(entries);
    this.problems = problems;
    const first = problems.findIndex((problem) => problem !== undefined);
    this.summary = first !== -1 ? problems[first] : entries.length === 0 ? questionFormTexts(this.strings).askNothingChosen : undefined;
    if (this.summary) {
      void this.updateComplete.then(() => {
        const target = first !== -1 ? `#${this.uid}-other-${first}` : 'input';
        this.renderRoot.querySelector<HTMLElement>(target)?.focus();
      });
      return;
    }
    this.dispatchEvent(new QuestionSubmitEvent(answers));
  }

  /** Focuses the first control (or the form's region when there is none). */
  override focus(options?: FocusOptions): void {
    (this.renderRoot.querySelector<HTMLElement>('input, button') ?? this.renderRoot.querySelector<HTMLElement>('[tabindex]'))?.focus(options);
  }

  private renderQuestion(question: Question, index: number) {
    const s = questionFormTexts(this.strings);
    const type = question.multiSelect ? 'checkbox' : 'radio';
    const name = `${this.uid}-${index}`;
    const problem = this.problems[index];
    return html`<fieldset ?disabled=${this.disabled} aria-describedby=${problem ? `${name}-problem` : nothing}>
      <legend><span class="chip">${question.header}</span> ${question.question}</legend>
      ${question.options.map((option, o) => {
        const describedBy = option.description ? `${name}-d${o}` : undefined;
        return html`<label class="option">
          <input
            type=${type}
            name=${name}
            .checked=${this.chosen[index]?.has(option.label) ?? false}
            aria-describedby=${describedBy ?? nothing}
            @change=${(event: Event) => this.choose(index, option.label, (event.target as HTMLInputElement).checked)}
          />
          <span>${option.label}</span>
          ${option.description ? html`<span class="description" id=${describedBy!}>${option.description}</span>` : nothing}
        </label>`;
      })}
      <div class="option other">
        <label>
          <input
            type=${type}
            name=${name}
            .checked=${this.otherOn[index] ?? false}
            @change=${(event: Event) => this.setOther(index, (event.target as HTMLInputElement).checked)}
          />
          <span>${s.askOther}</span>
        </label>
        <input
          class="other-text"
          type="text"
          id=${`${this.uid}-other-${index}`}
          aria-label=${format(s.askOtherLabel, { question: question.question })}
          aria-invalid=${problem ? 'true' : 'false'}
          aria-describedby=${problem ? `${name}-problem` : nothing}
          .value=${this.otherText[index] ?? ''}
          @input=${(event: Event) => this.typeOther(index, (event.target as HTMLInputElement).value)}
        />
      </div>
      ${problem ? html`<p class="error" id=${`${name}-problem`}>${problem}</p>` : nothing}
    </fieldset>`;
  }

  private renderAnswers() {
    const s = questionFormTexts(this.strings);
    return html`<dl part="question-form">
      ${this.questions.map((question) => {
        const { selected, other } = splitAnswer(question, this.answers?.[question.question] ?? []);
        const shown = [...selected, ...(other ? [`“${other}”`] : [])];
        return html`<dt>${question.question}</dt>
          <dd>${shown.length ? shown.join(', ') : html`<span class="muted">${s.askNotAnswered}</span>`}</dd>`;
      })}
    </dl>`;
  }

  override render() {
    const s = questionFormTexts(this.strings);
    switch (this.mode) {
      case 'answered':
        return this.renderAnswers();
      case 'waiting':
        return html`<p class="muted" part="question-form">${s.askWaitingPage}</p>`;
      case 'message':
        return html`<p class="muted" part="question-form">${s.askWaitingMessage}</p>`;
      case 'deferred':
        return html`<p class="muted" part="question-form">${s.askDeferred}</p>`;
      case 'failed':
        return html`<p class="error" part="question-form">${format(s.askFailed, { error: this.error ?? '' })}</p>`;
      case 'form':
        return html`<form part="question-form" novalidate @submit=${this.onSubmit}>
          ${this.questions.map((question, index) => this.renderQuestion(question, index))}
          ${this.summary ? html`<p class="error" role="alert">${this.summary}</p>` : nothing}
          <div class="actions">
            <button class="primary" type="submit" ?disabled=${this.disabled}>${this.submitLabel ?? s.askSubmit}</button>
            <slot name="actions"></slot>
          </div>
          ${this.hint ? html`<p class="muted">${this.hint}</p>` : nothing}
        </form>`;
    }
  }
}

define('agent-chat-question-form', AgentChatQuestionForm);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-question-form': AgentChatQuestionForm;
  }
}
