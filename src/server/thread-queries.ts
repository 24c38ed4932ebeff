/**
 * The thread store's SQL, one function per request, each given the request's transaction. Every
 * value is a bound parameter; every statement names the user, so another user's thread is never
 * read or written (it is simply not there: a 404).
 */
import { createHash } from 'node:crypto';
import type { AppendAnswer, ThreadAnswer, ThreadListAnswer, WireNode, WireThread } from '../storage/sync-wire.js';
import type { Queryable } from './store-database.js';
import { StoreError } from './store-error.js';

/** The channel a write announces itself on: `{u: the user's key, c: the change}`. */
export const CHANGE_CHANNEL = 'agent_chat_changes';

/** The user's key in announcements: their id is not spread to every handler's listeners. */
export const userKey = (user: string): string => createHash('sha256').update(user).digest('hex').slice(0, 32);

// ---- Cursors: opaque to the client (base64url JSON)

type PageCursor = { u: number; id: string } | { c: number; id: string };

const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(text: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw new StoreError(400, `The ${what} is not one this server gave.`);
}

/** A change cursor (`cursor`, `since`): the user's change number it stands for. */
export function changeOf(cursor: string | null): number {
  if (cursor === null) return 0;
  const { c } = decode(cursor, 'change cursor');
  if (!Number.isSafeInteger(c) || (c as number) < 0) throw new StoreError(400, 'The change cursor is not one this server gave.');
  return c as number;
}

/** The change cursor for a user's change number. */
export const changeCursor = (change: number): string => encode({ c: change });

function pageOf(cursor: string | null): PageCursor | undefined {
  if (cursor === null) return undefined;
  const value = decode(cursor, 'page cursor');
  if (typeof value.id === 'string' && (Number.isSafeInteger(value.u) || Number.isSafeInteger(value.c))) return value as PageCursor;
  throw new StoreError(400, 'The page cursor is not one this server gave.');
}

// ---- The user's change counter

/** The user's next change number; holds their row until the transaction ends (their writes go one at a time). */
async function nextChange(tx: Queryable, user: string): Promise<number> {
  const { rows } = await tx.query<{ last_change: string | number }>(
    `INSERT INTO agent_chat_users (user_id, last_change) VALUES ($1, 1)
     ON CONFLICT (user_id) DO UPDATE SET last_change = agent_chat_users.last_change + 1
     RETURNING last_change`,
    [user],
  );
  return Number(rows[0].last_change);
}

/** The user's last change number (0 before their first write). */
export async function lastChange(tx: Queryable, user: string): Promise<number> {
  const { rows } = await tx.query<{ last_change: string | number }>('SELECT last_change FROM agent_chat_users WHERE user_id = $1', [user]);
  return Number(rows[0]?.last_change ?? 0);
}

async function announce(tx: Queryable, user: string, change: number): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify({ u: userKey(user), c: change })]);
}

// ---- Threads

interface ThreadRow {
  thread_id: string;
  title: string;
  updated_at: Date | string;
  deleted?: boolean;
  change?: string | number;
}

const millis = (value: Date | string): number => (value instanceof Date ? value : new Date(value)).getTime();

function wireThread(row: ThreadRow): WireThread {
  return { id: row.thread_id, title: row.title, updatedAt: new Date(millis(row.updated_at)).toISOString(), ...(row.deleted ? { deleted: true as const } : {}) };
}

/**
 * The user's threads: without `since`, those not deleted, newest first; with it, every thread
 * changed after it (deleted ones too), oldest change first. A page at a time.
 */
export async function listThreads(tx: Queryable, user: string, query: { limit: number; cursor: string | null; since: string | null }): Promise<ThreadListAnswer> {
  const cursor = changeCursor(await lastChange(tx, user));
  const page = pageOf(query.cursor);
  let rows: ThreadRow[];
  if (page && 'c' in page !== (query.since !== null)) {
    throw new StoreError(
      400,
      query.since !== null ? 'This page cursor pages the list, not its changes: send it without "since".' : 'This page cursor pages the changes: send it with the same "since".',
    );
  }
  if (query.since !== null) {
    const since = changeOf(query.since);
    // After `since`; on a later page, after the last thread of the page before (by change, then id).
    const from = page && 'c' in page && page.c >= since ? page : { c: since, id: null };
    ({ rows } = await tx.query<ThreadRow>(
      `SELECT thread_id, title, updated_at, deleted_at IS NOT NULL AS deleted, change FROM agent_chat_threads
       WHERE user_id = $1 AND (change > $2 OR ($3::text IS NOT NULL AND change = $2 AND thread_id > $3)) ORDER BY change, thread_id LIMIT $4`,
      [user, from.c, from.id, query.limit],
    ));
  } else {
    const from = page && 'u' in page ? page : undefined;
    ({ rows } = await tx.query<ThreadRow>(
      `SELECT thread_id, title, updated_at FROM agent_chat_threads
       WHERE user_id = $1 AND deleted_at IS NULL
         AND ($2::bigint IS NULL OR (updated_at, thread_id) < ('epoch'::timestamptz + $2::bigint * interval '1 millisecond', $3::text))
       ORDER BY updated_at DESC, thread_id DESC LIMIT $4`,
      [user, from?.u ?? null, from?.id ?? '', query.limit],
    ));
  }
  const last = rows.at(-1);
  let nextCursor: string | null = null;
  if (last && rows.length === query.limit)
    nextCursor = query.since !== null ? encode({ c: Number(last.change), id: last.thread_id }) : encode({ u: millis(last.updated_at), id: last.thread_id });
  return { threads: rows.map(wireThread), nextCursor, cursor };
}

/** Creates the thread, or renames it (`title` given). A deleted thread stays deleted: 404. */
export async function putThread(tx: Queryable, user: string, threadId: string, title: string | undefined): Promise<{ thread: WireThread; cursor: string }> {
  const change = await nextChange(tx, user);
  const { rows } = await tx.query<ThreadRow>(
    `INSERT INTO agent_chat_threads (user_id, thread_id, title, change) VALUES ($1, $2, coalesce($3, ''), $4)
     ON CONFLICT (user_id, thread_id) DO UPDATE
       SET title = coalesce($3, agent_chat_threads.title), updated_at = date_trunc('milliseconds', now()), change = $4
       WHERE agent_chat_threads.deleted_at IS NULL
     RETURNING thread_id, title, updated_at`,
    [user, threadId, title ?? null, change],
  );
  if (!rows[0]) throw new StoreError(404, 'This thread was deleted.');
  await announce(tx, user, change);
  return { thread: wireThread(rows[0]), cursor: changeCursor(change) };
}

/** Deletes the thread and its nodes; the id stays taken (a later PUT or POST to it is a 404). */
export async function deleteThread(tx: Queryable, user: string, threadId: string): Promise<{ cursor: string }> {
  const change = await nextChange(tx, user);
  const { rows } = await tx.query(
    `UPDATE agent_chat_threads SET deleted_at = now(), title = '', change = $3, updated_at = date_trunc('milliseconds', now())
     WHERE user_id = $1 AND thread_id = $2 AND deleted_at IS NULL RETURNING thread_id`,
    [user, threadId, change],
  );
  if (!rows[0]) throw new StoreError(404, 'There is no such thread.');
  await tx.query('DELETE FROM agent_chat_nodes WHERE user_id = $1 AND thread_id = $2', [user, threadId]);
  await announce(tx, user, change);
  return { cursor: changeCursor(change) };
}

// ---- Nodes

interface NodeRow {
  node_id: string;
  parent_id: string | null;
  rev: string | number;
  deleted: boolean;
  body: Record<string, unknown> | string;
}

function wireNode(row: NodeRow): WireNode {
  const body = typeof row.body === 'string' ? (JSON.parse(row.body) as Record<string, unknown>) : row.body;
  return { ...body, id: row.node_id, parentId: row.parent_id, rev: Number(row.rev), ...(row.deleted ? { deleted: true } : {}) };
}

/** The thread and its nodes (those changed after `since`, when given). */
export async function readThread(tx: Queryable, user: string, threadId: string, since: string | null): Promise<ThreadAnswer> {
  const cursor = changeCursor(await lastChange(tx, user));
  const { rows } = await tx.query<ThreadRow>('SELECT thread_id, title, updated_at FROM agent_chat_threads WHERE user_id = $1 AND thread_id = $2 AND deleted_at IS NULL', [
    user,
    threadId,
  ]);
  if (!rows[0]) throw new StoreError(404, 'There is no such thread.');
  const nodes = await tx.query<NodeRow>(
    'SELECT node_id, parent_id, rev, deleted, body FROM agent_chat_nodes WHERE user_id = $1 AND thread_id = $2 AND change > $3 ORDER BY change, node_id',
    [user, threadId, changeOf(since)],
  );
  return { thread: wireThread(rows[0]), nodes: nodes.rows.map(wireNode), cursor };
}

/**
 * Adds the nodes, or a later version of those already there (a higher `rev`); a version that is
 * not later changes nothing, and the stored one comes back in `stale`. Sending the same nodes
 * twice stores them once. A node's parent is never rewritten (a later version keeps the first).
 */
export async function appendNodes(tx: Queryable, user: string, threadId: string, nodes: WireNode[]): Promise<AppendAnswer> {
  const change = await nextChange(tx, user);
  const thread = await tx.query('SELECT 1 FROM agent_chat_threads WHERE user_id = $1 AND thread_id = $2 AND deleted_at IS NULL FOR UPDATE', [user, threadId]);
  if (!thread.rows[0]) throw new StoreError(404, 'There is no such thread (it was never created, or it was deleted).');
  // Columns as arrays, each body as its JSON text: PostgreSQL's JSON functions would refuse a `\u0000` in it.
  const bodies = nodes.map(({ id: _id, parentId: _parent, rev: _rev, deleted: _deleted, ...body }) => JSON.stringify(body));
  const { rows } = await tx.query<{ node_id: string }>(
    `INSERT INTO agent_chat_nodes (user_id, thread_id, node_id, parent_id, rev, deleted, body, change)
     SELECT $1, $2, n.id, n.parent_id, n.rev, n.deleted, n.body::json, $3
     FROM unnest($4::text[], $5::text[], $6::bigint[], $7::boolean[], $8::text[]) AS n(id, parent_id, rev, deleted, body)
     ON CONFLICT (user_id, thread_id, node_id) DO UPDATE
       SET rev = EXCLUDED.rev, deleted = EXCLUDED.deleted, body = EXCLUDED.body, change = EXCLUDED.change
       WHERE agent_chat_nodes.rev < EXCLUDED.rev
     RETURNING node_id`,
    [user, threadId, change, nodes.map((node) => node.id), nodes.map((node) => node.parentId), nodes.map((node) => node.rev), nodes.map((node) => node.deleted === true), bodies],
  );
  const taken = new Set(rows.map((row) => row.node_id));
  const lost = nodes.filter((node) => !taken.has(node.id)).map((node) => node.id);
  const stale = lost.length
    ? (
        await tx.query<NodeRow>('SELECT node_id, parent_id, rev, deleted, body FROM agent_chat_nodes WHERE user_id = $1 AND thread_id = $2 AND node_id = ANY($3::text[])', [
          user,
          threadId,
          lost,
        ])
      ).rows.map(wireNode)
    : [];
  if (taken.size) {
    await tx.query("UPDATE agent_chat_threads SET updated_at = date_trunc('milliseconds', now()), change = $3 WHERE user_id = $1 AND thread_id = $2", [user, threadId, change]);
    await announce(tx, user, change);
  }
  return { cursor: changeCursor(change), stale };
}

// ---- Blobs

/** Keeps the bytes under their hash for this user (once: the same bytes again change nothing). */
export async function putBlob(tx: Queryable, user: string, sha256: string, bytes: Buffer): Promise<void> {
  await tx.query('INSERT INTO agent_chat_blobs (user_id, sha256, size, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, sha256) DO NOTHING', [
    user,
    sha256,
    bytes.length,
    bytes,
  ]);
}

export async function readBlob(tx: Queryable, user: string, sha256: string): Promise<Buffer> {
  const { rows } = await tx.query<{ bytes: Uint8Array }>('SELECT bytes FROM agent_chat_blobs WHERE user_id = $1 AND sha256 = $2', [user, sha256]);
  if (!rows[0]) throw new StoreError(404, 'There is no such blob.');
  return Buffer.from(rows[0].bytes);
}
