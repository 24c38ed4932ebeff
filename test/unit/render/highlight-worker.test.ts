import { expect } from '@open-wc/testing';
import HighlightWorker from '../../../src/render/highlight-worker.ts?worker&inline';
import { HighlightPool } from '../../../src/render/highlight-pool.js';

/** Sends `message` to `worker` and resolves with its answer (its start-up's `'ready'` aside). */
function ask(worker: Worker, message: object): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    worker.onmessage = ({ data }) => data !== 'ready' && resolve(data);
    worker.postMessage(message);
  });
}

describe('the highlighter’s worker', () => {
  it('says how long each block took by its own clock, and hands back unrun a block sent ahead of a slow one', async () => {
    const worker = new HighlightWorker();
    try {
      // A block long enough to take a measurable time.
      const code = Array.from({ length: 300 }, (_, i) => `const value${i} = compute(${i}, 'text', [1, 2, 3]); // line ${i}`).join('\n');
      const first = await ask(worker, { id: 1, code, grammar: 'javascript' });
      expect(first.id).to.equal(1);
      expect(first.nodes).to.be.an('array').that.is.not.empty;
      expect(first.ms).to.be.a('number').and.to.be.above(0);
      // Sent ahead with the time the block before took as the limit: handed back, not run; and a
      // block handed back leaves that time as it was, so the next one sent so is handed back too.
      const ahead = first.ms as number;
      expect(await ask(worker, { id: 2, code: 'let b = 2;', grammar: 'javascript', ahead })).to.deep.equal({ id: 2, deferred: true });
      expect(await ask(worker, { id: 3, code: 'let b = 2;', grammar: 'javascript', ahead })).to.deep.equal({ id: 3, deferred: true });
      const later = await ask(worker, { id: 4, code: 'let c = 3;', grammar: 'javascript', ahead: 60_000 });
      expect(later.id).to.equal(4);
      expect(later.nodes).to.be.an('array').that.is.not.empty;
    } finally {
      worker.terminate();
    }
  });
});

describe('the highlighter’s pool on its real worker', () => {
  it('does not count a quick block over its budget when the page was too busy to take its answer in time', async () => {
    const pool = new HighlightPool(() => new HighlightWorker(), {
      budgetMs: 100,
      startLimitMs: 10_000,
      idleMs: 10_000,
      replyMs: 10_000,
      liveFreeMs: 0,
      quickMs: 20,
      aheadSize: 10_000,
      aheadJobs: 32,
    });
    // A first block, so that the worker has started and is warm.
    expect(typeof (await pool.run({ code: 'let a = 1;', grammar: 'javascript' }, { reply: {} }, 10))).to.equal('object');
    const answer = pool.run({ code: 'let b = 2;', grammar: 'javascript' }, { reply: {} }, 10);
    // The page is busy for twice the budget: the answer and the budget's timer are both due when it is free.
    const until = performance.now() + 200;
    while (performance.now() < until);
    expect(typeof (await answer), 'answered, not over-budget').to.equal('object');
  });
});
