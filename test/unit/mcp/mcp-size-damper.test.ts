import { expect } from '@open-wc/testing';
import { SizeDamper } from '../../../src/mcp/size-damper.js';

describe('SizeDamper', () => {
  it('clamps heights to [min, max] and rounds them', () => {
    const damper = new SizeDamper({ min: 50, max: 600 });
    expect(damper.next(10, 0)).to.equal(50);
    expect(damper.next(5000, 1000)).to.equal(600);
    expect(damper.next(300.6, 2000)).to.equal(301);
    expect(damper.next(Number.NaN, 3000)).to.equal(undefined);
    expect(damper.next(Number.POSITIVE_INFINITY, 4000)).to.equal(undefined);
  });

  it('leaves the frame when a clamped height is the one already applied', () => {
    const damper = new SizeDamper({ min: 50, max: 600 });
    expect(damper.next(900, 0)).to.equal(600);
    expect(damper.next(1200, 1000)).to.equal(undefined);
    expect(damper.next(0, 2000)).to.equal(50);
    expect(damper.next(-10, 3000)).to.equal(undefined);
  });

  it('ignores changes below 2 px', () => {
    const damper = new SizeDamper({ max: 1000 });
    expect(damper.next(200, 0)).to.equal(200);
    expect(damper.next(201, 1000)).to.equal(undefined);
    expect(damper.next(199, 2000)).to.equal(undefined);
    expect(damper.next(201.4, 3000)).to.equal(undefined);
    expect(damper.next(202, 4000)).to.equal(202);
  });

  it('applies a normal growth sequence, however quick', () => {
    const damper = new SizeDamper({ max: 2000, windowMs: 500 });
    const heights = [100, 150, 220, 300, 420, 600, 580, 800];
    heights.forEach((height, i) => void expect(damper.next(height, i * 16), `${height}`).to.equal(height));
  });

  it('stops an A, B, A, B… oscillation after a few flips and settles on the larger height', () => {
    const damper = new SizeDamper({ max: 2000, windowMs: 500 });
    const applied: (number | undefined)[] = [];
    let t = 0;
    for (let i = 0; i < 12; i++, t += 20) applied.push(damper.next(i % 2 === 0 ? 300 : 400, t));
    // The first reports are applied, then it stops following.
    expect(applied.slice(0, 2)).to.deep.equal([300, 400]);
    const frame = applied.reduce<number | undefined>((last, h) => h ?? last, undefined);
    expect(frame).to.equal(400);
    const firstIgnored = applied.indexOf(undefined);
    expect(firstIgnored).to.be.within(2, 6);
    expect(
      applied.slice(firstIgnored).every((h) => h === undefined),
      JSON.stringify(applied),
    ).to.equal(true);
  });

  it('settles on the larger height whichever of the two comes last', () => {
    const damper = new SizeDamper({ max: 2000, windowMs: 500 });
    const applied: (number | undefined)[] = [];
    let t = 0;
    for (let i = 0; i < 11; i++, t += 20) applied.push(damper.next(i % 2 === 0 ? 400 : 300, t));
    const frame = applied.reduce<number | undefined>((last, h) => h ?? last, undefined);
    expect(frame, JSON.stringify(applied)).to.equal(400);
    expect(
      applied.slice(-5).every((h) => h === undefined),
      JSON.stringify(applied),
    ).to.equal(true);
  });

  it('applies new heights again once the window has passed', () => {
    const damper = new SizeDamper({ max: 2000, windowMs: 500 });
    let t = 0;
    let frame: number | undefined;
    for (let i = 0; i < 10; i++, t += 20) frame = damper.next(i % 2 === 0 ? 300 : 400, t) ?? frame;
    expect(frame).to.equal(400);
    // Still held inside the window, even for a new height.
    expect(damper.next(700, t)).to.equal(undefined);
    // After it, a smaller and then a different height apply.
    expect(damper.next(300, t + 1000)).to.equal(300);
    expect(damper.next(700, t + 2000)).to.equal(700);
  });

  it('does not count slow alternation as oscillation', () => {
    const damper = new SizeDamper({ max: 2000, windowMs: 500 });
    for (let i = 0; i < 10; i++) {
      const height = i % 2 === 0 ? 300 : 400;
      expect(damper.next(height, i * 600), `${i}`).to.equal(height);
    }
  });

  it('forgets an earlier oscillation once the height moves on', () => {
    const damper = new SizeDamper({ max: 2000, windowMs: 500 });
    const applied = [100, 200, 100, 200, 300, 400, 300, 500].map((height, i) => damper.next(height, i * 10));
    expect(applied.filter((h) => h !== undefined)).to.include(500);
  });
});
