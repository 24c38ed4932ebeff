import { css } from 'lit';

export const composerStyles = css`
  .composer {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    column-gap: 8px;
    padding: 8px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
  }
  .composer:focus-within {
    border-color: var(--_accent);
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_accent) 20%, transparent);
  }
  /* Forced colours drop the shadow: the field's focus shows as a ring in Highlight. */
  @media (forced-colors: active) {
    .composer:focus-within {
      outline: 2px solid Highlight;
    }
  }
  textarea {
    flex: 1;
    min-width: 0;
    resize: none;
    border: none;
    outline: none;
    background: transparent;
    color: var(--_text);
    font: inherit;
    line-height: 1.45;
    padding: 6px 4px;
    field-sizing: content;
    /* What is typed takes the direction of its own first letters, line by line (as dir="auto" would). */
    unicode-bidi: plaintext;
    min-height: 1.45em;
    max-height: 12em;
    overflow-y: auto;
  }
  textarea::placeholder {
    color: var(--_muted);
  }
  /* An empty composer is one line high, whatever its width: the placeholder does not wrap (so the
     composer does not change height when Send turns into Stop on a narrow chat). */
  textarea:placeholder-shown {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  button {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    height: 36px;
    min-width: 36px;
    padding: 0 12px;
    border: none;
    border-radius: calc(var(--_radius) * 0.75);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .send {
    background: var(--_accent);
    color: var(--_accent-text);
  }
  .send:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
  .stop {
    background: var(--_surface);
    color: var(--_text);
    border: 1px solid var(--_border);
  }
  svg {
    width: 16px;
    height: 16px;
  }
  /* The paper plane flies forward: to the left when right to left. */
  .send svg:dir(rtl) {
    scale: -1 1;
  }
`;
