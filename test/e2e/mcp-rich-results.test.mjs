/**
 * Rich MCP tool results end to end, in Chromium on the built bundle, against the MCP reference
 * server (@modelcontextprotocol/server-everything) over Streamable HTTP on loopback: images,
 * annotated content, resource links, embedded text and binary resources and structured content
 * show in the card, and the model gets what it should — on AG-UI (a scripted backend) as text with
 * images described, on the AI SDK wire (the real AI SDK test server, whose mock model reports what
 * its prompt holds) with the image itself in a `{type: 'content'}` tool output.
 *
 * Run: npm run build && node --test --test-reporter=spec test/e2e/mcp-rich-results.test.mjs
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { MCP_TINY_IMAGE } from '@modelcontextprotocol/server-everything/dist/tools/get-tiny-image.js';
import { startAiSdkServer } from '../servers/ai-sdk-server.mjs';
import { startEverythingServer } from '../servers/everything-http.mjs';
import { aiSdkPage, deepText } from './ai-sdk-page.mjs';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { chatPage, distBuilt, jsonCallBackend, mcpServerChild, startPageServer } from './mcp-fixtures.mjs';

const TINY_BYTES = Buffer.from(MCP_TINY_IMAGE, 'base64').length;
/** The tiny image as the model reads it on AG-UI (sizes as the widget writes them). */
const TINY_DESCRIBED = `[image image/png ${(TINY_BYTES / 1024).toFixed(1)} KB]`;
const HELLO = 'Hello from a gzipped resource.\n';

/** The last tool card of the chat, and the content view in it. */
const lastCard = (page) => page.locator('agent-chat agent-chat-tool-card').last();
const contentOf = (page) => lastCard(page).locator('agent-chat-mcp-content');

/**
 * Opens a chat page whose MCP server is server-everything; records which requests failed, so only
 * the expected ones are let through: the revision probe (`server/discover`, which a 2025-era
 * server refuses with 400).
 */
async function openChat(browser, site, mcpUrl) {
  const page = await browser.newPage();
  const failed = [];
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const request = response.request();
    const discover = /"server\/discover"/.test(request.postData() ?? '') ? ' server/discover' : '';
    failed.push(`${request.method()} ${response.url()} ${response.status()}${discover}`);
  });
  const opened = await openPage({ newPage: async () => page }, site.url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  opened.unexpected = () => {
    const strays = failed.filter((entry) => entry !== `POST ${mcpUrl} 400 server/discover`);
    assert.deepEqual(strays, [], 'no request failed but the revision probe');
    let budget = failed.length;
    return opened.problems.filter((problem) => !(budget > 0 && /Failed to load resource: .*status of 400/.test(problem) && budget--));
  };
  return opened;
}

describe('MCP rich results: the reference server over Streamable HTTP', { timeout: 240_000 }, () => {
  let browser;
  let everything;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first (dist/agent-chat.js is missing)');
    browser = await launchChromium();
    everything = await startEverythingServer();
  });
  after(async () => {
    await browser?.close();
    await everything?.close();
  });

  it('AG-UI: the card shows each kind of content; the model gets texts, links and resources, images described', async () => {
    const site = await startPageServer(jsonCallBackend(), { page: chatPage(mcpServerChild('everything', everything.url), { attributes: 'tool-cards="open"' }) });
    const opened = await openChat(browser, site, everything.url);
    const { page } = opened;
    /** Has the model call `tool` with `args`; resolves with the tool message it got back. */
    const call = async (tool, args = {}) => {
      const end = await chatTurn(page, JSON.stringify({ tool, args }));
      assert.equal(end.status, 'done', `the reply after ${tool}`);
      const toolMessage = site.requests
        .at(-1)
        .messages.filter((message) => message.role === 'tool')
        .at(-1);
      assert.ok(toolMessage, `the run after ${tool} carries its result`);
      await contentOf(page).waitFor();
      return toolMessage;
    };
    try {
      // An image between two texts.
      let message = await call('get-tiny-image');
      assert.equal(message.content, `Here's the image you requested:\n${TINY_DESCRIBED}\nThe image above is the MCP logo.`);
      const image = contentOf(page).locator('[part="mcp-result-image"] img');
      await image.waitFor();
      assert.equal(await image.getAttribute('src'), `data:image/png;base64,${MCP_TINY_IMAGE}`);
      assert.equal(await image.evaluate((element) => element.complete && element.naturalWidth), 20, 'the 20×20 logo is drawn');
      assert.match(await deepText(contentOf(page)), /^Here's the image you requested: The image above is the MCP logo\.$/);

      // Content for the person only: shown, never sent to the model.
      message = await call('get-annotated-message', { messageType: 'success', includeImage: true });
      assert.equal(message.content, '', 'the model gets nothing meant for the person only');
      assert.equal(await deepText(contentOf(page)), 'Operation completed successfully');
      await contentOf(page).locator('[part="mcp-result-image"] img').waitFor();
      // Content for the assistant only: sent to the model, not shown.
      message = await call('get-annotated-message', { messageType: 'debug' });
      assert.equal(message.content, 'Debug: Cache hit ratio 0.95, latency 150ms');
      assert.equal(await deepText(contentOf(page)), 'No result.');

      // Resource links: not http(s), so their names and addresses as text; the model gets each.
      message = await call('get-resource-links', { count: 2 });
      assert.deepEqual(message.content.split('\n'), [
        'Here are 2 resource links to resources available in this server:',
        '[resource link: Blob Resource 1 <demo://resource/dynamic/blob/1> text/plain — Resource 1: plaintext resource]',
        '[resource link: Text Resource 2 <demo://resource/dynamic/text/2> text/plain — Resource 2: plaintext resource]',
      ]);
      const links = contentOf(page).locator('[part="mcp-result-link"]');
      assert.equal(await links.count(), 2);
      assert.equal(await links.locator('a').count(), 0, 'a demo:// address is no link');
      assert.match(await deepText(links.nth(1)), /^Text Resource 2 demo:\/\/resource\/dynamic\/text\/2 Resource 2: plaintext resource text\/plain$/);

      // An embedded text resource: its text as code; the model gets it with its address.
      message = await call('get-resource-reference', { resourceType: 'Text', resourceId: 1 });
      const [intro, heading, body, outro] = message.content.split('\n');
      assert.equal(intro, 'Returning resource reference for Resource 1:');
      assert.equal(heading, '[resource <demo://resource/dynamic/text/1> text/plain]');
      assert.match(body, /^Resource 1: This is a plaintext resource created at /);
      assert.equal(outro, 'You can access this resource using the URI: demo://resource/dynamic/text/1');
      const resource = contentOf(page).locator('[part="mcp-result-resource"]');
      assert.match(await resource.locator('pre code').textContent(), /^Resource 1: This is a plaintext resource created at /);

      // An embedded binary resource (a gzip the server made): a download of the very bytes.
      const data = `data:text/plain;base64,${Buffer.from(HELLO).toString('base64')}`;
      message = await call('gzip-file-as-resource', { name: 'hello.txt.gz', data, outputType: 'resource' });
      assert.match(message.content, /^\[resource <demo:\/\/resource\/session\/hello\.txt\.gz> application\/gzip \d+ B\]$/);
      const button = contentOf(page).locator('button[part="mcp-result-download"]');
      assert.equal((await button.textContent()).trim(), 'Download hello.txt.gz');
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      assert.equal(download.suggestedFilename(), 'hello.txt.gz');
      assert.equal(gunzipSync(await readFile(await download.path())).toString('utf8'), HELLO);

      // Structured content: the model gets it; the card shows the server's text of it.
      message = await call('get-structured-content', { location: 'New York' });
      assert.deepEqual(Object.keys(JSON.parse(message.content)).sort(), ['conditions', 'humidity', 'temperature']);
      assert.match(await deepText(contentOf(page)), /"temperature": *\d+/);

      assert.deepEqual(
        { ...everything.calls },
        { 'get-tiny-image': 1, 'get-annotated-message': 2, 'get-resource-links': 1, 'get-resource-reference': 1, 'gzip-file-as-resource': 1, 'get-structured-content': 1 },
      );
      assert.deepEqual(opened.unexpected(), []);
    } finally {
      await page.close();
      await site.close();
    }
  });

  it('AI SDK: the model gets the image itself in the tool output; content for the person only stays out', async () => {
    const ai = await startAiSdkServer();
    const site = await startPageServer(async (_input, res) => res.end(), { page: aiSdkPage(ai.endpoint, 'tool-cards="open"', mcpServerChild('everything', everything.url)) });
    const opened = await openChat(browser, site, everything.url);
    const { page } = opened;
    const lastOutput = () => {
      const parts = ai.requests.at(-1).body.messages.at(-1).parts;
      return parts.filter((part) => part.type.startsWith('tool-')).at(-1);
    };
    try {
      let end = await chatTurn(page, 'mcp get-tiny-image');
      assert.equal(end.status, 'done');
      const output = lastOutput();
      assert.equal(output.state, 'output-available');
      assert.deepEqual(output.output, {
        type: 'content',
        value: [
          { type: 'text', text: "Here's the image you requested:" },
          { type: 'file', mediaType: 'image/png', data: { type: 'data', data: MCP_TINY_IMAGE } },
          { type: 'text', text: 'The image above is the MCP logo.' },
        ],
      });
      // What the model's prompt held, as the mock model reports it: the image's bytes, not a description.
      assert.match(end.text, new RegExp(`Tool said: "Here's the image you requested:"; a image/png file of ${TINY_BYTES} bytes; "The image above is the MCP logo\\."`));
      await contentOf(page).locator('[part="mcp-result-image"] img').waitFor();

      end = await chatTurn(page, 'mcp get-annotated-message {"messageType":"success","includeImage":true}');
      assert.equal(end.status, 'done');
      assert.equal(lastOutput().output, '', 'nothing meant for the person only goes to the model');
      assert.match(end.text, /Tool said: ""/);
      assert.equal(await deepText(contentOf(page)), 'Operation completed successfully');

      assert.deepEqual(ai.invalid, [], 'the SDK accepted every history the widget sent');
      assert.deepEqual(opened.unexpected(), []);
    } finally {
      await page.close();
      await site.close();
      await ai.close();
    }
  });
});
