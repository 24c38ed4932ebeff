/**
 * The thread store mounted as docs/server.md shows: in Express (`app.use`, which hands it the
 * path after the mount), Fastify and Hono (with `basePath`), and plain `node:http`. Each answers
 * the same short conversation with the store, on one PGlite.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { PGlite } from '@electric-sql/pglite';
import { createThreadStoreHandler } from 'agent-chat/server';
import { distBuilt, node } from './thread-store-fixtures.mjs';

/** The signed-in user, as the host's own sign-in would say (here a header). */
const signedInUser = (req) => req.headers['x-user'] ?? null;

const listening = (server) => new Promise((resolve) => server.once('listening', () => resolve(`http://127.0.0.1:${server.address().port}`)));

const mounts = {
  async express(database) {
    const threads = createThreadStoreHandler({ database, user: signedInUser });
    const app = express();
    app.use('/api/store', threads);
    app.use(express.json());
    app.post('/api/other', (req, res) => res.json({ echoed: req.body }));
    const server = app.listen(0, '127.0.0.1');
    return { base: await listening(server), close: () => new Promise((resolve) => server.close(resolve)) };
  },
  async fastify(database) {
    const threads = createThreadStoreHandler({ database, user: signedInUser, basePath: '/api/store' });
    const app = Fastify();
    await app.register(async (scope) => {
      // The store reads its bodies itself: nothing of Fastify's parses them first.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.all('/api/store/*', (request, reply) => {
        reply.hijack();
        return threads(request.raw, reply.raw);
      });
    });
    app.post('/api/other', async (request) => ({ echoed: request.body }));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    return { base, close: () => app.close() };
  },
  async hono(database) {
    const threads = createThreadStoreHandler({ database, user: signedInUser, basePath: '/api/store' });
    const app = new Hono();
    const store = (c) => {
      void threads(c.env.incoming, c.env.outgoing);
      return RESPONSE_ALREADY_SENT;
    };
    app.all('/api/store/*', store);
    app.post('/api/other', async (c) => c.json({ echoed: await c.req.json() }));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    return { base: await listening(server), close: () => new Promise((resolve) => server.close(resolve)) };
  },
  async 'node:http'(database) {
    const threads = createThreadStoreHandler({ database, user: signedInUser, basePath: '/api/store' });
    const server = http.createServer((req, res) => {
      if (req.url.startsWith('/api/store/')) return void threads(req, res);
      res.writeHead(404).end();
    });
    server.listen(0, '127.0.0.1');
    return { base: await listening(server), close: () => new Promise((resolve) => server.close(resolve)) };
  },
};

describe('the thread store mounted in Express, Fastify, Hono and node:http', { timeout: 60_000 }, () => {
  let database;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    database = new PGlite();
    await database.waitReady;
  });
  after(() => database?.close());

  for (const [name, mount] of Object.entries(mounts)) {
    it(`${name}: the store answers under its mount, and the rest of the app is untouched`, async () => {
      const { base, close } = await mount(database);
      const user = `${name}-user`;
      const call = async (method, path, body) => {
        const res = await fetch(`${base}/api/store${path}`, {
          method,
          headers: { 'x-user': user, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body && JSON.stringify(body),
        });
        return { status: res.status, data: await res.json() };
      };
      try {
        assert.equal((await fetch(`${base}/api/store/threads`)).status, 401, 'signed out');
        const made = await call('PUT', '/threads/t1', { title: `In ${name}` });
        assert.equal(made.status, 200, JSON.stringify(made.data));
        assert.equal((await call('POST', '/threads/t1/nodes', { nodes: [node('n1', null, 1, 'hello')] })).status, 200);
        const listed = await call('GET', '/threads?limit=10');
        assert.deepEqual(
          listed.data.threads.map((thread) => thread.title),
          [`In ${name}`],
        );
        const read = await call('GET', '/threads/t1');
        assert.deepEqual(
          read.data.nodes.map((n) => n.turn.text),
          ['hello'],
        );
        if (name !== 'node:http') {
          const other = await fetch(`${base}/api/other`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
          assert.deepEqual(await other.json(), { echoed: { a: 1 } }, 'the app’s own routes and body parsing go on');
        }
      } finally {
        await close();
      }
    });
  }
});
