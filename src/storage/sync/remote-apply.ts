/**
 * The sync's reads and writes of the chat history, each one transaction of the thread store. What
 * comes from the server is written here, never through the store's journal: it is owed to nobody.
 */
import { parseThreadRecord, type NodeRecord, type ThreadRecord } from '../records.js';
import type { WireThread } from '../sync-wire.js';
import type { ThreadStore } from '../thread-store.js';
import { mergedThreadRecord, remoteWins } from './remote-merge.js';
import { missingBlobs, withBlobs } from './remote-wire.js';

export interface RemoteChanges {
  /** The server's view of the thread (its title, when it changed last); undefined to keep the stored record's. */
  thread?: WireThread & { localId: string };
  nodes: (NodeRecord & { rev: number })[];
  deleted: { id: string; rev: number }[];
  /** A title named here is still owed to the server: the server's does not replace it. */
  titleWaits: boolean;
}

/**
 * Writes what the server has of thread `threadId` where it is newer than what is stored. Resolves
 * with the record as stored and whether anything of the thread changed; undefined when there is no
 * record and the server gave none.
 */
export async function applyRemote(store: ThreadStore, threadId: string, changes: RemoteChanges): Promise<{ record: ThreadRecord; changed: boolean } | undefined> {
  return store.run(['threads', 'nodes'], 'readwrite', async (tx) => {
    const threads = tx.objectStore('threads');
    const nodeStore = tx.objectStore('nodes');
    const storedRaw: unknown = await threads.get(threadId);
    const stored = storedRaw === undefined ? undefined : parseThreadRecord(storedRaw);
    const remote = changes.thread ?? (stored ? { id: threadId, localId: threadId, title: stored.title, updatedAt: new Date(stored.updated).toISOString() } : undefined);
    // Nodes of a thread there is no record of, and none given: nothing is written.
    if (!remote) return undefined;
    const locals = await Promise.all(changes.nodes.map((node) => nodeStore.get([threadId, node.id])));
    const added: NodeRecord[] = [];
    const writes: Promise<unknown>[] = [];
    changes.nodes.forEach((node, index) => {
      const local = locals[index] as NodeRecord | undefined;
      if (!remoteWins(local, node.rev)) return;
      if (!local) added.push(node);
      // Bytes fetched here before stay with a newer version of the same attachment.
      writes.push(nodeStore.put(local ? keepBlobs(node, local) : node));
    });
    const gone = await Promise.all(changes.deleted.map(({ id }) => nodeStore.get([threadId, id])));
    changes.deleted.forEach(({ id, rev }, index) => {
      const local = gone[index] as NodeRecord | undefined;
      if (local && remoteWins(local, rev)) writes.push(nodeStore.delete([threadId, id]));
    });
    const changed = writes.length > 0;
    const record = mergedThreadRecord(stored, remote, { added, changed, titleWaits: changes.titleWaits });
    if (!stored || JSON.stringify(record) !== JSON.stringify(stored)) writes.push(threads.put(record));
    await Promise.all(writes);
    return { record, changed: changed || record.title !== stored?.title };
  });
}

/**
 * A page of the server's list joined the stored records in one transaction: each thread's title and
 * time (a thread not here yet gets its record; its nodes are read later). Resolves with the records
 * that changed.
 */
export function applyListed(store: ThreadStore, listed: readonly { thread: WireThread & { localId: string }; titleWaits: boolean }[]): Promise<ThreadRecord[]> {
  return store.run(['threads'], 'readwrite', async (tx) => {
    const threads = tx.objectStore('threads');
    const stored = await Promise.all(listed.map(({ thread }) => threads.get(thread.localId)));
    const changed: ThreadRecord[] = [];
    listed.forEach(({ thread, titleWaits }, index) => {
      const raw: unknown = stored[index];
      const before = raw === undefined ? undefined : parseThreadRecord(raw);
      if (raw !== undefined && !before) return;
      const record = mergedThreadRecord(before, thread, { added: [], changed: false, titleWaits });
      if (before && record.title === before.title && record.updated === before.updated) return;
      changed.push(record);
      void threads.put(record).catch(() => {});
    });
    return changed;
  });
}

/** A node from the server keeps the bytes of the attachments the stored version had. */
function keepBlobs(node: NodeRecord, local: NodeRecord): NodeRecord {
  if (local.turn.role !== 'user' || !local.turn.attachments?.some((item) => item.blob)) return node;
  const blobs = new Map<string, Blob>();
  for (const item of local.turn.attachments) {
    const sha256 = (item as { sha256?: string }).sha256;
    if (item.blob && sha256) blobs.set(sha256, item.blob);
  }
  return withBlobs(node, blobs);
}

/** The thread's record and its nodes of ids `ids` (those stored). */
export function readOwed(store: ThreadStore, threadId: string, ids: readonly string[]): Promise<{ record?: ThreadRecord; nodes: Map<string, NodeRecord> }> {
  return store.run(['threads', 'nodes'], 'readonly', async (tx) => {
    const nodeStore = tx.objectStore('nodes');
    const [raw, ...nodes] = await Promise.all([tx.objectStore('threads').get(threadId), ...ids.map((id) => nodeStore.get([threadId, id]))]);
    const found = new Map<string, NodeRecord>();
    for (const node of nodes as (NodeRecord | undefined)[]) if (node) found.set(node.id, node);
    return { record: raw === undefined ? undefined : parseThreadRecord(raw), nodes: found };
  });
}

/** The blobs (by SHA-256, with their media type and size) the thread's attachments name but do not hold yet. */
export async function blobsMissing(store: ThreadStore, threadId: string): Promise<Map<string, { mimeType: string; size: number }>> {
  const found = await store.getThread(threadId);
  const missing = new Map<string, { mimeType: string; size: number }>();
  for (const node of found?.nodes ?? []) {
    for (const sha256 of missingBlobs(node)) {
      const item = node.turn.role === 'user' ? node.turn.attachments?.find((attachment) => (attachment as { sha256?: string }).sha256 === sha256) : undefined;
      if (item) missing.set(sha256, { mimeType: item.mimeType, size: item.size });
    }
  }
  return missing;
}

/**
 * Puts fetched bytes into the thread's attachments that name them; the thread counts as updated (so
 * it is shown again). Resolves with its record as stored now when any node took some.
 */
export function fillBlobs(store: ThreadStore, threadId: string, blobs: ReadonlyMap<string, Blob>): Promise<ThreadRecord | undefined> {
  return store.run(['threads', 'nodes'], 'readwrite', async (tx) => {
    const nodeStore = tx.objectStore('nodes');
    const nodes = (await nodeStore.index('threadId').getAll(threadId)) as NodeRecord[];
    const writes: Promise<unknown>[] = [];
    for (const node of nodes) {
      if (!missingBlobs(node).some((sha256) => blobs.has(sha256))) continue;
      writes.push(nodeStore.put(withBlobs(node, blobs)));
    }
    const record = parseThreadRecord(await tx.objectStore('threads').get(threadId));
    if (!record || writes.length === 0) return undefined;
    const updated = { ...record, updated: record.updated + 1 };
    await Promise.all([...writes, tx.objectStore('threads').put(updated)]);
    return updated;
  });
}
