/**
 * The AI SDK route of docs/backends.md, run as written (the first code block under its "AI SDK"
 * heading),
 * with a mock model as `model`, against the built widget in Chromium: a reply streams, and
 * ask_user — declared by the route from the widget's tools — goes round through the form.
 */
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { aiSdkPage, nextResponseEnd } from './ai-sdk-page.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUTE_FILE = path.join(ROOT, 'test', 'e2e', 'docs-route.tmp.mjs');

/** The route's code block, from docs/backends.md. */
async function docsRoute() {
  const page = await readFile(path.join(ROOT, 'docs', 'backends.md'), 'utf8');
  const start = page.indexOf('\n## AI SDK (`protocol="ai-sdk"`)\n');
  assert.ok(start >= 0, 'docs/backends.md has its "AI SDK" section');
  const section = page.slice(start, page.indexOf('\n## ', start + 1));
  const block = /```js\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'the AI SDK section of docs/backends.md has the route');
  return block[1];
}

/**
 * What the page leaves to the reader: a model, server tools, and a server that also serves the
 * page and the bundle (so the route runs unchanged, on the page's origin).
 */
const PRELUDE = `
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { MockLanguageModelV4 } from 'ai/test';
import { simulateReadableStream } from 'ai';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const text = (words) => [{ type: 'text-start', id: 't' }, ...words.split(' ').map((w) => ({ type: 'text-delta', id: 't', delta: w + ' ' })), { type: 'text-end', id: 't' }];
const finish = (reason) => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });
const QUESTIONS = [{ question: 'Which city?', header: 'City', multiSelect: false, options: [{ label: 'Lisbon' }, { label: 'Porto' }] }];
const model = new MockLanguageModelV4({
  doStream: async ({ prompt }) => {
    const last = prompt.at(-1);
    const answered = last.role === 'tool' ? JSON.stringify(last.content[0].output.value) : undefined;
    const asked = JSON.stringify(last.content).includes('ask me');
    const parts = answered
      ? [...text('You answered ' + answered), finish('stop')]
      : asked
        ? [{ type: 'tool-call', toolCallId: 'q1', toolName: 'ask_user', input: JSON.stringify({ questions: QUESTIONS }) }, finish('tool-calls')]
        : [...text('Hello from the docs route.'), finish('stop')];
    return { stream: simulateReadableStream({ chunks: [{ type: 'stream-start', warnings: [] }, ...parts] }) };
  },
});
const serverTools = {};

function createServer(route) {
  const server = http.createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(globalThis.docsPage);
    if (req.method === 'GET' && req.url.startsWith('/dist/') && !req.url.includes('..')) {
      try {
        return res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(new URL('../..' + req.url, import.meta.url)));
      } catch {
        return res.writeHead(404).end();
      }
    }
    if (req.method === 'POST' && req.url === '/api/chat') return route(req, res);
    if (req.url === '/favicon.ico') return res.writeHead(204).end();
    return res.writeHead(404).end();
  });
  const listen = server.listen.bind(server);
  server.listen = () => listen(0, '127.0.0.1', () => globalThis.docsListening(server));
  return server;
}
`;

describe('the AI SDK route of docs/backends.md', () => {
  let server;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    const route = (await docsRoute()).replace("import { createServer } from 'node:http';", '');
    await writeFile(ROUTE_FILE, `${PRELUDE}\n${route}`);
    globalThis.docsPage = aiSdkPage('/api/chat');
    const listening = new Promise((resolve) => (globalThis.docsListening = resolve));
    await import(pathToFileURL(ROUTE_FILE).href);
    server = await listening;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
    await rm(ROUTE_FILE, { force: true });
  });

  it('streams a reply and answers ask_user declared from the widget’s tools', async () => {
    const { page, problems } = await openPage(browser, `http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    const hello = await chatTurn(page, 'hello');
    assert.equal(hello.status, 'done');
    assert.equal(hello.text.trim(), 'Hello from the docs route.');

    await chatTurn(page, 'ask me something');
    const form = page.locator('agent-chat-question-form form[part="question-form"]');
    await form.waitFor();
    const ended = nextResponseEnd(page);
    await form.getByRole('radio', { name: /^Porto/ }).check();
    await form.getByRole('button', { name: 'Send answers' }).click();
    const answered = await ended;
    assert.match(answered.text, /You answered .*Porto/);
    assert.deepEqual(problems, []);
  });
});
