/**
 * Long MCP calls, in Chromium, on the built bundle, against a real MCP server (the SDK's, with
 * sessions): the server's progress shows in the card as it comes (`part="tool-progress"`), the
 * card's Cancel ends the call on the server (`notifications/cancelled` aborts its handler) and the
 * model is told, Stop ends every call under way, and `call-timeout` bounds a call.
 *
 * Run: npm run build && node --test --test-reporter=spec test/e2e/mcp-long-calls.test.mjs
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { chatTurn, launchChromium } from './browser.mjs';
import { chatPage, distBuilt, jsonCallBackend, sleep, startPageServer, waitFor } from './mcp-fixtures.mjs';
import { startSessionMcpServer } from '../servers/mcp-session-server.mjs';

const PROGRESS = 'agent-chat [part="tool-progress"]';

/** What the server's handlers saw: the calls that ended because the client cancelled them. */
const seen = { cancelled: [] };

function longServer() {
  const server = new McpServer({ name: 'worker', version: '1.0.0' });
  server.registerTool(
    'count_slowly',
    { description: 'Counts to `steps`, one step every `ms` milliseconds, reporting progress.', inputSchema: { steps: z.number(), ms: z.number() } },
    async ({ steps, ms }, ctx) => {
      const token = ctx.mcpReq._meta?.progressToken;
      for (let step = 1; step <= steps; step++) {
        await sleep(ms);
        if (ctx.mcpReq.signal.aborted) {
          seen.cancelled.push(`count_slowly at ${step}`);
          return { content: [{ type: 'text', text: 'stopped' }] };
        }
        if (token !== undefined) {
          await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: steps, message: `Step ${step} of ${steps}` } });
        }
      }
      return { content: [{ type: 'text', text: `Counted to ${steps}.` }] };
    },
  );
  server.registerTool('wait_silently', { description: 'Waits `ms` milliseconds, saying nothing.', inputSchema: { ms: z.number() } }, async ({ ms }, ctx) => {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      ctx.mcpReq.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        seen.cancelled.push('wait_silently');
        resolve();
      });
    });
    return { content: [{ type: 'text', text: 'Waited.' }] };
  });
  return server;
}

describe('long MCP calls: progress, Cancel, Stop, call-timeout (built bundle)', () => {
  let mcp;
  let pages;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    mcp = await startSessionMcpServer(longServer);
    pages = await startPageServer(jsonCallBackend(), {
      page: chatPage(`<agent-chat-mcp-server name="worker" url="${mcp.url}" call-timeout="2500"></agent-chat-mcp-server>`, { attributes: 'storage="none" tool-cards="open"' }),
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
    await mcp?.close();
  });

  async function open() {
    const page = await browser.newPage();
    await page.goto(pages.url);
    await page.locator('agent-chat agent-chat-mcp-server[status="ready"]').waitFor({ state: 'attached' });
    return page;
  }
  const ask = (page, tool, args) => {
    const input = page.locator('agent-chat textarea');
    return input.fill(JSON.stringify({ tool, args })).then(() => input.press('Enter'));
  };
  const toolMessage = () => pages.requests.at(-1)?.messages?.findLast((message) => message.role === 'tool')?.content;

  it('shows the server’s progress and message as they come, then the result; the bar goes with the call', async () => {
    const page = await open();
    const ended = page.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', resolve, { once: true })));
    await ask(page, 'count_slowly', { steps: 6, ms: 300 });
    const bar = page.locator(`${PROGRESS} progress`);
    await waitFor(async () => Number(await bar.getAttribute('value').catch(() => 0)) >= 2, { message: 'progress 2 or more' });
    assert.equal(await bar.getAttribute('max'), '6');
    assert.match(await page.locator(`${PROGRESS} .progress-message`).innerText(), /^Step \d of 6$/);
    assert.equal(await bar.getAttribute('aria-label'), 'Progress of count_slowly');
    await ended;
    await waitFor(() => /Counted to 6/.test(toolMessage() ?? ''), { message: 'the result sent on' });
    assert.equal(await page.locator(PROGRESS).count(), 0, 'no bar once the call ended');
    await page.close();
  });

  it('Cancel ends the call on the server and tells the model; the keyboard reaches it', async () => {
    const page = await open();
    await ask(page, 'count_slowly', { steps: 100, ms: 200 });
    const cancel = page.locator('agent-chat [part="tool-cancel"]');
    await cancel.waitFor();
    await cancel.focus();
    await page.keyboard.press('Enter');
    await waitFor(() => seen.cancelled.some((entry) => entry.startsWith('count_slowly')), { message: 'the server’s handler aborted' });
    await waitFor(() => /cancelled the call of count_slowly/.test(toolMessage() ?? ''), { message: 'the model told' });
    assert.equal(await page.locator(PROGRESS).count(), 0);
    assert.equal(await page.locator('agent-chat [part="tool-card-status"]').innerText(), 'Cancelled', 'not shown as failed');
    // The button went with the call: the keyboard is on the card's header, not lost to the page.
    assert.equal(
      await page.evaluate(() => {
        let element = document.activeElement;
        while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
        return element?.getAttribute('part');
      }),
      'tool-card-header',
    );
    await page.close();
  });

  it('Stop ends the call under way on the server too', async () => {
    const page = await open();
    const before = seen.cancelled.length;
    await ask(page, 'wait_silently', { ms: 20_000 });
    await page.locator(PROGRESS).waitFor();
    await page.evaluate(() => document.querySelector('agent-chat').stop());
    await waitFor(() => seen.cancelled.slice(before).includes('wait_silently'), { message: 'the server’s handler aborted' });
    await page.locator(PROGRESS).waitFor({ state: 'detached' });
    await page.close();
  });

  it('call-timeout bounds a call: the model is told it timed out, and the server that it is cancelled', async () => {
    const page = await open();
    const before = seen.cancelled.length;
    const started = Date.now();
    await chatTurn(page, JSON.stringify({ tool: 'wait_silently', args: { ms: 8_000 } })).catch(() => undefined);
    await waitFor(() => /timed out/i.test(toolMessage() ?? ''), { timeout: 8_000, message: 'a timeout for the model' });
    assert.ok(Date.now() - started < 7_000, 'ended by the 2.5 s limit, not by the call');
    await waitFor(() => seen.cancelled.slice(before).includes('wait_silently'), { message: 'the server told' });
    await page.close();
  });
});
