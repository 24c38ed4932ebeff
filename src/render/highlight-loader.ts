/**
 * Loads the syntax highlighter (highlighter.ts, a chunk of its own) the first time a code block
 * names a language it knows; a reply without such a block never loads it. Lives in the markdown
 * chunk, beside the painter that asks for it.
 */
export interface CodeHighlighter {
  /** `code` as spans and text, coloured as `grammar` (see highlight-languages.ts). */
  highlightCode(code: string, grammar: string): DocumentFragment;
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
