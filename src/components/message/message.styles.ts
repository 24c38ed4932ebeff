import { css } from 'lit';

export const messageStyles = css`
  /* Cards whose view is still loading take no room (what they hold shows with them). */
  agent-chat-tool-card:not(:defined),
  agent-chat-activity:not(:defined) {
    display: none;
  }
  .user {
    display: flex;
    justify-content: flex-end;
  }
  /* A message an app sent: it says so above the bubble, and the bubble is outlined, not filled. */
  .user.from-app {
    flex-direction: column;
    align-items: flex-end;
    gap: 2px;
  }
  .sender {
    font-size: 0.8em;
    color: var(--_muted);
  }
  .from-app .bubble {
    background: var(--_surface);
    color: var(--_text);
    border: 1px dashed var(--_border);
  }
  .bubble {
    max-width: 85%;
    padding: 8px 14px;
    border-radius: var(--_radius);
    border-end-end-radius: 4px;
    background: var(--_user-bg);
    color: var(--_user-text);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    /* Each paragraph takes the direction of its own first letters (as dir="auto" would). */
    unicode-bidi: plaintext;
  }
  /* A long word or URL wraps where it would overflow, but never shrinks a table column below its words. */
  .assistant {
    color: var(--_text);
    overflow-wrap: break-word;
  }
  /* Markdown content. Finished chunks off screen skip layout and paint. */
  .md-chunk {
    content-visibility: auto;
    /* Roughly a finished block's real height (median 70 px wide, 116 px on a phone). */
    contain-intrinsic-size: auto 120px;
  }
  .assistant :is(p, ul, ol, pre, table, blockquote, h1, h2, h3, h4, h5, h6) {
    margin: 0 0 0.7em;
  }
  /* A paragraph, heading or cell in another direction than the chat's (an English reply in an
     Arabic chat) reads in its own, as dir="auto" would; list items keep the list's, with its markers. */
  .assistant :is(p, blockquote, h1, h2, h3, h4, h5, h6, th, td),
  .reasoning-text {
    unicode-bidi: plaintext;
  }
  .assistant :is(h1, h2, h3, h4) {
    line-height: 1.25;
    margin-top: 0.9em;
  }
  .assistant h1 {
    font-size: 1.35em;
  }
  .assistant h2 {
    font-size: 1.2em;
  }
  .assistant h3 {
    font-size: 1.05em;
  }
  .file img {
    max-width: 100%;
    height: auto;
  }
  .assistant :is(ul, ol) {
    padding-inline-start: 1.4em;
  }
  .assistant a {
    color: var(--_accent);
  }
  .assistant img {
    max-width: 100%;
  }
  .assistant blockquote {
    border-inline-start: 3px solid var(--_border);
    padding-inline-start: 12px;
    color: var(--_muted);
  }
  .assistant table {
    border-collapse: collapse;
    display: block;
    overflow-x: auto;
    max-width: 100%;
  }
  .assistant :is(th, td) {
    border: 1px solid var(--_border);
    padding: 4px 10px;
    text-align: start;
  }
  .assistant th {
    background: var(--_surface);
  }
  /* Code reads left to right in any language around it. */
  .assistant :not(pre) > code {
    direction: ltr;
    unicode-bidi: isolate;
    font-family: var(--_font-mono);
    font-size: 0.9em;
    background: var(--_code-bg);
    padding: 0.1em 0.35em;
    border-radius: 4px;
  }
  .code-block {
    margin: 0 0 0.7em;
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
  .code-block pre {
    direction: ltr;
    margin: 0;
    padding: 10px 12px;
    overflow-x: auto;
    font-family: var(--_font-mono);
    font-size: 0.875em;
    line-height: 1.5;
  }
  button {
    font: inherit;
    cursor: pointer;
  }
  .turn-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin-top: 4px;
    font-size: 0.85em;
    color: var(--_muted);
  }
  .user-actions {
    justify-content: flex-end;
  }
  .action,
  .branch button {
    min-width: 24px;
    min-height: 24px;
    border: 0;
    background: none;
    color: var(--_muted);
    border-radius: 6px;
    padding: 2px 6px;
  }
  .action:hover,
  .branch button:not(:disabled):hover {
    color: var(--_text);
    background: var(--_surface);
  }
  .branch {
    display: inline-flex;
    align-items: center;
    gap: 2px;
  }
  .branch button:disabled {
    opacity: 0.4;
    cursor: default;
  }
  .action:focus-visible,
  .branch button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
  .copy,
  .retry {
    border: 1px solid var(--_border);
    background: var(--_bg);
    color: var(--_text);
    border-radius: 6px;
    padding: 2px 10px;
  }
  .copy:focus-visible,
  .retry:focus-visible,
  summary:focus-visible,
  pre:focus-visible,
  table:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  details.reasoning {
    margin: 0 0 0.7em;
    color: var(--_muted);
    font-size: 0.92em;
  }
  details.reasoning summary {
    min-height: 24px;
    cursor: pointer;
    width: fit-content;
  }
  .reasoning-text {
    white-space: pre-wrap;
    border-inline-start: 2px solid var(--_border);
    padding-block: 4px;
    padding-inline: 10px 0;
    margin-top: 6px;
  }
  .typing {
    display: flex;
    align-items: center;
    gap: 8px;
    color: var(--_muted);
    font-size: 0.9em;
    min-height: 1.5em;
  }
  .dots {
    display: inline-flex;
    gap: 3px;
  }
  .dots span {
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: currentColor;
    animation: blink 1.2s infinite ease-in-out;
  }
  .dots span:nth-child(2) {
    animation-delay: 0.2s;
  }
  .dots span:nth-child(3) {
    animation-delay: 0.4s;
  }
  @keyframes blink {
    0%,
    80%,
    100% {
      opacity: 0.25;
    }
    40% {
      opacity: 1;
    }
  }
  .error {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    margin-top: 6px;
    padding: 10px 12px;
    border-radius: 8px;
    border: 1px solid color-mix(in srgb, var(--_error) 40%, transparent);
    background: var(--_error-bg);
    color: var(--_error);
  }
  .error .text {
    flex: 1 1 16em;
  }
  .stopped {
    display: flex;
    align-items: center;
    gap: 12px;
    color: var(--_muted);
    font-style: italic;
    margin-top: 4px;
  }
  .activity-more {
    margin-block: 4px;
    margin-inline: 12px 0;
    font-size: 0.9em;
    color: var(--_muted);
  }
  /* What the page's renderers draw: in the reply's column, never wider. */
  .page-view {
    margin-block: 6px;
    max-width: 100%;
    overflow: auto;
  }
`;
