/**
 * `GET {url}/events`: each signed-in client's stream of `event: change` / `data: {"cursor"}`,
 * fed by the database's NOTIFY of every write (so several handlers on one PostgreSQL tell each
 * other's clients). One LISTEN per handler, started with its first stream.
 */
import type { ServerResponse } from 'node:http';
import type { StoreDatabase } from './store-database.js';
import { StoreError } from './store-error.js';
import { CHANGE_CHANNEL, userKey } from './thread-queries.js';

/** Streams one user may keep open at once (tabs and devices). */
const MAX_STREAMS_PER_USER = 16;
const PING_MS = 25_000;

export class ChangeStream {
  private readonly streams = new Map<string, Set<ServerResponse>>();
  private listening?: Promise<() => Promise<void>>;
  private ping?: ReturnType<typeof setInterval>;

  constructor(
    private readonly db: StoreDatabase,
    private readonly cursorOf: (change: number) => string,
  ) {}

  /**
   * Opens the stream; its first event carries the user's change cursor as it is once the stream
   * hears every later change (`current` reads it), so no change falls between the two.
   */
  async open(res: ServerResponse, user: string, current: () => Promise<number>): Promise<void> {
    const key = userKey(user);
    const own = this.streams.get(key) ?? new Set<ServerResponse>();
    if (own.size >= MAX_STREAMS_PER_USER) throw new StoreError(429, 'Too many change streams are open for this user.');
    own.add(res);
    this.streams.set(key, own);
    const leave = () => {
      own.delete(res);
      if (!own.size && this.streams.get(key) === own) this.streams.delete(key);
    };
    res.on('close', leave);
    try {
      this.listening ??= this.db.listen(
        CHANGE_CHANNEL,
        (payload) => this.heard(payload),
        () => this.lost(),
      );
      await this.listening;
      const change = await current();
      if (res.destroyed) return leave();
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        // Proxies that buffer would hold the events back.
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: 10000\n\n${this.event(change)}`);
      this.ping ??= setInterval(() => this.each((stream) => stream.write(': ping\n\n')), PING_MS);
    } catch (error) {
      leave();
      // A listen that failed is tried again by the next stream.
      this.listening = undefined;
      throw error;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.ping);
    this.each((stream) => stream.end());
    this.streams.clear();
    const stop = await this.listening?.catch(() => undefined);
    await stop?.();
  }

  /**
   * The database connection that listens went: the streams end, so their clients open new ones
   * (and read what changed meanwhile) once it is back.
   */
  private lost(): void {
    this.listening = undefined;
    this.each((stream) => stream.end());
    this.streams.clear();
  }

  private event(change: number): string {
    return `event: change\ndata: ${JSON.stringify({ cursor: this.cursorOf(change) })}\n\n`;
  }

  private heard(payload: string): void {
    let note: { u?: unknown; c?: unknown };
    try {
      note = JSON.parse(payload) as { u?: unknown; c?: unknown };
    } catch {
      return;
    }
    if (typeof note.u !== 'string' || typeof note.c !== 'number') return;
    const text = this.event(note.c);
    for (const stream of this.streams.get(note.u) ?? []) stream.write(text);
  }

  private each(act: (stream: ServerResponse) => void): void {
    for (const own of this.streams.values()) for (const stream of own) act(stream);
  }
}
