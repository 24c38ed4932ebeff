/**
 * Renaming and deleting a saved thread, for the keeper: the thread shown as well as any other in
 * the list, the other tabs told.
 */
import type { PathFirstLoader } from './path-first-load.js';
import type { SaveQueue } from './save-queue.js';
import type { ShownThread } from './shown-thread.js';
import type { StorageError } from './storage-error.js';
import type { TabFollow } from './tab-follow.js';
import type { ThreadStore } from './thread-store.js';
import type { FaultReport } from './fault-report.js';

export interface ThreadEditsHost {
  readonly shown: ShownThread;
  readonly queue: SaveQueue;
  readonly loader: PathFirstLoader;
  readonly tabs: TabFollow;
  readonly faults: FaultReport;
  store(): ThreadStore | undefined;
  /** Stops the reply under way, if any. */
  stop(): void;
  refreshList(): Promise<void>;
  /** The thread shown was deleted: a new one takes its place. */
  replaceDeleted(): Promise<unknown>;
}

export class ThreadEdits {
  constructor(private readonly host: ThreadEditsHost) {}

  async rename(id: string, title: string): Promise<void> {
    const { shown, tabs, faults } = this.host;
    const trimmed = title.trim();
    if (!trimmed) return;
    if (id === shown.id) {
      shown.record = { ...shown.current(), title: trimmed, titleSource: 'person' };
      // Not saved yet: the name goes with its first save.
      if (!shown.stored) return;
    }
    const store = this.host.store();
    if (!store) return;
    try {
      await store.renameThread(id, trimmed);
      tabs.announce({ kind: 'renamed', threadId: id });
      await this.host.refreshList();
    } catch (error) {
      faults.fail(error as StorageError, id);
    }
  }

  async delete(id: string): Promise<void> {
    const { shown, tabs, faults } = this.host;
    if (id === shown.id) {
      // Nothing more of it is saved, not even what streams in while the delete runs.
      this.host.queue.forget(id);
      this.host.loader.drop();
      this.host.stop();
    }
    const store = this.host.store();
    if (store) {
      try {
        await store.deleteThread(id);
        tabs.announce({ kind: 'deleted', threadId: id });
      } catch (error) {
        faults.fail(error as StorageError, id);
        return;
      }
    }
    if (id === shown.id) {
      this.host.stop();
      shown.show(id); // as a new thread: it has no record any more
      await this.host.replaceDeleted();
    }
    await this.host.refreshList();
  }
}
