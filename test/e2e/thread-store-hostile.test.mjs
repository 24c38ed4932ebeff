/**
 * Hostile requests to the thread store on a real PostgreSQL: each gets a clear 4xx or a correct
 * merge, nothing is stored wrongly, and the server goes on answering.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { distBuilt, node, postgresDatabases, serveStore } from './thread-store-fixtures.mjs';

/** A raw request (fetch would not send a 50 MB body we refuse midway): status and body text. */
function rawRequest(base, { method, path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    // The path goes as written (a URL would resolve its "..").
    const { hostname, port } = new URL(base);
    const req = http.request({ hostname, port, path, method, headers: { 'x-user': 'mallory', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    // The server may close while we still write: its answer is what counts.
    req.on('error', (error) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    if (body) req.end(body);
    else req.end();
  });
}

describe('the thread store under hostile requests (PostgreSQL)', () => {
  let kind;
  let store;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    kind = await postgresDatabases();
    store = await serveStore(await kind.make());
    await store.call('PUT', '/threads/target', { user: 'mallory', body: { title: 'Target' } });
  });
  after(async () => {
    await store?.close();
    await kind?.close();
  });

  const stillAnswers = async () => assert.equal((await store.call('GET', '/threads', { user: 'mallory' })).status, 200, 'the server still answers');

  it('a 50 MB body is refused at once with 413', async () => {
    const started = Date.now();
    const big = Buffer.alloc(50 * 1024 * 1024, 0x61);
    const answer = await rawRequest(store.base, {
      method: 'POST',
      path: '/threads/target/nodes',
      headers: { 'content-type': 'application/json', 'content-length': big.length },
      body: big,
    });
    assert.equal(answer.status, 413);
    assert.match(JSON.parse(answer.text).error, /over 4194304 bytes/);
    assert.ok(Date.now() - started < 5000, `answered in ${Date.now() - started} ms`);
    const blob = await rawRequest(store.base, { method: 'PUT', path: `/blobs/${'a'.repeat(64)}`, headers: { 'content-length': big.length }, body: big });
    assert.equal(blob.status, 413, 'a blob over 25 MB too');
    await stillAnswers();
  });

  it('malformed JSON, another content type, and shapes that are not the contract are 400 / 415 with a reason', async () => {
    const bad = await rawRequest(store.base, { method: 'POST', path: '/threads/target/nodes', headers: { 'content-type': 'application/json' }, body: '{"nodes": [' });
    assert.deepEqual([bad.status, JSON.parse(bad.text).error], [400, 'The body is not valid JSON.']);
    const form = await rawRequest(store.base, { method: 'POST', path: '/threads/target/nodes', headers: { 'content-type': 'text/plain' }, body: '{}' });
    assert.equal(form.status, 415);
    for (const [body, reason] of [
      [{ nodes: 'all of them' }, /\{"nodes": \[\.\.\.\]\}/],
      [{ nodes: [] }, /empty/],
      [{ nodes: [{ id: 'n', parentId: null, rev: 0 }] }, /rev must be a whole number/],
      [{ nodes: [{ id: 'n', parentId: null, rev: 1.5 }] }, /rev must be a whole number/],
      [{ nodes: [{ id: 'n', parentId: 'n', rev: 1 }] }, /its own parent/],
      [{ nodes: [{ id: "n'; DROP TABLE agent_chat_nodes; --", parentId: null, rev: 1 }] }, /nodes\[0\]\.id must be/],
      [{ nodes: [{ id: 'x'.repeat(201), parentId: null, rev: 1 }] }, /nodes\[0\]\.id must be/],
      [{ nodes: [{ id: 'n', parentId: '../etc', rev: 1 }] }, /parentId must be/],
    ]) {
      const answer = await store.call('POST', '/threads/target/nodes', { user: 'mallory', body });
      assert.equal(answer.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(answer.data.error, reason);
    }
    assert.equal((await store.call('PUT', '/threads/target', { user: 'mallory', body: { title: 42 } })).status, 400);
    await stillAnswers();
  });

  it('path traversal and odd ids in the address are 400; SQL meta-characters in what is stored stay as they are', async () => {
    for (const path of [
      '/threads/..',
      '/threads/%2e%2e',
      '/threads/..%2F..%2Fetc%2Fpasswd',
      "/threads/a'b",
      '/threads/a%20b',
      '/threads/%E0%A4%A',
      `/threads/${'t'.repeat(201)}`,
    ]) {
      const answer = await rawRequest(store.base, { method: 'GET', path });
      assert.equal(answer.status, 400, path);
    }
    const title = "Robert'); DROP TABLE agent_chat_threads;-- \\ $1 %s \u0000?";
    const safeTitle = title.replace('\u0000', '');
    await store.call('PUT', '/threads/sql', { user: 'mallory', body: { title: safeTitle } });
    await store.call('POST', '/threads/sql/nodes', {
      user: 'mallory',
      body: { nodes: [{ ...node('q', null, 1), turn: { role: 'user', id: 'q', text: "'; DELETE FROM agent_chat_nodes; --" } }] },
    });
    const read = await store.call('GET', '/threads/sql', { user: 'mallory' });
    assert.equal(read.data.thread.title, safeTitle);
    assert.equal(read.data.nodes[0].turn.text, "'; DELETE FROM agent_chat_nodes; --");
    const nul = await store.call('PUT', '/threads/sql', { user: 'mallory', body: { title } });
    assert.deepEqual([nul.status, nul.data.error], [400, '"title" may not hold a NUL character.']);
    const kept = await store.call('POST', '/threads/sql/nodes', {
      user: 'mallory',
      body: { nodes: [{ ...node('z', null, 1), turn: { role: 'user', id: 'z', text: 'a\u0000b' } }] },
    });
    assert.equal(kept.status, 200, 'a NUL in a message is kept as sent');
    const back = await store.call('GET', '/threads/sql', { user: 'mallory' });
    assert.equal(back.data.nodes.find((n) => n.id === 'z').turn.text, 'a\u0000b');
    await stillAnswers();
  });

  it("another user's ids change nothing of theirs", async () => {
    await store.call('PUT', '/threads/victim', { user: 'alice', body: { title: 'Alice' } });
    await store.call('POST', '/threads/victim/nodes', { user: 'alice', body: { nodes: [node('v1', null, 1, 'mine')] } });
    assert.equal((await store.call('POST', '/threads/victim/nodes', { user: 'mallory', body: { nodes: [node('v1', null, 1e12, 'pwned')] } })).status, 404);
    assert.equal((await store.call('DELETE', '/threads/victim', { user: 'mallory' })).status, 404);
    assert.equal((await store.call('PUT', '/threads/victim', { user: 'mallory', body: { title: 'Mallory' } })).status, 200, 'an id of her own');
    const alice = await store.call('GET', '/threads/victim', { user: 'alice' });
    assert.equal(alice.data.thread.title, 'Alice');
    assert.deepEqual(
      alice.data.nodes.map((n) => n.turn.text),
      ['mine'],
    );
  });

  it('10,000 nodes in one request: past the limit a clear 413; under a limit that allows them, stored in one go', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => node(`m${i}`, i ? `m${i - 1}` : null, 1, `node ${i}`));
    const refused = await store.call('POST', '/threads/target/nodes', { user: 'mallory', body: { nodes: many } });
    assert.equal(refused.status, 413);
    assert.match(refused.data.error, /At most 5000 nodes go in one request; this one has 10000/);
    const roomy = await serveStore(await kind.make({ same: true }), { limits: { nodes: 10_000 } });
    try {
      await roomy.call('PUT', '/threads/many', { user: 'mallory', body: {} });
      const taken = await roomy.call('POST', '/threads/many/nodes', { user: 'mallory', body: { nodes: many } });
      assert.equal(taken.status, 200);
      const read = await roomy.call('GET', '/threads/many', { user: 'mallory' });
      assert.equal(read.data.nodes.length, 10_000);
      assert.equal(new Set(read.data.nodes.map((n) => n.id)).size, 10_000);
    } finally {
      await roomy.close();
    }
  });

  it('20 clients appending to one thread at once: every node exactly once, the highest rev of each', async () => {
    await store.call('PUT', '/threads/busy', { user: 'mallory', body: {} });
    const clients = Array.from({ length: 20 }, (_, c) =>
      (async () => {
        for (let round = 0; round < 5; round++) {
          const nodes = [node(`c${c}-r${round}`, null, 1), { ...node('shared', null, c * 10 + round + 1), turn: { role: 'user', id: 'shared', text: `from ${c}/${round}` } }];
          const answer = await store.call('POST', '/threads/busy/nodes', { user: 'mallory', body: { nodes } });
          assert.equal(answer.status, 200);
        }
      })(),
    );
    await Promise.all(clients);
    const { data } = await store.call('GET', '/threads/busy', { user: 'mallory' });
    assert.equal(data.nodes.length, 101);
    assert.equal(new Set(data.nodes.map((n) => n.id)).size, 101);
    const shared = data.nodes.find((n) => n.id === 'shared');
    assert.equal(shared.rev, 195, 'the highest rev sent wins');
    assert.equal(shared.turn.text, 'from 19/4');
    await stillAnswers();
  });
});
