import { css } from 'lit';

export const trayStyles = css`
  /* A line of its own in the composer's row, above the text area. */
  :host {
    flex: 1 0 100%;
    min-inline-size: 0;
  }
  /* Many files, or a phone on its side: the tray scrolls rather than pushing the conversation away. */
  .tray {
    display: flex;
    flex-direction: column;
    gap: 6px;
    padding-block-end: 8px;
    max-block-size: min(9.5rem, 28vh, 28dvh);
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  .tray.empty {
    padding: 0;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .chips {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .chip {
    display: flex;
    align-items: center;
    gap: 8px;
    max-inline-size: min(240px, 100%);
    min-inline-size: 0;
    padding: 4px;
    padding-inline-start: 6px;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.66);
    background: var(--_surface);
    color: var(--_text);
  }
  .preview,
  .icon {
    flex: none;
    inline-size: 36px;
    block-size: 36px;
    border-radius: 6px;
  }
  .preview {
    object-fit: cover;
    background: var(--_bg);
  }
  .icon {
    padding: 6px;
    color: var(--_muted);
    background: var(--_bg);
  }
  .text {
    display: flex;
    flex-direction: column;
    min-inline-size: 0;
    font-size: 0.85em;
    line-height: 1.3;
  }
  .name {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    font-weight: 600;
  }
  .size {
    color: var(--_muted);
  }
  progress {
    inline-size: 100%;
    min-inline-size: 80px;
    block-size: 4px;
    margin-block-start: 3px;
    border: none;
    border-radius: 2px;
    background: var(--_border);
    accent-color: var(--_accent);
    appearance: none;
  }
  progress::-webkit-progress-bar {
    background: var(--_border);
    border-radius: 2px;
  }
  progress::-webkit-progress-value {
    background: var(--_accent);
    border-radius: 2px;
  }
  /* An upload of unknown length: the bar pulses (no direction to mirror). */
  progress:indeterminate {
    background: var(--_accent);
    animation: pulse 1.2s ease-in-out infinite alternate;
  }
  progress:indeterminate::-webkit-progress-bar {
    background: transparent;
  }
  @keyframes pulse {
    from {
      opacity: 0.25;
    }
  }
  button {
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
    cursor: pointer;
  }
  button:hover {
    background: color-mix(in srgb, var(--_text) 10%, transparent);
    color: var(--_text);
  }
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
  button svg {
    inline-size: 14px;
    block-size: 14px;
  }
  .refusals ul {
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .refusal {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 4px;
    padding-inline-start: 10px;
    border-radius: calc(var(--_radius) * 0.5);
    background: var(--_error-bg);
    color: var(--_error);
    font-size: 0.85em;
  }
  .refusal span {
    flex: 1;
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
  .refusal button {
    color: inherit;
  }
`;
