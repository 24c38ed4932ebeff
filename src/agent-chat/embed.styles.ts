import { css } from 'lit';

/** The chat's box in every mode: a popup or sidebar takes no room in the page (floating.styles.ts draws it). */
export const embedStyles = css`
  /* Important: a page rule on the element (agent-chat { display: block; height: 600px }) must not
     give a popup room in the page, not even before its panel's styles arrive. An important
     declaration inside wins over the page's. */
  :host([mode='popup']:not([hidden])),
  :host([mode='sidebar']:not([hidden])) {
    display: contents !important;
  }
  .frame {
    height: 100%;
  }
`;
