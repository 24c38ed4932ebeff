/**
 * Files and sources a reply carries, made safe to show (pure). An image becomes markdown, so it
 * goes through the one sanitizer like any image of the reply; a link is kept only when it is an
 * http(s) address; a file held in the page (`data:` or `blob:`) is offered for download instead
 * of being navigated to.
 */
import type { FilePart, ReplySource } from '../conversation/types.js';
import { visibleBidi } from './visible-bidi.js';

const SHOWN_IMAGE = /^(https?:|data:image\/(png|jpe?g|gif|webp|avif);|blob:)/i;

/** An address a link may point at: http(s) only, so no `javascript:`, no `data:` pages. */
export function linkUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The name a file goes by: its filename, else what it is; direction controls in it shown as markers. */
export function fileLabel(file: Pick<FilePart, 'filename' | 'mediaType'>): string {
  return visibleBidi(text(file.filename) || text(file.mediaType) || 'file');
}

/** A field as text: what a stored or imported record holds need not be a string. */
function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export type FileView = { kind: 'markdown'; markdown: string } | { kind: 'download'; url: string; name: string } | { kind: 'name'; name: string };

/** How a file part is shown: an image or a link as markdown, a download, or just its name. */
export function fileView(file: FilePart): FileView {
  const name = fileLabel(file);
  if (typeof file.url !== 'string') return { kind: 'name', name };
  const isImage = text(file.mediaType).toLowerCase().startsWith('image/') && SHOWN_IMAGE.test(file.url);
  if (isImage) return { kind: 'markdown', markdown: `![${escapeLabel(name)}](<${escapeDestination(file.url)}>)` };
  const link = linkUrl(file.url);
  if (link) return { kind: 'markdown', markdown: `[${escapeLabel(name)}](<${escapeDestination(link)}>)` };
  if (/^(data|blob):/i.test(file.url)) return { kind: 'download', url: file.url, name };
  return { kind: 'name', name };
}

/** What a source says of itself in a list: its title, else its address or file. */
export function sourceLabel(source: ReplySource): string {
  return text(source.title) || text(source.url) || text(source.filename) || text(source.id) || '?';
}

function escapeLabel(text: string): string {
  return text.replace(/[\\[\]*_`<>!]/g, (c) => `\\${c}`);
}

function escapeDestination(url: string): string {
  return url.replace(/[<>\s]/g, (c) => encodeURIComponent(c));
}
