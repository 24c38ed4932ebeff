import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { englishSchemaFormLabels, fieldLabel, fill, type SchemaFormLabels } from '../../ask/forms/labels.js';
import { formFields, formModel, mustBeFilled, type FieldError, type FormNode, type RawValue } from '../../ask/forms/model.js';
import { validatePayload } from '../../ask/forms/validation.js';
import { collectValue, initialEntries } from '../../ask/forms/values.js';
import { checkPatterns, hasPatterns, type PatternVerdicts } from '../../ask/pattern-check.js';
import { define } from '../../internal/define.js';
import { SchemaFormSubmitEvent } from '../../internal/view-events.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { FieldTemplates } from './field-templates.js';
import { schemaFormStyles } from './schema-form.styles.js';

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
 * @fires chat:schema-form-submit - (internal `SchemaFormSubmitEvent`, not composed) `value`: the checked value.
 */
export class AgentChatSchemaForm extends LitElement {
  static override styles = [base, visibleControls, schemaFormStyles];

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
      this.entries.set(
        path,
        boxes.filter((box) => box.checked).map((box) => box.value),
      );
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
      if (result.ok) this.dispatchEvent(new SchemaFormSubmitEvent(result.value));
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
    const errors = [...unreadable, ...checked.filter((error) => !within(error.path))].sort((a, b) => (order.get(a.path) ?? -1) - (order.get(b.path) ?? -1));
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
      target = element.matches('input, select, textarea') ? element : (element.querySelector('input:checked') ?? element.querySelector('input, select, textarea'));
    }
    (target ?? root.querySelector<HTMLElement>('.summary'))?.focus();
  }

  override render() {
    const multiple = this.model.kind === 'object' && formFields(this.model).filter((node) => node.kind !== 'object').length > 1;
    const anyRequired = formFields(this.model).some((node) => node.path !== '' && mustBeFilled(node));
    const fields = new FieldTemplates({ labels: this.text, ids: this.ids, entries: this.entries, errors: this.errors });
    return html`<form part="schema-form" novalidate @submit=${this.onSubmit} @input=${this.onEdit} @change=${this.onEdit}>
      ${this.errors.length ? keyed(this.attempt, this.renderSummary()) : nothing}
      ${multiple && anyRequired ? html`<p class="note">${this.text.requiredNote}</p>` : nothing}
      <fieldset class="controls" ?disabled=${this.disabled}>${fields.render(this.model)}</fieldset>
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
          const label = node && !whole ? fieldLabel(node, labels) : '';
          const text = label ? fill(labels.summaryItem, { label, message: error.message }) : error.message;
          return html`<li>
            ${node && node.kind !== 'const' && error.path !== '' ? html`<button type="button" @click=${() => this.focusField(error.path)}>${text}</button>` : text}
          </li>`;
        })}
      </ul>
    </div>`;
  }
}

define('agent-chat-schema-form', AgentChatSchemaForm);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-schema-form': AgentChatSchemaForm;
  }
}
