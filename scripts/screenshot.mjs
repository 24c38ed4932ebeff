// Takes the screenshots of the demo shown in the README and docs/ (docs/screenshot.png: a reply with markdown and tool
// cards; docs/screenshot-app.png: an MCP App in its card; docs/screenshot-ask.png: the agent's
// questions, answered, and an approval waiting; docs/screenshot-popup.png and
// docs/screenshot-popup-phone.png: mode="popup" open over the demo's product page, on a desktop
// and on a phone; docs/screenshot-extras.png: an attached image described back, highlighted code,
// Copy and the thumbs, follow-up chips; docs/screenshot-math.png: math and an open list of
// sources): `npm run build && node scripts/screenshot.mjs`.
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

  const askPage = await browser.newPage({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  await askPage.goto(server.url);
  await askPage.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await chatTurn(askPage, 'Help me plan a trip');
  const questions = askPage.locator('agent-chat form[part="question-form"]');
  await questions.waitFor();
  const options = questions.locator('.option input');
  await options.nth(0).check();
  await options.nth(2).check();
  await askPage.locator('agent-chat .option', { hasText: 'One week' }).locator('input').check();
  const answered = askPage.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', resolve, { once: true })));
  await questions.locator('button[type="submit"]').click();
  await answered;
  await chatTurn(askPage, 'Now delete the old files');
  await askPage.locator('agent-chat [part="approval"]').waitFor();
  // Tall enough for the answered questions and the approval together.
  await askPage.locator('agent-chat').evaluate((chat) => (chat.style.height = '1150px'));
  await askPage.waitForTimeout(200);
  await askPage.locator('agent-chat [part="messages"]').evaluate((log) => log.scrollTo({ top: log.scrollHeight }));
  await askPage.waitForTimeout(300);
  await askPage.screenshot({ path: 'docs/screenshot-ask.png', fullPage: true });
  console.log('wrote docs/screenshot-ask.png');

  // Code in three languages, then an image attached through the button and described back.
  const extrasPage = await browser.newPage({ viewport: { width: 1100, height: 1100 }, deviceScaleFactor: 1 });
  await extrasPage.goto(server.url);
  await extrasPage.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  const extrasChat = extrasPage.locator('agent-chat');
  await extrasChat.evaluate((chat) => (chat.style.height = '1000px'));
  await chatTurn(extrasPage, 'Show me code in three languages');
  await extrasPage.locator('agent-chat .hljs-keyword').first().waitFor();
  await extrasPage.locator('agent-chat [part~="feedback-button"]').first().click();
  const chooser = extrasPage.waitForEvent('filechooser');
  await extrasPage.locator('agent-chat [part~="attach-button"]').click();
  await (await chooser).setFiles('docs/screenshot-popup-phone.png');
  await extrasPage.locator('agent-chat [part~="attachment"] img').waitFor();
  await chatTurn(extrasPage, 'What can you tell me about this picture?');
  await extrasPage.locator('agent-chat [part="messages"]').evaluate((log) => log.scrollTo({ top: log.scrollHeight }));
  await extrasPage.evaluate(() => document.activeElement?.blur());
  await extrasPage.mouse.move(0, 0); // no hover left on the paperclip
  await extrasPage.waitForTimeout(400);
  await extrasChat.screenshot({ path: 'docs/screenshot-extras.png' });
  console.log('wrote docs/screenshot-extras.png');

  // Math, then an answer with its sources listed.
  const mathPage = await browser.newPage({ viewport: { width: 1100, height: 1100 }, deviceScaleFactor: 1 });
  await mathPage.goto(server.url);
  await mathPage.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  const mathChat = mathPage.locator('agent-chat');
  await mathChat.evaluate((chat) => (chat.style.height = '1000px'));
  await chatTurn(mathPage, 'Show me an equation');
  await mathPage.locator('agent-chat .katex').first().waitFor();
  await chatTurn(mathPage, 'How many people cycle in Amsterdam? Cite your sources.');
  await mathPage.locator('agent-chat [part~="sources"] summary').last().click();
  await mathPage.evaluate(() => document.fonts.ready);
  await mathPage.locator('agent-chat [part="messages"]').evaluate((log) => log.scrollTo({ top: log.scrollHeight }));
  await mathPage.evaluate(() => document.activeElement?.blur());
  await mathPage.waitForTimeout(400);
  await mathChat.screenshot({ path: 'docs/screenshot-math.png' });
  console.log('wrote docs/screenshot-math.png');

  // The popup on the product page: opened from its launcher, one question answered.
  for (const [file, viewport] of [
    ['docs/screenshot-popup.png', { width: 1280, height: 800 }],
    ['docs/screenshot-popup-phone.png', { width: 390, height: 844 }],
  ]) {
    const shopPage = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    await shopPage.goto(new URL('shop.html', server.url).href);
    await shopPage.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await shopPage.locator('agent-chat [part="launcher"]').click();
    await chatTurn(shopPage, 'Will it arrive in Oslo by Friday? And what is the weather there?');
    await shopPage.locator('agent-chat [part="messages"]').evaluate((log) => log.scrollTo({ top: log.scrollHeight }));
    // The composer keeps the keyboard; without its focus ring the picture is calmer.
    await shopPage.evaluate(() => document.activeElement?.blur());
    await shopPage.waitForTimeout(400);
    await shopPage.screenshot({ path: file });
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
  await server.close();
}
