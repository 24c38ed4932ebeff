/**
 * The languages the lazily loaded highlighter knows, and the names a fence's info string may give
 * them (`ts`, `sh`, `py`, `yml`…). Pure and small: it decides, before the highlighter's chunk is
 * loaded, whether a code block needs it at all. A name not listed stays plain text.
 */

/** Grammar names (as highlighter.ts registers them) with the other names a fence may use. */
export const LANGUAGE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  javascript: ['js', 'jsx', 'mjs', 'cjs', 'node'],
  typescript: ['ts', 'tsx', 'mts', 'cts'],
  json: ['jsonc', 'json5', 'webmanifest'],
  python: ['py', 'py3', 'python3', 'gyp'],
  bash: ['sh', 'shell', 'zsh', 'ksh'],
  /** A terminal session: prompts, the commands after them (as bash) and their output. */
  console: ['shellsession', 'terminal'],
  xml: ['html', 'xhtml', 'htm', 'svg', 'rss', 'atom', 'plist', 'vue', 'svelte'],
  css: [],
  sql: ['postgres', 'postgresql', 'mysql', 'sqlite', 'plsql', 'tsql'],
  go: ['golang'],
  rust: ['rs'],
  java: ['jsp'],
  cpp: ['c', 'h', 'c++', 'hpp', 'cc', 'hh', 'cxx', 'hxx'],
  yaml: ['yml'],
  markdown: ['md', 'mkd', 'mkdown'],
  diff: ['patch', 'udiff'],
};

const GRAMMAR_OF = new Map<string, string>(
  Object.entries(LANGUAGE_ALIASES).flatMap(([grammar, aliases]) => [grammar, ...aliases].map((name) => [name, grammar] as [string, string])),
);

/** The grammar for a fence's language name (case-insensitive), or undefined when none is known. */
export function grammarFor(language: string | undefined): string | undefined {
  return language ? GRAMMAR_OF.get(language.toLowerCase()) : undefined;
}
