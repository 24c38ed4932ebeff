import { expect } from '@open-wc/testing';
import { LIVE_RECOLOUR_MS, liveRecolourWait } from '../../../src/render/highlight-pace.js';

describe('how often a streaming code block is coloured again', () => {
  it('colours a block at once the first time', () => {
    expect(liveRecolourWait('c', undefined, 1_000)).to.equal(0);
  });

  it('colours it again at once when a line has ended since the last colouring', () => {
    const last = { code: 'const a', at: 1_000 };
    expect(liveRecolourWait('const a = 1;\n', last, 1_001)).to.equal(0);
    expect(liveRecolourWait('const a = 1;\nconst b', last, 1_001)).to.equal(0);
    expect(liveRecolourWait('\n', { code: '', at: 1_000 }, 1_000)).to.equal(0);
  });

  it('otherwise waits until LIVE_RECOLOUR_MS after the last colouring: a long line still gets its colours', () => {
    const last = { code: 'const a', at: 1_000 };
    expect(liveRecolourWait('const a = 1', last, 1_000)).to.equal(LIVE_RECOLOUR_MS);
    expect(liveRecolourWait('const a = 1', last, 1_100)).to.equal(LIVE_RECOLOUR_MS - 100);
    expect(liveRecolourWait('const a = 1', last, 1_000 + LIVE_RECOLOUR_MS)).to.equal(0);
    expect(liveRecolourWait('const a = 1', last, 5_000)).to.equal(0);
  });

  it('does not count a line that had ended before the last colouring', () => {
    const last = { code: 'a = 1\nb = 2\n', at: 1_000 };
    expect(liveRecolourWait('a = 1\nb = 2\nc', last, 1_010)).to.equal(LIVE_RECOLOUR_MS - 10);
    expect(liveRecolourWait('a = 1\nb = 2\nc = 3\n', last, 1_010)).to.equal(0);
  });
});
