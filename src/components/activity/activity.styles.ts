import { css } from 'lit';
import { disclosureHeader, smallButton } from '../../styles/buttons.js';

/** The block's buttons, on the shared looks. */
const buttons = css`
  .header {
    ${disclosureHeader}
    padding: 4px 6px;
    border-radius: 6px;
    font-size: 0.9em;
    color: var(--_muted);
  }
  .panel-toggle {
    ${smallButton}
    margin: 4px 0;
    padding: 2px 8px;
  }
`;

const ownStyles = css`
  :host {
    margin-block: 4px;
    margin-inline: 12px 0;
  }
  .activity {
    border-inline-start: 2px solid var(--_border);
    padding-inline-start: 10px;
  }
  .header:hover {
    background: var(--_surface);
  }
  .header:focus-visible,
  .panel-toggle:focus-visible,
  summary:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
  .chevron {
    flex: none;
    width: 0.8em;
    transition: transform 0.15s ease;
  }
  .activity[data-open] > .header .chevron {
    transform: rotate(90deg);
  }
  /* The arrow points forward: to the left when right to left (and down either way when open). */
  .chevron:dir(rtl) {
    scale: -1 1;
  }
  @media (prefers-reduced-motion: reduce) {
    .chevron {
      transition: none;
    }
  }
  /* A long label wraps, and the status and count go below it, rather than out of the header. */
  .header {
    flex-wrap: wrap;
  }
  .label {
    min-width: 0;
    font-weight: 600;
    color: var(--_text);
    overflow-wrap: anywhere;
  }
  .status[data-status='waiting'] {
    color: var(--_accent);
    font-weight: 600;
  }
  .status[data-status='error'],
  .status[data-status='not-completed'] {
    color: var(--_error);
  }
  .count {
    margin-inline-start: auto;
  }
  /* Hundreds of cards: off-screen ones skip style, layout and paint. */
  .body > agent-chat-tool-card {
    content-visibility: auto;
    contain-intrinsic-size: auto 44px;
  }
  .body[hidden] {
    display: none;
  }
  .error {
    margin: 4px 0;
    color: var(--_error);
    font-size: 0.9em;
  }
  details.notes {
    margin: 4px 0;
    font-size: 0.92em;
    color: var(--_muted);
  }
  details.notes summary {
    min-height: 24px;
    cursor: pointer;
  }
  .panel {
    margin: 6px 0;
    padding: 8px 10px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_surface);
    font-size: 0.92em;
  }
  .panel h4 {
    margin: 0 0 6px;
    font-size: 1em;
  }
  .panel ol {
    margin: 0;
    padding-inline-start: 1.4em;
  }
  .panel li {
    margin: 4px 0;
  }
  /* A delegation in the list: its arrow points forward too. */
  .forward {
    display: inline-block;
  }
  .forward:dir(rtl) {
    scale: -1 1;
  }
`;

export const activityStyles = [buttons, ownStyles];
