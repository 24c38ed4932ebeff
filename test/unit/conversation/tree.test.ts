import { expect } from '@open-wc/testing';
import {
  allNodes,
  branchPoints,
  emptyTree,
  latestLeaf,
  pathTo,
  siblingsOf,
  switchBranch,
  syncPath,
  treeFromNodes,
  type ConversationTree,
  type TreeNode,
} from '../../../src/conversation/tree.js';
import type { AssistantTurn, Turn, UserTurn } from '../../../src/conversation/types.js';

const user = (id: string, text = id): UserTurn => ({ role: 'user', id, text });
const reply = (id: string, text = id, status: AssistantTurn['status'] = 'done'): AssistantTurn => ({
  role: 'assistant',
  id,
  status,
  parts: [{ kind: 'text', id: `${id}-m`, text, streaming: status === 'streaming' }],
});
const ids = (turns: readonly Turn[]) => turns.map((t) => t.id);
const parents = (tree: ConversationTree) => Object.fromEntries([...tree.nodes.values()].map((n) => [n.id, n.parentId]));
const branch = (tree: ConversationTree, turns: readonly Turn[]) => syncPath(tree, turns, 'branch').tree;
/** A serialisable picture of a tree, to check it did not change. */
const snapshot = (tree: ConversationTree) => JSON.stringify({ nodes: [...tree.nodes.entries()], nextSeq: tree.nextSeq });

/** u1 r1 u2 r2 u3 r3, recorded as it grew. */
const linear = (): { tree: ConversationTree; path: Turn[] } => {
  const path = [user('u1'), reply('r1'), user('u2'), reply('r2'), user('u3'), reply('r3')];
  let tree = emptyTree();
  for (let i = 1; i <= path.length; i++) tree = branch(tree, path.slice(0, i));
  return { tree, path };
};

describe('conversation tree', () => {
  it("keeps what was stored beside a turn (a synced version's rev) when the turn changes", () => {
    const first = user('u1');
    const stored = { id: 'r1', parentId: 'u1', turn: reply('r1', 'first'), seq: 1, rev: 42 } as TreeNode & { rev: number };
    const tree = treeFromNodes([{ id: 'u1', parentId: null, turn: first, seq: 0 }, stored]);
    const rated = { ...reply('r1', 'first'), feedback: 'up' as const };
    const { changed } = syncPath(tree, [first, rated], 'branch');
    expect(changed).to.have.length(1);
    expect(changed[0].turn).to.equal(rated);
    expect((changed[0] as TreeNode & { rev?: number }).rev).to.equal(42);
    expect(changed[0].seq).to.equal(1);
  });

  describe('linear growth', () => {
    it('records a growing path as a chain, each node under the turn before it', () => {
      const { tree, path } = linear();
      expect(parents(tree)).to.deep.equal({ u1: null, r1: 'u1', u2: 'r1', r2: 'u2', u3: 'r2', r3: 'u3' });
      expect(allNodes(tree).map((n) => n.seq)).to.deep.equal([0, 1, 2, 3, 4, 5]);
      expect(tree.nextSeq).to.equal(6);
      expect(ids(pathTo(tree, 'r3'))).to.deep.equal(ids(path));
      expect(branchPoints(tree, path).size).to.equal(0);
    });

    it('reports only the appended turn as changed', () => {
      const { tree, path } = linear();
      const next = syncPath(tree, [...path, user('u4')], 'branch');
      expect(next.changed.map((n) => n.id)).to.deep.equal(['u4']);
      expect(next.changed[0]).to.deep.equal({ id: 'u4', parentId: 'r3', turn: next.tree.nodes.get('u4')!.turn, seq: 6 });
      expect(next.removed).to.deep.equal([]);
    });

    it('updates only the streaming reply as it changes, keeping its seq', () => {
      const head = [user('u1')];
      let tree = branch(emptyTree(), [...head, reply('r1', 'He', 'streaming')]);
      const later = reply('r1', 'Hello', 'streaming');
      const step = syncPath(tree, [...head, later], 'branch');
      expect(step.changed.map((n) => n.id)).to.deep.equal(['r1']);
      expect(step.changed[0].seq).to.equal(1);
      expect(step.tree.nodes.get('r1')!.turn).to.equal(later);
      expect(step.tree.nodes.get('u1')).to.equal(tree.nodes.get('u1'));
      expect(step.tree.nextSeq).to.equal(2);
      tree = step.tree;
      expect(siblingsOf(tree, 'r1')).to.deep.equal(['r1']);
    });

    it('returns the same tree and no changes when nothing changed', () => {
      const { tree, path } = linear();
      const same = syncPath(tree, path, 'branch');
      expect(same.tree).to.equal(tree);
      expect(same.changed).to.deep.equal([]);
      expect(same.removed).to.deep.equal([]);
    });

    it('changes a single node when only the last of 2,000 turns changed', () => {
      const path: Turn[] = Array.from({ length: 2000 }, (_, i) => (i % 2 ? reply(`t${i}`) : user(`t${i}`)));
      const { tree } = syncPath(emptyTree(), path, 'branch');
      expect(tree.nodes.size).to.equal(2000);
      const updated = [...path.slice(0, -1), reply('t1999', 'more')];
      const step = syncPath(tree, updated, 'branch');
      expect(step.changed.length).to.equal(1);
      expect(step.changed[0].id).to.equal('t1999');
      expect(step.tree.nodes.get('t1998')).to.equal(tree.nodes.get('t1998'));
      expect(pathTo(step.tree, 't1999').length).to.equal(2000);
      expect(siblingsOf(step.tree, 't0')).to.deep.equal(['t0']);
    });
  });

  describe('editing and regenerating', () => {
    /** u2 edited into u2b: a sibling of u2 under r1, then a reply to it. */
    const edited = () => {
      const { tree, path } = linear();
      const editedPath = [path[0], path[1], user('u2b', 'edited'), reply('r2b')];
      return { tree: branch(tree, editedPath), path, editedPath };
    };

    it('adds an edited message as a sibling and keeps the old branch', () => {
      const { tree, path, editedPath } = edited();
      expect(tree.nodes.get('u2b')!.parentId).to.equal('r1');
      expect(siblingsOf(tree, 'u2b')).to.deep.equal(['u2', 'u2b']);
      expect(siblingsOf(tree, 'u2')).to.deep.equal(['u2', 'u2b']);
      expect(ids(pathTo(tree, 'r3'))).to.deep.equal(ids(path));
      expect(ids(pathTo(tree, 'r2b'))).to.deep.equal(ids(editedPath));
      expect(tree.nodes.size).to.equal(8);
    });

    it('shows the branch point as 2 of 2 on the edited path and 1 of 2 after switching back', () => {
      const { tree, editedPath } = edited();
      const points = branchPoints(tree, editedPath);
      expect([...points.keys()]).to.deep.equal(['u2b']);
      expect(points.get('u2b')).to.deep.equal({ index: 2, count: 2, siblings: ['u2', 'u2b'] });

      const back = switchBranch(tree, 'u2');
      expect(ids(back)).to.deep.equal(['u1', 'r1', 'u2', 'r2', 'u3', 'r3']);
      expect(branchPoints(tree, back).get('u2')).to.deep.equal({ index: 1, count: 2, siblings: ['u2', 'u2b'] });
      // Showing the old path again changes nothing in the tree.
      expect(syncPath(tree, back, 'branch').changed).to.deep.equal([]);
    });

    it('adds a regenerated reply as a sibling of the last reply', () => {
      const { tree, path } = linear();
      const regenerated = [...path.slice(0, -1), reply('r3b')];
      const step = syncPath(tree, regenerated, 'branch');
      expect(step.changed.map((n) => n.id)).to.deep.equal(['r3b']);
      expect(step.tree.nodes.get('r3b')!.parentId).to.equal('u3');
      expect(siblingsOf(step.tree, 'r3')).to.deep.equal(['r3', 'r3b']);
      expect(branchPoints(step.tree, regenerated).get('r3b')).to.deep.include({ index: 2, count: 2 });
      expect(step.tree.nodes.has('r3')).to.equal(true);
    });

    it('orders first turns of separate threads as sibling roots', () => {
      let tree = branch(emptyTree(), [user('a')]);
      tree = branch(tree, [user('b')]);
      expect(siblingsOf(tree, 'b')).to.deep.equal(['a', 'b']);
      expect(branchPoints(tree, [user('a')]).get('a')).to.deep.include({ index: 1, count: 2 });
    });
  });

  describe('switching branch', () => {
    it('goes to the latest leaf below the chosen sibling, following the newest child at each step', () => {
      const { tree: base, path } = linear();
      // Below u2: r2 → u3 → r3 (old), then r2 → u3x → r3x (newer), then a regenerated r3y under u3.
      let tree = branch(base, [...path.slice(0, 4), user('u3x'), reply('r3x')]);
      tree = branch(tree, [...path.slice(0, 5), reply('r3y')]);
      // And an edit of u2, so there is a branch to switch away from.
      tree = branch(tree, [path[0], path[1], user('u2b')]);

      expect(latestLeaf(tree, 'u2')).to.equal('r3x');
      expect(latestLeaf(tree, 'u3')).to.equal('r3y');
      expect(latestLeaf(tree, 'r3x')).to.equal('r3x');
      expect(ids(switchBranch(tree, 'u2'))).to.deep.equal(['u1', 'r1', 'u2', 'r2', 'u3x', 'r3x']);
      expect(ids(switchBranch(tree, 'u3'))).to.deep.equal(['u1', 'r1', 'u2', 'r2', 'u3', 'r3y']);
      expect(ids(switchBranch(tree, 'u2b'))).to.deep.equal(['u1', 'r1', 'u2b']);
    });
  });

  describe('replacing the path', () => {
    it('removes the old path and the branches below it, keeping nodes shared with the new path', () => {
      const { tree: base, path } = linear();
      // A branch off r2 (below the part that goes) and one off r1 (above it).
      let tree = branch(base, [...path.slice(0, 4), user('u3x'), reply('r3x')]);
      tree = branch(tree, [path[0], path[1], user('u2b')]);
      const snapshotTurns = [path[0], path[1], user('u2', 'as the backend has it'), reply('s2')];

      const step = syncPath(tree, snapshotTurns, 'replace', path);
      expect(step.removed.sort()).to.deep.equal(['r2', 'r3', 'r3x', 'u3', 'u3x']);
      expect([...step.tree.nodes.keys()].sort()).to.deep.equal(['r1', 's2', 'u1', 'u2', 'u2b']);
      expect(step.changed.map((n) => n.id)).to.deep.equal(['u2', 's2']);
      expect(step.tree.nodes.get('u2')!.seq).to.equal(tree.nodes.get('u2')!.seq);
      expect(step.tree.nodes.get('u1')).to.equal(tree.nodes.get('u1'));
      expect(siblingsOf(step.tree, 'u2')).to.deep.equal(['u2', 'u2b']);
      expect(ids(pathTo(step.tree, 's2'))).to.deep.equal(['u1', 'r1', 'u2', 's2']);
    });

    it('keeps everything when the new path is the old one', () => {
      const { tree, path } = linear();
      const step = syncPath(tree, path, 'replace', path);
      expect(step.removed).to.deep.equal([]);
      expect(step.tree).to.equal(tree);
    });

    it('removes nothing in branch mode, even given a previous path', () => {
      const { tree, path } = linear();
      const step = syncPath(tree, [user('x')], 'branch', path);
      expect(step.removed).to.deep.equal([]);
      expect(step.tree.nodes.size).to.equal(7);
    });

    it('clears the old path when replaced by an empty one', () => {
      const { tree, path } = linear();
      const step = syncPath(tree, [], 'replace', path);
      expect(step.removed).to.have.length(6);
      expect(step.tree.nodes.size).to.equal(0);
      expect(step.tree.nextSeq).to.equal(6);
    });
  });

  describe('moving a turn', () => {
    it('gives a turn that reappears under another parent that parent, keeping its seq', () => {
      const { tree, path } = linear();
      const reordered = [path[0], path[1], path[4], path[5]];
      const step = syncPath(tree, reordered, 'branch');
      expect(step.changed.map((n) => n.id)).to.deep.equal(['u3']);
      expect(step.changed[0]).to.deep.include({ parentId: 'r1', seq: 4 });
      expect(ids(pathTo(step.tree, 'r3'))).to.deep.equal(['u1', 'r1', 'u3', 'r3']);
      expect(siblingsOf(step.tree, 'u3')).to.deep.equal(['u2', 'u3']);
      expect(latestLeaf(step.tree, 'u2')).to.equal('r2');
    });

    it('moves a former root below another turn without making a cycle', () => {
      let tree = branch(emptyTree(), [user('a'), reply('b')]);
      tree = branch(tree, [reply('b'), user('a')]);
      expect(parents(tree)).to.deep.equal({ a: 'b', b: null });
      expect(ids(pathTo(tree, 'a'))).to.deep.equal(['b', 'a']);
    });

    it('skips a repeated id in the path rather than closing a cycle', () => {
      const a = user('a');
      const tree = branch(emptyTree(), [a, reply('b'), a, user('c')]);
      expect(parents(tree)).to.deep.equal({ a: null, b: 'a', c: 'b' });
      expect(ids(pathTo(tree, 'c'))).to.deep.equal(['a', 'b', 'c']);
    });
  });

  describe('treeFromNodes', () => {
    const node = (id: string, parentId: string | null, seq: number): TreeNode => ({ id, parentId, turn: user(id), seq });

    it('rebuilds a tree from nodes in any order', () => {
      const tree = treeFromNodes([node('c', 'b', 2), node('a', null, 0), node('b', 'a', 1), node('b2', 'a', 5)]);
      expect(tree.nextSeq).to.equal(6);
      expect(ids(pathTo(tree, 'c'))).to.deep.equal(['a', 'b', 'c']);
      expect(siblingsOf(tree, 'b')).to.deep.equal(['b', 'b2']);
      expect(latestLeaf(tree, 'a')).to.equal('b2');
    });

    it('makes a node whose parent is missing a root', () => {
      const input = [node('a', null, 0), node('x', 'gone', 1), node('y', 'x', 2)];
      const tree = treeFromNodes(input);
      expect(tree.nodes.get('x')!.parentId).to.equal(null);
      expect(ids(pathTo(tree, 'y'))).to.deep.equal(['x', 'y']);
      expect(siblingsOf(tree, 'x')).to.deep.equal(['a', 'x']);
      expect(input[1].parentId).to.equal('gone');
    });

    it('breaks a cycle at the node that closes it', () => {
      // p → r → q → p; the walk from p (lowest seq) reaches q, whose parent p closes the cycle.
      const tree = treeFromNodes([node('p', 'r', 0), node('q', 'p', 1), node('r', 'q', 2), node('s', 'q', 3)]);
      expect(parents(tree)).to.deep.equal({ p: 'r', q: null, r: 'q', s: 'q' });
      expect(ids(pathTo(tree, 'p'))).to.deep.equal(['q', 'r', 'p']);
      expect(siblingsOf(tree, 'r')).to.deep.equal(['r', 's']);
      expect(latestLeaf(tree, 'q')).to.equal('s');
    });

    it('breaks a node that is its own parent', () => {
      const tree = treeFromNodes([node('a', 'a', 0)]);
      expect(tree.nodes.get('a')!.parentId).to.equal(null);
      expect(ids(pathTo(tree, 'a'))).to.deep.equal(['a']);
    });

    it('gives an empty tree for no nodes', () => {
      const tree = treeFromNodes([]);
      expect(tree.nodes.size).to.equal(0);
      expect(tree.nextSeq).to.equal(0);
    });
  });

  describe('allNodes', () => {
    it('lists every node by seq, whatever the order they came in', () => {
      const { tree: base, path } = linear();
      const tree = branch(base, [path[0], user('u1b')]);
      const stored = treeFromNodes([...allNodes(tree)].reverse());
      expect(allNodes(stored).map((n) => n.id)).to.deep.equal(['u1', 'r1', 'u2', 'r2', 'u3', 'r3', 'u1b']);
      expect(allNodes(stored)).to.deep.equal(allNodes(tree));
    });
  });

  describe('empty trees and unknown ids', () => {
    it('answers with nothing for what it does not know', () => {
      const { tree } = linear();
      for (const t of [emptyTree(), tree]) {
        expect(pathTo(t, 'nope')).to.deep.equal([]);
        expect(siblingsOf(t, 'nope')).to.deep.equal([]);
        expect(switchBranch(t, 'nope')).to.deep.equal([]);
        expect(latestLeaf(t, 'nope')).to.equal('nope');
        expect(branchPoints(t, [user('nope')]).size).to.equal(0);
      }
      expect(allNodes(emptyTree())).to.deep.equal([]);
      expect(syncPath(emptyTree(), [], 'replace').tree.nodes.size).to.equal(0);
    });

    it('replaces nothing when no previous path is given', () => {
      const { tree } = linear();
      const step = syncPath(tree, [user('x')], 'replace');
      expect(step.removed).to.deep.equal([]);
      expect(step.tree.nodes.size).to.equal(7);
    });
  });

  describe('immutability', () => {
    it('never changes the tree it is given', () => {
      const { tree, path } = linear();
      siblingsOf(tree, 'u2'); // builds the cached child index of this tree
      const before = snapshot(tree);
      const nodesBefore = new Map(tree.nodes);

      const edited = syncPath(tree, [path[0], path[1], user('u2b')], 'branch');
      syncPath(tree, [...path.slice(0, -1), reply('r3', 'changed')], 'branch');
      syncPath(tree, [path[0], path[1], path[4]], 'branch');
      syncPath(tree, [user('z')], 'replace', path);
      pathTo(edited.tree, 'u2b');
      latestLeaf(edited.tree, 'r1');
      branchPoints(edited.tree, path);
      switchBranch(edited.tree, 'u2b');
      allNodes(tree).reverse();

      expect(snapshot(tree)).to.equal(before);
      for (const [id, n] of nodesBefore) expect(tree.nodes.get(id)).to.equal(n);
      expect(siblingsOf(tree, 'u2')).to.deep.equal(['u2']);
      expect(siblingsOf(edited.tree, 'u2')).to.deep.equal(['u2', 'u2b']);
    });

    it('does not let a streaming update leak into the tree it came from', () => {
      const { tree, path } = linear();
      siblingsOf(tree, 'r3');
      const step = syncPath(tree, [...path.slice(0, -1), reply('r3', 'new')], 'branch');
      expect(tree.nodes.get('r3')!.turn).to.equal(path[5]);
      expect(step.tree.nodes.get('r3')!.turn).to.not.equal(path[5]);
      // The child index carried over to the new tree still answers correctly after a later edit.
      const edited = syncPath(step.tree, [...path.slice(0, -1), reply('r3b')], 'branch').tree;
      expect(siblingsOf(edited, 'r3')).to.deep.equal(['r3', 'r3b']);
      expect(siblingsOf(step.tree, 'r3')).to.deep.equal(['r3']);
    });
  });
});
