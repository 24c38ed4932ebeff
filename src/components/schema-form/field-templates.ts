/**
 * The templates of a schema form's fields: one native control (or group of them) per node of the
 * form model, with its label, hint and inline error wired up for assistive technology. Controls
 * carry `data-path`, by which the form reads what was typed.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import { constraintHint, fieldLabel, type SchemaFormLabels } from '../../ask/forms/labels.js';
import {
  mustBeFilled,
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
  type TextNode,
} from '../../ask/forms/model.js';

/** What the fields are drawn from: the form's texts, control ids and entries by field path, and its current errors. */
export interface FieldsState {
  readonly labels: SchemaFormLabels;
  readonly ids: ReadonlyMap<string, string>;
  readonly entries: ReadonlyMap<string, RawValue>;
  readonly errors: readonly FieldError[];
}

const invalid = (error: string | undefined) => ifDefined(error ? 'true' : undefined);

export class FieldTemplates {
  constructor(private readonly form: FieldsState) {}

  render(node: FormNode): TemplateResult | typeof nothing {
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
          <span class="label">${fieldLabel(node, this.form.labels)}</span>
          <span class="const">${node.display}</span>
          ${this.renderHelp(node)}
        </div>`;
    }
  }

  private id(node: FormNode): string {
    return this.form.ids.get(node.path)!;
  }

  private raw(node: FormNode): string {
    const raw = this.form.entries.get(node.path);
    return typeof raw === 'string' ? raw : '';
  }

  private fieldErrors(path: string): string | undefined {
    const messages = this.form.errors.filter((error) => error.path === path).map((error) => error.message);
    return messages.length ? messages.join(' ') : undefined;
  }

  /** Hint and error ids for `aria-describedby`, and the field's error. */
  private described(node: FormNode): { describedBy?: string; error?: string } {
    const id = this.id(node);
    const hint = node.description || constraintHint(node, this.form.labels);
    const error = this.fieldErrors(node.path);
    const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return { ...(ids ? { describedBy: ids } : {}), ...(error ? { error } : {}) };
  }

  private renderHelp(node: FormNode) {
    const id = this.id(node);
    const hints = [node.description, constraintHint(node, this.form.labels)].filter(Boolean).join(' ');
    const error = this.fieldErrors(node.path);
    return html`${hints ? html`<p class="hint" id=${`${id}-hint`}>${hints}</p>` : nothing}
    ${
      error
        ? html`<p class="error" id=${`${id}-error`}>
          <svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="7" fill="currentColor" /><path d="M8 4v5M8 11.5v.5" stroke-width="1.8" stroke-linecap="round" /></svg
          ><span>${error}</span>
        </p>`
        : nothing
    }`;
  }

  private renderLabel(node: FormNode) {
    const marker = mustBeFilled(node) ? html`<span class="required" aria-hidden="true" title=${this.form.labels.required}>*</span>` : nothing;
    return html`${fieldLabel(node, this.form.labels)}${marker}`;
  }

  /** A group's legend; screen readers hear "required" from the hidden text (or the radiogroup's aria-required). */
  private renderLegend(node: FormNode, spoken: boolean) {
    const said = spoken && mustBeFilled(node) ? html`<span class="visually-hidden"> (${this.form.labels.required})</span>` : nothing;
    return html`<legend>${this.renderLabel(node)}${said}</legend>`;
  }

  private renderObject(node: ObjectNode) {
    const fields = node.fields.map((field) => this.render(field));
    if (node.path === '') {
      return html`${node.description ? html`<p class="hint">${node.description}</p>` : nothing}${fields}`;
    }
    const { describedBy } = this.described(node);
    return html`<fieldset class="group" part="form-field" id=${this.id(node)} aria-describedby=${ifDefined(describedBy)}>
      ${this.renderLegend(node, true)} ${this.renderHelp(node)}
      <div class="fields">${fields}</div>
    </fieldset>`;
  }

  private renderText(node: TextNode) {
    const id = this.id(node);
    const { describedBy, error } = this.described(node);
    const required = mustBeFilled(node);
    const control = node.multiline
      ? html`<textarea
          id=${id}
          data-path=${node.path}
          rows="4"
          .value=${live(this.raw(node))}
          ?required=${required}
          aria-invalid=${invalid(error)}
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
          aria-invalid=${invalid(error)}
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
    const id = this.id(node);
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
        ?required=${mustBeFilled(node)}
        aria-invalid=${invalid(error)}
        aria-describedby=${ifDefined(describedBy)}
        min=${ifDefined(node.minimum)}
        max=${ifDefined(node.maximum)}
        step=${node.step}
      />
    </div>`;
  }

  private renderRadios(node: ChoiceNode | BooleanNode) {
    const id = this.id(node);
    const { describedBy, error } = this.described(node);
    const labels = this.form.labels;
    const required = mustBeFilled(node);
    const raw = this.raw(node);
    const options =
      node.kind === 'boolean'
        ? [
            { value: 'true', label: labels.yes },
            { value: 'false', label: labels.no },
          ]
        : node.options.map((option, index) => ({ value: String(index), label: option.label }));
    if (!required && node.kind === 'choice') options.push({ value: '', label: labels.none });
    return html`<fieldset
      class="choices"
      part="form-field"
      role="radiogroup"
      id=${id}
      aria-required=${required ? 'true' : 'false'}
      aria-invalid=${invalid(error)}
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
    const id = this.id(node);
    const { describedBy, error } = this.described(node);
    const raw = this.raw(node);
    const required = mustBeFilled(node);
    return html`<div class="field" part="form-field">
      <label class="label" for=${id}>${this.renderLabel(node)}</label>
      ${this.renderHelp(node)}
      <select id=${id} data-path=${node.path} ?required=${required} aria-invalid=${invalid(error)} aria-describedby=${ifDefined(describedBy)}>
        <option value="" .selected=${live(raw === '')}>${required ? this.form.labels.choose : this.form.labels.none}</option>
        ${node.options.map((option, index) => html`<option value=${String(index)} .selected=${live(raw === String(index))}>${option.label}</option>`)}
      </select>
    </div>`;
  }

  private renderCheckbox(node: BooleanNode) {
    const { describedBy, error } = this.described(node);
    return html`<div class="field" part="form-field">
      <label class="check">
        <input
          id=${this.id(node)}
          type="checkbox"
          data-path=${node.path}
          .checked=${live(this.raw(node) === 'true')}
          aria-invalid=${invalid(error)}
          aria-describedby=${ifDefined(describedBy)}
        />
        <span class="label">${fieldLabel(node, this.form.labels)}</span>
      </label>
      ${this.renderHelp(node)}
    </div>`;
  }

  private renderMulti(node: MultiChoiceNode) {
    const { describedBy, error } = this.described(node);
    const raw = this.form.entries.get(node.path);
    const ticked = new Set(Array.isArray(raw) ? raw : []);
    return html`<fieldset class="choices" part="form-field" id=${this.id(node)} aria-describedby=${ifDefined(describedBy)}>
      ${this.renderLegend(node, true)} ${this.renderHelp(node)}
      <div class="options">
        ${node.options.map(
          (option, index) => html`<label class="option">
            <input type="checkbox" data-path=${node.path} value=${String(index)} .checked=${live(ticked.has(String(index)))} aria-invalid=${invalid(error)} />
            <span>${option.label}</span>
          </label>`,
        )}
      </div>
    </fieldset>`;
  }

  private renderTextarea(node: LinesNode | JsonNode) {
    const id = this.id(node);
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
        ?required=${mustBeFilled(node)}
        aria-invalid=${invalid(error)}
        aria-describedby=${ifDefined(describedBy)}
      ></textarea>
    </div>`;
  }
}
