/**
 * The thread store (`agent-chat/server`, the built `dist/server.js`) behind a plain `node:http`
 * server for the tests, on PGlite or on a throwaway PostgreSQL, and a small client for its REST
 * paths. The signed-in user is the `x-user` header (none: signed out).
 */
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startPostgres } from '../../scripts/postgres.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

export { distBuilt };

/** The handler module as the package exports it. */
export const loadServer = () => import('agent-chat/server');

/** A database of each kind: `make()` gives a fresh one, `close()` ends what was made. */
export async function pgliteDatabases() {
  const made = [];
  return {
    name: 'PGlite',
    make: async () => {
      const db = new PGlite();
      await db.waitReady;
      made.push(db);
      return db;
    },
    close: async () => Promise.all(made.map((db) => db.close())),
  };
}

export async function postgresDatabases() {
  const server = await startPostgres();
  const admin = new pg.Pool({ connectionString: server.url });
  const pools = [];
  let count = 0;
  return {
    name: 'PostgreSQL',
    server,
    /** Ends every connection to a database of the cluster, as a restart would. */
    dropConnections: (database, which = '') =>
      admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND query LIKE $2`, [database, `${which}%`]),
    /** A database of its own (`same` shares the last one made: handlers side by side). */
    make: async ({ same = false } = {}) => {
      if (!same) await admin.query(`CREATE DATABASE store_${++count}`);
      const pool = new pg.Pool({ connectionString: server.url.replace(/\/postgres$/, `/store_${count}`), max: 10 });
      pool.on('error', () => {}); // as pg asks of a Pool's owner: an idle connection lost is replaced
      pool.database = `store_${count}`;
      pools.push(pool);
      return pool;
    },
    close: async () => {
      await Promise.all(pools.map((pool) => pool.end()));
      await admin.end();
      server.stop();
    },
  };
}

/** The handler on `database`, served on a free port; `call(method, path, {user, body, raw, headers})`. */
export async function serveStore(database, options = {}) {
  const { createThreadStoreHandler } = await loadServer();
  const handler = createThreadStoreHandler({ database, user: (req) => req.headers['x-user'] ?? null, ...options });
  await handler.ready;
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const call = async (method, path, { user = 'alice', body, raw, headers = {} } = {}) => {
    const init = { method, headers: { ...(user ? { 'x-user': user } : {}), ...headers } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers['content-type'] = 'application/json';
    } else if (raw !== undefined) init.body = raw;
    const res = await fetch(base + path, init);
    const type = res.headers.get('content-type') ?? '';
    const data = type.startsWith('application/json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, data, headers: res.headers };
  };
  return {
    base,
    call,
    handler,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await handler.close();
    },
  };
}

/** A node as the widget sends it. */
export const node = (id, parentId, rev, text = id) => ({ id, parentId, rev, turn: { role: 'user', id, text } });

/** The change cursor's events of `GET events`, as they arrive: `next()` resolves with the next one's data. */
export async function openEvents(base, user) {
  const controller = new AbortController();
  const res = await fetch(`${base}/events`, { headers: { 'x-user': user }, signal: controller.signal });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue = [];
  const waiting = [];
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!/^event: change$/m.test(block) || data === undefined) continue;
          const event = JSON.parse(data);
          if (waiting.length) waiting.shift()(event);
          else queue.push(event);
        }
      }
    } catch {
      // closed
    }
  })();
  let ended = false;
  const endedAt = reader.closed.then(
    () => (ended = true),
    () => (ended = true),
  );
  return {
    status: res.status,
    /** Settles once the server ends the stream. */
    ended: () => endedAt.then(() => ended),
    next: (ms = 5000) =>
      queue.length
        ? Promise.resolve(queue.shift())
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no change event within ${ms} ms`)), ms);
            waiting.push((event) => {
              clearTimeout(timer);
              resolve(event);
            });
          }),
    close: () => controller.abort(),
  };
}
