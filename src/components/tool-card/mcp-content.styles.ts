import { css } from 'lit';

/** The content of an MCP tool result in its card: items one under another, media bounded. */
export const mcpContentStyles = css`
  :host {
    display: block;
  }
  .item + .item {
    margin-top: 8px;
  }
  .muted,
  .facts {
    color: var(--_muted);
  }
  .facts {
    font-size: 0.85em;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  [part='mcp-result-image'] img {
    display: block;
    border-radius: 6px;
  }
  [part='mcp-result-image'] p {
    margin: 0;
  }
  audio {
    display: block;
    max-width: 100%;
  }
  a {
    color: var(--_accent);
  }
  code {
    direction: ltr;
    unicode-bidi: isolate;
    font-family: var(--_font-mono);
    font-size: 0.9em;
    background: var(--_code-bg);
    padding: 0.1em 0.35em;
    border-radius: 4px;
  }
  .resource-name {
    margin-bottom: 4px;
  }
  [part='mcp-result-note'] {
    color: var(--_muted);
    font-style: italic;
  }
  button {
    font: inherit;
    min-height: 32px;
    padding: 4px 12px;
    border-radius: 6px;
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_text);
    cursor: pointer;
  }
  button:focus-visible,
  a:focus-visible,
  pre:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  /* Code blocks of text resources, as the markdown renderer draws them. */
  .code-block {
    border: 1px solid var(--_border);
    border-radius: 8px;
    overflow: hidden;
    background: var(--_code-bg);
  }
  .code-bar {
    display: flex;
    justify-content: space-between;
    align-items: center;
    padding-block: 2px;
    padding-inline: 10px 4px;
    font-size: 0.8em;
    color: var(--_muted);
    border-bottom: 1px solid var(--_border);
  }
  .code-bar button {
    min-height: 24px;
    padding: 2px 10px;
    background: var(--_bg);
  }
  .code-block pre {
    border-radius: 0;
    padding: 10px 12px;
  }
`;
