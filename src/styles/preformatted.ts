import { css } from 'lit';

/** A formatted value or raw result: monospace, wrapped, scrolled past a height, left to right in any language. */
export const preformatted = css`
  pre {
    direction: ltr;
    margin: 0;
    padding: 8px;
    max-height: 320px;
    overflow: auto;
    border-radius: 6px;
    background: var(--_code-bg);
    font-family: var(--_font-mono);
    font-size: 0.85em;
    white-space: pre-wrap;
    word-break: break-word;
  }
`;
