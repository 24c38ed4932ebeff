import { expect } from '@open-wc/testing';
import { HighlightPool, type PoolLimits, type PoolWorker } from '../../../src/render/highlight-pool.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A scripted worker that, like a real one, runs the jobs sent to it one at a time, in order, once it
 * has said ready (after `startMs`; never when `startMs` is undefined; it fails before that when
 * `failsToStart`). A job answers after the number of ms in its code (`"5"`), saying it took that
 * long; never for `"stuck"`; and `"dies"` kills the worker (an error event). A job sent `ahead` is
 * handed back unrun when the one it ran before took that long or longer.
 */
class FakeWorker implements PoolWorker {
  onmessage: PoolWorker['onmessage'] = null;
  onerror: PoolWorker['onerror'] = null;
  terminated = false;
  /** The codes sent to it, and those it started running. */
  readonly sent: string[] = [];
  readonly ran: string[] = [];
  private readonly inbox: { id: number; code: string; ahead?: number }[] = [];
  private lastMs = 0;
  private ready = false;
  private busy = false;

  constructor(startMs: number | undefined, failsToStart = false) {
    if (failsToStart) setTimeout(() => this.onerror?.call(this as unknown as Worker, new ErrorEvent('error')), 1);
    else if (startMs !== undefined)
      setTimeout(() => {
        this.reply('ready');
        this.ready = true;
        this.runNext();
      }, startMs);
  }

  postMessage(message: { id: number; code: string; ahead?: number }): void {
    this.sent.push(message.code);
    this.inbox.push(message);
    this.runNext();
  }

  terminate(): void {
    this.terminated = true;
  }

  private runNext(): void {
    if (!this.ready || this.busy || this.terminated || !this.inbox.length) return;
    const { id, code, ahead } = this.inbox.shift()!;
    if (ahead !== undefined && this.lastMs >= ahead) {
      this.reply({ id, deferred: true });
      return this.runNext();
    }
    this.busy = true;
    this.ran.push(code);
    if (code === 'stuck') return;
    if (code === 'dies') {
      setTimeout(() => !this.terminated && this.onerror?.call(this as unknown as Worker, new ErrorEvent('error')), 2);
      return;
    }
    const ms = Number(code) || 0;
    setTimeout(() => {
      this.busy = false;
      this.lastMs = ms;
      this.reply({ id, nodes: [code], ms });
      this.runNext();
    }, ms);
  }

  private reply(data: unknown): void {
    if (!this.terminated) this.onmessage?.call(this as unknown as Worker, new MessageEvent('message', { data }));
  }
}

/** Each job's size: a quarter of what may be with the worker, so four jobs go at once. */
const SIZE = 2_500;

const TIMINGS: PoolLimits = { budgetMs: 50, startLimitMs: 80, idleMs: 100, replyMs: 130, liveFreeMs: 40, quickMs: 20, aheadSize: 10_000, aheadJobs: 32 };

/** A pool over fake workers made by `make` (default: ready at once); `workers`: every one it made. */
function poolOf(make: (n: number) => FakeWorker = () => new FakeWorker(0), timings = TIMINGS) {
  const workers: FakeWorker[] = [];
  let refusals = 0;
  const pool = new HighlightPool(
    () => {
      const worker = make(workers.length);
      workers.push(worker);
      return worker;
    },
    timings,
    () => refusals++,
  );
  const reply = {};
  const run = (code: string, job: Partial<Parameters<HighlightPool['run']>[1]> = {}) => pool.run({ code }, { reply, ...job }, SIZE);
  return { pool, workers, run, refusals: () => refusals };
}

const answered = (answer: unknown) => (typeof answer === 'object' ? (answer as { data: { nodes: string[] } }).data.nodes[0] : answer);

describe('the highlighter’s worker pool', () => {
  it('answers jobs in order on one worker', async () => {
    const { run, workers } = poolOf();
    const answers = await Promise.all(['1', '2', '3'].map((code) => run(code)));
    expect(answers.map(answered)).to.deep.equal(['1', '2', '3']);
    expect(workers.length).to.equal(1);
  });

  it('a job over its budget stops the worker and answers over-budget; the next job gets a new worker', async () => {
    const { run, workers } = poolOf();
    const [stuck, next] = await Promise.all([run('stuck'), run('1')]);
    expect([stuck, answered(next)]).to.deep.equal(['over-budget', '1']);
    expect(workers.map((worker) => worker.terminated)).to.deep.equal([true, false]);
  });

  it('a worker that dies during a job costs that job only (over budget), not the page’s highlighting', async () => {
    const { run, workers, refusals } = poolOf();
    const [dies, next] = await Promise.all([run('dies'), run('1')]);
    expect([dies, answered(next)]).to.deep.equal(['over-budget', '1']);
    expect(answered(await run('2'))).to.equal('2');
    expect(workers.length).to.equal(2);
    expect(refusals()).to.equal(0);
  });

  it('a worker that cannot start at all turns the pool off for good', async () => {
    const { run, workers, refusals } = poolOf(() => new FakeWorker(undefined, true));
    expect(await Promise.all([run('1'), run('2')])).to.deep.equal(['unavailable', 'unavailable']);
    expect(await run('3')).to.equal('unavailable');
    expect(workers.length).to.equal(1);
    expect(refusals()).to.equal(1);
    let made = 0;
    const throwing = new HighlightPool(() => {
      made++;
      throw new Error('no Worker here');
    }, TIMINGS);
    expect([await throwing.run({}, { reply: {} }, SIZE), await throwing.run({}, { reply: {} }, SIZE)]).to.deep.equal(['unavailable', 'unavailable']);
    expect(made).to.equal(1);
  });

  it('a worker slow to start fails only the jobs waiting for it: the next job starts a new one', async () => {
    const { run, workers, refusals } = poolOf((n) => new FakeWorker(n === 0 ? undefined : 0));
    expect(await run('1')).to.equal('unavailable');
    expect(workers[0].terminated).to.equal(true);
    expect(answered(await run('2'))).to.equal('2');
    expect(workers.length).to.equal(2);
    expect(refusals()).to.equal(0);
  });

  it('stops an idle worker after a while; a later job starts a new one', async () => {
    const { run, workers, pool } = poolOf();
    await run('1');
    await sleep(TIMINGS.idleMs / 2);
    expect(answered(await run('2'))).to.equal('2');
    await sleep(TIMINGS.idleMs / 2);
    expect(pool.hasWorker, 'kept while jobs come').to.equal(true);
    await sleep(TIMINGS.idleMs + 30);
    expect(workers[0].terminated).to.equal(true);
    expect(pool.hasWorker).to.equal(false);
    expect(answered(await run('3'))).to.equal('3');
    expect(workers.length).to.equal(2);
  });

  it('sends jobs ahead while they come back quick, and times each from when the worker could start it', async () => {
    const { run, workers } = poolOf(undefined, { ...TIMINGS, budgetMs: 160, replyMs: 10_000 });
    const first = Promise.all([run('1'), run('1')]);
    expect(workers[0].sent, 'one at a time until one came back quick').to.deep.equal(['1']);
    await first;
    const answers = Promise.all(['15', '150', '1', '1', '1'].map((code) => run(code)));
    expect(workers[0].sent.slice(2), 'then four at once (10,000 in all)').to.deep.equal(['15', '150', '1', '1']);
    // The 150 ms job runs after the 15 ms one (quick, so it is not handed back) and answers ~165 ms
    // after it was sent, within its budget of 200 only counted from when the worker could start it.
    expect((await answers).map(answered)).to.deep.equal(['15', '150', '1', '1', '1']);
    expect(workers.length).to.equal(1);
  });

  it('sends a job over the size alone, and one at a time again after a slow job', async () => {
    const { run, workers, pool } = poolOf();
    await run('1');
    const big = Promise.all([pool.run({ code: '2' }, { reply: {} }, 12_000), pool.run({ code: '3' }, { reply: {} }, 10)]);
    expect(workers[0].sent).to.deep.equal(['1', '2']);
    expect((await big).map(answered)).to.deep.equal(['2', '3']);
    const slowLast = Promise.all([run('1'), run('30')]);
    expect(workers[0].sent.slice(3), 'quick answers before: both at once').to.deep.equal(['1', '30']);
    await slowLast;
    const after = Promise.all([run('1'), run('1')]);
    expect(workers[0].sent.slice(5), 'after a job of 30 ms: one at a time').to.deep.equal(['1']);
    await after;
  });

  it('skips a job no longer wanted when its turn comes, without sending it', async () => {
    const { run, workers } = poolOf();
    let wanted = true;
    const answers = Promise.all([run('5'), run('1', { wanted: () => wanted }), run('2')]);
    wanted = false;
    expect((await answers).map(answered)).to.deep.equal(['5', 'skipped', '2']);
    expect(workers[0].sent).to.deep.equal(['5', '2']);
  });

  it('gives the jobs sent behind one that overran to the next worker, in their order', async () => {
    const { run, workers } = poolOf();
    await run('1');
    const answers = await Promise.all(['stuck', '2', '3', '4'].map((code) => run(code)));
    expect(answers.map(answered)).to.deep.equal(['over-budget', '2', '3', '4']);
    expect(workers.map((worker) => worker.ran)).to.deep.equal([
      ['1', 'stuck'],
      ['2', '3', '4'],
    ]);
    expect(workers[0].sent, 'sent ahead of the one that overran').to.deep.equal(['1', 'stuck', '2', '3', '4']);
  });

  it('a slow job sent ahead stops the jobs behind it: they are handed back and checked again, one at a time', async () => {
    const { run, workers } = poolOf(undefined, { ...TIMINGS, budgetMs: 200 });
    await run('1');
    // 60 ms each, under the budget: without the hand-back all four would run, 240 ms against the reply's 130.
    const answers = await Promise.all(['60', '60', '60', '60'].map((code) => run(code)));
    expect(answers.map(answered)).to.deep.equal(['60', '60', '60', 'skipped']);
    expect(workers[0].ran).to.deep.equal(['1', '60', '60', '60']);
    expect(workers[0].sent.length, 'four sent ahead, two of them again').to.equal(7);
  });

  it('gives the jobs of several replies back in the order they were sent, the overrunning reply last', async () => {
    const { pool, workers } = poolOf();
    const [a, b, c] = [{}, {}, {}];
    await pool.run({ code: '1' }, { reply: a }, SIZE);
    const order: string[] = [];
    const track = (code: string, reply: object) => pool.run({ code }, { reply }, SIZE).then((answer) => order.push(`${code}:${answered(answer)}`));
    await Promise.all([track('stuck', a), track('2', c), track('3', b), track('4', a)]);
    expect(workers[0].sent).to.deep.equal(['1', 'stuck', '2', '3', '4']);
    expect(order).to.deep.equal(['stuck:over-budget', '2:2', '3:3', '4:4']);
    expect(workers[1].ran).to.deep.equal(['2', '3', '4']);
  });

  it('keeps at most the given number of jobs with the worker', async () => {
    const { run, workers } = poolOf(undefined, { ...TIMINGS, aheadJobs: 3 });
    await run('1');
    const answers = Promise.all(['5', '5', '5', '5', '5'].map((code) => run(code)));
    expect(workers[0].sent.slice(1)).to.deep.equal(['5', '5', '5']);
    expect((await answers).map(answered)).to.deep.equal(['5', '5', '5', '5', '5']);
  });

  it('lets replies take turns, and gives one reply no more worker time than its share in all', async () => {
    const { pool, workers } = poolOf();
    const slow = {};
    const other = {};
    const order: string[] = [];
    const track = (code: string, reply: object) => pool.run({ code }, { reply }, SIZE).then((answer) => order.push(`${code}:${answered(answer)}`));
    const runs = [...['stuck', 'stuck', 'stuck', 'stuck', 'stuck'].map((code) => track(code, slow)), track('1', other), track('2', other)];
    await Promise.all(runs);
    // 50 ms each: the third starts at 100 ms (under 130), the fourth and fifth are skipped.
    expect(order).to.deep.equal(['stuck:over-budget', '1:1', 'stuck:over-budget', '2:2', 'stuck:over-budget', 'stuck:skipped', 'stuck:skipped']);
    expect(workers.flatMap((worker) => worker.ran).filter((code) => code === 'stuck').length).to.equal(3);
  });

  it('does not count a streaming block’s quick jobs in its reply’s time, but counts its slow ones', async () => {
    // Margins wide enough for a loaded machine: a late timer only makes a job look slower.
    const { run } = poolOf(undefined, { ...TIMINGS, budgetMs: 800, replyMs: 500, liveFreeMs: 200 });
    // Quick streaming jobs taking more than the reply's time together (110 × 5 ms or more).
    for (let i = 0; i < 110; i++) expect(answered(await run('5', { live: true }))).to.equal('5');
    expect(answered(await run('1'))).to.equal('1');
    expect(answered(await run('400', { live: true }))).to.equal('400');
    expect(answered(await run('100'))).to.equal('100');
    expect(await run('1')).to.equal('skipped');
  });
});
