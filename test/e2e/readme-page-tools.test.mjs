/**
 * The README's "Your page's tools" example, run as written in the built widget in Chromium, on both
 * protocols: an AG-UI agent written with `@ag-ui/encoder` that calls the page's tool it finds in
 * `RunAgentInput.tools`, and the real AI SDK test server, which declares the tools of
 * `body["agent-chat"].tools` without `execute`. The person approves, the handler posts to the
 * page's `/cart`, the model gets the cart's answer, and the card is drawn by the tool's `render`.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { EventEncoder } from '@ag-ui/encoder';
import { startAiSdkServer } from '../servers/ai-sdk-server.mjs';
import { launchChromium, openPage } from './browser.mjs';
import { deepText, nextResponseEnd } from './ai-sdk-page.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TITLE = 'Green tea, 100 g';

/** The example: the first html block under the README's "Your page's tools". */
async function readmeExample() {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf("\n## Your page's tools\n");
  assert.ok(start >= 0, 'the README has its "Your page\'s tools" section');
  const block = /```html\n([\s\S]*?)```/.exec(readme.slice(start, readme.indexOf('\n## ', start + 1)));
  assert.ok(block, 'the section has the example');
  return block[1];
}

/** The AG-UI agent: calls `add_to_cart` when it is offered, then says what the tool answered. */
function agUiAgent(input, res) {
  const encoder = new EventEncoder();
  const send = (event) => res.write(encoder.encodeSSE(event));
  const say = (id, text) => [
    { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
    { type: 'TEXT_MESSAGE_END', messageId: id },
  ];
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
  const answer = input.messages.at(-1);
  if (answer?.role === 'tool') {
    for (const event of say(`m-${input.runId}`, answer.error ? `Tool failed: ${answer.error}` : `Tool said: ${answer.content}`)) send(event);
  } else if (input.tools.some((tool) => tool.name === 'add_to_cart')) {
    send({ type: 'TOOL_CALL_START', toolCallId: 'cart-1', toolCallName: 'add_to_cart' });
    send({ type: 'TOOL_CALL_ARGS', toolCallId: 'cart-1', delta: '{"sku":"TEA-1","quantity":2}' });
    send({ type: 'TOOL_CALL_END', toolCallId: 'cart-1' });
  } else {
    for (const event of say('m-none', 'No cart tool was offered.')) send(event);
  }
  send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
  res.end();
}

/** The page's origin: the example's page, the bundle, the AG-UI agent at /api/agent and the cart at /cart. */
async function startSite(example) {
  const site = { cart: [], agUiRequests: [], page: '' };
  const body = async (req) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text;
  };
  const server = http.createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/') return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(site.page);
    if (req.method === 'GET' && req.url.startsWith('/dist/') && !req.url.includes('..')) {
      try {
        return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(await readFile(path.join(ROOT, req.url)));
      } catch {
        return res.writeHead(404).end();
      }
    }
    if (req.method === 'POST' && req.url === '/cart') {
      site.cart.push(JSON.parse(await body(req)));
      return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ items: site.cart }));
    }
    if (req.method === 'POST' && req.url === '/api/agent') {
      const input = JSON.parse(await body(req));
      site.agUiRequests.push(input);
      return agUiAgent(input, res);
    }
    if (req.url === '/favicon.ico') return res.writeHead(204).end();
    return res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${server.address().port}/`;
  site.close = () => new Promise((resolve) => server.close(resolve));
  site.show = (block) => {
    site.page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TITLE}</title></head><body>
${block}
<script type="module" src="/dist/agent-chat.js"></script>
</body></html>`;
  };
  site.show(example);
  return site;
}

describe("the README's page tools example, as written", () => {
  let example;
  let site;
  let ai;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    example = await readmeExample();
    site = await startSite(example);
    ai = await startAiSdkServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await ai?.close();
    await site?.close();
  });

  /** Sends `text`, approves the call on its card, and returns the page, the reply's end and the card. */
  async function approveCall(text) {
    site.cart.length = 0;
    const { page, problems } = await openPage(browser, site.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await page.locator('agent-chat [part="input"]').fill(text);
    await page.locator('agent-chat [part="input"]').press('Enter');
    const approval = page.locator('agent-chat [part="approval"]');
    await approval.waitFor();
    assert.deepEqual(site.cart, [], 'nothing reaches the cart before the person approves');
    const ended = nextResponseEnd(page);
    await approval.getByRole('button', { name: 'Approve' }).click();
    const end = await ended;
    const view = page.locator('agent-chat [part="tool-view"]').last();
    // The card's last drawing is the one for the finished call.
    let card = '';
    for (let tries = 0; tries < 150 && !/\(done\)/.test(card); tries++) {
      card = await deepText(view);
      if (!/\(done\)/.test(card)) await page.waitForTimeout(100);
    }
    return { page, problems, end, card };
  }

  it('AG-UI: the agent calls the tool it was offered; Approve runs the handler and the cart’s answer goes back', async () => {
    const { end, card, problems } = await approveCall('Add two teas to my cart');
    assert.deepEqual(site.cart, [{ sku: 'TEA-1', quantity: 2 }]);
    assert.equal(end.text.trim(), 'Tool said: {"items":[{"sku":"TEA-1","quantity":2}]}');
    assert.match(card, /🛒 2 × TEA-1 \(done\)/);
    const [first] = site.agUiRequests.slice(-2);
    const offered = first.tools.find((tool) => tool.name === 'add_to_cart');
    assert.deepEqual(offered.parameters.required, ['sku']);
    assert.deepEqual(first.context.at(-1), { description: 'The product on screen', value: TITLE });
    assert.deepEqual(problems, []);
  });

  it('AI SDK: the route declares the tool without execute; Approve runs the handler and output-available goes back', async () => {
    site.show(example.replace('endpoint="/api/agent"', `endpoint="${ai.endpoint}" protocol="ai-sdk"`));
    const before = ai.requests.length;
    const { end, card, problems } = await approveCall('mcp add_to_cart {"sku":"TEA-1","quantity":2}');
    assert.deepEqual(site.cart, [{ sku: 'TEA-1', quantity: 2 }]);
    assert.match(end.text, /Tool said: \{"items":\[\{"sku":"TEA-1","quantity":2\}\]\}/);
    assert.match(card, /🛒 2 × TEA-1 \(done\)/);
    const [first, continued] = ai.requests.slice(before).filter((request) => request.body);
    assert.deepEqual(first.body['agent-chat'].context.at(-1), { description: 'The product on screen', value: TITLE });
    const part = continued.body.messages.at(-1).parts.find((p) => p.type === 'tool-add_to_cart');
    assert.equal(part.state, 'output-available');
    assert.deepEqual(part.output, { items: [{ sku: 'TEA-1', quantity: 2 }] });
    assert.deepEqual(ai.invalid, [], 'the SDK accepted every history the widget sent');
    assert.deepEqual(problems, []);
  });
});
