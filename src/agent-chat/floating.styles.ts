import { css } from 'lit';

/**
 * `mode="popup"` and `mode="sidebar"`: the launcher and the panel are fixed to the viewport above
 * the page (`--agent-chat-z-index`). `position` names the launcher's corner in the page's own terms
 * (bottom-right stays right in a right-to-left page); a sidebar docks to the end edge, which follows
 * the direction. In the panel's chunk (embed-controller.ts), which adopts them.
 */
export const floatingStyles = css`
  :host([mode='popup']),
  :host([mode='sidebar']) {
    --_z: var(--agent-chat-z-index, 2147483000);
    --_edge: var(--agent-chat-launcher-offset, 20px);
  }
  /* Shown as popovers (the top layer): none of the browser's popover box. */
  .launcher-box[popover],
  .panel[popover] {
    margin: 0;
    padding: 0;
    border: 0;
    background: transparent;
    color: inherit;
    overflow: visible;
  }
  .panel[popover] {
    overflow: hidden;
    overscroll-behavior: contain;
  }
  .launcher-box {
    position: fixed;
    z-index: var(--_z);
    /* The corner is physical: top, right, bottom, left. */
    inset: auto var(--_edge) var(--_edge) auto;
  }
  .launcher {
    display: grid;
    place-items: center;
    width: 56px;
    height: 56px;
    padding: 0;
    border: none;
    border-radius: 50%;
    background: var(--_accent);
    color: var(--_accent-text);
    box-shadow: 0 6px 20px rgb(0 0 0 / 0.22);
    cursor: pointer;
    font: inherit;
  }
  :host([position='bottom-left']) .launcher-box {
    inset: auto auto var(--_edge) var(--_edge);
  }
  :host([mode='sidebar']) .launcher-box {
    inset: auto;
    inset-block-end: var(--_edge);
    inset-inline-end: var(--_edge);
  }
  .launcher:hover {
    filter: brightness(1.08);
  }
  .launcher:focus-visible,
  .panel-close:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 3px;
  }
  .launcher-icon,
  ::slotted([slot='launcher']) {
    width: 26px;
    height: 26px;
  }
  .badge {
    position: absolute;
    inset-block-start: -4px;
    inset-inline-end: -4px;
    min-width: 22px;
    height: 22px;
    padding: 0 6px;
    border-radius: 11px;
    background: var(--_error);
    color: var(--_bg);
    font-size: 12px;
    font-weight: 700;
    line-height: 22px;
    text-align: center;
    pointer-events: none;
  }
  .panel {
    position: fixed;
    z-index: var(--_z);
    inset: auto var(--_edge) calc(var(--_edge) + 68px) auto;
    width: var(--agent-chat-panel-width, 400px);
    height: var(--agent-chat-panel-height, 640px);
    max-width: calc(100vw - 2 * var(--_edge));
    max-height: calc(100dvh - var(--_edge) * 2 - 68px);
    border-radius: var(--_radius);
    box-shadow: 0 12px 40px rgb(0 0 0 / 0.25);
    transition: opacity 0.16s ease, translate 0.16s ease;
  }
  @starting-style {
    .panel {
      opacity: 0;
      translate: 0 8px;
    }
  }
  .panel[hidden] {
    display: none;
  }
  :host([position='bottom-left']) .panel {
    inset: auto auto calc(var(--_edge) + 68px) var(--_edge);
  }
  :host([mode='sidebar']) .panel {
    inset: 0;
    inset-inline-start: auto;
    width: var(--agent-chat-panel-width, 400px);
    height: auto;
    max-height: none;
    border-radius: 0;
    box-shadow: 0 0 32px rgb(0 0 0 / 0.18);
  }
  :host([mode='sidebar']) .panel .base {
    border-radius: 0;
    border-block: none;
    border-inline-end: none;
  }
  .panel .base {
    height: 100%;
  }
  .panel-close {
    display: inline-grid;
    place-items: center;
    flex: none;
    width: 32px;
    height: 32px;
    margin-inline-start: auto;
    padding: 0;
    border: none;
    border-radius: 8px;
    background: transparent;
    color: var(--_text);
    cursor: pointer;
  }
  .panel-close:hover {
    background: var(--_bg);
  }
  .panel-close svg {
    width: 16px;
    height: 16px;
  }
  /* A phone: the panel is the whole visual viewport (above the on-screen keyboard). */
  @media (max-width: 639.98px), (max-height: 499.98px) {
    .panel,
    :host([position='bottom-left']) .panel,
    :host([mode='sidebar']) .panel {
      inset: var(--_viewport-top, 0) 0 auto 0;
      width: 100%;
      max-width: none;
      height: var(--_viewport-height, 100dvh);
      max-height: none;
      border-radius: 0;
    }
    .panel .base {
      border: none;
      border-radius: 0;
    }
  }
`;
