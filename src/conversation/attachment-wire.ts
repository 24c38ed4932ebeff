/**
 * The person's attachments on the wire (pure, no DOM): AG-UI 1.0 content parts and AI SDK file
 * parts. A file that was uploaded travels as its `url`; any other as base64 of its Blob, which is
 * read once per Blob (`encodeAttachments`, awaited before a request is built) and kept in memory
 * only, so a long thread does not read its files again for every run. Base64 is never stored.
 */
import type { Attachment, Turn, UserTurn } from './types.js';

/** Base64 of each Blob read so far; a Blob no turn holds any more lets go of its text. */
const encoded = new WeakMap<Blob, string>();
/** Blobs being read, so two requests in a row read a file once. */
const reading = new WeakMap<Blob, Promise<void>>();

export type ContentPartType = 'image' | 'audio' | 'video' | 'document';

/** The AG-UI part a media type travels as. */
export function contentPartType(mimeType: string): ContentPartType {
  const top = mimeType.split('/')[0]?.toLowerCase();
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'document';
}

/** Base64 of `bytes`, in slices (a whole file at once overflows the argument list). */
export function base64FromBytes(bytes: Uint8Array): string {
  const native = (bytes as Uint8Array & { toBase64?: () => string }).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The bytes of base64 text; throws on text that is not base64. */
export function bytesFromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether the file goes as its bytes (it has no uploaded address). */
const inline = (attachment: Attachment): attachment is Attachment & { blob: Blob } => !attachment.url && attachment.blob instanceof Blob;

/**
 * Reads the Blobs of the turns' attachments that are not read yet. Never rejects: a file that
 * cannot be read (gone from the disk, say) is left out of the request, with a warning.
 */
export async function encodeAttachments(turns: readonly Turn[]): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    for (const attachment of turn.attachments ?? []) {
      if (!inline(attachment) || encoded.has(attachment.blob)) continue;
      const { blob } = attachment;
      let read = reading.get(blob);
      if (!read) {
        read = blob.arrayBuffer().then(
          (buffer) => void encoded.set(blob, base64FromBytes(new Uint8Array(buffer))),
          (error) => console.warn(`<agent-chat>: the file ${JSON.stringify(attachment.name)} could not be read and is not sent:`, error),
        );
        reading.set(blob, read);
        void read.finally(() => reading.delete(blob));
      }
      waits.push(read);
    }
  }
  await Promise.all(waits);
}

/** Where a file's bytes are, for the wire: its uploaded address (a data URL's base64 as data), else its base64 (once read). */
function wireSource(attachment: Attachment): { type: 'url'; value: string } | { type: 'data'; value: string } | undefined {
  const inlineUrl = attachment.url && /^data:[^,]*;base64,(.*)$/s.exec(attachment.url);
  if (inlineUrl) return { type: 'data', value: inlineUrl[1] };
  if (attachment.url) return { type: 'url', value: attachment.url };
  const data = attachment.blob && encoded.get(attachment.blob);
  return data === undefined ? undefined : { type: 'data', value: data };
}

/**
 * The person's message as AG-UI `content`: its text, or, with files, a text part and one
 * `image` / `audio` / `video` / `document` part per file (name and size under `metadata["agent-chat"]`).
 */
export function userContent(turn: UserTurn): unknown {
  // Content a snapshot brought goes back as it came (its files are shown from it, see below).
  if (turn.content !== undefined || !turn.attachments?.length) return turn.content ?? turn.text;
  const parts: unknown[] = turn.text ? [{ type: 'text', text: turn.text }] : [];
  for (const attachment of turn.attachments) {
    const source = wireSource(attachment);
    if (!source) continue;
    parts.push({
      type: contentPartType(attachment.mimeType),
      source: { ...source, mimeType: attachment.mimeType },
      metadata: { 'agent-chat': { name: attachment.name, size: attachment.size } },
    });
  }
  return parts;
}

/** The person's files as AI SDK `file` parts (`url` a data URL when the file goes inline). */
export function userFileParts(turn: UserTurn): { type: 'file'; mediaType: string; filename: string; url: string }[] {
  const parts: { type: 'file'; mediaType: string; filename: string; url: string }[] = [];
  for (const attachment of turn.attachments ?? []) {
    const source = wireSource(attachment);
    if (!source) continue;
    const url = source.type === 'url' ? source.value : `data:${attachment.mimeType};base64,${source.value}`;
    parts.push({ type: 'file', mediaType: attachment.mimeType, filename: attachment.name, url });
  }
  return parts;
}

/**
 * The files of a user message's multimodal content (a MESSAGES_SNAPSHOT), to show: AG-UI 1.0 media
 * parts with a `url` or `data` source, and the older `binary` part. Each is known by its address
 * (a data URL for inline bytes); a provider's file handle cannot be shown and is left out.
 */
export function attachmentsFromContent(messageId: string, content: unknown): Attachment[] {
  if (!Array.isArray(content)) return [];
  const files: Attachment[] = [];
  for (const [index, part] of (content as Record<string, unknown>[]).entries()) {
    const found = partFile(part);
    if (!found) continue;
    const own = (part.metadata as { 'agent-chat'?: { name?: unknown; size?: unknown } } | undefined)?.['agent-chat'];
    const name = typeof own?.name === 'string' ? own.name : typeof part.filename === 'string' ? part.filename : lastSegment(found.url) || String(part.type);
    const size = typeof own?.size === 'number' ? own.size : found.base64 ? Math.floor((found.base64.length * 3) / 4) - found.base64.match(/=*$/)![0].length : 0;
    files.push({ id: `${messageId}:file:${index}`, name, mimeType: found.mimeType, size, url: found.url });
  }
  return files;
}

function partFile(part: Record<string, unknown>): { url: string; mimeType: string; base64?: string } | undefined {
  if (!part || typeof part !== 'object') return undefined;
  const source = part.source as { type?: unknown; value?: unknown; mimeType?: unknown } | undefined;
  const type = String(part.type);
  if (['image', 'audio', 'video', 'document'].includes(type) && source && typeof source.value === 'string') {
    const mimeType = typeof source.mimeType === 'string' ? source.mimeType : type === 'document' ? 'application/octet-stream' : `${type}/*`;
    if (source.type === 'url') return { url: source.value, mimeType };
    if (source.type === 'data') return { url: `data:${mimeType};base64,${source.value}`, mimeType, base64: source.value };
    return undefined;
  }
  if (type === 'binary' && typeof part.mimeType === 'string') {
    if (typeof part.url === 'string') return { url: part.url, mimeType: part.mimeType };
    if (typeof part.data === 'string') return { url: `data:${part.mimeType};base64,${part.data}`, mimeType: part.mimeType, base64: part.data };
  }
  return undefined;
}

function lastSegment(url: string): string {
  if (url.startsWith('data:')) return '';
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}
