/**
 * The thread store's schema, as numbered migrations run at start (each once, in order, under an
 * advisory lock so that handlers starting together do not run one twice).
 *
 * Each user has a change counter (`agent_chat_users.last_change`): every write takes the next
 * number while it holds the user's row, so one user's changes commit in number order and a
 * change cursor never skips one that commits later. A node's body is `json`, kept as sent: `jsonb`
 * would refuse the `\u0000` a conversation may hold.
 */
import type { StoreDatabase } from './store-database.js';

const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
CREATE TABLE agent_chat_users (
  user_id text PRIMARY KEY,
  last_change bigint NOT NULL DEFAULT 0
);
CREATE TABLE agent_chat_threads (
  user_id text NOT NULL,
  thread_id text NOT NULL,
  title text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
  deleted_at timestamptz,
  change bigint NOT NULL,
  PRIMARY KEY (user_id, thread_id)
);
CREATE INDEX agent_chat_threads_list ON agent_chat_threads (user_id, updated_at DESC, thread_id DESC) WHERE deleted_at IS NULL;
CREATE INDEX agent_chat_threads_change ON agent_chat_threads (user_id, change);
CREATE TABLE agent_chat_nodes (
  user_id text NOT NULL,
  thread_id text NOT NULL,
  node_id text NOT NULL,
  parent_id text,
  rev bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  body json NOT NULL,
  change bigint NOT NULL,
  PRIMARY KEY (user_id, thread_id, node_id),
  FOREIGN KEY (user_id, thread_id) REFERENCES agent_chat_threads ON DELETE CASCADE
);
CREATE INDEX agent_chat_nodes_change ON agent_chat_nodes (user_id, thread_id, change);
CREATE TABLE agent_chat_blobs (
  user_id text NOT NULL,
  sha256 char(64) NOT NULL,
  size integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, sha256)
);`,
  },
];

export async function migrate(db: StoreDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('agent_chat_migrations'))");
    await tx.query('CREATE TABLE IF NOT EXISTS agent_chat_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM agent_chat_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    for (const { version, sql } of MIGRATIONS) {
      if (applied.has(version)) continue;
      for (const statement of sql
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean))
        await tx.query(statement);
      await tx.query('INSERT INTO agent_chat_migrations (version) VALUES ($1)', [version]);
    }
  });
}
