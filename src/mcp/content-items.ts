/**
 * The content of an MCP tool result (`CallToolResult.content`), read defensively: a server (or a
 * stored or imported record) may send anything there. Each item is checked and becomes one of a few
 * kinds, with its media type normalized (or dropped when it is not one), its base64 checked, its
 * size in bytes known, and names and descriptions cut to a readable length. Who an item is for
 * (`annotations.audience`) decides whether the person sees it and whether the model gets it.
 * Pure, no DOM: the card (mcp-content.ts) and the model's value (result-for-model.ts) both read it.
 */
import { isRecord } from '../internal/guards.js';

/** Who a content item is for, as `annotations.audience` names them. */
export type Audience = 'user' | 'assistant';

interface Checked {
  /** Base64 without whitespace, when it was valid base64. */
  data?: string;
  /** Bytes the base64 stands for (an estimate from its length when it was not valid). */
  bytes: number;
}

export type ContentItem =
  | { kind: 'text'; text: string }
  | ({ kind: 'image' | 'audio'; mimeType?: string } & Checked)
  | { kind: 'link'; uri: string; name: string; title?: string; description?: string; mimeType?: string; size?: number }
  | { kind: 'resource-text'; uri: string; mimeType?: string; text: string }
  | ({ kind: 'resource-blob'; uri: string; mimeType?: string } & Checked)
  /** An item of a type this client does not know, or one missing what its type needs. */
  | { kind: 'other'; type: string };

/** A name or title shown to the person: at most this many characters. */
const NAME_CHARS = 200;
/** A description: at most this many characters. */
const DESCRIPTION_CHARS = 500;
/** A URI as text: at most this many characters. */
const URI_CHARS = 2_000;

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Whether an item is for `who`: an item with no audience is for everyone. */
export function isFor(item: unknown, who: Audience): boolean {
  const audience = isRecord(item) && isRecord(item.annotations) ? item.annotations.audience : undefined;
  return !Array.isArray(audience) || audience.length === 0 || audience.includes(who);
}

/** The items of `result.content` meant for `who`, each checked (see `ContentItem`). */
export function contentItems(result: unknown, who: Audience): ContentItem[] {
  const content = isRecord(result) && Array.isArray(result.content) ? result.content : [];
  return content.filter((item) => isFor(item, who)).map(contentItem);
}

/** One item, checked. */
export function contentItem(item: unknown): ContentItem {
  if (!isRecord(item)) return { kind: 'other', type: '?' };
  const type = typeof item.type === 'string' ? item.type.slice(0, 40) : '?';
  switch (item.type) {
    case 'text':
      return typeof item.text === 'string' ? { kind: 'text', text: item.text } : { kind: 'other', type };
    case 'image':
    case 'audio':
      return typeof item.data === 'string' ? { kind: item.type, mimeType: mediaType(item.mimeType), ...checkBase64(item.data) } : { kind: 'other', type };
    case 'resource_link': {
      const uri = typeof item.uri === 'string' ? item.uri.trim().slice(0, URI_CHARS) : '';
      if (!uri) return { kind: 'other', type };
      const size = typeof item.size === 'number' && Number.isFinite(item.size) && item.size >= 0 ? item.size : undefined;
      return {
        kind: 'link',
        uri,
        name: label(item.name, NAME_CHARS) ?? uri.slice(0, NAME_CHARS),
        ...optional('title', label(item.title, NAME_CHARS)),
        ...optional('description', label(item.description, DESCRIPTION_CHARS)),
        ...optional('mimeType', mediaType(item.mimeType)),
        ...optional('size', size),
      };
    }
    case 'resource': {
      const resource = isRecord(item.resource) ? item.resource : undefined;
      const uri = typeof resource?.uri === 'string' ? resource.uri.trim().slice(0, URI_CHARS) : '';
      if (!resource || !uri) return { kind: 'other', type };
      const mimeType = mediaType(resource.mimeType);
      if (typeof resource.text === 'string') return { kind: 'resource-text', uri, text: resource.text, ...optional('mimeType', mimeType) };
      if (typeof resource.blob === 'string') return { kind: 'resource-blob', uri, ...optional('mimeType', mimeType), ...checkBase64(resource.blob) };
      return { kind: 'other', type };
    }
    default:
      return { kind: 'other', type };
  }
}

/** A media type as `type/subtype` in lower case without parameters, or undefined when it is none. */
export function mediaType(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 300) return undefined;
  const bare = value.split(';')[0].trim().toLowerCase();
  return MEDIA_TYPE.test(bare) ? bare : undefined;
}

/** Base64 checked: its bytes when valid (whitespace dropped), else only an estimate of its size. */
export function checkBase64(value: string): Checked {
  const data = /\s/.test(value) ? value.replace(/\s+/g, '') : value;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  const bytes = Math.max(0, Math.floor((data.length * 3) / 4) - padding);
  return data.length % 4 === 0 && BASE64.test(data) ? { data, bytes } : { bytes };
}

/** A size for people and models alike: `512 B`, `2.1 KB`, `3.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The last segment of a URI, fit to be a file's name (no path, no controls), or undefined. */
export function fileNameOf(uri: string): string | undefined {
  let path = uri.split(/[?#]/)[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not percent-encoded as it should be: its segment as written.
  }
  const name = path
    .split(/[/\\]/)
    .pop()
    ?.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069:*?"<>|]/g, '')
    .trim()
    .slice(-120);
  return name && name !== '.' && name !== '..' ? name : undefined;
}

/** The fence language a text resource of `mimeType` is highlighted as (a name the highlighter knows), if any. */
export function codeLanguage(mimeType: string | undefined): string | undefined {
  if (!mimeType) return undefined;
  if (mimeType.endsWith('+json')) return 'json';
  if (mimeType.endsWith('+xml')) return 'xml';
  const subtype = mimeType.slice(mimeType.indexOf('/') + 1).replace(/^x-(script\.)?/, '');
  return LANGUAGE_OF_SUBTYPE.get(subtype);
}

const LANGUAGE_OF_SUBTYPE = new Map<string, string>(
  Object.entries({
    json: 'json',
    javascript: 'javascript',
    ecmascript: 'javascript',
    typescript: 'typescript',
    python: 'python',
    sh: 'bash',
    shellscript: 'bash',
    html: 'xml',
    xml: 'xml',
    css: 'css',
    sql: 'sql',
    go: 'go',
    rust: 'rust',
    java: 'java',
    'java-source': 'java',
    c: 'cpp',
    csrc: 'cpp',
    chdr: 'cpp',
    'c++': 'cpp',
    'c++src': 'cpp',
    cpp: 'cpp',
    yaml: 'yaml',
    markdown: 'markdown',
    diff: 'diff',
    patch: 'diff',
  }),
);

/** A label as text: control characters dropped, cut to `max` characters; undefined when empty or not text. */
function label(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '').trim();
  if (!text) return undefined;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
