// The scripted agents' reply to attached files: what they can tell without a model (see
// file-facts.mjs). The files come as AG-UI content parts or as the AI SDK model prompt's file
// parts; both are read into one shape first. URLs are named, never fetched.

import { byteSize, colourName, firstLine, imageSize, isTextFile, pngAverageColour } from './file-facts.mjs';

/**
 * An attached file as the scripts see it: inline `bytes` or a `url` (not fetched).
 * @typedef {{ name?: string, mimeType: string, bytes?: Uint8Array, url?: string, declaredSize?: number }} AttachedFile
 */

const AG_UI_FILE_PARTS = new Set(['image', 'audio', 'video', 'document']);

const stringOr = (value, fallback) => (typeof value === 'string' && value ? value : fallback);
const fromBase64 = (value) => new Uint8Array(Buffer.from(value, 'base64'));

/** The attachments in AG-UI user content: 1.0 `image`/`audio`/`video`/`document` parts (and the older `binary`). */
export function attachmentsOfAgUi(content) {
  if (!Array.isArray(content)) return [];
  /** @type {AttachedFile[]} */
  const files = [];
  for (const part of content) {
    if (AG_UI_FILE_PARTS.has(part?.type) && part.source && typeof part.source.value === 'string') {
      const own = part.metadata?.['agent-chat'] ?? {};
      const mimeType = stringOr(part.source.mimeType, `${part.type === 'document' ? 'application' : part.type}/octet-stream`);
      const where = part.source.type === 'data' ? { bytes: fromBase64(part.source.value) } : { url: part.source.value };
      files.push({ name: stringOr(own.name, undefined), mimeType, declaredSize: Number.isFinite(own.size) ? own.size : undefined, ...where });
    } else if (part?.type === 'binary' && typeof part.mimeType === 'string') {
      const where = typeof part.data === 'string' ? { bytes: fromBase64(part.data) } : { url: stringOr(part.url, '') };
      files.push({ name: stringOr(part.filename, undefined), mimeType: part.mimeType, ...where });
    }
  }
  return files;
}

/** The attachments in an AI SDK model prompt's user content: `file` parts (data as base64, bytes or a URL). */
export function attachmentsOfPrompt(content) {
  if (!Array.isArray(content)) return [];
  return content
    .filter((part) => part?.type === 'file' && part.data)
    .map((part) => {
      const { data } = part;
      const where = data.type === 'data' ? { bytes: typeof data.data === 'string' ? fromBase64(data.data) : new Uint8Array(data.data) } : { url: String(data.url) };
      return { name: stringOr(part.filename, undefined), mimeType: stringOr(part.mediaType, 'application/octet-stream'), ...where };
    });
}

/** Text as a Markdown code span that shows it exactly (a fence longer than any backtick run in it). */
export function codeSpan(text) {
  const clean = String(text).replace(/[\u0000-\u001f\u007f]/g, ' ');
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // A space inside the fence only where Markdown needs it (text that starts or ends with a backtick or space).
  const pad = /^[` ]|[` ]$/.test(clean) ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}

const KIND_WORDS = { image: 'an image', audio: 'an audio file', video: 'a video' };

function kindOf(mimeType) {
  return KIND_WORDS[mimeType.split('/')[0]] ?? 'a file';
}

function imageFacts(file, bytes) {
  const size = imageSize(bytes);
  if (!size) return `${kindOf(file.mimeType)} (${codeSpan(file.mimeType)}) of ${byteSize(bytes.length)}, in a format whose header I cannot read (I know PNG, JPEG, GIF and WebP)`;
  const declared = file.mimeType === `image/${size.format.toLowerCase()}` || (size.format === 'JPEG' && file.mimeType === 'image/jpg');
  const mislabelled = declared ? '' : ` (sent as ${codeSpan(file.mimeType)}, but the bytes are a ${size.format})`;
  let facts = `a ${size.format} image${mislabelled}, ${size.width} × ${size.height} pixels, ${byteSize(bytes.length)}`;
  if (size.format === 'PNG') {
    const average = pngAverageColour(bytes);
    if (average && !average.hex) facts += '. It is fully transparent';
    else if (average) {
      facts += `. On average it is ${colourName(average)} (${codeSpan(average.hex)})`;
      if (average.transparentShare > 0) facts += `; ${Math.round(average.transparentShare * 100)} % of its pixels are (partly) transparent`;
    }
  }
  return facts;
}

function textFacts(file, bytes) {
  const line = firstLine(bytes);
  const facts = `a text file (${codeSpan(file.mimeType)}), ${byteSize(bytes.length)}`;
  return line ? `${facts}. Its first line: ${codeSpan(line)}` : `${facts}, with nothing but blank space in it`;
}

/** One Markdown line about one file. @param {AttachedFile} file */
export function describeAttachment(file) {
  const name = file.name ? codeSpan(file.name) : '_(no name)_';
  if (!file.bytes) {
    const size = file.declaredSize !== undefined ? `, ${byteSize(file.declaredSize)} by its sender's count` : '';
    let host = 'a URL';
    try {
      host = `a URL on ${codeSpan(new URL(file.url ?? '').host || 'this page')}`;
    } catch {
      // not a URL: say so plainly
    }
    return `${name}: ${kindOf(file.mimeType)} (${codeSpan(file.mimeType)}) sent as ${host}${size}. I do not fetch URLs, so that is all I know.`;
  }
  const bytes = file.bytes;
  if (bytes.length === 0) return `${name}: an empty file (${codeSpan(file.mimeType)}), 0 bytes.`;
  if (file.mimeType.startsWith('image/') || imageSize(bytes)) return `${name}: ${imageFacts(file, bytes)}.`;
  if (isTextFile(file.mimeType, file.name)) return `${name}: ${textFacts(file, bytes)}.`;
  return `${name}: ${kindOf(file.mimeType)} (${codeSpan(file.mimeType)}), ${byteSize(bytes.length)}. I cannot look inside it without a model.`;
}

/**
 * The reply to a message with attachments. `wire` names the parts they came in ("AI SDK `file`
 * parts").
 * @param {AttachedFile[]} files @param {string} wire @returns {import('./scripted-agent.mjs').Step[]}
 */
export function attachmentsScript(files, wire) {
  const [count, them, their] = files.length === 1 ? ['one file', 'it', 'its'] : [`${files.length} files`, 'them', 'their'];
  return [
    {
      kind: 'text',
      text: `You attached ${count}. I am a scripted agent with no model, so I cannot see what is in ${them}, \
but I can read what ${their} bytes say:

${files.map((file) => `- ${describeAttachment(file)}`).join('\n')}

_Read from the user message's ${wire}; a real model gets the same parts._`,
    },
  ];
}

/** The reply to "attach", "image", "file"… with nothing attached. @returns {import('./scripted-agent.mjs').Step[]} */
export function attachHelpScript() {
  return [
    {
      kind: 'text',
      text: `Attach a file and I will tell you what I can without a model: press the paperclip button next to \
the message box, drop a file on the chat or paste an image. Send it with or without a message.

- **Images** (PNG, JPEG, GIF, WebP): the format and the size in pixels, read from the file's header, and \
for a PNG its average colour.
- **Text files**: the size and the first line.
- **Anything else**: the name, the type and the size.

Nothing leaves this demo server: the files travel inline in the request (base64), and the page keeps \
them with the conversation in your browser.`,
    },
  ];
}
