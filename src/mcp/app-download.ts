/**
 * An app's `ui/download-file`, the part without the DOM: which of its contents can be saved (only
 * what the app gives inline — text, or a base64 blob — within the size limits; a link to fetch is
 * refused), the name and media type each file is given, and the order of the host's steps: the
 * person's gesture in the app, then the page's say (`agent-chat-download`), then the saving.
 */
import { APP_DOWNLOAD_FILES, APP_DOWNLOAD_LIMIT } from './app-limits.js';
import { isRecord } from '../internal/guards.js';

/** One file of a download, checked and decoded. */
export interface AppDownload {
  /** What it is saved as: one name, no path, no control or direction characters, no leading dot. */
  name: string;
  /** A plain `type/subtype` (lower case, no parameters), else `application/octet-stream`. */
  mimeType: string;
  /** Its size in bytes. */
  size: number;
  /** Its bytes (text as UTF-8). */
  data: Uint8Array<ArrayBuffer>;
}

/** The app's answer: `{}` when saved; else `isError`, with why as a text item of `content`. */
export interface DownloadAnswer {
  isError?: true;
  content?: { type: 'text'; text: string }[];
}

/** What the host does around a download, in this order (the frame's side). */
export interface DownloadSteps {
  /** The person's gesture in the app (or their Allow in its card); false refuses the download. */
  downloadGesture(files: readonly AppDownload[]): boolean | Promise<boolean>;
  /** `agent-chat-download` for one file; false when the page cancelled it. */
  announceDownload(file: AppDownload): boolean;
  /** Saves one file (never shows it). */
  saveDownload(file: AppDownload): void;
}

const OCTET_STREAM = 'application/octet-stream';
/** The longest name a file is given (characters, its extension kept). */
const NAME_LIMIT = 120;
/** Extensions for a name made up when the app's URI gives none. */
const EXTENSIONS: Record<string, string> = {
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/html': 'html',
  'application/json': 'json',
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
};

export function refusal(text: string): DownloadAnswer {
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * Answers an app's `ui/download-file`: nothing is saved unless every file passes, the person
 * gave the gesture, and the page cancelled the event of none of them.
 */
export async function downloadForApp(contents: unknown, steps: DownloadSteps): Promise<DownloadAnswer> {
  const read = readDownloads(contents);
  if ('problem' in read) return refusal(read.problem);
  const { files } = read;
  if (!(await steps.downloadGesture(files))) {
    return refusal('A download needs the person’s own click or key in the app just before it asks (or their Allow in its card); there was none.');
  }
  for (const file of files) if (!steps.announceDownload(file)) return refusal(`The page declined the download of “${file.name}”.`);
  for (const file of files) steps.saveDownload(file);
  return {};
}

/** The files of a `ui/download-file`'s `contents`, each checked and decoded; or why they cannot be saved. */
export function readDownloads(contents: unknown): { files: AppDownload[] } | { problem: string } {
  if (!Array.isArray(contents) || contents.length === 0) return { problem: 'There is nothing to download: `contents` holds no file.' };
  if (contents.length > APP_DOWNLOAD_FILES) return { problem: `An app may download at most ${APP_DOWNLOAD_FILES} files at once; this asks for ${contents.length}.` };
  const files: AppDownload[] = [];
  for (const [index, item] of contents.entries()) {
    const file = readDownload(item);
    if (typeof file === 'string') return { problem: `File ${index + 1}: ${file}` };
    files.push(file);
  }
  return { files };
}

function readDownload(item: unknown): AppDownload | string {
  if (isRecord(item) && item.type === 'resource_link') {
    return `a link (${String(item.uri).slice(0, 200)}) is not downloaded: this chat fetches nothing for an app; give the file's content inline (an embedded resource with \`text\` or a base64 \`blob\`).`;
  }
  const resource = isRecord(item) && item.type === 'resource' ? item.resource : undefined;
  if (!isRecord(resource) || typeof resource.uri !== 'string') return 'not an embedded resource with a `uri`.';
  const { uri, text, blob } = resource;
  let data: Uint8Array<ArrayBuffer>;
  let mimeType: string;
  if (typeof text === 'string') {
    // A UTF-8 byte is at least one UTF-16 unit: a text longer than the limit is over it.
    if (text.length > APP_DOWNLOAD_LIMIT) return overLimit();
    data = new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
    mimeType = safeMimeType(resource.mimeType, 'text/plain');
  } else if (typeof blob === 'string') {
    const bytes = decodeBase64(blob);
    if (typeof bytes === 'number') return overLimit();
    if (!bytes) return 'its `blob` is not base64.';
    data = bytes;
    mimeType = safeMimeType(resource.mimeType, OCTET_STREAM);
  } else {
    return 'it holds neither `text` nor a base64 `blob`; only content given inline is downloaded.';
  }
  if (data.length > APP_DOWNLOAD_LIMIT) return overLimit();
  return { name: fileNameFrom(uri, mimeType), mimeType, size: data.length, data };
}

function overLimit(): string {
  return `it is over ${APP_DOWNLOAD_LIMIT} bytes (${APP_DOWNLOAD_LIMIT / 1024 / 1024} MB), the most an app may download per file.`;
}

/** The bytes of base64 text (white space allowed); undefined when it is not base64; its size when that is over the limit (known before decoding). */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | number | undefined {
  const compact = text.replace(/[\t\n\f\r ]+/g, '');
  const match = /^([A-Za-z0-9+/]*)(={0,2})$/.exec(compact);
  if (!match || match[1].length % 4 === 1 || (match[2] && compact.length % 4 !== 0)) return undefined;
  const size = Math.floor((match[1].length * 3) / 4);
  if (size > APP_DOWNLOAD_LIMIT) return size;
  let binary: string;
  try {
    binary = atob(compact);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A media type as `type/subtype` (its parameters dropped), else `fallback`. */
export function safeMimeType(value: unknown, fallback = OCTET_STREAM): string {
  if (typeof value !== 'string') return fallback;
  const essence = value.split(';')[0].trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(essence) ? essence : fallback;
}

/**
 * The name a file of the app is saved as: the last part of its URI's path that makes a name
 * (percent escapes decoded, so an escaped slash separates too), else `download` with an extension
 * for its type.
 */
export function fileNameFrom(uri: string, mimeType: string): string {
  const path = uri.replace(/[?#][\s\S]*$/, '').replace(/^[a-z][a-z0-9+.-]*:/i, '');
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not percent-encoded after all: the text as it is.
  }
  const parts = decoded.split(/[/\\]/);
  for (let i = parts.length - 1; i >= 0; i--) {
    const name = safeFileName(parts[i]);
    if (name) return name;
  }
  const extension = EXTENSIONS[mimeType];
  return extension ? `download.${extension}` : 'download';
}

/**
 * One path segment made safe to save under: no control, format (direction, zero-width) or line
 * separator characters, none a file system forbids, no leading dots (a hidden file, `..`) or
 * trailing dots and spaces, not a device name, at most `NAME_LIMIT` characters. Empty when nothing
 * is left.
 */
export function safeFileName(segment: string): string {
  let name = segment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s.]+|[\s.]+$/gu, '');
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(name)) name = `_${name}`;
  const chars = [...name];
  if (chars.length <= NAME_LIMIT) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? [...name.slice(dot)] : [];
  return (
    chars
      .slice(0, NAME_LIMIT - extension.length)
      .join('')
      .trimEnd() + extension.join('')
  );
}
