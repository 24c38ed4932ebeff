import { css } from 'lit';

export const interruptStyles = css`
  :host {
    display: block;
  }
  label.reason {
    display: grid;
    gap: 4px;
  }
`;
