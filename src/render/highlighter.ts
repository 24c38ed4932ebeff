/**
 * The syntax highlighter, a chunk of its own loaded on first need (highlight-loader.ts):
 * highlight.js's core with the grammars of highlight-languages.ts (~27 KB gzip). Its output is read
 * into spans and text nodes (highlight-tokens.ts), never parsed as HTML.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { LanguageFn } from 'highlight.js';
import { codeHighlight } from '../styles/code-highlight.js';
import type { LANGUAGE_ALIASES } from './highlight-languages.js';
import { readHighlighted, type HighlightNode } from './highlight-tokens.js';

const GRAMMARS: Record<keyof typeof LANGUAGE_ALIASES, LanguageFn> = {
  javascript, typescript, json, python, bash, console: shell, xml, css, sql, go, rust, java, cpp, yaml, markdown, diff,
};

const highlighter = hljs.newInstance();
for (const [name, grammar] of Object.entries(GRAMMARS)) highlighter.registerLanguage(name, grammar);
// Only grammars named by a fence are used: no guessing, so no other grammar is ever looked up.
highlighter.configure({ languages: [] });

/** `code` highlighted as `grammar` (a name from highlight-languages.ts), as spans and text. */
export function highlightCode(code: string, grammar: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const { value } = highlighter.highlight(code, { language: grammar, ignoreIllegals: true });
  append(fragment, readHighlighted(value));
  return fragment;
}

/** Adds the syntax colours to the shadow root `node` is drawn in (once); never to the page. */
export function adoptCodeStyles(node: Node): void {
  const root = node.getRootNode();
  const sheet = codeHighlight.styleSheet;
  if (!(root instanceof ShadowRoot) || !sheet || root.adoptedStyleSheets.includes(sheet)) return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

function append(parent: Node, nodes: HighlightNode[]): void {
  for (const node of nodes) {
    if (typeof node === 'string') {
      parent.appendChild(document.createTextNode(node));
      continue;
    }
    const span = document.createElement('span');
    span.className = node.classes;
    append(span, node.children);
    parent.appendChild(span);
  }
}
