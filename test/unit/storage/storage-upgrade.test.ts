import { expect } from '@open-wc/testing';
import { DB_VERSION } from '../../../src/storage/db.js';
import { StorageError } from '../../../src/storage/storage-error.js';
import { ThreadStore } from '../../../src/storage/thread-store.js';

let counter = 0;
const freshName = () => `agent-chat-upgrade-test-${Date.now()}-${counter++}`;

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = () => resolve();
  });
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** A database in the first shipped shape (version 1), made with plain IndexedDB. */
async function createVersion1(name: string, threads: unknown[], nodes: unknown[]): Promise<IDBDatabase> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    const db = open.result;
    db.createObjectStore('threads', { keyPath: 'id' });
    db.createObjectStore('nodes', { keyPath: 'id' }).createIndex('threadId', 'threadId');
  };
  const db = await request(open);
  const tx = db.transaction(['threads', 'nodes'], 'readwrite');
  for (const thread of threads) tx.objectStore('threads').put(thread);
  for (const node of nodes) tx.objectStore('nodes').put(node);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error);
  });
  return db;
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

const v1Threads = [
  { id: 't1', title: 'Older', created: 10, updated: 20, currentLeaf: 'b' },
  { id: 't2', title: 'Newer', created: 30, updated: 40, titleSource: 'backend' },
];
const v1Nodes = [
  { threadId: 't1', id: 'a', parentId: null, seq: 0, turn: { role: 'user', id: 'a', text: 'Hi' } },
  { threadId: 't1', id: 'b', parentId: 'a', seq: 1, turn: { role: 'assistant', id: 'b', status: 'done', parts: [] } },
  { threadId: 't2', id: 'c', parentId: null, seq: 0, turn: { role: 'user', id: 'c', text: 'Hello' } },
];

describe('ThreadStore: database versions', () => {
  let name: string;
  const cleanups: (() => void)[] = [];

  beforeEach(() => {
    name = freshName();
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    await deleteDatabase(name);
  });

  it('is at version 2', () => {
    expect(DB_VERSION).to.equal(2);
  });

  it('upgrades a version 1 database: nodes under their thread, titleSource filled', async () => {
    (await createVersion1(name, v1Threads, v1Nodes)).close();
    const store = await ThreadStore.open(name);
    cleanups.push(() => store.close());
    expect(await store.listThreads()).to.deep.equal([
      { id: 't2', title: 'Newer', created: 30, updated: 40, titleSource: 'backend' },
      { id: 't1', title: 'Older', created: 10, updated: 20, currentLeaf: 'b', titleSource: 'first-message' },
    ]);
    const t1 = await store.getThread('t1');
    expect(t1?.nodes).to.deep.equal(v1Nodes.slice(0, 2));
    expect((await store.getThread('t2'))?.nodes).to.deep.equal(v1Nodes.slice(2));

    // The new shape: node ids are unique per thread only.
    await store.save(t1!.thread, [{ ...v1Nodes[2], threadId: 't1', id: 'c', parentId: 'b', seq: 2 } as any]);
    expect((await store.getThread('t1'))?.nodes.map((n) => n.id)).to.deep.equal(['a', 'b', 'c']);
    expect((await store.getThread('t2'))?.nodes.map((n) => n.id)).to.deep.equal(['c']);
    store.close();

    const raw = await request(indexedDB.open(name));
    cleanups.push(() => raw.close());
    expect(raw.version).to.equal(2);
    expect([...raw.objectStoreNames]).to.deep.equal(['nodes', 'threads']);
    const tx = raw.transaction(['nodes', 'threads']);
    expect(tx.objectStore('nodes').keyPath).to.deep.equal(['threadId', 'id']);
    expect([...tx.objectStore('nodes').indexNames]).to.deep.equal(['threadId']);
    expect([...tx.objectStore('threads').indexNames]).to.deep.equal(['updated']);
  });

  it('creates version 2 directly in a new database', async () => {
    const store = await ThreadStore.open(name);
    store.close();
    const raw = await request(indexedDB.open(name));
    cleanups.push(() => raw.close());
    expect(raw.version).to.equal(2);
    expect(raw.transaction('nodes').objectStore('nodes').keyPath).to.deep.equal(['threadId', 'id']);
  });

  it("rejects 'blocked' while another tab keeps version 1 open, and opens once it closes", async () => {
    const old = await createVersion1(name, v1Threads, v1Nodes);
    old.onversionchange = null; // an old tab that does not let go
    let closed = false;
    cleanups.push(() => closed || old.close());
    const error = await rejection(ThreadStore.open(name, { blockedTimeoutMs: 300 }));
    expect(error.kind).to.equal('blocked');
    expect(error.message).to.match(/another tab/);

    old.close();
    closed = true;
    const store = await ThreadStore.open(name, { blockedTimeoutMs: 300 });
    cleanups.push(() => store.close());
    expect((await store.listThreads()).map((t) => t.id)).to.deep.equal(['t2', 't1']);
  });

  it('closes itself when a newer version opens elsewhere; later calls reject with a StorageError', async () => {
    const store = await ThreadStore.open(name);
    cleanups.push(() => store.close());
    await store.save({ id: 't', title: 'x', titleSource: 'person', created: 1, updated: 1 }, []);

    const newer = indexedDB.open(name, 3);
    let blocked = false;
    newer.onblocked = () => (blocked = true);
    const raw = await request(newer);
    cleanups.push(() => raw.close());
    expect(raw.version).to.equal(3);
    expect(blocked).to.equal(false);

    const error = await rejection(store.listThreads());
    expect(error.kind).to.equal('failed');
    expect(error.message).to.match(/newer version/);
  });

  it('lets another tab delete the database; later calls reject with a StorageError', async () => {
    const store = await ThreadStore.open(name);
    cleanups.push(() => store.close());
    const deleting = indexedDB.deleteDatabase(name);
    let blocked = false;
    deleting.onblocked = () => (blocked = true);
    await request(deleting);
    expect(blocked).to.equal(false);
    const error = await rejection(store.getThread('t'));
    expect(error.kind).to.equal('failed');
    expect(error.message).to.match(/deleted in another tab/);
  });

  it("rejects 'failed' when the database is newer than this widget", async () => {
    const raw = await request(indexedDB.open(name, 3));
    raw.close();
    const error = await rejection(ThreadStore.open(name));
    expect(error.kind).to.equal('failed');
    expect((error.cause as DOMException).name).to.equal('VersionError');
  });

  it("rejects 'unavailable' when IndexedDB refuses or is missing", async () => {
    const refusing = {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const error = await rejection(ThreadStore.open(name, { factory: refusing }));
    expect(error.kind).to.equal('unavailable');
    expect(error.message).to.contain('private browsing');

    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB')!;
    Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true });
    try {
      expect((await rejection(ThreadStore.open(name))).kind).to.equal('unavailable');
    } finally {
      Object.defineProperty(globalThis, 'indexedDB', descriptor);
    }
  });

  it('works through a given factory', async () => {
    const factory = { open: (n: string, v?: number) => indexedDB.open(n, v) } as unknown as IDBFactory;
    const store = await ThreadStore.open(name, { factory });
    cleanups.push(() => store.close());
    await store.save({ id: 't', title: 'x', titleSource: 'person', created: 1, updated: 1 }, []);
    expect(await store.listThreads()).to.have.length(1);
  });
});
