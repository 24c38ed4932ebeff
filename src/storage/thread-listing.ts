/**
 * The list of saved threads as the drawer shows it, most recent first, read again after each change
 * (with `storage="remote"`, each one marked when it has changes not on the server yet). However many
 * ask while a read is under way, one more read follows it: a sync that changes a thousand threads
 * reads the list twice, not a thousand times.
 */
import type { StorageError } from './storage-error.js';
import type { ThreadStore } from './thread-store.js';

export interface ThreadSummary {
  id: string;
  title: string;
  updated: number;
  /** (`storage="remote"`) It has changes not on the server yet. */
  pending?: boolean;
}

export interface ThreadListingHost {
  store(): ThreadStore | undefined;
  pending(id: string): boolean;
  /** The list changed: the element draws again. */
  changed(): void;
  fail(error: StorageError): void;
}

export class ThreadListing {
  threads: ThreadSummary[] = [];
  private reading?: Promise<void>;
  private next?: Promise<void>;

  constructor(private readonly host: ThreadListingHost) {}

  /** Reads the list again (after the read under way, if any). */
  refresh(): Promise<void> {
    if (!this.reading) return (this.reading = this.read().finally(() => (this.reading = undefined)));
    return (this.next ??= this.reading.then(() => {
      this.next = undefined;
      return this.refresh();
    }));
  }

  private async read(): Promise<void> {
    const store = this.host.store();
    if (!store) return;
    try {
      const threads = await store.listThreads();
      this.threads = threads.map(({ id, title, updated }) => (this.host.pending(id) ? { id, title, updated, pending: true } : { id, title, updated }));
      this.host.changed();
    } catch (error) {
      this.host.fail(error as StorageError);
    }
  }
}
