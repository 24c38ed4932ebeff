/**
 * Reads the highlighter's output into a tree of scopes and text, so that it can be built as DOM
 * (spans and text nodes) instead of being parsed as HTML. Pure. The highlighter escapes the code
 * and adds only `<span class="hljs-…">` (`language-…` around embedded code) and `</span>`: anything else in its output is kept as text,
 * so the code's own characters can never become markup. Hostile code can give thousands of scopes,
 * nested thousands deep: at most `MAX_SCOPES` are kept, `MAX_LINE_SCOPES` opened on one line, nested
 * at most `MAX_SCOPE_DEPTH` deep; the text of the others goes to the scope around them (the code stays whole, some of it uncoloured).
 * Runs in the highlighter's worker (highlight-worker.ts).
 */

/** A highlighted piece: text, or a scope (its classes, e.g. `hljs-title function_`) holding pieces. */
export type HighlightNode = string | HighlightScope;
export interface HighlightScope {
  classes: string;
  children: HighlightNode[];
}

const MARKUP = /<span class="((?:hljs|language)-[\w-]+(?: [\w-]+)*)">|<\/span>|&(amp|lt|gt|quot|#x27);/g;
/** Deepest nesting of scopes kept. */
export const MAX_SCOPE_DEPTH = 24;
/** Scopes kept per block (each becomes a span on the main thread). */
export const MAX_SCOPES = 4_000;
/**
 * Scopes kept per line: a long line with thousands of spans costs the page far more to lay out
 * than the same spans spread over many lines.
 */
export const MAX_LINE_SCOPES = 400;
/** The classes a scope may have. */
export const SCOPE_CLASSES = /^(?:hljs|language)-[\w-]+(?: [\w-]+)*$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };

export function readHighlighted(output: string, { maxScopes = MAX_SCOPES, maxLineScopes = MAX_LINE_SCOPES } = {}): HighlightNode[] {
  const root: HighlightScope = { classes: '', children: [] };
  const open: HighlightScope[] = [root];
  let text = '';
  let last = 0;
  let dropped = 0;
  let scopes = 0;
  let lineScopes = 0;
  const add = (piece: string) => {
    text += piece;
    if (piece.includes('\n')) lineScopes = 0;
  };
  const flush = () => {
    if (text) open[open.length - 1].children.push(text);
    text = '';
  };
  for (const match of output.matchAll(MARKUP)) {
    add(output.slice(last, match.index));
    last = match.index + match[0].length;
    if (match[2]) text += ENTITIES[match[2]];
    else if (match[1]) {
      // Inside a dropped scope every scope is dropped, so that each `</span>` closes the right one.
      if (dropped || open.length > MAX_SCOPE_DEPTH || scopes >= maxScopes || lineScopes >= maxLineScopes) {
        dropped++;
        continue;
      }
      flush();
      scopes++;
      lineScopes++;
      const scope: HighlightScope = { classes: match[1], children: [] };
      open[open.length - 1].children.push(scope);
      open.push(scope);
    } else if (dropped) dropped--;
    else if (open.length > 1) {
      flush();
      open.pop();
    } else text += match[0];
  }
  text += output.slice(last);
  flush();
  return root.children;
}

/** The text of highlighted pieces (the code they were made from). */
export function textOf(nodes: HighlightNode[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : textOf(node.children))).join('');
}
