import { css } from 'lit';
import { plainButton } from '../styles/buttons.js';
import { isolation } from '../styles/isolation.js';

const ownStyles = css`
  /* A height of its own: given none by the page, the log scrolls and the composer stays on screen
     instead of the element growing with the conversation. The page's own height wins. The text
     settings that count are on the elements inside (isolation.ts); the size is set there only, so
     an em-based --agent-chat-font-size is relative to the page's text, once. */
  :host {
    display: block;
    height: var(--agent-chat-height, min(640px, 100dvh));
    min-height: 320px;
    font-family: var(--_font);
    line-height: 1.55;
    color: var(--_text);
  }
  :host([hidden]) {
    display: none;
  }
  .base {
    position: relative;
    display: flex;
    flex-direction: column;
    height: 100%;
    background: var(--_bg);
    color: var(--_text);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
  }
  .header {
    flex: none;
    display: flex;
    align-items: center;
    padding: 10px 16px;
    border-bottom: 1px solid var(--_border);
    background: var(--_surface);
  }
  .header {
    gap: 10px;
  }
  .threads-toggle {
    display: inline-grid;
    place-items: center;
    width: 32px;
    height: 32px;
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: var(--_bg);
    color: var(--_text);
    cursor: pointer;
  }
  .threads-toggle svg {
    width: 16px;
    height: 16px;
  }
  .threads-toggle[aria-expanded='true'] {
    border-color: var(--_accent);
    color: var(--_accent);
  }
  .threads-toggle:focus-visible,
  .earlier:focus-visible,
  .storage-problem button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  /* The thread list slides over the conversation's start side (the left, or the right when right to left). */
  .threads {
    position: absolute;
    z-index: 3;
    inset-block: 0;
    inset-inline-start: 0;
    width: min(320px, 88%);
    overflow-y: auto;
    padding: var(--_space);
    background: var(--_bg);
    border-inline-end: 1px solid var(--_border);
    box-shadow: 0 0 16px rgb(0 0 0 / 0.14);
    /* The list's header keeps clear of the close button. */
    --_list-corner: 36px;
  }
  .threads .close {
    position: absolute;
    inset-block-start: calc(var(--_space) * 0.75);
    inset-inline-end: calc(var(--_space) * 0.75);
  }
  .storage-problem {
    flex: none;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin: 8px var(--_space) 0;
    padding: 8px 12px;
    border-radius: 8px;
    background: var(--_error-bg);
    color: var(--_text);
  }
  .storage-problem span {
    flex: 1 1 240px;
  }
  .storage-problem button,
  .earlier {
    font: inherit;
    font-size: 0.9em;
    padding: 3px 10px;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_bg);
    color: var(--_text);
    cursor: pointer;
  }
  .earlier {
    align-self: center;
  }
  .header h2 {
    margin: 0;
    font-size: 1em;
    font-weight: 650;
  }
  .messages {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    scroll-behavior: auto;
  }
  /* What reply-announcer.ts says: heard, not seen. In the flow, not positioned: a positioned box
     whose text changes made Chromium report the page's auto margins around the chat as 0. */
  .reply-said {
    flex: none;
    width: 1px;
    height: 1px;
    margin-block-end: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  /* The log scrolls from the keyboard too: the chat's ring, inside its edge (the widget clips outside it). */
  .messages:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: -2px;
  }
  .base {
    container-type: inline-size;
  }
  .body {
    position: relative;
    flex: 1;
    min-height: 0;
    display: flex;
    flex-direction: column;
  }
  .column {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 1.25);
    max-width: var(--_max-width);
    margin: 0 auto;
    padding: calc(var(--_space) * 1.5) var(--_space);
  }
  .greeting {
    color: var(--_text);
  }
  .greeting p:last-child {
    margin-bottom: 0;
  }
  .config-error {
    margin: 0 var(--_space);
    padding: 10px 12px;
    border-radius: 8px;
    background: var(--_error-bg);
    color: var(--_error);
  }
  .config-error ul {
    margin: 4px 0 0;
    padding-inline-start: 1.2em;
  }
  .footer {
    flex: none;
    width: 100%;
    max-width: calc(var(--_max-width) + 2 * var(--_space));
    margin: 0 auto;
    padding: calc(var(--_space) * 0.75) var(--_space) var(--_space);
  }
  .held button {
    font: inherit;
    color: var(--_accent);
    background: none;
    border: 0;
    padding: 0;
    text-decoration: underline;
    cursor: pointer;
  }
  .held button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .held {
    margin: 0 0 8px;
    padding: 8px 12px;
    border-radius: 8px;
    border: 1px solid var(--_accent);
    color: var(--_text);
    background: var(--_surface);
  }
`;

/** "Jump to latest", on the shared button look: centred above the composer, whichever the direction. */
const jumpButton = css`
  .jump {
    ${plainButton}
    position: absolute;
    inset-inline: 0;
    width: fit-content;
    margin-inline: auto;
    bottom: 84px;
    padding: 6px 14px;
    border-radius: 999px;
    background: var(--_bg);
    font-size: 0.85em;
    box-shadow: 0 2px 8px rgb(0 0 0 / 0.15);
  }
  .jump:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
`;

export const agentChatStyles = [isolation, ownStyles, jumpButton];
