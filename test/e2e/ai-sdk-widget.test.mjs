/**
 * The built widget with `protocol="ai-sdk"` against a real AI SDK v7 backend (`streamText`,
 * `toUIMessageStream`, `pipeUIMessageStreamToResponse`, `validateUIMessages`, a mock model) on
 * another origin: what renders, and how faults show. The server refuses (and records) any history
 * the SDK would not accept, so every test also checks the widget sent what `useChat` would.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PNG_BASE64 } from '../servers/ai-sdk-server.mjs';
import { chatTurn } from './browser.mjs';
import { aiSdkSuite, deepText, lastReply, nextResponseEnd, turns } from './ai-sdk-page.mjs';

describe('protocol="ai-sdk" against a real AI SDK backend: rendering and faults', () => {
  const suite = aiSdkSuite();
  const open = (...args) => suite.open(...args);

  it('streams markdown and folded reasoning, and sends the reply back as the UIMessage it came as', async () => {
    const { page, problems } = await open();
    const first = await chatTurn(page, 'hello');
    assert.equal(first.status, 'done');
    const reply = lastReply(page);
    assert.ok((await reply.locator('h2, h3').count()) > 0, 'a heading');
    assert.equal(await reply.locator('pre code').count(), 1);
    assert.equal(await reply.locator('table').count(), 1);
    assert.equal(await reply.locator('details[part="reasoning"]').count(), 1);
    assert.equal(await reply.locator('details[part="reasoning"]').getAttribute('open'), null, 'reasoning is folded');
    assert.doesNotMatch(await reply.innerText(), /```/);

    await chatTurn(page, 'and hello again');
    const [, second] = suite.ai.requests;
    assert.equal(second.trigger, 'submit-message');
    assert.equal(second.body.id, suite.ai.requests[0].body.id, 'one chat id: the thread');
    const [userMessage, assistant] = second.body.messages;
    assert.deepEqual(userMessage.parts, [{ type: 'text', text: 'hello' }]);
    assert.match(assistant.id, /^msg-/, 'the id the server gave the reply');
    assert.deepEqual(
      assistant.parts.map((part) => part.type),
      ['step-start', 'reasoning', 'text'],
    );
    assert.ok(
      second.body['agent-chat'].tools.some((tool) => tool.name === 'ask_user'),
      'the widget’s client tools go along',
    );
    assert.deepEqual(problems, []);
  });

  it('shows server tools as cards with their input and output, and failed ones as failed', async () => {
    const { page } = await open('show-requests');
    const weather = await chatTurn(page, 'weather please');
    assert.equal(weather.status, 'done');
    assert.match(weather.text, /21/);
    const card = lastReply(page).locator('[part="tool-card"]');
    assert.equal(await card.count(), 1);
    assert.match(await card.locator('[part="tool-card-status"]').textContent(), /Done/);
    await card.locator('[part="tool-card-header"]').click();
    assert.match(await deepText(card.locator('[part="tool-card-body"]')), /Lisbon.*sunny/);

    await chatTurn(page, 'bad input');
    const bad = lastReply(page).locator('[part="tool-card"]').first();
    assert.match(await bad.locator('[part="tool-card-status"]').textContent(), /Failed/);

    await chatTurn(page, 'tool fails');
    const failed = lastReply(page).locator('[part="tool-card"]').first();
    assert.match(await failed.locator('[part="tool-card-status"]').textContent(), /Failed/);
    await failed.locator('[part="tool-card-header"]').click();
    assert.match(await deepText(failed), /Weather service is down/);

    const dynamic = await chatTurn(page, 'dynamic');
    assert.equal(dynamic.status, 'done');
    const dynamicCard = lastReply(page).locator('[part="tool-card"]');
    assert.match(await deepText(dynamicCard), /lookup_order/);
    assert.match(await dynamicCard.locator('[part="tool-card-status"]').textContent(), /Done/);
  });

  it('lists the sources, shows images and offers other files for download', async () => {
    const { page } = await open();
    await chatTurn(page, 'sources');
    const sources = lastReply(page).locator('[part="sources"]');
    assert.equal(await sources.locator('li').count(), 2);
    const link = sources.locator('a');
    assert.equal(await link.count(), 1, 'only the url source is a link');
    assert.match(await link.getAttribute('href'), /^https:/);
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer nofollow');

    await chatTurn(page, 'file');
    const reply = lastReply(page);
    const image = reply.locator('[part="file"] img');
    assert.equal(await image.count(), 1);
    assert.equal(await image.getAttribute('src'), `data:image/png;base64,${PNG_BASE64}`);
    await page.waitForFunction(() => {
      const img = [...document.querySelector('agent-chat').shadowRoot.querySelectorAll('agent-chat-message')].at(-1).shadowRoot.querySelector('[part="file"] img');
      return img?.complete && img.naturalWidth === 1;
    });
    const download = reply.locator('[part="file"] a[download]');
    assert.equal(await download.count(), 1);
    assert.match(await download.getAttribute('href'), /^data:text\/plain/);
  });

  it('names the thread from its data part, keeps data parts and metadata but not transient data', async () => {
    const { page } = await open('storage-key="ai-sdk-title"');
    await chatTurn(page, 'title');
    await page.waitForFunction(async () => (await document.querySelector('agent-chat').listThreads()).some((thread) => thread.title === 'Trip to Lisbon'));
    await chatTurn(page, 'metadata');
    const wires = (await turns(page)).filter((turn) => turn.role === 'assistant').map((turn) => turn.wire);
    const dataTypes = wires[0].parts.filter((part) => part.type.startsWith('data-')).map((part) => part.type);
    assert.deepEqual(dataTypes, ['data-agent-chat-thread-title', 'data-weather']);
    assert.deepEqual(wires[1].metadata, { createdAt: 1767225600000, totalTokens: 42 });
    // Stored, and sent on as received.
    const exported = await page.evaluate(() => document.querySelector('agent-chat').exportThread());
    const storedWire = exported.nodes.map((node) => node.turn).find((turn) => turn.role === 'assistant' && turn.wire?.metadata)?.wire;
    assert.deepEqual(storedWire.metadata, { createdAt: 1767225600000, totalTokens: 42 });
    await chatTurn(page, 'hello');
    const sent = suite.ai.requests.at(-1).body.messages.filter((message) => message.role === 'assistant');
    assert.deepEqual(sent[1].metadata, { createdAt: 1767225600000, totalTokens: 42 });
    assert.ok(!JSON.stringify(sent).includes('data-progress'), 'transient data is not sent back');
  });

  it('a reply the server aborts ends stopped, keeping its text; an error chunk fails the reply, and Retry regenerates it', async () => {
    const { page } = await open();
    const aborted = await chatTurn(page, 'abort');
    assert.equal(aborted.status, 'cancelled');
    assert.ok(aborted.text.length > 0, 'the text before the abort stays');
    assert.match(await lastReply(page).innerText(), /Stopped/);

    const failed = await chatTurn(page, 'error');
    assert.equal(failed.status, 'error');
    assert.match(await lastReply(page).locator('[part="error"]').innerText(), /The model is overloaded/);
    const retried = nextResponseEnd(page);
    const failedId = (await turns(page)).at(-1).wire.id;
    await lastReply(page).locator('[part="retry-button"]').click();
    await retried;
    const retry = suite.ai.requests.at(-1);
    assert.equal(retry.trigger, 'regenerate-message');
    assert.equal(retry.messageId, failedId);
    assert.equal(retry.body.messages.at(-1).role, 'user', 'the failed reply is not sent');
  });

  it('shows the message of an HTTP error, skips an unknown chunk, and fails on a chunk that is not JSON', async () => {
    const { page, problems } = await open();
    const warnings = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    const http = await chatTurn(page, 'http error');
    assert.equal(http.status, 'error');
    assert.match(await lastReply(page).locator('[part="error"]').innerText(), /HTTP 500.*The agent is down for maintenance/);

    const unknown = await chatTurn(page, 'unknown chunk');
    assert.equal(unknown.status, 'done');
    assert.equal(unknown.text, 'Before the unknown chunk, and after it.');
    await chatTurn(page, 'unknown chunk');
    assert.equal(warnings.filter((text) => text.includes('x-future-chunk')).length, 1, 'one warning per type');

    const malformed = await chatTurn(page, 'malformed');
    assert.equal(malformed.status, 'error');
    assert.match(await lastReply(page).locator('[part="error"]').innerText(), /not valid JSON: \{not json/);
    assert.deepEqual(
      problems.filter((text) => !/500|Failed to load resource/.test(text)),
      [],
    );
  });
});
