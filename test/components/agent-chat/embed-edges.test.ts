/**
 * `mode="popup"` / `"sidebar"` at their edges: switching modes, presses outside against a page's own
 * toggle, input methods, a phone's whole screen, the top layer against hostile page layout, and an
 * MCP app in full screen inside the panel.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import '../../../src/agent-chat/agent-chat.js';
import { openStateKey } from '../../../src/agent-chat/embed-controller.js';
import { deepQuery, deleteDatabase, sendAndWait, settle, until } from '../helpers.js';
import { appFrame, clickInsideApp, command, mcpCallEndpoint, useProbeReports, waitForReport } from '../mcp-helpers.js';

const part = (el: AgentChat, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
function focused(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
async function settledBox(element: HTMLElement): Promise<DOMRect> {
  await Promise.all(element.getAnimations().map((animation) => animation.finished));
  return element.getBoundingClientRect();
}
let key = 0;
async function chatIn(markup: (storageKey: string) => string): Promise<AgentChat> {
  const storageKey = `embed-edges-${Date.now()}-${key++}`;
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  container.innerHTML = markup(storageKey);
  const el = container.querySelector('agent-chat') as AgentChat;
  await el.updateComplete;
  return el;
}

describe('mode changes', () => {
  it('inline → popup → inline keeps the same DOM, fires no open-change, stores nothing and leaves the keyboard where it is', async () => {
    const el = await chatIn((k) => `<agent-chat endpoint="/agui/basic" storage-key="${k}" style="height: 400px"></agent-chat>`);
    await sendAndWait(el, 'hello');
    const log = part(el, 'messages')!;
    const changes: unknown[] = [];
    el.addEventListener('agent-chat-open-change', (event) => changes.push(event.detail));
    const outside = document.createElement('button');
    outside.textContent = 'page button';
    document.body.append(outside);
    outside.focus();
    el.mode = 'popup';
    await el.updateComplete;
    expect(part(el, 'messages'), 'the same log').to.equal(log);
    expect(part(el, 'panel')!.hidden).to.equal(true);
    el.show();
    await until(() => focused()?.localName === 'textarea', 'opened, the composer has the keyboard');
    expect(part(el, 'messages')).to.equal(log);
    // Changing the mode while open: no event, nothing stored, the keyboard stays.
    outside.focus();
    const stored = localStorage.getItem(openStateKey(el.storageKey));
    el.mode = 'inline';
    await el.updateComplete;
    el.mode = 'sidebar';
    await el.updateComplete;
    await settle(el);
    expect(changes).to.deep.equal([{ open: true, reason: 'method' }]);
    expect(localStorage.getItem(openStateKey(el.storageKey))).to.equal(stored);
    expect(focused() === outside, 'the keyboard stayed on the page button').to.equal(true);
    // The log still follows the end as a reply streams in the panel.
    await sendAndWait(el, 'again');
    await until(() => log.scrollHeight - log.scrollTop - log.clientHeight < 4, 'the log follows its end');
    outside.remove();
    await deleteDatabase(el.storageKey);
  });

  it('a page rule giving every agent-chat a box does not give a popup room in the page', async () => {
    const style = document.createElement('style');
    style.textContent = 'agent-chat { display: block !important; height: 600px; border: 4px solid red; }';
    document.head.append(style);
    try {
      const el = await chatIn((k) => `<agent-chat mode="popup" endpoint="/agui/basic" storage-key="${k}"></agent-chat>`);
      const box = el.getBoundingClientRect();
      expect([box.width, box.height]).to.deep.equal([0, 0]);
    } finally {
      style.remove();
    }
  });
});

describe('presses, keys and the keyboard', () => {
  it('close-on-outside-click and a page button that calls toggle(): one press closes it, the next opens it', async () => {
    const el = await chatIn((k) => `<agent-chat mode="popup" close-on-outside-click endpoint="/agui/basic" storage-key="${k}"></agent-chat>`);
    const toggle = document.createElement('button');
    toggle.textContent = 'Chat';
    toggle.style.cssText = 'position: fixed; top: 10px; left: 10px; width: 80px; height: 30px';
    toggle.addEventListener('click', () => el.toggle());
    document.body.append(toggle);
    try {
      await sendMouse({ type: 'click', position: [50, 25] });
      await el.updateComplete;
      expect(el.open, 'the first press opens it').to.equal(true);
      await sendMouse({ type: 'click', position: [50, 25] });
      await el.updateComplete;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(el.open, 'the second press closes it (and the toggle does not reopen it)').to.equal(false);
      await sendMouse({ type: 'click', position: [50, 25] });
      await el.updateComplete;
      expect(el.open).to.equal(true);
    } finally {
      toggle.remove();
      await deleteDatabase(el.storageKey);
    }
  });

  it('Esc that ends an input method composition leaves the panel open; Esc on the launcher closes it', async () => {
    const el = await chatIn((k) => `<agent-chat mode="popup" endpoint="/agui/basic" storage-key="${k}"></agent-chat>`);
    el.show();
    await until(() => focused()?.localName === 'textarea', 'opened');
    focused()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', isComposing: true, bubbles: true, composed: true }));
    await el.updateComplete;
    expect(el.open).to.equal(true);
    part(el, 'launcher')!.focus();
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.open).to.equal(false);
    await deleteDatabase(el.storageKey);
  });

  it('a reply stopped while closed raises no badge', async () => {
    const el = await chatIn((k) => `<agent-chat mode="popup" endpoint="/agui/slow" storage-key="${k}"></agent-chat>`);
    el.show();
    await el.updateComplete;
    const ended = oneEvent(el, 'agent-chat-response-end');
    void el.send('go');
    el.hide();
    el.stop();
    expect((await ended).detail.status).to.equal('cancelled');
    await el.updateComplete;
    expect(part(el, 'badge')).to.equal(null);
    await deleteDatabase(el.storageKey);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 844, height: 390 },
  ]) {
    it(`on a phone (${viewport.width}×${viewport.height}) the whole-screen panel keeps Tab inside`, async () => {
      await setViewport(viewport);
      const page = document.createElement('a');
      page.href = '#behind';
      page.textContent = 'a link of the page';
      document.body.append(page);
      try {
        const el = await chatIn((k) => `<agent-chat mode="popup" heading="Help" endpoint="/agui/basic" storage-key="${k}"></agent-chat>`);
        el.show();
        await until(() => focused()?.localName === 'textarea', 'the composer has the keyboard');
        const box = await settledBox(part(el, 'panel')!);
        expect([box.width, box.height]).to.deep.equal([viewport.width, viewport.height]);
        for (let i = 0; i < 8; i++) {
          await sendKeys({ press: 'Tab' });
          expect(el.contains(document.activeElement) || document.activeElement === el, `Tab ${i + 1} stays in the chat`).to.equal(true);
        }
        await sendKeys({ down: 'Shift' });
        for (let i = 0; i < 8; i++) {
          await sendKeys({ press: 'Tab' });
          expect(document.activeElement === el, `Shift+Tab ${i + 1} stays in the chat`).to.equal(true);
          expect(focused(), 'never the hidden launcher').not.to.equal(part(el, 'launcher'));
        }
        await sendKeys({ up: 'Shift' });
        await deleteDatabase(el.storageKey);
      } finally {
        page.remove();
        await setViewport({ width: 800, height: 600 });
      }
    });
  }
});

describe('the top layer', () => {
  afterEach(() => setViewport({ width: 800, height: 600 }));

  it('stays at the viewport corner inside a transformed ancestor and above a page header with the highest z-index', async () => {
    await setViewport({ width: 1280, height: 800 });
    const header = document.createElement('header');
    header.style.cssText = 'position: fixed; inset: 0 0 auto 0; height: 800px; z-index: 2147483647; background: rgb(200 0 0 / 0.3)';
    document.body.append(header);
    try {
      const el = await chatIn(
        (k) => `<div style="transform: translateX(-200px); filter: blur(0); contain: paint; width: 300px; height: 300px">
          <agent-chat mode="popup" endpoint="/agui/basic" storage-key="${k}"></agent-chat></div>`,
      );
      el.show();
      await el.updateComplete;
      const panel = part(el, 'panel')!;
      expect(panel.matches(':popover-open')).to.equal(true);
      const box = await settledBox(panel);
      expect(Math.round(innerWidth - box.right)).to.equal(20);
      const launcher = part(el, 'launcher')!.getBoundingClientRect();
      expect(Math.round(innerHeight - launcher.bottom)).to.equal(20);
      // What is on top at the panel's middle is the chat, not the page's header.
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      expect(hit === el || el.contains(hit)).to.equal(true);
      el.hide();
      await el.updateComplete;
      expect(panel.matches(':popover-open')).to.equal(false);
      await deleteDatabase(el.storageKey);
    } finally {
      header.remove();
    }
  });

  it('puts the last opened of two popups on top', async () => {
    const first = await chatIn((k) => `<agent-chat mode="popup" endpoint="/agui/basic" storage-key="${k}"></agent-chat>`);
    const second = await chatIn((k) => `<agent-chat mode="popup" endpoint="/agui/basic" storage-key="${k}"></agent-chat>`);
    second.show();
    await second.updateComplete;
    first.show();
    await first.updateComplete;
    const box = await settledBox(part(first, 'panel')!);
    const hit = document.elementFromPoint(box.left + 50, box.top + 50);
    expect(hit).to.equal(first);
    await deleteDatabase(first.storageKey);
    await deleteDatabase(second.storageKey);
  });
});

describe('an MCP app in a popup', () => {
  const reports = useProbeReports();

  it('goes full screen over the panel, not over the element (which has no box)', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await chatIn((k) => `<agent-chat mode="popup" endpoint="${mcpCallEndpoint('show_probe')}" storage-key="${k}"></agent-chat>`);
    const server = document.createElement('agent-chat-mcp-server');
    server.setAttribute('name', 'probe');
    server.setAttribute('url', '/mcp/probe');
    el.append(server);
    el.show();
    await el.updateComplete;
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    const frame = appFrame(el)!;
    await clickInsideApp(el);
    command(el, { probe: 'mode', mode: 'fullscreen' });
    await waitForReport(reports, (r) => !!r.modeResult, 'the mode answer');
    const box = frame.shadowRoot!.querySelector<HTMLElement>('.box')!;
    await until(() => box.classList.contains('fullscreen'), 'full screen');
    const panel = await settledBox(part(el, 'panel')!);
    await until(() => Math.round(box.getBoundingClientRect().width) === Math.round(panel.width), 'as wide as the panel');
    const app = box.getBoundingClientRect();
    expect([Math.round(app.left), Math.round(app.top), Math.round(app.height)]).to.deep.equal([Math.round(panel.left), Math.round(panel.top), Math.round(panel.height)]);
    expect(deepQuery(el, 'textarea')).to.not.equal(undefined);
    await setViewport({ width: 800, height: 600 });
    await deleteDatabase(el.storageKey);
  });
});
