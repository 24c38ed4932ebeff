/**
 * The demo on a phone (390×844, touch) and on a desktop (1280×800), as a person walks it: every
 * control is at least 24×24 px (WCAG 2.5.8), tables scroll sideways instead of breaking words,
 * and nothing leaves the chat's box.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium } from './browser.mjs';

/** Controls smaller than 24×24 in the page and every shadow root (a checkbox counts with its label). */
function smallTargets() {
  const small = [];
  const visit = (root) => {
    for (const control of root.querySelectorAll('button, summary, [role="button"], input[type="checkbox"], input[type="radio"]')) {
      const rect = (control.closest('label') ?? control).getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.width < 24 || rect.height < 24) {
        small.push(
          `${control.getAttribute('part') ?? control.className ?? control.tagName} "${(control.textContent || control.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
        );
      }
    }
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) visit(element.shadowRoot);
  };
  visit(document);
  return small;
}

/** Words of table cells in replies that the browser broke across lines, and tables wider than their reply. */
function tableProblems() {
  const problems = [];
  const tables = [];
  const visit = (root) => {
    tables.push(...root.querySelectorAll('.assistant table'));
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) visit(element.shadowRoot);
  };
  visit(document);
  for (const table of tables) {
    const reply = table.closest('.assistant').getBoundingClientRect();
    const box = table.getBoundingClientRect();
    if (box.right > reply.right + 1) problems.push(`a table reaches past its reply (${Math.round(box.right)} > ${Math.round(reply.right)})`);
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // A line may end after a hyphen ("fact-|checker"), never inside a word.
      for (const match of node.data.matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) problems.push(`"${match[0]}" is broken across ${lines.size} lines`);
      }
    }
  }
  return { problems, tables: tables.length, scrolling: tables.filter((table) => table.scrollWidth > table.clientWidth + 1).length };
}

describe('the demo at phone and desktop sizes', () => {
  let server;
  let browser;
  before(async () => {
    assert.ok(existsSync('dist/agent-chat.js'), 'run `npm run build` first');
    server = await startDemoServer({ port: 0, delayMs: 0, log: () => {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('phone: an empty composer is one line high and keeps its height when Send turns into Stop (no layout jump under the log)', async () => {
    // The demo's own pace, so the reply is still streaming when it is measured.
    const paced = await startDemoServer({ port: 0, log: () => {} });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await page.goto(paced.url);
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      const height = () => page.locator('agent-chat [part="composer"]').evaluate((composer) => composer.getBoundingClientRect().height);
      const idle = await height();
      assert.ok(idle < 60, `an empty composer is one line high (${idle} px), its placeholder not wrapped`);
      const input = page.locator('agent-chat textarea');
      await input.fill('What can you do?');
      await input.press('Enter');
      await page.locator('agent-chat [part="stop-button"]').waitFor();
      assert.equal(await height(), idle, 'while streaming');
    } finally {
      await page.close();
      await paced.close();
    }
  });

  for (const [name, viewport, touch] of [
    ['phone', { width: 390, height: 844 }, true],
    ['desktop', { width: 1280, height: 800 }, false],
  ]) {
    it(`${name}: controls are at least 24×24 and table words stay whole`, async () => {
      const page = await browser.newPage({ viewport, isMobile: touch, hasTouch: touch });
      await page.goto(server.url);
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      await chatTurn(page, 'What can you do?');
      await chatTurn(page, 'research');
      await chatTurn(page, 'weather');
      // A second version of the last reply: the version switcher shows.
      const regenerated = page.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', resolve, { once: true })));
      await page.locator('agent-chat [part="regenerate-button"]').click();
      await regenerated;
      await page.locator('agent-chat [part="branch-switcher"]').first().waitFor();
      await chatTurn(page, 'error');
      await chatTurn(page, 'delete the old files');
      await page.locator('agent-chat [part="approval"]').getByRole('button', { name: 'Edit arguments' }).click();
      await page.locator('agent-chat [part="threads-button"]').click();
      await page.locator('agent-chat [part="thread-item"]').first().waitFor();

      assert.deepEqual(await page.evaluate(smallTargets), [], 'controls under 24×24');
      const tables = await page.evaluate(tableProblems);
      assert.ok(tables.tables >= 2, `the replies have tables (${tables.tables})`);
      assert.deepEqual(tables.problems, []);
      if (name === 'phone') assert.ok(tables.scrolling > 0, 'a wide table scrolls sideways on a phone');
      await page.close();
    });
  }
});
