/**
 * The rules a file must pass to be attached, with no DOM: the `accept` list (read as
 * `<input accept>` reads it), the size limit, the count per message; and file sizes as text.
 */
import { fileSizeText } from '../conversation/attachment-labels.js';

/** Why a file was not attached: its type, its size, one file too many, or its upload failed. */
export type RefusalReason = 'type' | 'size' | 'count' | 'upload';

/** What the rules look at: a `File` has all of it. */
export interface FileFacts {
  name: string;
  size: number;
  /** The media type the browser gave (may be empty). */
  type: string;
}

export interface AttachmentLimits {
  /** As `<input accept>`: `.pdf`, `image/*`, `text/csv`, comma-separated; empty accepts every file. */
  accept: string;
  /** Bytes. */
  maxFileSize: number;
  /** Files per message. */
  maxFiles: number;
}

/** The defaults of `max-file-size` and `max-files` (the element's properties repeat them as literals, for the docs). */
export const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 5;

/** Whether `file` is one `accept` allows (by extension, `type/*` or the exact media type). */
export function acceptsFile(accept: string, file: Pick<FileFacts, 'name' | 'type'>): boolean {
  const tokens = accept
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token.startsWith('.') || /^[^/\s]+\/[^/\s]+$/.test(token));
  if (!tokens.length) return true;
  const name = file.name.toLowerCase();
  // Parameters (`;charset=…`) are not part of the type compared.
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  return tokens.some((token) => {
    if (token.startsWith('.')) return name.length > token.length && name.endsWith(token);
    if (!type) return false;
    return token.endsWith('/*') ? type.startsWith(token.slice(0, -1)) : type === token;
  });
}

/** The reason `file` is refused when `attached` files are already there, or undefined when it may be attached. */
export function refusalOf(file: FileFacts, limits: AttachmentLimits, attached: number): RefusalReason | undefined {
  if (!acceptsFile(limits.accept, file)) return 'type';
  if (file.size > limits.maxFileSize) return 'size';
  if (attached >= limits.maxFiles) return 'count';
  return undefined;
}

/** `max-file-size` as set, or the default when it is not a positive number. */
export function maxFileSizeOf(value: unknown): number {
  const bytes = Number(value);
  return Number.isFinite(bytes) && bytes > 0 ? bytes : DEFAULT_MAX_FILE_SIZE;
}

/** `max-files` as set, or the default when it is not a whole number of at least 1. */
export function maxFilesOf(value: unknown): number {
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 ? count : DEFAULT_MAX_FILES;
}

/** What the page set wrong in `max-file-size` and `max-files`, one sentence each. */
export function attachmentLimitProblems(maxFileSize: unknown, maxFiles: unknown): string[] {
  const problems: string[] = [];
  if (maxFileSizeOf(maxFileSize) !== Number(maxFileSize)) {
    problems.push(`max-file-size${shown(maxFileSize)} must be a number of bytes above 0; ${DEFAULT_MAX_FILE_SIZE} (10 MB) is used.`);
  }
  if (maxFilesOf(maxFiles) !== Number(maxFiles)) problems.push(`max-files${shown(maxFiles)} must be a whole number of at least 1; ${DEFAULT_MAX_FILES} is used.`);
  return problems;
}

/** `="value"`, unless the value is lost already (a number attribute that was not a number). */
function shown(value: unknown): string {
  return typeof value === 'number' && Number.isNaN(value) ? '' : `="${String(value)}"`;
}

/** A size as the tray and its refusals say it (the sent message's chips say it the same way). */
export const formatFileSize = fileSizeText;

/** Whether the chat shows a picture of the file (the media types every browser draws). */
export function hasPreview(type: string): boolean {
  // Not SVG: its blob: address has the page's origin, and opened on its own ("Open image in new
  // tab") its scripts would run as the page.
  return /^image\/(png|jpe?g|gif|webp|avif|bmp)$/i.test(type);
}
