/**
 * What this device owes the server, kept in a small database of its own beside the chat history
 * (`{storage-key}#sync`), so the history's schema stays as it is for pages that only keep
 * conversations here. It survives reloads. Entries, per thread:
 * - `n:{node id}` — the node's version `rev` (or its removal, `deleted`) is not on the server yet;
 * - `t` — the thread's title is not;
 * - `x` — the thread was deleted here.
 * Beside them, `meta` keeps the change cursors, the threads whose nodes are still to be fetched,
 * the blobs already uploaded and the clock.
 *
 * The clock stamps every version saved here with a `rev` higher than any this device has made or
 * seen (the time in ms, or one more than the highest): a later state of a node wins over what it
 * was built on, on every device.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ThreadRecord } from '../records.js';
import type { StoreJournal } from '../thread-store.js';

export interface OutboxEntry {
  threadId: string;
  key: string;
  /** `n:` entries: the version owed (its removal when `deleted`); `t`: which naming is owed. */
  rev?: number;
  deleted?: true;
  /** When it was written (ms). */
  at: number;
}

interface SyncDbSchema extends DBSchema {
  outbox: { key: [string, string]; value: OutboxEntry; indexes: { threadId: string } };
  meta: { key: string; value: { key: string; value: unknown } };
}

export const nodeKey = (nodeId: string): string => 'n:' + nodeId;
/** A rev from elsewhere counts if it is no more than a day ahead of this device's clock (a later one would hold every version made here below it). */
const plausible = (rev: number): boolean => Number.isSafeInteger(rev) && rev > 0 && rev < Date.now() + 86_400_000;
const TITLE = 't';
const DELETED = 'x';
const ofThread = (threadId: string) => IDBKeyRange.bound([threadId], [threadId, []]);

export class SyncOutbox implements StoreJournal {
  private clock = 0;
  /** The title last sent (or heard from the server) per thread: a save with another one owes it. */
  private readonly titles = new Map<string, string>();
  /** Threads with something owed, as last read or written. */
  readonly pending = new Set<string>();

  private constructor(
    private readonly db: IDBPDatabase<SyncDbSchema>,
    /** Told after each write of the journal (a save here owes the server something). */
    private readonly wrote: () => void,
  ) {}

  static async open(name: string, wrote: () => void): Promise<SyncOutbox> {
    const db = await openDB<SyncDbSchema>(name, 1, {
      upgrade(database) {
        database.createObjectStore('outbox', { keyPath: ['threadId', 'key'] }).createIndex('threadId', 'threadId');
        database.createObjectStore('meta', { keyPath: 'key' });
      },
      blocking() {
        db.close();
      },
    });
    const outbox = new SyncOutbox(db, wrote);
    const clock = await outbox.meta<number>('clock');
    if (typeof clock === 'number') outbox.clock = clock;
    for (const threadId of await db.getAllKeysFromIndex('outbox', 'threadId').then((keys) => keys.map(([id]) => id))) outbox.pending.add(threadId);
    return outbox;
  }

  close(): void {
    this.db.close();
  }

  // ---- The journal: called by the thread store as it writes

  stamp(replacing?: unknown): number {
    const above = typeof replacing === 'number' && plausible(replacing) ? replacing + 1 : 0;
    this.clock = Math.min(Number.MAX_SAFE_INTEGER, Math.max(Date.now(), this.clock + 1, above));
    return this.clock;
  }

  /** A rev seen from the server: later versions made here go above it (kept at once, for the other tabs and the next visit). */
  observe(rev: number): void {
    if (rev <= this.clock || !plausible(rev)) return;
    this.clock = rev;
    void this.setMeta('clock', rev).catch(() => {});
  }

  saved(thread: ThreadRecord, nodes: readonly { id: string; rev: number }[], removed: readonly { id: string; rev: number }[]): void {
    const at = Date.now();
    const entries: OutboxEntry[] = [
      ...nodes.map(({ id, rev }) => ({ threadId: thread.id, key: nodeKey(id), rev, at })),
      ...removed.map(({ id, rev }): OutboxEntry => ({ threadId: thread.id, key: nodeKey(id), rev, deleted: true, at })),
    ];
    if (this.titles.get(thread.id) !== thread.title) entries.push({ threadId: thread.id, key: TITLE, rev: this.stamp(), at });
    this.write(thread.id, entries);
  }

  renamed(threadId: string): void {
    this.titles.delete(threadId);
    this.write(threadId, [{ threadId, key: TITLE, rev: this.stamp(), at: Date.now() }]);
  }

  deleted(threadId: string): void {
    this.write(threadId, [{ threadId, key: DELETED, at: Date.now() }], true);
  }

  /** Writes `entries` (after dropping the thread's others, with `replace`) in a transaction started now. */
  private write(threadId: string, entries: OutboxEntry[], replace = false): void {
    if (entries.length === 0) return;
    this.pending.add(threadId);
    const tx = this.db.transaction(['outbox', 'meta'], 'readwrite');
    const outbox = tx.objectStore('outbox');
    if (replace) void outbox.delete(ofThread(threadId)).catch(() => {});
    for (const entry of entries) void outbox.put(entry).catch(() => {});
    void tx
      .objectStore('meta')
      .put({ key: 'clock', value: this.clock })
      .catch(() => {});
    tx.done.then(this.wrote, () => console.warn('<agent-chat>: a change could not be noted for the server; it goes with the next change of its conversation.'));
  }

  // ---- The sync's side

  /** The thread's entries, and what they say. */
  async owed(threadId: string): Promise<{ entries: OutboxEntry[]; deleted: boolean; title?: OutboxEntry; nodes: OutboxEntry[] }> {
    const entries = await this.db.getAll('outbox', ofThread(threadId));
    if (entries.length === 0) this.pending.delete(threadId);
    return {
      entries,
      deleted: entries.some((entry) => entry.key === DELETED),
      title: entries.find((entry) => entry.key === TITLE),
      nodes: entries.filter((entry) => entry.key.startsWith('n:')),
    };
  }

  /** What was sent is on the server: its entries go, unless a later version was noted meanwhile. */
  async settle(threadId: string, sent: readonly { key: string; rev?: number }[], title?: string): Promise<void> {
    const tx = this.db.transaction('outbox', 'readwrite');
    for (const { key, rev } of sent) {
      const entry = await tx.store.get([threadId, key]);
      if (entry && (entry.rev === undefined || rev === undefined || entry.rev <= rev)) await tx.store.delete([threadId, key]);
    }
    const left = await tx.store.count(ofThread(threadId));
    await tx.done;
    if (title !== undefined) this.titles.set(threadId, title);
    if (left === 0) this.pending.delete(threadId);
  }

  /** Nothing of the thread is owed any more (it is deleted, or can never go). */
  async drop(threadId: string): Promise<void> {
    await this.db.delete('outbox', ofThread(threadId));
    this.pending.delete(threadId);
    this.titles.delete(threadId);
  }

  /** The server's title for the thread: the next save owes nothing for it. */
  heardTitle(threadId: string, title: string): void {
    this.titles.set(threadId, title);
  }

  /** Threads with something owed, the longest waiting first. */
  async threads(): Promise<string[]> {
    const entries = await this.db.getAll('outbox');
    const first = new Map<string, number>();
    for (const { threadId, at } of entries) first.set(threadId, Math.min(at, first.get(threadId) ?? Infinity));
    this.pending.clear();
    for (const id of first.keys()) this.pending.add(id);
    return [...first].sort((a, b) => a[1] - b[1]).map(([id]) => id);
  }

  /** The threads whose deletion (`x`) or title (`t`) is owed. */
  async owedThreadOps(): Promise<{ deleted: Set<string>; titled: Set<string> }> {
    const deleted = new Set<string>();
    const titled = new Set<string>();
    for (const { threadId, key } of await this.db.getAll('outbox')) {
      if (key === DELETED) deleted.add(threadId);
      else if (key === TITLE) titled.add(threadId);
    }
    return { deleted, titled };
  }

  /** The store's URL: when it is another than last time, what was known of that one goes (not what is owed, nor the clock). */
  async forServer(url: string): Promise<void> {
    const was = await this.meta<string>('url');
    if (was === url) return;
    if (was !== undefined) {
      const known = ['cursor', 'seeded', ...(await this.metaKeys('c:')), ...(await this.metaKeys('w:')), ...(await this.metaKeys('b:')), ...(await this.metaKeys('s:'))];
      await this.setMetas(known.map((key) => [key, undefined]));
      this.titles.clear();
    }
    await this.setMeta('url', url);
  }

  /** Sets several meta keys in one transaction. */
  async setMetas(entries: readonly [string, unknown][]): Promise<void> {
    const tx = this.db.transaction('meta', 'readwrite');
    for (const [key, value] of entries) void (value === undefined ? tx.store.delete(key) : tx.store.put({ key, value })).catch(() => {});
    await tx.done;
  }

  async meta<T>(key: string): Promise<T | undefined> {
    return (await this.db.get('meta', key))?.value as T | undefined;
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    await (value === undefined ? this.db.delete('meta', key) : this.db.put('meta', { key, value }));
  }

  /** Meta keys beginning with `prefix`. */
  async metaKeys(prefix: string): Promise<string[]> {
    return (await this.db.getAllKeys('meta', IDBKeyRange.bound(prefix, prefix + '\uffff'))).map(String);
  }
}
