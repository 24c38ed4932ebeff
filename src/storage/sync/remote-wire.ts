/**
 * Node records as the thread store's wire carries them, and back: ids made wire-safe, attachments
 * as references to blobs (`{sha256, mimeType, name, size}`), and what comes back checked before it
 * is stored. Pure: no DOM, no I/O.
 */
import type { Attachment, Turn } from '../../conversation/types.js';
import { isRecord } from '../../internal/guards.js';
import { parseNodeRecord, withLocalApprovalsAskedAgain, type NodeRecord } from '../records.js';
import { BLOB_NAME, isWireId, type WireNode } from '../sync-wire.js';

/** Ids that are not wire ids already go base64url-encoded behind this prefix (which a wire id never starts with). */
const ENCODED = '_.';

/**
 * The wire id of a local id (a thread's or a node's): the id itself when the wire allows it, else
 * its UTF-8 bytes in base64url behind `_.`; undefined when that is longer than the wire allows.
 */
export function wireId(id: string): string | undefined {
  if (isWireId(id) && !id.startsWith(ENCODED)) return id;
  const bytes = new TextEncoder().encode(id);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const encoded = ENCODED + btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return isWireId(encoded) ? encoded : undefined;
}

/** The local id a wire id stands for (undefined when it is not one `wireId` makes). */
export function localId(id: string): string | undefined {
  if (!isWireId(id)) return undefined;
  if (!id.startsWith(ENCODED)) return id;
  try {
    const binary = atob(id.slice(ENCODED.length).replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    return text && wireId(text) === id ? text : undefined;
  } catch {
    return undefined;
  }
}

/** An attachment on the wire: its bytes are the blob named by `sha256`. */
export interface WireAttachment {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  sha256: string;
}

/** A stored node's rev: what the widget stamped on it when it saved it, or took from the server. */
export const revOf = (node: NodeRecord): number => {
  const rev = (node as NodeRecord & { rev?: unknown }).rev;
  return typeof rev === 'number' && Number.isSafeInteger(rev) && rev > 0 ? rev : 1;
};

/**
 * A node record for the wire: undefined when one of its ids cannot go on it. `hashes` gives the
 * SHA-256 of each attachment's bytes (by attachment id); one without is sent named, without bytes.
 */
export function nodeToWire(node: NodeRecord, hashes: ReadonlyMap<string, string>): WireNode | undefined {
  const id = wireId(node.id);
  const parentId = node.parentId === null ? null : wireId(node.parentId);
  if (id === undefined || parentId === undefined) return undefined;
  let { turn } = node;
  if (turn.role === 'user' && turn.attachments?.length) {
    const attachments = turn.attachments.map(({ blob: _bytes, url: _url, ...rest }) => {
      const sha256 = hashes.get(rest.id);
      return sha256 ? { ...rest, sha256 } : rest;
    });
    turn = { ...turn, attachments } as Turn;
  }
  return { id, parentId, rev: revOf(node), seq: node.seq, turn: turn as unknown as Record<string, unknown> };
}

/** A node taken out of the tree, for the wire. */
export function deletedToWire(nodeId: string, rev: number): WireNode | undefined {
  const id = wireId(nodeId);
  return id === undefined ? undefined : { id, parentId: null, rev, deleted: true };
}

export type NodeFromWire = { kind: 'node'; node: NodeRecord & { rev: number } } | { kind: 'deleted'; id: string; rev: number } | { kind: 'invalid' };

/**
 * A node from the server as the widget stores it (checked as any stored node is); an attachment
 * that names a blob keeps its `sha256` until its bytes are fetched.
 */
export function nodeFromWire(threadId: string, wire: unknown): NodeFromWire {
  if (!isRecord(wire) || typeof wire.id !== 'string' || typeof wire.rev !== 'number' || !Number.isSafeInteger(wire.rev) || wire.rev < 1) return { kind: 'invalid' };
  const id = localId(wire.id);
  if (id === undefined) return { kind: 'invalid' };
  if (wire.deleted === true) return { kind: 'deleted', id, rev: wire.rev };
  const parentId = wire.parentId === null ? null : typeof wire.parentId === 'string' ? localId(wire.parentId) : undefined;
  if (parentId === undefined) return { kind: 'invalid' };
  let { turn } = wire;
  if (isRecord(turn) && turn.role === 'user' && Array.isArray(turn.attachments)) {
    turn = { ...turn, attachments: turn.attachments.map(attachmentFromWire) };
  }
  const node = parseNodeRecord({ threadId, id, parentId, seq: wire.seq, turn, rev: wire.rev });
  // An approval of a page tool's call answered elsewhere but not acted on is asked here again.
  return node ? { kind: 'node', node: withLocalApprovalsAskedAgain(node) as NodeRecord & { rev: number } } : { kind: 'invalid' };
}

/** Keeps only the fields an attachment has, and a `sha256` only when it is a blob's name. */
function attachmentFromWire(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const { id, name, mimeType, size, sha256 } = value;
  const kept: Record<string, unknown> = { id, name, mimeType, size };
  if (typeof sha256 === 'string' && BLOB_NAME.test(sha256)) kept.sha256 = sha256;
  return kept;
}

/** The blobs a node's attachments name whose bytes are not here yet. */
export function missingBlobs(node: NodeRecord): string[] {
  const { turn } = node;
  if (turn.role !== 'user' || !turn.attachments) return [];
  return turn.attachments.flatMap((item) => {
    const sha256 = (item as Attachment & { sha256?: unknown }).sha256;
    return !item.blob && typeof sha256 === 'string' && BLOB_NAME.test(sha256) ? [sha256] : [];
  });
}

/** The node with the fetched bytes (by SHA-256) put into its attachments. */
export function withBlobs(node: NodeRecord, blobs: ReadonlyMap<string, Blob>): NodeRecord {
  const { turn } = node;
  if (turn.role !== 'user' || !turn.attachments) return node;
  const attachments = turn.attachments.map((item) => {
    const blob = blobs.get((item as Attachment & { sha256?: string }).sha256 ?? '');
    return blob && !item.blob ? { ...item, blob: blob.type === item.mimeType ? blob : new Blob([blob], { type: item.mimeType }) } : item;
  });
  return { ...node, turn: { ...turn, attachments } };
}
