import { css } from 'lit';
import { smallButton } from '../../styles/buttons.js';

/** The toolbar's buttons and those of its questions, on the shared button look. */
const buttons = css`
  .toolbar button,
  .ask button {
    ${smallButton}
    min-height: 24px;
    padding: 3px 10px;
  }
`;

const ownStyles = css`
  /* Always a boundary, whatever the app prefers: a borderless app only gets a lighter one. */
  .box {
    display: flex;
    flex-direction: column;
    background: var(--_bg);
    border: 1px dashed var(--_border);
  }
  .box.bordered {
    border-style: solid;
  }
  .source {
    margin: 0;
    margin-inline-end: auto;
    font-size: 0.8em;
    font-weight: 600;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    align-items: center;
    gap: 4px;
    padding: 4px 8px;
  }
  .reopened {
    flex: 1 1 14em;
    margin: 0;
    font-size: 0.8em;
    color: var(--_muted);
  }
  .toolbar button:focus-visible,
  .ask button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
  .ask button.allow {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-text);
  }
  iframe {
    display: block;
    width: 100%;
    border: 0;
    background: transparent;
    color-scheme: normal;
  }
  .box.fullscreen {
    position: fixed;
    inset: 0;
    z-index: 2147483000;
  }
  .box.pip {
    position: fixed;
    z-index: 1000;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    box-shadow: 0 6px 24px rgb(0 0 0 / 0.18);
    overflow: hidden;
  }
  .box.fullscreen iframe,
  .box.pip iframe {
    flex: 1;
    min-height: 0;
    height: auto !important;
  }
  /* Floating: the bar moves the frame (a pointer anywhere on it but its buttons; the keyboard on the handle). */
  .pip-bar {
    flex-wrap: nowrap;
    padding: 4px;
    border-block-end: 1px solid var(--_border);
    background: var(--_surface);
    cursor: move;
    touch-action: none;
    user-select: none;
  }
  .pip-bar .source {
    flex: 1;
    min-width: 0;
    margin: 0;
  }
  .toolbar button.icon {
    flex: none;
    display: inline-grid;
    place-items: center;
    width: 28px;
    height: 28px;
    padding: 0;
  }
  .toolbar button.icon svg {
    width: 16px;
    height: 16px;
  }
  .pip-handle {
    cursor: grab;
  }
  .box.dragging,
  .box.dragging .pip-handle {
    cursor: grabbing;
  }
  /* While dragged, the app's frame does not catch the pointer. */
  .box.dragging iframe {
    pointer-events: none;
  }
  .ask {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin: 8px;
    padding: 8px 10px;
    border-radius: 6px;
    border: 1px solid var(--_accent);
    background: var(--_surface);
  }
  .ask p {
    flex: 1 1 12em;
    margin: 0;
  }
  /* An app's proposed message: who wants to send it, the text, then Send and Discard. */
  .ask.proposal {
    justify-content: flex-end;
  }
  .ask.proposal p {
    flex-basis: 100%;
  }
  .proposal .from {
    display: block;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .proposal q {
    display: block;
    margin-top: 2px;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .note {
    margin: 0;
    padding: 8px 12px;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .unavailable {
    margin: 0;
    padding: 8px 12px;
    border-top: 1px solid var(--_border);
    color: var(--_error);
    background: var(--_error-bg);
    font-size: 0.9em;
  }
  .summary {
    display: block;
    color: var(--_text);
    margin-top: 4px;
  }
`;

export const appFrameStyles = [buttons, ownStyles];
