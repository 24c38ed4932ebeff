/**
 * The page's own tools and context on the built widget with `protocol="ai-sdk"`, against the real
 * AI SDK v7 test server: it declares the tools it finds in `body["agent-chat"].tools` without
 * `execute`, so the widget runs them and sends `output-available` / `output-error` back.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatTurn } from './browser.mjs';
import { aiSdkSuite, lastReply, nextResponseEnd, turns } from './ai-sdk-page.mjs';

/** Gives the chat two page tools; every handler call is kept in `window.toolCalls`. */
function givePageTools(page, { confirm = false } = {}) {
  return page.evaluate((confirm) => {
    window.toolCalls = [];
    const chat = document.querySelector('agent-chat');
    chat.tools = [
      {
        name: 'set_accent',
        description: "Changes the page's accent colour.",
        parameters: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
        confirm,
        handler: (args, { threadId, runId, toolCallId, signal }) => {
          window.toolCalls.push({ args, threadId, runId, toolCallId, aborted: signal.aborted });
          document.body.style.setProperty('--accent', args.color);
          return { applied: args.color };
        },
      },
      {
        name: 'read_form',
        description: 'Reads the form on the page.',
        handler: () => {
          throw new Error('The form is gone');
        },
      },
    ];
    chat.context = () => [{ description: 'The cart', value: { items: 2, total: 31.5 } }];
  }, confirm);
}

describe('page tools on the AI SDK wire (real AI SDK server)', () => {
  const suite = aiSdkSuite();
  const requestsSince = (count) => suite.ai.requests.slice(count).filter((request) => request.body);

  it('the server declares them from body["agent-chat"].tools; the handler runs and its return goes back as output-available', async () => {
    const { page } = await suite.open();
    await givePageTools(page);
    const before = suite.ai.requests.length;
    const ended = await chatTurn(page, 'mcp set_accent {"color":"#336699"}');
    assert.equal(ended.status, 'done');
    assert.match(ended.text, /Tool said: \{"applied":"#336699"\}/);
    const [first, continued] = requestsSince(before);
    const offered = first.body['agent-chat'].tools.find((tool) => tool.name === 'set_accent');
    assert.deepEqual(offered.parameters.required, ['color']);
    assert.deepEqual(first.body['agent-chat'].context.at(-1), { description: 'The cart', value: { items: 2, total: 31.5 } }, 'context values go as they are');
    const part = continued.body.messages.at(-1).parts.find((p) => p.type === 'tool-set_accent');
    assert.equal(part.state, 'output-available');
    assert.deepEqual(part.output, { applied: '#336699' });
    const calls = await page.evaluate(() => window.toolCalls);
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0].args, { color: '#336699' });
    assert.equal(calls[0].toolCallId, part.toolCallId);
    assert.equal(calls[0].threadId, continued.body.id);
    assert.equal(await page.evaluate(() => document.body.style.getPropertyValue('--accent')), '#336699', 'the page changed');
  });

  it('a handler that throws goes back as output-error, and the card says why', async () => {
    const { page } = await suite.open();
    await givePageTools(page);
    const before = suite.ai.requests.length;
    const ended = await chatTurn(page, 'mcp read_form');
    assert.match(ended.text, /Tool failed: The tool failed: The form is gone/);
    const [, continued] = requestsSince(before);
    const part = continued.body.messages.at(-1).parts.find((p) => p.type === 'tool-read_form');
    assert.equal(part.state, 'output-error');
    assert.equal(part.errorText, 'The tool failed: The form is gone');
    const card = lastReply(page).locator('[part="tool-card"]');
    assert.match(await card.locator('[part="tool-card-status"]').textContent(), /Failed/);
  });

  it('confirm: Approve on the card runs the handler, then the same message goes on', async () => {
    const { page } = await suite.open();
    await givePageTools(page, { confirm: true });
    const paused = await chatTurn(page, 'mcp set_accent {"color":"#aa0000"}');
    assert.equal(paused.status, 'done');
    const approval = lastReply(page).locator('[part="approval"]');
    await approval.waitFor();
    assert.deepEqual(await page.evaluate(() => window.toolCalls), [], 'nothing runs before the person answers');
    const assistantId = (await turns(page)).at(-1).wire.id;
    const ended = nextResponseEnd(page);
    await approval.getByRole('button', { name: 'Approve' }).click();
    const after = await ended;
    assert.match(after.text, /Tool said: \{"applied":"#aa0000"\}/);
    assert.equal((await page.evaluate(() => window.toolCalls)).length, 1);
    const reply = (await turns(page)).at(-1);
    assert.equal(reply.wire.id, assistantId, 'one message, continued');
    assert.equal(reply.wire.parts.find((p) => p.type === 'tool-set_accent').state, 'output-available');
  });

  it('confirm: Deny sends output-error "Denied by the person" and runs nothing', async () => {
    const { page } = await suite.open();
    await givePageTools(page, { confirm: true });
    await chatTurn(page, 'mcp set_accent {"color":"#00aa00"}');
    const approval = lastReply(page).locator('[part="approval"]');
    await approval.getByRole('button', { name: 'Deny' }).click();
    const ended = nextResponseEnd(page);
    await approval.getByRole('button', { name: 'Deny' }).click();
    const after = await ended;
    assert.match(after.text, /Tool failed: Denied by the person/);
    assert.deepEqual(await page.evaluate(() => window.toolCalls), []);
  });

  it("a page tool's render draws its card; the shared state (data-agent-chat-state) is drawn under the reply and announced; other data parts reach the page", async () => {
    const { page } = await suite.open();
    await givePageTools(page);
    await page.evaluate(() => {
      const chat = document.querySelector('agent-chat');
      window.pageHooks = { states: [], custom: [] };
      chat.addEventListener('agent-chat-state', (event) => window.pageHooks.states.push(event.detail.state));
      chat.addEventListener('agent-chat-custom', (event) => window.pageHooks.custom.push(event.detail));
      chat.tools = chat.tools.map((tool) =>
        tool.name === 'set_accent'
          ? { ...tool, render: ({ args, status }) => Object.assign(document.createElement('strong'), { textContent: `Accent ${args.color ?? '…'} (${status})` }) }
          : tool,
      );
      chat.stateRenderer = (state) => Object.assign(document.createElement('span'), { className: 'cart', textContent: `Cart: ${state.cart.join(', ')}` });
    });
    await chatTurn(page, 'mcp set_accent {"color":"#123456"}');
    assert.equal(await lastReply(page).locator('[part="tool-view"]').textContent(), 'Accent #123456 (done)');

    const ended = await chatTurn(page, 'put tea in my cart');
    assert.match(ended.text, /Added tea and cups to your cart\./);
    assert.equal(await lastReply(page).locator('[part="state-view"]').textContent(), 'Cart: tea, cups');
    const hooks = await page.evaluate(() => window.pageHooks);
    assert.deepEqual(hooks.states, [{ cart: ['tea'] }, { cart: ['tea', 'cups'] }]);
    assert.deepEqual(hooks.custom, [{ name: 'data-shop-confetti', value: { times: 3 } }]);
    const reply = (await turns(page)).at(-1);
    assert.deepEqual(reply.agentState, { cart: ['tea', 'cups'] }, 'kept with the reply');
  });
});
