/**
 * `agent-chat/server`: the server side of `storage="remote"`. `createThreadStoreHandler` returns a
 * Node request handler, `(req, res) => Promise<void>`, for the thread store's REST paths (mounted
 * at the element's `storage-url`), over PostgreSQL: PGlite in the process, or a real server
 * through a `pg` Pool or a connection string. It keeps no state of its own beyond its change
 * stream's listeners: any number of handlers may share one database.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BLOB_NAME, DEFAULT_LIMITS, LIST_LIMIT, isWireId } from '../storage/sync-wire.js';
import { ChangeStream } from './change-stream.js';
import { readBlobBody, readJsonBody } from './request-body.js';
import { checkNodesBody, checkThreadBody } from './store-body-checks.js';
import { openStoreDatabase, type DatabaseOption, type PGliteLike, type PoolLike } from './store-database.js';
import { StoreError } from './store-error.js';
import { migrate } from './store-migrations.js';
import { appendNodes, changeCursor, deleteThread, lastChange, listThreads, putBlob, putThread, readBlob, readThread } from './thread-queries.js';

export type { PGliteLike, PoolLike };
export type { AppendAnswer, ThreadAnswer, ThreadListAnswer, WireNode, WireThread } from '../storage/sync-wire.js';

export interface ThreadStoreOptions {
  /**
   * Where the threads are kept: a PGlite instance, a `pg` Pool, or a PostgreSQL connection string.
   * Without one, an in-memory PGlite (lost when the process ends; a console warning says so).
   */
  database?: PGliteLike | PoolLike | string;
  /** The signed-in user's id for this request, or null (the request is then refused with 401). */
  user(req: IncomingMessage): string | null | undefined | Promise<string | null | undefined>;
  /** A path the handler's requests start with, taken off (for `node:http`; Express's `app.use` does it itself). */
  basePath?: string;
  /** Bytes of a JSON body and of one blob, and nodes in one request, at most (defaults: 4 MB, 25 MB, 5,000). */
  limits?: Partial<{ json: number; blob: number; nodes: number }>;
  /** Serve `GET events`, the change stream (default true); without it, clients poll. */
  events?: boolean;
}

export interface ThreadStoreHandler {
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Settles once the database is open and its schema is up to date (the first request waits for it too). */
  readonly ready: Promise<void>;
  /** Ends the change streams and lets go of what the handler opened itself (not a database it was given). */
  close(): Promise<void>;
}

const MAX_USER_ID = 512;

export function createThreadStoreHandler(options: ThreadStoreOptions): ThreadStoreHandler {
  if (typeof options?.user !== 'function') throw new TypeError('createThreadStoreHandler: `user(req)` is required: it names the signed-in user.');
  const limits = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(options.limits ?? {}) as [keyof typeof limits, unknown][]) {
    if (value === undefined) continue;
    if (!(key in DEFAULT_LIMITS) || typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      throw new TypeError(`createThreadStoreHandler: limits.${String(key)} must be a whole number of 1 or more.`);
    }
    limits[key] = value as never;
  }
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const opening = openStoreDatabase(options.database as DatabaseOption).then(async (db) => {
    await migrate(db);
    return { db, changes: new ChangeStream(db, changeCursor) };
  });
  const ready = opening.then(() => undefined);
  // A failure to open is reported by each request (500); nothing is left unhandled meanwhile.
  ready.catch(() => {});

  // Requests under way, which close() waits for; after it, new ones get a 503.
  let inFlight = 0;
  let closing = false;
  let settled: (() => void) | undefined;
  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    inFlight++;
    try {
      if (closing) throw new StoreError(503, 'The thread store is closing.');
      const { db, changes } = await opening.catch((error: unknown) => {
        console.error('agent-chat/server: the database could not be opened', error);
        throw new StoreError(500, 'The thread store is not available.');
      });
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
      } catch {
        throw new StoreError(400, 'The address does not parse.');
      }
      // The path as sent: a URL would resolve "..", and an id of ".." must be refused, not followed.
      const route = routeOf((req.url ?? '/').split(/[?#]/)[0], basePath);
      const user = await options.user(req);
      if (typeof user !== 'string' || !user || user.length > MAX_USER_ID) throw new StoreError(401, 'Sign in to keep your conversations.');
      const method = req.method ?? 'GET';
      const [first, id, third] = route;
      const read = <T>(work: Parameters<typeof db.transaction<T>>[0]) => db.transaction(work, { readOnly: true });

      if (first === 'threads' && route.length === 1) {
        allow(method, ['GET']);
        const limit = limitOf(url.searchParams.get('limit'));
        return send(res, 200, await read((tx) => listThreads(tx, user, { limit, cursor: url.searchParams.get('cursor'), since: url.searchParams.get('since') })));
      }
      if (first === 'threads' && route.length === 2) {
        checkId(id, 'thread');
        allow(method, ['GET', 'PUT', 'DELETE']);
        if (method === 'GET') return send(res, 200, await read((tx) => readThread(tx, user, id, url.searchParams.get('since'))));
        if (method === 'DELETE') return send(res, 200, await db.transaction((tx) => deleteThread(tx, user, id)));
        const { title } = checkThreadBody(hasBody(req) ? await readJsonBody(req, limits.json) : undefined);
        return send(res, 200, await db.transaction((tx) => putThread(tx, user, id, title)));
      }
      if (first === 'threads' && route.length === 3 && third === 'nodes') {
        checkId(id, 'thread');
        allow(method, ['POST']);
        const nodes = checkNodesBody(await readJsonBody(req, limits.json), limits.nodes);
        return send(res, 200, await db.transaction((tx) => appendNodes(tx, user, id, nodes)));
      }
      if (first === 'blobs' && route.length === 2) {
        if (!BLOB_NAME.test(id)) throw new StoreError(400, 'A blob is named by the SHA-256 of its bytes, in lower-case hex.');
        allow(method, ['GET', 'PUT']);
        if (method === 'GET') return sendBlob(res, await read((tx) => readBlob(tx, user, id)));
        const { bytes, sha256 } = await readBlobBody(req, limits.blob);
        if (sha256 !== id) throw new StoreError(400, 'The bytes do not hash to the blob’s name.');
        await db.transaction((tx) => putBlob(tx, user, id, bytes));
        return send(res, 201, { sha256, size: bytes.length });
      }
      if (first === 'events' && route.length === 1 && options.events !== false) {
        allow(method, ['GET']);
        return await changes.open(res, user, () => read((tx) => lastChange(tx, user)));
      }
      throw new StoreError(404, 'There is nothing at this address.');
    } catch (error) {
      fail(req, res, error);
    } finally {
      if (--inFlight === 0) settled?.();
    }
  };
  return Object.assign(handler, {
    ready,
    async close() {
      closing = true;
      const { db, changes } = await opening;
      // The change streams end first: they count as requests under way until they do.
      await changes.close();
      if (inFlight > 0) await new Promise<void>((resolve) => (settled = resolve));
      await db.close();
    },
  });
}

/** The path's segments after the mount, each decoded; a segment that does not decode is a 400. */
function routeOf(pathname: string, basePath: string): string[] {
  let path = pathname;
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) path = path.slice(basePath.length);
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw new StoreError(400, 'The address does not decode.');
      }
    });
}

function checkId(id: string, what: string): void {
  if (!isWireId(id)) throw new StoreError(400, `A ${what} id is 1–200 of A–Z, a–z, 0–9, ".", "_", ":" and "-".`);
}

function allow(method: string, methods: string[]): void {
  if (!methods.includes(method)) throw Object.assign(new StoreError(405, `Use ${methods.join(' or ')} here.`), { allow: methods.join(', ') });
}

function limitOf(text: string | null): number {
  if (text === null) return LIST_LIMIT.default;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT.max) throw new StoreError(400, `"limit" is a whole number from 1 to ${LIST_LIMIT.max}.`);
  return limit;
}

const hasBody = (req: IncomingMessage): boolean => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
}

/** A blob goes as bytes that never render on the site's origin (the client knows its type). */
function sendBlob(res: ServerResponse, bytes: Buffer): void {
  res.writeHead(200, {
    'Content-Type': 'application/octet-stream',
    'Content-Length': bytes.length,
    'Cache-Control': 'private, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': 'sandbox',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  res.end(bytes);
}

function fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const known = error instanceof StoreError;
  if (!known) console.error('agent-chat/server: a request failed', error);
  const status = known ? error.status : 500;
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify({ error: known ? error.message : 'The thread store failed.' });
  const headers: Record<string, string | number> = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' };
  const allowed = (error as { allow?: string }).allow;
  if (allowed) headers.Allow = allowed;
  // A body refused before it was read is not read: the connection closes after the answer.
  if (!req.complete) headers.Connection = 'close';
  res.writeHead(status, headers);
  res.end(text);
}
