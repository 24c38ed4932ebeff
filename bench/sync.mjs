#!/usr/bin/env node
/**
 * The thread store under load: 50 simulated devices (5 per user, 10 users) append to 500 threads
 * (50 per user) through `agent-chat/server` over HTTP, on PGlite (in the process) and on a
 * throwaway PostgreSQL (Debian's, started here). Each device sends batches of new nodes to its
 * user's threads, sends some batches a second time (as a device does when an answer was lost),
 * and asks for the changes since its cursor every few requests. Prints, per database: requests
 * and nodes a second, p50 / p99 latency of the appends and of the change reads, and whether every
 * node sent arrived exactly once (every id there, no other, the highest rev kept).
 *
 * Run `npm run build` first, then `node bench/sync.mjs` (DEVICES, APPENDS, BATCH override).
 */
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createThreadStoreHandler } from 'agent-chat/server';
import { startPostgres } from '../scripts/postgres.mjs';

const USERS = 10;
const DEVICES = Number(process.env.DEVICES ?? 50);
const THREADS_PER_USER = 50;
const APPENDS = Number(process.env.APPENDS ?? 40); // per device
const BATCH = Number(process.env.BATCH ?? 5); // nodes per append
const RESEND_EVERY = 8; // every 8th append is sent again
const POLL_EVERY = 5; // a change read after every 5 appends

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function serve(database) {
  const handler = createThreadStoreHandler({ database, user: (req) => req.headers['x-user'] ?? null, events: false });
  await handler.ready;
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await handler.close();
    },
  };
}

async function call(base, user, method, path, body) {
  const res = await fetch(base + path, { method, headers: { 'x-user': user, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) });
  const data = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

async function load(name, database) {
  const { base, close } = await serve(database);
  const userOf = (device) => `user-${device % USERS}`;
  const threadsOf = (user) => Array.from({ length: THREADS_PER_USER }, (_, i) => `${user}-t${i}`);
  for (let u = 0; u < USERS; u++) for (const id of threadsOf(`user-${u}`)) await call(base, `user-${u}`, 'PUT', `/threads/${id}`, { title: id });

  const sent = new Map(); // thread → Map(node id → highest rev sent)
  const appendTimes = [];
  const readTimes = [];
  let requests = 0;
  let nodes = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: DEVICES }, async (_, device) => {
      const user = userOf(device);
      const threads = threadsOf(user);
      let cursor;
      for (let i = 0; i < APPENDS; i++) {
        const thread = threads[(device * 7 + i * 13) % threads.length];
        const batch = Array.from({ length: BATCH }, (_, k) => ({
          id: `d${device}-a${i}-n${k}`,
          parentId: k ? `d${device}-a${i}-n${k - 1}` : null,
          rev: 1,
          turn: { role: 'user', text: `device ${device}, append ${i}, node ${k}` },
        }));
        const times = i % RESEND_EVERY === RESEND_EVERY - 1 ? 2 : 1;
        for (let t = 0; t < times; t++) {
          const at = performance.now();
          await call(base, user, 'POST', `/threads/${thread}/nodes`, { nodes: batch });
          appendTimes.push(performance.now() - at);
          requests++;
          nodes += batch.length;
        }
        const known = sent.get(thread) ?? new Map();
        for (const node of batch) known.set(node.id, node.rev);
        sent.set(thread, known);
        if (i % POLL_EVERY === POLL_EVERY - 1) {
          const at = performance.now();
          const since = cursor ? `&since=${encodeURIComponent(cursor)}` : '';
          let page = await call(base, user, 'GET', `/threads?limit=200${since}`);
          // The first page's change cursor is where the next read starts (changes made while paging come then).
          const next = page.cursor;
          while (page.nextCursor) page = await call(base, user, 'GET', `/threads?limit=200${since}&cursor=${encodeURIComponent(page.nextCursor)}`);
          cursor = next;
          readTimes.push(performance.now() - at);
          requests++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // Exactly once: each thread holds every node sent to it, and nothing else.
  let missing = 0;
  let extra = 0;
  let stored = 0;
  for (const [thread, known] of sent) {
    const user = thread.slice(0, thread.indexOf('-t'));
    const { nodes: got } = await call(base, user, 'GET', `/threads/${thread}`);
    stored += got.length;
    const ids = new Set(got.map((node) => node.id));
    if (ids.size !== got.length) extra += got.length - ids.size;
    for (const id of known.keys()) if (!ids.has(id)) missing++;
    for (const node of got) if (!known.has(node.id)) extra++;
  }
  await close();
  const expected = [...sent.values()].reduce((sum, known) => sum + known.size, 0);
  return {
    name,
    requests,
    nodes,
    seconds,
    perSecond: requests / seconds,
    nodesPerSecond: nodes / seconds,
    append: { p50: percentile(appendTimes, 50), p99: percentile(appendTimes, 99) },
    read: { p50: percentile(readTimes, 50), p99: percentile(readTimes, 99) },
    exactlyOnce: missing === 0 && extra === 0 && stored === expected,
    stored,
  };
}

const results = [];
const lite = new PGlite();
await lite.waitReady;
results.push(await load('PGlite', lite));
await lite.close();

const server = await startPostgres();
const pool = new pg.Pool({ connectionString: server.url, max: 20 });
try {
  results.push(await load('PostgreSQL', pool));
} finally {
  await pool.end();
  server.stop();
}

const ms = (value) => `${value.toFixed(1)} ms`;
console.log(
  `${DEVICES} devices (${USERS} users), ${USERS * THREADS_PER_USER} threads, ${APPENDS} appends of ${BATCH} nodes per device (every ${RESEND_EVERY}th sent twice), a change read every ${POLL_EVERY}`,
);
console.log('| database | requests | nodes sent | time | requests/s | nodes/s | append p50 / p99 | change read p50 / p99 | every node exactly once |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.requests} | ${r.nodes} | ${r.seconds.toFixed(1)} s | ${r.perSecond.toFixed(0)} | ${r.nodesPerSecond.toFixed(0)} | ${ms(r.append.p50)} / ${ms(r.append.p99)} | ${ms(r.read.p50)} / ${ms(r.read.p99)} | ${r.exactlyOnce ? `yes (${r.stored} stored)` : 'NO'} |`,
  );
}
if (results.some((r) => !r.exactlyOnce)) process.exitCode = 1;
