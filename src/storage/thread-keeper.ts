/**
 * Keeps the conversation's threads (loaded on first need by `chat-storage.ts`): opens the database
 * for `storage` / `storage-key`, and opens, starts, renames, deletes, exports and imports threads;
 * a saved thread is shown without running anything. The rest is done by the pieces it composes:
 * - `tree-mirror.ts` keeps the conversation tree in step with what is shown;
 * - `save-queue.ts` saves what changed, and keeps what is not written yet as the page goes away;
 * - `path-first-load.ts` shows a long thread's path end first and reads the rest at idle;
 * - `tab-follow.ts` follows what other tabs do with the same database;
 * - `thread-edits.ts` renames and deletes threads, `thread-listing.ts` reads their list;
 * - `remote-link.ts` (with `storage="remote"`) syncs them with a server;
 * - `thread-files.ts` turns a thread into a file and back;
 * - `shown-thread.ts` (which thread saves go to), `fault-report.ts`, `last-opened.ts`.
 *
 * Without a database (`storage="none"`, or a browser that refuses) only the tree mirror works: the
 * conversation lives in memory, with its branches, and can still be exported; the save queue only
 * gathers its changes (saved should a database open later).
 */
import type { ReactiveControllerHost } from 'lit';
import { emptyTree } from '../conversation/tree.js';
import type { Turn } from '../conversation/types.js';
import type { AgentChatStorageErrorDetail, AgentChatThreadChangeDetail } from '../events.js';
import { errorText } from '../internal/errors.js';
import { newId } from '../internal/ids.js';
import { FaultReport } from './fault-report.js';
import { lastOpened, rememberOpened } from './last-opened.js';
import { RemoteLink } from './remote-link.js';
import { PathFirstLoader, readThreadEnd, storedView, type MergedThread, type StoredView, type ThreadRead } from './path-first-load.js';
import type { ThreadExport } from './records.js';
import { SaveQueue } from './save-queue.js';
import { ShownThread } from './shown-thread.js';
import type { StorageError } from './storage-error.js';
import { TabFollow } from './tab-follow.js';
import { ThreadEdits } from './thread-edits.js';
import { ThreadListing, type ThreadSummary } from './thread-listing.js';
import { ThreadFiles } from './thread-files.js';
import { ThreadStore } from './thread-store.js';
import { TreeMirror } from './tree-mirror.js';

import type { ChatStorageHooks, StorageMode } from './storage-hooks.js';

export type { ChatStorageHooks, StorageMode, ThreadSummary };

type ChangeReason = AgentChatThreadChangeDetail['reason'];

export class ThreadKeeper {
  /** The threads for the list, most recent first. */
  get threads(): ThreadSummary[] {
    return this.listing.threads;
  }
  /** The page set `thread-id` (not the chat itself): that thread is the one to open or start. */
  explicitThreadId = false;

  private mode: StorageMode = 'indexeddb';
  private key = 'agent-chat';
  private store?: ThreadStore;
  private opening?: Promise<void>;
  private closedOnDisconnect = false;
  private readonly faults = new FaultReport(
    () => this.host.requestUpdate(),
    (detail) => this.hooks.storageError(detail),
  );
  private readonly shown = new ShownThread(() => this.hooks.threadId());
  private readonly mirror: TreeMirror = new TreeMirror({
    turns: () => this.hooks.turns(),
    partial: () => this.loader.partial,
    streamed: () => this.queue.streamed(),
    took: (change, save) => this.queue.took(change, save),
  });
  private readonly queue: SaveQueue = new SaveQueue(
    {
      store: () => this.store,
      key: () => this.key,
      busy: () => this.hooks.busy(),
      turns: () => this.hooks.turns(),
      pathIncomplete: () => this.pathIncomplete,
      announce: (message) => this.tabs.announce(message),
      saved: () => {
        this.faults.working();
        return this.refreshList();
      },
      fail: (error, threadId) => this.faults.fail(error, threadId),
      replaceDeleted: () => void this.newThread('deleted'),
    },
    this.mirror,
    this.shown,
  );
  /** Reads the rest of a thread shown path first. */
  private readonly loader: PathFirstLoader = new PathFirstLoader({
    store: () => this.store,
    opening: () => this.opening,
    fail: (error, threadId) => this.faults.fail(error, threadId),
    current: () => {
      // What streamed in meanwhile goes into the partial tree before the two are merged.
      this.mirror.catchUp(false);
      return { tree: this.mirror.tree, shown: this.mirror.shown };
    },
    complete: (merged) => this.completeShown(merged),
  });
  private readonly tabs: TabFollow = new TabFollow({
    shown: this.shown,
    queue: this.queue,
    loader: this.loader,
    busy: () => this.hooks.busy(),
    threads: () => this.threads,
    refreshList: () => this.refreshList(),
    replaceDeleted: () => this.newThread('deleted'),
    stored: (threadId) => (this.store ? this.store.hasThread(threadId).catch(() => undefined) : Promise.resolve(undefined)),
    read: (threadId) => (this.store ? readThreadEnd(this.store, threadId).catch(() => undefined) : Promise.resolve(undefined)),
    show: (read) => this.showRead(read, 'synced'),
  });
  private readonly remote = new RemoteLink({
    shown: this.shown,
    tabs: this.tabs,
    faults: this.faults,
    settings: () => this.hooks.remote?.(),
    status: (detail) => {
      this.hooks.syncChanged?.(detail);
      void this.refreshList();
    },
  });
  private readonly listing = new ThreadListing({
    store: () => this.store,
    pending: (id) => this.remote.pending(id),
    changed: () => this.host.requestUpdate(),
    fail: (error) => this.faults.fail(error),
  });
  private readonly edits = new ThreadEdits({
    shown: this.shown,
    queue: this.queue,
    loader: this.loader,
    tabs: this.tabs,
    faults: this.faults,
    store: () => this.store,
    stop: () => this.hooks.stop(),
    refreshList: () => this.refreshList(),
    replaceDeleted: () => this.newThread('deleted'),
  });
  private readonly files = new ThreadFiles({
    shown: this.shown,
    mirror: this.mirror,
    store: () => this.store,
    turns: () => this.hooks.turns(),
    whenComplete: () => this.whenComplete(),
    flush: () => this.flush(),
    storageError: (detail) => this.hooks.storageError(detail),
    imported: async (record) => {
      this.tabs.announce({ kind: 'saved', threadId: record.id, updated: record.updated });
      await this.refreshList();
      await this.openThread(record.id, 'open');
    },
    show: (read) => this.showRead(read, 'open'),
    threadId: () => this.hooks.threadId(),
  });

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly hooks: ChatStorageHooks,
  ) {}

  /** Starts following the page going away (the element is connected). */
  hostConnected(): void {
    this.queue.watchPage();
    if (this.closedOnDisconnect) {
      // Put back on the page: open the database again (what is shown stays).
      this.closedOnDisconnect = false;
      if (!this.store && this.mode === 'indexeddb') this.opening = this.openStore();
    }
  }

  /** A chat taken off the page saves what is left and lets go of the database and the channel. */
  hostDisconnected(): void {
    this.queue.unwatchPage();
    this.tabs.cancelReload();
    if (!this.store) return;
    this.closedOnDisconnect = true;
    const store = this.store;
    void this.flush().finally(() => {
      if (this.closedOnDisconnect && this.store === store) this.closeStore();
    });
  }

  /** Whether conversations are kept (a working database is open). */
  get persistent(): boolean {
    return this.store !== undefined;
  }

  /** (Re)opens storage for `storage` / `storage-key`; then opens the thread to show. */
  configure(mode: StorageMode, key: string): Promise<void> {
    if (this.opening && mode === this.mode && key === this.key) {
      // The same again (the headers or the URL changed): a sync the server refused tries again.
      this.remote.resume();
      return this.opening;
    }
    // Another database, perhaps another person's: a conversation shown from the open one is saved
    // there and does not go with it (one begun before any database opened still does).
    const otherDatabase = this.store !== undefined && key !== this.key && this.hooks.turns().length > 0;
    this.mode = mode;
    this.key = key;
    // A thread still being read is read whole from its own database first.
    const before = this.loader.partial ? this.whenComplete().catch(() => {}) : undefined;
    const reopen = (): Promise<void> => {
      if (otherDatabase) return this.switchDatabase(mode);
      this.closeStore();
      return mode === 'none' ? Promise.resolve() : this.openStore();
    };
    this.opening = before ? before.then(reopen) : reopen();
    return this.opening;
  }

  /** The conversation shown is saved to its database, then the other opens with an empty one shown. */
  private async switchDatabase(mode: StorageMode): Promise<void> {
    await this.flush();
    this.closeStore();
    await this.newThread('new');
    if (mode !== 'none') await this.openStore();
  }

  /** Settles once the database is open (or known not to be). */
  ready(): Promise<void> {
    return this.opening ?? Promise.resolve();
  }

  private async openStore(): Promise<void> {
    const key = this.key;
    let store: ThreadStore;
    try {
      store = await ThreadStore.open(key);
      if (this.key !== key || this.mode === 'none') {
        store.close();
        return;
      }
      this.store = store;
      this.tabs.open(key);
    } catch (error) {
      this.faults.fail(error as StorageError);
      return;
    }
    if (this.mode === 'remote') await this.remote.attach(store, key);
    await this.queue.writeLeftBehind(store);
    await this.refreshList();
    // Back on the page mid-read: the rest of the thread shown is read now.
    this.loader.resume();
    await this.openInitial();
  }

  /** The thread to show first: the `thread-id` asked for, else the last one opened, else a new one. */
  private async openInitial(): Promise<void> {
    // A conversation that began before the database opened stays: it is saved as it goes.
    if (this.hooks.turns().length > 0) {
      this.queue.owe();
      return;
    }
    const wanted = this.hooks.threadId();
    const known = this.threads.find((thread) => thread.id === wanted);
    const last = lastOpened(this.key);
    const id = known ? wanted : this.explicitThreadId ? undefined : (this.threads.find((thread) => thread.id === last) ?? this.threads[0])?.id;
    if (id) await this.openThread(id, 'open', { whole: false });
  }

  private closeStore(): void {
    this.queue.cancelDue();
    this.remote.detach();
    this.tabs.close();
    this.store?.close();
    this.store = undefined;
    this.listing.threads = [];
  }

  // ---- The conversation shown (see tree-mirror.ts and save-queue.ts) ----

  /** Called with every change of the conversation shown; what streams in is taken in with the next save or draw. */
  changed(fromWire: boolean): void {
    this.mirror.changed(fromWire);
  }

  /** Runs `change` (an edit, a regeneration, a switch): the path it leaves stays as a branch. */
  withBranch<T>(change: () => T): T {
    return this.mirror.withBranch(change);
  }

  /** For each turn shown that has other versions: which one it is, of how many. */
  branchesOf(turns: readonly Turn[]): ReturnType<TreeMirror['branchesOf']> {
    return this.mirror.branchesOf(turns);
  }

  /** The path through sibling `siblingId` (its latest leaf), to show. */
  pathThrough(siblingId: string): Turn[] {
    return this.mirror.pathThrough(siblingId);
  }

  /** A title from the backend (`CUSTOM agent-chat.thread-title`), unless the person named the thread. */
  titleFromBackend(title: string): void {
    if (this.shown.titleFromBackend(title)) this.queue.owe();
  }

  /** Writes what changed since the last save (see `SaveQueue.flush`). */
  flush(options: { leaving?: boolean } = {}): Promise<void> {
    return this.queue.flush(options);
  }

  /**
   * Settles once the thread shown is all in memory (at once when it is); rejects when the rest of
   * it cannot be read. Whatever needs the whole history (a run's request, export) waits for it.
   */
  whenComplete(): Promise<void> {
    return this.loader.whenComplete();
  }

  /** The turns shown do not begin at the thread's start yet (the earlier ones are being read). */
  get pathIncomplete(): boolean {
    return this.loader.partial?.pathIncomplete ?? false;
  }

  // ---- Threads ----

  refreshList(): Promise<void> {
    return this.listing.refresh();
  }

  /**
   * Shows thread `id` as it was saved, running nothing: the end of its path at once, the rest read
   * at idle. Resolves once all of it is in memory (with `whole: false`, once it is shown).
   */
  async openThread(id: string, reason: ChangeReason = 'open', { whole = true } = {}): Promise<boolean> {
    this.hooks.stop();
    await this.settlePartial();
    await this.flush();
    const store = this.store;
    if (!store) return false;
    let read: ThreadRead | undefined;
    try {
      read = await readThreadEnd(store, id);
    } catch (error) {
      this.faults.fail(error as StorageError, id);
      return false;
    }
    if (!read) return false;
    this.showRead(read, reason);
    this.remote.opened(id);
    if (whole) await this.whenComplete().catch(() => {});
    return true;
  }

  /** Starts a new, empty conversation (saved once it has a first message). */
  async newThread(reason: ChangeReason = 'new', id = newId()): Promise<string> {
    // What streams into the thread shown ends here, so nothing arrives after its last save.
    this.hooks.stop();
    await this.settlePartial();
    await this.flush();
    this.loader.drop();
    this.shown.show(id);
    this.mirror.tree = emptyTree();
    this.hooks.setThreadId(id);
    this.display([]);
    // Started only because another database opens: that database's last-opened thread stays its own.
    if (this.store) rememberOpened(this.key, id);
    this.hooks.threadChanged({ threadId: id, reason });
    return id;
  }

  renameThread(id: string, title: string): Promise<void> {
    return this.edits.rename(id, title);
  }

  deleteThread(id: string): Promise<void> {
    return this.edits.delete(id);
  }

  exportThread(id: string): Promise<ThreadExport> {
    return this.files.exportThread(id);
  }

  importThread(data: unknown): Promise<string> {
    return this.files.importThread(data);
  }

  /**
   * Shows what was read of a saved thread, running nothing. A thread shown path first counts as
   * opened (thread-change) once the rest is read and merged.
   */
  private showRead(read: ThreadRead, reason: ChangeReason): void {
    const { thread } = read;
    let view: StoredView;
    try {
      view = storedView(read);
    } catch (error) {
      this.faults.fail({ kind: 'failed', message: `The saved conversation could not be read (${errorText(error)}).` }, thread.id);
      return;
    }
    const opened = () => {
      this.hooks.threadChanged({ threadId: thread.id, reason });
      // Only this page's own reload: a reply another tab streams is that tab's to pick up.
      if (view.interrupted && reason !== 'synced') this.hooks.interrupted?.(view.interrupted);
    };
    this.shown.show(thread.id, thread);
    this.mirror.tree = view.tree;
    this.hooks.setThreadId(thread.id);
    if (view.partial) {
      view.partial.opened = opened;
      this.loader.start(view.partial);
    } else this.loader.drop();
    this.display(view.turns);
    rememberOpened(this.key, thread.id);
    if (!view.partial) opened();
  }

  /** The rest of the thread shown is read and merged: the whole tree and path take the partial ones' place. */
  private completeShown(merged: MergedThread): void {
    this.loader.partial = undefined;
    this.mirror.tree = merged.tree;
    this.queue.add(merged.changed, merged.removed);
    // With the path above the turns shown (a path read whole only needed the other versions).
    if (merged.turns.length !== this.mirror.shown.length) this.mirror.replace(() => this.hooks.completePath(merged.turns));
    if (merged.changed.length > 0 || merged.removed.length > 0) this.queue.owe();
  }

  /** Before another thread is shown: a partial one with writes owed is merged first, so none is lost. */
  private async settlePartial(): Promise<void> {
    if (this.loader.partial?.owesWrites) await this.whenComplete().catch(() => {});
  }

  /** Shows `turns` as the thread's state, as loaded: nothing in it is a change to save. */
  private display(turns: Turn[]): void {
    // Nor is what streamed into the conversation shown before.
    this.mirror.stale = false;
    this.queue.reset();
    this.mirror.replace(() => this.hooks.showPath(turns));
  }

  // ---- Faults (see fault-report.ts) ----

  /** What keeps storage from working, shown as a notice until dismissed. */
  get problem(): AgentChatStorageErrorDetail | undefined {
    return this.faults.problem;
  }

  dismissProblem(): void {
    const signedOut = this.faults.problem?.kind === 'signed-out';
    this.faults.dismiss();
    this.remote.resume(signedOut);
  }
}
