// The demo's "research" reply in Chromium, on the built bundle: subagent activity nested in the
// reply, labelled, with rich results and a failed subagent — and none of it sent to the model.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium, openPage, openWithKeyboard } from './browser.mjs';

describe('demo page: subagent activity on the built bundle', { timeout: 120_000 }, () => {
  let server;
  let browser;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: () => {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows each subagent under its delegating call, nested and numbered, with rich results; the model’s turns carry none of it', async () => {
    const { page, problems } = await openPage(browser, server.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    const end = await chatTurn(page, 'Research cycling in Amsterdam');
    assert.equal(end.status, 'done');
    const labels = await page.locator('agent-chat-activity .label').allTextContents();
    assert.deepEqual(labels.map((label) => label.trim()).sort(), ['analyst', 'fact-checker, for researcher', 'researcher', 'researcher (2)', 'translator']);
    const translator = page.locator('agent-chat-activity').filter({ has: page.locator('.label', { hasText: /^translator$/ }) });
    assert.equal((await translator.locator('.status').first().textContent()).trim(), 'Failed');

    // The analyst's table and plot, through the activity-HTML policy.
    const analyst = page.locator('agent-chat-activity').filter({ has: page.locator('.label', { hasText: /^analyst$/ }) });
    const cards = analyst.locator('agent-chat-tool-card');
    for (let i = 0; i < (await cards.count()); i++) await openWithKeyboard(cards.nth(i).locator('[part="tool-card-header"]'));
    await analyst.locator('agent-chat-rich-result table').first().waitFor();
    await analyst.locator('agent-chat-rich-result svg polyline').first().waitFor();

    // The subagents' text is in their blocks, not in the reply's text.
    assert.ok(!/fact-check/i.test(end.text.split('\n')[0]), 'the first paragraph is the lead’s own');
    const turns = await page.evaluate(() => document.querySelector('agent-chat').getContextTurns());
    const reply = turns[1];
    assert.ok(
      reply.parts.every((part) => !part.subagentRunId && !part.activity),
      'no activity in the context turns',
    );
    const all = await page.evaluate(
      () =>
        document
          .querySelector('agent-chat')
          .getTurns()[1]
          .parts.filter((part) => part.activity).length,
    );
    assert.ok(all >= 6, `activity cards in getTurns(): ${all}`);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
