// A finished reply is announced once, through the chat's polite live region: the log is
// `aria-busy` while a reply streams, and Chromium announces nothing of a busy region. Read from
// Chromium's accessibility tree over CDP (`Accessibility.getFullAXTree`), on the built bundle,
// against the demo's scripted agent: nothing while streaming, the reply's words (cut, with "continues
// in the conversation") once it ends, a failed reply's error; nothing after a reload that restores
// the thread, nor in another tab that follows it.
// Run: npm run build && node --test --test-reporter=spec test/e2e/reply-announcements.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

const PAGE = `<!doctype html>
<html lang="en">
  <body>
    <agent-chat endpoint="/api/agent" storage-key="announcements" style="display: block; height: 640px"></agent-chat>
    <script type="module" src="/dist/agent-chat.js"></script>
  </body>
</html>`;

/** What the accessibility tree says of the chat's announcement region and its log, read over CDP. */
async function axReader(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Accessibility.enable');
  /** The backend DOM node id of what `expression` gives. */
  const backendId = async (expression) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    const { node } = await cdp.send('DOM.describeNode', { objectId: result.objectId });
    return node.backendNodeId;
  };
  return async () => {
    const region = await backendId(`document.querySelector('agent-chat').shadowRoot.querySelector('.reply-said')`);
    const log = await backendId(`document.querySelector('agent-chat').shadowRoot.querySelector('[role="log"]')`);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const prop = (node, name) => node?.properties?.find((property) => property.name === name)?.value.value;
    const text = (node) =>
      node.role?.value === 'StaticText'
        ? (node.name?.value ?? '')
        : (node.childIds ?? [])
            .map((id) => byId.get(id))
            .filter(Boolean)
            .map(text)
            .join('');
    const regionNode = nodes.find((node) => node.backendDOMNodeId === region);
    const logNode = nodes.find((node) => node.backendDOMNodeId === log);
    // The region's ancestors: it must not be inside the (busy) log.
    const inLog = () => {
      for (let at = regionNode; at; at = byId.get(at.parentId)) if (at === logNode) return true;
      return false;
    };
    return {
      role: regionNode?.role?.value,
      live: prop(regionNode, 'live'),
      atomic: prop(regionNode, 'atomic'),
      said: regionNode ? text(regionNode).replace(/\s+/g, ' ').trim() : undefined,
      logBusy: Boolean(prop(logNode, 'busy')),
      inLog: inLog(),
    };
  };
}

/** Records every text the region is given from now on (in the page). */
const watchSaid = (page) =>
  page.evaluate(() => {
    window.__said = [];
    const region = document.querySelector('agent-chat').shadowRoot.querySelector('.reply-said');
    new MutationObserver(() => window.__said.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });
  });
const saidSoFar = (page) => page.evaluate(() => window.__said.filter(Boolean));

/** Polls `read()` until `done(value)`; fails with the last value after `ms`. */
async function until(read, done, what, ms = 10_000) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) assert.fail(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

async function openChat(context, url) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await page.evaluate(() => document.querySelector('agent-chat').listThreads());
  await page.locator('agent-chat textarea').waitFor();
  return { page, problems };
}

describe('finished replies are announced once, in a live region (built bundle, CDP accessibility tree)', { timeout: 120_000 }, () => {
  let server;
  let browser;
  let url;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    server = await startDemoServer({ port: 0, delayMs: 10, log: () => {}, env: {} });
    browser = await launchChromium();
    url = new URL('/announcements.html', server.url).href;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('says the reply once it has ended, never while it streams; a failed reply’s error; nothing on reload or in another tab', async () => {
    const context = await browser.newContext();
    await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
    const { page, problems } = await openChat(context, url);
    const ax = await axReader(page);
    await watchSaid(page);

    const empty = await ax();
    assert.deepEqual(
      { role: empty.role, live: empty.live, atomic: empty.atomic, said: empty.said, inLog: empty.inLog },
      { role: 'status', live: 'polite', atomic: true, said: '', inLog: false },
    );

    // A long reply: while it streams the log is busy and the region says nothing.
    const ended = chatTurn(page, 'hello');
    const streaming = await until(ax, (state) => state.logBusy === true, 'the log busy while streaming');
    assert.equal(streaming.said, '', 'nothing said while streaming');
    for (let i = 0; i < 5; i++) {
      const now = await ax();
      if (!now.logBusy) break;
      assert.equal(now.said, '', 'still nothing while streaming');
    }
    const reply = await ended;
    assert.equal(reply.status, 'done');
    const done = await until(ax, (state) => state.said !== '', 'the reply said');
    assert.equal(done.logBusy, false);
    assert.match(done.said, /^Hello! This is the demo agent This reply comes from a scripted agent in demo\/scripted-agent\.mjs: no model and no API key/);
    assert.match(done.said, /… \(continues in the conversation\)$/, 'cut, with the note that it goes on');
    assert.ok(!/[*#`]|\]\(/.test(done.said), `no markdown: ${done.said}`);
    assert.ok(done.said.length < 360, `a sensible length: ${done.said.length}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(await saidSoFar(page), [done.said], 'said once');

    // A failed reply: its error.
    const failed = await chatTurn(page, 'error please');
    assert.equal(failed.status, 'error');
    const error = await until(ax, (state) => state.said.startsWith('Something went wrong'), 'the error said');
    assert.equal(error.said, 'Something went wrong: The scripted agent failed on purpose (you asked for an error).');
    assert.deepEqual(await saidSoFar(page), [done.said, error.said], 'each said once');

    // A reload restores the thread: nothing is said of it.
    await page.reload();
    await page.evaluate(() => document.querySelector('agent-chat').listThreads());
    await page.locator('agent-chat textarea').waitFor();
    await until(
      () => page.evaluate(() => document.querySelector('agent-chat').getTurns().length),
      (count) => count === 4,
      'the thread restored',
    );
    await watchSaid(page);
    await new Promise((resolve) => setTimeout(resolve, 800));
    assert.equal((await ax()).said, '', 'nothing said on restore');
    assert.deepEqual(await saidSoFar(page), []);

    // Another tab follows the thread: the reply is said where it ran, not there.
    const { page: other, problems: otherProblems } = await openChat(context, url);
    const otherAx = await axReader(other);
    await watchSaid(other);
    const weather = await chatTurn(page, 'weather in Lisbon');
    assert.equal(weather.status, 'done');
    const here = await until(ax, (state) => state.said !== '', 'said in the tab that ran it');
    assert.match(here.said, /Lisbon/);
    await until(
      () => other.evaluate(() => document.querySelector('agent-chat').getTurns().length),
      (count) => count === 6,
      'the other tab follows',
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    assert.equal((await otherAx()).said, '', 'nothing said in the other tab');
    assert.deepEqual(await saidSoFar(other), []);
    assert.deepEqual([...problems, ...otherProblems], []);
    await context.close();
  });
});
