import { css } from 'lit';

export const threadListStyles = css`
  :host {
    min-width: 0;
  }
  .thread-list {
    display: flex;
    flex-direction: column;
    gap: 8px;
    min-width: 0;
    color: var(--_text);
  }
  .header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    /* Room for what the list's container puts at its top end corner (the drawer's close button). */
    padding-inline-end: var(--_list-corner, 0px);
  }
  h2 {
    margin: 0;
    font-size: 1em;
    font-weight: 600;
  }
  .header-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .header-actions button {
    padding: 4px 10px;
    font-size: 0.9em;
  }
  .new {
    font-weight: 600;
  }
  button[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
  .empty {
    margin: 0;
    color: var(--_muted);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  .item {
    position: relative;
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: 0;
    min-width: 0;
    padding: 2px;
    border-radius: 8px;
    border-inline-start: 3px solid transparent;
  }
  .item[data-current] {
    border-inline-start-color: var(--_accent);
    background: var(--_surface);
  }
  .open {
    min-width: 0;
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: 2px;
    text-align: start;
    border-color: transparent;
    background: transparent;
    padding: 6px 8px;
  }
  .open:hover:not([aria-disabled='true']) {
    background: var(--_surface);
    border-color: var(--_border);
  }
  /* The title has the row to itself, wrapped whole: never cut, whatever the text spacing. */
  .title {
    overflow-wrap: anywhere;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 2px 6px;
    padding-block: 0 2px;
    padding-inline: 8px 0;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 2px;
    margin-inline-start: auto;
  }
  .file {
    display: none;
  }
  .notice {
    margin: 0;
    padding: 6px 8px;
    border-radius: 6px;
    background: var(--_error-bg);
    color: var(--_error);
    overflow-wrap: break-word;
  }
  .item[data-current] .title {
    font-weight: 600;
  }
  .meta {
    display: flex;
    align-items: baseline;
    gap: 6px;
    min-width: 0;
    font-size: 0.8em;
    color: var(--_muted);
  }
  time {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .badge {
    flex: none;
  }
  .pending {
    flex: none;
    font-style: italic;
  }
  .pending::before {
    content: '• ';
    font-style: normal;
  }
  .action {
    flex: none;
    font-size: 0.8em;
    min-height: 24px;
    padding: 2px 8px;
    border-color: transparent;
    background: transparent;
    color: var(--_muted);
  }
  .action:hover:not([aria-disabled='true']) {
    color: var(--_text);
    border-color: var(--_border);
  }
  .rename,
  .confirm {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    padding: 4px 6px;
  }
  .rename input {
    flex: 1 1 100%;
  }
  .rename input[aria-invalid='true'] {
    border-color: var(--_error);
  }
  .confirm p {
    flex: 1 1 100%;
    margin: 0;
    overflow-wrap: anywhere;
  }
  button.danger {
    font-weight: 600;
    background: var(--_error-bg);
    border-color: var(--_error);
    color: var(--_error);
  }
`;
