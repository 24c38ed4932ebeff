/**
 * Reading a request's body within a size: a JSON body (refused at once when its declared length is
 * over, and as soon as what arrives is), or a blob's bytes with their SHA-256.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { StoreError } from './store-error.js';

/** A body that stops arriving for this long is given up on (408). */
const IDLE_MS = 30_000;

async function readBytes(req: IncomingMessage, max: number, seen?: (chunk: Buffer) => void): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) throw new StoreError(413, `The body is over ${max} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let stop: (error: StoreError) => void = () => {};
  const stalled = new Promise<never>((_resolve, reject) => (stop = reject));
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop(new StoreError(408, 'The body stopped arriving.')), IDLE_MS);
  };
  arm();
  const reading = (async () => {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      arm();
      size += chunk.length;
      if (size > max) throw new StoreError(413, `The body is over ${max} bytes.`);
      seen?.(chunk);
      chunks.push(chunk);
    }
  })();
  // Given up on, the reading ends when the connection closes: that end is nobody's error.
  reading.catch(() => {});
  try {
    await Promise.race([reading, stalled]);
  } finally {
    clearTimeout(idle);
  }
  return Buffer.concat(chunks, size);
}

/** The body as JSON (`application/json`), at most `max` bytes. */
export async function readJsonBody(req: IncomingMessage, max: number): Promise<unknown> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/json') throw new StoreError(415, 'The body must be JSON (Content-Type: application/json).');
  const bytes = await readBytes(req, max);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new StoreError(400, 'The body is not valid JSON.');
  }
}

/** The body's bytes, at most `max`, and their SHA-256 in hex. */
export async function readBlobBody(req: IncomingMessage, max: number): Promise<{ bytes: Buffer; sha256: string }> {
  const hash = createHash('sha256');
  const bytes = await readBytes(req, max, (chunk) => hash.update(chunk));
  return { bytes, sha256: hash.digest('hex') };
}
