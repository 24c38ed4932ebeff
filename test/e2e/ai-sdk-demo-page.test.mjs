/**
 * The demo page in Chromium on both of its backends (the built bundle): `?protocol=ai-sdk` opens
 * the AI SDK one, the Backend switch goes back to AG-UI, and each loads its own adapter chunk
 * only — a page pays for the protocol it speaks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

describe('the demo page on both backends', () => {
  let server;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    server = await startDemoServer({ port: 0, delayMs: 0, log: () => {}, env: {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('?protocol=ai-sdk talks to the AI SDK backend; the switch goes back to AG-UI; each loads only its adapter', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}?protocol=ai-sdk`);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    const chat = () =>
      page.evaluate(() => {
        const element = document.querySelector('agent-chat');
        return { protocol: element.protocol, endpoint: element.endpoint };
      });
    assert.deepEqual(await chat(), { protocol: 'ai-sdk', endpoint: '/api/ai-sdk' });
    const weather = await chatTurn(page, 'weather in Lisbon');
    assert.equal(weather.status, 'done');
    assert.match(weather.text, /Weather in Lisbon/);
    assert.equal(await page.locator('agent-chat [part~="assistant-message"]').last().locator('[part="tool-card"]').count(), 2);
    assert.ok(
      scripts.some((path) => /\/ai-sdk-[\w-]+\.js$/.test(path)),
      'the AI SDK adapter loaded',
    );
    assert.ok(!scripts.some((path) => /\/ag-ui-[\w-]+\.js$/.test(path)), 'the AG-UI adapter did not');

    await page.locator('#protocol-select').selectOption('ag-ui');
    await page.waitForFunction(() => document.querySelector('agent-chat').protocol === 'ag-ui');
    assert.deepEqual(await chat(), { protocol: 'ag-ui', endpoint: '/api/agent' });
    assert.equal(new URL(page.url()).searchParams.get('protocol'), null);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    const hello = await chatTurn(page, 'hello');
    assert.equal(hello.status, 'done');
    assert.match(hello.text, /AG-UI/);
    assert.ok(
      scripts.some((path) => /\/ag-ui-[\w-]+\.js$/.test(path)),
      'now the AG-UI adapter loaded',
    );
    // The AI SDK backend's conversation is not among AG-UI's.
    const titles = await page.evaluate(async () => (await document.querySelector('agent-chat').listThreads()).map((thread) => thread.title));
    assert.ok(!titles.some((title) => /weather/i.test(title)), titles.join());
  });
});
