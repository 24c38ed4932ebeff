import { css } from 'lit';
import { disclosureHeader } from '../../styles/buttons.js';

/** The header that shows or hides the card's body, on the shared disclosure look. */
const header = css`
  .header {
    ${disclosureHeader}
    padding: 8px 12px;
    color: var(--_text);
    background: var(--_surface);
  }
`;

const ownStyles = css`
  :host {
    margin: calc(var(--_space) * 0.5) 0;
  }
  .progress {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 10px;
    padding: 8px 12px;
    border-top: 1px solid var(--_border);
  }
  .progress progress {
    flex: 1 1 8em;
    min-width: 6em;
    accent-color: var(--_accent);
  }
  .progress-message {
    flex: 1 1 12em;
    color: var(--_muted, inherit);
    overflow-wrap: anywhere;
  }
  [part='tool-cancel'] {
    font: inherit;
    min-height: 32px;
    padding: 4px 12px;
    border-radius: 6px;
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_text);
    cursor: pointer;
  }
  [part='tool-cancel']:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .card {
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_bg);
    overflow: hidden;
  }
  .header:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: -2px;
  }
  .chevron {
    flex: none;
    width: 0.9em;
    transition: transform 0.15s ease;
  }
  :host([open]) .chevron {
    transform: rotate(90deg);
  }
  /* The arrow points forward: to the left when right to left (and down either way when open). */
  .chevron:dir(rtl) {
    scale: -1 1;
  }
  .icon {
    flex: none;
  }
  /* A long tool name wraps (never cut, whatever the text spacing); the status then goes below it. */
  .header {
    flex-wrap: wrap;
  }
  .title {
    flex: 1 1 8em;
    min-width: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .status {
    flex: none;
    margin-inline-start: auto;
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .status[data-status='error'],
  .status[data-status='not-completed'] {
    color: var(--_error);
  }
  .dot {
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
  }
  .status[data-status='running'] .dot {
    background: var(--_accent);
    animation: pulse 1s ease-in-out infinite;
  }
  .status[data-status='done'] .dot {
    background: #2e9d5b;
  }
  .status[data-status='waiting'] {
    color: var(--_accent);
    font-weight: 600;
  }
  .card[data-status='waiting'] {
    border-color: var(--_accent);
  }
  @keyframes pulse {
    50% {
      opacity: 0.3;
    }
  }
  ::slotted(*) {
    display: block;
    border-top: 1px solid var(--_border);
  }
  ::slotted(agent-chat-question-form) {
    padding: calc(var(--_space) * 0.75) var(--_space);
  }
  .details,
  .page-view {
    padding: 8px 12px 12px;
    border-top: 1px solid var(--_border);
  }
  /* The page's drawing stays in the card. */
  .page-view {
    overflow: auto;
  }
  .body[hidden] {
    display: none;
  }
  .label {
    margin: 8px 0 4px;
    font-size: 0.8em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--_muted);
  }
  .error {
    color: var(--_error);
    background: var(--_error-bg);
    padding: 8px;
    border-radius: 6px;
  }
  .muted {
    color: var(--_muted);
    margin: 4px 0;
  }
`;

export const toolCardStyles = [header, ownStyles];
