/**
 * The chat history: every thread and its nodes in IndexedDB. Each call is one transaction (all or
 * nothing); every method rejects only with a StorageError. What is read back is validated; bad
 * stored records are left out with a warning instead of breaking the rest.
 */
import type { IDBPTransaction } from 'idb';
import { newId } from '../internal/ids.js';
import { openChatDb, type ChatDb, type ChatDbSchema } from './db.js';
import { parseNodeRecord, parseThreadExport, parseThreadRecord, EXPORT_FORMAT, EXPORT_VERSION, type NodeRecord, type ThreadExport, type ThreadRecord } from './records.js';
import { portableNodes } from './attachment-records.js';
import { putNode } from './storable.js';
import { STORAGE_MESSAGES, StorageError, errorName, toStorageError } from './storage-error.js';

type StoreName = 'threads' | 'nodes';
type Tx<Mode extends IDBTransactionMode> = IDBPTransaction<ChatDbSchema, StoreName[], Mode>;

const NO_SUCH_THREAD = 'There is no saved conversation with this id.';

/** All keys of the nodes store that belong to one thread (`[threadId, any node id]`). */
const nodesOf = (threadId: string) => IDBKeyRange.bound([threadId], [threadId, []]);

export interface ThreadStoreOptions {
  /** The IndexedDB factory; the page's `indexedDB` when not given. */
  factory?: IDBFactory;
  /** How long an upgrade may wait for other tabs to close the old version. Default 5000. */
  blockedTimeoutMs?: number;
}

/**
 * Told of each write the store makes for the person (not of what it stores from the server), in
 * the same turn: what the server is owed (`sync/sync-outbox.ts`). Each node version written gets a
 * `rev` from `stamp()`.
 */
export interface StoreJournal {
  /** A rev above every one this device made or saw, and above `replacing` (the version it replaces). */
  stamp(replacing?: unknown): number;
  saved(thread: ThreadRecord, nodes: readonly { id: string; rev: number }[], removed: readonly { id: string; rev: number }[]): void;
  renamed(threadId: string): void;
  deleted(threadId: string): void;
}

export class ThreadStore {
  /** Set while conversations are also kept on a server (`storage="remote"`). */
  journal?: StoreJournal;
  private readonly db: ChatDb;
  /** Set once the connection is closed (by `close()` or from outside): what later calls reject with. */
  private closedError?: StorageError;

  private constructor(db: ChatDb) {
    this.db = db;
  }

  /**
   * Opens (creating or upgrading) the database `name`. Rejects with a StorageError: `unavailable`
   * when there is no IndexedDB at all or it refuses; `blocked` when the upgrade stays blocked for
   * more than `blockedTimeoutMs` because another tab keeps the old version open (the upgrade then
   * still happens once that tab lets go; the connection it yields is closed at once).
   *
   * When a newer version of the database (or a delete) later wants this connection, it closes
   * itself so the other side can proceed; from then on every call rejects with a StorageError
   * (`failed`) telling the person to reload. The same after the browser terminates the
   * connection (it is not reopened).
   */
  static open(name: string, options: ThreadStoreOptions = {}): Promise<ThreadStore> {
    const timeoutMs = options.blockedTimeoutMs ?? 5000;
    return new Promise((resolve, reject) => {
      let store: ThreadStore | undefined;
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const opening = openChatDb(name, {
        factory: options.factory,
        onBlocked: () => {
          timer ??= setTimeout(() => {
            if (settled) return;
            settled = true;
            reject(new StorageError('blocked', STORAGE_MESSAGES.blocked));
          }, timeoutMs);
        },
        onClose: (reason) => {
          if (!store || store.closedError) return;
          const message = reason === 'versionchange' ? STORAGE_MESSAGES.closedByNewerVersion : reason === 'deleted' ? STORAGE_MESSAGES.deleted : STORAGE_MESSAGES.closed;
          store.closedError = new StorageError('failed', message);
        },
      });
      opening.then(
        (db) => {
          clearTimeout(timer);
          if (settled) {
            db.close(); // the caller has been told it is blocked; nobody owns this connection
            return;
          }
          settled = true;
          store = new ThreadStore(db);
          resolve(store);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          reject(openError(error));
        },
      );
    });
  }

  /** Whether thread `id` is stored (a count of one key: nothing is read). */
  async hasThread(id: string): Promise<boolean> {
    return (await this.run(['threads'], 'readonly', (tx) => tx.objectStore('threads').count(id))) > 0;
  }

  /** Most recently updated first. Stored threads that fail validation are left out with a warning. */
  async listThreads(): Promise<ThreadRecord[]> {
    const stored = await this.run(['threads'], 'readonly', (tx) => tx.objectStore('threads').index('updated').getAll());
    const threads = stored.map((record) => parseThreadRecord(record));
    const valid = threads.filter((thread): thread is ThreadRecord => thread !== undefined);
    if (valid.length < threads.length) {
      console.warn(`agent-chat: left out ${threads.length - valid.length} stored thread(s) that are not valid.`);
    }
    return valid.reverse();
  }

  /**
   * The thread and all its nodes (sorted by seq); undefined when there is none. Stored nodes that
   * fail validation are left out with one console.warn (the rest still loads).
   */
  async getThread(id: string): Promise<{ thread: ThreadRecord; nodes: NodeRecord[] } | undefined> {
    const [storedThread, storedNodes] = await this.run(['threads', 'nodes'], 'readonly', (tx) =>
      Promise.all([tx.objectStore('threads').get(id), tx.objectStore('nodes').index('threadId').getAll(id)]),
    );
    if (storedThread === undefined) return undefined;
    const thread = parseThreadRecord(storedThread);
    if (!thread) {
      console.warn(`agent-chat: the stored thread ${JSON.stringify(id)} is not valid and was not loaded.`);
      return undefined;
    }
    return { thread, nodes: validNodes(id, storedNodes) };
  }

  /**
   * The thread and the end of the path it shows: the nodes from `currentLeaf` up, at most
   * `count` + 1 (the +1 is the node above the first of `count` turns, when there is one), root
   * side first. One transaction of gets by key, so the cost follows `count`, not the thread. A
   * thread of at most `wholeUpTo` nodes is read whole instead (`nodes`, as `getThread` gives them).
   * `path` is undefined when the path cannot be walked (no `currentLeaf`, it is missing or not
   * valid, or the parents loop): read the whole thread then. A parent missing or not valid ends
   * the path there, as in `getThread` (its child becomes a root). Undefined when there is no thread.
   */
  async getPathEnd(id: string, count: number, wholeUpTo = 0): Promise<{ thread: ThreadRecord; path?: NodeRecord[]; nodes?: NodeRecord[] } | undefined> {
    const read = await this.run(['threads', 'nodes'], 'readonly', async (tx) => {
      const storedThread: unknown = await tx.objectStore('threads').get(id);
      const thread = storedThread === undefined ? undefined : parseThreadRecord(storedThread);
      if (!thread) return { found: storedThread !== undefined };
      const nodes = tx.objectStore('nodes');
      if (wholeUpTo > 0 && (await nodes.count(nodesOf(id))) <= wholeUpTo) {
        return { found: true, thread, nodes: validNodes(id, await nodes.getAll(nodesOf(id))) };
      }
      const path: NodeRecord[] = [];
      const seen = new Set<string>();
      for (let next = thread.currentLeaf ?? null; next !== null && path.length <= count;) {
        if (seen.has(next)) return { found: true, thread };
        seen.add(next);
        const node = parseNodeRecord(await nodes.get([id, next]));
        if (!node) break;
        path.push(node);
        next = node.parentId;
      }
      return { found: true, thread, path: path.length > 0 ? path.reverse() : undefined };
    });
    if (!read.thread) {
      if (read.found) console.warn(`agent-chat: the stored thread ${JSON.stringify(id)} is not valid and was not loaded.`);
      return undefined;
    }
    return { thread: read.thread, path: read.path, nodes: read.nodes };
  }

  /**
   * Up to `count` nodes of the thread that come after node id `after` in key order (from the
   * first when undefined), in a transaction of their own: the whole thread, read piece by piece.
   * `last` is the id to go on from (undefined once there is no more); `invalid` counts the nodes
   * left out because they are not valid.
   */
  async readNodes(threadId: string, after: string | undefined, count: number): Promise<{ nodes: NodeRecord[]; last?: string; invalid: number }> {
    const range = after === undefined ? nodesOf(threadId) : IDBKeyRange.bound([threadId, after], [threadId, []], true, false);
    const stored: unknown[] = await this.run(['nodes'], 'readonly', (tx) => tx.objectStore('nodes').getAll(range, count));
    const nodes: NodeRecord[] = [];
    for (const record of stored) {
      const node = parseNodeRecord(record);
      if (node) nodes.push(node);
    }
    const lastId = (stored[stored.length - 1] as { id?: unknown } | undefined)?.id;
    return { nodes, last: stored.length === count && typeof lastId === 'string' ? lastId : undefined, invalid: stored.length - nodes.length };
  }

  /**
   * In one transaction: deletes `removedNodeIds` of the thread, puts the nodes, and puts the thread
   * record, keeping `created` of a stored one and never moving `updated` backwards. All or
   * nothing: on failure the database is as it was and the call rejects with a StorageError.
   * Resolves with the thread record as stored.
   *
   * Every request is made before this returns, so the transaction is under way at once. With
   * `commit` (the page is going away) it is also committed at once, nothing waiting on a read: a
   * transaction that waits for a request's answer does not complete in a page that unloads. The
   * record's `created` and `updated` are then stored as given.
   */
  async save(thread: ThreadRecord, nodes: readonly NodeRecord[], removedNodeIds: readonly string[] = [], { commit = false }: { commit?: boolean } = {}): Promise<ThreadRecord> {
    const stray = nodes.find((node) => node.threadId !== thread.id);
    if (stray) {
      throw new StorageError('invalid', `The node ${JSON.stringify(stray.id)} belongs to another thread than the one being saved.`);
    }
    const { journal } = this;
    const stamped = journal ? nodes.map((node) => ({ ...node, rev: journal.stamp((node as { rev?: unknown }).rev) })) : nodes;
    const saving = this.run(['threads', 'nodes'], 'readwrite', async (tx) => {
      const requests = new Requests();
      const threads = tx.objectStore('threads');
      const nodeStore = tx.objectStore('nodes');
      // Requests run in order: this reads the record as it was before the put below.
      const storedThread = commit ? undefined : requests.result(threads.get(thread.id));
      for (const id of removedNodeIds) requests.add(nodeStore.delete([thread.id, id]));
      for (const node of stamped) requests.add(putNode(nodeStore, node));
      requests.add(threads.put(thread));
      let record = thread;
      if (commit) {
        tx.commit?.();
      } else {
        const stored = (await storedThread) as Partial<ThreadRecord> | undefined;
        const created = typeof stored?.created === 'number' ? stored.created : thread.created;
        const updated = typeof stored?.updated === 'number' ? Math.max(stored.updated, thread.updated) : thread.updated;
        if (created !== thread.created || updated !== thread.updated) {
          record = { ...thread, created, updated };
          requests.add(threads.put(record));
        }
      }
      await requests.all();
      return record;
    });
    if (journal)
      journal.saved(
        thread,
        stamped as (NodeRecord & { rev: number })[],
        removedNodeIds.map((id) => ({ id, rev: journal.stamp() })),
      );
    return saving;
  }

  /** Renames the thread: titleSource `person`, updated now. Rejects `invalid` if there is no such thread. */
  async renameThread(id: string, title: string): Promise<void> {
    await this.run(['threads'], 'readwrite', async (tx) => {
      const threads = tx.objectStore('threads');
      const stored = await threads.get(id);
      if (!stored) throw new StorageError('invalid', NO_SUCH_THREAD);
      const updated = Math.max(Date.now(), typeof stored.updated === 'number' ? stored.updated : 0);
      await threads.put({ ...stored, title, titleSource: 'person', updated });
    });
    this.journal?.renamed(id);
  }

  /** Deletes the thread and all its nodes, in one transaction. */
  async deleteThread(id: string): Promise<void> {
    await this.run(['threads', 'nodes'], 'readwrite', (tx) => Promise.all([tx.objectStore('threads').delete(id), tx.objectStore('nodes').delete(nodesOf(id))]));
    this.journal?.deleted(id);
  }

  /** Deletes the thread and its nodes as the server asks: nothing is owed for it. */
  async forgetThread(id: string): Promise<void> {
    await this.run(['threads', 'nodes'], 'readwrite', (tx) => Promise.all([tx.objectStore('threads').delete(id), tx.objectStore('nodes').delete(nodesOf(id))]));
  }

  /** The thread as a file (see `ThreadExport`). Rejects `invalid` if there is no such thread. */
  async exportThread(id: string): Promise<ThreadExport> {
    const found = await this.getThread(id);
    if (!found) throw new StorageError('invalid', NO_SUCH_THREAD);
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported: Date.now(),
      thread: found.thread,
      nodes: await portableNodes(found.nodes.map(({ threadId: _threadId, ...node }) => node)),
    };
  }

  /**
   * Stores an exported thread (the object or its JSON text). An invalid file rejects with
   * StorageError `invalid` (message: what is wrong) and writes nothing. When a thread with the same
   * id exists, the import gets a new id (the title stays as it is). Returns the stored record.
   */
  async importThread(data: unknown): Promise<ThreadRecord> {
    const parsed = parseThreadExport(data);
    if (!parsed.ok) throw new StorageError('invalid', parsed.error);
    const { thread } = parsed.value;
    // A file's revs are not this device's versions: the nodes are new here.
    const nodes = parsed.value.nodes.map(({ rev: _rev, ...node }: (typeof parsed.value.nodes)[number] & { rev?: unknown }) => node);
    return this.run(['threads', 'nodes'], 'readwrite', async (tx) => {
      const threads = tx.objectStore('threads');
      // Kept on a server too, an import is always a new thread (its id may be one the server deleted).
      const taken = this.journal !== undefined || (await threads.count(thread.id)) > 0;
      const record: ThreadRecord = { ...thread, id: taken ? newId() : thread.id };
      const requests = new Requests();
      requests.add(threads.put(record));
      const nodeStore = tx.objectStore('nodes');
      for (const node of nodes) requests.add(putNode(nodeStore, { ...node, threadId: record.id }));
      await requests.all();
      return record;
    }).then((record) => {
      this.journal?.saved(
        record,
        nodes.map(({ id }) => ({ id, rev: 1 })),
        [],
      );
      return record;
    });
  }

  /** Closes the connection; later calls reject with a StorageError. */
  close(): void {
    this.closedError ??= new StorageError('failed', STORAGE_MESSAGES.closed);
    this.db.close();
  }

  /**
   * Runs `body` in one transaction and resolves once the transaction has committed. `body` may
   * await only requests of the transaction. On any failure the transaction is aborted (nothing of
   * it is kept) and the call rejects with a StorageError.
   */
  async run<T, Mode extends IDBTransactionMode>(stores: StoreName[], mode: Mode, body: (tx: Tx<Mode>) => Promise<T>): Promise<T> {
    if (this.closedError) throw this.closedError;
    let tx: Tx<Mode>;
    try {
      tx = this.db.transaction(stores, mode) as Tx<Mode>;
    } catch (error) {
      throw this.closedError ?? toStorageError(error);
    }
    const done = tx.done;
    try {
      const result = await body(tx);
      await done;
      return result;
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // already committed or aborted
      }
      await done.catch(() => {});
      // A failed request aborts its transaction: the transaction's error says why.
      const cause = errorName(error) === 'AbortError' && tx.error ? tx.error : error;
      throw error instanceof StorageError ? error : (this.closedError ?? toStorageError(cause));
    }
  }
}

/** Requests issued together: each rejection is handled, and `all()` waits for them all. */
class Requests {
  private readonly pending: Promise<unknown>[] = [];

  /** Runs `request` with the others: `all()` settles with them (a failure is seen there, not here). */
  add(request: Promise<unknown>): void {
    void this.result(request);
  }

  /** `add`, keeping the request's own result too. */
  result<T>(request: Promise<T>): Promise<T> {
    request.catch(() => {});
    this.pending.push(request);
    return request;
  }

  all(): Promise<unknown[]> {
    return Promise.all(this.pending);
  }
}

/** The valid ones of a thread's stored nodes, by seq; those left out get one console.warn. */
function validNodes(id: string, stored: readonly unknown[]): NodeRecord[] {
  const nodes: NodeRecord[] = [];
  for (const record of stored) {
    const node = parseNodeRecord(record);
    if (node) nodes.push(node);
  }
  if (nodes.length < stored.length) {
    console.warn(`agent-chat: left out ${stored.length - nodes.length} stored node(s) of thread ${JSON.stringify(id)} that are not valid.`);
  }
  return nodes.sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Opening fails: a browser that refuses IndexedDB (private mode, disabled storage) is `unavailable`. */
function openError(error: unknown): StorageError {
  const name = errorName(error);
  if (name === 'InvalidStateError' || name === 'UnknownError') {
    return new StorageError('unavailable', STORAGE_MESSAGES.unavailable, { cause: error });
  }
  return toStorageError(error);
}
