/**
 * Keeps the conversation's threads (loaded on first need by `chat-storage.ts`): keeps the tree in
 * step with what is shown, saves what changed (batched while a reply streams, at once otherwise,
 * and on `pagehide`), restores a thread without running anything, and keeps tabs in step. Without
 * a database (`storage="none"`, or a browser that refuses) the conversation lives in memory, with
 * its branches, and can still be exported.
 *
 * Each save's transaction starts as the save is asked for (IndexedDB runs them in that order), so
 * the save made as the page goes away never waits behind another. As the page goes away or is
 * hidden, what is not written yet also goes to localStorage at once (`unsaved.ts`): the next chat
 * that opens the database writes it there.
 */
import { appsFromFile } from '../mcp/stored-apps.js';
import type { ReactiveControllerHost } from 'lit';
import { allNodes, branchPoints, emptyTree, switchBranch, syncPath, type ConversationTree, type TreeNode } from '../conversation/tree.js';
import type { Turn } from '../conversation/types.js';
import type { AgentChatStorageErrorDetail, AgentChatThreadChangeDetail } from '../events.js';
import { newId } from '../internal/ids.js';
import { PATH_FIRST_TURNS, PathFirstLoader, READ_WHOLE_UP_TO, pathEndView, wholeThreadView, type MergedThread, type StoredView } from './path-first-load.js';
import { parseThreadExport, type NodeRecord, type ThreadExport, type ThreadRecord } from './records.js';
import type { StorageError } from './storage-error.js';
import { ThreadStore } from './thread-store.js';
import { ThreadSync, type SyncMessage } from './thread-sync.js';
import { dropUnsaved, keepUnsaved, pageStorage, unsavedPrefix, unsavedTails } from './unsaved.js';

/** The longest a change waits to be saved while a reply streams (ms). */
const SAVE_EVERY_MS = 250;
/** Another tab's saves of the thread shown are followed once they pause this long (ms). */
const SYNC_QUIET_MS = 600;
const TITLE_LENGTH = 80;

export type StorageMode = 'indexeddb' | 'none';

/** What the keeper needs from the element. */
export interface ChatStorageHooks {
  turns(): readonly Turn[];
  busy(): boolean;
  /** Shows this path, running nothing (stops the reply under way first). */
  showPath(turns: Turn[]): void;
  /** The path shown, whole now: `turns` ends with the turns shown (nothing stops, nothing moves). */
  completePath(turns: Turn[]): void;
  /** Stops the reply under way, if any. */
  stop(): void;
  /** The element's `thread-id`, set to a new id when there is none. */
  threadId(): string;
  setThreadId(id: string): void;
  threadChanged(detail: AgentChatThreadChangeDetail): void;
  /** The thread shown ends with a reply that was still streaming when it was saved (now shown stopped). */
  interrupted?(replyId: string): void;
  storageError(detail: AgentChatStorageErrorDetail): void;
}

export interface ThreadSummary {
  id: string;
  title: string;
  updated: number;
}

export class ThreadKeeper {
  /** The threads for the list, most recent first. */
  threads: ThreadSummary[] = [];
  /** What keeps storage from working, shown as a notice until dismissed. */
  problem?: AgentChatStorageErrorDetail;
  tree: ConversationTree = emptyTree();

  private mode: StorageMode = 'indexeddb';
  private key = 'agent-chat';
  private store?: ThreadStore;
  private opening?: Promise<void>;
  private sync?: ThreadSync;
  private thread?: ThreadRecord;
  private shown: readonly Turn[] = [];
  /** Something to save: nodes, the leaf shown, the title. */
  private dirty = false;
  /** Streamed changes not taken into the tree yet. */
  private stale = false;
  /** The keeper itself is replacing what is shown (a thread opening): not a change to save. */
  private replacing = false;
  /** The thread shown was deleted by another tab while a reply streamed here. */
  private deletedElsewhere?: string;
  /**
   * The thread whose conversation is shown: saves go there, even when the page has just set
   * another `thread-id` (the switch saves what is shown first, then opens the other).
   */
  private shownId?: string;
  /** The thread shown has a record in the database (so an emptied conversation is saved too). */
  private stored = false;
  private syncTimer?: ReturnType<typeof setTimeout>;
  private closedOnDisconnect = false;
  /** The thread shown is being deleted: nothing of it is saved any more. */
  private forgetting?: string;
  private nextSync: 'branch' | 'replace' = 'replace';
  private pending = new Map<string, TreeNode>();
  private removed = new Set<string>();
  private timer?: ReturnType<typeof setTimeout>;
  /** Settles once every save asked for so far has settled. */
  private saving: Promise<void> = Promise.resolve();
  private reported = new Set<string>();
  /** Names this chat's entry of unsaved changes in localStorage. */
  private readonly chatId = newId();
  private saves = 0;
  /** Nodes handed to saves not finished yet: id → the last of those saves that writes it. */
  private writing = new Map<string, number>();
  /** The same for deleted nodes. */
  private writingRemoved = new Map<string, number>();
  /** This chat's entry of unsaved changes is in localStorage. */
  private unsavedKept = false;
  /** Reads the rest of a thread shown path first (see path-first-load.ts). */
  private readonly loader = new PathFirstLoader({
    store: () => this.store,
    opening: () => this.opening,
    fail: (error, threadId) => this.fail(error, threadId),
    current: () => {
      // What streamed in meanwhile goes into the partial tree before the two are merged.
      if (this.stale) this.syncShown(false);
      return { tree: this.tree, shown: this.shown };
    },
    complete: (merged) => this.completeShown(merged),
  });

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly hooks: ChatStorageHooks,
  ) {}

  /** Starts listening for the page going away (the element is connected). */
  hostConnected(): void {
    window.addEventListener('pagehide', this.onPageHide);
    document.addEventListener('visibilitychange', this.onVisibility);
    if (this.closedOnDisconnect) {
      // Put back on the page: open the database again (what is shown stays).
      this.closedOnDisconnect = false;
      if (!this.store && this.mode === 'indexeddb') this.opening = this.openStore();
    }
  }

  /** A chat taken off the page saves what is left and lets go of the database and the channel. */
  hostDisconnected(): void {
    window.removeEventListener('pagehide', this.onPageHide);
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearTimeout(this.syncTimer);
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
    if (this.opening && mode === this.mode && key === this.key) return this.opening;
    this.mode = mode;
    this.key = key;
    // A thread still being read is read whole from its own database first.
    const before = this.loader.partial ? this.whenComplete().catch(() => {}) : undefined;
    const reopen = () => {
      this.closeStore();
      return mode === 'none' ? Promise.resolve() : this.openStore();
    };
    this.opening = before ? before.then(reopen) : reopen();
    return this.opening;
  }

  /** Settles once the database is open (or known not to be). */
  ready(): Promise<void> {
    return this.opening ?? Promise.resolve();
  }

  private async openStore(): Promise<void> {
    const key = this.key;
    try {
      const store = await ThreadStore.open(key);
      if (this.key !== key || this.mode === 'none') {
        store.close();
        return;
      }
      this.store = store;
      this.sync = new ThreadSync(key, (message) => void this.onSync(message));
    } catch (error) {
      this.fail(error as StorageError);
      return;
    }
    await this.saveUnsaved(this.store);
    await this.refreshList();
    // Back on the page mid-read: the rest of the thread shown is read now.
    this.loader.resume();
    await this.openInitial();
  }

  /** The thread to show first: the `thread-id` asked for, else the last one opened, else a new one. */
  private async openInitial(): Promise<void> {
    // A conversation that began before the database opened stays: it is saved as it goes.
    if (this.hooks.turns().length > 0) {
      this.dirty = true;
      this.schedule(false);
      return;
    }
    const wanted = this.hooks.threadId();
    const known = this.threads.find((thread) => thread.id === wanted);
    const last = this.lastOpened();
    const id = known ? wanted : this.explicitThreadId ? undefined : (this.threads.find((thread) => thread.id === last) ?? this.threads[0])?.id;
    if (id) await this.openThread(id, 'open', { whole: false });
  }

  /** The page set `thread-id` (not the chat itself): that thread is the one to open or start. */
  explicitThreadId = false;

  closeStore(): void {
    clearTimeout(this.timer);
    this.sync?.close();
    this.sync = undefined;
    this.store?.close();
    this.store = undefined;
    this.threads = [];
  }

  // ---- Keeping the tree and the database in step ----

  /** Runs `change` (an edit, a regeneration, a switch): the path it leaves stays as a branch. */
  withBranch<T>(change: () => T): T {
    if (this.stale) this.syncShown();
    this.nextSync = 'branch';
    try {
      return change();
    } finally {
      this.nextSync = 'replace';
    }
  }

  /** The next path change (which may come later, after app frames wound down) keeps the old branch. */
  branchNext(): void {
    this.nextSync = 'branch';
  }

  /**
   * Called with every change of the conversation shown. What streams in is taken into the tree
   * with the next save (or the next draw), not event by event: a long thread's tree is not copied
   * for every delta.
   */
  changed(fromWire: boolean): void {
    if (this.replacing) return;
    if (fromWire) {
      this.stale = true;
      this.schedule(true);
      return;
    }
    this.syncShown();
  }

  /** Takes what is shown into the tree; what changed waits to be saved. */
  private syncShown(scheduleSave = true): void {
    this.stale = false;
    const turns = this.hooks.turns();
    if (turns === this.shown) return;
    const change = this.loader.partial ? this.loader.partial.sync(this.tree, turns, this.nextSync, this.shown) : syncPath(this.tree, turns, this.nextSync, this.shown);
    const leafMoved = turns[turns.length - 1]?.id !== this.shown[this.shown.length - 1]?.id;
    this.nextSync = 'replace';
    this.shown = turns;
    this.tree = change.tree;
    for (const node of change.changed) this.pending.set(node.id, node);
    for (const id of change.removed) {
      this.pending.delete(id);
      this.removed.add(id);
    }
    if (this.pending.size || this.removed.size || leafMoved) {
      this.dirty = true;
      if (scheduleSave) this.schedule(this.hooks.busy());
    }
  }

  /** A title from the backend (`CUSTOM agent-chat.thread-title`), unless the person named the thread. */
  titleFromBackend(title: string): void {
    const trimmed = title.trim().slice(0, TITLE_LENGTH * 2);
    if (!trimmed) return;
    const thread = this.currentRecord();
    if (thread.titleSource === 'person') return;
    this.thread = { ...thread, title: trimmed, titleSource: 'backend' };
    this.dirty = true;
    this.schedule(false);
  }

  /** Saves soon: at once when nothing streams, else within SAVE_EVERY_MS. */
  private schedule(fromWire: boolean): void {
    if (!this.store) return;
    if (!fromWire && !this.hooks.busy()) {
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, SAVE_EVERY_MS);
  }

  /**
   * Writes what changed since the last save, in one transaction, started before this returns.
   * `leaving`: the page goes away, so the transaction is committed at once too. Settles once every
   * save so far has.
   */
  flush({ leaving = false }: { leaving?: boolean } = {}): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stale) this.syncShown(false);
    if (this.forgetting && this.forgetting === this.currentId()) {
      this.pending.clear();
      this.removed.clear();
      this.dirty = false;
      return this.saving;
    }
    if (this.deletedElsewhere && this.deletedElsewhere === this.currentId()) {
      this.pending.clear();
      this.removed.clear();
      this.dirty = false;
      if (!this.hooks.busy()) {
        this.deletedElsewhere = undefined;
        void this.newThread('deleted');
      }
      return this.saving;
    }
    const store = this.store;
    const turns = this.hooks.turns();
    // Nothing new (a thread merely opened) is not saved: its place in the list stays.
    if (!store || !this.dirty || (turns.length === 0 && !this.stored)) return this.saving;
    this.dirty = false;
    const thread = this.recordFor(turns);
    this.thread = thread;
    const nodes: NodeRecord[] = [...this.pending.values()].map((node) => ({ ...node, threadId: thread.id }));
    const removed = [...this.removed];
    this.pending.clear();
    this.removed.clear();
    const save = ++this.saves;
    for (const node of nodes) this.writing.set(node.id, save);
    for (const id of removed) this.writingRemoved.set(id, save);
    const saved = store.save(thread, nodes, removed, { commit: leaving }).then(
      (record) => {
        if (this.thread?.id === record.id) {
          this.stored = true;
          // What the database keeps (the first save's `created`) is what later saves give.
          if (this.thread.created !== record.created || this.thread.updated < record.updated) {
            this.thread = { ...this.thread, created: record.created, updated: Math.max(this.thread.updated, record.updated) };
          }
        }
        this.written(save);
        this.reported.clear();
        this.sync?.announce({ kind: 'saved', threadId: thread.id, updated: thread.updated });
        return this.refreshList();
      },
      (error: StorageError) => {
        // Kept for the next save, in their newest versions: the conversation goes on in memory meanwhile.
        this.dirty = true;
        for (const node of nodes) {
          const newest = this.tree.nodes.get(node.id);
          if (newest && !this.pending.has(node.id)) this.pending.set(node.id, newest);
        }
        for (const id of removed) if (!this.tree.nodes.has(id)) this.removed.add(id);
        this.written(save);
        this.fail(error, thread.id);
      },
    );
    this.saving = Promise.all([this.saving, saved]).then(() => undefined);
    // While an entry of unsaved changes is kept, it follows every save.
    if (this.unsavedKept && !leaving) this.keepUnsaved();
    return this.saving;
  }

  /** The thread's record as the next save writes it. */
  private recordFor(turns: readonly Turn[]): ThreadRecord {
    const current = this.currentRecord();
    const thread: ThreadRecord = { ...current, updated: Math.max(Date.now(), current.updated) };
    if (turns.length) thread.currentLeaf = turns[turns.length - 1].id;
    else delete thread.currentLeaf;
    if (thread.titleSource === 'first-message' && !thread.title && !this.loader.partial?.pathIncomplete) thread.title = titleOf(turns);
    return thread;
  }

  /** Save number `save` has settled. */
  private written(save: number): void {
    for (const [id, last] of this.writing) if (last === save) this.writing.delete(id);
    for (const [id, last] of this.writingRemoved) if (last === save) this.writingRemoved.delete(id);
    this.dropUnsavedOnceWritten();
  }

  /** Once nothing waits to be written, the entry in localStorage goes. */
  private dropUnsavedOnceWritten(): void {
    const idle = !this.dirty && !this.stale && !this.writing.size && !this.writingRemoved.size && !this.pending.size && !this.removed.size;
    if (idle) this.forgetUnsaved();
  }

  /** This chat's entry of unsaved changes goes (written, or of a thread that is deleted). */
  private forgetUnsaved(): void {
    if (!this.unsavedKept) return;
    dropUnsaved(pageStorage(), this.unsavedKey());
    this.unsavedKept = false;
  }

  /**
   * The page goes away, or is hidden (and may be discarded): what changed is saved at once, and
   * what is not written yet goes to localStorage as well, at once, until it is.
   */
  private leave(): void {
    void this.flush({ leaving: true });
    const id = this.currentId();
    if (this.store && this.forgetting !== id && this.deletedElsewhere !== id) this.keepUnsaved();
  }

  /** Puts the newest version of every node not written yet (with the thread record) in localStorage. */
  private keepUnsaved(): void {
    const storage = pageStorage();
    const key = this.unsavedKey();
    const threadId = this.currentId();
    const nodes: NodeRecord[] = [];
    for (const id of new Set([...this.writing.keys(), ...this.pending.keys()])) {
      const node = this.tree.nodes.get(id);
      if (node) nodes.push({ ...node, threadId });
    }
    const removed = [...new Set([...this.writingRemoved.keys(), ...this.removed])].filter((id) => !this.tree.nodes.has(id));
    const thread = this.thread?.id === threadId ? this.thread : this.recordFor(this.hooks.turns());
    const kept = (nodes.length > 0 || removed.length > 0) && keepUnsaved(storage, key, { thread, nodes, removed, stored: this.stored });
    if (!kept && this.unsavedKept) dropUnsaved(storage, key);
    this.unsavedKept = kept;
  }

  private unsavedKey(): string {
    return unsavedPrefix(this.key) + this.chatId;
  }

  /**
   * Writes what chats that went away left unsaved in localStorage (for this database) into it,
   * unless its thread was deleted meanwhile.
   */
  private async saveUnsaved(store: ThreadStore): Promise<void> {
    const storage = pageStorage();
    const tails = unsavedTails(storage, this.key).filter(({ key }) => key !== this.unsavedKey());
    if (tails.length === 0) return;
    let known: Map<string, ThreadRecord>;
    try {
      known = new Map((await store.listThreads()).map((thread) => [thread.id, thread]));
    } catch (error) {
      this.fail(error as StorageError);
      return;
    }
    for (const { key, tail } of tails) {
      const stored = known.get(tail.thread.id);
      if (!tail.stored || stored) {
        // What the thread became since (renamed, another version shown in another tab) stays.
        const thread = stored && stored.updated > tail.thread.updated ? { ...tail.thread, ...shownAs(stored) } : tail.thread;
        try {
          const record = await store.save(thread, tail.nodes, tail.removed);
          known.set(record.id, record);
          this.sync?.announce({ kind: 'saved', threadId: record.id, updated: record.updated });
        } catch (error) {
          this.fail(error as StorageError, tail.thread.id);
        }
      }
      dropUnsaved(storage, key);
    }
  }

  /** The id of the thread shown. */
  private currentId(): string {
    this.shownId ??= this.hooks.threadId();
    return this.shownId;
  }

  private currentRecord(): ThreadRecord {
    const id = this.currentId();
    if (this.thread?.id !== id) {
      const now = Date.now();
      this.thread = { id, title: '', titleSource: 'first-message', created: now, updated: now };
    }
    return this.thread;
  }

  private onPageHide = () => this.leave();

  private onVisibility = () => {
    if (document.visibilityState === 'hidden') this.leave();
  };

  // ---- Threads ----

  async refreshList(): Promise<void> {
    if (!this.store) return;
    try {
      const threads = await this.store.listThreads();
      this.threads = threads.map(({ id, title, updated }) => ({ id, title, updated }));
      this.host.requestUpdate();
    } catch (error) {
      this.fail(error as StorageError);
    }
  }

  /**
   * Shows thread `id` as it was saved, running nothing: the end of its path at once, the rest read
   * at idle. Resolves once all of it is in memory (with `whole: false`, once it is shown).
   */
  async openThread(id: string, reason: AgentChatThreadChangeDetail['reason'] = 'open', { whole = true } = {}): Promise<boolean> {
    this.hooks.stop();
    await this.settlePartial();
    await this.flush();
    const store = this.store;
    if (!store) return false;
    let read: Awaited<ReturnType<ThreadKeeper['readThread']>>;
    try {
      read = await this.readThread(store, id);
    } catch (error) {
      this.fail(error as StorageError, id);
      return false;
    }
    if (!read) return false;
    this.showRead(read, reason);
    if (whole) await this.whenComplete().catch(() => {});
    return true;
  }

  /** The end of the thread's path, or all of it when its path cannot be walked; undefined when there is none. */
  private async readThread(store: ThreadStore, id: string): Promise<{ thread: ThreadRecord; path?: NodeRecord[]; nodes?: NodeRecord[] } | undefined> {
    const end = await store.getPathEnd(id, PATH_FIRST_TURNS, READ_WHOLE_UP_TO);
    return !end || end.path || end.nodes ? end : store.getThread(id);
  }

  /**
   * Shows what `readThread` read, running nothing. A thread shown path first counts as opened
   * (thread-change) once the rest is read and merged.
   */
  private showRead(read: { thread: ThreadRecord; path?: NodeRecord[]; nodes?: readonly NodeRecord[] }, reason: AgentChatThreadChangeDetail['reason']): void {
    const { thread } = read;
    let view: StoredView;
    try {
      view = read.path ? pathEndView(thread, read.path, PATH_FIRST_TURNS) : wholeThreadView(thread, read.nodes ?? []);
    } catch (error) {
      this.fail({ kind: 'failed', message: `The saved conversation could not be read (${describe(error)}).` }, thread.id);
      return;
    }
    const opened = () => {
      this.hooks.threadChanged({ threadId: thread.id, reason });
      // Only this page's own reload: a reply another tab streams is that tab's to pick up.
      if (view.interrupted && reason !== 'synced') this.hooks.interrupted?.(view.interrupted);
    };
    this.thread = thread;
    this.shownId = thread.id;
    this.stored = true;
    this.tree = view.tree;
    this.hooks.setThreadId(thread.id);
    if (view.partial) {
      view.partial.opened = opened;
      this.loader.start(view.partial);
    } else this.loader.drop();
    this.display(view.turns);
    this.rememberOpened(thread.id);
    if (!view.partial) opened();
  }

  /** The rest of the thread shown is read and merged: the whole tree and path take the partial ones' place. */
  private completeShown(merged: MergedThread): void {
    this.loader.partial = undefined;
    this.tree = merged.tree;
    for (const node of merged.changed) this.pending.set(node.id, node);
    for (const id of merged.removed) {
      this.pending.delete(id);
      this.removed.add(id);
    }
    // With the path above the turns shown (a path read whole only needed the other versions).
    if (merged.turns.length !== this.shown.length) {
      this.replacing = true;
      try {
        this.hooks.completePath(merged.turns);
      } finally {
        this.replacing = false;
      }
      this.shown = this.hooks.turns();
    }
    if (merged.changed.length > 0 || merged.removed.length > 0) {
      this.dirty = true;
      this.schedule(this.hooks.busy());
    }
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

  /** Before another thread is shown: a partial one with writes owed is merged first, so none is lost. */
  private async settlePartial(): Promise<void> {
    if (this.loader.partial?.owesWrites) await this.whenComplete().catch(() => {});
  }

  private show(thread: ThreadRecord, nodes: readonly NodeRecord[], reason: AgentChatThreadChangeDetail['reason']): void {
    this.showRead({ thread, nodes }, reason);
  }

  /** Shows `turns` as the thread's state, as loaded: nothing in it is a change to save. */
  private display(turns: Turn[]): void {
    this.stale = false;
    this.deletedElsewhere = undefined;
    this.forgetting = undefined;
    this.pending.clear();
    this.removed.clear();
    this.dirty = false;
    this.dropUnsavedOnceWritten();
    this.replacing = true;
    try {
      this.hooks.showPath(turns);
    } finally {
      this.replacing = false;
    }
    this.shown = this.hooks.turns();
  }

  /** Starts a new, empty conversation (saved once it has a first message). */
  async newThread(reason: AgentChatThreadChangeDetail['reason'] = 'new', id = newId()): Promise<string> {
    // What streams into the thread shown ends here, so nothing arrives after its last save.
    this.hooks.stop();
    await this.settlePartial();
    await this.flush();
    this.loader.drop();
    this.thread = undefined;
    this.shownId = id;
    this.stored = false;
    this.tree = emptyTree();
    this.pending.clear();
    this.removed.clear();
    this.hooks.setThreadId(id);
    this.display([]);
    this.rememberOpened(id);
    this.hooks.threadChanged({ threadId: id, reason });
    return id;
  }

  async renameThread(id: string, title: string): Promise<void> {
    const trimmed = title.trim();
    if (!trimmed) return;
    if (id === this.currentId()) {
      this.thread = { ...this.currentRecord(), title: trimmed, titleSource: 'person' };
      // Not saved yet: the name goes with its first save.
      if (!this.stored) return;
    }
    if (!this.store) return;
    try {
      await this.store.renameThread(id, trimmed);
      this.sync?.announce({ kind: 'renamed', threadId: id });
      await this.refreshList();
    } catch (error) {
      this.fail(error as StorageError, id);
    }
  }

  async deleteThread(id: string): Promise<void> {
    if (id === this.currentId()) {
      // Nothing more of it is saved, not even what streams in while the delete runs.
      this.forgetting = id;
      this.loader.drop();
      this.hooks.stop();
      this.pending.clear();
      this.removed.clear();
      this.dirty = false;
      this.forgetUnsaved();
    }
    if (this.store) {
      try {
        await this.store.deleteThread(id);
        this.sync?.announce({ kind: 'deleted', threadId: id });
      } catch (error) {
        this.fail(error as StorageError, id);
        return;
      }
    }
    if (id === this.currentId()) {
      this.hooks.stop();
      this.pending.clear();
      this.removed.clear();
      this.dirty = false;
      this.thread = undefined;
      this.stored = false;
      await this.newThread('deleted');
    }
    await this.refreshList();
  }

  /** The thread as a file: from the database, or (the open one) from memory when there is none. */
  /**
   * The thread as a file. The one shown comes from memory, which holds all of it (what could not
   * be saved too, e.g. once the storage is full); any other comes from the database.
   */
  async exportThread(id: string): Promise<ThreadExport> {
    if (id !== this.currentId()) {
      if (!this.store) throw new Error(`There is no conversation "${id}" here.`);
      return this.store.exportThread(id);
    }
    await this.whenComplete();
    await this.flush();
    const thread = { ...this.currentRecord() };
    const turns = this.hooks.turns();
    if (!thread.title) thread.title = titleOf(turns);
    if (turns.length) thread.currentLeaf = turns[turns.length - 1].id;
    return { format: 'agent-chat-thread', version: 1, exported: Date.now(), thread, nodes: allNodes(this.tree) };
  }

  /**
   * Adds a thread from a file and opens it. An invalid file is refused with a clear error and
   * changes nothing. Without a database, the thread is opened in memory.
   */
  async importThread(data: unknown): Promise<string> {
    const parsed = parseThreadExport(data);
    if (!parsed.ok) {
      const message = `The conversation could not be imported: ${parsed.error}`;
      this.hooks.storageError({ kind: 'invalid', message });
      throw new Error(message);
    }
    // A file is not this page's: its apps run only as this page's servers give them again.
    const file = withAppsMarked(parsed.value);
    if (this.store) {
      const record = await this.store.importThread(file);
      this.sync?.announce({ kind: 'saved', threadId: record.id, updated: record.updated });
      await this.refreshList();
      await this.openThread(record.id, 'open');
      return record.id;
    }
    await this.flush();
    const { thread, nodes } = file;
    this.show({ ...thread, id: thread.id === this.hooks.threadId() ? newId() : thread.id }, nodes.map((node) => ({ ...node, threadId: thread.id })), 'open');
    return this.hooks.threadId();
  }

  // ---- Branches ----

  /** For each turn shown that has other versions: which one it is, of how many. */
  branchesOf(turns: readonly Turn[]): ReturnType<typeof branchPoints> {
    if (this.stale) this.syncShown();
    // Other versions are known once the whole thread is read.
    return this.loader.partial ? new Map() : branchPoints(this.tree, turns);
  }

  /** The path through sibling `siblingId` (its latest leaf), to show. */
  pathThrough(siblingId: string): Turn[] {
    if (this.stale) this.syncShown();
    return this.loader.partial ? [] : switchBranch(this.tree, siblingId);
  }

  // ---- Other tabs ----

  private async onSync(message: SyncMessage): Promise<void> {
    await this.refreshList();
    if (message.threadId !== this.currentId()) return;
    if (message.kind === 'deleted') {
      // Another tab deleted the thread shown: nothing more of it is saved; once the reply under
      // way (if any) has ended, a new thread takes its place.
      this.loader.drop('The conversation was deleted in another tab before all of it was read.');
      this.thread = undefined;
      this.pending.clear();
      this.removed.clear();
      this.dirty = false;
      this.forgetUnsaved();
      if (this.hooks.busy()) this.deletedElsewhere = message.threadId;
      else await this.newThread('deleted');
      return;
    }
    if (message.kind === 'renamed') {
      const record = this.threads.find((thread) => thread.id === message.threadId);
      if (record && this.thread) this.thread = { ...this.thread, title: record.title, titleSource: 'person' };
      return;
    }
    // Another tab wrote this thread: once it has been quiet for a moment (it may be streaming),
    // show what it saved, unless this tab is in the middle of something.
    if ((message.updated ?? 0) <= (this.thread?.updated ?? 0)) return;
    clearTimeout(this.syncTimer);
    this.syncTimer = setTimeout(() => void this.reloadShown(message.threadId), SYNC_QUIET_MS);
  }

  private async reloadShown(threadId: string): Promise<void> {
    await this.whenComplete().catch(() => {});
    if (this.hooks.busy() || this.pending.size || this.removed.size || !this.store) return;
    const read = await this.readThread(this.store, threadId).catch(() => undefined);
    if (!read || this.hooks.busy() || this.pending.size || threadId !== this.currentId()) return;
    this.showRead(read, 'synced');
  }

  // ---- Faults ----

  fail(error: Pick<StorageError, 'kind' | 'message'>, threadId?: string): void {
    const detail: AgentChatStorageErrorDetail = { kind: error.kind ?? 'failed', message: error.message ?? String(error) };
    if (threadId) detail.threadId = threadId;
    this.problem = detail;
    this.host.requestUpdate();
    // One event per kind until it works again, not one per save.
    if (this.reported.has(detail.kind)) return;
    this.reported.add(detail.kind);
    this.hooks.storageError(detail);
  }

  dismissProblem(): void {
    this.problem = undefined;
    this.host.requestUpdate();
  }

  private lastOpenedKey(): string {
    return `agent-chat:${this.key}:last-thread`;
  }

  private rememberOpened(id: string): void {
    try {
      localStorage.setItem(this.lastOpenedKey(), id);
    } catch {
      // No localStorage: the most recent thread opens next time instead.
    }
  }

  private lastOpened(): string | undefined {
    try {
      return localStorage.getItem(this.lastOpenedKey()) ?? undefined;
    } catch {
      return undefined;
    }
  }
}

/** Every app card of an imported thread counts as shown under a check of its own (the missing-check mark). */
/** A file's app cards never run the file's HTML (see `appsFromFile`). */
function withAppsMarked(file: ThreadExport): ThreadExport {
  const nodes = file.nodes.map((node) => (node.turn.role === 'assistant' ? { ...node, turn: { ...node.turn, parts: appsFromFile(node.turn.parts) } } : node));
  return { ...file, nodes };
}

function titleOf(turns: readonly Turn[]): string {
  const first = turns.find((turn) => turn.role === 'user');
  const line = first?.role === 'user' ? first.text.trim().split('\n')[0] : '';
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a thread record says of how the thread is shown: its title and the version it shows. */
function shownAs(record: ThreadRecord): Partial<ThreadRecord> {
  const { title, titleSource, currentLeaf, updated } = record;
  return currentLeaf === undefined ? { title, titleSource, updated } : { title, titleSource, currentLeaf, updated };
}
