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
 */

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
}

export interface PoolJob {
  /** Whose job it is: replies take turns and each has its own time. */
  reply: object;
  /** A streaming block's repeated job: counted in the reply's time only when slow. */
  live?: boolean;
  /** Asked just before the job runs: false drops it (`skipped`). */
  wanted?: () => boolean;
}

/** The worker's answer (`{ id, … }`), or why there is none. */
export type PoolAnswer = { data: { id: number } & Record<string, unknown> } | 'over-budget' | 'unavailable' | 'skipped';

interface Job extends PoolJob {
  id: number;
  message: object;
  done: (answer: PoolAnswer) => void;
}

export class HighlightPool {
  /** Waiting jobs by reply, in the order the replies take their turns. */
  private readonly queues = new Map<object, Job[]>();
  private readonly spent = new WeakMap<object, number>();
  private running?: { job: Job; since: number };
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

  /** Sends `message` (with an `id` added) to the worker; settles with its answer or why not. Never rejects. */
  run(message: object, job: PoolJob): Promise<PoolAnswer> {
    return new Promise((done) => {
      const queued: Job = { ...job, id: this.nextId++, message, done };
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

  private pump(): void {
    if (this.running) return;
    if (!this.queues.size) return this.idleSoon();
    if (this.refused) return this.failWaiting();
    if (!this.worker && !this.start()) return this.pump();
    if (!this.ready) return;
    const job = this.next();
    if (!job) return this.idleSoon();
    clearTimeout(this.idleTimer);
    this.running = { job, since: performance.now() };
    this.worker!.postMessage({ ...job.message, id: job.id });
    this.wait(this.timings.budgetMs, () => this.stop());
  }

  /** The next job to run: the first reply in turn gives one, then goes last. */
  private next(): Job | undefined {
    for (const [reply, queue] of this.queues) {
      this.queues.delete(reply);
      const job = queue.shift()!;
      if (queue.length) this.queues.set(reply, queue);
      if (job.wanted && !job.wanted()) job.done('skipped');
      else if ((this.spent.get(reply) ?? 0) >= this.timings.replyMs) job.done('skipped');
      else return job;
    }
    return undefined;
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
        return this.pump();
      }
      const running = this.running;
      if (!running || data?.id !== running.job.id) return;
      clearTimeout(this.timer);
      this.running = undefined;
      this.charge(running.job, performance.now() - running.since);
      running.job.done({ data });
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

  /** The running job (if any) took too long or killed the worker: the worker goes; the next job gets a new one. */
  private stop(): void {
    const running = this.running;
    this.running = undefined;
    this.dropWorker();
    if (running) {
      this.charge(running.job, performance.now() - running.since);
      running.job.done('over-budget');
    }
    this.pump();
  }

  private refuse(): void {
    this.refused = true;
    this.dropWorker();
    this.running?.job.done('unavailable');
    this.running = undefined;
    this.onRefused();
    this.failWaiting();
  }

  private charge(job: Job, ms: number): void {
    if (job.live && ms < this.timings.liveFreeMs) return;
    this.spent.set(job.reply, (this.spent.get(job.reply) ?? 0) + ms);
  }

  private failWaiting(): void {
    const waiting = [...this.queues.values()].flat();
    this.queues.clear();
    for (const job of waiting) job.done('unavailable');
  }

  private idleSoon(): void {
    clearTimeout(this.idleTimer);
    if (this.worker && this.ready && !this.running) this.idleTimer = setTimeout(() => this.dropWorker(), this.timings.idleMs);
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
