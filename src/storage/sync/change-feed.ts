/**
 * Hears of changes other devices made: the thread store's event stream (`GET {url}/events`,
 * `event: change` with `{cursor}`) while it is offered, else a poll every POLL_MS while the page is
 * visible. A stream that ends is opened again after a pause that grows with each failure; a 404
 * (no stream offered) turns to polling for good. It only says "something may have changed":
 * the sync reads what did.
 */
import { SseParser } from '../../protocol/sse.js';
import { isRecord } from '../../internal/guards.js';
import { SyncFailure, type RemoteClient } from './remote-client.js';

/** The longest between two polls while the page is visible (ms). */
export const POLL_MS = 10_000;
/** The longest pause before opening a stream again (ms). */
const MAX_PAUSE_MS = 60_000;

export interface ChangeFeedHost {
  /** The server's change cursor: the sync reads what changed when it is not its own. */
  heard(cursor: string | undefined): void;
  /** The stream was refused with 401 or 403. */
  refused(failure: SyncFailure): void;
}

export class ChangeFeed {
  private stream?: AbortController;
  private timer?: ReturnType<typeof setTimeout>;
  private polling = false;
  private failures = 0;
  private running = false;
  /** Gives up the lock that makes this tab the one that listens. */
  private leave?: AbortController;
  /** This tab is the one that listens (it holds the lock, or there is none). */
  private leading = false;

  constructor(
    private readonly client: RemoteClient,
    private readonly host: ChangeFeedHost,
  ) {}

  /**
   * Starts listening. With `lock`, only the tab of the page holding that Web Lock listens (the others
   * wait for it): one stream per browser, not one per tab, and the other tabs follow what its syncs write.
   */
  start(lock?: string): void {
    if (this.running) return;
    this.running = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    const locks = (navigator as Navigator & { locks?: LockManager }).locks;
    if (!lock || !locks) {
      this.leading = true;
      return this.next(0);
    }
    const leave = new AbortController();
    this.leave = leave;
    locks
      .request(lock, { signal: leave.signal }, () => {
        if (leave.signal.aborted) return;
        this.leading = true;
        this.next(0);
        return new Promise<void>((release) => leave.signal.addEventListener('abort', () => release()));
      })
      .catch(() => {});
  }

  stop(): void {
    this.running = false;
    this.leading = false;
    this.leave?.abort();
    this.leave = undefined;
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearTimeout(this.timer);
    this.stream?.abort();
    this.stream = undefined;
  }

  /** Back online: the stream (or poll) starts again at once. */
  again(): void {
    if (!this.running || !this.leading) return;
    this.failures = 0;
    this.stream?.abort();
    this.next(0);
  }

  private next(delay: number): void {
    clearTimeout(this.timer);
    if (!this.running) return;
    this.timer = setTimeout(() => void (this.polling ? this.poll() : this.listen()), delay);
  }

  private pause(): number {
    this.failures++;
    return Math.min(MAX_PAUSE_MS, 1000 * 2 ** Math.min(this.failures, 6));
  }

  private poll(): void {
    if (document.visibilityState === 'visible') this.host.heard(undefined);
    this.next(POLL_MS);
  }

  private async listen(): Promise<void> {
    const controller = new AbortController();
    this.stream = controller;
    try {
      const response = await this.client.request('GET', 'events', { signal: controller.signal, accept: 'text/event-stream' });
      const type = response.headers.get('content-type') ?? '';
      if (response.status === 404 || response.status === 405 || !type.startsWith('text/event-stream') || !response.body) {
        void response.body?.cancel();
        this.polling = true;
        return this.next(0);
      }
      await this.read(response.body);
      if (this.stream === controller) this.next(this.pause());
    } catch (error) {
      if (controller.signal.aborted || this.stream !== controller) return;
      if (error instanceof SyncFailure && error.kind === 'unauthorized') this.host.refused(error);
      // Refused, or too many streams open for the user (429): polling instead.
      else if (error instanceof SyncFailure && (error.kind === 'refused' || error.status === 429)) this.polling = true;
      this.next(this.polling ? POLL_MS : this.pause());
    }
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const message of parser.push(decoder.decode(value, { stream: true }))) {
        if (message.event !== 'change') continue;
        this.failures = 0;
        let cursor: unknown;
        try {
          const data: unknown = JSON.parse(message.data);
          cursor = isRecord(data) ? data.cursor : undefined;
        } catch {
          // not the store's: read what changed all the same
        }
        this.host.heard(typeof cursor === 'string' ? cursor : undefined);
      }
    }
  }

  private onVisibility = () => {
    // A page shown again polls at once; a stream kept going while hidden.
    if (this.polling && document.visibilityState === 'visible') this.next(0);
  };
}
