/**
 * Runs the highlighter's jobs on one worker at a time (highlighter.ts makes the worker), without
 * touching the page. Each job has a time budget: a job that overruns it, or during which the worker
 * dies (out of memory), stops the worker and answers `over-budget`; the jobs after it get a new
 * worker. A worker that cannot start at all (a page's CSP, no Worker) turns the pool off for good;
 * one slow to start only fails the jobs waiting for it. An idle worker is stopped after a while.
 *
 * Jobs belong to a reply (one markdown view). Replies take turns, one job each, so a reply full of
 * slow blocks cannot keep the others waiting; a reply whose jobs have held the worker for its time
 * in total gets no more (`skipped`), nor does a job no longer wanted (its view was removed).
 *
 * While the worker's jobs come back quick (by its own clock), more are sent ahead, up to a size and
 * a count, and it runs them in order: while the page is busy drawing a stream, the worker goes on
 * to the next job instead of waiting for the page to take each answer. A job sent ahead carries
 * `ahead` (ms): the worker hands it back unrun (`{ id, deferred: true }`) when the job before it
 * took that long or longer, so one slow job at most runs before the pool sees it, checks the
 * reply's time again and lets the other replies take their turns; jobs go one at a time until one
 * comes back quick. (Quick jobs sent ahead can take a reply past its time by their own, at most the
 * count of them times the quick limit.) A job's time is the worker's own account of it where it gives one; its budget
 * counts from when the worker could start it (it said ready, or answered the job before). Jobs
 * handed back, or sent behind one that overran, go back to their replies' queues as they were
 * sent; the reply whose job overran takes its next turn last.
 */

/** The part of a Worker the pool uses (a fake one in tests). */
export type PoolWorker = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>;

export interface PoolLimits {
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
  /** Jobs are sent ahead until this much work is with the worker, in the jobs' sizes (the last one sent may take it past). */
  aheadSize: number;
  /** How many jobs may be with the worker at once. */
  aheadJobs: number;
}

export interface PoolJob {
  /** Whose job it is: replies take turns and each has its own time. */
  reply: object;
  /** A streaming block's repeated job: counted in the reply's time only when slow. */
  live?: boolean;
  /** Asked just before the job is sent to the worker: false drops it (`skipped`). */
  wanted?: () => boolean;
}

/** The worker's answer (`{ id, …, ms? }`, `ms` the time it took by the worker's clock), or why there is none. */
export type PoolAnswer = { data: { id: number } & Record<string, unknown> } | 'over-budget' | 'unavailable' | 'skipped';

interface Job extends PoolJob {
  /** The id of its latest sending: an answer to an earlier one (handed back, given back) is not its. */
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
    private readonly limits: PoolLimits,
    private readonly onRefused: () => void = () => {},
  ) {}

  /**
   * Sends `message` (with an `id` added) to the worker; settles with its answer or why not. Never
   * rejects. `size`: how much work it is (see `aheadSize`).
   */
  run(message: object, job: PoolJob, size: number): Promise<PoolAnswer> {
    return new Promise((done) => {
      const queued: Job = { ...job, id: -1, size, message, done };
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
      const ahead = this.sent.length > 0 ? { ahead: this.limits.quickMs } : {};
      job.id = this.nextId++;
      this.sent.push(job);
      this.sentSize += job.size;
      if (this.sent.length === 1 && this.ready) this.timeFirst();
      this.worker!.postMessage({ ...job.message, ...ahead, id: job.id });
    }
    this.idleSoon();
  }

  /** One job at a time; more ahead while they come back quick, up to a total size and a count. */
  private roomToSend(): boolean {
    return !this.sent.length || (this.quick && this.sentSize < this.limits.aheadSize && this.sent.length < this.limits.aheadJobs);
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
    if ((!job.wanted || job.wanted()) && (this.spent.get(job.reply) ?? 0) < this.limits.replyMs) return true;
    job.done('skipped');
    return false;
  }

  /** The worker can start the first sent job now: its time counts from here. */
  private timeFirst(): void {
    this.since = performance.now();
    this.wait(this.limits.budgetMs, () => this.stop());
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
      if (data.deferred) return this.takeBackSent();
      this.sent.shift();
      this.sentSize -= job.size;
      const ms = typeof data.ms === 'number' ? data.ms : undefined;
      this.charge(job, ms ?? performance.now() - this.since);
      this.quick = ms !== undefined && ms < this.limits.quickMs;
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
    this.wait(this.limits.startLimitMs, () => {
      this.dropWorker();
      this.failWaiting();
    });
    return true;
  }

  /** The running job (if any) took too long or killed the worker: the worker goes; the jobs behind it go to a new one. */
  private stop(): void {
    const [running, ...behind] = this.sent;
    this.clearSent();
    this.giveBack(behind, running?.reply);
    this.dropWorker();
    if (running) {
      this.charge(running, performance.now() - this.since);
      running.done('over-budget');
    }
    this.pump();
  }

  /**
   * The worker handed back the first job sent (the one before it was slow): it hands back all those
   * behind it too, being sent ahead. They go back to their queues, and the pool goes one at a time.
   */
  private takeBackSent(): void {
    const sent = this.sent;
    this.clearSent();
    this.giveBack(sent, undefined);
    this.pump();
  }

  private clearSent(): void {
    this.sent = [];
    this.sentSize = 0;
    this.quick = false;
  }

  /**
   * Puts `jobs` (sent, in the order they were) back in front of their replies' queues, their replies
   * first in that order; `last` then takes its next turn after the others.
   */
  private giveBack(jobs: Job[], last: object | undefined): void {
    const waiting = new Map(this.queues);
    this.queues.clear();
    for (const job of jobs) {
      const queue = this.queues.get(job.reply);
      if (queue) queue.push(job);
      else this.queues.set(job.reply, [job]);
    }
    for (const [reply, queue] of waiting) {
      const given = this.queues.get(reply);
      if (given) given.push(...queue);
      else this.queues.set(reply, queue);
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
    if (job.live && ms < this.limits.liveFreeMs) return;
    this.spent.set(job.reply, (this.spent.get(job.reply) ?? 0) + ms);
  }

  /** Every job not answered yet (those sent included) gets `unavailable`. */
  private failWaiting(): void {
    const waiting = [...this.sent, ...[...this.queues.values()].flat()];
    this.clearSent();
    this.queues.clear();
    for (const job of waiting) job.done('unavailable');
  }

  private idleSoon(): void {
    clearTimeout(this.idleTimer);
    if (this.worker && this.ready && !this.sent.length) this.idleTimer = setTimeout(() => this.dropWorker(), this.limits.idleMs);
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
