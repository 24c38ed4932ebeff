// Takes the README screenshots of the demo (docs/screenshot.png: a reply with markdown and tool
// cards; docs/screenshot-app.png: an MCP App in its card): `npm run build && node scripts/screenshot.mjs`.
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

  const appPage = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  await appPage.goto(server.url);
  await appPage.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await chatTurn(appPage, 'Roll some dice in the app');
  // Through the sandbox proxy: the app is the frame inside the proxy's frame.
  const app = appPage.locator('agent-chat agent-chat-app-frame iframe').contentFrame().locator('iframe').contentFrame();
  await app.locator('body').waitFor();
  await appPage.waitForTimeout(800);
  await appPage.locator('agent-chat [part="messages"]').evaluate((log) => log.scrollTo({ top: log.scrollHeight }));
  await appPage.waitForTimeout(300);
  await appPage.screenshot({ path: 'docs/screenshot-app.png', fullPage: true });
  console.log('wrote docs/screenshot-app.png');
} finally {
  await browser.close();
  await server.close();
}
