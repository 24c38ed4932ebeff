import { css } from 'lit';

export const interruptStyles = css`
  /* The call's arguments, named by their visible caption. */
  .call-args {
    display: grid;
    gap: 4px;
    margin: 0;
  }
  .call-args figcaption {
    font-size: 0.8em;
    color: var(--_muted);
  }
  label.reason {
    display: grid;
    gap: 4px;
  }
`;
