/**
 * The demo's notes page (/notes.html) as a newcomer walks it, on a phone-sized screen, against the
 * demo server itself: its notes MCP server asks for OAuth, the demo's authorization server signs
 * the person in from a window, then a list, an export with progress and Cancel, and a note added
 * through the server's form.
 *
 * Run: npm run build && node --test --test-reporter=spec test/e2e/demo-notes.test.mjs
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { launchChromium } from './browser.mjs';
import { distBuilt, waitFor } from './mcp-fixtures.mjs';

const quiet = () => {};

describe('demo: the notes server behind OAuth (built bundle, 390×844)', () => {
  let server;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('signs in from the button, then lists, exports (cancelled with the keyboard) and adds a note through the form', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}notes.html`);
    const signIn = page.locator('agent-chat [part="mcp-sign-in"]');
    await signIn.waitFor();
    assert.equal(await signIn.innerText(), 'Sign in to notes');
    const box = await signIn.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the button fits the phone screen');

    const opened = context.waitForEvent('page');
    await signIn.click();
    const popup = await opened;
    await popup.getByRole('button', { name: 'Allow' }).click();
    await popup.waitForEvent('close');
    await page.locator('agent-chat agent-chat-mcp-server[status="ready"]').waitFor({ state: 'attached' });

    /** The text of the last reply, as the chat holds it. */
    const replyText = () =>
      page.evaluate(() => {
        const last = document.querySelector('agent-chat').getTurns().at(-1);
        return last?.role === 'assistant'
          ? last.parts
              .filter((part) => part.kind === 'text')
              .map((part) => part.text)
              .join(' ')
          : '';
      });
    const ask = async (text) => {
      const input = page.locator('agent-chat textarea');
      await input.fill(text);
      await input.press('Enter');
    };
    await ask('List my notes');
    await waitFor(async () => /Buy tram tickets/.test(await replyText()), { message: 'the notes listed' });

    await ask('Export my notes');
    const progress = page.locator('agent-chat [part="tool-progress"]');
    await waitFor(async () => /Exporting part \d of 8/.test(await progress.innerText().catch(() => '')), { message: 'the export’s progress' });
    await page.locator('agent-chat [part="tool-cancel"]').focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => /did not finish/.test(await replyText()), { message: 'the agent told it was cancelled' });

    await ask('Add a note');
    const form = page.locator('agent-chat [part="elicitation"]').last();
    await form.getByLabel('Note').fill('Water the plants');
    await form.getByRole('button', { name: 'Submit' }).click();
    await waitFor(async () => /Added "Water the plants"/.test(await replyText()), { message: 'the note added' });
    assert.deepEqual(problems, []);
    await context.close();
  });
});
