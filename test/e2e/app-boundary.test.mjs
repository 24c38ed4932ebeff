/**
 * An MCP App cannot pass for the chat: whatever it prefers (`_meta.ui.prefersBorder: false`, and
 * its page draws a reply bubble with Approve / Deny), its box keeps a visible boundary and a label
 * naming its server, outside its frame. The built bundle in Chromium, in both sandbox modes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt } from './mcp-fixtures.mjs';
import { SOURCE_NAME, appDocument, startAppServers } from '../servers/app-pages.mjs';

/** Whether a computed colour can be seen at all (not `transparent`, alpha above 0). */
function visibleColour(colour) {
  const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(colour);
  return colour !== 'transparent' && (!alpha || Number(alpha[1]) > 0);
}

describe('MCP Apps keep a boundary and their source’s name', () => {
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

  for (const mode of ['opaque', 'proxy']) {
    it(`${mode === 'proxy' ? 'with' : 'without'} sandbox-url: an app preferring no border still has one, and a label outside its frame`, async () => {
      const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
      await page.goto(servers.pageUrl(mode));
      await chatTurn(page, 'show_decoy');
      await appDocument(page, mode).locator('#state', { hasText: 'ready' }).waitFor({ timeout: 15_000 });
      const box = page.locator('agent-chat agent-chat-app-frame [part="app-frame"]');
      const sides = await box.evaluate((element) => {
        const style = getComputedStyle(element);
        return ['top', 'right', 'bottom', 'left'].map((side) => ({
          side,
          width: parseFloat(style.getPropertyValue(`border-${side}-width`)),
          style: style.getPropertyValue(`border-${side}-style`),
          colour: style.getPropertyValue(`border-${side}-color`),
        }));
      });
      for (const { side, width, style, colour } of sides) {
        assert.ok(width > 0 && style !== 'none' && style !== 'hidden', `the box's ${side} border is drawn: ${width}px ${style}`);
        assert.ok(visibleColour(colour), `the box's ${side} border colour can be seen: ${colour}`);
      }
      const label = box.locator('[part="app-source"]');
      assert.equal(await label.isVisible(), true, 'the source label is visible');
      assert.match(await label.innerText(), new RegExp(SOURCE_NAME));
      const iframe = box.locator('iframe');
      const [labelBox, frameBox] = [await label.boundingBox(), await iframe.boundingBox()];
      assert.ok(labelBox.y + labelBox.height <= frameBox.y + 0.5, `the label is above the frame (${JSON.stringify({ labelBox, frameBox })})`);
      // The label is the chat's, in the chat's own DOM, not something inside the app's document.
      assert.equal(await label.evaluate((element) => element.closest('agent-chat-app-frame') === null && element.getRootNode().host?.localName), 'agent-chat-app-frame');
      await page.close();
    });
  }
});
