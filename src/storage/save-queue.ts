/**
 * Saves what changed in the thread shown: batched while a reply streams (within SAVE_EVERY_MS), at
 * once otherwise, and as the page goes away. Each save's transaction starts as the save is asked
 * for (IndexedDB runs them in that order), so the save made as the page goes away never waits
 * behind another. As the page goes away or is hidden, what is not written yet also goes to
 * localStorage at once (`unsaved.ts`); the next chat that opens the database writes it there.
 *
 * Without a database the queue only gathers the changes: should one open later, they are saved then.
 */
import type { TreeNode } from '../conversation/tree.js';
import type { Turn } from '../conversation/types.js';
import { newId } from '../internal/ids.js';
import type { NodeRecord, ThreadRecord } from './records.js';
import type { ShownThread } from './shown-thread.js';
import type { StorageError } from './storage-error.js';
import type { ThreadStore } from './thread-store.js';
import type { SyncMessage } from './thread-sync.js';
import type { ShownChange, TreeMirror } from './tree-mirror.js';
import { dropUnsaved, keepUnsaved, pageStorage, unsavedPrefix, unsavedTails } from './unsaved.js';

/** The longest a change waits to be saved while a reply streams (ms). */
export const SAVE_EVERY_MS = 250;

/**
 * Where the saving of the thread shown stands: the one state that says what the next save does.
 * Two things stay apart from it on purpose. Saves asked for before may still be writing in any
 * state (`writing` follows them, node by node). And the timer of a save that is due (`due`) may
 * run in any state: what streamed in is known to be a change only once that save takes it into
 * the tree, so a due save may find nothing to write.
 */
export type SaveState =
  /** Nothing waits to be saved. */
  | { kind: 'clean' }
  /** Something waits for the next save: nodes, the leaf shown, the title. */
  | { kind: 'dirty' }
  /** The thread shown is being deleted here: nothing of it is saved any more. */
  | { kind: 'forgetting'; threadId: string }
  /**
   * Another tab deleted the thread shown while a reply streamed here: nothing of it is saved, and
   * once the reply has ended a new thread takes its place.
   */
  | { kind: 'deleted-elsewhere'; threadId: string };

const CLEAN: SaveState = { kind: 'clean' };
const DIRTY: SaveState = { kind: 'dirty' };

/** The states in which the changes of thread `threadId` are dropped: it is deleted. */
const dropsChanges = (state: SaveState): state is Extract<SaveState, { threadId: string }> => 'threadId' in state;

/** What the queue needs from the keeper. */
export interface SaveQueueHost {
  store(): ThreadStore | undefined;
  /** The `storage-key`: it names the entries of unsaved changes in localStorage. */
  key(): string;
  busy(): boolean;
  turns(): readonly Turn[];
  /** The turns shown do not begin at the thread's start yet (they cannot name it). */
  pathIncomplete(): boolean;
  /** Tells the other tabs. */
  announce(message: SyncMessage): void;
  /** A save worked: storage faults are reported anew, and the list of threads is read again. */
  saved(): Promise<void>;
  fail(error: Pick<StorageError, 'kind' | 'message'>, threadId?: string): void;
  /** The thread shown was deleted in another tab and the reply here has ended: a new one takes its place. */
  replaceDeleted(): void;
}

export class SaveQueue {
  private current: SaveState = CLEAN;
  /** The save asked for within SAVE_EVERY_MS. */
  private due?: ReturnType<typeof setTimeout>;
  private pending = new Map<string, TreeNode>();
  private removed = new Set<string>();
  /** Settles once every save asked for so far has settled. */
  private saving: Promise<void> = Promise.resolve();
  private saves = 0;
  /** Nodes handed to saves not finished yet: id → the last of those saves that writes it. */
  private writing = new Map<string, number>();
  /** The same for deleted nodes. */
  private writingRemoved = new Map<string, number>();
  /** Names this chat's entry of unsaved changes in localStorage. */
  private readonly chatId = newId();
  /** This chat's entry of unsaved changes is in localStorage. */
  private unsavedKept = false;

  constructor(
    private readonly host: SaveQueueHost,
    private readonly mirror: TreeMirror,
    private readonly shown: ShownThread,
  ) {}

  get state(): SaveState {
    return this.current;
  }

  /** Nodes wait to be written or deleted with the next save. */
  get hasChanges(): boolean {
    return this.pending.size > 0 || this.removed.size > 0;
  }

  /** Nodes to write and to delete with the next save. */
  add(changed: readonly TreeNode[], removed: readonly string[]): void {
    for (const node of changed) this.pending.set(node.id, node);
    for (const id of removed) {
      this.pending.delete(id);
      this.removed.add(id);
    }
  }

  /** The tree mirror took `change` into the tree (see `TreeMirrorHost.took`). */
  took(change: ShownChange, save: boolean): void {
    this.add(change.changed, change.removed);
    if (this.hasChanges || change.leafMoved) this.owe({ save });
  }

  /** Something waits to be saved; `save`: a save is asked for (`soon`). */
  owe({ save = true }: { save?: boolean } = {}): void {
    if (this.current.kind === 'clean') this.current = DIRTY;
    if (save) this.soon();
  }

  /** Saves at once, or within SAVE_EVERY_MS while a reply streams. */
  soon(): void {
    if (this.host.busy()) this.streamed();
    else if (this.host.store()) {
      this.cancelDue();
      void this.flush();
    }
  }

  /** Something streamed in: saved within SAVE_EVERY_MS. */
  streamed(): void {
    if (!this.host.store()) return;
    this.due ??= setTimeout(() => {
      this.due = undefined;
      void this.flush();
    }, SAVE_EVERY_MS);
  }

  cancelDue(): void {
    clearTimeout(this.due);
    this.due = undefined;
  }

  /**
   * Writes what changed since the last save, in one transaction, started before this returns.
   * `leaving`: the page goes away, so the transaction is committed at once too. Settles once every
   * save so far has.
   */
  flush({ leaving = false }: { leaving?: boolean } = {}): Promise<void> {
    this.cancelDue();
    this.mirror.catchUp(false);
    const state = this.current;
    if (dropsChanges(state) && state.threadId === this.shown.id) {
      this.clearChanges();
      if (state.kind === 'deleted-elsewhere' && !this.host.busy()) {
        this.current = CLEAN;
        this.host.replaceDeleted();
      }
      return this.saving;
    }
    const store = this.host.store();
    const turns = this.host.turns();
    // Nothing new (a thread merely opened) is not saved: its place in the list stays.
    if (!store || state.kind !== 'dirty' || (turns.length === 0 && !this.shown.stored)) return this.saving;
    this.current = CLEAN;
    const thread = this.shown.next(turns, this.host.pathIncomplete());
    this.shown.record = thread;
    const nodes: NodeRecord[] = [...this.pending.values()].map((node) => ({ ...node, threadId: thread.id }));
    const removed = [...this.removed];
    this.clearChanges();
    const save = ++this.saves;
    for (const node of nodes) this.writing.set(node.id, save);
    for (const id of removed) this.writingRemoved.set(id, save);
    const saved = store.save(thread, nodes, removed, { commit: leaving }).then(
      (record) => {
        this.settleRecord(record);
        this.written(save);
        this.host.announce({ kind: 'saved', threadId: thread.id, updated: thread.updated });
        return this.host.saved();
      },
      (error: StorageError) => {
        // Kept for the next save, in their newest versions: the conversation goes on in memory meanwhile.
        this.owe({ save: false });
        const { tree } = this.mirror;
        for (const node of nodes) {
          const newest = tree.nodes.get(node.id);
          if (newest && !this.pending.has(node.id)) this.pending.set(node.id, newest);
        }
        for (const id of removed) if (!tree.nodes.has(id)) this.removed.add(id);
        this.written(save);
        this.host.fail(error, thread.id);
      },
    );
    this.saving = Promise.all([this.saving, saved]).then(() => undefined);
    // While an entry of unsaved changes is kept, it follows every save.
    if (this.unsavedKept && !leaving) this.keepUnsaved();
    return this.saving;
  }

  /** Another thread is shown: nothing of the one before waits to be saved. */
  reset(): void {
    this.current = CLEAN;
    this.clearChanges();
    this.dropUnsavedOnceWritten();
  }

  /** Thread `threadId`, shown, is being deleted here: nothing more of it is saved. */
  forget(threadId: string): void {
    this.current = { kind: 'forgetting', threadId };
    this.clearChanges();
    this.forgetUnsaved();
  }

  /** Another tab deleted thread `threadId`, shown: nothing more of it is saved; `replying`: a reply streams here still. */
  deletedElsewhere(threadId: string, replying: boolean): void {
    // Being deleted here too, it stays so until another thread is shown.
    if (this.current.kind !== 'forgetting') this.current = replying ? { kind: 'deleted-elsewhere', threadId } : CLEAN;
    this.clearChanges();
    this.forgetUnsaved();
  }

  /**
   * The page goes away, or is hidden (and may be discarded): what changed is saved at once, and
   * what is not written yet goes to localStorage as well, at once, until it is.
   */
  leave(): void {
    void this.flush({ leaving: true });
    const threadId = this.shown.id;
    const state = this.current;
    if (this.host.store() && !(dropsChanges(state) && state.threadId === threadId)) this.keepUnsaved();
  }

  /** Starts following the page going away or being hidden. */
  watchPage(): void {
    window.addEventListener('pagehide', this.onPageHide);
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  unwatchPage(): void {
    window.removeEventListener('pagehide', this.onPageHide);
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  /**
   * Writes what chats that went away left unsaved in localStorage (for this database) into it,
   * unless its thread was deleted meanwhile.
   */
  async writeLeftBehind(store: ThreadStore): Promise<void> {
    const storage = pageStorage();
    const tails = unsavedTails(storage, this.host.key()).filter(({ key }) => key !== this.unsavedKey());
    if (tails.length === 0) return;
    let known: Map<string, ThreadRecord>;
    try {
      known = new Map((await store.listThreads()).map((thread) => [thread.id, thread]));
    } catch (error) {
      this.host.fail(error as StorageError);
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
          this.host.announce({ kind: 'saved', threadId: record.id, updated: record.updated });
        } catch (error) {
          this.host.fail(error as StorageError, tail.thread.id);
        }
      }
      dropUnsaved(storage, key);
    }
  }

  private clearChanges(): void {
    this.pending.clear();
    this.removed.clear();
  }

  /** What the database keeps of the record saved (the first save's `created`) is what later saves give. */
  private settleRecord(record: ThreadRecord): void {
    const thread = this.shown.record;
    if (thread?.id !== record.id) return;
    this.shown.stored = true;
    if (thread.created !== record.created || thread.updated < record.updated) {
      this.shown.record = { ...thread, created: record.created, updated: Math.max(thread.updated, record.updated) };
    }
  }

  /** Save number `save` has settled. */
  private written(save: number): void {
    for (const [id, last] of this.writing) if (last === save) this.writing.delete(id);
    for (const [id, last] of this.writingRemoved) if (last === save) this.writingRemoved.delete(id);
    this.dropUnsavedOnceWritten();
  }

  /** Once nothing waits to be written, the entry in localStorage goes. */
  private dropUnsavedOnceWritten(): void {
    const idle = this.current.kind !== 'dirty' && !this.mirror.stale && !this.writing.size && !this.writingRemoved.size && !this.hasChanges;
    if (idle) this.forgetUnsaved();
  }

  /** This chat's entry of unsaved changes goes (written, or of a thread that is deleted). */
  private forgetUnsaved(): void {
    if (!this.unsavedKept) return;
    dropUnsaved(pageStorage(), this.unsavedKey());
    this.unsavedKept = false;
  }

  /** Puts the newest version of every node not written yet (with the thread record) in localStorage. */
  private keepUnsaved(): void {
    const storage = pageStorage();
    const key = this.unsavedKey();
    const threadId = this.shown.id;
    const { tree } = this.mirror;
    const nodes: NodeRecord[] = [];
    for (const id of new Set([...this.writing.keys(), ...this.pending.keys()])) {
      const node = tree.nodes.get(id);
      if (node) nodes.push({ ...node, threadId });
    }
    const removed = [...new Set([...this.writingRemoved.keys(), ...this.removed])].filter((id) => !tree.nodes.has(id));
    const record = this.shown.record;
    const thread = record?.id === threadId ? record : this.shown.next(this.host.turns(), this.host.pathIncomplete());
    const kept = (nodes.length > 0 || removed.length > 0) && keepUnsaved(storage, key, { thread, nodes, removed, stored: this.shown.stored });
    if (!kept && this.unsavedKept) dropUnsaved(storage, key);
    this.unsavedKept = kept;
  }

  private unsavedKey(): string {
    return unsavedPrefix(this.host.key()) + this.chatId;
  }

  private onPageHide = () => this.leave();

  private onVisibility = () => {
    if (document.visibilityState === 'hidden') this.leave();
  };
}

/** What a thread record says of how the thread is shown: its title and the version it shows. */
function shownAs(record: ThreadRecord): Partial<ThreadRecord> {
  const { title, titleSource, currentLeaf, updated } = record;
  return currentLeaf === undefined ? { title, titleSource, updated } : { title, titleSource, currentLeaf, updated };
}
