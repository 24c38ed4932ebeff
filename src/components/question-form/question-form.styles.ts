import { css } from 'lit';

export const questionFormStyles = css`
  form {
    display: grid;
    gap: var(--_space);
    margin: 0;
  }
  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
    display: grid;
    gap: 6px;
    min-width: 0;
  }
  legend {
    padding: 0;
    margin-bottom: 6px;
    font-weight: 600;
  }
  .chip {
    display: inline-block;
    margin-inline-end: 8px;
    padding: 1px 8px;
    border-radius: 999px;
    background: var(--_surface);
    border: 1px solid var(--_border);
    font-size: 0.8em;
    font-weight: 600;
    color: var(--_muted);
    vertical-align: 1px;
  }
  .option {
    display: grid;
    grid-template-columns: auto 1fr;
    column-gap: 10px;
    align-items: start;
    padding: 6px 10px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    cursor: pointer;
  }
  .option:has(input:checked) {
    border-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 8%, transparent);
  }
  .option input[type='checkbox'],
  .option input[type='radio'] {
    margin: 3px 0 0;
    accent-color: var(--_accent);
  }
  .option .description {
    grid-column: 2;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .option.other {
    cursor: default;
  }
  .option.other label {
    display: contents;
    cursor: pointer;
  }
  .other-text {
    grid-column: 2;
    margin-top: 6px;
  }
  dl {
    margin: 0;
    display: grid;
    gap: 6px;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;
