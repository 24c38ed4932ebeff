/**
 * Runs the highlighter's jobs on one worker at a time (highlighter.ts makes the worker), without
 * touching the page. Each job has a time budget: a job that overruns it, or during which the worker
 * dies (out of memory), stops the worker and answers `over-budget`; the next job gets a new worker.
 * A worker that cannot start at all (a page's CSP, no Worker) turns the pool off for good; one slow
 * to start only fails the jobs waiting for it. An idle worker is stopped after a while.
 *
 * Jobs belong to a reply (one markdown view). Replies take turns, one job each, so a reply full of
 * slow blocks cannot keep the others waiting; a reply whose jobs have held the worker for its time
 * in total gets no more (`skipped`), nor does a job no longer wanted (its view was removed).
 *
 * While the worker's jobs come back quick (by its own clock), more are sent ahead, up to a total
 * size, and it runs them in order: while the page is busy drawing a stream, the worker goes on to
 * the next job instead of waiting for the page to take each answer. After a slow job, or one that
 * overran, they go one at a time again, so slow blocks cannot pile up with the worker and a view's
 * blocks not yet sent are never sent once it is gone.
 * A job's time counts from when the worker could start it (it said ready, or answered the job
 * before); jobs sent behind one that overran go back to their replies' queues, in their order,
 * and the reply whose job overran takes its next turn last.
 */

/**
 * How much work is sent to the worker ahead at most, in the jobs' sizes (for the highlighter,
 * characters of code); the first job goes whatever its size.
 */
const SENT_AHEAD_SIZE = 10_000;

/** The part of a Worker the pool uses (a fake one in tests). */
export type PoolWorker = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>;

export interface PoolTimings {
  /** Time one job may run (ms) before the worker is stopped. */
  budgetMs: number;
  /** Time a new worker may take to say it is ready (ms). */
  startLimitMs: number;
  /** Idle time (ms) after which the worker is stopped. */
  idleMs: number;
  /** Worker time (ms) one reply's jobs may take in all. */
  replyMs: number;
  /** A streaming block's job quicker than this (ms) is not counted in its reply's time. */
  liveFreeMs: number;
  /** A job the worker ran quicker than this (ms, by its own clock) lets the next ones be sent ahead. */
  quickMs: number;
}

export interface PoolJob {
  /** Whose job it is: replies take turns and each has its own time. */
  reply: object;
  /** A streaming block's repeated job: counted in the reply's time only when slow. */
  live?: boolean;
  /** Asked just before the job runs: false drops it (`skipped`). */
  wanted?: () => boolean;
}

/** The worker's answer (`{ id, …, ms? }`, `ms` the time it took by the worker's clock), or why there is none. */
export type PoolAnswer = { data: { id: number } & Record<string, unknown> } | 'over-budget' | 'unavailable' | 'skipped';

interface Job extends PoolJob {
  id: number;
  size: number;
  message: object;
  done: (answer: PoolAnswer) => void;
}

export class HighlightPool {
  /** Waiting jobs by reply, in the order the replies take their turns. */
  private readonly queues = new Map<object, Job[]>();
  private readonly spent = new WeakMap<object, number>();
  /** Jobs sent to the worker, in the order it answers them: it runs the first. */
  private sent: Job[] = [];
  private sentSize = 0;
  /** When the worker could start the first sent job. */
  private since = 0;
  /** The last job answered was quick: more may be sent ahead. */
  private quick = false;
  private worker?: PoolWorker;
  private ready = false;
  private refused = false;
  private timer?: ReturnType<typeof setTimeout>;
  private idleTimer?: ReturnType<typeof setTimeout>;
  private nextId = 0;

  constructor(
    private readonly create: () => PoolWorker,
    private readonly timings: PoolTimings,
    private readonly onRefused: () => void = () => {},
  ) {}

  /**
   * Sends `message` (with an `id` added) to the worker; settles with its answer or why not. Never
   * rejects. `size`: how much work it is (see SENT_AHEAD_SIZE).
   */
  run(message: object, job: PoolJob, size: number): Promise<PoolAnswer> {
    return new Promise((done) => {
      const queued: Job = { ...job, id: this.nextId++, size, message, done };
      const queue = this.queues.get(job.reply);
      if (queue) queue.push(queued);
      else this.queues.set(job.reply, [queued]);
      this.pump();
    });
  }

  /** Whether a worker is there (running or idle). */
  get hasWorker(): boolean {
    return this.worker !== undefined;
  }

  /** Sends jobs until enough are with the worker (a new worker queues them until it has loaded). */
  private pump(): void {
    if (!this.roomToSend()) return;
    if (!this.queues.size) return this.idleSoon();
    if (this.refused) return this.failWaiting();
    if (!this.worker && !this.start()) return this.pump();
    while (this.roomToSend()) {
      const job = this.next();
      if (!job) break;
      clearTimeout(this.idleTimer);
      this.sent.push(job);
      this.sentSize += job.size;
      if (this.sent.length === 1 && this.ready) this.timeFirst();
      this.worker!.postMessage({ ...job.message, id: job.id });
    }
    this.idleSoon();
  }

  /** One job at a time; more ahead while they come back quick, up to a total size. */
  private roomToSend(): boolean {
    return !this.sent.length || (this.quick && this.sentSize < SENT_AHEAD_SIZE);
  }

  /** The next job to send: the first reply in turn gives one, then goes last. */
  private next(): Job | undefined {
    for (const [reply, queue] of this.queues) {
      this.queues.delete(reply);
      const job = queue.shift()!;
      if (queue.length) this.queues.set(reply, queue);
      if (this.worth(job)) return job;
    }
    return undefined;
  }

  /** Whether `job` is still wanted and its reply has time left; if not, it is answered `skipped`. */
  private worth(job: Job): boolean {
    if ((!job.wanted || job.wanted()) && (this.spent.get(job.reply) ?? 0) < this.timings.replyMs) return true;
    job.done('skipped');
    return false;
  }

  /** The worker can start the first sent job now: its time counts from here. */
  private timeFirst(): void {
    this.since = performance.now();
    this.wait(this.timings.budgetMs, () => this.stop());
  }

  private start(): boolean {
    let worker: PoolWorker;
    try {
      worker = this.create();
    } catch {
      this.refuse();
      return false;
    }
    this.worker = worker;
    this.ready = false;
    worker.onmessage = ({ data }: MessageEvent) => {
      if (worker !== this.worker) return;
      if (data === 'ready') {
        this.ready = true;
        clearTimeout(this.timer);
        if (this.sent.length) this.timeFirst();
        return this.pump();
      }
      const job = this.sent[0];
      if (!job || data?.id !== job.id) return;
      clearTimeout(this.timer);
      this.sent.shift();
      this.sentSize -= job.size;
      this.charge(job, performance.now() - this.since);
      this.quick = typeof data.ms === 'number' && data.ms < this.timings.quickMs;
      if (this.sent.length) this.timeFirst();
      job.done({ data });
      this.pump();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.worker) return;
      // Before it said ready it never ran (refused by the page's CSP, or its code failed to load).
      if (!this.ready) this.refuse();
      else this.stop();
    };
    this.wait(this.timings.startLimitMs, () => {
      this.dropWorker();
      this.failWaiting();
    });
    return true;
  }

  /** The running job (if any) took too long or killed the worker: the worker goes; the jobs behind it go to a new one. */
  private stop(): void {
    const [running, ...behind] = this.sent;
    this.sent = [];
    this.sentSize = 0;
    this.quick = false;
    this.giveBack(behind, running?.reply);
    this.dropWorker();
    if (running) {
      this.charge(running, performance.now() - this.since);
      running.done('over-budget');
    }
    this.pump();
  }

  /** Puts `jobs` back at the front of their replies' queues, in their order; `last` takes its next turn after the others. */
  private giveBack(jobs: Job[], last: object | undefined): void {
    for (const job of jobs.reverse()) {
      const queue = this.queues.get(job.reply);
      if (queue) queue.unshift(job);
      else this.queues.set(job.reply, [job]);
    }
    const lastQueue = last && this.queues.get(last);
    if (!lastQueue) return;
    this.queues.delete(last);
    this.queues.set(last, lastQueue);
  }

  private refuse(): void {
    this.refused = true;
    this.dropWorker();
    this.onRefused();
    this.failWaiting();
  }

  private charge(job: Job, ms: number): void {
    if (job.live && ms < this.timings.liveFreeMs) return;
    this.spent.set(job.reply, (this.spent.get(job.reply) ?? 0) + ms);
  }

  /** Every job not answered yet (those sent included) gets `unavailable`. */
  private failWaiting(): void {
    const waiting = [...this.sent, ...[...this.queues.values()].flat()];
    this.sent = [];
    this.sentSize = 0;
    this.queues.clear();
    for (const job of waiting) job.done('unavailable');
  }

  private idleSoon(): void {
    clearTimeout(this.idleTimer);
    if (this.worker && this.ready && !this.sent.length) this.idleTimer = setTimeout(() => this.dropWorker(), this.timings.idleMs);
  }

  private dropWorker(): void {
    clearTimeout(this.timer);
    clearTimeout(this.idleTimer);
    this.worker?.terminate();
    this.worker = undefined;
    this.ready = false;
  }

  private wait(ms: number, then: () => void): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(then, ms);
  }
}
