import { expect } from '@open-wc/testing';
import { openDB } from 'idb';
import type { AssistantTurn } from '../../../src/conversation/types.js';
import type { NodeRecord, ThreadRecord } from '../../../src/storage/records.js';
import { MAX_DEPTH, nestingDepth, TOO_DEEP } from '../../../src/conversation/depth.js';
import { RECORD_DEPTH } from '../../../src/storage/storable.js';
import { StorageError } from '../../../src/storage/storage-error.js';
import { ThreadStore } from '../../../src/storage/thread-store.js';

let counter = 0;
const freshName = () => `agent-chat-store-test-${Date.now()}-${counter++}`;

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = () => resolve();
  });
}

const thread = (id: string, updated: number, extra: Partial<ThreadRecord> = {}): ThreadRecord => ({
  id,
  title: `Thread ${id}`,
  titleSource: 'first-message',
  created: updated,
  updated,
  ...extra,
});

const userNode = (threadId: string, id: string, seq: number, parentId: string | null = null): NodeRecord => ({
  threadId,
  id,
  parentId,
  seq,
  turn: { role: 'user', id, text: `message ${id}` },
});

const replyNode = (threadId: string, id: string, seq: number, parentId: string): NodeRecord => {
  const turn: AssistantTurn = {
    role: 'assistant',
    id,
    status: 'done',
    parts: [
      { kind: 'text', id: `${id}-m`, text: 'Here it is.', streaming: false },
      {
        kind: 'tool-call',
        id: `${id}-c`,
        name: 'show_chart',
        argsText: '{"n":1}',
        args: { n: 1 },
        argsComplete: true,
        status: 'done',
        result: { content: [{ type: 'text', text: 'ok' }] },
      },
    ],
  };
  return { threadId, id, parentId, seq, turn };
};

/** Every record of a store, read with plain idb (not through ThreadStore). */
async function rawAll(name: string, store: 'threads' | 'nodes'): Promise<unknown[]> {
  const db = await openDB(name);
  try {
    return await db.getAll(store);
  } finally {
    db.close();
  }
}

async function rejection(promise: Promise<unknown>): Promise<StorageError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(StorageError);
    return error as StorageError;
  }
  throw new Error('expected a rejection');
}

describe('ThreadStore', () => {
  let name: string;
  let store: ThreadStore;

  beforeEach(async () => {
    name = freshName();
    store = await ThreadStore.open(name);
  });

  afterEach(async () => {
    store.close();
    await deleteDatabase(name);
  });

  it('starts empty', async () => {
    expect(await store.listThreads()).to.deep.equal([]);
    expect(await store.getThread('nope')).to.equal(undefined);
  });

  it('round-trips threads and nodes: threads by updated (newest first), nodes by seq', async () => {
    await store.save(thread('a', 100), [userNode('a', 'a1', 0)]);
    await store.save(thread('b', 300), [userNode('b', 'b1', 0)]);
    await store.save(thread('c', 200, { currentLeaf: 'c3', titleSource: 'backend' }), [replyNode('c', 'c3', 2, 'c1'), userNode('c', 'c1', 0), replyNode('c', 'c2', 1, 'c1')]);
    expect((await store.listThreads()).map((t) => t.id)).to.deep.equal(['b', 'c', 'a']);
    const loaded = await store.getThread('c');
    expect(loaded?.thread).to.deep.equal(thread('c', 200, { currentLeaf: 'c3', titleSource: 'backend' }));
    expect(loaded?.nodes).to.deep.equal([userNode('c', 'c1', 0), replyNode('c', 'c2', 1, 'c1'), replyNode('c', 'c3', 2, 'c1')]);
  });

  it('keeps node ids apart per thread', async () => {
    await store.save(thread('a', 1), [userNode('a', 'n', 0)]);
    await store.save(thread('b', 2), [userNode('b', 'n', 0)]);
    expect((await store.getThread('a'))?.nodes).to.deep.equal([userNode('a', 'n', 0)]);
    expect((await store.getThread('b'))?.nodes).to.deep.equal([userNode('b', 'n', 0)]);
  });

  it('replaces nodes and deletes removedNodeIds', async () => {
    await store.save(thread('a', 1), [userNode('a', 'n1', 0), userNode('a', 'n2', 1, 'n1'), userNode('a', 'n3', 2, 'n1')]);
    const edited = { ...userNode('a', 'n2', 1, 'n1'), turn: { role: 'user' as const, id: 'n2', text: 'edited' } };
    await store.save(thread('a', 2), [edited], ['n3']);
    const loaded = await store.getThread('a');
    expect(loaded?.nodes).to.deep.equal([userNode('a', 'n1', 0), edited]);
  });

  it('keeps created and never moves updated backwards', async () => {
    await store.save(thread('a', 500), []);
    await store.save({ ...thread('a', 200), created: 150, title: 'New title' }, []);
    expect((await store.getThread('a'))?.thread).to.deep.equal({ ...thread('a', 500), title: 'New title' });
    await store.save({ ...thread('a', 900), created: 900 }, []);
    expect((await store.getThread('a'))?.thread).to.deep.include({ created: 500, updated: 900 });
  });

  it('resolves with the record as stored: the first created, the latest updated', async () => {
    await store.save(thread('a', 500), []);
    expect(await store.save({ ...thread('a', 200), created: 150 }, [])).to.deep.equal(thread('a', 500));
    expect(await store.save(thread('b', 7), [])).to.deep.equal(thread('b', 7));
  });

  it('makes every request of a save before save() returns, so its transaction is under way at once', async () => {
    await store.save(thread('a', 1), [userNode('a', 'n1', 0)]);
    const made: string[] = [];
    const originalPut = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      made.push(this.name);
      return originalPut.apply(this, args);
    };
    let saving: Promise<unknown>;
    try {
      saving = store.save(thread('a', 2), [userNode('a', 'n2', 1, 'n1')]);
      expect(made, 'the node and the thread record are put before save() returns').to.deep.equal(['nodes', 'threads']);
    } finally {
      IDBObjectStore.prototype.put = originalPut;
    }
    await saving;
    expect((await store.getThread('a'))?.nodes.map((node) => node.id)).to.deep.equal(['n1', 'n2']);
  });

  it('with commit, commits at once, waiting on no read, and stores the record as given', async () => {
    await store.save(thread('a', 500), [userNode('a', 'n1', 0)]);
    const originalGet = IDBObjectStore.prototype.get;
    let reads = 0;
    IDBObjectStore.prototype.get = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['get']>) {
      reads++;
      return originalGet.apply(this, args);
    };
    try {
      const record = { ...thread('a', 600), created: 500, title: 'Renamed' };
      expect(await store.save(record, [userNode('a', 'n2', 1, 'n1')], [], { commit: true })).to.deep.equal(record);
    } finally {
      IDBObjectStore.prototype.get = originalGet;
    }
    expect(reads, 'nothing read').to.equal(0);
    const loaded = await store.getThread('a');
    expect(loaded?.thread).to.deep.include({ created: 500, updated: 600, title: 'Renamed' });
    expect(loaded?.nodes.map((node) => node.id)).to.deep.equal(['n1', 'n2']);
  });

  it('a record IndexedDB cannot copy does not fail the save (a failed save is retried with every later one): it is put as JSON has it, and what nests too deeply is cut', async () => {
    await store.save(thread('a', 1, { title: 'Before' }), [userNode('a', 'n1', 0)]);
    const bad = userNode('a', 'n3', 2, 'n1') as any;
    bad.turn.callback = () => {}; // functions cannot be cloned: DataCloneError on put
    const deep = replyNode('a', 'n4', 3, 'n3') as any;
    let nested: unknown = [];
    for (let i = 0; i < 4000; i++) nested = [nested]; // overflows the stack of structured clone
    deep.turn.parts[1].result = nested;
    await store.save(thread('a', 5, { title: 'After' }), [userNode('a', 'n2', 1, 'n1'), bad, deep]);
    await store.save(thread('a', 6, { title: 'Later' }), [userNode('a', 'n5', 4, 'n4')]);
    const loaded = await store.getThread('a');
    expect(loaded?.thread.title).to.equal('Later');
    expect(loaded?.nodes.map((node) => node.id)).to.deep.equal(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect(loaded?.nodes[2].turn).to.deep.equal(userNode('a', 'n3', 2, 'n1').turn);
    const result = (loaded?.nodes[3].turn as AssistantTurn).parts[1] as { result: unknown };
    expect(nestingDepth(result.result, 5000)).to.be.within(MAX_DEPTH, RECORD_DEPTH);
    expect(JSON.stringify(result.result)).to.contain(TOO_DEEP);
  });

  it('rejects nodes of another thread without writing', async () => {
    const error = await rejection(store.save(thread('a', 1), [userNode('b', 'n1', 0)]));
    expect(error.kind).to.equal('invalid');
    expect(await store.listThreads()).to.deep.equal([]);
  });

  it('maps a full disk to a quota error and writes nothing', async () => {
    await store.save(thread('a', 1), [userNode('a', 'n1', 0)]);
    const put = IDBObjectStore.prototype.put;
    let calls = 0;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (++calls === 2) throw new DOMException('full', 'QuotaExceededError');
      return put.apply(this, args);
    };
    let error: StorageError;
    try {
      error = await rejection(store.save(thread('a', 9, { title: 'Changed' }), [userNode('a', 'n2', 1, 'n1'), userNode('a', 'n3', 2, 'n1')], ['n1']));
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(calls).to.equal(2);
    expect(error.kind).to.equal('quota');
    expect(error.message).to.equal("The browser's storage for this site is full.");
    expect(await store.listThreads()).to.deep.equal([thread('a', 1)]);
    expect((await rawAll(name, 'nodes')).map((n: any) => n.id)).to.deep.equal(['n1']);
  });

  it('renames a thread: titleSource person, updated now', async () => {
    await store.save(thread('a', 1000), []);
    const before = Date.now();
    await store.renameThread('a', 'My trip');
    const renamed = (await store.getThread('a'))!.thread;
    expect(renamed).to.deep.include({ title: 'My trip', titleSource: 'person', created: 1000 });
    expect(renamed.updated).to.be.at.least(before);
    expect((await rejection(store.renameThread('missing', 'x'))).kind).to.equal('invalid');
  });

  it('deletes a thread with all its nodes, and only those', async () => {
    await store.save(thread('a', 1), [userNode('a', 'n1', 0), replyNode('a', 'n2', 1, 'n1')]);
    await store.save(thread('ab', 2), [userNode('ab', 'n1', 0)]);
    await store.deleteThread('a');
    expect(await store.getThread('a')).to.equal(undefined);
    expect((await store.listThreads()).map((t) => t.id)).to.deep.equal(['ab']);
    expect((await rawAll(name, 'nodes')).map((n: any) => [n.threadId, n.id])).to.deep.equal([['ab', 'n1']]);
    await store.deleteThread('never-was');
  });

  it('exports and imports a thread unchanged; importing again gives a new id', async () => {
    const nodes = [userNode('a', 'n1', 0), replyNode('a', 'n2', 1, 'n1'), replyNode('a', 'n3', 2, 'n1')];
    await store.save(thread('a', 10, { currentLeaf: 'n3', title: 'Trip' }), nodes);
    const original = await store.getThread('a');
    const file = await store.exportThread('a');
    expect(file).to.deep.include({ format: 'agent-chat-thread', version: 1 });
    expect(file.nodes[0]).to.not.have.property('threadId');
    const text = JSON.stringify(file);

    const otherName = freshName();
    const other = await ThreadStore.open(otherName);
    try {
      const imported = await other.importThread(text);
      expect(imported).to.deep.equal(original!.thread);
      expect(await other.getThread('a')).to.deep.equal(original);
    } finally {
      other.close();
      await deleteDatabase(otherName);
    }

    const copy = await store.importThread(file);
    expect(copy.id).to.not.equal('a');
    expect(copy).to.deep.equal({ ...original!.thread, id: copy.id });
    const copied = await store.getThread(copy.id);
    expect(copied?.nodes).to.deep.equal(original!.nodes.map((n) => ({ ...n, threadId: copy.id })));
    expect(await store.getThread('a')).to.deep.equal(original);
    expect(await store.listThreads()).to.have.length(2);
  });

  it('rejects exporting a thread that does not exist', async () => {
    expect((await rejection(store.exportThread('missing'))).kind).to.equal('invalid');
  });

  it('rejects a corrupt import and writes nothing', async () => {
    await store.save(thread('a', 1), [userNode('a', 'n1', 0)]);
    const file: any = await store.exportThread('a');
    file.thread.id = 'b';
    file.nodes[0].parentId = 'n-9';
    const error = await rejection(store.importThread(file));
    expect(error.kind).to.equal('invalid');
    expect(error.message).to.equal('node 0 ("n1"): its parent "n-9" is not in the file.');
    expect((await rejection(store.importThread('not json'))).message).to.equal('The file is not valid JSON.');
    expect((await store.listThreads()).map((t) => t.id)).to.deep.equal(['a']);
    expect(await rawAll(name, 'nodes')).to.have.length(1);
  });

  it('leaves out a stored node that is not valid, with one warning', async () => {
    await store.save(thread('a', 1), [userNode('a', 'n1', 0), userNode('a', 'n3', 2, 'n1')]);
    const db = await openDB(name);
    await db.put('nodes', { threadId: 'a', id: 'n2', parentId: 'n1', seq: 1, turn: { role: 'robot', id: 'n2' } });
    await db.put('nodes', { threadId: 'a', id: 'n4', parentId: 'n1', seq: 3, turn: 'garbage' });
    db.close();
    const warn = console.warn;
    const warnings: unknown[][] = [];
    console.warn = (...args: unknown[]) => warnings.push(args);
    let loaded;
    try {
      loaded = await store.getThread('a');
    } finally {
      console.warn = warn;
    }
    expect(loaded?.nodes.map((n) => n.id)).to.deep.equal(['n1', 'n3']);
    expect(warnings).to.have.length(1);
    expect(String(warnings[0][0])).to.contain('2 stored node(s)');
  });

  it('rejects every call with a StorageError once closed', async () => {
    store.close();
    const error = await rejection(store.listThreads());
    expect(error.kind).to.equal('failed');
    expect((await rejection(store.save(thread('a', 1), []))).kind).to.equal('failed');
  });
});
