import { expect } from '@open-wc/testing';
import type { Attachment } from '../../../../src/conversation/types.js';
import type { NodeRecord } from '../../../../src/storage/records.js';
import { applyRemote, blobsMissing, fillBlobs, readOwed, type RemoteChanges } from '../../../../src/storage/sync/remote-apply.js';
import { revOf } from '../../../../src/storage/sync/remote-wire.js';
import { SyncOutbox } from '../../../../src/storage/sync/sync-outbox.js';
import { ThreadStore } from '../../../../src/storage/thread-store.js';
import { freshName, deleteDatabase, sleep, until, thread, userNode, replyNode } from './sync-fixtures.js';

const SHA_A = 'a'.repeat(64);
const SHA_B = 'b'.repeat(64);

/** A node as it comes from the server (nodeFromWire's shape). */
const remoteNode = (node: NodeRecord, rev: number): NodeRecord & { rev: number } => ({ ...node, rev });

const withAttachments = (node: NodeRecord, attachments: unknown[]): NodeRecord => ({ ...node, turn: { ...node.turn, attachments } as NodeRecord['turn'] });

const changes = (extra: Partial<RemoteChanges>): RemoteChanges => ({ nodes: [], deleted: [], titleWaits: false, ...extra });

const textOf = (node: NodeRecord | undefined) => (node?.turn.role === 'user' ? node.turn.text : undefined);

describe('remote-apply', () => {
  let names: string[];
  let outbox: SyncOutbox;
  let store: ThreadStore;
  let written: number;

  /** The revs of the stored nodes of thread t1, by id. */
  const storedRevs = async (threadId = 't1') => Object.fromEntries(((await store.getThread(threadId))?.nodes ?? []).map((node) => [node.id, revOf(node)]));
  const storedNode = async (id: string, threadId = 't1') => (await store.getThread(threadId))?.nodes.find((node) => node.id === id);

  beforeEach(async () => {
    names = [freshName(), freshName()];
    written = 0;
    outbox = await SyncOutbox.open(names[0], () => written++);
    store = await ThreadStore.open(names[1]);
    store.journal = outbox;
    // t1: u1 ─ a1 (shown), saved here; what it owed is on the server.
    await store.save(thread('t1', 'Here', { currentLeaf: 'a1', updated: 5_000 }), [userNode('t1', 'u1', 0), replyNode('t1', 'a1', 1, 'u1')]);
    await until(() => written === 1, 'the outbox write');
    await outbox.settle('t1', (await outbox.owed('t1')).entries, 'Here');
    expect(await outbox.threads()).to.deep.equal([]);
  });

  afterEach(async () => {
    store.close();
    outbox.close();
    await Promise.all(names.map(deleteDatabase));
  });

  /** Nothing the sync stored from the server is owed back to it. */
  async function expectNothingOwed(): Promise<void> {
    await sleep(50);
    expect(written).to.equal(1);
    expect(await outbox.threads()).to.deep.equal([]);
  }

  describe('applyRemote', () => {
    it('writes a node whose rev is higher than the stored one, and moves updated on', async () => {
      const before = await storedRevs();
      const applied = await applyRemote(store, 't1', changes({ nodes: [remoteNode(userNode('t1', 'u1', 0, null, 'edited there'), before.u1 + 1)] }));
      expect(applied!.changed).to.equal(true);
      expect(applied!.record.updated).to.be.greaterThan(5_000);
      expect(textOf(await storedNode('u1'))).to.equal('edited there');
      expect((await storedRevs()).u1).to.equal(before.u1 + 1);
      const { thread: record } = (await store.getThread('t1'))!;
      expect(record).to.deep.equal(applied!.record);
      expect(record.currentLeaf).to.equal('a1');
      await expectNothingOwed();
    });

    it('ignores a node whose rev is lower than or the same as the stored one', async () => {
      const before = await storedRevs();
      for (const rev of [before.u1 - 1, before.u1, 1]) {
        const applied = await applyRemote(store, 't1', changes({ nodes: [remoteNode(userNode('t1', 'u1', 0, null, `old ${rev}`), rev)] }));
        expect(applied!.changed, String(rev)).to.equal(false);
        expect(applied!.record.updated).to.equal(5_000);
      }
      expect(textOf(await storedNode('u1'))).to.equal('message u1');
      expect(await storedRevs()).to.deep.equal(before);
      await expectNothingOwed();
    });

    it('adds new nodes, and the leaf shown follows a branch they continue', async () => {
      const applied = await applyRemote(store, 't1', changes({ nodes: [remoteNode(userNode('t1', 'u2', 2, 'a1'), 7), remoteNode(replyNode('t1', 'a2', 3, 'u2'), 8)] }));
      expect(applied!.changed).to.equal(true);
      expect(applied!.record.currentLeaf).to.equal('a2');
      const found = await store.getThread('t1');
      expect(found!.nodes.map((node) => node.id)).to.deep.equal(['u1', 'a1', 'u2', 'a2']);
      expect(found!.thread.currentLeaf).to.equal('a2');
      await expectNothingOwed();
    });

    it('keeps the leaf shown when the new nodes are another branch', async () => {
      const applied = await applyRemote(store, 't1', changes({ nodes: [remoteNode(replyNode('t1', 'a1b', 5, 'u1'), 9)] }));
      expect(applied!.changed).to.equal(true);
      expect(applied!.record.currentLeaf).to.equal('a1');
      expect((await store.getThread('t1'))!.nodes.map((node) => node.id)).to.deep.equal(['u1', 'a1', 'a1b']);
    });

    it('deletes a node only for a deletion of a higher rev', async () => {
      const before = await storedRevs();
      const lower = await applyRemote(store, 't1', changes({ deleted: [{ id: 'a1', rev: before.a1 - 1 }] }));
      expect(lower!.changed).to.equal(false);
      const same = await applyRemote(store, 't1', changes({ deleted: [{ id: 'a1', rev: before.a1 }] }));
      expect(same!.changed).to.equal(false);
      const unknown = await applyRemote(store, 't1', changes({ deleted: [{ id: 'never', rev: before.a1 + 100 }] }));
      expect(unknown!.changed).to.equal(false);
      expect(Object.keys(await storedRevs()).sort()).to.deep.equal(['a1', 'u1']);
      const higher = await applyRemote(store, 't1', changes({ deleted: [{ id: 'a1', rev: before.a1 + 1 }] }));
      expect(higher!.changed).to.equal(true);
      expect(Object.keys(await storedRevs())).to.deep.equal(['u1']);
      await expectNothingOwed();
    });

    it("adopts the server's title unless one named here waits", async () => {
      const remote = { id: 't1', localId: 't1', title: 'There', updatedAt: new Date(9_000).toISOString() };
      const waiting = await applyRemote(store, 't1', changes({ thread: remote, titleWaits: true }));
      expect(waiting!.record.title).to.equal('Here');
      expect(waiting!.changed).to.equal(false);
      const adopted = await applyRemote(store, 't1', changes({ thread: remote }));
      expect(adopted!.changed).to.equal(true);
      expect(adopted!.record.title).to.equal('There');
      expect(adopted!.record.titleSource).to.equal('backend');
      expect(adopted!.record.updated).to.equal(9_000);
      expect((await store.getThread('t1'))!.thread.title).to.equal('There');
      await expectNothingOwed();
    });

    it('stores a thread new here, with its nodes', async () => {
      const remote = { id: '_.YS9i', localId: 'a/b', title: 'From there', updatedAt: new Date(7_000).toISOString() };
      const applied = await applyRemote(store, 'a/b', changes({ thread: remote, nodes: [remoteNode(userNode('a/b', 'x', 0), 3)] }));
      expect(applied!.changed).to.equal(true);
      expect(applied!.record).to.deep.equal({ id: 'a/b', title: 'From there', titleSource: 'backend', created: 7_000, updated: 7_000 });
      const found = await store.getThread('a/b');
      expect(found!.thread.title).to.equal('From there');
      expect(found!.nodes.map((node) => [node.id, revOf(node)])).to.deep.equal([['x', 3]]);
      await expectNothingOwed();
    });

    it('gives undefined for a thread neither stored nor given', async () => {
      expect(await applyRemote(store, 'nowhere', changes({}))).to.equal(undefined);
      expect(await store.hasThread('nowhere')).to.equal(false);
    });

    it('keeps the bytes of an attachment fetched before when a newer version of its node comes', async () => {
      const bytes = new Blob(['hello'], { type: 'text/plain' });
      const withFile = withAttachments(userNode('t1', 'f', 2, 'a1'), [{ id: 'att', name: 'a.txt', mimeType: 'text/plain', size: 5, sha256: SHA_A, blob: bytes }]);
      await applyRemote(store, 't1', changes({ nodes: [remoteNode(withFile, 10)] }));
      const newer = withAttachments(userNode('t1', 'f', 2, 'a1', 'edited'), [{ id: 'att', name: 'a.txt', mimeType: 'text/plain', size: 5, sha256: SHA_A }]);
      await applyRemote(store, 't1', changes({ nodes: [remoteNode(newer, 11)] }));
      const stored = await storedNode('f');
      expect(textOf(stored)).to.equal('edited');
      const [attachment] = (stored!.turn as { attachments: Attachment[] }).attachments;
      expect(attachment.blob).to.be.instanceOf(Blob);
      expect(await attachment.blob!.text()).to.equal('hello');
    });
  });

  describe('blobsMissing and fillBlobs', () => {
    beforeEach(async () => {
      const files = withAttachments(userNode('t1', 'f', 2, 'a1'), [
        { id: 'att1', name: 'a.txt', mimeType: 'text/plain', size: 5, sha256: SHA_A },
        { id: 'att2', name: 'b.png', mimeType: 'image/png', size: 3, sha256: SHA_B },
      ]);
      await applyRemote(store, 't1', changes({ nodes: [remoteNode(files, 10)] }));
    });

    it('names the blobs the thread lacks, with their media types and sizes', async () => {
      expect([...(await blobsMissing(store, 't1'))].sort()).to.deep.equal([
        [SHA_A, { mimeType: 'text/plain', size: 5 }],
        [SHA_B, { mimeType: 'image/png', size: 3 }],
      ]);
      expect((await blobsMissing(store, 'nowhere')).size).to.equal(0);
    });

    it('puts fetched bytes into the attachments naming them and counts the thread as updated', async () => {
      const { thread: before } = (await store.getThread('t1'))!;
      const record = await fillBlobs(store, 't1', new Map([[SHA_A, new Blob(['hello'])]]));
      expect(record).to.not.equal(undefined);
      expect(record!.updated).to.equal(before.updated + 1);
      const found = (await store.getThread('t1'))!;
      expect(found.thread.updated).to.equal(before.updated + 1);
      const [first, second] = (found.nodes.find((node) => node.id === 'f')!.turn as { attachments: Attachment[] }).attachments;
      expect(first.blob).to.be.instanceOf(Blob);
      expect(first.blob!.type).to.equal('text/plain');
      expect(await first.blob!.text()).to.equal('hello');
      expect(second.blob).to.equal(undefined);
      expect([...(await blobsMissing(store, 't1')).keys()]).to.deep.equal([SHA_B]);
      // The node keeps its rev: the bytes are not a new version.
      expect(revOf(found.nodes.find((node) => node.id === 'f')!)).to.equal(10);
      await expectNothingOwed();
    });

    it('changes nothing for bytes no attachment lacks', async () => {
      const { thread: before } = (await store.getThread('t1'))!;
      expect(await fillBlobs(store, 't1', new Map([['c'.repeat(64), new Blob(['x'])]]))).to.equal(undefined);
      expect(await fillBlobs(store, 'nowhere', new Map([[SHA_A, new Blob(['x'])]]))).to.equal(undefined);
      expect((await store.getThread('t1'))!.thread.updated).to.equal(before.updated);
      expect((await blobsMissing(store, 't1')).size).to.equal(2);
    });
  });

  describe('readOwed', () => {
    it("reads the thread's record and those of the nodes named that are stored", async () => {
      const read = await readOwed(store, 't1', ['u1', 'gone', 'a1']);
      expect(read.record!.title).to.equal('Here');
      expect([...read.nodes.keys()].sort()).to.deep.equal(['a1', 'u1']);
      expect(revOf(read.nodes.get('u1')!)).to.be.greaterThan(1);
      const none = await readOwed(store, 'nowhere', ['u1']);
      expect(none.record).to.equal(undefined);
      expect(none.nodes.size).to.equal(0);
    });
  });
});
