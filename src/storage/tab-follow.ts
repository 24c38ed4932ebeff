/**
 * Follows what other tabs do with this database (heard through `thread-sync.ts`): the list is read
 * again after each of their writes; the thread shown follows a rename, gives way to a new one when
 * deleted there, and shows what another tab saved of it once that tab has been quiet for a moment
 * (it may be streaming), unless this tab is in the middle of something. What another tab says is
 * only a hint to read the database again: what the database says is what is done.
 */
import type { PathFirstLoader, ThreadRead } from './path-first-load.js';
import type { SaveQueue } from './save-queue.js';
import type { ShownThread } from './shown-thread.js';
import { ThreadSync, type SyncMessage } from './thread-sync.js';

/** Another tab's saves of the thread shown are followed once they pause this long (ms). */
export const SYNC_QUIET_MS = 600;

/** What following needs from the keeper. */
export interface TabFollowHost {
  readonly shown: ShownThread;
  readonly queue: SaveQueue;
  readonly loader: PathFirstLoader;
  busy(): boolean;
  /** The threads of the list, as last read. */
  threads(): readonly { id: string; title: string }[];
  refreshList(): Promise<void>;
  /** The thread shown was deleted: a new one takes its place. */
  replaceDeleted(): Promise<unknown>;
  /** Whether thread `threadId` is in the database; undefined when that cannot be known. */
  stored(threadId: string): Promise<boolean | undefined>;
  /** Thread `threadId` as saved; undefined when there is no database or it cannot be read. */
  read(threadId: string): Promise<ThreadRead | undefined>;
  /** Shows what `read` gave, as another tab saved it. */
  show(read: ThreadRead): void;
}

export class TabFollow {
  private sync?: ThreadSync;
  /** The reload of the thread shown, once another tab's saves pause. */
  private reloadTimer?: ReturnType<typeof setTimeout>;

  constructor(private readonly host: TabFollowHost) {}

  /** Listens to (and tells) the other tabs of database `key`. */
  open(key: string): void {
    this.sync = new ThreadSync(key, (message) => void this.follow(message));
  }

  close(): void {
    this.sync?.close();
    this.sync = undefined;
  }

  /** Tells the other tabs (nothing, before `open`). */
  announce(message: SyncMessage): void {
    this.sync?.announce(message);
  }

  /** A reload waiting for another tab to be quiet does not happen. */
  cancelReload(): void {
    clearTimeout(this.reloadTimer);
  }

  /** What another tab (or, with `storage="remote"`, the server) did: followed here. */
  async follow(message: SyncMessage): Promise<void> {
    const { host } = this;
    await host.refreshList();
    if (message.threadId !== host.shown.id) return;
    if (message.kind === 'deleted') {
      // Another tab's word is a hint: any script of the origin can post on the channel. Only a
      // thread that was saved here and is gone from the database now counts as deleted.
      if (!host.shown.stored || (await host.stored(message.threadId)) !== false) return;
      // Nothing more of it is saved; once the reply under way (if any) has ended, a new thread takes its place.
      host.loader.drop('The conversation was deleted in another tab before all of it was read.');
      host.shown.record = undefined;
      const replying = host.busy();
      host.queue.deletedElsewhere(message.threadId, replying);
      if (!replying) await host.replaceDeleted();
      return;
    }
    if (message.kind === 'renamed') {
      const listed = host.threads().find((thread) => thread.id === message.threadId);
      const { record } = host.shown;
      if (listed && record) host.shown.record = { ...record, title: listed.title, titleSource: 'person' };
      return;
    }
    if ((message.updated ?? 0) <= (host.shown.record?.updated ?? 0)) return;
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => void this.reload(message.threadId), SYNC_QUIET_MS);
  }

  private async reload(threadId: string): Promise<void> {
    const { host } = this;
    await host.loader.whenComplete().catch(() => {});
    if (host.busy() || host.queue.hasChanges) return;
    const read = await host.read(threadId);
    if (!read || host.busy() || host.queue.hasChanges || threadId !== host.shown.id) return;
    host.show(read);
  }
}
