import { css } from 'lit';
import { plainButton } from './buttons.js';

const buttons = css`
  button {
    ${plainButton}
    padding: 6px 14px;
    border-radius: 8px;
    background: var(--_bg);
  }
`;

const ownStyles = css`
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

/** Form controls and buttons inside the chat's own forms (questions, approvals, generated forms). */
export const controlStyles = [buttons, ownStyles];
