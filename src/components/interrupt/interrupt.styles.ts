import { css } from 'lit';

export const interruptStyles = css`
  label.reason {
    display: grid;
    gap: 4px;
  }
`;
