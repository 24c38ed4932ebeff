/**
 * The markdown renderer (marked + DOMPurify, ~28 KB gzip) is a chunk of its own in the ES build:
 * the element asks for it when it connects, so it is there before the first reply arrives, while
 * the widget itself shows up without waiting for it. The classic build inlines it.
 */
export type RenderMarkdown = (source: string) => string;

let loaded: RenderMarkdown | undefined;
let loading: Promise<RenderMarkdown> | undefined;

export function loadMarkdown(): Promise<RenderMarkdown> {
  loading ??= import('./markdown.js').then((module) => (loaded = module.renderMarkdown));
  return loading;
}

/** The renderer if it has arrived, else undefined (callers show plain text meanwhile). */
export function markdownRenderer(): RenderMarkdown | undefined {
  return loaded;
}
