import { css } from 'lit';
import { controlStyles } from './controls.js';

const ownStyles = css`
  .request {
    display: grid;
    gap: calc(var(--_space) * 0.75);
    padding: calc(var(--_space) * 0.75) var(--_space);
  }
  .request.standalone {
    border: 1px solid var(--_accent);
    border-radius: calc(var(--_radius) * 0.75);
    margin: calc(var(--_space) * 0.5) 0;
  }
  .prompt {
    margin: 0;
    font-weight: 600;
  }
  .muted {
    margin: 0;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .error {
    margin: 0;
    color: var(--_error);
    background: var(--_error-bg);
    border-radius: 6px;
    padding: 6px 10px;
  }
  .outcome {
    margin: 0;
    font-weight: 600;
  }
  /* Arguments are JSON: left to right in any language. */
  pre.args {
    direction: ltr;
    margin: 0;
    padding: 8px;
    max-height: 16em;
    overflow: auto;
    background: var(--_code-bg);
    border-radius: 6px;
    font-family: var(--_font-mono);
    font-size: 0.85em;
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

/** What the person answers in: question forms, approvals, generated forms. */
export const requestStyles = [controlStyles, ownStyles];
