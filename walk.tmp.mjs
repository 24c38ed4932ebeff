import { startDemoServer } from './demo/server.mjs';
import { chatTurn, launchChromium } from './test/e2e/browser.mjs';
const out = process.argv[2] ?? '/tmp/walk';
const server = await startDemoServer({ port: 0, delayMs: 0, log: () => {} });
const browser = await launchChromium();
try {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1, isMobile: name === 'phone', hasTouch: name === 'phone' });
    const logs = [];
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
    await page.goto(server.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await page.screenshot({ path: `${out}/${name}-0-empty.png` });
    await chatTurn(page, 'What can you do?');
    await page.screenshot({ path: `${out}/${name}-1-tour.png` });
    await chatTurn(page, 'research');
    await page.screenshot({ path: `${out}/${name}-2-research.png` });
    await chatTurn(page, 'weather');
    await page.locator('agent-chat [part="tool-card-header"]').last().click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${out}/${name}-3-weather.png` });
    await chatTurn(page, 'roll dice');
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/${name}-4-dice.png` });
    const pane = page.locator('agent-chat agent-chat-app-frame').last().getByRole('button', { name: /beside/i });
    if (await pane.count()) { await pane.first().click(); await page.waitForTimeout(800); await page.screenshot({ path: `${out}/${name}-5-pane.png` }); }
    console.log(name, 'debug lines', logs.filter((l) => l.startsWith('debug')).length, 'other', logs.filter((l) => !l.startsWith('debug')).slice(0, 10));
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
