import { css } from 'lit';

/**
 * Syntax colours for highlighted code (the highlighter's `hljs-*` scopes), from the `--_code-*`
 * tokens (tokens.ts), so light and dark follow the theme. Comes with the highlighter's chunk: it is
 * added to the shadow root a highlighted block is drawn in (a reply, an activity card, a tool
 * result, the greeting), never to the page. Only the highlighter makes these classes: the sanitizer
 * removes `class` from model output.
 */
export const codeHighlight = css`
  .hljs-keyword,
  .hljs-literal,
  .hljs-name,
  .hljs-selector-tag,
  .hljs-doctag,
  .hljs-template-tag,
  .hljs-meta .hljs-keyword {
    color: var(--_code-keyword);
  }
  .hljs-string,
  .hljs-regexp,
  .hljs-symbol,
  .hljs-char,
  .hljs-addition,
  .hljs-meta .hljs-string {
    color: var(--_code-string);
  }
  .hljs-comment,
  .hljs-quote {
    color: var(--_code-comment);
    font-style: italic;
  }
  .hljs-number,
  .hljs-bullet,
  .hljs-variable.constant_ {
    color: var(--_code-number);
  }
  .hljs-title,
  .hljs-section,
  .hljs-selector-id,
  .hljs-selector-class {
    color: var(--_code-function);
  }
  .hljs-type,
  .hljs-built_in,
  .hljs-title.class_,
  .hljs-title.class_.inherited__ {
    color: var(--_code-type);
  }
  .hljs-attr,
  .hljs-attribute,
  .hljs-property,
  .hljs-variable,
  .hljs-template-variable,
  .hljs-selector-attr,
  .hljs-selector-pseudo {
    color: var(--_code-attribute);
  }
  .hljs-meta,
  .hljs-link {
    color: var(--_code-meta);
  }
  .hljs-deletion {
    color: var(--_error);
  }
  .hljs-emphasis {
    font-style: italic;
  }
  .hljs-strong {
    font-weight: bold;
  }
`;
