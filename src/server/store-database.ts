/**
 * One interface over the databases the thread store runs on: PGlite (PostgreSQL in WASM, in the
 * process), a `pg` Pool, or a connection string (a Pool made here). Transactions, LISTEN, closing.
 */

export interface QueryResultLike<T> {
  rows: T[];
}

/** What a query runs on: the database, or a transaction of it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResultLike<T>>;
}

export interface StoreDatabase {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: { readOnly?: boolean }): Promise<T>;
  /**
   * Hears `NOTIFY channel`; resolves with what stops hearing it. `lost` is called once if the
   * connection that listens goes (a database restarted): nothing is heard after it.
   */
  listen(channel: string, heard: (payload: string) => void, lost: () => void): Promise<() => Promise<void>>;
  /** Lets go of what this adapter opened itself (a Pool made from a connection string, an in-memory PGlite). */
  close(): Promise<void>;
}

/** The shape of a PGlite instance that this adapter uses. */
export interface PGliteLike extends Queryable {
  waitReady: Promise<void>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  listen(channel: string, heard: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A client of a `pg` Pool, as this adapter uses it. */
interface PoolClientLike extends Queryable {
  release(error?: Error | boolean): void;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  off(event: 'error', listener: (error?: Error) => void): unknown;
}

/** The shape of a `pg` Pool that this adapter uses. */
export interface PoolLike extends Queryable {
  connect(): Promise<PoolClientLike>;
  end(): Promise<void>;
}

export type DatabaseOption = PGliteLike | PoolLike | string | undefined;

const isPGlite = (value: unknown): value is PGliteLike => typeof (value as PGliteLike)?.listen === 'function' && 'waitReady' in (value as object);
const isPool = (value: unknown): value is PoolLike => typeof (value as PoolLike)?.connect === 'function' && typeof (value as PoolLike)?.end === 'function';

export async function openStoreDatabase(option: DatabaseOption): Promise<StoreDatabase> {
  if (isPGlite(option)) return fromPglite(option, false);
  if (isPool(option)) return fromPool(option, false);
  if (typeof option === 'string') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: option });
    // An idle connection lost (a database restarted) is replaced on the next request, not an unhandled error.
    pool.on('error', () => {});
    return fromPool(pool as unknown as PoolLike, true);
  }
  if (option !== undefined) throw new TypeError('createThreadStoreHandler: `database` must be a PGlite instance, a pg Pool or a connection string.');
  const { PGlite } = await import('@electric-sql/pglite');
  console.warn('agent-chat/server: no `database` given; the conversations are kept in memory (PGlite) and lost when the process ends.');
  return fromPglite(new PGlite() as unknown as PGliteLike, true);
}

function fromPglite(db: PGliteLike, owned: boolean): StoreDatabase {
  return {
    async transaction(work) {
      await db.waitReady;
      // PGlite is one session: its transactions run one after another, so each sees a steady state.
      return db.transaction(work);
    },
    async listen(channel, heard) {
      await db.waitReady;
      // PGlite runs in the process: its listening cannot be lost apart from it.
      return db.listen(channel, heard);
    },
    close: () => (owned ? db.close() : Promise.resolve()),
  };
}

/** Serialization failures and deadlocks are tried again (a few times). */
const RETRIED = new Set(['40001', '40P01']);

function fromPool(pool: PoolLike, owned: boolean): StoreDatabase {
  const listeners = new Set<PoolClientLike>();
  return {
    async transaction(work, { readOnly = false } = {}) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        // While we hold it, the Pool does not listen to the client: a connection lost meanwhile
        // would be an unhandled 'error' (the end of the process) without this.
        let broken: Error | undefined;
        const onError = (error?: Error) => (broken = error ?? new Error('The database connection ended.'));
        client.on('error', onError);
        const release = () => {
          client.off('error', onError);
          client.release(broken ?? false);
        };
        try {
          // Reads see one snapshot, so the change cursor they return matches what they return.
          await client.query(readOnly ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
          const result = await work(client);
          await client.query('COMMIT');
          release();
          return result;
        } catch (error) {
          if (!broken) await client.query('ROLLBACK').catch((failure: Error) => (broken = failure));
          release();
          if (attempt < 4 && RETRIED.has((error as { code?: string }).code ?? '')) continue;
          throw error;
        }
      }
    },
    async listen(channel, heard, lost) {
      // A connection the Pool hands out just as the database ends it (a restart, connections killed)
      // fails at once: a fresh one is tried, a few times.
      for (let attempt = 1; ; attempt++) {
        try {
          return await listenOn(await pool.connect(), channel, heard, lost);
        } catch (error) {
          if (attempt >= 3 || !connectionLost(error)) throw error;
        }
      }
    },
    async close() {
      for (const client of listeners) client.release(true);
      listeners.clear();
      if (owned) await pool.end();
    },
  };

  async function listenOn(client: PoolClientLike, channel: string, heard: (payload: string) => void, lost: () => void): Promise<() => Promise<void>> {
    listeners.add(client);
    let gone = false;
    const drop = (error?: Error) => {
      if (gone) return;
      gone = true;
      listeners.delete(client);
      client.release(error ?? true);
      lost();
    };
    client.on('notification', (message) => {
      if (message.channel === channel) heard(message.payload ?? '');
    });
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      gone = true;
      listeners.delete(client);
      client.release(true);
      throw error;
    }
    return async () => {
      if (gone || !listeners.delete(client)) return;
      gone = true;
      await client.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
      client.release();
    };
  }
}

/** The database ended the connection (shut down, restarted, or the connection was killed), rather than refusing the statement. */
function connectionLost(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? '';
  return (
    ['57P01', '57P02', '57P03', '08000', '08003', '08006'].includes(code) ||
    /Connection terminated|connection ended|connection error|not queryable/i.test(String((error as Error)?.message))
  );
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
