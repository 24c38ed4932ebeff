import { expect } from '@open-wc/testing';
import type { NodeRecord, ThreadRecord } from '../../../../src/storage/records.js';
import { advancedLeaf, mergedThreadRecord, remoteWins } from '../../../../src/storage/sync/remote-merge.js';

type Link = Pick<NodeRecord, 'id' | 'parentId' | 'seq'>;
const link = (id: string, parentId: string | null, seq: number): Link => ({ id, parentId, seq });

const stored = (extra: Partial<ThreadRecord> = {}): ThreadRecord => ({
  id: 't1',
  title: 'Here',
  titleSource: 'first-message',
  created: 1_000,
  updated: 5_000,
  currentLeaf: 'b',
  ...extra,
});

const remote = (title: string, updatedAt: number | string) => ({
  id: 't1',
  localId: 't1',
  title,
  updatedAt: typeof updatedAt === 'number' ? new Date(updatedAt).toISOString() : updatedAt,
});

const node = (id: string, rev?: number): NodeRecord =>
  ({ threadId: 't1', id, parentId: null, seq: 1, turn: { role: 'user', id, text: 'x' }, ...(rev === undefined ? {} : { rev }) }) as NodeRecord;

describe('remote-merge: advancedLeaf', () => {
  it('stays where it is with nothing applied, or no leaf', () => {
    expect(advancedLeaf('b', [])).to.equal('b');
    expect(advancedLeaf(undefined, [link('c', 'b', 3)])).to.equal(undefined);
  });

  it('follows a branch continued from the current leaf to its end', () => {
    expect(advancedLeaf('b', [link('c', 'b', 3)])).to.equal('c');
    // Given in any order.
    expect(advancedLeaf('b', [link('e', 'd', 5), link('c', 'b', 3), link('d', 'c', 4)])).to.equal('e');
  });

  it('does not move for a sibling branch that does not descend from the current leaf', () => {
    // a ─ b (shown)
    //   └ x ─ y (another device's edit)
    expect(advancedLeaf('b', [link('x', 'a', 3), link('y', 'x', 4)])).to.equal('b');
    // Nodes under an unknown parent do not continue it either.
    expect(advancedLeaf('b', [link('z', 'elsewhere', 9)])).to.equal('b');
    expect(advancedLeaf('b', [link('r', null, 9)])).to.equal('b');
  });

  it('follows the continued branch even when a sibling branch is newer', () => {
    expect(advancedLeaf('b', [link('x', 'a', 10), link('y', 'x', 11), link('c', 'b', 3)])).to.equal('c');
  });

  it('takes the newest leaf (highest seq, then id) when the leaf was continued in several ways', () => {
    expect(advancedLeaf('b', [link('c1', 'b', 3), link('c2', 'b', 4), link('d1', 'c1', 5)])).to.equal('d1');
    expect(advancedLeaf('b', [link('c1', 'b', 3), link('c2', 'b', 7), link('d1', 'c1', 5)])).to.equal('c2');
    expect(advancedLeaf('b', [link('c2', 'b', 4), link('c1', 'b', 4)])).to.equal('c2');
  });

  it('follows deep chains', () => {
    const chain: Link[] = [];
    for (let i = 0; i < 2000; i++) chain.push(link(`n${i}`, i === 0 ? 'b' : `n${i - 1}`, i + 3));
    expect(advancedLeaf('b', chain.reverse())).to.equal('n1999');
  });

  it('ends on parents that loop', () => {
    // x → y → x, and z under x: nothing reaches the leaf.
    expect(advancedLeaf('b', [link('x', 'y', 3), link('y', 'x', 4), link('z', 'x', 5)])).to.equal('b');
    // A node that is its own parent.
    expect(advancedLeaf('b', [link('s', 's', 3), link('t', 's', 4)])).to.equal('b');
    // A loop beside a real continuation.
    expect(advancedLeaf('b', [link('x', 'y', 3), link('y', 'x', 4), link('z', 'x', 5), link('c', 'b', 6)])).to.equal('c');
  });
});

describe('remote-merge: remoteWins', () => {
  it('takes the server version when nothing is stored or its rev is higher', () => {
    expect(remoteWins(undefined, 1)).to.equal(true);
    expect(remoteWins(node('n', 5), 6)).to.equal(true);
    expect(remoteWins(node('n', 5), 5)).to.equal(false);
    expect(remoteWins(node('n', 5), 4)).to.equal(false);
    // A node stored without a rev counts as rev 1.
    expect(remoteWins(node('n'), 1)).to.equal(false);
    expect(remoteWins(node('n'), 2)).to.equal(true);
  });
});

describe('remote-merge: mergedThreadRecord', () => {
  const none = { added: [], changed: false, titleWaits: false };

  it('makes a record of a thread new here from the server', () => {
    expect(mergedThreadRecord(undefined, { id: '_.YS9i', localId: 'a/b', title: 'There', updatedAt: new Date(9_000).toISOString() }, none)).to.deep.equal({
      id: 'a/b',
      title: 'There',
      titleSource: 'backend',
      created: 9_000,
      updated: 9_000,
    });
    expect(mergedThreadRecord(undefined, remote('', 'not a date'), none)).to.deep.equal({ id: 't1', title: '', titleSource: 'first-message', created: 0, updated: 0 });
  });

  it("adopts the server's title, its source becoming backend, and moves updated on", () => {
    const record = mergedThreadRecord(stored(), remote('There', 4_000), none);
    expect(record.title).to.equal('There');
    expect(record.titleSource).to.equal('backend');
    // Never back: the server's time is older, so one more than stored.
    expect(record.updated).to.equal(5_001);
    expect(record.created).to.equal(1_000);
    expect(record.currentLeaf).to.equal('b');
  });

  it("keeps a person's title source when the server's title is adopted", () => {
    const record = mergedThreadRecord(stored({ titleSource: 'person' }), remote('There', 9_000), none);
    expect(record.title).to.equal('There');
    expect(record.titleSource).to.equal('person');
    expect(record.updated).to.equal(9_000);
  });

  it('keeps the title named here while it waits to be sent', () => {
    const record = mergedThreadRecord(stored({ titleSource: 'person' }), remote('There', 9_000), { ...none, titleWaits: true });
    expect(record.title).to.equal('Here');
    expect(record.titleSource).to.equal('person');
    // Nothing changed: updated stays.
    expect(record.updated).to.equal(5_000);
  });

  it('ignores an empty title from the server', () => {
    const record = mergedThreadRecord(stored(), remote('', 9_000), none);
    expect(record).to.deep.equal(stored());
  });

  it('leaves updated alone when nothing changed, even when the server is newer', () => {
    expect(mergedThreadRecord(stored(), remote('Here', 99_000), none)).to.deep.equal(stored());
  });

  it('moves updated forward (never back) when nodes changed', () => {
    expect(mergedThreadRecord(stored(), remote('Here', 99_000), { ...none, changed: true }).updated).to.equal(99_000);
    expect(mergedThreadRecord(stored(), remote('Here', 10), { ...none, changed: true }).updated).to.equal(5_001);
    expect(mergedThreadRecord(stored(), remote('Here', 'garbage'), { ...none, changed: true }).updated).to.equal(5_001);
  });

  it('follows a branch the added nodes continue, and keeps the leaf for a sibling branch', () => {
    expect(mergedThreadRecord(stored(), remote('Here', 6_000), { ...none, changed: true, added: [link('c', 'b', 3)] }).currentLeaf).to.equal('c');
    expect(mergedThreadRecord(stored(), remote('Here', 6_000), { ...none, changed: true, added: [link('x', 'a', 3)] }).currentLeaf).to.equal('b');
    const noLeaf = mergedThreadRecord(stored({ currentLeaf: undefined }), remote('Here', 6_000), { ...none, changed: true, added: [link('c', 'b', 3)] });
    expect(noLeaf.currentLeaf).to.equal(undefined);
  });

  it('does not change the stored record it is given', () => {
    const before = stored();
    mergedThreadRecord(before, remote('There', 9_000), { added: [link('c', 'b', 3)], changed: true, titleWaits: false });
    expect(before).to.deep.equal(stored());
  });
});
