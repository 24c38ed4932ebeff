/**
 * An MCP App in full screen on a phone keeps clear of the screen's notch and home bar: the chat
 * tells it `safeAreaInsets` where its box meets the unsafe edges (none in its card), and the
 * official basic example (@modelcontextprotocol/server-basic-vanillajs, unchanged) pads itself by
 * them. The built bundle in Chromium at 390×844, the insets set through the DevTools protocol.
 *
 * Run: npm run build && node --test --test-reporter=spec test/e2e/app-safe-area.test.mjs
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer as createBasicServer } from '@modelcontextprotocol/server-basic-vanillajs';
import { startMcpServer } from '../../demo/mcp-http.mjs';
import { chatTurn, launchChromium } from './browser.mjs';
import { clientToolBackend, distBuilt, mcpServerChild, startPageServer, waitFor } from './mcp-fixtures.mjs';

/** The chat fills a phone's screen, edge to edge (`viewport-fit=cover`, as a full-screen web app does). */
const phonePage = (child) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><title>Phone</title>
<style>html, body { margin: 0; height: 100%; }</style></head><body>
<agent-chat endpoint="/agent" heading="Phone" style="position: fixed; inset: 0; height: 100dvh; display: block">${child}</agent-chat>
<script type="module" src="/dist/agent-chat.js"></script></body></html>`;

describe('MCP Apps: the safe area on a phone', { timeout: 90_000 }, () => {
  let browser;
  let mcp;
  let site;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    mcp = await startMcpServer(createBasicServer);
    site = await startPageServer(clientToolBackend('get-time'), { page: phonePage(mcpServerChild('basic', mcp.url)) });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await mcp?.close();
  });

  it('gives an app in full screen the insets of the notch and home bar, and none in its card', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 47, bottom: 34, left: 0, right: 0 } });
      await page.goto(site.url);
      await chatTurn(page, 'What time is it?');
      const main = page.frameLocator('agent-chat agent-chat-app-frame iframe').first().locator('.main');
      await main.locator('code', { hasText: /\d{4}-/ }).waitFor({ timeout: 15_000 });
      const padding = () => main.evaluate((element) => ({ top: getComputedStyle(element).paddingTop, bottom: getComputedStyle(element).paddingBottom }));
      const inCard = await padding();
      assert.equal(inCard.top, '0px', 'in its card, mid-chat, no inset reaches the app');

      await page.locator('agent-chat agent-chat-app-frame .toolbar button', { hasText: 'Full screen' }).click();
      const full = await waitFor(
        async () => {
          const now = await padding();
          return now.top === '47px' ? now : undefined;
        },
        { timeout: 10_000, message: 'the notch inset in the app' },
      );
      assert.equal(full.bottom, '34px', 'and the home bar');

      await page.locator('agent-chat agent-chat-app-frame .toolbar button').first().click();
      await waitFor(async () => (await padding()).top === '0px', { timeout: 10_000, message: 'no inset back in the card' });
    } finally {
      await page.close();
    }
  });
});
