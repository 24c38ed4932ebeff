/**
 * An MCP server's life as the chat sees it, in Chromium, on the built bundle, against a real MCP
 * server with sessions (test/servers/mcp-session-server.mjs): its `instructions` reach the backend
 * as a context entry, a changed tool list is what the next run offers, a server that forgot the
 * session is initialized again and the call goes through, a server that is down neither blocks the
 * chat nor stays lost (retried, and at once when the browser is back online), and a server taken
 * off the page has its session ended (DELETE).
 *
 * Run: npm run build && node --test --test-reporter=spec test/e2e/mcp-recovery.test.mjs
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { McpServer } from '@modelcontextprotocol/server';
import { chatTurn, launchChromium } from './browser.mjs';
import { chatPage, distBuilt, mcpServerChild, sleep, startPageServer, waitFor } from './mcp-fixtures.mjs';
import { startSessionMcpServer } from '../servers/mcp-session-server.mjs';

const SERVER = 'agent-chat agent-chat-mcp-server';
const INSTRUCTIONS = 'Plan days in the morning; never book anything without asking.';

function plannerServer() {
  const server = new McpServer({ name: 'planner', version: '1.0.0' }, { instructions: INSTRUCTIONS, capabilities: { tools: { listChanged: true } } });
  server.registerTool('plan_day', { description: 'Plans a day.' }, async () => ({ content: [{ type: 'text', text: 'Morning: tram museum. Afternoon: pastries.' }] }));
  return server;
}

/** A scripted agent: "call" asks for plan_day (then thanks for its result); anything else is answered with text. */
function plannerBackend() {
  return async (input, res, encoder) => {
    const send = (event) => res.write(encoder.encodeSSE(event));
    send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
    const last = (input.messages ?? []).at(-1);
    const wantsCall = last?.role === 'user' && /call/.test(typeof last.content === 'string' ? last.content : JSON.stringify(last.content));
    if (wantsCall) {
      const toolCallId = `call-${input.runId}`;
      send({ type: 'TOOL_CALL_START', toolCallId, toolCallName: 'plan_day', parentMessageId: `m-${input.runId}` });
      send({ type: 'TOOL_CALL_ARGS', toolCallId, delta: '{}' });
      send({ type: 'TOOL_CALL_END', toolCallId });
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, outcome: { type: 'success', pendingToolCallIds: [toolCallId] } });
    } else {
      const messageId = `m-${input.runId}`;
      send({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' });
      send({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: 'Noted.' });
      send({ type: 'TEXT_MESSAGE_END', messageId });
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
    }
    res.end();
  };
}

describe('an MCP server’s instructions, changes, restarts and absences (built bundle)', () => {
  let mcp;
  let pages;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    mcp = await startSessionMcpServer(plannerServer);
    pages = await startPageServer(plannerBackend(), { page: chatPage(mcpServerChild('planner', mcp.url), { attributes: 'storage="none"' }) });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
    await mcp?.close();
  });

  /** The MCP tools a run offered (the chat's own ask_user left out). */
  const offered = (request) =>
    (request.tools ?? [])
      .filter((tool) => tool.metadata?.['agent-chat']?.kind === 'mcp')
      .map((tool) => tool.name)
      .sort();
  const toolResult = (request) => request.messages.findLast((message) => message.role === 'tool')?.content;

  it('gives the server’s instructions as context; a changed tool list is what the next run offers; a forgotten session is made again', async () => {
    const page = await browser.newPage();
    await page.goto(pages.url);
    await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached' });
    await chatTurn(page, 'hello');
    const first = pages.requests.at(-1);
    assert.deepEqual(offered(first), ['plan_day']);
    assert.deepEqual(
      first.context.filter((entry) => entry.description.startsWith('Instructions')),
      [{ description: 'Instructions of MCP server "planner"', value: INSTRUCTIONS }],
    );

    for (const server of mcp.servers()) {
      server.registerTool('pack_bag', { description: 'Packs a bag.' }, async () => ({ content: [{ type: 'text', text: 'Packed.' }] }));
    }
    await waitFor(
      async () => {
        await chatTurn(page, 'anything new?');
        return offered(pages.requests.at(-1)).includes('pack_bag');
      },
      { timeout: 10_000, interval: 300, message: 'pack_bag offered after tools/list_changed' },
    );
    assert.equal(mcp.log.initialized, 1, 'no new session for the change');

    // The server restarts and forgets the session: the call is made again on a new one.
    mcp.forgetSessions();
    const end = await chatTurn(page, 'call it');
    await waitFor(() => pages.requests.at(-1).messages.at(-1)?.role === 'tool', { message: 'the tool result sent on' });
    assert.equal(end.status, 'done');
    assert.match(toolResult(pages.requests.at(-1)), /tram museum/);
    assert.ok(mcp.log.unknownSession >= 1, 'the old session was refused');
    assert.equal(mcp.log.initialized, 2);
    assert.equal(await page.locator(SERVER).getAttribute('status'), 'ready');

    // Taken off the page: the session is ended.
    const deleted = mcp.log.deleted;
    await page.evaluate(() => document.querySelector('agent-chat-mcp-server').remove());
    await waitFor(() => mcp.log.deleted > deleted, { message: 'the DELETE of the session' });
    await page.close();
  });

  it('a server that is down does not block the chat, says why, and is used once it is back (retried; at once when back online)', async () => {
    await mcp.goAway();
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(pages.url);
      await page.locator(`${SERVER}[status="error"]`).waitFor({ state: 'attached' });
      // Said apart from the chat's set-up problems: a server out of reach is not a mistake of the page.
      const down = page.locator('agent-chat [part="mcp-unreachable"]');
      assert.match(await down.innerText(), /“?planner"? \(http:\/\/127\.0\.0\.1:\d+\/mcp\) could not be reached.*Its tools are not offered until it answers/s);
      assert.equal(await page.locator('agent-chat [part="error"]').count(), 0, 'not under “This chat is not set up correctly”');
      const started = Date.now();
      const end = await chatTurn(page, 'hello while it is down');
      assert.equal(end.status, 'done');
      assert.ok(Date.now() - started < 8_000, 'the run did not wait out the server');
      assert.deepEqual(offered(pages.requests.at(-1)), [], 'its tools are not offered');

      // Offline: said as such; back online, it is tried at once (no waiting out the backoff).
      await context.setOffline(true);
      await page.locator(`${SERVER}[status="offline"]`).waitFor({ state: 'attached', timeout: 40_000 });
      await mcp.comeBack();
      await page.evaluate(() => {
        window.seen = [];
        document.addEventListener('agent-chat-mcp-status', (event) => window.seen.push(event.detail.status));
      });
      const back = Date.now();
      await context.setOffline(false);
      // Its retry timer is seconds away by now (1 s doubling after each failure): only `online` is this quick.
      await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached', timeout: 3_000 });
      assert.ok(Date.now() - back < 3_000);
      assert.deepEqual(await page.evaluate(() => window.seen), ['connecting', 'ready']);
      assert.equal(await page.locator('agent-chat [part="mcp-unreachable"]').count(), 0, 'the notice is gone');
      await chatTurn(page, 'hello again');
      assert.deepEqual(offered(pages.requests.at(-1)), ['plan_day'], 'the server, restarted, offers its own tools');
    } finally {
      await context.close();
    }
  });

  it('a server that comes back is retried without the page doing anything', async () => {
    await mcp.goAway();
    const page = await browser.newPage();
    try {
      await page.goto(pages.url);
      await page.locator(`${SERVER}[status="error"]`).waitFor({ state: 'attached' });
      await sleep(500);
      await mcp.comeBack();
      // Retried after 1 s, then 2 s, 4 s…: well within this.
      await page.locator(`${SERVER}[status="ready"]`).waitFor({ state: 'attached', timeout: 15_000 });
    } finally {
      await page.close();
    }
  });
});
