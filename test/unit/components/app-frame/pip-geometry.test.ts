import { expect } from '@open-wc/testing';
import { PIP_BIG_STEP, PIP_MARGIN, PIP_STEP, containerDimensions, defaultSpot, keyMove, moveSpot, pipRect, pipSize } from '../../../../src/components/app-frame/pip-geometry.js';
import type { BoxRect } from '../../../../src/components/app-frame/box-placement.js';

const desktop: BoxRect = { top: 60, left: 100, width: 900, height: 560 };
const phone: BoxRect = { top: 56, left: 0, width: 390, height: 640 };

function inside(rect: BoxRect, area: BoxRect): boolean {
  return rect.left >= area.left && rect.top >= area.top && rect.left + rect.width <= area.left + area.width && rect.top + rect.height <= area.top + area.height;
}

describe('pip geometry: the size of a floating app', () => {
  it('is half the area wide, between 220 and 400 px, about 4:3 below its bar, at most 60 % of the area high', () => {
    expect(pipSize(desktop)).to.deep.equal({ width: 400, height: 322 });
    expect(pipSize({ width: 600, height: 800 })).to.deep.equal({ width: 300, height: 261 });
  });

  it('is smaller on a phone, and never taller than 60 % of a low area', () => {
    const size = pipSize(phone);
    expect(size.width).to.equal(220);
    expect(size.width).to.be.below(phone.width - 2 * PIP_MARGIN);
    expect(pipSize({ width: 900, height: 400 }).height).to.equal(Math.round((400 - 2 * PIP_MARGIN) * 0.6));
  });

  it('never exceeds its area less the margins, however small', () => {
    for (const area of [
      { width: 180, height: 120 },
      { width: 100, height: 1000 },
      { width: 10, height: 4 },
      { width: 0, height: 0 },
    ]) {
      const size = pipSize(area);
      expect(size.width, `${area.width} wide`).to.be.at.most(Math.max(area.width - 2 * PIP_MARGIN, 0) + 0.5);
      expect(size.height, `${area.height} high`).to.be.at.most(Math.max(area.height - 2 * PIP_MARGIN, 0) + 0.5);
    }
  });
});

describe('pip geometry: where it floats', () => {
  it('starts at the bottom corner of the end side: right, or left in a right-to-left chat', () => {
    const ltr = pipRect(desktop, defaultSpot(false));
    expect(ltr.left + ltr.width).to.equal(desktop.left + desktop.width - PIP_MARGIN);
    expect(ltr.top + ltr.height).to.equal(desktop.top + desktop.height - PIP_MARGIN);
    const rtl = pipRect(desktop, defaultSpot(true));
    expect(rtl.left).to.equal(desktop.left + PIP_MARGIN);
    expect(rtl.top).to.equal(ltr.top);
  });

  it('keeps its corner when the area is resized, and stays inside it', () => {
    const spot = defaultSpot(false);
    const smaller: BoxRect = { top: 60, left: 100, width: 500, height: 300 };
    const rect = pipRect(smaller, spot);
    expect(rect.left + rect.width).to.equal(smaller.left + smaller.width - PIP_MARGIN);
    expect(rect.top + rect.height).to.equal(smaller.top + smaller.height - PIP_MARGIN);
    expect(inside(rect, smaller)).to.equal(true);
    // A spot in the middle stays in the middle.
    const middle = pipRect(desktop, { x: 0.5, y: 0.5 });
    expect(Math.abs(middle.left + middle.width / 2 - (desktop.left + desktop.width / 2))).to.be.at.most(1);
  });

  it('holds any spot, even one out of range, inside the area', () => {
    for (const spot of [
      { x: -3, y: 7 },
      { x: 2, y: -1 },
      { x: 0.3, y: 0.9 },
    ]) {
      expect(inside(pipRect(phone, spot), phone), JSON.stringify(spot)).to.equal(true);
    }
  });
});

describe('pip geometry: the person moves it', () => {
  it('by the pixels dragged', () => {
    const from = pipRect(desktop, { x: 0.5, y: 0.5 });
    const to = pipRect(desktop, moveSpot(desktop, { x: 0.5, y: 0.5 }, -50, 30));
    expect(to.left - from.left).to.be.within(-51, -49);
    expect(to.top - from.top).to.be.within(29, 31);
  });

  it('never past an edge: a move further stops at it', () => {
    let spot = defaultSpot(false);
    spot = moveSpot(desktop, spot, 5000, 5000);
    expect(spot).to.deep.equal({ x: 1, y: 1 });
    spot = moveSpot(desktop, spot, -5000, -5000);
    expect(spot).to.deep.equal({ x: 0, y: 0 });
    const rect = pipRect(desktop, spot);
    expect([rect.left, rect.top]).to.deep.equal([desktop.left + PIP_MARGIN, desktop.top + PIP_MARGIN]);
  });

  it('with the arrow keys, in steps (bigger with Shift), on screen whatever the direction', () => {
    expect(keyMove('ArrowLeft', false)).to.deep.equal([-PIP_STEP, 0]);
    expect(keyMove('ArrowRight', true)).to.deep.equal([PIP_BIG_STEP, 0]);
    expect(keyMove('ArrowUp', false)).to.deep.equal([0, -PIP_STEP]);
    expect(keyMove('ArrowDown', true)).to.deep.equal([0, PIP_BIG_STEP]);
    expect(keyMove('Enter', false)).to.equal(undefined);
    const from = pipRect(desktop, { x: 0.5, y: 0.5 });
    const to = pipRect(desktop, moveSpot(desktop, { x: 0.5, y: 0.5 }, ...keyMove('ArrowLeft', false)!));
    expect(from.left - to.left).to.be.within(PIP_STEP - 1, PIP_STEP + 1);
  });

  it('does not move along an axis with no room, and keeps its spot there', () => {
    const narrow = { width: 200, height: 600 };
    expect(moveSpot(narrow, { x: 0.4, y: 0.5 }, 30, 0).x).to.equal(0.4);
  });
});

describe('pip geometry: what the app is told of its container', () => {
  it('in its card, its width and the tallest it may grow; floating, its fixed size', () => {
    expect(containerDimensions('inline', { width: 612.4, height: 200 }, { width: 610, height: 160 }, 640)).to.deep.equal({ width: 612, maxHeight: 640 });
    expect(containerDimensions('fullscreen', { width: 900, height: 700 }, { width: 898, height: 660 }, 640)).to.deep.equal({ width: 898, height: 660 });
    expect(containerDimensions('pip', { width: 400, height: 336 }, { width: 398.2, height: 297.6 }, 640)).to.deep.equal({ width: 398, height: 298 });
  });
});
