// The demo page's Sync switch (demo/index.html) with the built bundle in Chromium, against the demo
// server's conversation server (/store, the thread store on PGlite in memory, the `demo-user` cookie
// as its fake sign-in): turned on as Alice from the keyboard alone, a message sent; a second device
// (a browser context of its own) turned on as Alice lists the conversation and opens it; switched
// to Bob it lists Bob's conversations and not Alice's. The choice is remembered for the next tab,
// and a tab follows another's switch of user (the cookie is the browser's); offline and signed out
// show as such.
// At 1280×800 and 390×844 the switch, its status and its hint stay inside the page's width
// (screenshots in /tmp/demo-sync-*.png).
// Run: npm run build && node --test --test-reporter=spec test/e2e/demo-sync.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { launchChromium } from './browser.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ALICE_SAYS = 'Hello from Alice on her laptop';
const BOBS_TITLE = 'Bob plans his own trip';

let server;
let browser;

before(async () => {
  assert.ok(distBuilt(), 'run `npm run build` first');
  server = await startDemoServer({ delayMs: 0, log: () => {} });
  browser = await launchChromium();
  // Bob has a conversation of his own on the server already.
  const response = await fetch(`${server.url}store/threads/bobs-trip`, {
    method: 'PUT',
    headers: { cookie: 'demo-user=bob', 'content-type': 'application/json' },
    body: JSON.stringify({ title: BOBS_TITLE }),
  });
  assert.ok(response.ok, `Bob's conversation was stored (${response.status})`);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A device: a browser context of its own (its own cookies, localStorage and IndexedDB) with the demo
 * page open. `problems` collects the page's errors; the widget asks the server for a conversation it
 * has not sent yet and gets a 404, which Chromium logs as a console error: those are set apart in
 * `notFound` (their URLs), anything else is a problem.
 */
async function device(viewport = DESKTOP, touch = false) {
  const context = await browser.newContext({ viewport, isMobile: touch, hasTouch: touch });
  // Every text the status next to the switch shows, in order.
  await context.addInitScript(() => {
    window.__statusTexts = [];
    document.addEventListener('DOMContentLoaded', () => {
      const status = document.querySelector('#sync-status');
      new MutationObserver(() => window.__statusTexts.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
    });
  });
  const { page, problems, notFound } = await openTab(context);
  return { context, page, problems, notFound };
}

async function openTab(context) {
  const page = await context.newPage();
  const problems = [];
  const notFound = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 404/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  await page.goto(server.url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  return { page, problems, notFound };
}

/** Whether the focused element, inside shadow roots too, matches `selector`. */
const focusedIs = (page, selector) =>
  page.evaluate((selector) => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    return element?.matches(selector) ?? false;
  }, selector);

/** Presses Tab until the focus is on `selector` (as a keyboard user walks the page). */
async function tabTo(page, selector) {
  for (let presses = 0; presses < 120; presses++) {
    if (await focusedIs(page, selector)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${selector}`);
}

const status = (page) => page.locator('#sync-status');

/** Polls `check` until it returns something truthy (then resolves with it), for up to 20 s. */
async function until(check, what) {
  const end = Date.now() + 20_000;
  let last;
  for (;;) {
    last = await check();
    if (last) return last;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Whether `user`'s conversation `id` on the conversation server has a turn saying `text`. */
async function serverHas(user, id, text) {
  const response = await fetch(`${server.url}store/threads/${id}`, { headers: { cookie: `demo-user=${user}` } });
  if (response.status === 404) return false;
  assert.equal(response.status, 200);
  return (await response.json()).nodes?.some((node) => node.turn?.text === text) ?? false;
}

/** The conversation server's list of `user`'s conversations (the demo's cookie), by title. */
async function serverTitles(user) {
  const response = await fetch(`${server.url}store/threads`, { headers: { cookie: `demo-user=${user}` } });
  assert.equal(response.status, 200);
  return (await response.json()).threads.map((thread) => thread.title);
}

/** Waits until the status next to the switch reads `text`. */
async function statusReads(page, text) {
  await page.waitForFunction((text) => document.querySelector('#sync-status').textContent === text, text, { timeout: 20_000 }).catch(() => undefined);
  assert.equal(await status(page).textContent(), text);
}

/** The chat's storage attributes. */
const storage = (page) =>
  page.locator('agent-chat').evaluate((chat) => ({ storage: chat.getAttribute('storage'), url: chat.getAttribute('storage-url'), key: chat.getAttribute('storage-key') }));

const demoUser = async (context) => (await context.cookies(server.url)).find((cookie) => cookie.name === 'demo-user')?.value;
/** The demo user once the cookie the page has just set reaches the browser's store (the page's write gets there a moment later). */
async function demoUserSoon(context, expected) {
  const end = Date.now() + 5_000;
  let user = await demoUser(context);
  while (user !== expected && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    user = await demoUser(context);
  }
  return user;
}

/** The titles in the chat's list of conversations, once it lists `wanted` (the list shows what the server said). */
async function titlesOnceListed(page, wanted) {
  const end = Date.now() + 20_000;
  let titles = [];
  while (Date.now() < end) {
    titles = (await page.locator('agent-chat').evaluate((chat) => chat.listThreads())).map((thread) => thread.title);
    if (titles.includes(wanted)) return titles;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  assert.fail(`"${wanted}" was never listed; the list: ${JSON.stringify(titles)}`);
}

/** The thread list's items (opened with the header's button when closed). */
async function listedItems(page) {
  const button = page.locator('agent-chat [part="threads-button"]');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return page.locator('agent-chat [part="thread-item"]');
}

/** Every box of the Sync controls, and whether one leaves the viewport or covers another. */
const syncLayout = (page) =>
  page.evaluate(() => {
    const parts = ['#sync-status', '.switch', '#sync-switch', 'label:has(#user-select)', '#user-select', '#sync-hint'];
    const boxes = Object.fromEntries(parts.map((selector) => [selector, document.querySelector(selector).getBoundingClientRect().toJSON()]));
    const problems = [];
    for (const [selector, box] of Object.entries(boxes)) {
      if (box.width === 0 || box.height === 0) problems.push(`${selector} is not shown`);
      if (box.left < 0 || box.right > innerWidth) problems.push(`${selector} leaves the viewport (${Math.round(box.left)}…${Math.round(box.right)} of ${innerWidth})`);
    }
    const apart = ['#sync-status', '.switch', 'label:has(#user-select)', '#sync-hint'];
    for (const [i, a] of apart.entries()) {
      for (const b of apart.slice(i + 1)) {
        const [p, q] = [boxes[a], boxes[b]];
        if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) problems.push(`${a} overlaps ${b}`);
      }
    }
    const hint = document.querySelector('#sync-hint');
    if (hint.scrollWidth > hint.clientWidth) problems.push('the hint is clipped');
    if (document.documentElement.scrollWidth > innerWidth) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${innerWidth})`);
    return { problems, switchBox: boxes['.switch'] };
  });

describe('demo page: the Sync switch', { timeout: 120_000 }, () => {
  let laptop;
  let phone;

  after(async () => {
    await laptop?.context.close();
    await phone?.context.close();
  });

  it('is off at first: the chat keeps its conversations in this browser, nobody is signed in', async () => {
    laptop = await device();
    const { page, context } = laptop;
    const sync = page.getByRole('switch', { name: 'Sync' });
    assert.equal(await sync.isChecked(), false);
    assert.equal(await sync.getAttribute('aria-describedby'), 'sync-hint');
    assert.match(
      await page.locator('#sync-hint').textContent(),
      /Open this page in a second window \(or another browser signed in as the same user\) to see the same\s+conversations; switch user to see they are kept apart\./,
    );
    assert.equal(await status(page).textContent(), 'Only in this browser');
    assert.equal(await status(page).getAttribute('role'), 'status');
    assert.deepEqual(await storage(page), { storage: null, url: null, key: null });
    assert.equal(await demoUser(context), undefined);
  });

  it('turned on as Alice from the keyboard alone; a message sent the same way reaches the server', async () => {
    const { page, context, problems } = laptop;
    await tabTo(page, '#sync-switch');
    await page.keyboard.press('Space');
    assert.equal(await page.locator('#sync-switch').isChecked(), true);
    assert.equal(await page.locator('#user-select').inputValue(), 'alice');
    assert.equal(await demoUserSoon(context, 'alice'), 'alice');
    assert.deepEqual(await storage(page), { storage: 'remote', url: '/store', key: 'agent-chat-demo-alice' });
    await statusReads(page, 'Synced');

    // Into the chat's composer with Tab, then type and press Enter.
    await tabTo(page, 'textarea');
    const ended = page.evaluate(
      () => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })),
    );
    await page.keyboard.type(ALICE_SAYS);
    await page.keyboard.press('Enter');
    assert.equal((await ended).status, 'done');
    // Saved here, it waits to be sent, then it is on the server.
    const texts = await until(
      () =>
        page.evaluate(() => {
          const texts = window.__statusTexts;
          const waiting = texts.lastIndexOf('1 conversation waiting');
          return waiting >= 0 && texts.slice(waiting + 1).includes('Synced') && texts;
        }),
      '“1 conversation waiting”, then “Synced”',
    );
    assert.equal(texts.at(-1), 'Synced', JSON.stringify(texts));
    assert.deepEqual(await serverTitles('alice'), [ALICE_SAYS]);
    assert.ok(!(await serverTitles('bob')).includes(ALICE_SAYS));
    const item = (await listedItems(page)).filter({ hasText: ALICE_SAYS });
    await item.waitFor();
    await until(async () => (await item.getAttribute('data-sync')) === null, 'the list to drop “Not synced yet”');
    assert.deepEqual(problems, []);

    await page.locator('#sync-switch').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/demo-sync-desktop.png' });
    const { problems: layout } = await syncLayout(page);
    assert.deepEqual(layout, [], 'at 1280×800');
  });

  it('Enter turns the switch too, as Space does', async () => {
    const { page } = laptop;
    const sync = page.locator('#sync-switch');
    await sync.focus();
    await page.keyboard.press('Enter');
    assert.equal(await sync.isChecked(), false);
    assert.deepEqual(await storage(page), { storage: null, url: null, key: null });
    assert.equal(await status(page).textContent(), 'Only in this browser');
    await page.keyboard.press('Enter');
    assert.equal(await sync.isChecked(), true);
    assert.deepEqual(await storage(page), { storage: 'remote', url: '/store', key: 'agent-chat-demo-alice' });
    await statusReads(page, 'Synced');
  });

  it('a second tab of the same browser opens synced as Alice (the choice is remembered); the first follows its switch of user', async () => {
    const { page, problems } = await openTab(laptop.context);
    try {
      assert.equal(await page.locator('#sync-switch').isChecked(), true);
      assert.equal(await page.locator('#user-select').inputValue(), 'alice');
      assert.deepEqual(await storage(page), { storage: 'remote', url: '/store', key: 'agent-chat-demo-alice' });
      await titlesOnceListed(page, ALICE_SAYS);

      // The cookie is the browser's: when one tab signs in as Bob, the other's chat turns to Bob's too.
      await page.locator('#user-select').selectOption('bob');
      await until(async () => (await storage(laptop.page)).key === 'agent-chat-demo-bob', 'the first tab to follow');
      assert.equal(await laptop.page.locator('#user-select').inputValue(), 'bob');
      await titlesOnceListed(laptop.page, BOBS_TITLE);
      await page.locator('#user-select').selectOption('alice');
      await until(async () => (await storage(laptop.page)).key === 'agent-chat-demo-alice', 'the first tab to follow back');
      await titlesOnceListed(laptop.page, ALICE_SAYS);
      assert.equal(await demoUser(laptop.context), 'alice');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('another device, turned on as Alice, lists the conversation and opens it', async () => {
    phone = await device(PHONE, true);
    const { page, context, problems } = phone;
    await tabTo(page, '#sync-switch');
    await page.keyboard.press('Space');
    assert.equal(await demoUserSoon(context, 'alice'), 'alice');
    await titlesOnceListed(page, ALICE_SAYS);
    const item = (await listedItems(page)).filter({ hasText: ALICE_SAYS });
    await item.locator('[data-control="open"]').click();
    await page.locator('agent-chat [part~="user-message"]', { hasText: ALICE_SAYS }).waitFor();
    await page.locator('agent-chat [part~="assistant-message"]').first().waitFor();
    await statusReads(page, 'Synced');
    assert.deepEqual(problems, []);

    // The page's controls whole, the Sync ones under them, the chat's top below.
    await page.locator('.controls').evaluate((controls) => controls.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: '/tmp/demo-sync-phone.png' });
    const { problems: layout, switchBox } = await syncLayout(page);
    assert.deepEqual(layout, [], 'at 390×844');
    assert.ok(switchBox.right <= PHONE.width && switchBox.left >= 0, `the switch is within the viewport (${JSON.stringify(switchBox)})`);
    assert.ok(switchBox.height >= 24, 'the switch is at least 24 px high');
  });

  it('switched to Bob, that device lists Bob’s conversations and not Alice’s; back to Alice, hers again', async () => {
    const { page, context, problems, notFound } = phone;
    await page.locator('#user-select').selectOption('bob');
    assert.equal(await demoUserSoon(context, 'bob'), 'bob');
    assert.deepEqual(await storage(page), { storage: 'remote', url: '/store', key: 'agent-chat-demo-bob' });
    const bobs = await titlesOnceListed(page, BOBS_TITLE);
    assert.ok(!bobs.includes(ALICE_SAYS), `Bob does not see Alice's conversation: ${JSON.stringify(bobs)}`);
    const items = await listedItems(page);
    await items.filter({ hasText: BOBS_TITLE }).waitFor();
    assert.equal(await items.filter({ hasText: ALICE_SAYS }).count(), 0);
    assert.equal(await page.locator('agent-chat [part~="user-message"]', { hasText: ALICE_SAYS }).count(), 0, 'Alice’s conversation is not shown either');
    await statusReads(page, 'Synced');
    assert.ok(!(await serverTitles('bob')).includes(ALICE_SAYS), 'nothing of Alice’s went to Bob’s conversations on the server');

    await page.locator('#user-select').selectOption('alice');
    const alices = await titlesOnceListed(page, ALICE_SAYS);
    assert.ok(!alices.includes(BOBS_TITLE), `Alice does not see Bob's conversation: ${JSON.stringify(alices)}`);
    await statusReads(page, 'Synced');
    assert.deepEqual(problems, []);
    for (const request of [...notFound, ...laptop.notFound]) assert.match(request, /^GET \/store\/threads\/[\w-]+$/, 'only a conversation not on the server yet is not found');
  });

  it('offline, the status says so; back online, “Synced” again', async () => {
    const { page, context, problems } = phone;
    await context.setOffline(true);
    try {
      await statusReads(page, 'Offline');
      assert.equal(await status(page).getAttribute('data-state'), 'offline');
    } finally {
      await context.setOffline(false);
    }
    await statusReads(page, 'Synced');
    // The requests that were under way when the network went (the change stream) fail, as they should.
    assert.deepEqual(
      problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED/.test(problem)),
      [],
    );
  });

  it('signed out (no cookie), the status says so and the message waits; Sync off and on signs in again and sends it', async () => {
    const { page, context, problems } = laptop;
    await statusReads(page, 'Synced');
    await context.clearCookies();
    const ended = page.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', resolve, { once: true })));
    await page.locator('agent-chat').evaluate((chat) => chat.send('Written while signed out'));
    await ended;
    const id = await page.locator('agent-chat').evaluate((chat) => chat.threadId);
    await statusReads(page, 'Signed out, 1 conversation waiting');
    assert.equal(await serverHas('alice', id, 'Written while signed out'), false);

    await page.locator('#sync-switch').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    assert.equal(await demoUserSoon(context, 'alice'), 'alice');
    await statusReads(page, 'Synced');
    await until(() => serverHas('alice', id, 'Written while signed out'), 'the message on the server');
    // Chromium logs the server's 401 answers (what signed the user out) as errors.
    assert.deepEqual(
      problems.filter((problem) => !/status of 401/.test(problem)),
      [],
    );
  });
});
