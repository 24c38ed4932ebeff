/**
 * The thread store's wire, shared by the sync client and the server handler (`server/`): what an
 * id may be, the shapes of the answers, and the default size limits. No DOM, no Node: both sides
 * import it.
 */

/** Thread, node and blob ids: 1–200 of letters, digits, `.`, `_`, `:` and `-` (and never `.` or `..`). */
export const WIRE_ID = /^[A-Za-z0-9._:-]{1,200}$/;

export function isWireId(value: unknown): value is string {
  return typeof value === 'string' && WIRE_ID.test(value) && value !== '.' && value !== '..';
}

/** A blob's name: the SHA-256 of its bytes, in lower-case hex. */
export const BLOB_NAME = /^[0-9a-f]{64}$/;

/** A thread as listed. `updatedAt` is ISO 8601 UTC; `deleted` only in a list of changes (`since`). */
export interface WireThread {
  id: string;
  title: string;
  updatedAt: string;
  deleted?: true;
}

/**
 * A node of a thread's tree: `id`, `parentId` and `rev` are checked by the server, the rest (the
 * turn, its attachments as `{sha256, mimeType, name, size}`) is stored as it is. A later state of
 * the node is a higher `rev`; `deleted` marks a node taken out of the tree.
 */
export interface WireNode {
  id: string;
  parentId: string | null;
  rev: number;
  deleted?: boolean;
  [field: string]: unknown;
}

/** `GET threads`: newest first, a page at a time (`nextCursor`), and the change cursor (`cursor`) for `since`. */
export interface ThreadListAnswer {
  threads: WireThread[];
  nextCursor: string | null;
  cursor: string;
}

/** `GET threads/{id}`: the thread, its nodes (those changed after `since` when given) and the change cursor. */
export interface ThreadAnswer {
  thread: WireThread;
  nodes: WireNode[];
  cursor: string;
}

/** `POST threads/{id}/nodes`: the change cursor, and the stored versions of the nodes sent that lost to a higher `rev`. */
export interface AppendAnswer {
  cursor: string;
  stale: WireNode[];
}

/** What the server accepts by default: JSON bodies, one blob, nodes in one request. */
export const DEFAULT_LIMITS = { json: 4 * 1024 * 1024, blob: 25 * 1024 * 1024, nodes: 5000 } as const;

/** How many threads one list page holds at most (and by default). */
export const LIST_LIMIT = { max: 200, default: 50 } as const;
