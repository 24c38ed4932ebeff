/**
 * MCP Apps end to end, in Chromium: `<agent-chat>` (the built bundle) against the official example
 * MCP App servers (@modelcontextprotocol/server-basic-vanillajs, -budget-allocator,
 * -system-monitor), served on loopback, and against the AG-UI MCP Apps middleware
 * (@ag-ui/mcp-apps-middleware), where the backend owns the MCP server.
 *
 * Run: npm run build && node --test --test-concurrency=1 --test-reporter=spec test/e2e/mcp-official.test.mjs
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer as createBasicServer } from '@modelcontextprotocol/server-basic-vanillajs';
import { createServer as createBudgetServer } from '@modelcontextprotocol/server-budget-allocator';
import { createServer as createSystemMonitorServer } from '@modelcontextprotocol/server-system-monitor';
import { startMcpServer } from '../../demo/mcp-http.mjs';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { chatPage, clientToolBackend, distBuilt, mcpServerChild, middlewareBackend, sleep, startPageServer, waitFor } from './mcp-fixtures.mjs';

const ISO_TIME = /^\d{4}-\d\d-\d\dT/;

/** The app document inside the (first) app frame of the chat. */
const appOf = (page) => page.locator('agent-chat-app-frame iframe').first().contentFrame();

/** Waits until `locator`'s text matches `pattern`; returns the text. */
async function textMatching(locator, pattern, timeout = 15_000) {
  let last;
  try {
    return await waitFor(
      async () => {
        last = await locator.textContent({ timeout: 1000 }).catch(() => undefined);
        return typeof last === 'string' && pattern.test(last.trim()) ? last.trim() : undefined;
      },
      { timeout, message: `text matching ${pattern}` },
    );
  } catch (error) {
    error.message += ` (last text: ${JSON.stringify(last)})`;
    throw error;
  }
}

/**
 * The page's problems, less two expected kinds, as Chromium logs every failed load: the MCP client
 * opens the optional GET event stream, which a stateless server (demo/mcp-http.mjs) declines with
 * 405 as the spec allows; and it asks each server first whether it speaks the 2026-07-28 revision
 * (`server/discover`), which a 2025-era server refuses with 400. Each such console line must match
 * one of those answers.
 */
function unexpected({ problems, declined }, mcpUrl) {
  const strays = declined.filter((request) => request !== `GET ${mcpUrl} 405` && request !== `POST ${mcpUrl} 400 server/discover`);
  assert.deepEqual(strays, [], 'only the GET stream (405) and the revision probe (400) of the MCP endpoint are declined');
  let budget = declined.length;
  return problems.filter((problem) => {
    if (budget > 0 && /Failed to load resource: .*status of (405|400)/.test(problem)) {
      budget -= 1;
      return false;
    }
    return true;
  });
}

/** The only tool card holding an app is the (finished) card titled `title` (a pattern). */
async function assertAppInCard(page, title) {
  const cards = page.locator('agent-chat-tool-card').filter({ has: page.locator('agent-chat-app-frame iframe') });
  assert.equal(await cards.count(), 1, 'one tool card holds the app');
  assert.match((await cards.locator('[part="tool-card-header"] .title').textContent()).trim(), title);
  assert.equal(await cards.locator('[part="tool-card"]').getAttribute('data-status'), 'done');
}

/** Opens the test page, waits for the chat, and records the chat's app-call events. */
async function openChat(browser, site) {
  const page = await browser.newPage();
  const declined = [];
  page.on('response', (response) => {
    const request = response.request();
    if (response.status() === 405) declined.push(`${request.method()} ${response.url()} 405`);
    if (response.status() === 400) declined.push(`${request.method()} ${response.url()} 400${/"server\/discover"/.test(request.postData() ?? '') ? ' server/discover' : ''}`);
  });
  // openPage (browser.mjs) with this page, so the 405 listener sees the very first requests.
  const opened = await openPage({ newPage: async () => page }, site.url);
  opened.declined = declined;
  await opened.page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await opened.page.evaluate(() => {
    window.__appCalls = [];
    document.querySelector('agent-chat').addEventListener('agent-chat-app-call', (event) => window.__appCalls.push(event.detail));
  });
  return opened;
}

/** Runs `body` with servers that are closed afterwards, whatever happens. */
async function withServers(servers, body) {
  try {
    return await body();
  } finally {
    for (const server of servers.reverse()) await server?.close().catch(() => undefined);
  }
}

/**
 * Serves `createServer` over MCP and a chat page with `backend` (whose page has the server as a
 * child when `childName` is given), opens the page, runs `body({ mcp, site, opened, page })`, and
 * closes it all.
 */
async function withAppChat(browser, { createServer, backend, childName }, body) {
  const mcp = await startMcpServer(createServer);
  const site = await startPageServer(await backend(mcp), { page: chatPage(childName ? mcpServerChild(childName, mcp.url) : undefined) });
  await withServers([mcp, site], async () => {
    const opened = await openChat(browser, site);
    try {
      await body({ mcp, site, opened, page: opened.page });
    } finally {
      await opened.page.close();
    }
  });
}

describe('MCP Apps: official example servers', { timeout: 240_000 }, () => {
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first (dist/agent-chat.js is missing)');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  it('basic-vanillajs: the app shows the result; page calls pass the chat check, a refusal never reaches the server; open-link and message', async () => {
    await withAppChat(browser, { createServer: createBasicServer, backend: () => clientToolBackend('get-time'), childName: 'basic' }, async ({ mcp, site, opened, page }) => {
      const end = await chatTurn(page, 'What time is it?');
      assert.equal(end.status, 'done');
      assert.match(end.text, /get-time result/);
      assert.equal(mcp.calls['get-time'], 1, 'the widget ran the tool once for the model');

      // The offered tools and the tool message the model got back.
      assert.ok(
        site.requests[0].tools.some((tool) => tool.name === 'get-time'),
        'get-time offered as a client tool',
      );
      const toolMessage = site.requests[1].messages.find((message) => message.role === 'tool');
      assert.ok(toolMessage, 'the second run carries the tool message');
      assert.match(JSON.parse(toolMessage.content).time, ISO_TIME);

      const app = appOf(page);
      const first = await textMatching(app.locator('#server-time'), ISO_TIME);
      await assertAppInCard(page, /^Get Time$/); // the tool's title, from the server's definition

      // A page tool call the chat's check lets through.
      await page.evaluate(() => {
        window.__checked = [];
        document.querySelector('agent-chat').onAppCall = (call) => {
          window.__checked.push(call.name);
          return true;
        };
      });
      await sleep(5); // the ISO time has millisecond resolution
      await app.locator('#get-time-btn').click();
      await waitFor(() => mcp.calls['get-time'] === 2, { message: "the server's second get-time call" });
      await waitFor(async () => (await app.locator('#server-time').textContent()).trim() !== first, { message: 'a new time in the app' });
      assert.match((await app.locator('#server-time').textContent()).trim(), ISO_TIME);
      assert.deepEqual(await page.evaluate(() => window.__checked), ['get-time']);
      const allowed = await page.evaluate(() => window.__appCalls);
      assert.equal(allowed.length, 1);
      assert.equal(allowed[0].name, 'get-time');
      assert.equal(allowed[0].source, 'basic');
      assert.equal(allowed[0].allowed, true);
      assert.ok(allowed[0].instanceId, 'the call names its card');

      // A refused call: the server never sees it, the app gets an error.
      await page.evaluate(() => {
        document.querySelector('agent-chat').onAppCall = () => 'Not now';
      });
      await app.locator('#get-time-btn').click();
      await waitFor(() => page.evaluate(() => window.__appCalls.length === 2), { message: 'the refused app-call event' });
      const refused = (await page.evaluate(() => window.__appCalls))[1];
      assert.equal(refused.name, 'get-time');
      assert.equal(refused.allowed, false);
      assert.equal(refused.error, 'Not now');
      await textMatching(app.locator('#server-time'), /^\[ERROR\]$/);
      await sleep(200);
      assert.equal(mcp.calls['get-time'], 2, 'the refused call did not reach the server');

      // ui/open-link: the chat asks the page first (cancelable), and opens nothing when refused.
      const link = page.evaluate(
        () =>
          new Promise((resolve) =>
            document.querySelector('agent-chat').addEventListener(
              'agent-chat-open-link',
              (event) => {
                event.preventDefault();
                resolve({ url: event.detail.url, cancelable: event.cancelable });
              },
              { once: true },
            ),
          ),
      );
      const popups = [];
      page.on('popup', (popup) => popups.push(popup.url()));
      await app.locator('#open-link-btn').click();
      assert.deepEqual(await link, { url: 'https://modelcontextprotocol.io/', cancelable: true });
      await sleep(200);
      assert.deepEqual(popups, [], 'a cancelled link opens no window');

      // ui/message: the app proposes its text in the card; on Send it becomes the next turn, marked as the app's.
      const before = site.requests.length;
      const ended = page.evaluate(
        () => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })),
      );
      await app.locator('#send-message-btn').click();
      const proposal = page.locator('agent-chat [part="app-message"]');
      await proposal.waitFor({ timeout: 10_000 });
      assert.match(await proposal.innerText(), /This is message text\./);
      assert.equal(site.requests.length, before, 'nothing is sent before the person presses Send');
      await proposal.getByRole('button', { name: 'Send' }).click();
      assert.equal((await ended).status, 'done');
      const next = site.requests[before];
      assert.ok(next, 'the app message started a run');
      const lastUser = next.messages.filter((message) => message.role === 'user').at(-1);
      const lastText = typeof lastUser.content === 'string' ? lastUser.content : lastUser.content.map((part) => part.text ?? '').join('');
      assert.equal(lastText.trim(), 'This is message text.');
      assert.equal(mcp.calls['get-time'], 2, 'the message did not call the tool again');

      assert.deepEqual(unexpected(opened, mcp.url), []);
      // The app's own transport (ext-apps' default for an App) may log each message in its frame,
      // which is the app's to change; the host's side of the bridge, on the page, logs none.
      assert.deepEqual(
        opened.debug.filter((line) => line.url !== 'about:srcdoc'),
        [],
        'no console.debug line from the page',
      );
    });
  });

  it('budget-allocator renders from structuredContent', async () => {
    await withAppChat(browser, { createServer: createBudgetServer, backend: () => clientToolBackend('get-budget-data'), childName: 'budget' }, async ({ mcp, opened, page }) => {
      const end = await chatTurn(page, 'Show me the budget');
      assert.equal(end.status, 'done');
      assert.equal(mcp.calls['get-budget-data'], 1);
      const app = appOf(page);
      await waitFor(async () => (await app.locator('.slider-row[data-category-id]').count()) === 5, { timeout: 15_000, message: '5 slider rows' });
      const ids = await app.locator('.slider-row[data-category-id]').evaluateAll((rows) => rows.map((row) => row.dataset.categoryId));
      assert.equal(new Set(ids).size, 5, `five distinct categories: ${ids.join(', ')}`);
      await textMatching(app.locator('#status-bar'), /Allocated:\s*\$100,000\s*\/\s*\$100,000/);
      assert.deepEqual(unexpected(opened, mcp.url), []);
    });
  });

  it('system-monitor: the app-only tool is not offered to the model, yet the app polls it', async () => {
    await withAppChat(
      browser,
      { createServer: createSystemMonitorServer, backend: () => clientToolBackend('get-system-info'), childName: 'monitor' },
      async ({ mcp, site, opened, page }) => {
        const end = await chatTurn(page, 'How is the machine doing?');
        assert.equal(end.status, 'done');
        const offered = site.requests[0].tools.map((tool) => tool.name);
        assert.ok(offered.includes('get-system-info'), `get-system-info offered (offered: ${offered.join(', ')})`);
        assert.ok(!offered.includes('poll-system-stats'), 'the app-only poll-system-stats is not offered to the model');
        for (const request of site.requests) assert.ok(!request.tools.some((tool) => tool.name === 'poll-system-stats'));

        const app = appOf(page);
        await textMatching(app.locator('#memory-percent'), /^\d+(\.\d+)?%$/);
        const shown = mcp.calls['poll-system-stats'] ?? 0;
        await waitFor(() => (mcp.calls['poll-system-stats'] ?? 0) >= shown + 2, { timeout: 10_000, message: 'two more poll-system-stats calls (one every 2 s)' });
        await textMatching(app.locator('#status-text'), /\d{1,2}:\d\d:\d\d/);
        const calls = await page.evaluate(() => window.__appCalls);
        assert.ok(calls.length >= 2);
        assert.ok(calls.every((call) => call.name === 'poll-system-stats' && call.allowed === true && call.source === 'monitor'));
        assert.equal(mcp.calls['get-system-info'], 1, 'the model-visible tool ran once');
        assert.deepEqual(unexpected(opened, mcp.url), []);
      },
    );
  });

  it('AG-UI MCP Apps middleware: the backend runs the tool, the app shows in its card, and page calls are relayed', async () => {
    await withAppChat(
      browser,
      { createServer: createBasicServer, backend: async (mcp) => (await middlewareBackend(mcp.url, 'get-time', { serverId: 'basic' })).backend },
      async ({ mcp, site, opened, page }) => {
        const end = await chatTurn(page, 'What time is it?');
        assert.equal(end.status, 'done');
        assert.equal(mcp.calls['get-time'], 1, 'the middleware ran the tool');

        // The app sits in the card of the get-time call (the activity is not a card of its own).
        await page.locator('agent-chat-app-frame iframe').first().waitFor({ timeout: 10_000 });
        assert.equal(await page.locator('agent-chat-app-frame').count(), 1, 'one app frame');
        await assertAppInCard(page, /^get-time$/); // no definition here: the call's name
        const app = appOf(page);
        const first = await textMatching(app.locator('#server-time'), ISO_TIME);

        const relayed = () => site.requests.filter((request) => request.forwardedProps?.__proxiedMCPRequest);
        const reads = relayed().filter((request) => request.forwardedProps.__proxiedMCPRequest.method === 'resources/read');
        assert.equal(reads.length, 1, 'the resource was read through the backend');
        assert.deepEqual(reads[0].forwardedProps.__proxiedMCPRequest.params, { uri: 'ui://get-time/mcp-app.html' });
        assert.equal(reads[0].forwardedProps.__proxiedMCPRequest.serverId, 'basic');

        await sleep(5);
        await app.locator('#get-time-btn').click();
        await waitFor(() => mcp.calls['get-time'] === 2, { message: 'the relayed tools/call to reach the server' });
        const calls = relayed().filter((request) => request.forwardedProps.__proxiedMCPRequest.method === 'tools/call');
        assert.equal(calls.length, 1);
        assert.deepEqual(calls[0].forwardedProps.__proxiedMCPRequest.params, { name: 'get-time', arguments: {} });
        await waitFor(async () => (await app.locator('#server-time').textContent()).trim() !== first, { message: 'a new time in the app' });
        assert.match((await app.locator('#server-time').textContent()).trim(), ISO_TIME);
        const events = await page.evaluate(() => window.__appCalls);
        assert.equal(events.length, 1);
        assert.equal(events[0].allowed, true);
        assert.equal(events[0].source, 'basic');
        assert.deepEqual(unexpected(opened, mcp.url), []);
      },
    );
  });
});
