/**
 * Both protocol revisions, in Chromium, on the built bundle: a server that speaks 2026-07-28 (the
 * SDK's `createMcpHandler`) is used at that revision, and its input requests (carried in results)
 * are the same form in the card as a 2025-11-25 server's `elicitation/create`; a server that speaks
 * only 2025-11-25 (with sessions) is used at that one.
 *
 * Run: npm run build && node --test --test-reporter=spec test/e2e/mcp-versions.test.mjs
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { McpServer, acceptedContent, inputRequired } from '@modelcontextprotocol/server';
import { launchChromium } from './browser.mjs';
import { chatPage, distBuilt, jsonCallBackend, startPageServer, waitFor } from './mcp-fixtures.mjs';
import { startModernMcpServer } from '../servers/mcp-modern-server.mjs';
import { startSessionMcpServer } from '../servers/mcp-session-server.mjs';

const NAME_FORM = { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] };

function modernServer() {
  const server = new McpServer({ name: 'modern', version: '1.0.0' });
  server.registerTool('greet_modern', { description: 'Greets, asking the name first.' }, async (ctx) => {
    const answer = acceptedContent(ctx.mcpReq.inputResponses, 'who');
    if (!answer) return inputRequired({ inputRequests: { who: inputRequired.elicit({ message: 'What is your name?', requestedSchema: NAME_FORM }) } });
    return { content: [{ type: 'text', text: `Hello ${answer.name}, at the new revision.` }] };
  });
  return server;
}

function legacyServer() {
  const server = new McpServer({ name: 'legacy', version: '1.0.0' });
  server.registerTool('greet_legacy', { description: 'Greets, asking the name first.' }, async (ctx) => {
    const answer = await ctx.mcpReq.elicitInput({ mode: 'form', message: 'What is your name?', requestedSchema: NAME_FORM });
    return { content: [{ type: 'text', text: `Hello ${answer.content?.name}, at the old revision.` }] };
  });
  return server;
}

describe('MCP protocol revisions 2026-07-28 and 2025-11-25 (built bundle)', () => {
  let modern;
  let legacy;
  let pages;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    modern = await startModernMcpServer(modernServer);
    legacy = await startSessionMcpServer(legacyServer);
    const servers = `<agent-chat-mcp-server name="modern" url="${modern.url}"></agent-chat-mcp-server><agent-chat-mcp-server name="legacy" url="${legacy.url}"></agent-chat-mcp-server>`;
    pages = await startPageServer(jsonCallBackend(), { page: chatPage(servers, { attributes: 'storage="none"' }) });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
    await modern?.close();
    await legacy?.close();
  });

  it('uses each server at the revision it speaks; input asked either way is the same form in the card', async () => {
    const page = await browser.newPage();
    await page.goto(pages.url);
    await waitFor(async () => (await page.locator('agent-chat agent-chat-mcp-server[status="ready"]').count()) === 2, { message: 'both servers ready' });
    const toolMessage = () => pages.requests.at(-1)?.messages?.findLast((message) => message.role === 'tool')?.content ?? '';
    for (const [tool, revision] of [
      ['greet_modern', /new revision/],
      ['greet_legacy', /old revision/],
    ]) {
      const input = page.locator('agent-chat textarea');
      await input.fill(JSON.stringify({ tool, args: {} }));
      await input.press('Enter');
      const request = page.locator('agent-chat [part="elicitation"]').last();
      await request.getByLabel('Name').waitFor();
      assert.match(await request.innerText(), /asks:\s*What is your name\?/);
      await request.getByLabel('Name').fill('Ada');
      await request.getByRole('button', { name: 'Submit' }).click();
      await waitFor(() => revision.test(toolMessage()), { message: `${tool}'s result` });
      assert.match(toolMessage(), /Hello Ada/);
    }
    assert.ok(modern.versions.length > 0 && modern.versions.every((version) => version === '2026-07-28'), `modern: ${modern.versions.join(', ')}`);
    // The old server is asked first whether it speaks the new revision (server/discover); then it is used at its own.
    const [probe, ...used] = legacy.log.versions;
    assert.equal(probe, '2026-07-28');
    assert.ok(used.length > 0 && used.every((version) => version === '2025-11-25'), `legacy: ${used.join(', ')}`);
    await page.close();
  });
});
