/**
 * The element's side of storage, as it is in the first load: a Lit reactive controller that loads
 * the thread keeper (`thread-keeper.ts`, with the database layer, the conversation tree and the
 * thread list: a lazy chunk) as the element connects, and hands every call on to it. Until it has
 * loaded, the chat simply has no saved threads and no branches yet. It also keeps the element's
 * `thread-id`: follows it when the page sets it, makes one up when there is none.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Turn } from '../conversation/types.js';
import type { AgentChatStorageErrorDetail, AgentChatThreadChangeDetail } from '../events.js';
import type { ThreadExport } from './records.js';
import { errorText } from '../internal/errors.js';
import { isThreadIdSafe, newId } from '../internal/ids.js';
import type { ChatStorageHooks, StorageMode, ThreadKeeper, ThreadSummary } from './thread-keeper.js';

export type { ChatStorageHooks, StorageMode, ThreadSummary };

const NO_BRANCHES: ReturnType<ThreadKeeper['branchesOf']> = new Map();

export class ChatStorage implements ReactiveController {
  private keeper?: ThreadKeeper;
  private loading?: Promise<ThreadKeeper>;
  private connected = false;
  /** Why the keeper itself could not be loaded. */
  private loadProblem?: AgentChatStorageErrorDetail;

  /** The thread id the chat itself set last (a different one was set by the page). */
  private ownThreadId?: string;
  /** Settles when the thread the page asked for (`thread-id`) is shown. */
  private threadSwitch?: Promise<void>;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { threadId?: string; readonly hasUpdated: boolean },
    private readonly hooks: ChatStorageHooks,
  ) {
    host.addController(this);
  }

  /** Follows `thread-id` when the page set it (not when the chat did). */
  hostUpdate(): void {
    const id = this.host.threadId;
    if (!id || id === this.ownThreadId) return;
    if (!isThreadIdSafe(id)) {
      console.warn(
        `agent-chat: thread-id ${JSON.stringify(id)} cannot name a conversation (it would leave the endpoint's path in requests); a new conversation is started instead.`,
      );
      this.host.threadId = newId();
      return this.hostUpdate();
    }
    if (this.host.hasUpdated) this.followThreadId();
    else {
      // Set before the chat first drew: the thread to open, once storage is open.
      this.ownThreadId = id;
      this.explicitThreadId = true;
    }
  }

  /** The thread id, made up (and kept as the chat's own) when there is none yet. */
  ensureThreadId(): string {
    if (!this.host.threadId) {
      this.ownThreadId = newId();
      this.host.threadId = this.ownThreadId;
    }
    return this.host.threadId;
  }

  /** The keeper set the thread id (a conversation it opened or started): followed as the chat's own, not the page's. */
  adoptThreadId(id: string): void {
    this.ownThreadId = id;
    this.host.threadId = id;
  }

  /**
   * What a message sent now must wait for: the thread the page has just set with `thread-id`,
   * until it is shown (undefined when there is nothing to wait for).
   */
  threadShown(): Promise<void> | undefined {
    if (this.host.hasUpdated && this.host.threadId && this.host.threadId !== this.ownThreadId) this.followThreadId();
    return this.threadSwitch;
  }

  /** The page set `thread-id`: open that thread, or start one under that id. */
  private followThreadId(): void {
    const id = this.host.threadId!;
    this.ownThreadId = id;
    this.explicitThreadId = true;
    const shown = this.hooks.turns();
    const opening = this.ready().then(async () => {
      // What the page did meanwhile (setTurns) wins over the thread loading.
      if (this.hooks.turns() !== shown || this.host.threadId !== id) return;
      if (!(await this.openThread(id))) await this.newThread('new', id);
    });
    const switching = opening.finally(() => {
      if (this.threadSwitch === switching) this.threadSwitch = undefined;
    });
    this.threadSwitch = switching;
  }

  hostConnected(): void {
    this.connected = true;
    this.keeper?.hostConnected();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.keeper?.hostDisconnected();
  }

  private load(): Promise<ThreadKeeper> {
    this.loading ??= import('./thread-keeper.js').then(
      ({ ThreadKeeper }) => {
        const keeper = new ThreadKeeper(this.host, this.hooks);
        keeper.explicitThreadId = this.explicit;
        if (this.connected) keeper.hostConnected();
        // What the conversation became before the keeper came is its starting point.
        keeper.changed(false);
        this.keeper = keeper;
        this.host.requestUpdate();
        return keeper;
      },
      (error: unknown) => {
        this.loadProblem = { kind: 'failed', message: `The storage code could not be loaded (${errorText(error)}).` };
        this.hooks.storageError(this.loadProblem);
        this.host.requestUpdate();
        throw error;
      },
    );
    return this.loading;
  }

  private explicit = false;

  /** The page set `thread-id`: that thread is the one to open or start. */
  set explicitThreadId(value: boolean) {
    this.explicit = value;
    if (this.keeper) this.keeper.explicitThreadId = value;
  }

  configure(mode: StorageMode, key: string): Promise<void> {
    return this.load().then((keeper) => keeper.configure(mode, key));
  }

  /** Settles once storage is open (or known not to be). */
  ready(): Promise<void> {
    return this.load().then(
      (keeper) => keeper.ready(),
      () => undefined,
    );
  }

  /** Whether conversations are kept (a working database is open). */
  get persistent(): boolean {
    return this.keeper?.persistent ?? false;
  }

  get threads(): ThreadSummary[] {
    return this.keeper?.threads ?? [];
  }

  get problem(): AgentChatStorageErrorDetail | undefined {
    return this.keeper?.problem ?? this.loadProblem;
  }

  dismissProblem(): void {
    this.loadProblem = undefined;
    this.keeper?.dismissProblem();
    this.host.requestUpdate();
  }

  changed(fromWire: boolean): void {
    this.keeper?.changed(fromWire);
  }

  flush(): Promise<void> {
    return this.keeper?.flush() ?? Promise.resolve();
  }

  /**
   * Settles once the thread shown is all in memory: a long one opens with the end of its path,
   * the rest read at idle. Rejects when the rest cannot be read.
   */
  whenComplete(): Promise<void> {
    return this.keeper?.whenComplete() ?? Promise.resolve();
  }

  /** The turns shown do not begin at the thread's start yet: what needs the whole path waits (`whenComplete`). */
  get pathIncomplete(): boolean {
    return this.keeper?.pathIncomplete ?? false;
  }

  withBranch<T>(change: () => T): T {
    return this.keeper ? this.keeper.withBranch(change) : change();
  }

  branchesOf(turns: readonly Turn[]): ReturnType<ThreadKeeper['branchesOf']> {
    return this.keeper?.branchesOf(turns) ?? NO_BRANCHES;
  }

  pathThrough(siblingId: string): Turn[] {
    return this.keeper?.pathThrough(siblingId) ?? [];
  }

  titleFromBackend(title: string): void {
    void this.load().then((keeper) => keeper.titleFromBackend(title));
  }

  async refreshList(): Promise<void> {
    await (await this.load()).refreshList();
  }

  async openThread(id: string, reason?: AgentChatThreadChangeDetail['reason']): Promise<boolean> {
    return (await this.load()).openThread(id, reason);
  }

  async newThread(reason?: AgentChatThreadChangeDetail['reason'], id?: string): Promise<string> {
    return (await this.load()).newThread(reason, id);
  }

  async renameThread(id: string, title: string): Promise<void> {
    await (await this.load()).renameThread(id, title);
  }

  async deleteThread(id: string): Promise<void> {
    await (await this.load()).deleteThread(id);
  }

  async exportThread(id: string): Promise<ThreadExport> {
    return (await this.load()).exportThread(id);
  }

  async importThread(data: unknown): Promise<string> {
    return (await this.load()).importThread(data);
  }
}
