import { css } from 'lit';

export const elicitationStyles = css`
  .message {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .page {
    margin: 0;
  }
  .page bdi {
    font-weight: 600;
  }
  .url {
    overflow-wrap: anywhere;
    direction: ltr;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
`;
