/**
 * The view follows the person, on the demo page (built bundle, scripted agent) in Chromium at a
 * desktop and a phone size: a message sent is brought into view and the reply followed; a real
 * wheel turn or scrollbar drag up stops that and shows "Jump to latest"; the next message follows
 * again. Run: npm run build --silent && node --test test/e2e/scroll-follow.test.mjs
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

const STICK_DISTANCE = 48;
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * Installs a per-frame watcher in the page: where the log and the person's last message are as
 * each frame was drawn (read in a task right after the frame, once the element's own resize
 * handling ran).
 */
function watch(page) {
  return page.evaluate(() => {
    const chat = document.querySelector('agent-chat');
    const log = chat.shadowRoot.querySelector('[part="messages"]');
    const frames = [];
    let running = true;
    const step = () => {
      if (!running) return;
      const bubbles = [...chat.shadowRoot.querySelectorAll('agent-chat-message')].flatMap((m) => [...(m.shadowRoot?.querySelectorAll('[part~="user-message"]') ?? [])]);
      const bubble = bubbles.at(-1)?.getBoundingClientRect();
      const box = log.getBoundingClientRect();
      frames.push({
        messages: bubbles.length,
        inView: !!bubble && bubble.top >= box.top - 1 && bubble.bottom <= box.bottom + 1,
        distance: Math.round(log.scrollHeight - log.scrollTop - log.clientHeight),
        jump: !!chat.shadowRoot.querySelector('[part="jump-button"]'),
        scrollTop: Math.round(log.scrollTop),
        scrollHeight: log.scrollHeight,
        clientHeight: log.clientHeight,
      });
      requestAnimationFrame(() => setTimeout(step));
    };
    requestAnimationFrame(() => setTimeout(step));
    window.__stopWatch = () => {
      running = false;
      return frames;
    };
  });
}

const stopWatch = (page) => page.evaluate(() => window.__stopWatch());
const distance = (page) =>
  page.evaluate(() => {
    const log = document.querySelector('agent-chat').shadowRoot.querySelector('[part="messages"]');
    return log.scrollHeight - log.scrollTop - log.clientHeight;
  });
const responseEnd = (page) =>
  page.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (e) => resolve(e.detail), { once: true })));

/** Types `text` into the composer and presses Enter, as the person does. */
async function type(page, text) {
  const input = page.locator('agent-chat textarea');
  await input.fill(text);
  await input.press('Enter');
}

/** Sends `text` and checks every frame until its reply ended: in view first, followed throughout. */
async function sendAndCheckFollow(page, text, label) {
  const before = await page.locator('agent-chat [part~="user-message"]').count();
  await watch(page);
  const ended = responseEnd(page);
  await type(page, text);
  assert.equal((await ended).status, 'done');
  await page.waitForTimeout(100);
  const frames = (await stopWatch(page)).filter((frame) => frame.messages > before);
  assert.ok(frames.length > 5, `${label}: frames watched`);
  assert.ok(
    frames.slice(0, 3).every((frame) => frame.inView),
    `${label}: the message sent is in view at once: ${JSON.stringify(frames.slice(0, 3))}`,
  );
  const lost = frames.find((frame) => frame.jump);
  assert.equal(lost, undefined, `${label}: the log follows the reply: ${JSON.stringify(lost)}`);
  assert.ok((await distance(page)) < STICK_DISTANCE, `${label}: at the end once the reply ended`);
}

describe('the view follows the person (demo page, built bundle)', () => {
  let server;
  let browser;
  before(async () => {
    assert.ok(existsSync('dist/agent-chat.js'), 'run `npm run build` first');
    server = await startDemoServer({ port: 0, delayMs: 4, log: () => {} });
    // With scrollbars (headless Playwright hides them by default), so that one can be dragged.
    browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs, ignoreDefaultArgs: ['--hide-scrollbars'] });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of VIEWPORTS) {
    describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
      let page;
      before(async () => {
        page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
        await page.goto(server.url);
        await page.waitForFunction(() => document.querySelector('agent-chat')?.shadowRoot?.querySelector('[part="messages"]'));
      });
      after(() => page.close());

      it('a message sent right after a reply is brought into view and its reply followed', async () => {
        await sendAndCheckFollow(page, 'Show me the markdown tour', 'first');
        // Sent the moment the last reply ended, as quick people and tests do.
        for (const text of ['ok', 'hi', 'and again']) await sendAndCheckFollow(page, text, text);
      });

      it('a wheel turned up while a reply streams stops the follow; Jump to latest and the next message follow again', async () => {
        const ended = responseEnd(page);
        await type(page, 'long');
        await page.waitForFunction(() => {
          const log = document.querySelector('agent-chat').shadowRoot.querySelector('[part="messages"]');
          return log.scrollHeight - log.clientHeight > 1500;
        });
        const box = await page.locator('agent-chat [part="messages"]').boundingBox();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, -400);
        await page.locator('agent-chat [part="jump-button"]').waitFor();
        await ended;
        await page.waitForTimeout(200);
        assert.ok((await distance(page)) > STICK_DISTANCE, 'not pulled back down');
        await page.locator('agent-chat [part="jump-button"]').click();
        await page.waitForTimeout(200);
        assert.ok((await distance(page)) < STICK_DISTANCE, 'Jump to latest goes to the end');
        assert.equal(await page.locator('agent-chat [part="jump-button"]').count(), 0);
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, -400);
        await page.waitForTimeout(300);
        assert.ok((await distance(page)) > STICK_DISTANCE, 'scrolled up again');
        await sendAndCheckFollow(page, 'ok', 'after scrolling up');
      });

      it('dragging the scrollbar up while a reply streams stops the follow', async () => {
        const ended = responseEnd(page);
        await type(page, 'long');
        await page.waitForFunction(() => {
          const log = document.querySelector('agent-chat').shadowRoot.querySelector('[part="messages"]');
          return log.scrollHeight - log.clientHeight > 1500;
        });
        const bar = await page.evaluate(() => {
          const log = document.querySelector('agent-chat').shadowRoot.querySelector('[part="messages"]');
          const box = log.getBoundingClientRect();
          return { width: log.offsetWidth - log.clientWidth, right: box.right, bottom: box.bottom, top: box.top };
        });
        assert.ok(bar.width > 0, 'the log has a scrollbar');
        const x = bar.right - bar.width / 2;
        await page.mouse.move(x, bar.bottom - bar.width - 6);
        await page.mouse.down();
        await page.mouse.move(x, bar.bottom - 200, { steps: 8 });
        await page.mouse.up();
        await page.locator('agent-chat [part="jump-button"]').waitFor();
        await ended;
        await page.waitForTimeout(200);
        assert.ok((await distance(page)) > STICK_DISTANCE, 'not pulled back down');
        await sendAndCheckFollow(page, 'ok', 'after the drag');
      });
    });
  }
});
