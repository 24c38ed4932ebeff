/**
 * The highlighter's worker: highlight.js's core with the grammars of highlight-languages.ts. It
 * answers each `{ id, code, grammar }` with `{ id, nodes, ms }`: highlight.js's escaped output read into
 * scopes and text (highlight-tokens.ts), never parsed as HTML; `nodes` undefined when highlighting
 * failed; `ms` the time it took. A block sent ahead (`ahead`: ms) after one that took that long is
 * answered `{ id, deferred: true }`, unrun. A block can take long (see highlight-limits.ts): the
 * page stops the whole worker then. Says `'ready'` once loaded, so its start-up is not counted in
 * a block's time.
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
import type { LANGUAGE_ALIASES } from './highlight-languages.js';
import { readHighlighted, type HighlightNode } from './highlight-tokens.js';

const GRAMMARS: Record<keyof typeof LANGUAGE_ALIASES, LanguageFn> = {
  javascript,
  typescript,
  json,
  python,
  bash,
  console: shell,
  xml,
  css,
  sql,
  go,
  rust,
  java,
  cpp,
  yaml,
  markdown,
  diff,
};

const highlighter = hljs.newInstance();
for (const [name, grammar] of Object.entries(GRAMMARS)) highlighter.registerLanguage(name, grammar);
// Only grammars named by a fence are used: no guessing, so no other grammar is ever looked up.
highlighter.configure({ languages: [] });

/** One request from the page; `ahead` (ms): sent ahead, it is handed back unrun when the block before it took that long. */
export interface HighlightRequest {
  id: number;
  code: string;
  grammar: string;
  ahead?: number;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<HighlightRequest>) => void) | null; postMessage(message: unknown): void };

/** How long the last block highlighted here took (ms). */
let lastMs = 0;

scope.onmessage = ({ data: { id, code, grammar, ahead } }) => {
  // After a slow block the page decides again (the reply's time, the other replies' turns).
  if (ahead !== undefined && lastMs >= ahead) {
    scope.postMessage({ id, deferred: true });
    return;
  }
  const started = performance.now();
  let nodes: HighlightNode[] | undefined;
  try {
    if (highlighter.getLanguage(grammar)) nodes = readHighlighted(highlighter.highlight(code, { language: grammar, ignoreIllegals: true }).value);
  } catch {
    nodes = undefined;
  }
  // How long it took, by this worker's clock: quick blocks let the page send the next ones ahead.
  lastMs = performance.now() - started;
  scope.postMessage({ id, nodes, ms: lastMs });
};
scope.postMessage('ready');
