/**
 * The chat history database: its schema, its versions and the upgrades between them.
 *
 * Version 1 (first shipped): `threads` (keyPath `id`) and `nodes` (keyPath `id`, index `threadId`).
 * Version 2: `nodes` keyed by `[threadId, id]` (node ids need only be unique within their thread,
 * e.g. in an imported copy of a thread), index `threadId` kept; `threads` gets an index `updated`.
 */
import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { NodeRecord, ThreadRecord } from './records.js';
import { STORAGE_MESSAGES, StorageError } from './storage-error.js';

export const DB_VERSION = 2;

export interface ChatDbSchema extends DBSchema {
  threads: { key: string; value: ThreadRecord; indexes: { updated: number } };
  nodes: { key: [string, string]; value: NodeRecord; indexes: { threadId: string } };
}

export type ChatDb = IDBPDatabase<ChatDbSchema>;

export interface OpenChatDbOptions {
  /** The IndexedDB factory; the page's `indexedDB` when not given. */
  factory?: IDBFactory;
  /** Another tab holds an older version open, so the upgrade waits until it closes. */
  onBlocked?: () => void;
  /**
   * The connection was closed from outside: `versionchange` when a newer version needed it
   * closed, `deleted` when the database is being deleted (e.g. by another tab), `terminated` when
   * the browser closed it abnormally.
   */
  onClose?: (reason: 'versionchange' | 'deleted' | 'terminated') => void;
}

/**
 * Opens (creating or upgrading) the database `name`. It does what idb's `openDB` does (upgrade,
 * blocked, blocking, terminated), but on the given factory: `openDB` always uses the global
 * `indexedDB`. A connection that blocks a newer version closes itself so the newer one can open.
 */
export function openChatDb(name: string, options: OpenChatDbOptions = {}): Promise<ChatDb> {
  const factory = options.factory ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) return Promise.reject(new StorageError('unavailable', STORAGE_MESSAGES.unavailable));
  let request: IDBOpenDBRequest;
  try {
    request = factory.open(name, DB_VERSION);
  } catch (error) {
    return Promise.reject(error);
  }
  const opened = wrap(request) as unknown as Promise<ChatDb>;
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as unknown as ChatDb;
    const tx = wrap(request.transaction!) as unknown as IDBPTransaction<ChatDbSchema, ('threads' | 'nodes')[], 'versionchange'>;
    upgrade(db, event.oldVersion, tx);
  });
  request.addEventListener('blocked', () => options.onBlocked?.());
  opened.then(
    (db) => {
      db.addEventListener('close', () => options.onClose?.('terminated'));
      db.addEventListener('versionchange', (event) => {
        db.close();
        options.onClose?.(event.newVersion === null ? 'deleted' : 'versionchange');
      });
    },
    () => {},
  );
  return opened;
}

function upgrade(db: ChatDb, oldVersion: number, tx: IDBPTransaction<ChatDbSchema, ('threads' | 'nodes')[], 'versionchange'>): void {
  if (oldVersion < 1) {
    const threads = db.createObjectStore('threads', { keyPath: 'id' });
    threads.createIndex('updated', 'updated');
    createNodesStore(db);
    return;
  }
  if (oldVersion < 2) {
    upgradeFrom1(db, tx).catch(() => {
      try {
        tx.abort();
      } catch {
        // already finished
      }
    });
  }
}

function createNodesStore(db: ChatDb): void {
  const nodes = db.createObjectStore('nodes', { keyPath: ['threadId', 'id'] });
  nodes.createIndex('threadId', 'threadId');
}

/** Copies every version 1 node into the new store and fills the thread fields version 1 lacked. */
async function upgradeFrom1(db: ChatDb, tx: IDBPTransaction<ChatDbSchema, ('threads' | 'nodes')[], 'versionchange'>): Promise<void> {
  const rawDb = db as unknown as IDBPDatabase;
  const rawTx = tx as unknown as IDBPTransaction<unknown, string[], 'versionchange'>;
  const oldNodes = rawTx.objectStore('nodes');
  (oldNodes as unknown as { name: string }).name = 'nodes-v1';
  createNodesStore(db);
  const newNodes = rawTx.objectStore('nodes');
  for (let cursor = await oldNodes.openCursor(); cursor; cursor = await cursor.continue()) {
    const node = cursor.value as Partial<NodeRecord> | undefined;
    // A node without a usable key cannot be stored (or shown); leave it behind.
    if (typeof node?.threadId === 'string' && typeof node.id === 'string') await newNodes.put(node);
  }
  rawDb.deleteObjectStore('nodes-v1');

  const threads = rawTx.objectStore('threads');
  threads.createIndex('updated', 'updated');
  for (let cursor = await threads.openCursor(); cursor; cursor = await cursor.continue()) {
    const thread = cursor.value as Partial<ThreadRecord> & Record<string, unknown>;
    if (typeof thread !== 'object' || thread === null) continue;
    const fixed = { ...thread };
    if (fixed.titleSource === undefined) fixed.titleSource = 'first-message';
    if (typeof fixed.updated !== 'number') fixed.updated = typeof fixed.created === 'number' ? fixed.created : 0;
    if (fixed.titleSource !== thread.titleSource || fixed.updated !== thread.updated) await cursor.update(fixed);
  }
}
