/**
 * The keeper's side of `storage="remote"`: loads the sync (`sync/remote-sync.ts`, a chunk of its own
 * that only this mode loads) as the database opens, makes it the store's journal, and passes on what
 * the keeper does (a thread opened) and what the sync hears (a thread changed or deleted elsewhere,
 * how it stands, a person signed out).
 */
import type { AgentChatSyncDetail } from '../events.js';
import { errorText } from '../internal/errors.js';
import type { FaultReport } from './fault-report.js';
import type { ShownThread } from './shown-thread.js';
import type { RemoteSettings } from './sync/remote-client.js';
import type { RemoteSync } from './sync/remote-sync.js';
import type { TabFollow } from './tab-follow.js';
import type { ThreadStore } from './thread-store.js';

export interface RemoteLinkHost {
  readonly shown: ShownThread;
  readonly tabs: TabFollow;
  readonly faults: FaultReport;
  settings(): RemoteSettings | undefined;
  status(detail: AgentChatSyncDetail): void;
}

export class RemoteLink {
  private sync?: RemoteSync;
  private store?: ThreadStore;

  constructor(private readonly host: RemoteLinkHost) {}

  /** Syncs `store` (database `key`) with the server; resolves once its changes are journaled. */
  async attach(store: ThreadStore, key: string): Promise<void> {
    const settings = this.host.settings();
    const { faults } = this.host;
    if (key === 'agent-chat')
      console.warn(
        '<agent-chat>: storage="remote" with the default storage-key: give each signed-in user a storage-key of their own, so that one person\u2019s copy is never shown to another on a shared browser.',
      );
    if (!settings?.url) {
      faults.fail({ kind: 'failed', message: 'storage="remote" needs storage-url (the thread store\u2019s URL); conversations are kept on this device only.' });
      return;
    }
    try {
      const { RemoteSync } = await import('./sync/remote-sync.js');
      const sync = await RemoteSync.open(key, {
        store: () => this.store,
        settings: () => this.host.settings() ?? settings,
        shownId: () => this.host.shown.id,
        changed: (threadId, kind, record) => this.changed(threadId, kind, record),
        status: (detail) => this.host.status(detail),
        signedOut: (message) => {
          if (message)
            faults.fail({
              kind: 'signed-out',
              message: `Your conversations are not syncing: the server asks you to sign in again (${message.replace(/\.$/, '')}). Your changes wait on this device.`,
            });
          else if (faults.problem?.kind === 'signed-out') faults.dismiss();
        },
      });
      this.store = store;
      store.journal = sync.outbox;
      this.sync = sync;
      sync.start();
    } catch (error) {
      faults.fail({ kind: 'failed', message: `Conversations cannot be synced (${errorText(error)}); they are kept on this device.` });
    }
  }

  /** The server changed or deleted a thread: followed as another tab's save or delete (and told to the other tabs). */
  private changed(threadId: string, kind: 'saved' | 'deleted', record?: { title: string; updated: number }): void {
    const { shown, tabs } = this.host;
    // A name given on another device is the shown thread's now (its next save would send the old one back).
    if (record && threadId === shown.id && shown.record && shown.record.title !== record.title) shown.record = { ...shown.record, title: record.title };
    const message = { kind, threadId, updated: record?.updated };
    tabs.announce(message);
    void tabs.follow(message);
  }

  detach(): void {
    if (this.store) this.store.journal = undefined;
    this.store = undefined;
    this.sync?.stop();
    this.sync = undefined;
  }

  /** Whether thread `id` has changes not on the server yet. */
  pending(id: string): boolean {
    return this.sync?.pending.has(id) ?? false;
  }

  opened(id: string): void {
    this.sync?.opened(id);
  }

  /** The notice was dismissed (`quietly`: it stays away should the store still refuse), or the settings changed: a paused sync goes on. */
  resume(quietly = false): void {
    this.sync?.resume(quietly);
    void this.sync?.now();
  }

  /** Syncs now; settles when done (at once without a sync). */
  now(): Promise<void> {
    return this.sync?.now() ?? Promise.resolve();
  }
}
