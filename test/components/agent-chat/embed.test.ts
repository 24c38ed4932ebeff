import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import '../../../src/agent-chat/agent-chat.js';
import { openStateKey } from '../../../src/agent-chat/embed-controller.js';
import type { AgentChatOpenChangeDetail } from '../../../src/events.js';
import { deepQuery, deleteDatabase, settle, textOf, until } from '../helpers.js';

const part = (el: AgentChat, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const launcher = (el: AgentChat) => part(el, 'launcher')!;
const panel = (el: AgentChat) => part(el, 'panel');
/** The panel's box once its opening transition is over. */
async function panelBox(el: AgentChat): Promise<DOMRect> {
  await Promise.all(
    panel(el)!
      .getAnimations()
      .map((animation) => animation.finished),
  );
  return panel(el)!.getBoundingClientRect();
}
/** The element the keyboard is on, through shadow roots. */
function focused(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
const openChange = (el: AgentChat) => oneEvent(el, 'agent-chat-open-change') as Promise<CustomEvent<AgentChatOpenChangeDetail>>;
/** Modules the page has fetched whose path contains `name` (the test server serves each source file). */
const fetched = (name: string) => performance.getEntriesByType('resource').filter((entry) => entry.name.includes(name)).length;
async function clickCenter(target: Element) {
  const rect = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
}
let key = 0;
/** A popup with a storage key of its own, so no test sees another's remembered state. */
async function popup(endpoint = '/agui/basic', attrs = '') {
  const storageKey = `embed-test-${Date.now()}-${key++}`;
  localStorage.removeItem(openStateKey(storageKey));
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  container.innerHTML = `<agent-chat mode="popup" endpoint="${endpoint}" heading="Help" storage-key="${storageKey}" ${attrs}></agent-chat>`;
  const el = container.querySelector('agent-chat') as AgentChat;
  await el.updateComplete;
  return el;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  describe(`mode="popup" at ${viewport.width}×${viewport.height}`, () => {
    before(() => setViewport(viewport));
    after(() => setViewport({ width: 800, height: 600 }));

    it('draws only the launcher until first opened: no panel, no storage, no adapter, no markdown renderer', async () => {
      const el = await popup();
      const storageKey = el.storageKey;
      expect(panel(el)).to.equal(null);
      expect(el.shadowRoot!.querySelector('agent-chat-composer')).to.equal(null);
      expect(launcher(el).getAttribute('aria-label')).to.equal('Open chat');
      expect(launcher(el).getAttribute('aria-expanded')).to.equal('false');
      expect(launcher(el).hasAttribute('aria-controls')).to.equal(false);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const databases = (await indexedDB.databases()).map((database) => database.name);
      expect(databases).not.to.include(storageKey);
      // Modules load once per page: the first popup of this file shows they wait for the opening.
      const firstPopup = fetched('thread-keeper') === 0;
      if (firstPopup) expect(fetched('protocol/ag-ui/')).to.equal(0);
      await expect(el).to.be.accessible();

      const opened = openChange(el);
      await clickCenter(launcher(el));
      expect((await opened).detail).to.deep.equal({ open: true, reason: 'launcher' });
      expect(el.open).to.equal(true);
      expect(el.hasAttribute('open')).to.equal(true);
      await until(() => focused()?.localName === 'textarea', 'the composer has the keyboard');
      if (firstPopup) {
        await until(() => fetched('thread-keeper') > 0, 'storage loads once opened');
        await until(() => fetched('protocol/ag-ui/') > 0, 'the adapter loads once opened');
      }
      await el.updateComplete;
      expect(launcher(el).getAttribute('aria-controls')).to.equal('panel');
      expect(panel(el)!.getAttribute('role')).to.equal('dialog');
      expect(panel(el)!.getAttribute('aria-label')).to.equal('Help');
      await until(() => !!part(el, 'threads-button'), 'storage opened');
      await panelBox(el);
      await expect(el).to.be.accessible();
      await deleteDatabase(storageKey);
    });

    it('Esc and the close button close the panel and give the keyboard back to the launcher', async () => {
      const el = await popup();
      el.show();
      await until(() => focused()?.localName === 'textarea', 'opened');
      let change = openChange(el);
      await sendKeys({ press: 'Escape' });
      expect((await change).detail).to.deep.equal({ open: false, reason: 'escape' });
      expect(panel(el)!.hidden).to.equal(true);
      expect(getComputedStyle(panel(el)!).display).to.equal('none');
      await until(() => focused() === launcher(el), 'the launcher has the keyboard');

      change = openChange(el);
      await sendKeys({ press: 'Enter' });
      expect((await change).detail).to.deep.equal({ open: true, reason: 'launcher' });
      await until(() => focused()?.localName === 'textarea', 'the composer has the keyboard again');
      change = openChange(el);
      await clickCenter(part(el, 'close-button')!);
      expect((await change).detail).to.deep.equal({ open: false, reason: 'close-button' });
      await until(() => focused() === launcher(el), 'back on the launcher');
      await deleteDatabase(el.storageKey);
    });

    it('show(), hide(), toggle() and the open property change it with reason "method"', async () => {
      const el = await popup();
      const reasons: string[] = [];
      el.addEventListener('agent-chat-open-change', (event) => reasons.push(`${event.detail.open}:${event.detail.reason}`));
      el.show();
      await el.updateComplete;
      el.show();
      el.toggle();
      await el.updateComplete;
      el.open = true;
      await el.updateComplete;
      el.hide();
      await el.updateComplete;
      await settle(el);
      expect(reasons).to.deep.equal(['true:method', 'false:method', 'true:method', 'false:method']);
      expect(el.hasAttribute('open')).to.equal(false);
      await deleteDatabase(el.storageKey);
    });

    it('counts replies that finish while closed on a badge, says so politely, and clears it when opened', async function () {
      // The slow reply streams for 8 s, longer on a loaded machine.
      this.timeout(30_000);
      const el = await popup('/agui/slow');
      el.show();
      await el.updateComplete;
      const ended = oneEvent(el, 'agent-chat-response-end');
      void el.send('go');
      el.hide();
      await ended;
      await el.updateComplete;
      const badge = part(el, 'badge')!;
      expect(badge.textContent!.trim()).to.equal('1');
      expect(badge.getAttribute('aria-hidden')).to.equal('true');
      const status = el.shadowRoot!.querySelector('[role="status"]')!;
      expect(textOf(status)).to.equal('1 unread reply');
      await expect(el).to.be.accessible();
      el.show();
      await el.updateComplete;
      expect(part(el, 'badge')).to.equal(null);
      expect(textOf(el.shadowRoot!.querySelector('[role="status"]')!)).to.equal('');
      await deleteDatabase(el.storageKey);
    });

    it('sends from a closed popup (send()) without opening it, and the reply raises the badge', async () => {
      const el = await popup();
      const ended = oneEvent(el, 'agent-chat-response-end');
      expect(await el.send('hello')).to.be.a('string');
      expect((await ended).detail.status).to.equal('done');
      await el.updateComplete;
      expect(el.open).to.equal(false);
      expect(part(el, 'badge')!.textContent!.trim()).to.equal('1');
      el.show();
      await settle(el);
      expect(textOf(deepQuery(el, '[part~="assistant-message"]'))).to.contain('Hello world!');
      await deleteDatabase(el.storageKey);
    });
  });
}

describe('mode="popup": the rest of its behaviour', () => {
  it('remembers whether it was open per storage-key (not with storage="none")', async () => {
    const el = await popup();
    const storageKey = el.storageKey;
    el.show();
    await el.updateComplete;
    expect(localStorage.getItem(openStateKey(storageKey))).to.equal('open');
    el.remove();
    const again = await fixture<AgentChat>(html`<agent-chat mode="popup" endpoint="/agui/basic" storage-key=${storageKey}></agent-chat>`);
    expect(again.open).to.equal(true);
    expect(panel(again)!.hidden).to.equal(false);
    // Restored on load, the panel does not take the keyboard.
    expect(focused()?.localName).not.to.equal('textarea');
    again.hide();
    await again.updateComplete;
    expect(localStorage.getItem(openStateKey(storageKey))).to.equal('closed');
    again.remove();
    const closed = await fixture<AgentChat>(html`<agent-chat mode="popup" open endpoint="/agui/basic" storage-key=${storageKey}></agent-chat>`);
    expect(closed.open, 'the person closed it: that wins over the attribute').to.equal(false);
    const other = await fixture<AgentChat>(html`<agent-chat mode="popup" endpoint="/agui/basic" storage-key="${storageKey}-other"></agent-chat>`);
    expect(other.open).to.equal(false);

    const unkept = await fixture<AgentChat>(html`<agent-chat mode="popup" storage="none" endpoint="/agui/basic" storage-key="${storageKey}-none"></agent-chat>`);
    unkept.show();
    await unkept.updateComplete;
    expect(localStorage.getItem(openStateKey(`${storageKey}-none`))).to.equal(null);
    localStorage.removeItem(openStateKey(storageKey));
    await deleteDatabase(storageKey);
  });

  it('Esc closes what is open inside first: the conversation list, then the panel', async () => {
    const el = await popup();
    el.show();
    await until(() => !!part(el, 'threads-button'), 'storage opened');
    await clickCenter(part(el, 'threads-button')!);
    await until(() => !!el.shadowRoot!.querySelector('.threads'), 'the list is open');
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.threads')).to.equal(null);
    expect(el.open, 'only the list closed').to.equal(true);
    await until(() => focused() === part(el, 'threads-button'), 'the keyboard is on the list button');
    const change = openChange(el);
    await sendKeys({ press: 'Escape' });
    expect((await change).detail.reason).to.equal('escape');
    await deleteDatabase(el.storageKey);
  });

  it('does not open itself again over a phone screen, though it was left open', async () => {
    const storageKey = `embed-phone-${Date.now()}`;
    localStorage.setItem(openStateKey(storageKey), 'open');
    await setViewport({ width: 390, height: 844 });
    try {
      const phone = await fixture<AgentChat>(html`<agent-chat mode="popup" endpoint="/agui/basic" storage-key=${storageKey}></agent-chat>`);
      expect(phone.open).to.equal(false);
      expect(panel(phone)).to.equal(null);
    } finally {
      await setViewport({ width: 800, height: 600 });
      localStorage.removeItem(openStateKey(storageKey));
    }
  });

  it('going back to inline shows the end of the conversation', async () => {
    const el = await popup();
    el.show();
    await el.updateComplete;
    for (let i = 0; i < 4; i++) {
      const ended = oneEvent(el, 'agent-chat-response-end');
      void el.send(`message ${i}`);
      await ended;
    }
    await settle(el);
    const log = deepQuery(el, '[part~="messages"]')!;
    log.scrollTop = 0;
    el.mode = 'inline';
    await settle(el);
    expect(deepQuery(el, '[part~="messages"]'), 'the same log: switching modes keeps the DOM').to.equal(log);
    await until(() => log.scrollHeight - log.scrollTop - log.clientHeight < 4, 'the log is at its end');
    expect(log.scrollHeight).to.be.greaterThan(log.clientHeight);
    await deleteDatabase(el.storageKey);
  });

  it('closes on a press outside only with close-on-outside-click', async () => {
    const plain = await popup();
    plain.show();
    await plain.updateComplete;
    await sendMouse({ type: 'click', position: [5, 5] });
    await plain.updateComplete;
    expect(plain.open).to.equal(true);
    plain.hide();
    await plain.updateComplete;

    const el = await popup('/agui/basic', 'close-on-outside-click');
    el.show();
    await el.updateComplete;
    await clickCenter(deepQuery(el, 'textarea')!);
    await el.updateComplete;
    expect(el.open, 'a press inside keeps it open').to.equal(true);
    const change = openChange(el);
    await sendMouse({ type: 'click', position: [5, 5] });
    expect((await change).detail).to.deep.equal({ open: false, reason: 'outside' });
    await deleteDatabase(el.storageKey);
    await deleteDatabase(plain.storageKey);
  });

  it('sits at the chosen corner above the page, sized by the custom properties', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await popup('/agui/basic', 'style="--agent-chat-panel-width: 360px; --agent-chat-panel-height: 500px"');
    let rect = launcher(el).getBoundingClientRect();
    expect(Math.round(innerWidth - rect.right)).to.equal(20);
    expect(Math.round(innerHeight - rect.bottom)).to.equal(20);
    expect(getComputedStyle(launcher(el).parentElement!).zIndex).to.equal('2147483000');
    el.show();
    await el.updateComplete;
    const box = await panelBox(el);
    expect([Math.round(box.width), Math.round(box.height)]).to.deep.equal([360, 500]);
    expect(Math.round(innerWidth - box.right)).to.equal(20);
    expect(box.bottom).to.be.lessThan(rect.top);
    el.position = 'bottom-left';
    el.style.setProperty('--agent-chat-z-index', '7');
    await el.updateComplete;
    rect = launcher(el).getBoundingClientRect();
    expect(Math.round(rect.left)).to.equal(20);
    expect(Math.round((await panelBox(el)).left)).to.equal(20);
    expect(getComputedStyle(panel(el)!).zIndex).to.equal('7');
    // The element itself takes no room in the page.
    const host = el.getBoundingClientRect();
    expect([host.width, host.height]).to.deep.equal([0, 0]);
    await setViewport({ width: 800, height: 600 });
    await deleteDatabase(el.storageKey);
  });

  it('fills the screen below 640 px and follows the visual viewport (the on-screen keyboard)', async () => {
    await setViewport({ width: 390, height: 844 });
    const keyboard = Object.assign(new EventTarget(), { height: 844, offsetTop: 0, width: 390 });
    const real = Object.getOwnPropertyDescriptor(window, 'visualViewport')!;
    Object.defineProperty(window, 'visualViewport', { configurable: true, get: () => keyboard });
    try {
      const el = await popup();
      el.show();
      await el.updateComplete;
      let box = await panelBox(el);
      expect([box.left, box.top, box.width, box.height]).to.deep.equal([0, 0, 390, 844]);
      keyboard.height = 500;
      keyboard.offsetTop = 40;
      keyboard.dispatchEvent(new Event('resize'));
      box = await panelBox(el);
      expect([box.top, box.height]).to.deep.equal([40, 500]);
      const composer = deepQuery(el, '[part~="composer"]')!.getBoundingClientRect();
      expect(composer.bottom).to.be.at.most(540);
      await deleteDatabase(el.storageKey);
    } finally {
      Object.defineProperty(window, 'visualViewport', real);
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('takes its launcher label from launcher-label, else the chat language, and its icon from the launcher slot', async () => {
    const el = await popup('/agui/basic', 'launcher-label="Ask our assistant"');
    expect(launcher(el).getAttribute('aria-label')).to.equal('Ask our assistant');
    const german = await popup('/agui/basic', 'lang="de"');
    await until(() => launcher(german).getAttribute('aria-label') === 'Chat öffnen', 'the German label');
    const icon = document.createElement('img');
    icon.slot = 'launcher';
    icon.alt = '';
    icon.src = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    german.append(icon);
    const slot = launcher(german).querySelector('slot') as HTMLSlotElement;
    expect(slot.assignedElements()).to.deep.equal([icon]);
  });

  it('reports a mode or position it does not know and draws inline', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="/agui/basic" mode="floating" position="top"></agent-chat>`);
    await settle(el);
    const notice = textOf(deepQuery(el, '[part~="error"]'));
    expect(notice).to.contain('mode="floating" must be "inline", "popup" or "sidebar"');
    expect(notice).to.contain('position="top" must be "bottom-right" or "bottom-left"');
    expect(part(el, 'launcher')).to.equal(null);
    expect(deepQuery(el, 'textarea')).to.not.equal(undefined);
  });
});

describe('mode="sidebar"', () => {
  afterEach(() => setViewport({ width: 800, height: 600 }));

  for (const [dir, attrs] of [
    ['ltr', 'dir="ltr"'],
    ['rtl', 'dir="rtl"'],
    ['rtl', 'lang="ar"'],
  ]) {
    it(`docks to the viewport's end edge (${attrs}), its launcher hidden while open`, async () => {
      await setViewport({ width: 1280, height: 800 });
      const el = await popup('/agui/basic', attrs);
      el.mode = 'sidebar';
      await el.updateComplete;
      expect(panel(el)).to.equal(null);
      const change = openChange(el);
      await clickCenter(launcher(el));
      expect((await change).detail.reason).to.equal('launcher');
      const box = await panelBox(el);
      expect([box.top, box.height, box.width]).to.deep.equal([0, 800, 400]);
      expect(dir === 'ltr' ? box.right : box.left).to.equal(dir === 'ltr' ? 1280 : 0);
      expect(part(el, 'launcher')).to.equal(null);
      await panelBox(el);
      await expect(el).to.be.accessible();
      await sendKeys({ press: 'Escape' });
      await until(() => focused() === part(el, 'launcher'), 'the launcher is back and has the keyboard');
      await deleteDatabase(el.storageKey);
    });
  }

  it('is full screen on a phone', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await popup('/agui/basic');
    el.mode = 'sidebar';
    el.show();
    await el.updateComplete;
    const box = await panelBox(el);
    expect([box.left, box.top, box.width, box.height]).to.deep.equal([0, 0, 390, 844]);
    await deleteDatabase(el.storageKey);
  });
});
