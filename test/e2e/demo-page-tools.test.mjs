// The demo page's own tools on both backends: "accent" calls `set_accent` (Approve / Deny on the
// card first; the page's and the chat's accent change, the card draws a swatch), "form" calls
// `read_form` (the reply sums up the trip form), and "state" is drawn by the page's `stateRenderer`.
// In Chromium on the demo page with the built bundle (run `npm run build` first), one page per
// backend; then, without a browser, what the agents say when a page offers neither tool.
// Run: node --test --test-concurrency=1 test/e2e/demo-page-tools.test.mjs

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { scriptedRun } from '../../demo/scripted-agent.mjs';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

const quiet = () => {};
const TEAL = '#0f766e';

const lastReply = (page) => page.locator('agent-chat [part~="assistant-message"]').last();

/** Resolves with the next response-end detail of the chat (start waiting before the click that causes it). */
const nextResponseEnd = (page) =>
  page.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })));

/** Resolves once `locator`'s text matches `pattern` (a card's body is drawn again on each change of its call). */
async function textMatches(locator, pattern) {
  const until = Date.now() + 5000;
  let text = '';
  while (Date.now() < until) {
    text = (await locator.textContent()) ?? '';
    if (pattern.test(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.match(text, pattern);
}

/** The accent custom properties on the page's root: its own and the chat's. */
const accents = (page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return { page: style.getPropertyValue('--accent'), chat: style.getPropertyValue('--agent-chat-color-accent') };
  });

let server;
let browser;
before(async () => {
  server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

for (const protocol of ['ag-ui', 'ai-sdk']) {
  describe(`demo page, ${protocol}: the page's tools and its shared state`, { timeout: 60_000 }, () => {
    let page;
    let problems;
    before(async () => {
      assert.ok(distBuilt(), 'run `npm run build` first');
      browser ??= await launchChromium();
      ({ page, problems } = await openPage(browser, `${server.url}?protocol=${protocol}`));
      await page.waitForFunction((protocol) => customElements.get('agent-chat') !== undefined && document.querySelector('agent-chat').protocol === protocol, protocol);
    });
    after(async () => {
      assert.deepEqual(problems, []);
      await page?.close();
    });

    it('accent: the card asks first; Approve changes the page’s and the chat’s accent, the card shows the swatch, the reply says so', async () => {
      const paused = await chatTurn(page, 'make the accent teal');
      assert.equal(paused.status, 'done');
      assert.match(paused.text, /The page has its default accent now/, 'the page’s context reached the agent');
      const approval = lastReply(page).locator('[part="approval"]');
      await approval.waitFor();
      const view = lastReply(page).locator('[part="tool-view"]');
      await textMatches(view, /#0f766e\s*not applied yet/);
      assert.doesNotMatch((await accents(page)).chat, /#0f766e/, 'nothing changes before the person answers');

      const ended = nextResponseEnd(page);
      await approval.getByRole('button', { name: 'Approve' }).click();
      const reply = await ended;
      assert.equal(reply.status, 'done');
      assert.match(reply.text, /Done: the accent is now `#0f766e`/);
      const { page: own, chat } = await accents(page);
      assert.match(own, new RegExp(`^light-dark\\(${TEAL}, `));
      assert.match(chat, new RegExp(`^light-dark\\(${TEAL}, `));
      await textMatches(view, /#0f766e\s*applied/);
      const swatch = await view
        .locator('span')
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      assert.equal(swatch, 'rgb(15, 118, 110)');
    });

    it('accent: Deny changes nothing and the reply says it was denied; a colour the schema refuses is not applied', async () => {
      await chatTurn(page, 'make the accent red');
      const approval = lastReply(page).locator('[part="approval"]');
      await approval.getByRole('button', { name: 'Deny' }).click();
      const ended = nextResponseEnd(page);
      await approval.getByRole('button', { name: 'Deny' }).click();
      const denied = await ended;
      assert.match(denied.text, /You denied it, so the accent stays as it was\./);
      await textMatches(lastReply(page).locator('[part="tool-view"]'), /#b91c1c\s*denied: not applied/);
      assert.match((await accents(page)).chat, new RegExp(`^light-dark\\(${TEAL}, `), 'still teal');

      // Not a #rrggbb colour: the page's `parameters` refuse it before anyone is asked.
      const refused = await chatTurn(page, 'accent #12345');
      assert.match(refused.text, /The page did not change its accent: The arguments do not fit the tool's parameters/);
      assert.equal(await lastReply(page).locator('[part="approval"]').count(), 0);
      assert.match((await accents(page)).chat, new RegExp(`^light-dark\\(${TEAL}, `), 'still teal');
    });

    it('form: read_form reads the trip form under the chat and the reply sums it up', async () => {
      await page.locator('#trip-form [name="destination"]').fill('Lisbon');
      await page.locator('#trip-form [name="from"]').fill('2026-05-01');
      await page.locator('#trip-form [name="to"]').fill('2026-05-08');
      await page.locator('#trip-form [name="travellers"]').fill('3');
      const reply = await chatTurn(page, 'read my trip form');
      assert.equal(reply.status, 'done');
      assert.match(reply.text, /You are going to \*\*Lisbon\*\* from 2026-05-01 to 2026-05-08 \(7 nights\), 3 travellers\./);
      assert.match(reply.text, /\| Destination \| Lisbon \|/);
      assert.match(reply.text, /\| Travellers \| 3 \|/);
    });

    it('state: the page’s stateRenderer draws the final state under the reply', async () => {
      const reply = await chatTurn(page, 'state');
      assert.equal(reply.status, 'done');
      const view = lastReply(page).locator('[part="state-view"]');
      await view.getByText('apples, pears, plums').waitFor();
      const text = (await view.textContent()).replace(/\s+/g, ' ');
      assert.match(text, /Shared state/);
      assert.match(text, /counter\s*2/);
      assert.match(text, new RegExp(`updatedBy\\s*${protocol === 'ag-ui' ? 'scripted-agent' : 'ai-sdk-agent'}`));
    });
  });
}

describe('a page that offers neither tool: the agents say so instead of calling one', () => {
  it('AG-UI', async () => {
    for (const [message, tool] of [
      ['make the accent teal', 'set_accent'],
      ['read my trip form', 'read_form'],
    ]) {
      const input = { threadId: 't', runId: 'r', messages: [{ id: 'u', role: 'user', content: message }], tools: [], context: [], state: {}, forwardedProps: {} };
      const events = [];
      for await (const event of scriptedRun(input, { delayMs: 0 })) events.push(event);
      assert.equal(events.filter((event) => event.type === 'TOOL_CALL_START').length, 0);
      const text = events.map((event) => (event.type === 'TEXT_MESSAGE_CONTENT' ? event.delta : '')).join('');
      assert.match(text, new RegExp(`this page offers no such tool.*\`${tool}\``, 's'));
    }
  });

  it('AI SDK', async () => {
    const response = await fetch(new URL('/api/ai-sdk', server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'no-tools', trigger: 'submit-message', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'make the accent teal' }] }] }),
    });
    assert.equal(response.status, 200);
    const chunks = (await response.text())
      .split('\n\n')
      .filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]')
      .map((event) => JSON.parse(event.slice('data: '.length)));
    assert.equal(chunks.filter((chunk) => chunk.type === 'tool-input-start').length, 0);
    const text = chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.delta : '')).join('');
    assert.match(text, /this page offers no such tool/);
  });
});
