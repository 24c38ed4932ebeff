/**
 * MCP calls that outlast the MCP SDK's 60-second default request timeout, in Chromium, on the built
 * bundle, against a real MCP server (the SDK's, with sessions). With no `call-timeout` set (ten
 * minutes by default) a 70-second call ends with its result, whether the server reports progress
 * along the way or says nothing until the end. Both calls run at once, in two pages.
 *
 * Run: npm run build && node --test --test-reporter=spec test/e2e/mcp-seventy-second-calls.test.mjs
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { launchChromium } from './browser.mjs';
import { chatPage, distBuilt, jsonCallBackend, sleep, startPageServer, waitFor } from './mcp-fixtures.mjs';
import { startSessionMcpServer } from '../servers/mcp-session-server.mjs';

const CALL_MS = 70_000;
const PROGRESS = 'agent-chat [part="tool-progress"]';

function slowServer() {
  const server = new McpServer({ name: 'archive', version: '1.0.0' });
  server.registerTool(
    'build_archive',
    { description: 'Builds an archive in `steps` steps over `ms` milliseconds, reporting progress.', inputSchema: { steps: z.number(), ms: z.number() } },
    async ({ steps, ms }, ctx) => {
      const token = ctx.mcpReq._meta?.progressToken;
      for (let step = 1; step <= steps; step++) {
        await sleep(ms / steps);
        if (ctx.mcpReq.signal.aborted) return { content: [{ type: 'text', text: 'stopped' }] };
        if (token !== undefined)
          await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: steps, message: `Part ${step} of ${steps}` } });
      }
      return { content: [{ type: 'text', text: `Archive built in ${steps} parts.` }] };
    },
  );
  server.registerTool('think_quietly', { description: 'Thinks for `ms` milliseconds, saying nothing until the end.', inputSchema: { ms: z.number() } }, async ({ ms }) => {
    await sleep(ms);
    return { content: [{ type: 'text', text: 'Thought it through.' }] };
  });
  return server;
}

describe('MCP calls longer than a minute (built bundle)', () => {
  let mcp;
  let pages;
  let browser;

  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    mcp = await startSessionMcpServer(slowServer);
    pages = await startPageServer(jsonCallBackend(), {
      page: chatPage(`<agent-chat-mcp-server name="archive" url="${mcp.url}"></agent-chat-mcp-server>`, { attributes: 'storage="none" tool-cards="open"' }),
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
    await mcp?.close();
  });

  /** Opens a page, asks for `tool`, and resolves with the page once its reply ended, and when. */
  async function callThrough(tool, args) {
    const page = await browser.newPage();
    await page.goto(pages.url);
    await page.locator('agent-chat agent-chat-mcp-server[status="ready"]').waitFor({ state: 'attached' });
    const ended = page.evaluate(
      () => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail.status), { once: true })),
    );
    const input = page.locator('agent-chat textarea');
    await input.fill(JSON.stringify({ tool, args }));
    const started = Date.now();
    await input.press('Enter');
    return { page, started, ended };
  }

  const toolMessages = () => pages.requests.flatMap((request) => (request.messages ?? []).filter((message) => message.role === 'tool').map((message) => message.content));

  it('a 70-second call ends with its result, with progress or without a word from the server until the end', { timeout: CALL_MS + 60_000 }, async () => {
    const [reporting, quiet] = await Promise.all([callThrough('build_archive', { steps: 7, ms: CALL_MS }), callThrough('think_quietly', { ms: CALL_MS })]);
    // Past the SDK's 60 s default, the progress row is still there and moving.
    await sleep(62_000 - (Date.now() - reporting.started));
    const bar = reporting.page.locator(`${PROGRESS} progress`);
    assert.ok(Number(await bar.getAttribute('value')) >= 5, 'progress past five of seven parts');
    assert.match(await reporting.page.locator(`${PROGRESS} .progress-message`).innerText(), /^Part \d of 7$/);
    assert.equal(await quiet.page.locator(PROGRESS).count(), 1, 'the quiet call is still under way, Cancel offered');

    assert.equal(await reporting.ended, 'done');
    assert.equal(await quiet.ended, 'done');
    await waitFor(() => toolMessages().some((text) => /Archive built in 7 parts/.test(text)) && toolMessages().some((text) => /Thought it through/.test(text)), {
      message: 'both results sent on',
    });
    assert.ok(Date.now() - reporting.started >= CALL_MS, 'the calls ran their full length');
    assert.ok(!toolMessages().some((text) => /timed out|timeout/i.test(text)), 'no timeout reached the model');
    for (const { page } of [reporting, quiet]) {
      assert.equal(await page.locator(PROGRESS).count(), 0);
      assert.equal(await page.locator('agent-chat [part="tool-card-status"]').innerText(), 'Done');
      await page.close();
    }
  });
});
