import { expect } from '@open-wc/testing';
import {
  FOCUS_GESTURE_MS,
  FocusRefusals,
  LATE_PRESS_MS,
  REFUSALS_IN_ALL,
  REFUSAL_SPAN_MS,
  personMovedFocus,
  pressExplainsRefusal,
} from '../../../../src/components/app-frame/focus-rules.js';

const none = -Infinity;

describe('personMovedFocus: when an app’s frame may hold the focus', () => {
  it('after the person’s press in the app, just before', () => {
    expect(personMovedFocus({ now: 1000, pressAt: 990, tabAt: none, pageInputAt: 500 })).to.equal('press');
    expect(personMovedFocus({ now: 990 + FOCUS_GESTURE_MS + 1, pressAt: 990, tabAt: none, pageInputAt: 500 })).to.equal(undefined);
  });

  it('not when the person pressed on the page after the press in the app (a click back in the composer)', () => {
    expect(personMovedFocus({ now: 1000, pressAt: 900, tabAt: none, pageInputAt: 950 })).to.equal(undefined);
  });

  it('after Tab on the page that left the page’s elements, while it is the last key', () => {
    expect(personMovedFocus({ now: 1000, pressAt: none, tabAt: 995, pageInputAt: 995 })).to.equal('tab');
    expect(personMovedFocus({ now: 1000, pressAt: none, tabAt: 900, pageInputAt: 950 }), 'a key after the Tab').to.equal(undefined);
    expect(personMovedFocus({ now: 995 + FOCUS_GESTURE_MS + 1, pressAt: none, tabAt: 995, pageInputAt: 995 })).to.equal(undefined);
  });

  it('never with no gesture at all, however the person typed on the page', () => {
    expect(personMovedFocus({ now: 1000, pressAt: none, tabAt: none, pageInputAt: 999 })).to.equal(undefined);
    expect(personMovedFocus({ now: 1000, pressAt: none, tabAt: none, pageInputAt: none })).to.equal(undefined);
  });
});

describe('pressExplainsRefusal: a press reported just after a refusal', () => {
  it('explains it when it comes soon and nothing was pressed on the page between', () => {
    expect(pressExplainsRefusal(1010, 1000, 500)).to.equal(true);
    expect(pressExplainsRefusal(1000 + LATE_PRESS_MS + 1, 1000, 500)).to.equal(false);
    expect(pressExplainsRefusal(1010, 1000, 1005)).to.equal(false);
    expect(pressExplainsRefusal(1010, none, 500), 'no refusal').to.equal(false);
  });
});

describe('FocusRefusals: when an app is paused', () => {
  it('pauses at the third refusal within the span, not when they are spread out', () => {
    const spread = new FocusRefusals();
    expect(spread.add(0)).to.equal(false);
    expect(spread.add(REFUSAL_SPAN_MS)).to.equal(false);
    expect(spread.add(REFUSAL_SPAN_MS * 2)).to.equal(false);
    const close = new FocusRefusals();
    expect(close.add(0)).to.equal(false);
    expect(close.add(100)).to.equal(false);
    expect(close.add(200)).to.equal(true);
  });

  it('pauses at the fifth refusal in all, however far apart: one every 2.6 s never makes three in the span', () => {
    expect(REFUSALS_IN_ALL).to.equal(5);
    const slow = new FocusRefusals();
    for (let grab = 0; grab < 4; grab++) expect(slow.add(grab * 2_600), `refusal ${grab + 1}`).to.equal(false);
    expect(slow.add(4 * 2_600), 'the fifth').to.equal(true);
    const hourly = new FocusRefusals();
    for (let grab = 0; grab < 4; grab++) hourly.add(grab * 3_600_000);
    expect(hourly.add(4 * 3_600_000), 'the fifth, an hour after the fourth').to.equal(true);
  });

  it('counts toward the total neither a forgiven refusal nor one from before a resume', () => {
    const refusals = new FocusRefusals();
    for (let grab = 0; grab < 4; grab++) refusals.add(grab * 10_000);
    refusals.forgiveLast();
    expect(refusals.add(40_000), 'four in all, one forgiven').to.equal(false);
    refusals.clear();
    for (let grab = 0; grab < 4; grab++) expect(refusals.add(100_000 + grab * 10_000)).to.equal(false);
    expect(refusals.add(140_000)).to.equal(true);
  });

  it('forgets a refusal the person’s press explained, and all of them on resume', () => {
    const refusals = new FocusRefusals();
    refusals.add(0);
    refusals.add(100);
    refusals.forgiveLast();
    expect(refusals.add(200)).to.equal(false);
    refusals.clear();
    expect(refusals.add(300)).to.equal(false);
    expect(refusals.add(400)).to.equal(false);
    expect(refusals.add(500)).to.equal(true);
  });
});
