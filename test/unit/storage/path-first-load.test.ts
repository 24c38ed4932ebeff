import { expect } from '@open-wc/testing';
import { pathTo, type TreeNode } from '../../../src/conversation/tree.js';
import type { AssistantTurn, Turn, UserTurn } from '../../../src/conversation/types.js';
import { pathEndView, type PartialLoad } from '../../../src/storage/path-first-load.js';
import type { NodeRecord, ThreadRecord } from '../../../src/storage/records.js';
import { ThreadStore } from '../../../src/storage/thread-store.js';

const THREAD = 't';
const user = (id: string): UserTurn => ({ role: 'user', id, text: `message ${id}` });
const reply = (id: string, status: AssistantTurn['status'] = 'done'): AssistantTurn => ({
  role: 'assistant',
  id,
  status,
  parts: [{ kind: 'text', id: `${id}-m`, text: `reply ${id}`, streaming: status === 'streaming' }],
});

/** One path of `count` nodes n0 … n(count-1), user and reply in turn, seq by position. */
function chain(count: number, from = 0, parentId: string | null = null): NodeRecord[] {
  const nodes: NodeRecord[] = [];
  for (let i = from; i < from + count; i++) {
    const id = `n${i}`;
    nodes.push({ threadId: THREAD, id, parentId, seq: i, turn: i % 2 === 0 ? user(id) : reply(id) });
    parentId = id;
  }
  return nodes;
}

const record = (currentLeaf: string): ThreadRecord => ({ id: THREAD, title: 'x', titleSource: 'first-message', created: 1, updated: 1, currentLeaf });
const asTree = (nodes: readonly NodeRecord[]): TreeNode[] => nodes.map(({ threadId: _threadId, ...node }) => node);
const ids = (turns: readonly Turn[]) => turns.map((turn) => turn.id);

/** The end of a path read as `getPathEnd` reads it: the last `count` turns and the cut above them. */
function openEnd(all: NodeRecord[], count: number) {
  const path = all.slice(-(count + 1));
  const view = pathEndView(record(all[all.length - 1].id), path, count);
  return { ...view, partial: view.partial as PartialLoad };
}

describe('path-first load: the partial tree', () => {
  it('shows the last turns; the node above them is the cut, a root of the partial tree that is not shown', () => {
    const all = chain(10);
    const { tree, turns, partial } = openEnd(all, 4);
    expect(ids(turns)).to.deep.equal(['n6', 'n7', 'n8', 'n9']);
    expect(partial.cut?.id).to.equal('n5');
    expect(tree.nodes.get('n5')!.parentId).to.equal(null);
    expect(tree.nodes.get('n6')!.parentId).to.equal('n5');
    expect(partial.pathIncomplete).to.equal(true);
  });

  it('has no cut when the path reaches its root', () => {
    const all = chain(4);
    const { turns, partial } = openEnd(all, 4);
    expect(ids(turns)).to.deep.equal(['n0', 'n1', 'n2', 'n3']);
    expect(partial.cut).to.equal(undefined);
    expect(partial.pathIncomplete).to.equal(false);
  });

  it('a reply still streaming when saved shows stopped and is named as interrupted', () => {
    const all = chain(9);
    all.push({ threadId: THREAD, id: 'n9', parentId: 'n8', seq: 9, turn: reply('n9', 'streaming') });
    const { turns, interrupted } = openEnd(all, 4);
    expect((turns[3] as AssistantTurn).status).to.equal('cancelled');
    expect(interrupted).to.equal('n9');
  });

  it('a turn added below the turns shown gets its true parent; the cut itself is never a change to save', () => {
    const all = chain(10);
    const { tree, turns, partial } = openEnd(all, 4);
    const next = [...turns, user('new')];
    const change = partial.sync(tree, next, 'replace', turns);
    expect(change.changed.map((node) => [node.id, node.parentId])).to.deep.equal([['new', 'n9']]);
    expect(change.removed).to.deep.equal([]);
    // An edit of a turn shown (a sibling below the same parent), in branch mode.
    const edited = [...turns.slice(0, 2), user('edit')];
    const branch = partial.sync(change.tree, edited, 'branch', next);
    expect(branch.changed.map((node) => [node.id, node.parentId])).to.deep.equal([['edit', 'n7']]);
  });

  it('merged: the stored path down to the cut, then the turns shown as the same objects; what was added keeps its place', () => {
    const all = chain(10);
    const { tree, turns, partial } = openEnd(all, 4);
    const next = [...turns, user('new')];
    const change = partial.sync(tree, next, 'replace', turns);
    const merged = partial.merge(asTree(all), change.tree, next);
    expect(ids(merged.turns)).to.deep.equal([...all.map((node) => node.id), 'new']);
    next.forEach((turn, i) => void expect(merged.turns[6 + i]).to.equal(turn));
    expect(merged.tree.nodes.get('n5')!.parentId, 'the cut has its parent back').to.equal('n4');
    expect(ids(pathTo(merged.tree, 'new'))).to.deep.equal(ids(merged.turns));
    expect(merged.removed).to.deep.equal([]);
    expect(merged.changed, 'seq 10 is after every stored node: nothing to number anew').to.deep.equal([]);
  });

  it('a node added while partial is numbered after the thread’s newest node, which had not been read', () => {
    const all = chain(10);
    // A newer branch below n2 that the path's end does not reach.
    const other = chain(2, 20, 'n2');
    const { tree, turns, partial } = openEnd(all, 4);
    const next = [...turns, user('new')];
    const change = partial.sync(tree, next, 'replace', turns);
    expect(change.changed[0].seq, 'the partial tree knows seq up to 9').to.equal(10);
    const merged = partial.merge(asTree([...all, ...other]), change.tree, next);
    expect(merged.changed.map((node) => [node.id, node.seq])).to.deep.equal([['new', 22]]);
    expect(merged.tree.nodes.get('new')!.seq).to.equal(22);
    expect(merged.tree.nextSeq).to.equal(23);
  });

  it('a turn removed while partial takes its descendants with it once the rest is read, those not read then too', () => {
    const all = chain(10);
    // Another version below n7 (not on the path, so not read first).
    const below = chain(2, 30, 'n7');
    const { tree, turns, partial } = openEnd(all, 4);
    // The page puts the path back without its last three turns (a replace).
    const next = turns.slice(0, 1);
    const change = partial.sync(tree, next, 'replace', turns);
    expect(change.removed.sort()).to.deep.equal(['n7', 'n8', 'n9']);
    expect(partial.owesWrites).to.equal(true);
    const merged = partial.merge(asTree([...all, ...below]), change.tree, next);
    expect(merged.removed.sort()).to.deep.equal(['n30', 'n31']);
    expect([...merged.tree.nodes.keys()].sort()).to.deep.equal(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    expect(ids(merged.turns)).to.deep.equal(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
  });

  it('turns the page sets in place of all of them replace the whole old path, above the cut too', () => {
    const all = chain(10);
    const { tree, turns, partial } = openEnd(all, 4);
    const page = [user('p0'), reply('p1')];
    const change = partial.sync(tree, page, 'replace', turns);
    expect(change.changed.map((node) => [node.id, node.parentId])).to.deep.equal([
      ['p0', null],
      ['p1', 'p0'],
    ]);
    expect(partial.pathIncomplete, 'the page’s turns are a whole path').to.equal(false);
    const merged = partial.merge(asTree(all), change.tree, page);
    expect(ids(merged.turns)).to.deep.equal(['p0', 'p1']);
    expect([...merged.tree.nodes.keys()].sort()).to.deep.equal(['p0', 'p1']);
    expect(merged.removed.sort()).to.deep.equal(['n0', 'n1', 'n2', 'n3', 'n4']);
    // The same when the rest is read after the removal was saved (the cut no longer stored).
    const later = partial.merge(asTree(all.slice(0, 5)), change.tree, page);
    expect(later.removed.sort()).to.deep.equal(['n0', 'n1', 'n2', 'n3', 'n4']);
  });
});

describe('path-first load: the whole tree from stored nodes', () => {
  it('as treeFromNodes has it: a node whose parent is missing is a root, a loop is cut', () => {
    const all = chain(10);
    const { tree, turns, partial } = openEnd(all, 4);
    const stray = chain(2, 40, 'missing');
    // n50 → n51 → n50: a loop in what was stored.
    const loop = [...chain(2, 50, 'n51')];
    const merged = partial.merge(asTree([...all, ...stray, ...loop]), tree, turns);
    expect(merged.tree.nodes.get('n40')!.parentId).to.equal(null);
    const cut = ['n50', 'n51'].filter((id) => merged.tree.nodes.get(id)!.parentId === null);
    expect(cut).to.have.length(1);
    expect(ids(merged.turns)).to.deep.equal(all.map((node) => node.id));
    expect(merged.tree.nextSeq).to.equal(52);
  });
});

describe('ThreadStore: reading a path from its end', () => {
  const name = 'path-first-unit';
  let store: ThreadStore;

  beforeEach(async () => {
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = resolve;
    });
    store = await ThreadStore.open(name);
    const nodes = [...chain(300), ...chain(3, 500, 'n10')];
    await store.save(record('n299'), nodes);
  });

  afterEach(() => store.close());

  it('getPathEnd reads count + 1 nodes up from the current leaf, root side first', async () => {
    const gets: unknown[] = [];
    const original = IDBObjectStore.prototype.get;
    IDBObjectStore.prototype.get = function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
      if (this.name === 'nodes') gets.push(key);
      return original.call(this, key);
    };
    let end: Awaited<ReturnType<ThreadStore['getPathEnd']>>;
    try {
      end = await store.getPathEnd(THREAD, 64, 256);
    } finally {
      IDBObjectStore.prototype.get = original;
    }
    expect(end!.nodes).to.equal(undefined);
    expect(end!.path!.map((node) => node.id)).to.deep.equal(chain(65, 235).map((node) => node.id));
    expect(gets).to.have.length(65);
  });

  it('getPathEnd reads a small thread whole; it walks no path without a current leaf', async () => {
    const whole = await store.getPathEnd(THREAD, 64, 1000);
    expect(whole!.nodes).to.have.length(303);
    await store.save({ ...record('n299'), id: 'other', currentLeaf: undefined }, []);
    expect((await store.getPathEnd('other', 64))!.path).to.equal(undefined);
    expect(await store.getPathEnd('none', 64)).to.equal(undefined);
  });

  it('readNodes goes through the whole thread in chunks, each node once', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    let chunks = 0;
    do {
      const chunk = await store.readNodes(THREAD, after, 100);
      seen.push(...chunk.nodes.map((node) => node.id));
      after = chunk.last;
      chunks++;
    } while (after !== undefined);
    expect(chunks).to.equal(4);
    expect(new Set(seen).size).to.equal(303);
  });
});
