import { expect } from '@open-wc/testing';
import HighlightWorker from '../../../src/render/highlight-worker.ts?worker&inline';

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
      const first = await ask(worker, { id: 1, code: 'const a = 1;', grammar: 'javascript' });
      expect(first.id).to.equal(1);
      expect(first.nodes).to.be.an('array').that.is.not.empty;
      expect(first.ms).to.be.a('number').and.to.be.at.least(0);
      // `ahead: 0`: any time the block before took is too long: handed back, not run.
      expect(await ask(worker, { id: 2, code: 'let b = 2;', grammar: 'javascript', ahead: 0 })).to.deep.equal({ id: 2, deferred: true });
      const third = await ask(worker, { id: 3, code: 'let c = 3;', grammar: 'javascript', ahead: 60_000 });
      expect(third.id).to.equal(3);
      expect(third.nodes).to.be.an('array').that.is.not.empty;
    } finally {
      worker.terminate();
    }
  });
});
