import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { keyed } from 'lit/directives/keyed.js';
import { live } from 'lit/directives/live.js';
import {
  collectValue,
  constraintHint,
  englishSchemaFormLabels,
  fill,
  formFields,
  formModel,
  initialEntries,
  validatePayload,
  type BooleanNode,
  type ChoiceNode,
  type FieldError,
  type FormNode,
  type JsonNode,
  type LinesNode,
  type MultiChoiceNode,
  type NumberNode,
  type ObjectNode,
  type RawValue,
  type SchemaFormLabels,
  type TextNode,
} from '../../ask/forms/schema-form.js';
import { checkPatterns, hasPatterns, type PatternVerdicts } from '../../ask/pattern-check.js';
import { base } from '../../styles/tokens.js';
import { schemaFormStyles } from './schema-form.styles.js';

export interface SchemaFormSubmitDetail {
  value: unknown;
}

export type CheckResult = { ok: true; value: unknown } | { ok: false };

/**
 * @summary A form built from a JSON Schema (an interrupt's `responseSchema`, or a tool's
 * arguments). Native controls with labels, hints and inline errors; the value is checked against
 * the schema before it is sent, and what does not fit shows next to its field and in a summary.
 * What the form cannot show as a control is a JSON text field, so every schema can be answered.
 *
 * @csspart schema-form - The form.
 * @csspart form-field - Each field (a wrapper, or the fieldset of a group).
 * @csspart form-summary - The list of problems after a failed submit.
 * @csspart form-actions - The row of buttons.
 * @csspart form-submit - The submit button.
 *
 * @slot actions - More buttons after the submit button (e.g. Skip). They do not submit.
 *
 * @fires agent-chat-schema-form-submit - (internal, neither bubbling nor composed) `detail.value`:
 * the checked value.
 */
@customElement('agent-chat-schema-form')
export class AgentChatSchemaForm extends LitElement {
  static override styles = [base, schemaFormStyles];

  /** The JSON Schema of the answer. None (or `{}`) takes any JSON. */
  @property({ attribute: false }) schema: unknown;
  /** The initial value (e.g. the current arguments); where it says nothing, the schema's defaults. */
  @property({ attribute: false }) value: unknown;
  @property({ attribute: 'submit-label' }) submitLabel = 'Send';
  @property({ type: Boolean, reflect: true }) disabled = false;
  @property({ attribute: false }) labels: SchemaFormLabels = englishSchemaFormLabels;

  @state() private model: FormNode = formModel(undefined);
  @state() private errors: FieldError[] = [];
  /** Counts failed submits, so the summary is a new alert each time. */
  @state() private attempt = 0;
  private entries = new Map<string, RawValue>();
  /** A submit waits for its patterns to be checked. */
  private checking = false;
  /** Number fields holding text the browser cannot read as a number. */
  private badNumbers = new Set<string>();
  private nodes = new Map<string, FormNode>();
  private ids = new Map<string, string>();
  /** The schema and initial value the form was built from, as JSON: an equal new object (`args ?? {}`) keeps what was typed. */
  private builtFrom?: string;
  /** The labels, with English for any left out. */
  private text: SchemaFormLabels = englishSchemaFormLabels;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('labels')) this.text = { ...englishSchemaFormLabels, ...this.labels };
    if (!changed.has('schema') && !changed.has('value') && this.hasUpdated) return;
    let signature: string | undefined;
    try {
      signature = JSON.stringify([this.schema ?? null, this.value ?? null]);
    } catch {
      signature = undefined;
    }
    if (signature === undefined || signature !== this.builtFrom) {
      this.builtFrom = signature;
      this.model = formModel(this.schema, this.value);
      this.entries = initialEntries(this.model);
      this.badNumbers.clear();
      this.errors = [];
      const fields = formFields(this.model);
      this.nodes = new Map(fields.map((field) => [field.path, field]));
      this.ids = new Map(fields.map((field, index) => [field.path, `field-${index}`]));
    }
  }

  private onEdit(event: Event) {
    const target = event.target as HTMLInputElement;
    const path = target.dataset?.path;
    const node = path === undefined ? undefined : this.nodes.get(path);
    if (!node || path === undefined) return;
    if (node.kind === 'multi') {
      const boxes = [...this.renderRoot.querySelectorAll<HTMLInputElement>('input[type="checkbox"][data-path]')].filter((box) => box.dataset.path === path);
      this.entries.set(path, boxes.filter((box) => box.checked).map((box) => box.value));
    } else if (target.type === 'checkbox') {
      this.entries.set(path, String(target.checked));
    } else if (target.type === 'radio') {
      if (target.checked) this.entries.set(path, target.value);
    } else {
      this.entries.set(path, target.value);
    }
    if (node.kind === 'number') {
      if (target.validity?.badInput) this.badNumbers.add(path);
      else this.badNumbers.delete(path);
    }
  }

  private onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (this.disabled || this.checking) return;
    const submit = (result: CheckResult) => {
      if (result.ok) this.dispatchEvent(new CustomEvent<SchemaFormSubmitDetail>('agent-chat-schema-form-submit', { detail: { value: result.value } }));
    };
    const result = this.checkValue();
    if (!(result instanceof Promise)) return submit(result);
    this.checking = true;
    void result.then(submit).finally(() => (this.checking = false));
  }

  /**
   * Reads and checks the value as a submit does. When something does not fit, the problems show
   * next to their fields and in a summary, and the first field with one takes the focus. A schema
   * with patterns is checked off the main thread (pattern-check.ts): then the answer is a promise.
   */
  checkValue(): CheckResult | Promise<CheckResult> {
    const read = collectValue(this.model, this.entries, this.text);
    if (!hasPatterns(this.schema) || read.value === undefined) return this.report(read);
    return checkPatterns(this.schema, read.value).then((patterns) => this.report(read, patterns));
  }

  private report(read: ReturnType<typeof collectValue>, patterns?: PatternVerdicts): CheckResult {
    const labels = this.text;
    const unreadable: FieldError[] = [...read.errors];
    for (const path of this.badNumbers) {
      if (!unreadable.some((error) => error.path === path)) unreadable.push({ path, message: labels.notANumber });
    }
    const broken = unreadable.map((error) => error.path);
    const within = (path: string) => broken.some((root) => root === '' || path === root || path.startsWith(`${root}.`) || path.startsWith(`${root}[`));
    const checked = unreadable.length && read.value === undefined ? [] : validatePayload(this.schema, read.value, { labels, model: this.model, patterns });
    const order = new Map(formFields(this.model).map((field, index) => [field.path, index]));
    const errors = [...unreadable, ...checked.filter((error) => !within(error.path))].sort(
      (a, b) => (order.get(a.path) ?? -1) - (order.get(b.path) ?? -1),
    );
    this.errors = errors;
    if (!errors.length) return { ok: true, value: read.value };
    this.attempt++;
    void this.updateComplete.then(() => this.focusField(errors[0]!.path));
    return { ok: false };
  }

  /** Focuses the first control. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLElement>('input, select, textarea, button')?.focus(options);
  }

  private focusField(path: string) {
    const node = this.nodes.get(path);
    const id = this.ids.get(path);
    const root = this.renderRoot as ShadowRoot;
    const element = id ? root.getElementById(id) : null;
    let target: HTMLElement | null = null;
    if (node && element && node.kind !== 'const') {
      target = element.matches('input, select, textarea') ? element : element.querySelector('input:checked') ?? element.querySelector('input, select, textarea');
    }
    (target ?? root.querySelector<HTMLElement>('.summary'))?.focus();
  }

  private fieldErrors(path: string): string | undefined {
    const messages = this.errors.filter((error) => error.path === path).map((error) => error.message);
    return messages.length ? messages.join(' ') : undefined;
  }

  override render() {
    const multiple = this.model.kind === 'object' && formFields(this.model).filter((node) => node.kind !== 'object').length > 1;
    const anyRequired = formFields(this.model).some((node) => node.path !== '' && this.isRequired(node));
    return html`<form part="schema-form" novalidate @submit=${this.onSubmit} @input=${this.onEdit} @change=${this.onEdit}>
      ${this.errors.length ? keyed(this.attempt, this.renderSummary()) : nothing}
      ${multiple && anyRequired ? html`<p class="note">${this.text.requiredNote}</p>` : nothing}
      <fieldset class="controls" ?disabled=${this.disabled}>${this.renderNode(this.model)}</fieldset>
      <div class="actions" part="form-actions">
        <button class="submit primary" part="form-submit" type="submit" ?disabled=${this.disabled}>${this.submitLabel}</button>
        <slot name="actions"></slot>
      </div>
    </form>`;
  }

  private renderSummary() {
    const labels = this.text;
    return html`<div class="summary" part="form-summary" role="alert" tabindex="-1">
      <p>${labels.summary}</p>
      <ul>
        ${this.errors.map((error) => {
          const node = this.nodes.get(error.path);
          const whole = error.path === '' && (node?.kind === 'object' || error.message === labels.schemaInvalid);
          const label = node && !whole ? this.labelOf(node) : '';
          const text = label ? fill(labels.summaryItem, { label, message: error.message }) : error.message;
          return html`<li>
            ${node && node.kind !== 'const' && error.path !== '' ? html`<button type="button" @click=${() => this.focusField(error.path)}>${text}</button>` : text}
          </li>`;
        })}
      </ul>
    </div>`;
  }

  /** Required for the person: a required field that cannot be left empty. */
  private isRequired(node: FormNode): boolean {
    if (node.nullable || (node.kind === 'boolean' && node.control === 'checkbox')) return false;
    if (node.path === '') return node.kind !== 'object' && (node.kind !== 'text' || (node.minLength ?? 0) > 0);
    return node.required;
  }

  private labelOf(node: FormNode): string {
    const label = node.label || (node.path === '' ? this.text.answer : node.key ?? '');
    return node.kind === 'json' ? fill(this.text.json, { label }) : label;
  }

  private raw(node: FormNode): string {
    const raw = this.entries.get(node.path);
    return typeof raw === 'string' ? raw : '';
  }

  private renderNode(node: FormNode): TemplateResult | typeof nothing {
    switch (node.kind) {
      case 'object':
        return this.renderObject(node);
      case 'text':
        return this.renderText(node);
      case 'number':
        return this.renderNumber(node);
      case 'choice':
        return node.control === 'radio' ? this.renderRadios(node) : this.renderSelect(node);
      case 'boolean':
        return node.control === 'radio' ? this.renderRadios(node) : this.renderCheckbox(node);
      case 'multi':
        return this.renderMulti(node);
      case 'lines':
      case 'json':
        return this.renderTextarea(node);
      case 'const':
        return html`<div class="field" part="form-field">
          <span class="label">${this.labelOf(node)}</span>
          <span class="const">${node.display}</span>
          ${this.renderHelp(node)}
        </div>`;
    }
  }

  /** Hint and error ids for `aria-describedby`, and whether the field has an error. */
  private described(node: FormNode): { describedBy?: string; error?: string } {
    const id = this.ids.get(node.path)!;
    const hint = node.description || constraintHint(node, this.text);
    const error = this.fieldErrors(node.path);
    const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return { ...(ids ? { describedBy: ids } : {}), ...(error ? { error } : {}) };
  }

  private renderHelp(node: FormNode) {
    const id = this.ids.get(node.path)!;
    const hints = [node.description, constraintHint(node, this.text)].filter(Boolean).join(' ');
    const error = this.fieldErrors(node.path);
    return html`${hints ? html`<p class="hint" id=${`${id}-hint`}>${hints}</p>` : nothing}
    ${error
      ? html`<p class="error" id=${`${id}-error`}>
          <svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="7" fill="currentColor" /><path d="M8 4v5M8 11.5v.5" stroke-width="1.8" stroke-linecap="round" /></svg
          ><span>${error}</span>
        </p>`
      : nothing}`;
  }

  private renderLabel(node: FormNode) {
    return html`${this.labelOf(node)}${this.isRequired(node) ? html`<span class="required" aria-hidden="true" title=${this.text.required}>*</span>` : nothing}`;
  }

  /** A group's legend; screen readers hear "required" from the hidden text (or the radiogroup's aria-required). */
  private renderLegend(node: FormNode, spoken: boolean) {
    return html`<legend>${this.renderLabel(node)}${spoken && this.isRequired(node) ? html`<span class="visually-hidden"> (${this.text.required})</span>` : nothing}</legend>`;
  }

  private renderObject(node: ObjectNode) {
    const fields = node.fields.map((field) => this.renderNode(field));
    if (node.path === '') {
      return html`${node.description ? html`<p class="hint">${node.description}</p>` : nothing}${fields}`;
    }
    const { describedBy } = this.described(node);
    return html`<fieldset class="group" part="form-field" id=${this.ids.get(node.path)!} aria-describedby=${ifDefined(describedBy)}>
      ${this.renderLegend(node, true)} ${this.renderHelp(node)}
      <div class="fields">${fields}</div>
    </fieldset>`;
  }

  private renderText(node: TextNode) {
    const id = this.ids.get(node.path)!;
    const { describedBy, error } = this.described(node);
    const required = this.isRequired(node);
    const control = node.multiline
      ? html`<textarea
          id=${id}
          data-path=${node.path}
          rows="4"
          .value=${live(this.raw(node))}
          ?required=${required}
          aria-invalid=${ifDefined(error ? 'true' : undefined)}
          aria-describedby=${ifDefined(describedBy)}
          minlength=${ifDefined(node.minLength)}
          maxlength=${ifDefined(node.maxLength)}
        ></textarea>`
      : html`<input
          id=${id}
          data-path=${node.path}
          type=${node.inputType}
          .value=${live(this.raw(node))}
          ?required=${required}
          aria-invalid=${ifDefined(error ? 'true' : undefined)}
          aria-describedby=${ifDefined(describedBy)}
          minlength=${ifDefined(node.minLength)}
          maxlength=${ifDefined(node.maxLength)}
          step=${ifDefined(node.inputType === 'datetime-local' || node.inputType === 'time' ? '1' : undefined)}
        />`;
    return html`<div class="field" part="form-field">
      <label class="label" for=${id}>${this.renderLabel(node)}</label>
      ${this.renderHelp(node)} ${control}
    </div>`;
  }

  private renderNumber(node: NumberNode) {
    const id = this.ids.get(node.path)!;
    const { describedBy, error } = this.described(node);
    return html`<div class="field" part="form-field">
      <label class="label" for=${id}>${this.renderLabel(node)}</label>
      ${this.renderHelp(node)}
      <input
        id=${id}
        data-path=${node.path}
        type="number"
        inputmode=${node.integer && (node.minimum ?? -1) >= 0 ? 'numeric' : 'decimal'}
        .value=${live(this.raw(node))}
        ?required=${this.isRequired(node)}
        aria-invalid=${ifDefined(error ? 'true' : undefined)}
        aria-describedby=${ifDefined(describedBy)}
        min=${ifDefined(node.minimum)}
        max=${ifDefined(node.maximum)}
        step=${node.step}
      />
    </div>`;
  }

  private renderRadios(node: ChoiceNode | BooleanNode) {
    const id = this.ids.get(node.path)!;
    const { describedBy, error } = this.described(node);
    const required = this.isRequired(node);
    const raw = this.raw(node);
    const options =
      node.kind === 'boolean'
        ? [
            { value: 'true', label: this.text.yes },
            { value: 'false', label: this.text.no },
          ]
        : node.options.map((option, index) => ({ value: String(index), label: option.label }));
    if (!required && node.kind === 'choice') options.push({ value: '', label: this.text.none });
    return html`<fieldset
      class="choices"
      part="form-field"
      role="radiogroup"
      id=${id}
      aria-required=${required ? 'true' : 'false'}
      aria-invalid=${ifDefined(error ? 'true' : undefined)}
      aria-describedby=${ifDefined(describedBy)}
    >
      ${this.renderLegend(node, false)} ${this.renderHelp(node)}
      <div class="options">
        ${options.map(
          (option) => html`<label class="option">
            <input type="radio" name=${id} data-path=${node.path} value=${option.value} .checked=${live(raw === option.value)} ?required=${required} />
            <span>${option.label}</span>
          </label>`,
        )}
      </div>
    </fieldset>`;
  }

  private renderSelect(node: ChoiceNode) {
    const id = this.ids.get(node.path)!;
    const { describedBy, error } = this.described(node);
    const raw = this.raw(node);
    return html`<div class="field" part="form-field">
      <label class="label" for=${id}>${this.renderLabel(node)}</label>
      ${this.renderHelp(node)}
      <select
        id=${id}
        data-path=${node.path}
        ?required=${this.isRequired(node)}
        aria-invalid=${ifDefined(error ? 'true' : undefined)}
        aria-describedby=${ifDefined(describedBy)}
      >
        <option value="" .selected=${live(raw === '')}>${this.isRequired(node) ? this.text.choose : this.text.none}</option>
        ${node.options.map((option, index) => html`<option value=${String(index)} .selected=${live(raw === String(index))}>${option.label}</option>`)}
      </select>
    </div>`;
  }

  private renderCheckbox(node: BooleanNode) {
    const id = this.ids.get(node.path)!;
    const { describedBy, error } = this.described(node);
    return html`<div class="field" part="form-field">
      <label class="check">
        <input
          id=${id}
          type="checkbox"
          data-path=${node.path}
          .checked=${live(this.raw(node) === 'true')}
          aria-invalid=${ifDefined(error ? 'true' : undefined)}
          aria-describedby=${ifDefined(describedBy)}
        />
        <span class="label">${this.labelOf(node)}</span>
      </label>
      ${this.renderHelp(node)}
    </div>`;
  }

  private renderMulti(node: MultiChoiceNode) {
    const id = this.ids.get(node.path)!;
    const { describedBy, error } = this.described(node);
    const raw = this.entries.get(node.path);
    const ticked = new Set(Array.isArray(raw) ? raw : []);
    return html`<fieldset class="choices" part="form-field" id=${id} aria-describedby=${ifDefined(describedBy)}>
      ${this.renderLegend(node, true)} ${this.renderHelp(node)}
      <div class="options">
        ${node.options.map(
          (option, index) => html`<label class="option">
            <input
              type="checkbox"
              data-path=${node.path}
              value=${String(index)}
              .checked=${live(ticked.has(String(index)))}
              aria-invalid=${ifDefined(error ? 'true' : undefined)}
            />
            <span>${option.label}</span>
          </label>`,
        )}
      </div>
    </fieldset>`;
  }

  private renderTextarea(node: LinesNode | JsonNode) {
    const id = this.ids.get(node.path)!;
    const { describedBy, error } = this.described(node);
    const raw = this.raw(node);
    const rows = Math.min(Math.max(raw.split('\n').length, node.kind === 'json' ? 3 : 4), 12);
    return html`<div class="field" part="form-field">
      <label class="label" for=${id}>${this.renderLabel(node)}</label>
      ${this.renderHelp(node)}
      <textarea
        id=${id}
        class=${node.kind === 'json' ? 'json' : 'lines'}
        data-path=${node.path}
        rows=${rows}
        spellcheck=${node.kind === 'json' ? 'false' : 'true'}
        .value=${live(raw)}
        ?required=${this.isRequired(node)}
        aria-invalid=${ifDefined(error ? 'true' : undefined)}
        aria-describedby=${ifDefined(describedBy)}
      ></textarea>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-schema-form': AgentChatSchemaForm;
  }
  interface HTMLElementEventMap {
    'agent-chat-schema-form-submit': CustomEvent<SchemaFormSubmitDetail>;
  }
}
