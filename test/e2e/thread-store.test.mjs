/**
 * The thread store's REST contract (`agent-chat/server`), the same tests on PGlite and on a real
 * PostgreSQL (Debian's, started in a temporary folder): threads and their nodes per user, later
 * versions by `rev`, change cursors with deletions, pages, blobs by SHA-256, the change stream —
 * and, on PostgreSQL, two handlers on one database telling each other's clients.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { distBuilt, node, openEvents, pgliteDatabases, postgresDatabases, serveStore } from './thread-store-fixtures.mjs';

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

for (const databases of [pgliteDatabases, postgresDatabases]) {
  describe(`the thread store on ${databases === pgliteDatabases ? 'PGlite' : 'PostgreSQL'}`, () => {
    let kind;
    let store;
    before(async () => {
      assert.ok(distBuilt(), 'run `npm run build` first');
      kind = await databases();
      store = await serveStore(await kind.make());
    });
    after(async () => {
      await store?.close();
      await kind?.close();
    });

    it('refuses a request without a signed-in user (401), and names what is not there (404)', async () => {
      assert.equal((await store.call('GET', '/threads', { user: null })).status, 401);
      const nowhere = await store.call('GET', '/nothing');
      assert.equal(nowhere.status, 404);
      assert.match(nowhere.data.error, /nothing at this address/);
      const wrong = await store.call('POST', '/threads');
      assert.equal(wrong.status, 405);
      assert.equal(wrong.headers.get('allow'), 'GET');
    });

    it('creates, renames, lists and deletes threads; a deleted id stays deleted', async () => {
      const made = await store.call('PUT', '/threads/t-crud', { body: { title: 'Trip to Lisbon' } });
      assert.equal(made.status, 200);
      assert.equal(made.data.thread.title, 'Trip to Lisbon');
      assert.match(made.data.thread.updatedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      await store.call('PUT', '/threads/t-crud', { body: { title: 'Lisbon, 3 days' } });
      const untitled = await store.call('PUT', '/threads/t-crud', { body: {} });
      assert.equal(untitled.data.thread.title, 'Lisbon, 3 days', 'a PUT without a title keeps it');
      const listed = await store.call('GET', '/threads');
      assert.deepEqual(
        listed.data.threads.filter((thread) => thread.id === 't-crud').map((thread) => thread.title),
        ['Lisbon, 3 days'],
      );
      assert.equal((await store.call('DELETE', '/threads/t-crud')).status, 200);
      assert.equal((await store.call('GET', '/threads/t-crud')).status, 404);
      assert.equal((await store.call('PUT', '/threads/t-crud', { body: { title: 'back?' } })).status, 404, 'not resurrected');
      assert.equal((await store.call('POST', '/threads/t-crud/nodes', { body: { nodes: [node('n', null, 1)] } })).status, 404);
      assert.equal((await store.call('DELETE', '/threads/t-crud')).status, 404);
      assert.equal((await store.call('POST', '/threads/never-made/nodes', { body: { nodes: [node('n', null, 1)] } })).status, 404, 'a thread never PUT');
    });

    it('appends nodes once; a higher rev is a later state, a lower or equal one comes back as stale', async () => {
      await store.call('PUT', '/threads/t-nodes', { body: { title: 'Nodes' } });
      const first = await store.call('POST', '/threads/t-nodes/nodes', { body: { nodes: [node('u1', null, 1, 'Hello'), node('a1', 'u1', 1, 'Hi')] } });
      assert.deepEqual(first.data.stale, []);
      const again = await store.call('POST', '/threads/t-nodes/nodes', { body: { nodes: [node('u1', null, 1, 'Hello')] } });
      assert.deepEqual(
        again.data.stale.map((n) => [n.id, n.rev]),
        [['u1', 1]],
      );
      const later = await store.call('POST', '/threads/t-nodes/nodes', { body: { nodes: [{ ...node('a1', 'u1', 5, 'Hi, done'), rating: 'up' }] } });
      assert.deepEqual(later.data.stale, []);
      const older = await store.call('POST', '/threads/t-nodes/nodes', { body: { nodes: [node('a1', 'u1', 3, 'Hi (old)')] } });
      assert.deepEqual(older.data.stale, [{ ...node('a1', 'u1', 5, 'Hi, done'), rating: 'up' }], 'the stored version, whole');
      const twice = await store.call('POST', '/threads/t-nodes/nodes', { body: { nodes: [node('b1', 'u1', 1, 'one'), node('b1', 'u1', 2, 'two')] } });
      assert.deepEqual(twice.data.stale, [], 'a node twice in one request counts once, in its highest rev');
      const { data } = await store.call('GET', '/threads/t-nodes');
      assert.deepEqual(data.nodes.map((n) => [n.id, n.parentId, n.rev, n.turn.text]).sort(), [
        ['a1', 'u1', 5, 'Hi, done'],
        ['b1', 'u1', 2, 'two'],
        ['u1', null, 1, 'Hello'],
      ]);
      const since = await store.call('GET', `/threads/t-nodes?since=${encodeURIComponent(later.data.cursor)}`);
      assert.deepEqual(
        since.data.nodes.map((n) => n.id),
        ['b1'],
        'since a cursor: only what changed after it',
      );
    });

    it("keeps each user's threads apart: another user's thread is a 404, and the same id is theirs alone", async () => {
      await store.call('PUT', '/threads/t-private', { body: { title: 'Alice only' } });
      await store.call('POST', '/threads/t-private/nodes', { body: { nodes: [node('secret', null, 1)] } });
      assert.equal((await store.call('GET', '/threads/t-private', { user: 'bob' })).status, 404);
      assert.equal((await store.call('POST', '/threads/t-private/nodes', { user: 'bob', body: { nodes: [node('secret', null, 99, 'bob was here')] } })).status, 404);
      assert.equal((await store.call('DELETE', '/threads/t-private', { user: 'bob' })).status, 404);
      assert.deepEqual((await store.call('GET', '/threads', { user: 'bob' })).data.threads, []);
      await store.call('PUT', '/threads/t-private', { user: 'bob', body: { title: 'Bob’s own' } });
      await store.call('POST', '/threads/t-private/nodes', { user: 'bob', body: { nodes: [node('secret', null, 99, 'bob was here')] } });
      const alice = await store.call('GET', '/threads/t-private');
      assert.equal(alice.data.thread.title, 'Alice only');
      assert.deepEqual(
        alice.data.nodes.map((n) => [n.rev, n.turn.text]),
        [[1, 'secret']],
        'bob never overwrites alice’s node',
      );
    });

    it('lists changes since a cursor, deletions included, and pages through 250 threads newest first', async () => {
      const user = 'pager';
      const start = (await store.call('GET', '/threads', { user })).data.cursor;
      for (let i = 0; i < 250; i++) await store.call('PUT', `/threads/p-${String(i).padStart(3, '0')}`, { user, body: { title: `Thread ${i}` } });
      await store.call('DELETE', '/threads/p-007', { user });
      const seen = [];
      let cursor = null;
      let pages = 0;
      do {
        const { data } = await store.call('GET', `/threads?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { user });
        seen.push(...data.threads);
        cursor = data.nextCursor;
        pages++;
      } while (cursor);
      assert.equal(pages, 3);
      assert.equal(seen.length, 249);
      assert.equal(new Set(seen.map((thread) => thread.id)).size, 249, 'each once');
      assert.equal(seen[0].id, 'p-249', 'newest first');
      const times = seen.map((thread) => Date.parse(thread.updatedAt));
      assert.ok(
        times.every((time, i) => i === 0 || time <= times[i - 1]),
        'in order',
      );
      const changed = [];
      cursor = null;
      do {
        const { data } = await store.call('GET', `/threads?since=${encodeURIComponent(start)}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { user });
        changed.push(...data.threads);
        cursor = data.nextCursor;
      } while (cursor);
      assert.equal(changed.length, 250, 'every thread changed since, the deleted one too');
      assert.deepEqual(
        changed.filter((thread) => thread.deleted).map((thread) => thread.id),
        ['p-007'],
      );
      assert.equal((await store.call('GET', '/threads?limit=0', { user })).status, 400);
      assert.equal((await store.call('GET', '/threads?since=not-a-cursor', { user })).status, 400);
    });

    it('keeps blobs under their SHA-256 for their user only; bytes that do not hash to the name are refused', async () => {
      const bytes = Buffer.from('%PDF-1.4 a small file');
      const name = sha256(bytes);
      const put = await store.call('PUT', `/blobs/${name}`, { raw: bytes, headers: { 'content-type': 'application/octet-stream' } });
      assert.equal(put.status, 201);
      assert.deepEqual(put.data, { sha256: name, size: bytes.length });
      assert.equal((await store.call('PUT', `/blobs/${name}`, { raw: bytes })).status, 201, 'again: kept once');
      const got = await store.call('GET', `/blobs/${name}`);
      assert.deepEqual(got.data, bytes);
      assert.equal(got.headers.get('content-type'), 'application/octet-stream');
      assert.equal(got.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(got.headers.get('content-security-policy'), 'sandbox');
      assert.equal((await store.call('GET', `/blobs/${name}`, { user: 'bob' })).status, 404);
      assert.equal((await store.call('PUT', `/blobs/${sha256('other bytes')}`, { raw: bytes })).status, 400);
      assert.equal((await store.call('GET', '/blobs/not-a-hash')).status, 400);
    });

    it('streams a change to the user it is for, not to another', async () => {
      const alice = await openEvents(store.base, 'alice');
      const bob = await openEvents(store.base, 'bob');
      try {
        assert.equal(alice.status, 200);
        const opening = await alice.next();
        assert.equal(typeof opening.cursor, 'string', 'the stream opens with the current cursor');
        await bob.next();
        const put = await store.call('PUT', '/threads/t-stream', { body: { title: 'Streamed' } });
        assert.deepEqual(await alice.next(), { cursor: put.data.cursor });
        await assert.rejects(bob.next(600), /no change event/, 'bob hears nothing of alice’s change');
      } finally {
        alice.close();
        bob.close();
      }
    });

    it('keeps parents as first sent, refuses JSON nested too deeply, and a page cursor of the other kind', async () => {
      await store.call('PUT', '/threads/t-parent', { body: {} });
      await store.call('POST', '/threads/t-parent/nodes', { body: { nodes: [node('a', null, 1), node('b', 'a', 1)] } });
      await store.call('POST', '/threads/t-parent/nodes', { body: { nodes: [node('a', 'b', 2, 'a, later')] } });
      const { data } = await store.call('GET', '/threads/t-parent');
      const a = data.nodes.find((n) => n.id === 'a');
      assert.deepEqual([a.rev, a.parentId, a.turn.text], [2, null, 'a, later'], 'a later version, the parent as it was (no cycle)');
      // Written as text: 5,000 levels are more than JSON.stringify itself can take.
      const deep = `{"nodes":[{"id":"d","parentId":null,"rev":1,"deep":${'{"d":'.repeat(5000)}{}${'}'.repeat(5000)}}]}`;
      const refused = await store.call('POST', '/threads/t-parent/nodes', { raw: deep, headers: { 'content-type': 'application/json' } });
      assert.deepEqual([refused.status, refused.data.error], [400, 'nodes[0] nests more than 256 levels deep.']);
      const since = (await store.call('GET', '/threads')).data.cursor;
      const listCursor = Buffer.from(JSON.stringify({ u: Date.now(), id: 'x' })).toString('base64url');
      assert.equal((await store.call('GET', `/threads?since=${since}&cursor=${listCursor}`)).status, 400);
      const changeCursor = Buffer.from(JSON.stringify({ c: 1, id: 'x' })).toString('base64url');
      assert.equal((await store.call('GET', `/threads?cursor=${changeCursor}`)).status, 400);
    });

    it('refuses limits that are not whole numbers when the handler is made', async () => {
      const { createThreadStoreHandler } = await import('agent-chat/server');
      for (const limits of [{ json: Number.NaN }, { blob: 0 }, { nodes: 2.5 }, { json: '4MB' }]) {
        assert.throws(() => createThreadStoreHandler({ database: 'postgres://unused', user: () => 'u', limits }), /limits\.\w+ must be a whole number/);
      }
    });

    it('at most 16 change streams a user; one that closes frees its place', async () => {
      const streams = [];
      try {
        for (let i = 0; i < 16; i++) streams.push(await openEvents(store.base, 'dana'));
        assert.ok(streams.every((stream) => stream.status === 200));
        const over = await fetch(`${store.base}/events`, { headers: { 'x-user': 'dana' } });
        assert.equal(over.status, 429);
        await over.body?.cancel();
        streams.pop().close();
        let again;
        for (let tries = 0; tries < 50 && again?.status !== 200; tries++) {
          again?.close();
          await new Promise((resolve) => setTimeout(resolve, 50));
          again = await openEvents(store.base, 'dana');
        }
        assert.equal(again.status, 200, 'the closed stream’s place is free again');
        streams.push(again);
      } finally {
        for (const stream of streams) stream.close();
      }
    });

    if (databases === postgresDatabases) {
      it('the connection that listens goes (a restart): streams end, new ones hear changes again, the process goes on', async () => {
        const database = await kind.make();
        const lonely = await serveStore(database);
        const first = await openEvents(lonely.base, 'erin');
        try {
          await first.next();
          await kind.dropConnections(database.database);
          assert.equal(await first.ended(), true, 'the stream ends, so its client opens another');
          const second = await openEvents(lonely.base, 'erin');
          try {
            await second.next();
            const put = await lonely.call('PUT', '/threads/t-after', { user: 'erin', body: { title: 'After the restart' } });
            assert.equal(put.status, 200, 'requests are answered after it');
            assert.deepEqual(await second.next(), { cursor: put.data.cursor });
          } finally {
            second.close();
          }
        } finally {
          first.close();
          await lonely.close();
        }
      });

      it('a connection killed just as the change stream LISTENs on it is replaced by a fresh one', async () => {
        const database = await kind.make();
        const store = await serveStore(database);
        // The next connection the Pool hands out is killed before it is used (as in a restart).
        const connect = database.connect.bind(database);
        let doomed = true;
        database.connect = async () => {
          const client = await connect();
          if (doomed) {
            doomed = false;
            await kind.dropConnections(database.database);
          }
          return client;
        };
        const events = await openEvents(store.base, 'frank');
        try {
          assert.equal(events.status, 200, 'the stream opens all the same');
          await events.next();
          assert.equal(doomed, false, 'the killed connection was handed out');
          const put = await store.call('PUT', '/threads/t-fresh', { user: 'frank', body: { title: 'Heard' } });
          assert.deepEqual(await events.next(), { cursor: put.data.cursor });
        } finally {
          events.close();
          await store.close();
        }
      });

      it('two handlers on one PostgreSQL: a write through one reaches the streams of the other', async () => {
        const first = await serveStore(await kind.make());
        const second = await serveStore(await kind.make({ same: true }));
        const events = await openEvents(first.base, 'carol');
        try {
          await events.next();
          const put = await second.call('PUT', '/threads/t-across', { user: 'carol', body: { title: 'Across' } });
          assert.deepEqual(await events.next(), { cursor: put.data.cursor });
          assert.equal((await first.call('GET', '/threads/t-across', { user: 'carol' })).data.thread.title, 'Across');
        } finally {
          events.close();
          await first.close();
          await second.close();
        }
      });
    }
  });
}
