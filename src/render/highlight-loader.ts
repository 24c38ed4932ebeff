/**
 * Loads the syntax highlighter (highlighter.ts, a chunk of its own) the first time a code block
 * names a language it knows; a reply without such a block never loads it. Lives in the markdown
 * chunk, beside the painter that asks for it.
 */
import type { PoolJob } from './highlight-pool.js';

/**
 * Highlighted code as spans and text; or why it stays plain: it ran out of time, it was skipped (its
 * reply's worker time is spent, or its view is gone), or no worker could run.
 */
export type HighlightOutcome = DocumentFragment | 'over-budget' | 'skipped' | 'unavailable';

export interface CodeHighlighter {
  /** `code` coloured as `grammar` (see highlight-languages.ts), off the main thread; `job`: whose it is. Never rejects. */
  highlightCode(code: string, grammar: string, job: PoolJob): Promise<HighlightOutcome>;
  /** Adds the colours' styles to the shadow root `node` is in. */
  adoptCodeStyles(node: Node): void;
}

let loaded: CodeHighlighter | undefined;
let loading: Promise<CodeHighlighter | undefined> | undefined;

/** The highlighter if it has arrived, else undefined (code shows as plain text meanwhile). */
export function codeHighlighter(): CodeHighlighter | undefined {
  return loaded;
}

/** Loads the highlighter once; settles with it, or undefined when the chunk could not load (code stays plain). */
export function loadHighlighter(): Promise<CodeHighlighter | undefined> {
  loading ??= import('./highlighter.js').then(
    (module) => (loaded = module),
    (error: unknown) => {
      console.warn('agent-chat: the code highlighter did not load; code stays plain.', error);
      return undefined;
    },
  );
  return loading;
}
