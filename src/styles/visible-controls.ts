import { css } from 'lit';

/**
 * In every view's styles, after `base`. Links get the chat's own focus ring, not the browser's.
 * In forced colours (Windows High Contrast) the system drops fills and shadows: a control told
 * apart by its fill alone (Send, chips, card headers, icon buttons) would read as plain text. There
 * every control keeps a border in a system colour, over a view's own `border: none`; what is
 * pressed is filled with Highlight (the system draws focus rings in Highlight itself).
 */
export const visibleControls = css`
  a:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
    border-radius: 2px;
  }
  @media (forced-colors: active) {
    button,
    summary,
    select {
      border: 1px solid ButtonText !important;
    }
    button:disabled {
      color: GrayText;
      border-color: GrayText !important;
    }
    [aria-pressed='true'] {
      color: HighlightText !important;
      background: Highlight !important;
    }
  }
`;
