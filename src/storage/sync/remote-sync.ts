/**
 * `storage="remote"`: keeps the chat history (IndexedDB, still the copy the chat opens from and
 * works on offline) in step with the thread store at `storage-url`. A sync sends what is owed
 * (`remote-push.ts`), then reads what changed on the server since its change cursor: the list of
 * threads a page at a time, then the nodes of each changed thread, the one shown first. It runs at
 * start, soon after each save (batched), when the network comes back, when the server announces a
 * change (`change-feed.ts`) and when a thread is opened; one tab of the page at a time (Web Locks).
 * A 401 or 403 pauses it until the person signs in again or dismisses the notice; nothing owed is
 * dropped meanwhile.
 */
import type { AgentChatSyncDetail } from '../../events.js';
import { isRecord } from '../../internal/guards.js';
import type { ThreadStore } from '../thread-store.js';
import { LIST_LIMIT, type WireThread } from '../sync-wire.js';
import { ChangeFeed } from './change-feed.js';
import { applyListed, applyRemote, blobsMissing, fillBlobs, type RemoteChanges } from './remote-apply.js';
import { RemoteClient, SyncFailure, type RemoteSettings } from './remote-client.js';
import { RemotePush } from './remote-push.js';
import { localId, nodeFromWire, wireId } from './remote-wire.js';
import { SyncOutbox } from './sync-outbox.js';

/** How long after a save the sync waits for more (ms): a streaming reply is sent in a few requests, not per delta. */
export const SYNC_DELAY_MS = 500;
/** The longest a save waits while more keep coming (a long reply streaming), ms. */
const SYNC_MAX_DELAY_MS = 5000;
/** Threads whose nodes one sync reads besides the one shown; the rest go in the next. */
const THREADS_PER_SYNC = 50;

export interface RemoteSyncHost {
  store(): ThreadStore | undefined;
  settings(): RemoteSettings;
  /** The thread shown. */
  shownId(): string;
  /** The server changed thread `threadId` here (`record` as stored now), or deleted it. */
  changed(threadId: string, kind: 'saved' | 'deleted', record?: { title: string; updated: number }): void;
  /** How the sync stands (`agent-chat-sync`); also when the marks of the list change. */
  status(detail: AgentChatSyncDetail): void;
  /** The server refused the person (401/403): shown until it works again (undefined). */
  signedOut(message: string | undefined): void;
}

export class RemoteSync {
  private readonly client: RemoteClient;
  private readonly push: RemotePush;
  private readonly feed: ChangeFeed;
  private timer?: ReturnType<typeof setTimeout>;
  /** When the first save not synced yet asked for a sync (ms). */
  private dueSince?: number;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private refusedBy?: SyncFailure;
  private failures = 0;
  private last?: AgentChatSyncDetail;
  /** The thread whose nodes are read first (opened now). */
  private urgent?: string;
  /** The person dismissed the signed-out notice: it is not shown again until a sync works. */
  private quiet = false;

  private constructor(
    readonly outbox: SyncOutbox,
    private readonly key: string,
    private readonly host: RemoteSyncHost,
  ) {
    this.client = new RemoteClient(() => host.settings());
    this.push = new RemotePush(this.client, outbox, {
      store: () => host.store(),
      stale: (threadId, nodes) => this.apply(threadId, nodes, undefined),
      refused: (_threadId, failure) => this.report({ ...this.detail(), status: 'error', message: failure.message }),
    });
    this.feed = new ChangeFeed(this.client, {
      heard: (cursor) => void this.heard(cursor),
      refused: (failure) => this.signOut(failure),
    });
  }

  /**
   * Opens what is owed for database `key` (`{key}#sync`); call `start()` once the store is given it
   * as its journal. What was known of another store (another `storage-url`) is forgotten: its cursors
   * mean nothing to this one, and everything here is owed to it.
   */
  static async open(key: string, host: RemoteSyncHost): Promise<RemoteSync> {
    let sync: RemoteSync | undefined;
    const outbox = await SyncOutbox.open(`${key}#sync`, () => sync?.soon());
    await outbox.forServer(new URL(host.settings().url, location.href).href);
    sync = new RemoteSync(outbox, key, host);
    return sync;
  }

  start(): void {
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    this.feed.start(`agent-chat-feed:${this.key}`);
    void this.now();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    this.feed.stop();
    this.outbox.close();
  }

  /** Threads with changes not on the server yet. */
  get pending(): ReadonlySet<string> {
    return this.outbox.pending;
  }

  /** A sync within SYNC_DELAY_MS (after a save: what follows it goes with it). */
  soon(): void {
    this.report(this.detail());
    if (this.stopped || this.refusedBy) return;
    clearTimeout(this.timer);
    const now = Date.now();
    this.dueSince ??= now;
    this.timer = setTimeout(() => void this.now(), Math.max(0, Math.min(SYNC_DELAY_MS, this.dueSince + SYNC_MAX_DELAY_MS - now)));
  }

  /** Thread `threadId` is opened: its nodes are read first, and the bytes of its files fetched. */
  opened(threadId: string): void {
    this.urgent = threadId;
    void this.now();
  }

  /**
   * The person signed in again, or dismissed the notice (`quietly`: should the store still refuse
   * them, the notice is not shown again until a sync works): the sync goes on.
   */
  resume(quietly: boolean): void {
    if (!this.refusedBy) return;
    this.refusedBy = undefined;
    this.quiet = quietly;
    this.host.signedOut(undefined);
    this.feed.start(`agent-chat-feed:${this.key}`);
    void this.now();
  }

  /** Syncs now (after the one under way, if any); settles when done. */
  now(): Promise<void> {
    clearTimeout(this.timer);
    this.dueSince = undefined;
    if (this.stopped || this.refusedBy) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.locked(() => this.once()).finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.now();
      }
    });
    return this.running;
  }

  /** One tab of the page syncs at a time: the others wait, then find little left to do. */
  private locked(body: () => Promise<void>): Promise<void> {
    const locks = (navigator as Navigator & { locks?: LockManager }).locks;
    return locks ? locks.request(`agent-chat-sync:${this.key}`, () => body()).then(() => undefined) : body();
  }

  private async once(): Promise<void> {
    if (!navigator.onLine) return this.report({ ...this.detail(), status: 'offline' });
    try {
      await this.push.seed();
      const waited = await this.push.all();
      await this.pullList();
      await this.pullThreads();
      this.failures = 0;
      this.quiet = false;
      if (this.refusedBy === undefined) this.report(this.detail());
      // A save whose version was noted before it landed: sent with the next sync.
      if (waited) this.soon();
    } catch (error) {
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    const failure = error instanceof SyncFailure ? error : new SyncFailure('server', `The sync failed (${String(error)}).`);
    if (failure.kind === 'unauthorized') return this.signOut(failure);
    this.report({ ...this.detail(), status: failure.kind === 'offline' ? 'offline' : 'error', message: failure.message });
    // Tried again later, ever more slowly (the network coming back tries at once).
    this.failures++;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.now(), Math.min(300_000, 2000 * 2 ** Math.min(this.failures, 8)));
  }

  private signOut(failure: SyncFailure): void {
    this.refusedBy = failure;
    clearTimeout(this.timer);
    // Nothing is asked of the store until the person is signed in again.
    this.feed.stop();
    this.report(this.detail());
    if (!this.quiet) this.host.signedOut(failure.message);
  }

  /** The list of threads changed since the change cursor (all of them the first time), a page at a time. */
  private async pullList(): Promise<void> {
    const since = await this.outbox.meta<string>('cursor');
    let cursor: string | undefined;
    let page: string | undefined;
    const pages = new Set<string>();
    do {
      const query = new URLSearchParams({ limit: String(LIST_LIMIT.max) });
      if (since) query.set('since', since);
      if (page) query.set('cursor', page);
      const answer = await this.client.json('GET', `threads?${query}`);
      if (!answer || !Array.isArray(answer.threads) || typeof answer.cursor !== 'string')
        throw new SyncFailure('server', 'The conversation server did not answer with a list of conversations.');
      cursor ??= answer.cursor;
      await this.listed(answer.threads);
      page = typeof answer.nextCursor === 'string' && answer.threads.length > 0 ? answer.nextCursor : undefined;
      // A store that gives a page cursor twice would be asked forever.
      if (page !== undefined && pages.has(page)) throw new SyncFailure('server', 'The conversation server gave the same page of its list twice.');
      if (page !== undefined) pages.add(page);
    } while (page);
    if (cursor !== undefined) await this.outbox.setMeta('cursor', cursor);
  }

  /** A page of the list: its deleted threads deleted here too, the others' records updated and noted as ones whose nodes are to be read. */
  private async listed(values: readonly unknown[]): Promise<void> {
    const store = this.host.store();
    if (!store) return;
    const owed = await this.outbox.owedThreadOps();
    const listed: { thread: WireThread & { localId: string }; titleWaits: boolean }[] = [];
    for (const value of values) {
      if (!isRecord(value) || typeof value.id !== 'string' || typeof value.title !== 'string' || typeof value.updatedAt !== 'string') continue;
      const threadId = localId(value.id);
      if (threadId === undefined || owed.deleted.has(threadId)) continue;
      if (value.deleted === true) {
        await this.outbox.drop(threadId);
        await this.outbox.setMeta('w:' + threadId, undefined);
        if (await store.hasThread(threadId)) {
          await store.forgetThread(threadId);
          this.host.changed(threadId, 'deleted');
        }
        continue;
      }
      const titleWaits = owed.titled.has(threadId);
      if (!titleWaits) this.outbox.heardTitle(threadId, value.title);
      listed.push({ thread: { id: value.id, title: value.title, updatedAt: value.updatedAt, localId: threadId }, titleWaits });
    }
    for (const record of await applyListed(store, listed)) this.host.changed(record.id, 'saved', record);
    await this.outbox.setMetas(
      listed.flatMap(({ thread, titleWaits }): [string, unknown][] => [
        ['w:' + thread.localId, thread.updatedAt],
        ...(titleWaits ? [] : [['s:' + thread.localId, thread.title] as [string, unknown]]),
      ]),
    );
  }

  /** Reads the nodes of the threads the list said changed: the one opened or shown first. */
  private async pullThreads(): Promise<void> {
    const wanted = (await this.outbox.metaKeys('w:')).map((key) => key.slice(2));
    const candidates = [...new Set([this.urgent, this.host.shownId()])].filter((id): id is string => id !== undefined);
    this.urgent = undefined;
    // The thread opened or shown first, unless the store has never had it (it is only here so far).
    const first: string[] = [];
    for (const id of candidates) if (wanted.includes(id) || (await this.outbox.meta('c:' + id)) !== undefined) first.push(id);
    const order = [...new Set([...first, ...wanted.filter((id) => !first.includes(id)).slice(0, THREADS_PER_SYNC)])];
    for (const threadId of order) await this.pullThread(threadId, first.includes(threadId));
    if (wanted.length > THREADS_PER_SYNC) this.soon();
  }

  private async pullThread(threadId: string, fetchFiles: boolean): Promise<void> {
    const id = wireId(threadId);
    const store = this.host.store();
    if (id === undefined || !store) return;
    const since = await this.outbox.meta<string>('c:' + threadId);
    const answer = await this.client.json('GET', `threads/${id}${since ? `?since=${encodeURIComponent(since)}` : ''}`);
    // Not on the server (never sent, or deleted there: the list says which).
    if (!answer) return this.outbox.setMeta('w:' + threadId, undefined);
    if (!Array.isArray(answer.nodes) || typeof answer.cursor !== 'string' || !isRecord(answer.thread))
      throw new SyncFailure('server', 'The conversation server did not answer with a conversation.');
    const { title, updatedAt } = answer.thread;
    const thread = typeof title === 'string' && typeof updatedAt === 'string' ? { id, title, updatedAt, localId: threadId } : undefined;
    await this.apply(threadId, answer.nodes, thread);
    // Read and stored: not wanted any more (a failure before this leaves it wanted, for the next sync).
    await this.outbox.setMetas([
      ['c:' + threadId, answer.cursor],
      ['w:' + threadId, undefined],
    ]);
    if (fetchFiles) await this.fetchFiles(threadId);
  }

  /** Stores what the server has of a thread's nodes where it is newer. */
  private async apply(threadId: string, wireNodes: readonly unknown[], thread: (WireThread & { localId: string }) | undefined): Promise<void> {
    const store = this.host.store();
    if (!store) return;
    const changes: RemoteChanges = { thread, nodes: [], deleted: [], titleWaits: (await this.outbox.owed(threadId)).title !== undefined };
    let invalid = 0;
    for (const wire of wireNodes) {
      const read = nodeFromWire(threadId, wire);
      if (read.kind === 'node') changes.nodes.push(read.node);
      else if (read.kind === 'deleted') changes.deleted.push({ id: read.id, rev: read.rev });
      else invalid++;
      if (read.kind !== 'invalid') this.outbox.observe(read.kind === 'node' ? read.node.rev : read.rev);
    }
    if (invalid) console.warn(`<agent-chat>: left out ${invalid} message(s) of the conversation ${JSON.stringify(threadId)} from the server that are not valid.`);
    const applied = await applyRemote(store, threadId, changes);
    if (applied?.changed) this.host.changed(threadId, 'saved', applied.record);
  }

  /** Fetches the bytes of the thread's files that are named but not here (each checked against its name). */
  private async fetchFiles(threadId: string): Promise<void> {
    const store = this.host.store();
    if (!store) return;
    const missing = await blobsMissing(store, threadId);
    if (missing.size === 0) return;
    const blobs = new Map<string, Blob>();
    for (const [sha256, { mimeType, size }] of missing) {
      const blob = await this.client.getBlob(sha256, mimeType, size);
      if (blob) blobs.set(sha256, blob);
    }
    const record = blobs.size ? await fillBlobs(store, threadId, blobs) : undefined;
    if (record) this.host.changed(threadId, 'saved', record);
  }

  /** Another device changed something (the feed's cursor is not the one read last). */
  private async heard(cursor: string | undefined): Promise<void> {
    if (cursor !== undefined && cursor === (await this.outbox.meta<string>('cursor'))) return;
    void this.now();
  }

  private detail(): AgentChatSyncDetail {
    const pending = this.outbox.pending.size;
    if (this.refusedBy) return { status: 'error', pending, message: this.refusedBy.message };
    return { status: !navigator.onLine ? 'offline' : pending ? 'pending' : 'synced', pending };
  }

  private report(detail: AgentChatSyncDetail): void {
    const last = this.last;
    if (last && last.status === detail.status && last.pending === detail.pending && last.message === detail.message) return;
    this.last = detail;
    this.host.status(detail);
  }

  private onOnline = () => {
    this.failures = 0;
    if (this.refusedBy) return this.resume(false);
    this.feed.again();
    void this.now();
  };

  private onOffline = () => this.report({ ...this.detail(), status: 'offline' });
}
