/**
 * The demo's conversation server: the thread store (`agent-chat/server`, built to dist/server.js)
 * on an embedded PGlite whose data lives in a folder under the OS temp dir, mounted at /store/.
 * Sign-in is faked: the `demo-user` cookie names the user (the demo page offers `alice` and `bob`;
 * the tests use other names too); without it every request is a 401. A real site takes the user
 * from its own session instead.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export const STORE_PATH = '/store';
export const DEMO_USERS = ['alice', 'bob'];

/** The signed-in demo user from the `demo-user` cookie, or null. */
function demoUser(req) {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === 'demo-user' && /^[a-z]{1,20}$/.test(value ?? '')) return value;
  }
  return null;
}

/** Where `npm run demo` keeps its conversations: a folder under the OS temp dir, one per port (PGlite serves one process per folder). */
export const demoStoreDir = (port) => path.join(os.tmpdir(), `agent-chat-demo-store-${port}`);

/**
 * The store, started on its first request: `{ handle(req, res), close() }`. Without a build
 * (dist/server.js) its requests get a 503 that says so.
 */
export function lazyThreadStore(options) {
  let starting;
  return {
    async handle(req, res) {
      starting ??= startDemoThreadStore(options);
      let store;
      try {
        store = await starting;
      } catch (error) {
        res.writeHead(503, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: `The demo's conversation server could not start (${error.message}); run "npm run build" first.` }));
        starting = undefined;
        return;
      }
      return store.handle(req, res);
    },
    close: async () => (await starting?.catch(() => undefined))?.close(),
  };
}

/**
 * Starts the store. `dataDir`: where PGlite keeps its files (`memory` for none: the tests).
 * Resolves with `{ handle(req, res), dataDir, close() }`; `handle` takes requests under /store/.
 */
export async function startDemoThreadStore({ distDir, dataDir = 'memory' }) {
  const { createThreadStoreHandler } = await import(path.join(distDir, 'server.js'));
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  const database = dataDir === 'memory' ? new PGlite() : new PGlite(dataDir);
  await database.waitReady;
  const handler = createThreadStoreHandler({ database, user: demoUser });
  return {
    dataDir,
    /** A request under /store/: the handler reads its URL relative to the mount, as Express's `app.use` gives it. */
    handle(req, res) {
      req.url = req.url.slice(STORE_PATH.length) || '/';
      return handler(req, res);
    },
    close: async () => {
      await handler.close?.();
      await database.close();
    },
  };
}
