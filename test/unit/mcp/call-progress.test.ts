import { expect } from '@open-wc/testing';
import { CallProgressBoard } from '../../../src/mcp/call-progress.js';

describe('CallProgressBoard', () => {
  it('keeps each running call’s latest progress, tells its watchers, and forgets it when it ends', () => {
    const board = new CallProgressBoard();
    const heard: string[] = [];
    const stop = board.watch('a', () => heard.push(JSON.stringify(board.get('a') ?? null)));
    board.report('a', { progress: 1 });
    expect(heard, 'nothing before the call begins').to.deep.equal([]);
    let cancelled = 0;
    board.begin('a', () => cancelled++);
    board.report('a', { progress: 2, total: 5, message: 'two' });
    board.report('b', { progress: 9 });
    board.cancel('a');
    board.end('a');
    board.cancel('a');
    expect(heard).to.deep.equal(['{}', '{"progress":2,"total":5,"message":"two"}', 'null']);
    expect(cancelled).to.equal(1);
    stop();
    board.begin('a', () => undefined);
    expect(heard).to.have.length(3);
  });
});
