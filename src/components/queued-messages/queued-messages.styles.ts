import { css } from 'lit';

export const queueStyles = css`
  :host {
    display: block;
  }
  .queue {
    margin-block-end: 8px;
  }
  .caption {
    margin: 0 0 4px;
    color: var(--_muted);
    font-size: 0.8em;
  }
  /* Many messages, or a phone on its side: the list scrolls rather than push the composer away. */
  ul {
    display: flex;
    flex-direction: column;
    gap: 4px;
    list-style: none;
    margin: 0;
    padding: 0;
    max-block-size: min(8.5rem, 24vh, 24dvh);
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    min-inline-size: 0;
    padding: 4px;
    padding-inline-start: 12px;
    border: 1px dashed var(--_border);
    border-radius: calc(var(--_radius) * 0.66);
    background: var(--_surface);
    color: var(--_text);
  }
  /* At most two lines of each message; the whole text is still read out. */
  .text {
    flex: 1;
    min-inline-size: 0;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
    overflow-wrap: anywhere;
    white-space: pre-line;
    font-size: 0.9em;
    line-height: 1.35;
  }
  button {
    font: inherit;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
  [part='queued-remove'] {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    inline-size: 28px;
    block-size: 28px;
    padding: 0;
    border: none;
    border-radius: 50%;
    background: transparent;
    color: var(--_muted);
  }
  [part='queued-remove']:hover {
    background: color-mix(in srgb, var(--_text) 10%, transparent);
    color: var(--_text);
  }
  [part='queued-remove'] svg {
    inline-size: 14px;
    block-size: 14px;
  }
  [part='queue-notice'] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 12px;
    margin: 6px 0 0;
    padding-block: 6px;
    padding-inline: 12px 6px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_surface);
    color: var(--_text);
    font-size: 0.9em;
  }
  [part='queue-notice'].failed {
    border-color: var(--_error);
    background: var(--_error-bg);
  }
  [part='queue-notice'] span {
    flex: 1 1 14em;
    min-inline-size: 0;
  }
  [part='queue-resume'] {
    flex: none;
    min-block-size: 32px;
    padding: 4px 12px;
    border: 0;
    border-radius: 8px;
    background: var(--_accent);
    color: var(--_accent-text);
  }
`;
