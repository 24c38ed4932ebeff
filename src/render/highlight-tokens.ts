/**
 * Reads the highlighter's output into a tree of scopes and text, so that it can be built as DOM
 * (spans and text nodes) instead of being parsed as HTML. Pure. The highlighter escapes the code
 * and adds only `<span class="hljs-…">` (`language-…` around embedded code) and `</span>`: anything else in its output is kept as text,
 * so the code's own characters can never become markup.
 */

/** A highlighted piece: text, or a scope (its classes, e.g. `hljs-title function_`) holding pieces. */
export type HighlightNode = string | HighlightScope;
export interface HighlightScope {
  classes: string;
  children: HighlightNode[];
}

const MARKUP = /<span class="((?:hljs|language)-[\w-]+(?: [\w-]+)*)">|<\/span>|&(amp|lt|gt|quot|#x27);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };

export function readHighlighted(output: string): HighlightNode[] {
  const root: HighlightScope = { classes: '', children: [] };
  const open: HighlightScope[] = [root];
  let text = '';
  let last = 0;
  const flush = () => {
    if (text) open[open.length - 1].children.push(text);
    text = '';
  };
  for (const match of output.matchAll(MARKUP)) {
    text += output.slice(last, match.index);
    last = match.index + match[0].length;
    if (match[2]) text += ENTITIES[match[2]];
    else if (match[1]) {
      flush();
      const scope: HighlightScope = { classes: match[1], children: [] };
      open[open.length - 1].children.push(scope);
      open.push(scope);
    } else if (open.length > 1) {
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
