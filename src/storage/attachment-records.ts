/**
 * The person's attachments in storage and in files. In the database a file stays a Blob inside its
 * turn (structured clone), so it goes with its node when the thread is deleted; a file written out
 * (export) carries each Blob as base64 text (`data`), which an import turns back into a Blob.
 */
import { base64FromBytes, bytesFromBase64 } from '../conversation/attachment-wire.js';
import type { Attachment, Turn } from '../conversation/types.js';
import { isRecord } from '../internal/guards.js';

/** An attachment as an export file holds it: the Blob's bytes as base64. */
export type ExportedAttachment = Omit<Attachment, 'blob'> & { data?: string };

interface WithTurn {
  turn: Turn;
}

/**
 * An attachment as the views can show it, or undefined. Its bytes (a Blob in the database, base64
 * `data` in a file) are dropped when they are not of that kind (a Blob written to JSON by the
 * page-hide fallback, say): the file is still named, without its bytes.
 */
function checkedAttachment(value: unknown, bytesAs: 'blob' | 'data'): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const { id, name, mimeType, size, url } = value;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof mimeType !== 'string' || typeof size !== 'number') return undefined;
  if (url !== undefined && typeof url !== 'string') return undefined;
  const bytes = value[bytesAs];
  const fine = bytes === undefined || (bytesAs === 'blob' ? bytes instanceof Blob : typeof bytes === 'string');
  if (fine) return value;
  const { [bytesAs]: _dropped, ...rest } = value;
  return rest;
}

/**
 * A stored or imported user turn with only the attachments that are well formed (a record of
 * another shape is left out, the message is kept); the turn itself when all are, or it has none.
 */
export function withValidAttachments<T extends Record<string, unknown>>(turn: T, bytesAs: 'blob' | 'data' = 'blob'): T {
  const { attachments } = turn;
  if (attachments === undefined) return turn;
  const checked = Array.isArray(attachments) ? attachments.map((item) => checkedAttachment(item, bytesAs)) : [];
  if (Array.isArray(attachments) && checked.every((item, index) => item === attachments[index])) return turn;
  const valid = checked.filter((item) => item !== undefined);
  const { attachments: _all, ...rest } = turn;
  return (valid.length ? { ...rest, attachments: valid } : rest) as T;
}

/** Nodes as a file holds them: each attachment's Blob read into base64 `data`. */
export async function portableNodes<N extends WithTurn>(nodes: readonly N[]): Promise<N[]> {
  return Promise.all(
    nodes.map(async (node) => {
      const { turn } = node;
      if (turn.role !== 'user' || !turn.attachments?.length) return node;
      const attachments = await Promise.all(turn.attachments.map(portableAttachment));
      return { ...node, turn: { ...turn, attachments } as unknown as Turn };
    }),
  );
}

async function portableAttachment({ blob, ...rest }: Attachment): Promise<ExportedAttachment> {
  if (!(blob instanceof Blob)) return rest;
  return { ...rest, data: base64FromBytes(new Uint8Array(await blob.arrayBuffer())) };
}

/** Nodes read from a file, each attachment's `data` a Blob again (text that is not base64 leaves the file without its bytes). */
export function nodesWithBlobs<N extends WithTurn>(nodes: readonly N[]): N[] {
  return nodes.map((node) => {
    const turn = node.turn as unknown as { role: Turn['role']; attachments?: ExportedAttachment[] };
    if (turn.role !== 'user' || !turn.attachments?.length) return node;
    const attachments = turn.attachments.map(({ data, ...rest }): Attachment => {
      if (data === undefined) return rest;
      try {
        return { ...rest, blob: new Blob([bytesFromBase64(data) as Uint8Array<ArrayBuffer>], { type: rest.mimeType }) };
      } catch {
        return rest;
      }
    });
    return { ...node, turn: { ...turn, attachments } };
  });
}
