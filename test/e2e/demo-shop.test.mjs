/**
 * The demo's product page (demo/shop.html) in Chromium at 1280×800 and 390×844, on the built
 * bundle: the chat as `mode="popup"` loads as its launcher alone (nothing of the panel in the DOM,
 * only the launcher's chunk, no IndexedDB until it is opened); the launcher opens it with the keyboard in the
 * composer, a message gets its reply, Esc closes it and gives the keyboard back to the launcher; a
 * reply that ends while it is closed raises the unread badge; the page's switch puts the chat
 * inline (remembered in the address) and back. axe finds nothing on the page with the launcher,
 * with the panel open, and with the badge.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt, waitFor } from './mcp-fixtures.mjs';

const DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const TIMEOUT = 20_000;

/** The entry and every chunk it imports statically (what loading the script costs before any need). */
function firstLoadFiles() {
  const files = new Set();
  const visit = (name) => {
    if (files.has(name)) return;
    files.add(name);
    const code = readFileSync(path.join(DIST, name), 'utf8');
    for (const [, imported] of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) visit(imported);
  };
  visit('agent-chat.js');
  return files;
}

/** The element the keyboard is in, through shadow roots: its tag and part. */
function focused(page) {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return { tag: active?.localName, part: active?.getAttribute('part') ?? '' };
  });
}

/** axe's violations on the whole page (shadow roots included), as lines naming rule and nodes. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Collects `agent-chat-open-change` details in the page; `next()` waits for the next one. */
async function watchOpenChanges(page) {
  await page.evaluate(() => {
    window.__openChanges = [];
    document.querySelector('agent-chat').addEventListener('agent-chat-open-change', (event) => window.__openChanges.push(event.detail));
  });
  let seen = 0;
  return async () => {
    seen += 1;
    await page.waitForFunction((n) => window.__openChanges.length >= n, seen, { timeout: TIMEOUT });
    return page.evaluate((n) => window.__openChanges[n - 1], seen);
  };
}

/** What of the chat is drawn in its shadow root. */
function drawn(page) {
  return page.evaluate(() => {
    const root = document.querySelector('agent-chat').shadowRoot;
    const count = (selector) => root.querySelectorAll(selector).length;
    return {
      launchers: count('[part="launcher"]'),
      panels: count('[part="panel"]'),
      composers: count('agent-chat-composer, textarea'),
      logs: count('[part~="messages"]'),
    };
  });
}

/** A fresh profile recording the scripts the page asks for and every IndexedDB it opens. */
async function openShop(browser, url, viewport) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  await context.addInitScript(() => {
    const open = IDBFactory.prototype.open;
    window.__databasesOpened = [];
    IDBFactory.prototype.open = function (name, ...rest) {
      window.__databasesOpened.push(name);
      return open.call(this, name, ...rest);
    };
  });
  const page = await context.newPage();
  const scripts = [];
  const problems = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(path.basename(new URL(request.url()).pathname)));
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await page.evaluate(() => document.querySelector('agent-chat').updateComplete);
  return { context, page, scripts, problems };
}

const launcher = (page) => page.locator('agent-chat [part="launcher"]');
const panel = (page) => page.locator('agent-chat [part="panel"]');
const userMessage = (page, text) => page.locator('agent-chat [part~="user-message"]', { hasText: text });

for (const viewport of VIEWPORTS) {
  describe(`demo product page, popup chat, ${viewport.width}×${viewport.height} (built bundle)`, { timeout: 90_000 }, () => {
    let server;
    let slowServer;
    let browser;
    before(async () => {
      assert.ok(distBuilt(), 'run `npm run build` first');
      server = await startDemoServer({ port: 0, delayMs: 0, log: () => {}, env: {} });
      slowServer = await startDemoServer({ port: 0, delayMs: 25, log: () => {}, env: {} });
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      await server?.close();
      await slowServer?.close();
    });

    it('loads as its launcher alone; the launcher opens it, a reply comes, Esc closes it back to the launcher', async () => {
      const { context, page, scripts, problems } = await openShop(browser, `${server.url}shop.html`, viewport);
      try {
        assert.equal(await page.locator('agent-chat').getAttribute('mode'), 'popup');
        assert.equal(await page.getByRole('radio', { name: 'Popup' }).isChecked(), true);
        await page.waitForTimeout(300); // anything eager would have started by now
        assert.deepEqual(await drawn(page), { launchers: 1, panels: 0, composers: 0, logs: 0 }, 'only the launcher is drawn');
        const firstLoad = firstLoadFiles();
        // The launcher's own chunk (the panel's workings) is all a closed popup loads.
        const early = scripts.filter((name) => !firstLoad.has(name));
        assert.deepEqual(
          early.map((name) => name.replace(/-[\w-]{8}\.js$/, '')),
          ['embed-controller'],
          'only the launcher’s chunk before the panel opens',
        );
        assert.deepEqual(await page.evaluate(() => window.__databasesOpened), [], 'no IndexedDB before the panel opens');
        const scriptsBeforeOpen = scripts.length;

        const button = page.getByRole('button', { name: 'Ask the shop assistant' });
        assert.equal(await button.getAttribute('aria-expanded'), 'false');
        const box = await button.boundingBox();
        assert.ok(box.x + box.width <= viewport.width && box.x + box.width >= viewport.width - 40, `launcher at the right edge: ${JSON.stringify(box)}`);
        assert.ok(box.y + box.height <= viewport.height && box.y + box.height >= viewport.height - 40, `launcher at the bottom: ${JSON.stringify(box)}`);
        assert.deepEqual(await axeViolations(page), [], 'axe, with the launcher');

        // Open: the panel, the keyboard in the composer.
        const nextChange = await watchOpenChanges(page);
        await launcher(page).click();
        assert.deepEqual(await nextChange(), { open: true, reason: 'launcher' });
        assert.equal(await page.locator('agent-chat').getAttribute('open'), '');
        await panel(page).waitFor({ state: 'visible' });
        await waitFor(async () => (await focused(page)).tag === 'textarea', { message: 'the composer focused' });
        // Measured once its opening transition (from @starting-style) is over.
        await panel(page).evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
        const panelBox = await panel(page).boundingBox();
        if (viewport.width < 640) {
          assert.deepEqual([panelBox.x, panelBox.y, panelBox.width, panelBox.height].map(Math.round), [0, 0, viewport.width, viewport.height], 'full screen on a phone');
        } else {
          assert.ok(panelBox.x > viewport.width / 2 && panelBox.x + panelBox.width <= viewport.width, `panel at the right: ${JSON.stringify(panelBox)}`);
          assert.ok(panelBox.y >= 0 && panelBox.y + panelBox.height <= box.y, `panel above the launcher: ${JSON.stringify(panelBox)}`);
          assert.ok(panelBox.width >= 320 && panelBox.height >= 400, `a usable panel: ${JSON.stringify(panelBox)}`);
        }

        // A message and its reply, in the panel.
        const end = await chatTurn(page, 'Does it work on induction?');
        assert.equal(end.status, 'done');
        await panel(page).locator('[part~="assistant-message"]').last().getByText('This is the demo agent').waitFor({ timeout: TIMEOUT });
        assert.ok(scripts.length > scriptsBeforeOpen, 'the chat’s chunks load once it is used');
        await waitFor(() => page.evaluate(() => window.__databasesOpened.includes('agent-chat-shop')), { message: 'storage opened under the page’s storage-key' });
        assert.deepEqual(await axeViolations(page), [], 'axe, with the panel open');

        // Esc closes it; the keyboard is back on the launcher.
        await page.locator('agent-chat textarea').focus();
        await page.keyboard.press('Escape');
        assert.deepEqual(await nextChange(), { open: false, reason: 'escape' });
        await panel(page).waitFor({ state: 'hidden' });
        assert.equal(await page.locator('agent-chat').getAttribute('open'), null);
        assert.deepEqual(await focused(page), { tag: 'button', part: 'launcher' });

        // The page's own button opens it too (show()), and the conversation is still there.
        await page.locator('#open-chat').click();
        assert.deepEqual(await nextChange(), { open: true, reason: 'method' });
        await panel(page).locator('[part~="user-message"]', { hasText: 'Does it work on induction?' }).waitFor();
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    it('a reply that ends while the panel is closed raises the unread badge; opening clears it', async () => {
      const { context, page, problems } = await openShop(browser, `${slowServer.url}shop.html`, viewport);
      try {
        await launcher(page).click();
        await panel(page).waitFor({ state: 'visible' });
        const started = page.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-start', resolve, { once: true })));
        const ended = page.evaluate(
          () => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })),
        );
        const input = page.locator('agent-chat textarea');
        await input.fill("What's the weather in Oslo?");
        await input.press('Enter');
        await started;
        await page.keyboard.press('Escape');
        await panel(page).waitFor({ state: 'hidden' });
        assert.equal(await page.locator('agent-chat [part="badge"]').count(), 0, 'no badge while the reply streams');
        assert.equal((await ended).status, 'done', 'the reply went on with the panel closed');

        const badge = page.locator('agent-chat [part="badge"]');
        await badge.waitFor({ state: 'visible' });
        assert.equal((await badge.textContent()).trim(), '1');
        const announced = await page.evaluate(() =>
          [...document.querySelector('agent-chat').shadowRoot.querySelectorAll('[role="status"], [aria-live="polite"]')].map((region) => region.textContent.trim()).join(' '),
        );
        assert.match(announced, /\S/, 'the unread reply is announced politely');
        assert.deepEqual(await axeViolations(page), [], 'axe, with the badge');

        await launcher(page).click();
        await panel(page).waitFor({ state: 'visible' });
        assert.equal(await badge.count(), 0, 'opening clears the badge');
        await panel(page).getByRole('heading', { name: 'Weather in Oslo' }).waitFor();
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    it('the page’s switch puts the chat inline (kept in the address) and back to the popup', async () => {
      const { context, page, problems } = await openShop(browser, `${server.url}shop.html`, viewport);
      try {
        // Straight to inline, the popup never opened.
        await page.getByRole('radio', { name: 'Inline' }).check();
        await page.waitForFunction(() => document.querySelector('agent-chat').getAttribute('mode') === 'inline');
        assert.equal(new URL(page.url()).searchParams.get('mode'), 'inline');
        const input = page.locator('agent-chat textarea');
        await input.waitFor({ state: 'visible' });
        assert.equal(await launcher(page).count(), 0, 'no launcher inline');
        const section = await page.locator('#ask').boundingBox();
        const chatBox = await page.locator('agent-chat').boundingBox();
        assert.ok(chatBox.y >= section.y && chatBox.y + chatBox.height <= section.y + section.height + 1, 'the chat sits in “Ask about this product”');
        assert.ok(chatBox.height >= 300, `the chat has room: ${chatBox.height}px`);
        const end = await chatTurn(page, 'plan a trip');
        assert.equal(end.status, 'done');
        await page.locator('agent-chat form[part="question-form"]').waitFor({ timeout: TIMEOUT });

        // A link with ?mode=inline opens it inline, the conversation restored.
        await page.reload();
        await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
        assert.equal(await page.locator('agent-chat').getAttribute('mode'), 'inline');
        assert.equal(await page.getByRole('radio', { name: 'Inline' }).isChecked(), true);
        await userMessage(page, 'plan a trip').waitFor({ timeout: TIMEOUT });

        // Back to the popup: the launcher, the same conversation in the panel.
        await page.getByRole('radio', { name: 'Popup' }).check();
        await launcher(page).waitFor({ state: 'visible' });
        assert.equal(new URL(page.url()).searchParams.get('mode'), null);
        await launcher(page).click();
        await panel(page).locator('[part~="user-message"]', { hasText: 'plan a trip' }).waitFor({ timeout: TIMEOUT });
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  });
}
