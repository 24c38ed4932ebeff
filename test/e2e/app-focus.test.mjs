/**
 * No MCP App takes the keyboard: an app may hold the focus only after the person's own click in it
 * (or Tab into it). Focus it takes by itself goes straight back where it was, and an app that keeps
 * trying is paused with a notice naming its server. Real apps from a real MCP server
 * (test/servers/app-focus-server.mjs) on the built bundle in Chromium, in both sandbox modes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt, sleep, waitFor } from './mcp-fixtures.mjs';
import { SOURCE_NAME, appDocument, startAppServers } from '../servers/app-pages.mjs';

const TYPED = 'my secret 42';

/** How many app frames the chat shows. */
const frames = (page) => page.locator('agent-chat agent-chat-app-frame iframe').count();

/** The element with the focus, looking into the chat's shadow roots. */
const focused = (page) =>
  page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    return element?.localName;
  });

/** Waits until `input` (in an app's document) holds the keyboard. */
const hasFocus = (input) =>
  waitFor(() => input.evaluate((element) => element.ownerDocument.hasFocus() && element.ownerDocument.activeElement === element), {
    timeout: 5000,
    message: 'the focus in the app’s input',
  });

describe('MCP Apps cannot take the keyboard', () => {
  let servers;
  let browser;

  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    servers = await startAppServers();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await servers?.close();
  });

  /** A fresh page with the chat showing the app of `tool`, once the app is running. */
  async function showApp(mode, tool) {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    await page.goto(servers.pageUrl(mode));
    await chatTurn(page, tool);
    await appDocument(page, mode).locator('#state', { hasText: 'ready' }).waitFor({ timeout: 15_000 });
    servers.record.keys.length = 0;
    return page;
  }

  for (const mode of ['opaque', 'proxy']) {
    describe(`${mode === 'proxy' ? 'with' : 'without'} sandbox-url`, () => {
      it('every character typed into the composer lands there while an app takes the focus in a loop', async () => {
        const page = await showApp(mode, 'grab_loop');
        const composer = page.locator('agent-chat textarea');
        await composer.click();
        // The app starts its loop while these keys are typed.
        await page.keyboard.type(TYPED, { delay: 70 });
        await sleep(200);
        assert.equal(await composer.inputValue(), TYPED);
        assert.deepEqual(servers.record.keys, [], 'the app sent nothing typed to its server');
        await page.close();
      });

      it('the page’s own password field keeps its keystrokes', async () => {
        const page = await showApp(mode, 'grab_loop');
        const password = page.locator('#pw');
        await password.click();
        await page.keyboard.type(TYPED, { delay: 70 });
        await sleep(200);
        assert.equal(await password.inputValue(), TYPED);
        assert.deepEqual(servers.record.keys, [], 'the app sent nothing typed to its server');
        await page.close();
      });

      it('an app that keeps taking the focus is paused, named in its card, and can be resumed', async () => {
        const page = await showApp(mode, 'grab_timer');
        const composer = page.locator('agent-chat textarea');
        await composer.click();
        const notice = page.locator('agent-chat agent-chat-app-frame [part="app-paused"]');
        await notice.waitFor({ state: 'visible', timeout: 6000 });
        assert.match(await notice.innerText(), new RegExp(SOURCE_NAME));
        assert.equal(await frames(page), 0, 'the paused app is stopped: its frame is gone');
        assert.equal(await focused(page), 'textarea', 'the focus is in the composer, not in the app');
        await page.keyboard.type('ok', { delay: 30 });
        assert.equal(await composer.inputValue(), 'ok');
        await notice.getByRole('button').click();
        await notice.waitFor({ state: 'detached', timeout: 2000 });
        await appDocument(page, mode).locator('#state', { hasText: 'ready' }).waitFor({ timeout: 10_000 });
        assert.equal(await frames(page), 1, 'resumed: the app runs again');
        assert.deepEqual(servers.record.keys, []);
        await page.close();
      });

      it('an app that gets round the check inside its frame (a modal dialog) is sent back and paused too', async () => {
        const page = await showApp(mode, 'grab_dialog');
        const composer = page.locator('agent-chat textarea');
        await composer.click();
        const notice = page.locator('agent-chat agent-chat-app-frame [part="app-paused"]');
        await notice.waitFor({ state: 'visible', timeout: 6000 });
        assert.match(await notice.innerText(), new RegExp(SOURCE_NAME));
        assert.equal(await frames(page), 0);
        assert.equal(await focused(page), 'textarea', 'each grab was given back to the composer');
        await page.keyboard.type(TYPED, { delay: 20 });
        assert.equal(await composer.inputValue(), TYPED);
        assert.deepEqual(servers.record.keys, []);
        await page.close();
      });

      it('a person who tabs into an app, or clicks into its input, types there', async () => {
        const page = await showApp(mode, 'type_form');
        const input = appDocument(page, mode).locator('#grab');
        const got = (text) => () => servers.record.keys.includes(text);
        // Tab from the card's last button before the app moves into it.
        await page.locator('agent-chat textarea').click();
        await page.locator('agent-chat agent-chat-app-frame .toolbar button').last().focus();
        await page.keyboard.press('Tab');
        // Typed once the caret shows in the app: the focus crosses into the frame's own process.
        await hasFocus(input);
        await page.keyboard.type('xyz', { delay: 40 });
        await waitFor(got('xyz'), { timeout: 5000, message: 'the app to get what was typed after Tab' });
        assert.equal(await input.inputValue(), 'xyz');
        await page.locator('agent-chat textarea').click();
        await input.click();
        await hasFocus(input);
        await page.keyboard.type('abc', { delay: 40 });
        await waitFor(got('xyzabc'), { timeout: 5000, message: 'the app to get what was typed after a click' });
        assert.equal(await input.inputValue(), 'xyzabc');
        assert.equal(await page.locator('agent-chat textarea').inputValue(), '');
        await page.close();
      });
    });
  }

  // Both modes at once: each waits some 11 s for the app’s fifth grab.
  describe('an app that takes the focus only every 2.6 s (never three times in 5 s)', { concurrency: true }, () => {
    for (const mode of ['opaque', 'proxy']) {
      it(`${mode === 'proxy' ? 'with' : 'without'} sandbox-url: is paused once its grabs add up to five, however spread out`, async () => {
        const page = await showApp(mode, 'grab_slow');
        const composer = page.locator('agent-chat textarea');
        await composer.click();
        const shown = Date.now();
        const notice = page.locator('agent-chat agent-chat-app-frame [part="app-paused"]');
        await notice.waitFor({ state: 'visible', timeout: 20_000 });
        assert.ok(Date.now() - shown > 7_000, `paused only after several grabs, not at the first ones (${Date.now() - shown} ms)`);
        assert.match(await notice.innerText(), new RegExp(SOURCE_NAME));
        assert.equal(await frames(page), 0, 'the paused app is stopped: its frame is gone');
        assert.equal(await focused(page), 'textarea', 'each grab was given back to the composer');
        await page.keyboard.type('ok', { delay: 30 });
        assert.equal(await composer.inputValue(), 'ok');
        await page.close();
      });
    }
  });
});
