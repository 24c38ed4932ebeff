// The demo's MCP App end to end: the demo server with its dice roller MCP server and the sandbox
// proxy's second origin, the scripted agent calling the dice tool as a client tool, and the demo
// page in Chromium in both of its modes (sandbox proxy, opaque-origin fallback). Loopback only.
// Run: npm run build && node --test test/e2e/demo-mcp.test.mjs

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { DICE_APP_URI, DICE_TOOL, REROLL_TOOL } from '../../demo/mcp-app-server.mjs';
import { scriptedRun } from '../../demo/scripted-agent.mjs';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { waitFor } from './mcp-fixtures.mjs';

const quiet = () => {};
const TIMEOUT = 20_000;

async function collect(run) {
  const events = [];
  for await (const event of run) events.push(event);
  return events;
}

const ofType = (events, type) => events.filter((event) => event.type === type);
const textOf = (events) =>
  ofType(events, 'TEXT_MESSAGE_CONTENT')
    .map((event) => event.delta)
    .join('');

const DICE_TOOL_DEFINITION = { name: DICE_TOOL, description: 'Rolls dice.', parameters: { type: 'object', properties: {} } };

function runInput(messages, extra = {}) {
  return { threadId: 't', runId: `r-${Math.random()}`, messages, tools: [], context: [], state: {}, forwardedProps: {}, ...extra };
}

/** Waits until `read()` returns something truthy. */
async function until(read, message, timeout = TIMEOUT) {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - start > timeout) throw new Error(`Timed out: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The turns the chat shows (each `<agent-chat-message>`'s `turn`), as plain data. */
function turnsOf(page, selector) {
  return page.evaluate((selector) => {
    const messages = document.querySelector(selector).shadowRoot.querySelectorAll('agent-chat-message');
    return [...messages]
      .map((message) => message.turn)
      .map((turn) => ({
        role: turn.role,
        text:
          turn.role === 'assistant'
            ? turn.parts
                .filter((part) => part.kind === 'text')
                .map((part) => part.text)
                .join('\n')
            : turn.text,
        calls: turn.role === 'assistant' ? turn.parts.filter((part) => part.kind === 'tool-call').map((part) => part.name) : [],
      }));
  }, selector);
}

// ---------------------------------------------------------------------------------------------
// Scripted agent and servers, without a browser

describe('scripted agent with the dice roller', () => {
  it('calls the dice tool as a pending client tool when the chat offers it', async () => {
    const events = await collect(scriptedRun(runInput([{ id: 'u1', role: 'user', content: 'Roll 3 dice please' }], { tools: [DICE_TOOL_DEFINITION] }), { delayMs: 0 }));
    const start = ofType(events, 'TOOL_CALL_START')[0];
    assert.equal(start.toolCallName, DICE_TOOL);
    const args = ofType(events, 'TOOL_CALL_ARGS')
      .map((event) => event.delta)
      .join('');
    assert.deepEqual(JSON.parse(args), { dice: 3, sides: 6 });
    assert.equal(ofType(events, 'TOOL_CALL_RESULT').length, 0, 'the client runs it');
    assert.deepEqual(events.at(-1).outcome, { type: 'success', pendingToolCallIds: [start.toolCallId] });
  });

  it('explains instead when the chat does not offer the tool, and keeps the other keywords', async () => {
    const events = await collect(scriptedRun(runInput([{ id: 'u1', role: 'user', content: 'show me the app' }]), { delayMs: 0 }));
    assert.equal(ofType(events, 'TOOL_CALL_START').length, 0);
    assert.match(textOf(events), /offers no `roll_dice` tool/);
    assert.equal(events.at(-1).outcome, undefined);

    const weather = await collect(scriptedRun(runInput([{ id: 'u2', role: 'user', content: 'weather in Oslo' }], { tools: [DICE_TOOL_DEFINITION] }), { delayMs: 0 }));
    assert.deepEqual(
      ofType(weather, 'TOOL_CALL_START').map((event) => event.toolCallName),
      ['get_weather', 'get_forecast'],
    );
  });

  it('describes the result once the tool message comes back, and reads the app context', async () => {
    const history = [
      { id: 'u1', role: 'user', content: 'dice' },
      { id: 'a1', role: 'assistant', content: 'Rolling.', toolCalls: [{ id: 'c1', type: 'function', function: { name: DICE_TOOL, arguments: '{"dice":2}' } }] },
      { id: 'c1:result', role: 'tool', toolCallId: 'c1', content: JSON.stringify({ dice: 2, sides: 6, rolls: [3, 5], total: 8 }) },
    ];
    const result = await collect(scriptedRun(runInput(history, { tools: [DICE_TOOL_DEFINITION] }), { delayMs: 0 }));
    assert.match(textOf(result), /You rolled \*\*3\*\* and \*\*5\*\*: \*\*8\*\* in total\./);
    assert.equal(ofType(result, 'TOOL_CALL_START').length, 0);

    const context = [{ description: 'State of the app', value: JSON.stringify({ dice: 2, sides: 6, rolls: [6, 6], total: 12, roll: 3 }) }];
    const told = await collect(scriptedRun(runInput([...history, { id: 'u2', role: 'user', content: 'I rolled 6 + 6 = 12 on roll #3.' }], { context }), { delayMs: 0 }));
    assert.match(textOf(told), /roll #3 of 2d6, showing 6 \+ 6 = \*\*12\*\*/);
  });
});

describe('demo server with the dice roller MCP server and the sandbox origin', () => {
  let server;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
  });
  after(() => server?.close());

  it('starts the MCP server and the sandbox origin on ports of their own', () => {
    const ports = new Set([server.url, server.mcpUrl, server.sandboxUrl].map((url) => new URL(url).port));
    assert.equal(ports.size, 3);
    assert.match(server.mcpUrl, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.match(server.sandboxUrl, /^http:\/\/127\.0\.0\.1:\d+\/sandbox\.html$/);
  });

  it('fills both URLs into the page', async () => {
    const html = await (await fetch(server.url)).text();
    assert.doesNotMatch(html, /%(MCP|SANDBOX)_URL%/);
    assert.match(html, new RegExp(`<agent-chat-mcp-server name="dice" url="${server.mcpUrl}">`));
    assert.match(html, new RegExp(`sandbox-url="${server.sandboxUrl.replace(/\./g, '\\.')}"`));
    const viaLocalhost = await (await fetch(server.url.replace('127.0.0.1', 'localhost'))).text().catch(() => undefined);
    if (viaLocalhost) assert.match(viaLocalhost, /url="http:\/\/localhost:\d+\/mcp"/, 'the host name the browser used');
  });

  it('serves only sandbox.html on the second origin, without a CSP of its own', async () => {
    const response = await fetch(server.sandboxUrl);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type'), /^text\/html/);
    assert.equal(response.headers.get('content-security-policy'), null);
    assert.match(await response.text(), /sandbox/);
    for (const other of ['/', '/agent-chat.js', '/dist/agent-chat.js', '/api/agent']) {
      const miss = await fetch(new URL(other, server.sandboxUrl));
      assert.equal(miss.status, 404, other);
      await miss.text();
    }
  });

  it('offers the dice tool to models, the reroll tool to apps only, and a self-contained app', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
    try {
      const { tools } = await client.listTools();
      const dice = tools.find((tool) => tool.name === DICE_TOOL);
      const reroll = tools.find((tool) => tool.name === REROLL_TOOL);
      assert.equal(dice._meta.ui.resourceUri, DICE_APP_URI);
      assert.deepEqual(reroll._meta.ui.visibility, ['app']);
      const result = await client.callTool({ name: DICE_TOOL, arguments: { dice: 3 } });
      assert.equal(result.structuredContent.rolls.length, 3);
      assert.equal(
        result.structuredContent.total,
        result.structuredContent.rolls.reduce((a, b) => a + b, 0),
      );
      const resource = await client.readResource({ uri: DICE_APP_URI });
      const [content] = resource.contents;
      assert.equal(content.mimeType, 'text/html;profile=mcp-app');
      assert.match(content.text, /<script>/);
      assert.doesNotMatch(content.text, /<script[^>]+src=|<link[^>]+href=/, 'no network loads: the default app CSP forbids them');
    } finally {
      await client.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The demo page in Chromium

/**
 * Problems on the page, less the 405 answers to the MCP client's optional GET stream and the 400
 * answers to its revision probe (`server/discover`) from the 2025-era dice server (see mcp-official.test.mjs).
 */
const realProblems = (problems) => problems.filter((line) => !/Failed to load resource: .*status of (405|400)/.test(line));

describe('demo page: the dice roller MCP App in both sandbox modes', () => {
  let server;
  let browser;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('without sandbox-url: shows the roll, rolls again through the server, tells the chat', async () => {
    const { page, problems, debug } = await openPage(browser, server.url);
    const chat = '#chat';
    await page.selectOption('#sandbox-select', 'opaque');
    await page.locator('agent-chat#chat:not([sandbox-url])').waitFor({ state: 'attached' });
    assert.equal(await page.locator('agent-chat').count(), 1, 'one chat at a time');
    assert.equal(await page.locator('#chat').getAttribute('storage-key'), 'agent-chat-demo-opaque');
    const callsBefore = { ...server.mcpCalls };
    const calls = (name) => (server.mcpCalls[name] ?? 0) - (callsBefore[name] ?? 0);

    const end = await chatTurn(page, 'Roll the dice for me', chat);
    assert.equal(end.status ?? 'done', 'done');
    assert.equal(calls(DICE_TOOL), 1, 'the widget called the tool over MCP once');

    const frameElement = page.locator(`${chat} agent-chat-app-frame iframe`);
    await frameElement.waitFor({ timeout: TIMEOUT });
    assert.equal(await frameElement.getAttribute('sandbox'), 'allow-scripts');
    assert.equal(await frameElement.getAttribute('src'), null, 'a srcdoc frame');

    const app = page.frameLocator(`${chat} agent-chat-app-frame iframe`);
    await app.locator('#meta', { hasText: 'Roll #1 · 2d6' }).waitFor({ timeout: TIMEOUT });
    assert.equal(await app.locator('.face').count(), 2);
    const firstTotal = Number(await app.locator('#total').textContent());
    assert.ok(firstTotal >= 2 && firstTotal <= 12, `total ${firstTotal}`);

    let turns = await turnsOf(page, chat);
    assert.deepEqual(
      turns.map((turn) => turn.role),
      ['user', 'assistant'],
    );
    assert.deepEqual(turns[1].calls, [DICE_TOOL]);
    assert.match(turns[1].text, new RegExp(`\\*\\*${firstTotal}\\*\\* in total|You rolled \\*\\*${firstTotal}\\*\\*`), 'the reply describes the same roll');

    // The app calls its server tool (visibility ['app']) through the chat.
    await app.getByRole('button', { name: 'Roll again' }).click();
    await app.locator('#meta', { hasText: 'Roll #2 · 2d6' }).waitFor({ timeout: TIMEOUT });
    assert.equal(calls(REROLL_TOOL), 1, 'the server was called from the app');
    const secondTotal = Number(await app.locator('#total').textContent());
    await until(async () => (await app.locator('#status').textContent()).includes('reroll_dice'), 'the app reports the server roll');

    // The app sends a message into the chat; the scripted agent answers with the app's model context.
    const replied = page.evaluate(
      (selector) => new Promise((resolve) => document.querySelector(selector).addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })),
      chat,
    );
    await app.getByRole('button', { name: 'Tell the chat' }).click();
    // The app's message waits in its card for the person's Send.
    const proposal = page.locator(`${chat} [part="app-message"]`);
    await proposal.waitFor({ timeout: TIMEOUT });
    await proposal.getByRole('button', { name: 'Send' }).click();
    await replied;
    turns = await turnsOf(page, chat);
    assert.deepEqual(
      turns.map((turn) => turn.role),
      ['user', 'assistant', 'user', 'assistant'],
    );
    assert.match(turns[2].text, new RegExp(`^I rolled [\\d + ]+ = ${secondTotal} on roll #2\\.$`));
    assert.match(turns[3].text, new RegExp(`roll #2 of 2d6, showing [\\d + ]+ = \\*\\*${secondTotal}\\*\\*`), 'the reply saw the app state');
    await page.locator(`${chat} agent-chat-message`).filter({ hasText: `I rolled` }).first().waitFor({ timeout: TIMEOUT });

    assert.deepEqual(realProblems(problems), []);
    assert.deepEqual(debug, [], 'no console.debug line from the bridge or the app');
    await page.close();
  });

  it('with sandbox-url: shows the app inside the proxy on the second origin', async () => {
    const { page, problems, debug } = await openPage(browser, server.url);
    const chat = '#chat';
    assert.equal(await page.locator('#sandbox-select').inputValue(), 'proxy', 'the default mode');
    assert.equal(await page.locator(chat).getAttribute('sandbox-url'), server.sandboxUrl);
    await chatTurn(page, 'Show me the dice app', chat);

    const proxyElement = page.locator(`${chat} agent-chat-app-frame iframe`);
    await proxyElement.waitFor({ timeout: TIMEOUT });
    assert.equal(await proxyElement.getAttribute('src'), server.sandboxUrl);
    const proxyFrame = await (await proxyElement.elementHandle()).contentFrame();
    // The frame is in the page before its first navigation ends.
    await waitFor(() => proxyFrame.url() !== 'about:blank', { timeout: TIMEOUT, message: 'the proxy page' });
    assert.equal(new URL(proxyFrame.url()).origin, new URL(server.sandboxUrl).origin);
    assert.notEqual(new URL(proxyFrame.url()).origin, new URL(server.url).origin);
    // The spec gives the proxy frame allow-scripts and allow-same-origin, which Chromium warns "can
    // escape its sandboxing": that takes the embedding page's DOM (to drop the attribute), and on
    // an origin of its own the proxy has none.
    const reach = await proxyFrame.evaluate(() => {
      let dom = 'readable';
      try {
        void window.parent.document.title;
      } catch {
        dom = 'blocked';
      }
      return { dom, frameElement: window.frameElement === null ? 'none' : 'reachable' };
    });
    assert.deepEqual(reach, { dom: 'blocked', frameElement: 'none' });

    const app = page.frameLocator(`${chat} agent-chat-app-frame iframe`).frameLocator('iframe');
    await app.locator('#meta', { hasText: 'Roll #1 · 2d6' }).waitFor({ timeout: TIMEOUT });
    const total = Number(await app.locator('#total').textContent());
    assert.equal(await app.locator('.face').count(), 2);
    const turns = await turnsOf(page, chat);
    assert.match(turns[1].text, new RegExp(`\\*\\*${total}\\*\\* in total`));

    // The app's server call works through the proxy too.
    await app.getByRole('button', { name: 'Roll again' }).click();
    await app.locator('#meta', { hasText: 'Roll #2 · 2d6' }).waitFor({ timeout: TIMEOUT });

    assert.deepEqual(realProblems(problems), []);
    assert.deepEqual(debug, [], 'no console.debug line from the bridge, the proxy or the app');
    await page.close();
  });
});
