import { expect } from '@open-wc/testing';
import type { NodeRecord } from '../../../../src/storage/records.js';
import { SyncOutbox, nodeKey, type OutboxEntry } from '../../../../src/storage/sync/sync-outbox.js';
import { ThreadStore, type StoreJournal } from '../../../../src/storage/thread-store.js';
import { freshName, deleteDatabase, sleep, until, thread, userNode, replyNode } from './sync-fixtures.js';

const byKey = (entries: OutboxEntry[]) => Object.fromEntries(entries.map((entry) => [entry.key, entry]));

describe('SyncOutbox', () => {
  const names: string[] = [];
  const outboxes: SyncOutbox[] = [];
  const stores: ThreadStore[] = [];
  let written = 0;

  const openOutbox = async (name = freshName()) => {
    if (!names.includes(name)) names.push(name);
    const outbox = await SyncOutbox.open(name, () => written++);
    outboxes.push(outbox);
    return outbox;
  };

  const openStore = async (outbox: SyncOutbox) => {
    const name = freshName();
    names.push(name);
    const store = await ThreadStore.open(name);
    stores.push(store);
    store.journal = outbox;
    return store;
  };

  /** Waits until `n` more journal writes have committed than when `since` was read. */
  const wroteMore = (since: number, n = 1) => until(() => written >= since + n, `${n} outbox write(s)`);

  beforeEach(() => {
    written = 0;
  });

  afterEach(async () => {
    for (const store of stores.splice(0)) store.close();
    for (const outbox of outboxes.splice(0)) outbox.close();
    await Promise.all(names.splice(0).map(deleteDatabase));
  });

  describe('the clock', () => {
    it('stamps strictly increasing revs, never below the time', async () => {
      const outbox = await openOutbox();
      const before = Date.now();
      const stamps = Array.from({ length: 1000 }, () => outbox.stamp());
      expect(stamps[0]).to.be.at.least(before);
      for (let i = 1; i < stamps.length; i++) expect(stamps[i]).to.be.greaterThan(stamps[i - 1]);
    });

    it('stamps above every rev it observed, and an older one does not set it back', async () => {
      const outbox = await openOutbox();
      const far = Date.now() + 3_600_000; // another device's clock an hour ahead
      outbox.observe(far);
      const first = outbox.stamp();
      expect(first).to.be.greaterThan(far);
      outbox.observe(5);
      expect(outbox.stamp()).to.be.greaterThan(first);
    });

    it('ignores a rev too far ahead to be a clock (more than a day), and stamps above the version it replaces', async () => {
      const outbox = await openOutbox();
      outbox.observe(Number.MAX_SAFE_INTEGER);
      outbox.observe(Date.now() + 2 * 86_400_000);
      const stamped = outbox.stamp();
      expect(stamped).to.be.below(Date.now() + 1000);
      // A version stored with a rev ahead of this clock (another device's, an hour ahead) is replaced by a higher one.
      const ahead = Date.now() + 3_600_000;
      expect(outbox.stamp(ahead)).to.equal(ahead + 1);
      expect(outbox.stamp(Number.MAX_SAFE_INTEGER)).to.be.below(Date.now() + 3_700_000);
      expect(Number.isSafeInteger(outbox.stamp())).to.equal(true);
    });

    it('keeps the clock across a reopen (it is written with each journal write)', async () => {
      const name = freshName();
      const outbox = await openOutbox(name);
      const far = Date.now() + 3_600_000; // another device's clock an hour ahead
      outbox.observe(far);
      const stamped = outbox.stamp();
      outbox.saved(thread('t1'), [{ id: 'n1', rev: stamped }], []);
      await wroteMore(0);
      outbox.close();
      const again = await openOutbox(name);
      // The title owed took a stamp too: the clock kept is at least the node's.
      expect(await again.meta<number>('clock')).to.be.at.least(stamped);
      expect(again.stamp()).to.be.greaterThan(stamped);
      // What was owed is still owed, and known as pending.
      expect(again.pending.has('t1')).to.equal(true);
      expect((await again.owed('t1')).nodes.map((entry) => entry.key)).to.deep.equal(['n:n1']);
    });
  });

  describe('the journal of a thread store', () => {
    it('stamps each saved node with a rev and owes the server that version, and the title', async () => {
      const outbox = await openOutbox();
      const store = await openStore(outbox);
      const before = outbox.stamp();
      const saved = await store.save(thread('t1', 'First'), [userNode('t1', 'u1', 0), replyNode('t1', 'a1', 1, 'u1')]);
      expect(saved.title).to.equal('First');
      await wroteMore(0);
      const found = await store.getThread('t1');
      const revs = Object.fromEntries(found!.nodes.map((node) => [node.id, (node as NodeRecord & { rev?: number }).rev]));
      expect(revs.u1).to.be.a('number').greaterThan(before);
      expect(revs.a1).to.be.a('number').greaterThan(revs.u1!);
      const owed = await outbox.owed('t1');
      expect(owed.deleted).to.equal(false);
      expect(owed.title !== undefined).to.equal(true);
      const entries = byKey(owed.entries);
      expect(Object.keys(entries).sort()).to.deep.equal([nodeKey('a1'), nodeKey('u1'), 't'].sort());
      expect(entries['n:u1'].rev).to.equal(revs.u1);
      expect(entries['n:a1'].rev).to.equal(revs.a1);
      expect(entries['n:u1'].deleted).to.equal(undefined);
      expect(entries['n:u1'].at).to.be.a('number');
      expect(owed.nodes.map((entry) => entry.key).sort()).to.deep.equal(['n:a1', 'n:u1']);
      expect(outbox.pending.has('t1')).to.equal(true);
    });

    it('owes the removal of nodes a save takes out, at a rev above the nodes written with it', async () => {
      const outbox = await openOutbox();
      const store = await openStore(outbox);
      await store.save(thread('t1'), [userNode('t1', 'u1', 0), userNode('t1', 'u2', 1, 'u1')]);
      await wroteMore(0);
      await store.save(thread('t1'), [userNode('t1', 'u3', 2, 'u1')], ['u2']);
      await wroteMore(1);
      const found = await store.getThread('t1');
      expect(found!.nodes.map((node) => node.id)).to.deep.equal(['u1', 'u3']);
      const entries = byKey((await outbox.owed('t1')).entries);
      expect(entries['n:u2'].deleted).to.equal(true);
      expect(entries['n:u2'].rev).to.be.greaterThan(entries['n:u3'].rev!);
      expect(entries['n:u3'].deleted).to.equal(undefined);
    });

    it('owes the title once: not again for the same title once it was sent or heard', async () => {
      const outbox = await openOutbox();
      const store = await openStore(outbox);
      await store.save(thread('t1', 'First'), [userNode('t1', 'u1', 0)]);
      await wroteMore(0);
      const owed = await outbox.owed('t1');
      expect(owed.title !== undefined).to.equal(true);
      await outbox.settle('t1', owed.entries, 'First');
      expect((await outbox.owed('t1')).entries).to.deep.equal([]);

      await store.save(thread('t1', 'First'), [userNode('t1', 'u2', 1, 'u1')]);
      await wroteMore(1);
      const again = await outbox.owed('t1');
      expect(again.title).to.equal(undefined);
      expect(again.entries.map((entry) => entry.key)).to.deep.equal(['n:u2']);

      // Another title is owed again.
      await store.save(thread('t1', 'Second'), [userNode('t1', 'u3', 2, 'u2')]);
      await wroteMore(2);
      expect((await outbox.owed('t1')).title !== undefined).to.equal(true);
    });

    it('owes no title the server gave (heardTitle)', async () => {
      const outbox = await openOutbox();
      const store = await openStore(outbox);
      outbox.heardTitle('t1', 'From there');
      await store.save(thread('t1', 'From there'), [userNode('t1', 'u1', 0)]);
      await wroteMore(0);
      const owed = await outbox.owed('t1');
      expect(owed.title).to.equal(undefined);
      expect(owed.entries.map((entry) => entry.key)).to.deep.equal(['n:u1']);
    });

    it('owes the title after a rename, even one the server gave before', async () => {
      const outbox = await openOutbox();
      const store = await openStore(outbox);
      outbox.heardTitle('t1', 'Same');
      await store.save(thread('t1', 'Same'), [userNode('t1', 'u1', 0)]);
      await wroteMore(0);
      await outbox.settle('t1', (await outbox.owed('t1')).entries);
      await store.renameThread('t1', 'Renamed');
      await wroteMore(1);
      const owed = await outbox.owed('t1');
      expect(owed.title !== undefined).to.equal(true);
      expect(owed.nodes).to.deep.equal([]);
      expect((await store.getThread('t1'))!.thread.title).to.equal('Renamed');
    });

    it('replaces what a deleted thread owed with its deletion', async () => {
      const outbox = await openOutbox();
      const store = await openStore(outbox);
      await store.save(thread('t1'), [userNode('t1', 'u1', 0)]);
      await wroteMore(0);
      expect((await outbox.owed('t1')).entries).to.have.length(2);
      await store.deleteThread('t1');
      await wroteMore(1);
      const owed = await outbox.owed('t1');
      expect(owed.deleted).to.equal(true);
      expect(owed.title).to.equal(undefined);
      expect(owed.nodes).to.deep.equal([]);
      expect(owed.entries.map((entry) => entry.key)).to.deep.equal(['x']);
      expect(await store.hasThread('t1')).to.equal(false);
    });

    it('tells the journal of saves, renames, deletions and imports, not of what the server deletes', async () => {
      const calls: string[] = [];
      let clock = 100;
      const journal: StoreJournal = {
        stamp: () => ++clock,
        saved: (record, nodes, removed) => calls.push(`saved ${record.id} ${JSON.stringify(nodes.map(({ id, rev }) => ({ id, rev })))} ${JSON.stringify(removed)}`),
        renamed: (id) => calls.push(`renamed ${id}`),
        deleted: (id) => calls.push(`deleted ${id}`),
      };
      const name = freshName();
      names.push(name);
      const store = await ThreadStore.open(name);
      stores.push(store);
      store.journal = journal;
      await store.save(thread('t1'), [userNode('t1', 'u1', 0)], ['gone']);
      await store.renameThread('t1', 'New');
      const exported = await store.exportThread('t1');
      await store.forgetThread('t1');
      expect(await store.hasThread('t1')).to.equal(false);
      const imported = await store.importThread(exported);
      await store.deleteThread(imported.id);
      await store.save(thread('t2'), [userNode('t2', 'v1', 0)]);
      await store.forgetThread('t2');
      expect(await store.hasThread('t2')).to.equal(false);
      expect(calls).to.deep.equal([
        'saved t1 [{"id":"u1","rev":101}] [{"id":"gone","rev":102}]',
        'renamed t1',
        `saved ${imported.id} [{"id":"u1","rev":1}] []`,
        `deleted ${imported.id}`,
        'saved t2 [{"id":"v1","rev":103}] []',
      ]);
    });

    it('stamps nothing without a journal', async () => {
      const name = freshName();
      names.push(name);
      const store = await ThreadStore.open(name);
      stores.push(store);
      await store.save(thread('t1'), [userNode('t1', 'u1', 0)]);
      const found = await store.getThread('t1');
      expect(found!.nodes[0]).to.not.have.property('rev');
    });
  });

  describe('what the sync reads and settles', () => {
    it('settles an entry only when the rev sent is at least the one noted', async () => {
      const outbox = await openOutbox();
      const store = await openStore(outbox);
      await store.save(thread('t1'), [userNode('t1', 'u1', 0, null, 'one')]);
      await wroteMore(0);
      const sent = await outbox.owed('t1');
      const firstRev = byKey(sent.entries)['n:u1'].rev!;
      // A later save of the node while the first version was on its way.
      await store.save(thread('t1'), [userNode('t1', 'u1', 0, null, 'two')]);
      await wroteMore(1);
      await outbox.settle('t1', sent.entries, 'Thread t1');
      const left = await outbox.owed('t1');
      // The title noted by the later save (before the first was settled) is a later naming: it stays owed.
      expect(left.title?.rev).to.be.greaterThan(byKey(sent.entries)['t'].rev!);
      expect(left.nodes).to.have.length(1);
      expect(left.nodes[0].rev).to.be.greaterThan(firstRev);
      expect(outbox.pending.has('t1')).to.equal(true);
      // A lower rev does not settle it either.
      await outbox.settle('t1', [{ key: 'n:u1', rev: firstRev }]);
      expect((await outbox.owed('t1')).nodes).to.have.length(1);
      // The later version sent settles it; nothing is owed any more.
      await outbox.settle('t1', [
        { key: 'n:u1', rev: left.nodes[0].rev },
        { key: 't', rev: left.title!.rev },
      ]);
      expect((await outbox.owed('t1')).entries).to.deep.equal([]);
      expect(outbox.pending.has('t1')).to.equal(false);
    });

    it('settles an entry sent at a higher rev, and entries named without a rev', async () => {
      const outbox = await openOutbox();
      outbox.saved(
        thread('t1'),
        [
          { id: 'a', rev: 10 },
          { id: 'b', rev: 10 },
        ],
        [],
      );
      await wroteMore(0);
      await outbox.settle('t1', [{ key: 'n:a', rev: 11 }, { key: 'n:b' }, { key: 'n:not-there', rev: 5 }]);
      expect((await outbox.owed('t1')).entries.map((entry) => entry.key)).to.deep.equal(['t']);
      await outbox.settle('t1', [{ key: 't' }]);
      expect((await outbox.owed('t1')).entries).to.deep.equal([]);
    });

    it('only settles the thread named', async () => {
      const outbox = await openOutbox();
      outbox.saved(thread('t1'), [{ id: 'n', rev: 3 }], []);
      outbox.saved(thread('t2'), [{ id: 'n', rev: 3 }], []);
      await wroteMore(0, 2);
      await outbox.settle('t1', [{ key: 'n:n', rev: 3 }, { key: 't' }]);
      expect((await outbox.owed('t1')).entries).to.deep.equal([]);
      expect((await outbox.owed('t2')).entries.map((entry) => entry.key)).to.deep.equal(['n:n', 't']);
    });

    it('drops everything a thread owes, and only that thread', async () => {
      const outbox = await openOutbox();
      outbox.saved(thread('t1'), [{ id: 'a', rev: 3 }], [{ id: 'b', rev: 4 }]);
      outbox.saved(thread('t2'), [{ id: 'a', rev: 3 }], []);
      outbox.renamed('t1');
      await wroteMore(0, 3);
      expect(outbox.pending.has('t1')).to.equal(true);
      await outbox.drop('t1');
      expect((await outbox.owed('t1')).entries).to.deep.equal([]);
      expect(outbox.pending.has('t1')).to.equal(false);
      expect((await outbox.owed('t2')).entries).to.have.length(2);
      expect(await outbox.threads()).to.deep.equal(['t2']);
    });

    it('forgets the title sent when a thread is dropped: its next save owes it again', async () => {
      const outbox = await openOutbox();
      outbox.heardTitle('t1', 'Title');
      outbox.saved(thread('t1', 'Title'), [{ id: 'a', rev: 3 }], []);
      await wroteMore(0);
      expect((await outbox.owed('t1')).title).to.equal(undefined);
      await outbox.drop('t1');
      outbox.saved(thread('t1', 'Title'), [{ id: 'a', rev: 4 }], []);
      await wroteMore(1);
      expect((await outbox.owed('t1')).title !== undefined).to.equal(true);
    });

    it('lists the threads that owe something, the longest waiting first', async () => {
      const outbox = await openOutbox();
      expect(await outbox.threads()).to.deep.equal([]);
      outbox.saved(thread('one'), [{ id: 'x', rev: 1 }], []);
      await wroteMore(0);
      await sleep(15);
      outbox.saved(thread('two'), [{ id: 'y', rev: 1 }], []);
      await wroteMore(1);
      await sleep(15);
      outbox.renamed('three');
      await wroteMore(2);
      await sleep(15);
      // A newer entry of a thread does not move it back: its oldest one counts.
      outbox.saved(thread('one'), [{ id: 'z', rev: 2 }], []);
      await wroteMore(3);
      expect(await outbox.threads()).to.deep.equal(['one', 'two', 'three']);
      await outbox.drop('one');
      expect(await outbox.threads()).to.deep.equal(['two', 'three']);
      expect([...outbox.pending].sort()).to.deep.equal(['three', 'two']);
    });

    it('writes nothing for a save that owes nothing', async () => {
      const outbox = await openOutbox();
      outbox.heardTitle('t1', 'Title');
      outbox.saved(thread('t1', 'Title'), [], []);
      await sleep(50);
      expect(written).to.equal(0);
      expect(outbox.pending.has('t1')).to.equal(false);
      expect(await outbox.threads()).to.deep.equal([]);
    });

    it('keeps meta values, deletes them with undefined, and lists keys by prefix', async () => {
      const outbox = await openOutbox();
      expect(await outbox.meta('cursor')).to.equal(undefined);
      await outbox.setMeta('cursor', 'c-1');
      await outbox.setMeta('w:t1', '2024-01-01T00:00:00.000Z');
      await outbox.setMeta('w:t2', { nested: [1, 2] });
      await outbox.setMeta('wx', 1);
      await outbox.setMeta('c:t1', 'c-2');
      expect(await outbox.meta('cursor')).to.equal('c-1');
      expect(await outbox.meta('w:t2')).to.deep.equal({ nested: [1, 2] });
      expect(await outbox.metaKeys('w:')).to.deep.equal(['w:t1', 'w:t2']);
      expect(await outbox.metaKeys('c:')).to.deep.equal(['c:t1']);
      await outbox.setMeta('w:t1', undefined);
      expect(await outbox.meta('w:t1')).to.equal(undefined);
      expect(await outbox.metaKeys('w:')).to.deep.equal(['w:t2']);
      await outbox.setMeta('cursor', 'c-3');
      expect(await outbox.meta('cursor')).to.equal('c-3');
    });
  });
});
