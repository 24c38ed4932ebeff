import { expect } from '@open-wc/testing';
import type { AssistantTurn, Turn, UserTurn } from '../../../src/conversation/types.js';
import type { NodeRecord, ThreadRecord } from '../../../src/storage/records.js';
import { SAVE_EVERY_MS, SaveQueue } from '../../../src/storage/save-queue.js';
import { ShownThread } from '../../../src/storage/shown-thread.js';
import { StorageError } from '../../../src/storage/storage-error.js';
import type { ThreadStore } from '../../../src/storage/thread-store.js';
import type { SyncMessage } from '../../../src/storage/thread-sync.js';
import { TreeMirror } from '../../../src/storage/tree-mirror.js';
import { unsavedPrefix } from '../../../src/storage/unsaved.js';

const user = (id: string, text = id): UserTurn => ({ role: 'user', id, text });
const reply = (id: string, text = id): AssistantTurn => ({ role: 'assistant', id, status: 'done', parts: [{ kind: 'text', id: `${id}-m`, text, streaming: false }] });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Save {
  thread: ThreadRecord;
  nodes: readonly NodeRecord[];
  removed: readonly string[];
  commit: boolean;
}

/** Records the saves asked for; each resolves at once, or when `release` is called if `hold` is set. */
class FakeStore {
  saves: Save[] = [];
  failNext = false;
  hold = false;
  private held: (() => void)[] = [];

  save(thread: ThreadRecord, nodes: readonly NodeRecord[], removed: readonly string[] = [], { commit = false } = {}): Promise<ThreadRecord> {
    this.saves.push({ thread, nodes, removed, commit });
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new StorageError('quota', 'The storage is full.'));
    }
    if (!this.hold) return Promise.resolve(thread);
    return new Promise((resolve) => this.held.push(() => resolve(thread)));
  }

  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }
}

let counter = 0;

function setup() {
  const key = `save-queue-test-${Date.now()}-${counter++}`;
  const env = {
    turns: [] as readonly Turn[],
    busy: false,
    store: undefined as FakeStore | undefined,
    announced: [] as SyncMessage[],
    failed: [] as { kind: string; threadId?: string }[],
    saved: 0,
    replaced: 0,
  };
  const shown = new ShownThread(() => 't1');
  let queue: SaveQueue | undefined;
  const mirror = new TreeMirror({
    turns: () => env.turns,
    partial: () => undefined,
    streamed: () => queue!.streamed(),
    took: (change, save) => queue!.took(change, save),
  });
  queue = new SaveQueue(
    {
      store: () => env.store as unknown as ThreadStore | undefined,
      key: () => key,
      busy: () => env.busy,
      turns: () => env.turns,
      pathIncomplete: () => false,
      announce: (message) => env.announced.push(message),
      saved: async () => {
        env.saved++;
      },
      fail: (error, threadId) => env.failed.push({ kind: error.kind, threadId }),
      replaceDeleted: () => env.replaced++,
    },
    mirror,
    shown,
  );
  /** The page shows `turns` (a change that is not streamed). */
  const show = (turns: Turn[]) => {
    env.turns = turns;
    mirror.changed(false);
  };
  return { env, key, shown, mirror, queue, show };
}

describe('SaveQueue', () => {
  const made: ReturnType<typeof setup>[] = [];
  const make = () => {
    const made1 = setup();
    made.push(made1);
    return made1;
  };

  afterEach(() => {
    for (const { queue, key } of made.splice(0)) {
      queue.cancelDue();
      for (let i = localStorage.length - 1; i >= 0; i--) if (localStorage.key(i)?.startsWith(unsavedPrefix(key))) localStorage.removeItem(localStorage.key(i)!);
    }
  });

  it('gathers changes without a database, and saves all of them once there is one', async () => {
    const { env, queue, show, shown } = make();
    show([user('u1', 'Hello there\nsecond line')]);
    show([user('u1', 'Hello there\nsecond line'), reply('r1')]);
    expect(queue.state).to.deep.equal({ kind: 'dirty' });
    expect(queue.hasChanges).to.equal(true);

    env.store = new FakeStore();
    await queue.flush();
    expect(env.store.saves).to.have.length(1);
    const [save] = env.store.saves;
    expect(save.nodes.map((node) => node.id)).to.deep.equal(['u1', 'r1']);
    expect(save.nodes.every((node) => node.threadId === 't1')).to.equal(true);
    expect(save.thread).to.include({ id: 't1', title: 'Hello there', currentLeaf: 'r1', titleSource: 'first-message' });
    expect(queue.state).to.deep.equal({ kind: 'clean' });
    expect(queue.hasChanges).to.equal(false);
    expect(shown.stored).to.equal(true);
    expect(env.announced).to.deep.equal([{ kind: 'saved', threadId: 't1', updated: save.thread.updated }]);
    expect(env.saved).to.equal(1);
  });

  it('saves at once when nothing streams, and batches within SAVE_EVERY_MS while a reply streams', async () => {
    const { env, queue, show, mirror } = make();
    const store = (env.store = new FakeStore());
    const u1 = user('u1');
    show([u1]);
    expect(store.saves).to.have.length(1);

    env.busy = true;
    env.turns = [u1, reply('r1', 'Hel')];
    mirror.changed(true);
    env.turns = [u1, reply('r1', 'Hello')];
    mirror.changed(true);
    expect(store.saves).to.have.length(1);
    expect(mirror.stale).to.equal(true);
    await wait(SAVE_EVERY_MS + 100);
    expect(store.saves).to.have.length(2);
    const nodes = store.saves[1].nodes;
    expect(nodes.map((node) => node.id)).to.deep.equal(['r1']);
    expect((nodes[0].turn as AssistantTurn).parts[0]).to.include({ text: 'Hello' });
    expect(queue.state).to.deep.equal({ kind: 'clean' });
  });

  it('saves nothing for a thread merely shown, nor an empty one never stored', async () => {
    const { env, queue, mirror, show } = make();
    const store = (env.store = new FakeStore());
    mirror.replace(() => (env.turns = [user('u1'), reply('r1')]));
    queue.reset();
    await queue.flush();
    expect(store.saves).to.have.length(0);

    show([]);
    queue.owe();
    await queue.flush();
    expect(store.saves).to.have.length(0);
  });

  it('drops every change of a thread being deleted here, until another thread is shown', async () => {
    const { env, queue, show } = make();
    const store = (env.store = new FakeStore());
    queue.forget('t1');
    show([user('u1')]);
    await queue.flush();
    expect(store.saves).to.have.length(0);
    expect(queue.state).to.deep.equal({ kind: 'forgetting', threadId: 't1' });
    expect(queue.hasChanges).to.equal(false);
    // Deleted in another tab as well: it stays forgotten.
    queue.deletedElsewhere('t1', true);
    expect(queue.state).to.deep.equal({ kind: 'forgetting', threadId: 't1' });

    queue.reset();
    expect(queue.state).to.deep.equal({ kind: 'clean' });
    show([user('u1'), reply('r1')]);
    await queue.flush();
    expect(store.saves).to.have.length(1);
  });

  it('after a delete in another tab, saves nothing and lets a new thread take its place once the reply ends', async () => {
    const { env, queue, show } = make();
    const store = (env.store = new FakeStore());
    env.busy = true;
    queue.deletedElsewhere('t1', true);
    show([user('u1'), reply('r1')]);
    await queue.flush();
    expect(store.saves).to.have.length(0);
    expect(env.replaced).to.equal(0);
    expect(queue.state).to.deep.equal({ kind: 'deleted-elsewhere', threadId: 't1' });

    env.busy = false;
    await queue.flush();
    expect(env.replaced).to.equal(1);
    expect(queue.state).to.deep.equal({ kind: 'clean' });
    expect(store.saves).to.have.length(0);
  });

  it('keeps the nodes of a failed save for the next one, in their newest versions', async () => {
    const { env, queue, show } = make();
    const store = (env.store = new FakeStore());
    store.failNext = true;
    show([user('u1'), reply('r1', 'first')]);
    await queue.flush();
    expect(env.failed).to.deep.equal([{ kind: 'quota', threadId: 't1' }]);
    expect(queue.state).to.deep.equal({ kind: 'dirty' });

    show([user('u1'), reply('r1', 'second')]);
    await queue.flush();
    expect(store.saves).to.have.length(2);
    const nodes = store.saves[1].nodes;
    expect(nodes.map((node) => node.id).sort()).to.deep.equal(['r1', 'u1']);
    expect((nodes.find((node) => node.id === 'r1')!.turn as AssistantTurn).parts[0]).to.include({ text: 'second' });
  });

  it('as the page goes away, commits the save at once and keeps what is not written in localStorage until it is', async () => {
    const { env, key, queue, show, mirror } = make();
    const store = (env.store = new FakeStore());
    store.hold = true;
    show([user('u1')]);
    env.turns = [user('u1'), reply('r1')];
    mirror.changed(true);
    queue.leave();
    expect(store.saves.map((save) => save.commit)).to.deep.equal([false, true]);
    const entries = Object.keys(localStorage).filter((name) => name.startsWith(unsavedPrefix(key)));
    expect(entries).to.have.length(1);
    const kept = JSON.parse(localStorage.getItem(entries[0])!);
    expect(kept.nodes.map((node: NodeRecord) => node.id).sort()).to.deep.equal(['r1', 'u1']);

    store.release();
    await queue.flush();
    expect(Object.keys(localStorage).filter((name) => name.startsWith(unsavedPrefix(key)))).to.have.length(0);
  });
});
