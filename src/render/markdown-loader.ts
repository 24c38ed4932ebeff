/**
 * The markdown renderer (marked + DOMPurify, ~28 KB gzip) is a chunk of its own in the ES build:
 * the element asks for it when it connects, so it is there before the first reply arrives, while
 * the widget itself shows up without waiting for it. The classic build inlines it.
 */
import { whenIdle } from '../internal/idle.js';
import type { MarkdownPainter, RenderMarkdown } from './markdown-painter.js';

export type { RenderMarkdown };

let loaded: RenderMarkdown | undefined;
let loadedActivityHtml: RenderMarkdown | undefined;
let loadedPainter: ((host: HTMLElement) => MarkdownPainter) | undefined;
let loading: Promise<RenderMarkdown> | undefined;

/** Loads the chunk with the markdown renderer (and the painter and the activity-HTML sanitizer beside it). */
export function loadMarkdown(): Promise<RenderMarkdown> {
  loading ??= import('./markdown.js').then((module) => {
    loaded = module.renderMarkdown;
    loadedActivityHtml = module.renderActivityHtml;
    loadedPainter = (host) => new module.MarkdownPainter(host, module.renderMarkdown);
    whenIdle(() => module.renderMarkdown(WARM_UP), 2000);
    return loaded;
  });
  return loading;
}

/**
 * Rendered once while the page is idle, so that the parser's and sanitizer's first-use costs
 * (compiling their code and patterns) are not paid in the middle of the first streamed reply.
 */
const WARM_UP = '# a\n\n*b* **c** `d` [e](https://example.com)\n\n- f\n1. g\n\n> h\n\n| i | j |\n|---|---|\n| k | l |\n\n```js\nm\n```\n';

/** The renderer if it has arrived, else undefined (callers show plain text meanwhile). */
export function markdownRenderer(): RenderMarkdown | undefined {
  return loaded;
}

/** A painter of streaming markdown into `host` if the chunk has arrived, else undefined (callers show plain text meanwhile). */
export function markdownPainter(): ((host: HTMLElement) => MarkdownPainter) | undefined {
  return loadedPainter;
}

/** The activity-HTML sanitizer (rich subagent results) if its chunk has arrived, else undefined. */
export function activityHtmlRenderer(): RenderMarkdown | undefined {
  return loadedActivityHtml;
}
