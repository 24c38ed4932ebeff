// Takes the README screenshot (docs/screenshot.png) of the demo: `npm run build && node scripts/screenshot.mjs`.
import { startDemoServer } from '../demo/server.mjs';
import { chatTurn, launchChromium } from '../test/e2e/browser.mjs';

const server = await startDemoServer({ port: 0, delayMs: 0, log: () => {} });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  await page.goto(server.url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await chatTurn(page, 'What can you do?');
  await chatTurn(page, "What's the weather in Lisbon?");
  await page.locator('agent-chat [part="tool-card-header"]').first().click();
  // Clicking scrolled the card into view; go back to the end of the conversation, as a person would.
  await page.locator('agent-chat [part="messages"]').evaluate((log) => log.scrollTo({ top: log.scrollHeight }));
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'docs/screenshot.png', fullPage: true });
  console.log('wrote docs/screenshot.png');
} finally {
  await browser.close();
  await server.close();
}
