import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { deepQuery, sendAndWait, settle, textOf, until } from '../helpers.js';
import { appFrame, appIframe, command, mcpCallEndpoint, probeChat, useProbeReports, waitForReport, type Report } from '../mcp-helpers.js';

const MARGIN = 12;

/** Two frames: what was placed has been drawn. */
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** Presses `key` with Shift held. */
async function shifted(key: string, times = 1): Promise<void> {
  await sendKeys({ down: 'Shift' });
  for (let i = 0; i < times; i++) await sendKeys({ press: key });
  await sendKeys({ up: 'Shift' });
}

function box(el: AgentChat): HTMLElement {
  return appFrame(el)!.shadowRoot!.querySelector<HTMLElement>('.box')!;
}

function control(el: AgentChat, part: string): HTMLButtonElement {
  return appFrame(el)!.shadowRoot!.querySelector<HTMLButtonElement>(`[part="${part}"]`)!;
}

/** The element holding the keyboard, looking into the app frame's shadow root. */
function focused(el: AgentChat): Element | null {
  return appFrame(el)!.shadowRoot!.activeElement;
}

function rects(el: AgentChat) {
  return {
    pip: box(el).getBoundingClientRect(),
    chat: el.getBoundingClientRect(),
    log: el.shadowRoot!.querySelector('.messages')!.getBoundingClientRect(),
    input: deepQuery(el, '[part="input"]')!.getBoundingClientRect(),
  };
}

function within(inner: DOMRect, outer: DOMRect): boolean {
  return inner.left >= outer.left - 0.5 && inner.top >= outer.top - 0.5 && inner.right <= outer.right + 0.5 && inner.bottom <= outer.bottom + 0.5;
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The host-context-changed notifications the probe app received. */
function contextChanges(reports: Report[]): Record<string, any>[] {
  return reports.filter((r) => r.received === 'ui/notifications/host-context-changed').map((r) => r.params);
}

describe('MCP Apps: picture-in-picture, a frame floating over the conversation', function () {
  this.timeout(30_000);
  const reports = useProbeReports();
  afterEach(() => resetMouse());

  async function readyProbe(setup?: (el: AgentChat) => void): Promise<AgentChat> {
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    setup?.(el);
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    return el;
  }

  /** Presses the card's Keep in view from the keyboard, as a person would. */
  async function keepInView(el: AgentChat): Promise<void> {
    const button = appFrame(el)!.shadowRoot!.querySelector<HTMLButtonElement>('.toolbar .to-pip')!;
    expect(textOf(button)).to.equal('Keep in view');
    button.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => box(el).classList.contains('pip') && !!box(el).style.top, 'floating');
    await frames();
  }

  it('floats inside the chat, over the conversation, above the composer, at the bottom of the end side; the app is told its mode and size', async () => {
    const el = await readyProbe();
    const iframe = appIframe(el)!;
    await keepInView(el);
    const { pip, chat, log, input } = rects(el);
    expect(within(pip, chat), 'inside the chat').to.equal(true);
    expect(within(pip, log), 'over the conversation only').to.equal(true);
    expect(overlaps(pip, input), 'the composer’s text area stays free').to.equal(false);
    expect(log.right - MARGIN - pip.right).to.be.within(-1, 1);
    expect(log.bottom - MARGIN - pip.bottom).to.be.within(-1, 1);
    expect(pip.width).to.be.within(220, 400);
    expect(getComputedStyle(box(el)).position).to.equal('fixed');
    // The card says where its app went; the keyboard moved to the handle of the frame it opened.
    expect(textOf(appFrame(el)!.shadowRoot!.querySelector('.note') ?? undefined)).to.contain('floats over the conversation');
    expect(focused(el)).to.equal(control(el, 'app-pip-handle'));
    // The same live app: told its mode, then the size of its part of the frame.
    expect(appIframe(el)).to.equal(iframe);
    await until(() => contextChanges(reports).some((p) => p.displayMode === 'pip'), 'the mode told');
    await until(() => contextChanges(reports).some((p) => p.containerDimensions?.height), 'the size told');
    const told = contextChanges(reports).find((p) => p.containerDimensions?.height)!.containerDimensions;
    const frame = iframe.getBoundingClientRect();
    expect(told.width).to.be.within(frame.width - 1, frame.width + 1);
    expect(told.height).to.be.within(frame.height - 1, frame.height + 1);
    expect(told).to.not.have.property('maxHeight');
    command(el, { probe: 'call', name: 'counted', arguments: { n: 4 } });
    await until(() => reports.some((r) => r.callResult?.content?.[0]?.text === 'counted 4'), 'a call from the floating app');
    await expect(el).to.be.accessible();
  });

  it('moves when its bar is dragged, the composer keeping the keyboard, and stops at the conversation’s edges', async () => {
    const el = await readyProbe();
    await keepInView(el);
    const input = deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!;
    input.focus();
    const before = rects(el).pip;
    const source = control(el, 'app-pip-handle').closest('.toolbar')!.querySelector('[part="app-source"]')!.getBoundingClientRect();
    const [x, y] = [Math.round(source.left + 10), Math.round(source.top + source.height / 2)];
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x - 60, y - 40] });
    await sendMouse({ type: 'move', position: [x - 120, y - 90] });
    await frames();
    expect(box(el).classList.contains('dragging'), 'the app lets the pointer through while dragged').to.equal(true);
    await sendMouse({ type: 'up' });
    await frames();
    const moved = rects(el).pip;
    expect(moved.left - before.left).to.be.within(-121, -119);
    expect(moved.top - before.top).to.be.within(-91, -89);
    expect(box(el).classList.contains('dragging')).to.equal(false);
    expect(el.shadowRoot!.activeElement, 'the composer kept the keyboard').to.equal(deepQuery(el, 'agent-chat-composer'));
    // Dragged far past the top-left corner of the conversation: it stops inside it.
    const bar = rects(el).pip;
    await sendMouse({ type: 'move', position: [Math.round(bar.left + 100), Math.round(bar.top + 10)] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [2, 2] });
    await sendMouse({ type: 'up' });
    await frames();
    const { pip, log } = rects(el);
    expect(pip.left - (log.left + MARGIN)).to.be.within(-1, 1);
    expect(pip.top - (log.top + MARGIN)).to.be.within(-1, 1);
    expect(within(pip, rects(el).chat)).to.equal(true);
  });

  it('moves with the arrow keys on its handle, in steps, further with Shift, held at the edges', async () => {
    const el = await readyProbe();
    await keepInView(el);
    expect(focused(el)).to.equal(control(el, 'app-pip-handle'));
    const start = rects(el).pip;
    await sendKeys({ press: 'ArrowLeft' });
    await frames();
    expect(start.left - rects(el).pip.left).to.be.within(15, 17);
    await shifted('ArrowUp');
    await frames();
    expect(start.top - rects(el).pip.top).to.be.within(79, 81);
    // Already at the end side and the bottom: further that way it stays.
    await shifted('ArrowRight', 4);
    await shifted('ArrowDown', 4);
    await frames();
    let { pip, log } = rects(el);
    expect(log.right - MARGIN - pip.right).to.be.within(-1, 1);
    expect(log.bottom - MARGIN - pip.bottom).to.be.within(-1, 1);
    await shifted('ArrowLeft', 20);
    await shifted('ArrowUp', 20);
    await frames();
    ({ pip, log } = rects(el));
    expect(pip.left - (log.left + MARGIN)).to.be.within(-1, 1);
    expect(pip.top - (log.top + MARGIN)).to.be.within(-1, 1);
    expect(focused(el), 'the handle keeps the keyboard').to.equal(control(el, 'app-pip-handle'));
  });

  it('its close button puts the app back into its card, still running, and tells the app its mode and container', async () => {
    const el = await readyProbe();
    const iframe = appIframe(el)!;
    await keepInView(el);
    const close = control(el, 'app-pip-close');
    expect(close.getAttribute('aria-label')).to.equal('Close the floating view');
    const rect = close.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
    await until(() => !box(el).classList.contains('pip'), 'back in the card');
    await frames();
    expect(box(el).getAttribute('style')).to.equal('');
    expect(getComputedStyle(box(el)).position).to.not.equal('fixed');
    const card = deepQuery(el, 'agent-chat-tool-card')!.getBoundingClientRect();
    expect(within(box(el).getBoundingClientRect(), card), 'inside its card again').to.equal(true);
    expect(appFrame(el)!.shadowRoot!.querySelector('.note'), 'the card no longer says it floats').to.equal(null);
    // The keyboard goes to the button that floats it again.
    expect(focused(el)).to.equal(appFrame(el)!.shadowRoot!.querySelector('.to-pip'));
    await until(() => contextChanges(reports).filter((p) => p.displayMode).length === 2, 'the mode told');
    expect(contextChanges(reports).flatMap((p) => (p.displayMode ? [p.displayMode] : []))).to.deep.equal(['pip', 'inline']);
    await until(() => contextChanges(reports).some((p) => p.containerDimensions?.maxHeight), 'the card’s container told');
    expect(
      contextChanges(reports)
        .filter((p) => p.containerDimensions)
        .pop()!.containerDimensions.maxHeight,
    ).to.equal(640);
    expect(appIframe(el), 'the same live app').to.equal(iframe);
    command(el, { probe: 'call', name: 'counted', arguments: { n: 7 } });
    await until(() => reports.some((r) => r.callResult?.content?.[0]?.text === 'counted 7'), 'a call from the app in its card');
  });

  it('folding its card while it floats puts the app back into the card, folded with it, still running', async () => {
    const el = await readyProbe();
    const iframe = appIframe(el)!;
    await keepInView(el);
    deepQuery<HTMLButtonElement>(el, '[part="tool-card-header"]')!.click();
    await until(() => !box(el).classList.contains('pip'), 'back in the card');
    await frames();
    expect(iframe.getClientRects().length, 'folded with its card').to.equal(0);
    await until(() => contextChanges(reports).filter((p) => p.displayMode).length === 2, 'the mode told');
    deepQuery<HTMLButtonElement>(el, '[part="tool-card-header"]')!.click();
    await frames();
    expect(iframe.getClientRects().length, 'shown again in its card').to.be.greaterThan(0);
    expect(appIframe(el), 'the same live app').to.equal(iframe);
  });

  it('Tab reaches its handle, Back and Close, each named; Esc there and Back put it into its card', async () => {
    const el = await readyProbe();
    await keepInView(el);
    // From the card's header, the keyboard's way goes through the floating frame's controls.
    deepQuery<HTMLButtonElement>(el, '[part="tool-card-header"]')!.focus();
    const handle = control(el, 'app-pip-handle');
    for (let i = 0; i < 8 && focused(el) !== handle; i++) await sendKeys({ press: 'Tab' });
    expect(focused(el), 'Tab reached the handle').to.equal(handle);
    expect(handle.getAttribute('aria-label')).to.equal('Move the app');
    expect(textOf(appFrame(el)!.shadowRoot!.getElementById(handle.getAttribute('aria-describedby')!)!)).to.contain('arrow keys');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal(control(el, 'app-pip-back'));
    expect(control(el, 'app-pip-back').getAttribute('aria-label')).to.equal('Back into the conversation');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal(control(el, 'app-pip-close'));
    expect(box(el).getAttribute('role')).to.equal('group');
    expect(box(el).getAttribute('aria-label')).to.equal(appIframe(el)!.title);
    expect(appIframe(el)!.title).to.not.equal('');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await until(() => !box(el).classList.contains('pip'), 'Esc put it back');
    await until(() => focused(el) === appFrame(el)!.shadowRoot!.querySelector('.to-pip'), 'the keyboard on Keep in view');
    await keepInView(el);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await until(() => !box(el).classList.contains('pip'), 'Back put it back');
    await until(() => contextChanges(reports).filter((p) => p.displayMode).length === 4, 'each mode told');
  });

  it('in a right-to-left chat it starts at the bottom of the left side', async () => {
    const el = await readyProbe((chat) => chat.setAttribute('dir', 'rtl'));
    await keepInView(el);
    const { pip, log, input } = rects(el);
    expect(pip.left - (log.left + MARGIN)).to.be.within(-1, 1);
    expect(log.bottom - MARGIN - pip.bottom).to.be.within(-1, 1);
    expect(overlaps(pip, input)).to.equal(false);
  });

  it('on a phone it is smaller, inside the chat, clear of the composer, and stays inside when the chat is resized', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      const el = await readyProbe((chat) => (chat.style.cssText = 'display: block; width: 390px; height: 760px'));
      await keepInView(el);
      let { pip, chat, log, input } = rects(el);
      expect(pip.width, 'small').to.be.at.most(240);
      expect(pip.width).to.be.at.least(200);
      expect(pip.height).to.be.within(150, 260);
      expect(within(pip, chat)).to.equal(true);
      expect(within(pip, log)).to.equal(true);
      expect(overlaps(pip, input)).to.equal(false);
      expect(log.height - pip.height, 'the conversation stays readable').to.be.greaterThan(150);
      // Moved to the top, then the chat gets lower (the on-screen keyboard, a resize): still inside, clear of the composer.
      await shifted('ArrowUp', 12);
      el.style.height = '420px';
      await settle(el);
      await frames();
      ({ pip, chat, log, input } = rects(el));
      expect(within(pip, log), 'inside after the resize').to.equal(true);
      expect(overlaps(pip, input)).to.equal(false);
      expect(pip.top - (log.top + MARGIN), 'still at the top').to.be.within(-1, 1);
      await setViewport({ width: 320, height: 568 });
      el.style.width = '320px';
      await settle(el);
      await frames();
      ({ pip, log } = rects(el));
      expect(within(pip, log), 'inside on a narrower phone').to.equal(true);
      await expect(el).to.be.accessible();
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });
});
