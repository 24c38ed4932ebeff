/**
 * An MCP server asking the person for input during a tool call (`elicitation/create`), in
 * Chromium, on the built bundle, against a real MCP server (the SDK's `elicitInput`): the form in
 * the call's card (the app's card, when the app's own call asked), checked before it goes,
 * Submit / Decline / Cancel; a page to open, its host
 * shown plainly, then the server's `notifications/elicitation/complete`; and what a reload shows
 * (the answer, or "not completed" for a request left unanswered).
 *
 * Run: npm run build && node --test --test-reporter=spec test/e2e/mcp-elicitation.test.mjs
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { McpServer } from '@modelcontextprotocol/server';
import { launchChromium } from './browser.mjs';
import { chatPage, distBuilt, jsonCallBackend, sleep, startPageServer, waitFor } from './mcp-fixtures.mjs';
import { startSessionMcpServer } from '../servers/mcp-session-server.mjs';

const ELICITATION = 'agent-chat [part="elicitation"]';
const APP_MIME = 'text/html;profile=mcp-app';
/** An MCP App with a Book button: it calls book_table itself and shows what came back. */
const BOOKING_APP = `<!doctype html><html><body><p id="state">starting</p><button id="book">Book</button><p id="result"></p><script>
let nextId = 0;
const pending = new Map();
const send = (message) => parent.postMessage(message, '*');
const request = (method, params) => new Promise((resolve) => { const id = ++nextId; pending.set(id, resolve); send({ jsonrpc: '2.0', id, method, params }); });
addEventListener('message', (event) => {
  const m = event.data;
  if (!m || m.jsonrpc !== '2.0') return;
  if (m.id !== undefined && !m.method && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); return; }
  if (m.method && m.id !== undefined) send({ jsonrpc: '2.0', id: m.id, result: {} });
});
document.getElementById('book').addEventListener('click', async () => {
  const answer = await request('tools/call', { name: 'book_table', arguments: {} });
  document.getElementById('result').textContent = answer.result?.content?.[0]?.text ?? JSON.stringify(answer.error);
});
(async () => {
  await request('ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'booking', version: '1.0.0' }, appCapabilities: {} });
  send({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
  document.getElementById('state').textContent = 'ready';
})();
</script></body></html>`;
/** What the server's handlers got back from the person. */
const answers = [];
let linkPage = '';

function restaurantServer() {
  const server = new McpServer({ name: 'restaurant', version: '1.0.0' });
  server.registerTool('book_table', { description: 'Books a table, asking who and how many.' }, async (ctx) => {
    const result = await ctx.mcpReq.elicitInput({
      mode: 'form',
      message: 'Who is the table for?',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name', minLength: 1 },
          guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12 },
          terrace: { type: 'boolean', title: 'On the terrace' },
        },
        required: ['name', 'guests'],
      },
    });
    answers.push(result);
    return { content: [{ type: 'text', text: `Booking: ${JSON.stringify(result)}` }] };
  });
  // An app whose own call (its Book button) is the one that asks.
  server.registerTool('booking_app', { description: 'Shows the booking app.', _meta: { ui: { resourceUri: 'ui://restaurant/booking.html' } } }, async () => ({
    content: [{ type: 'text', text: 'The booking app is shown.' }],
  }));
  server.registerResource('booking', 'ui://restaurant/booking.html', { mimeType: APP_MIME }, async (url) => ({
    contents: [{ uri: url.href, mimeType: APP_MIME, text: BOOKING_APP }],
  }));
  server.registerTool('ask_twice', { description: 'Asks two things at once.' }, async (ctx) => {
    const form = (message) => ({ mode: 'form', message, requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } } });
    const both = await Promise.all([ctx.mcpReq.elicitInput(form('First question')), ctx.mcpReq.elicitInput(form('Second question'))]);
    return {
      content: [
        {
          type: 'text',
          text: `Twice: ${both
            .map((answer) => answer.action)
            .sort()
            .join(',')}`,
        },
      ],
    };
  });
  server.registerTool('link_account', { description: 'Links the person’s account on another site.' }, async (ctx) => {
    const result = await ctx.mcpReq.elicitInput({ mode: 'url', message: 'Sign in to the bookings site to link it.', url: linkPage, elicitationId: 'link-1' });
    answers.push(result);
    if (result.action === 'accept') {
      await sleep(300);
      await ctx.mcpReq.notify({ method: 'notifications/elicitation/complete', params: { elicitationId: 'link-1' } });
    }
    return { content: [{ type: 'text', text: `Linking: ${result.action}` }] };
  });
  return server;
}

describe('an MCP server asks the person for input (built bundle)', () => {
  let mcp;
  let pages;
  let browser;
  let context;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    mcp = await startSessionMcpServer(restaurantServer);
    pages = await startPageServer(jsonCallBackend(), {
      page: chatPage(`<agent-chat-mcp-server name="restaurant" url="${mcp.url}"></agent-chat-mcp-server>`, { attributes: 'storage-key="elicitation"' }),
    });
    // A page that answers 200 (a window whose navigation never commits is not reported as a page)
    // and stays open (the sign-in window's last page closes itself at once).
    linkPage = `${pages.url}dist/oauth-callback.js?link=1`;
    browser = await launchChromium();
    context = await browser.newContext();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
    await mcp?.close();
  });

  async function open() {
    const page = await context.newPage();
    await page.goto(pages.url);
    await page.locator('agent-chat agent-chat-mcp-server[status="ready"]').waitFor({ state: 'attached' });
    return page;
  }
  const ask = async (page, tool) => {
    const input = page.locator('agent-chat textarea');
    await input.fill(JSON.stringify({ tool, args: {} }));
    await input.press('Enter');
  };
  const toolMessage = () => pages.requests.at(-1)?.messages?.findLast((message) => message.role === 'tool')?.content ?? '';

  it('shows the form in the call’s card, checks it, and sends the answer; after a reload the answer is shown', async () => {
    const page = await open();
    await ask(page, 'book_table');
    const request = page.locator(ELICITATION).last();
    await request.locator('agent-chat-schema-form').waitFor();
    assert.match(await request.innerText(), /“restaurant” asks:\s*Who is the table for\?/);
    await request.getByLabel('Name').fill('Ada');
    await request.getByLabel('Guests').fill('40');
    await request.getByRole('button', { name: 'Submit' }).click();
    await request.locator('[part="form-summary"]').waitFor();
    assert.equal(answers.length, 0, 'nothing sent while the form does not fit');
    await request.getByLabel('Guests').fill('4');
    await request.getByLabel('On the terrace').check();
    await request.getByRole('button', { name: 'Submit' }).click();
    await waitFor(() => answers.length === 1, { message: 'the server got the answer' });
    assert.deepEqual(answers[0], { action: 'accept', content: { name: 'Ada', guests: 4, terrace: true } });
    await waitFor(() => /Booking: .*"accept"/.test(toolMessage()), { message: 'the result sent on' });
    assert.match(await request.innerText(), /You answered:[\s\S]*"name": "Ada"/);

    await page.reload();
    const restored = page.locator(ELICITATION).last();
    await restored.waitFor();
    assert.match(await restored.innerText(), /You answered:[\s\S]*"guests": 4/);
    assert.equal(await restored.locator('agent-chat-schema-form').count(), 0);
    await page.close();
  });

  it('a question asked during an app’s own call shows in that app’s card, and the app gets the result', async () => {
    const page = await open();
    await ask(page, 'booking_app');
    // The newest card's app (the thread keeps the earlier tests' cards).
    const app = page.locator('agent-chat agent-chat-app-frame iframe').last().contentFrame();
    await app.locator('#state', { hasText: 'ready' }).waitFor();
    const before = answers.length;
    await app.getByRole('button', { name: 'Book' }).click();
    const card = page
      .locator('agent-chat agent-chat-tool-card')
      .filter({ has: page.locator('agent-chat-app-frame') })
      .last();
    const request = card.locator('[part="elicitation"]');
    await request.locator('agent-chat-schema-form').waitFor();
    assert.match(await request.innerText(), /“restaurant” asks:\s*Who is the table for\?/);
    await request.getByLabel('Name').fill('Grace');
    await request.getByLabel('Guests').fill('2');
    await request.getByRole('button', { name: 'Submit' }).click();
    await waitFor(() => answers.length === before + 1, { message: 'the server got the answer' });
    assert.deepEqual(answers.at(-1), { action: 'accept', content: { name: 'Grace', guests: 2, terrace: false } });
    await app.locator('#result', { hasText: /Booking: .*"Grace"/ }).waitFor();
    assert.match(await request.innerText(), /You answered:[\s\S]*"name": "Grace"/);
    await page.close();
  });

  it('an app’s own call ends when its card goes: the server is told, and its question is cancelled', async () => {
    const page = await open();
    await ask(page, 'booking_app');
    // The newest card's app (the thread keeps the earlier tests' cards).
    const app = page.locator('agent-chat agent-chat-app-frame iframe').last().contentFrame();
    await app.locator('#state', { hasText: 'ready' }).waitFor();
    const before = answers.length;
    await app.getByRole('button', { name: 'Book' }).click();
    await page.locator('agent-chat agent-chat-tool-card [part="elicitation"] agent-chat-schema-form').last().waitFor();
    // The card goes (the page replaces the conversation): the call under way ends on the server.
    await page.evaluate(() => document.querySelector('agent-chat').setTurns([]));
    await waitFor(() => answers.length === before + 1, { message: 'the server’s question ended' });
    assert.deepEqual(answers.at(-1), { action: 'cancel' });
    assert.equal(await page.locator(`${ELICITATION} agent-chat-schema-form`).count(), 0);
    await page.close();
  });

  it('Decline and Cancel are sent as such, from the keyboard', async () => {
    const page = await open();
    await ask(page, 'book_table');
    let request = page.locator(ELICITATION).last();
    await request.getByRole('button', { name: 'Decline' }).focus();
    await page.keyboard.press('Enter');
    await waitFor(() => answers.at(-1)?.action === 'decline', { message: 'declined' });
    assert.match(await request.innerText(), /You declined\./);
    // The buttons went with the answer: the keyboard is on the card's header, not lost to the page.
    const focused = () => {
      let element = document.activeElement;
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
      return element?.getAttribute('part');
    };
    assert.equal(await page.evaluate(focused), 'tool-card-header');
    await waitFor(() => /"decline"/.test(toolMessage()), { message: 'the result sent on' });

    await ask(page, 'book_table');
    request = page.locator(ELICITATION).last();
    await request.getByRole('button', { name: 'Cancel' }).click();
    await waitFor(() => answers.at(-1)?.action === 'cancel', { message: 'cancelled' });
    await page.close();
  });

  it('a page to open shows its host plainly, opens on Open, and is done when the server says so', async () => {
    const page = await open();
    await ask(page, 'link_account');
    const request = page.locator(ELICITATION).last();
    await request.getByRole('button', { name: 'Open' }).waitFor();
    assert.match(await request.innerText(), new RegExp(`Opens a page on ${new URL(pages.url).host.replace(/\./g, '\\.')}`));
    const opened = context.waitForEvent('page');
    await request.getByRole('button', { name: 'Open' }).click();
    const popup = await opened;
    assert.equal(await popup.evaluate(() => window.opener), null, 'no opener');
    await popup.close();
    await waitFor(() => answers.at(-1)?.action === 'accept', { message: 'accepted' });
    await waitFor(async () => /Done\./.test(await request.innerText()), { message: 'done once the server completed it' });
    await page.close();
  });

  it('a request left unanswered when the page goes shows as not completed after a reload', async () => {
    const page = await open();
    await ask(page, 'book_table');
    await page.locator(ELICITATION).last().locator('agent-chat-schema-form').waitFor();
    await page.reload();
    const restored = page.locator(ELICITATION).last();
    await restored.waitFor();
    assert.match(await restored.innerText(), /Not completed/);
    assert.equal(await restored.locator('agent-chat-schema-form').count(), 0);
    await page.close();
  });

  it('one question at a time per call: a second one while the first waits is declined', async () => {
    const page = await open();
    await ask(page, 'ask_twice');
    const request = page.locator(ELICITATION).last();
    await request.getByLabel('Name').waitFor();
    assert.equal(await page.locator(`${ELICITATION} agent-chat-schema-form`).count(), 1, 'one form shown');
    await request.getByLabel('Name').fill('Ada');
    await request.getByRole('button', { name: 'Submit' }).click();
    await waitFor(() => /Twice: accept,decline/.test(toolMessage()), { message: 'one answered, one declined' });
    await page.close();
  });
});
