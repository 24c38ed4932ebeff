/**
 * The built bundles, loaded the way a site loads them — one plain script tag — complete a chat
 * turn against the demo's real AG-UI backend in Chromium: the ES module, the classic loader (which
 * imports the ES build from beside itself, wherever the page is) and the standalone classic file.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { startPageServer } from './mcp-fixtures.mjs';

const pageWith = (script, { inlineStyle = true } = {}) => `<!doctype html><html lang="en"><body>
  <agent-chat endpoint="/api/agent" heading="E2E"${inlineStyle ? ' style="height: 600px"' : ''}></agent-chat>
  ${script}
</body></html>`;

const builds = [
  ['ES module build', '<script type="module" src="/dist/agent-chat.js"></script>'],
  ['classic loader', '<script src="/dist/agent-chat.iife.js"></script>'],
  ['standalone classic build', '<script src="/dist/agent-chat.standalone.js"></script>'],
];

/**
 * Opens `html` at `url` like `openPage`, recording from the start the scripts the page fetches:
 * `scripts()` resolves to their paths and the bytes of each body as transferred.
 */
async function openRecorded(browser, url, html) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  const fetched = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') fetched.push(request.sizes().then((sizes) => ({ path: new URL(request.url()).pathname, bytes: sizes.responseBodySize })));
  });
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await page.goto(url);
  return { page, problems, scripts: () => Promise.all(fetched) };
}

describe('built bundles', () => {
  let server;
  let browser;
  before(async () => {
    for (const file of ['agent-chat.js', 'agent-chat.iife.js', 'agent-chat.standalone.js']) assert.ok(existsSync(`dist/${file}`), 'run `npm run build` first');
    server = await startDemoServer({ port: 0, delayMs: 0, log: () => {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [name, script] of builds) {
    it(`${name}: one script tag registers <agent-chat> and completes a turn`, async () => {
      const { page, problems } = await openPage(browser, `${server.url}e2e-${name.replace(/\W+/g, '-')}.html`, pageWith(script));
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      const end = await chatTurn(page, 'hello');
      assert.equal(end.status, 'done');
      const reply = page.locator('agent-chat [part~="assistant-message"]').last();
      await reply.locator('table').first().waitFor();
      assert.ok((await reply.locator('pre code').count()) > 0, 'code block rendered');
      assert.equal(await page.locator('agent-chat [part~="user-message"]').textContent(), 'hello');

      const tools = await chatTurn(page, 'weather');
      assert.equal(tools.status, 'done');
      const cards = page.locator('agent-chat [part="tool-card-header"]');
      assert.equal(await cards.count(), 2);
      await cards.first().click();
      assert.match(await page.locator('agent-chat [part="tool-card-body"] pre').first().textContent(), /\d/);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  for (const [name, scripts] of [
    ['the module twice (two URLs)', '<script type="module" src="/dist/agent-chat.js"></script><script type="module" src="/dist/agent-chat.js?again"></script>'],
    ['the module, then the classic loader', '<script type="module" src="/dist/agent-chat.js"></script><script src="/dist/agent-chat.iife.js" defer></script>'],
    ['the module, then the standalone script', '<script type="module" src="/dist/agent-chat.js"></script><script src="/dist/agent-chat.standalone.js" defer></script>'],
  ]) {
    it(`loading the script twice (${name}) warns once, throws nothing and chats`, async () => {
      const page = await browser.newPage();
      const errors = [];
      const warnings = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
        if (message.type() === 'warning' && message.text().includes('loaded more than once')) warnings.push(message.text());
      });
      const url = `${server.url}e2e-twice-${name.length}.html`;
      await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: pageWith(scripts) }));
      await page.goto(url);
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      // Both copies have run: the second one's warning is there once the page has loaded.
      await page.waitForLoadState('load');
      await page.waitForTimeout(300);
      assert.equal((await chatTurn(page, 'hello')).status, 'done');
      assert.deepEqual(errors, []);
      assert.equal(warnings.length, 1, warnings.join('\n'));
      await page.close();
    });
  }

  it('the classic loader on a page in another directory loads its chunks from the script’s directory', async () => {
    const { page, problems, scripts } = await openRecorded(browser, `${server.url}shop/checkout/x.html`, pageWith('<script src="/dist/agent-chat.iife.js"></script>'));
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    assert.equal((await chatTurn(page, 'weather')).status, 'done');
    await page.locator('agent-chat [part="tool-card-header"]').first().waitFor();
    const urls = (await scripts()).map((script) => script.path);
    assert.ok(urls.includes('/dist/agent-chat.js'), urls.join(', '));
    assert.ok(urls.some((url) => /^\/dist\/markdown-[\w-]+\.js$/.test(url)) && urls.some((url) => /^\/dist\/tool-views-[\w-]+\.js$/.test(url)), `lazy chunks: ${urls.join(', ')}`);
    assert.deepEqual(
      urls.filter((url) => !url.startsWith('/dist/')),
      [],
      'nothing from the page’s directory',
    );
    // The module's exports, as the standalone build gives them.
    assert.equal(await page.evaluate(() => typeof window.AgentChat?.askPerson), 'function');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('the classic first load (loader + the ES build it imports) is at most 1.2× the ES first load', async () => {
    // A page with the script and no chat yet: nothing is drawn, so no lazy chunk is needed; what
    // it fetches before the element is defined and the network is idle is the first load.
    const firstLoad = async (script, name) => {
      const { page, problems, scripts } = await openRecorded(browser, `${server.url}first-load-${name}.html`, `<!doctype html><html lang="en"><body>${script}</body></html>`);
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      await page.waitForLoadState('networkidle');
      const fetched = await scripts();
      assert.deepEqual(problems, []);
      await page.close();
      return fetched;
    };
    const es = await firstLoad(builds[0][1], 'es');
    const classic = await firstLoad(builds[1][1], 'classic');
    const bytes = (scripts) => scripts.reduce((sum, script) => sum + script.bytes, 0);
    const names = (scripts) => scripts.map((script) => script.path).sort();
    assert.deepEqual(names(es), ['/dist/agent-chat.js'], 'the ES first load is one file');
    assert.deepEqual(names(classic), ['/dist/agent-chat.iife.js', '/dist/agent-chat.js']);
    assert.ok(bytes(es) > 10_000, `${bytes(es)} bytes counted`);
    const ratio = bytes(classic) / bytes(es);
    assert.ok(ratio <= 1.2, `classic ${bytes(classic)} bytes, ES ${bytes(es)} bytes: ${ratio.toFixed(3)}×`);
  });

  it('a page on another origin embeds the chat against the demo’s agent (CORS, with a preflight)', async () => {
    const embed = await startPageServer(async (_input, res) => res.end(), {
      page: `<!doctype html><html lang="en"><body>
        <agent-chat endpoint="${server.url}api/agent" headers='{"Authorization": "Bearer demo"}' storage="none" style="height: 600px"></agent-chat>
        <script type="module" src="/dist/agent-chat.js"></script>
      </body></html>`,
    });
    try {
      assert.notEqual(new URL(embed.url).origin, new URL(server.url).origin);
      const { page, problems } = await openPage(browser, embed.url);
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      const end = await chatTurn(page, "What's the weather in Lisbon?");
      assert.equal(end.status, 'done');
      assert.match(end.text, /Lisbon/);
      assert.deepEqual(problems, []);
      await page.close();
    } finally {
      await embed.close();
    }
  });

  it('the demo page loads the built bundle and chats with the scripted agent', async () => {
    const { page, problems } = await openPage(browser, server.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    const end = await chatTurn(page, "What's the weather in Lisbon?");
    assert.equal(end.status, 'done');
    assert.match(end.text, /Lisbon/);
    assert.equal(await page.locator('agent-chat [part="tool-card"]').count(), 2);
    assert.deepEqual(problems, []);
    await page.close();
  });

  // Code is coloured in a Worker started from a `blob:` address: a page that allows one in
  // `worker-src` sees no violation at all; one that does not sees that single refusal, and its
  // code shows as plain text.
  for (const workers of ['blob:', 'none']) {
    const csp = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:${workers === 'blob:' ? "; worker-src 'self' blob:" : ''}`;
    it(`works under a strict Content-Security-Policy (no eval, no inline code), blob: workers ${workers === 'blob:' ? 'allowed: no violation, code coloured' : 'refused: that refusal only, code plain'}`, async () => {
      const page = await browser.newPage();
      const url = `${server.url}csp-${workers === 'blob:' ? 'workers' : 'no-workers'}.html`;
      await page.addInitScript(() => {
        window.__violations = [];
        document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
      await page.route(url, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          headers: { 'Content-Security-Policy': csp },
          // The page itself has no inline style either, so any violation would be the widget's.
          body: pageWith(builds[0][1], { inlineStyle: false }),
        }),
      );
      await page.goto(url);
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      const end = await chatTurn(page, 'hello');
      assert.equal(end.status, 'done');
      await page.locator('agent-chat [part~="assistant-message"] table').first().waitFor();
      const code = page.locator('agent-chat [part~="assistant-message"] pre code').first();
      await code.waitFor();
      if (workers === 'blob:') {
        await code.locator('span[class^="hljs-"]').first().waitFor({ timeout: 10_000 });
        assert.deepEqual(await page.evaluate(() => window.__violations), []);
      } else {
        await page.waitForFunction(() => window.__violations.length > 0, undefined, { timeout: 10_000 });
        await page.waitForTimeout(300);
        assert.deepEqual(await page.evaluate(() => window.__violations), ['worker-src blob']);
        assert.equal(await code.locator('span[class^="hljs-"]').count(), 0, 'the code stays plain');
        assert.ok((await code.textContent()).length > 10, 'the code is shown');
      }
      await page.close();
    });
  }

  it('the ES build is minified and the package points at files that exist', () => {
    const code = readFileSync('dist/agent-chat.js', 'utf8');
    const averageLine = code.length / code.split('\n').length;
    // Only CSS inside template literals keeps its line breaks; minified code has long lines and mangled names.
    assert.ok(averageLine > 100, `expected a minified ES build, found ${Math.round(averageLine)} characters a line`);
    assert.ok(!code.includes('activeReplyIndex'), 'module-level names are mangled');
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    for (const target of [pkg.main, pkg.types, pkg.exports['.'].import, pkg.exports['.'].types, pkg.exports['./iife'], pkg.exports['./standalone'], pkg.customElements]) {
      assert.ok(existsSync(target), `${target} exists`);
    }
    const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
    const declarations = manifest.modules.flatMap((module) => module.declarations ?? []);
    const chat = declarations.find((declaration) => declaration.tagName === 'agent-chat');
    assert.ok(chat, 'agent-chat is in custom-elements.json');
    for (const part of ['base', 'messages', 'tool-card', 'send-button', 'stop-button', 'error']) {
      assert.ok(
        chat.cssParts.some((p) => p.name === part),
        `part ${part} documented`,
      );
    }
    assert.ok(
      chat.attributes.some((a) => a.name === 'tool-cards'),
      'attributes documented',
    );
  });
});
