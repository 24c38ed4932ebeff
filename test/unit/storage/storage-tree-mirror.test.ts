import { expect } from '@open-wc/testing';
import type { AssistantTurn, Turn, UserTurn } from '../../../src/conversation/types.js';
import { PartialLoad } from '../../../src/storage/path-first-load.js';
import { TreeMirror, type ShownChange } from '../../../src/storage/tree-mirror.js';

const user = (id: string, text = id): UserTurn => ({ role: 'user', id, text });
const reply = (id: string, text = id): AssistantTurn => ({ role: 'assistant', id, status: 'done', parts: [{ kind: 'text', id: `${id}-m`, text, streaming: false }] });
const ids = (turns: readonly Turn[]) => turns.map((turn) => turn.id);

/** A mirror over a conversation held in memory only, as with storage="none". */
function memoryMirror(start: Turn[] = []) {
  const page = { turns: start as readonly Turn[], partial: undefined as PartialLoad | undefined };
  const taken: { change: ShownChange; save: boolean }[] = [];
  let streamed = 0;
  const mirror = new TreeMirror({
    turns: () => page.turns,
    partial: () => page.partial,
    streamed: () => streamed++,
    took: (change, save) => taken.push({ change, save }),
  });
  /** The page shows `turns` (not streamed). */
  const show = (turns: Turn[]) => {
    page.turns = turns;
    mirror.changed(false);
  };
  return { mirror, page, taken, show, streamed: () => streamed };
}

/** u1 r1, then u1 edited as u1b (with `after` below it): two versions of the first turn. */
function edited(after: Turn[] = []) {
  const made = memoryMirror();
  made.show([user('u1'), reply('r1')]);
  made.mirror.withBranch(() => made.show([user('u1b', 'edited'), ...after]));
  return made;
}

describe('TreeMirror', () => {
  it('takes a change made on the page into the tree at once, with a save asked for', () => {
    const { mirror, page, taken } = memoryMirror();
    page.turns = [user('u1'), reply('r1')];
    mirror.changed(false);
    expect([...mirror.tree.nodes.keys()]).to.deep.equal(['u1', 'r1']);
    expect(mirror.tree.nodes.get('r1')!.parentId).to.equal('u1');
    expect(taken).to.have.length(1);
    expect(ids(taken[0].change.changed.map((node) => node.turn))).to.deep.equal(['u1', 'r1']);
    expect(taken[0].change.leafMoved).to.equal(true);
    expect(taken[0].save).to.equal(true);
  });

  it('takes what streams in only when caught up, and then only once', () => {
    const { mirror, page, taken, streamed } = memoryMirror();
    page.turns = [user('u1')];
    mirror.changed(true);
    page.turns = [user('u1'), reply('r1', 'partial')];
    mirror.changed(true);
    expect(streamed()).to.equal(2);
    expect(mirror.stale).to.equal(true);
    expect(mirror.tree.nodes.size).to.equal(0);
    expect(taken).to.have.length(0);

    mirror.catchUp(false);
    expect(mirror.stale).to.equal(false);
    expect(mirror.tree.nodes.size).to.equal(2);
    expect(taken.map((t) => t.save)).to.deep.equal([false]);
    mirror.catchUp();
    expect(taken).to.have.length(1);
  });

  it('hands on nothing when the turns shown are the same', () => {
    const { mirror, page, taken } = memoryMirror();
    page.turns = [user('u1')];
    mirror.changed(false);
    mirror.changed(false);
    mirror.sync();
    expect(taken).to.have.length(1);
  });

  it('keeps the path left by withBranch as a branch, and can switch back to it', () => {
    const { mirror, page } = edited([reply('r1b')]);
    expect(mirror.tree.nodes.size).to.equal(4);
    const points = mirror.branchesOf(page.turns);
    expect(points.get('u1b')).to.include({ index: 2, count: 2 });
    expect(ids(mirror.pathThrough('u1'))).to.deep.equal(['u1', 'r1']);
  });

  it('replaces the path shown outside withBranch: the old turns go', () => {
    const { mirror, page, taken } = memoryMirror();
    page.turns = [user('u1'), reply('r1')];
    mirror.changed(false);
    page.turns = [user('u2')];
    mirror.changed(false);
    expect([...mirror.tree.nodes.keys()]).to.deep.equal(['u2']);
    expect([...taken[1].change.removed].sort()).to.deep.equal(['r1', 'u1']);
    expect(mirror.branchesOf(page.turns).size).to.equal(0);
  });

  it('does not count what the keeper itself shows (replace) as a change', () => {
    const { mirror, page, taken } = memoryMirror();
    mirror.replace(() => {
      page.turns = [user('u1'), reply('r1')];
      // The element reports the change it was told to make.
      mirror.changed(false);
      mirror.changed(true);
    });
    expect(taken).to.have.length(0);
    expect(mirror.stale).to.equal(false);
    expect(ids(mirror.shown)).to.deep.equal(['u1', 'r1']);
    mirror.sync();
    expect(taken).to.have.length(0);
  });

  it('knows no other versions while only the end of the thread is read', () => {
    const { mirror, page } = edited();
    expect(mirror.branchesOf(page.turns).size).to.equal(1);
    page.partial = new PartialLoad('t1', undefined, 'u1b');
    expect(mirror.branchesOf(page.turns).size).to.equal(0);
    expect(mirror.pathThrough('u1')).to.deep.equal([]);
  });
});
