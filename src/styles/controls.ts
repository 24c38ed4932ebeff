import { css } from 'lit';

/** Form controls and buttons inside the chat's own forms (questions, approvals, generated forms). */
export const controlStyles = css`
  input:not([type='checkbox'], [type='radio']),
  select,
  textarea {
    font: inherit;
    color: var(--_text);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: 6px;
    padding: 6px 8px;
    width: 100%;
    min-width: 0;
  }
  button {
    font: inherit;
    padding: 6px 14px;
    border-radius: 8px;
    border: 1px solid var(--_border);
    background: var(--_bg);
    color: var(--_text);
    cursor: pointer;
  }
  button.primary {
    font-weight: 600;
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-text);
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
`;
