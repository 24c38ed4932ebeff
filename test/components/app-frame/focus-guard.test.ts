/**
 * The focus guard's verdict, which an app's full screen, popups and downloads rest on: the frame
 * holds the focus because the person pressed in it (or tabbed to it), and it has not left since.
 * Driven here in order, with real frames and the page's real focus: the press signal (which the
 * app document's bootstrap sends) and the focus that follows, in either order.
 */
import { expect } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { FocusGuard } from '../../../src/components/app-frame/focus-guard.js';
import { until } from '../helpers.js';

const host: ReactiveControllerHost = {
  addController: (_: ReactiveController) => {},
  removeController: () => {},
  requestUpdate: () => {},
  updateComplete: Promise.resolve(true),
};

function frameWithGuard(): { frame: HTMLIFrameElement; guard: FocusGuard } {
  const frame = document.createElement('iframe');
  frame.srcdoc = '<input aria-label="in the app">';
  document.body.append(frame);
  const guard = new FocusGuard(host, { frame: () => frame, holder: () => undefined, refocus: () => {}, stop: () => {} });
  guard.hostConnected();
  return { frame, guard };
}

describe('FocusGuard: the focus the person gave an app', function () {
  this.timeout(10_000);
  const made: { frame: HTMLIFrameElement; guard: FocusGuard }[] = [];
  let page: HTMLInputElement;

  beforeEach(() => {
    page = document.createElement('input');
    page.setAttribute('aria-label', 'on the page');
    document.body.append(page);
    page.focus();
  });

  afterEach(() => {
    for (const { frame, guard } of made.splice(0)) {
      guard.hostDisconnected();
      frame.remove();
    }
    page.remove();
  });

  const make = () => {
    const one = frameWithGuard();
    made.push(one);
    return one;
  };

  it('admits the focus a press in the app put there, and waits for it when the app’s message comes first', async () => {
    const { frame, guard } = make();
    expect(guard.admitted(), 'nothing pressed yet').to.equal(false);
    // The app's request is in the card before the page hears of the focus the click gave its frame.
    const waiting = guard.admission();
    expect(guard.admission(), 'one wait at a time').to.equal(waiting);
    setTimeout(() => {
      guard.signal('press');
      frame.focus();
    }, 150);
    expect(await waiting).to.equal(true);
    expect(guard.admitted()).to.equal(true);
  });

  it('does not admit focus the app took by itself, even while its frame still holds it', async () => {
    const { frame, guard } = make();
    frame.focus();
    const started = performance.now();
    expect(await guard.admission(), 'no press of the person’s').to.equal(false);
    expect(performance.now() - started, 'after waiting a moment for one').to.be.within(900, 3000);
    expect(guard.admitted()).to.equal(false);
  });

  it('ends the stay once the focus leaves, and once the person presses in another app', async () => {
    const first = make();
    const second = make();
    first.guard.signal('press');
    first.frame.focus();
    await until(() => first.guard.admitted(), 'admitted after the press');
    page.focus();
    await until(() => !first.guard.admitted(), 'the focus went back to the page');

    first.guard.signal('press');
    first.frame.focus();
    await until(() => first.guard.admitted(), 'admitted again');
    // The person presses in the other app; the first takes the focus back (a modal dialog, say).
    second.guard.signal('press');
    expect(first.guard.admitted(), 'a press elsewhere ends the first app’s stay').to.equal(false);
    second.frame.focus();
    first.frame.focus();
    expect(await first.guard.admission(), 'the click was in the other app').to.equal(false);
  });
});
