import { css } from 'lit';
import { controlStyles } from '../../styles/controls.js';

const ownStyles = css`
  :host {
    display: block;
    color: var(--_text);
  }
  form {
    display: grid;
    gap: calc(var(--_space, 12px) * 0.75);
    margin: 0;
  }
  .controls,
  fieldset.group,
  fieldset.choices {
    margin: 0;
    padding: 0;
    border: 0;
    min-inline-size: 0;
  }
  .controls,
  .fields {
    display: grid;
    gap: calc(var(--_space, 12px) * 0.75);
  }
  fieldset.group {
    padding: calc(var(--_space, 12px) * 0.5) calc(var(--_space, 12px) * 0.75) calc(var(--_space, 12px) * 0.75);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius, 12px) * 0.5);
  }
  legend,
  label.label,
  .label {
    font-weight: 600;
    padding: 0;
  }
  fieldset.group > legend {
    padding: 0 4px;
  }
  .field {
    display: grid;
    gap: 4px;
    min-width: 0;
  }
  .required {
    color: var(--_error);
    margin-inline-start: 2px;
    text-decoration: none;
  }
  .hint,
  .note {
    margin: 0;
    color: var(--_muted);
    font-size: 0.9em;
  }
  textarea {
    resize: vertical;
    line-height: 1.4;
  }
  /* JSON is written left to right in any language. */
  textarea.json {
    direction: ltr;
    font-family: var(--_font-mono, ui-monospace, monospace);
    font-size: 0.9em;
  }
  input[type='checkbox'],
  input[type='radio'] {
    width: 1.1em;
    height: 1.1em;
    margin: 0;
    flex: none;
    accent-color: var(--_accent);
  }
  .choices .options {
    display: flex;
    flex-wrap: wrap;
    gap: 6px 16px;
    margin-top: 4px;
  }
  .option,
  .check {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 24px;
    cursor: pointer;
  }
  .const {
    font-family: var(--_font-mono, ui-monospace, monospace);
    font-size: 0.9em;
    overflow-wrap: anywhere;
  }
  [aria-invalid='true']:not(fieldset),
  fieldset[aria-invalid='true'] input {
    border-color: var(--_error);
    outline-color: var(--_error);
  }
  fieldset[aria-invalid='true'] .options {
    padding-inline-start: 8px;
    border-inline-start: 3px solid var(--_error);
  }
  .error {
    display: flex;
    align-items: flex-start;
    gap: 6px;
    margin: 0;
    color: var(--_error);
    font-size: 0.9em;
  }
  .error svg {
    flex: none;
    width: 1em;
    height: 1em;
    margin-top: 0.15em;
  }
  .error svg path {
    stroke: var(--_bg, #fff);
  }
  .summary {
    padding: 8px 12px;
    border-inline-start: 4px solid var(--_error);
    border-radius: 6px;
    background: var(--_error-bg);
    color: var(--_text);
  }
  .summary:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .summary p {
    margin: 0;
    font-weight: 600;
    color: var(--_error);
  }
  .summary ul {
    margin: 4px 0 0;
    padding-inline-start: 1.2em;
  }
  .summary button {
    all: unset;
    cursor: pointer;
    text-decoration: underline;
    color: var(--_text);
  }
  .summary button:focus-visible {
    outline-offset: 1px;
  }
  :disabled,
  fieldset:disabled .option,
  fieldset:disabled .check {
    cursor: not-allowed;
  }
  fieldset:disabled input,
  fieldset:disabled select,
  fieldset:disabled textarea {
    opacity: 0.7;
  }
`;

export const schemaFormStyles = [controlStyles, ownStyles];
