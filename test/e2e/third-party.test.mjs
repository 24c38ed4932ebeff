/**
 * No request ever goes to a third party by default: the demo in Chromium
 * at 1280×800 on the built bundle, walked through every scripted scenario it offers, on both
 * backends and both sandbox modes, with its list of conversations and a reload; every request of
 * the pages, their frames (the sandbox proxy on its own origin, the apps inside it, opaque srcdoc
 * frames) and workers is recorded three ways (context `request` events, a catch-all
 * `context.route`, workers and WebSockets) and must go to one of the demo's own origins (the
 * page's, its MCP servers' — the dice roller and the two official examples — its sandbox proxy's) or stay in the browser (`data:`, `blob:`,
 * `about:`). A request elsewhere is refused and named, with its initiator, in the failure.
 * Images from other origins in a reply (the scripted agent has none, so a hand-made page on the
 * demo's origin) wait for a click under the default `images="click"`. The product page (shop.html)
 * is walked too: its popup opened, then inline.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, checkWhenStill, launchChromium } from './browser.mjs';
import { distBuilt, sleep, waitFor } from './mcp-fixtures.mjs';

const VIEWPORT = { width: 1280, height: 800 };
const TIMEOUT = 20_000;
/** Schemes that never leave the browser. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:']);

/** Whether `url` stays in the browser or goes to one of `origins`. */
function isOwn(url, origins) {
  try {
    const parsed = new URL(url);
    return LOCAL_SCHEMES.has(parsed.protocol) || origins.has(parsed.origin);
  } catch {
    return false;
  }
}

/** Who asked for a request: its frame, its referrer, and the script or document CDP names. */
function initiatorOf(request, initiators) {
  let frame = '(no frame: a worker)';
  try {
    frame = request.frame().url() || '(frame without a URL)';
  } catch {
    // service worker requests have no frame
  }
  const by = initiators.get(request.url());
  return `${request.resourceType()} from frame ${frame}${by ? `, initiated by ${by}` : ''}, referer ${request.headers().referer ?? '(none)'}`;
}

/**
 * Records everything `context` (and each of its pages, frames and workers) asks for. Requests to
 * other origins are aborted, so a leak cannot reach anyone even on a machine with internet.
 */
async function watchRequests(context, origins) {
  const seen = [];
  const initiators = new Map();
  let inFlight = 0;
  const note = (via, request) => seen.push({ via, url: request.url(), initiator: initiatorOf(request, initiators) });
  context.on('request', (request) => {
    inFlight += 1;
    note('request event', request);
  });
  context.on('requestfinished', () => (inFlight -= 1));
  context.on('requestfailed', () => (inFlight -= 1));
  context.on('serviceworker', (worker) => seen.push({ via: 'service worker', url: worker.url(), initiator: 'service worker registration' }));
  const watchPage = async (page) => {
    page.on('worker', (worker) => seen.push({ via: 'worker', url: worker.url(), initiator: `worker of ${page.url()}` }));
    page.on('websocket', (socket) => seen.push({ via: 'websocket', url: socket.url(), initiator: `WebSocket of ${page.url()}` }));
    // The initiator CDP gives (a script and line, or a parser's document) for the page's own target.
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      const top = initiator.stack?.callFrames?.[0];
      initiators.set(request.url, top ? `${initiator.type} ${top.url}:${top.lineNumber + 1}` : `${initiator.type} ${initiator.url ?? ''}`.trim());
    });
    await cdp.send('Network.enable');
  };
  const watching = [];
  context.on('page', (page) => watching.push(watchPage(page)));
  await context.route('**/*', (route) => {
    const request = route.request();
    note('route', request);
    return isOwn(request.url(), origins) ? route.continue() : route.abort('blockedbyclient');
  });
  return {
    seen,
    /** Resolves once the pages' CDP watchers are attached. */
    attached: () => Promise.all(watching),
    /** Waits until no request has been in flight for a moment (lazy chunks, app frames, MCP calls). */
    async settled() {
      const end = Date.now() + 5000;
      let quietSince = Date.now();
      while (Date.now() < end) {
        if (inFlight > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 250) return;
        await sleep(25);
      }
    },
    offenders: () => seen.filter((entry) => !isOwn(entry.url, origins)),
  };
}

/**
 * Addresses in the DOM of every frame (shadow roots included) that the browser may load or
 * connect to without a request event: resource hints, and any src/srcset/poster/data still
 * pointing elsewhere. Links (`<a href>`) are navigation the person chooses, so they are left out.
 */
async function addressesInDom(page) {
  const found = [];
  for (const frame of page.frames()) {
    const urls = await frame
      .evaluate(() => {
        const out = [];
        const visit = (root) => {
          for (const element of root.querySelectorAll('*')) {
            const tag = element.localName;
            if (tag === 'link') out.push(`${element.rel}: ${element.href}`);
            for (const name of ['src', 'poster', 'data', 'background']) {
              const value = element.getAttribute(name);
              if (value && tag !== 'agent-chat-mcp-server') out.push(`${tag}[${name}]: ${new URL(value, document.baseURI).href}`);
            }
            const srcset = element.getAttribute('srcset');
            if (srcset) for (const part of srcset.split(',')) out.push(`${tag}[srcset]: ${new URL(part.trim().split(/\s+/)[0], document.baseURI).href}`);
            if (element.shadowRoot) visit(element.shadowRoot);
          }
        };
        visit(document);
        return out;
      })
      .catch(() => []); // a frame that navigated away meanwhile
    found.push(...urls.map((entry) => ({ frame: frame.url(), entry })));
  }
  return found;
}

/** Fails, naming each request (and DOM address) that left the demo's origins. */
async function assertNothingLeft(recorder, page, origins, where) {
  await recorder.settled();
  const offenders = recorder.offenders();
  const domAddresses = (await addressesInDom(page)).filter(({ entry }) => !isOwn(entry.slice(entry.indexOf(': ') + 2), origins));
  const lines = [
    ...offenders.map((entry) => `  ${entry.url}  (${entry.via}; ${entry.initiator})`),
    ...domAddresses.map(({ frame, entry }) => `  ${entry}  (in the DOM of ${frame})`),
  ];
  assert.equal(lines.length, 0, `${where}: requests to a third party:\n${lines.join('\n')}`);
  // The recorder saw the demo itself (so it was listening): the bundle, at least.
  assert.ok(
    recorder.seen.some((entry) => /\/dist\/agent-chat\.js$/.test(entry.url)),
    `${where}: the recorder saw the bundle load`,
  );
}

async function chatReady(page) {
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await page.evaluate(() =>
    document
      .querySelector('agent-chat')
      .listThreads()
      .catch(() => []),
  );
}

/** The dice app: inside the sandbox proxy's frame, or the one srcdoc frame without a proxy. */
function diceApp(page, proxied) {
  const outer = page.frameLocator('agent-chat agent-chat-app-frame iframe').last();
  return proxied ? outer.frameLocator('iframe') : outer;
}

async function rollDice(page, { proxied }) {
  const end = await chatTurn(page, 'Roll 3 dice in the app');
  assert.equal(end.status ?? 'done', 'done');
  const app = diceApp(page, proxied);
  await app.locator('#meta', { hasText: 'Roll #1 · 3d6' }).waitFor({ timeout: TIMEOUT });
  await app.getByRole('button', { name: 'Roll again' }).click();
  await app.locator('#meta', { hasText: 'Roll #2 · 3d6' }).waitFor({ timeout: TIMEOUT });
}

/** Resolves with the detail of the next response-end (for replies started by a click, not a message). */
function nextEnd(page) {
  return page.evaluate(
    () => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })),
  );
}

async function answerTripQuestions(page) {
  const end = await chatTurn(page, 'Help me plan a trip');
  assert.equal(end.status, 'done');
  const form = page.locator('agent-chat-question-form form[part="question-form"]').last();
  await form.waitFor({ timeout: TIMEOUT });
  await checkWhenStill(form, form.getByRole('checkbox', { name: /^Hiking/ }));
  await checkWhenStill(form, form.getByRole('radio', { name: /^One week/ }));
  const summed = nextEnd(page);
  await form.getByRole('button', { name: 'Send answers' }).click();
  assert.match((await summed).text, /Hiking/);
}

async function approveDeletion(page) {
  await chatTurn(page, 'Delete the old files');
  const approval = page.locator('agent-chat [part="approval"]').last();
  await approval.getByRole('button', { name: 'Approve', exact: true }).waitFor({ timeout: TIMEOUT });
  const done = nextEnd(page);
  await approval.getByRole('button', { name: 'Approve', exact: true }).click();
  assert.match((await done).text, /Deleted 3 files/i);
}

/** "research": the subagents' activity, each analyst card opened (a table and an SVG plot). */
async function research(page) {
  const end = await chatTurn(page, 'Research cycling in Amsterdam');
  assert.equal(end.status, 'done');
  const analyst = page.locator('agent-chat-activity').filter({ has: page.locator('.label', { hasText: /^analyst$/ }) });
  // Open the folded cards only (a click on an open one would fold it).
  const headers = analyst.locator('agent-chat-tool-card [part="tool-card-header"]');
  for (let i = 0; i < (await headers.count()); i++) if ((await headers.nth(i).getAttribute('aria-expanded')) === 'false') await headers.nth(i).click();
  await analyst.locator('agent-chat-rich-result svg polyline').first().waitFor({ timeout: TIMEOUT });
}

describe('no request to a third party through a full walk of the demo (built bundle, 1280×800)', { timeout: 120_000 }, () => {
  let server;
  let browser;
  let origins;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    server = await startDemoServer({ port: 0, delayMs: 0, log: () => {}, env: {} });
    const mcpServers = [server.mcpUrl, ...server.examples.map((example) => example.url)];
    origins = new Set([server.url, ...mcpServers, server.sandboxUrl].map((url) => new URL(url).origin));
    assert.equal(origins.size, mcpServers.length + 2, 'the page, each MCP server and the sandbox proxy have an origin each');
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A fresh profile with the recorder attached, and one page in it. */
  async function open() {
    const context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true });
    const recorder = await watchRequests(context, origins);
    const page = await context.newPage();
    await recorder.attached();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    return { context, recorder, page, problems };
  }

  it('AG-UI with the sandbox proxy: every scenario, the list of conversations, a reload', async () => {
    const { context, recorder, page, problems } = await open();
    try {
      await page.goto(server.url);
      await chatReady(page);

      // A plain reply: markdown with a list, a table and a highlighted code block (a lazy chunk).
      const hello = await chatTurn(page, 'hello');
      assert.equal(hello.status, 'done');
      await page.locator('agent-chat agent-chat-markdown table').first().waitFor();
      await page.locator('agent-chat agent-chat-markdown pre code').first().waitFor();

      // Tool calls, one card opened; shared state; a failing run; a long reply.
      assert.equal((await chatTurn(page, "What's the weather in Lisbon?")).status, 'done');
      await page.locator('agent-chat [part="tool-card-header"]').first().click();
      assert.equal((await chatTurn(page, 'show me the state')).status, 'done');
      assert.equal((await chatTurn(page, 'make an error')).status, 'error');
      assert.equal((await chatTurn(page, 'a long reply please')).status, 'done');

      await research(page);
      await rollDice(page, { proxied: true });
      await answerTripQuestions(page);
      await approveDeletion(page);
      await assertNothingLeft(recorder, page, origins, 'after every AG-UI scenario');

      // The list of conversations: rename this one, export it, start a new one, open this one again.
      const turnsBefore = await page.evaluate(() => document.querySelector('agent-chat').getTurns().length);
      await page.locator('agent-chat [part="threads-button"]').click();
      const list = page.locator('agent-chat agent-chat-thread-list');
      const current = list.locator('[part="thread-item"][data-current]');
      await current.getByRole('button', { name: /^Rename/ }).click();
      await list.locator('input[data-control="title-input"]').fill('Walk of the demo');
      await list.getByRole('button', { name: 'Save' }).click();
      await list.getByText('Walk of the demo').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), current.getByRole('button', { name: /^Export/ }).click()]);
      assert.match(download.url(), /^blob:/);
      assert.match(download.suggestedFilename(), /^conversation-.+\.json$/);
      await list.locator('[part="thread-new-button"]').click();
      await list.waitFor({ state: 'detached' });
      assert.equal((await chatTurn(page, 'hi')).status, 'done');
      await page.locator('agent-chat [part="threads-button"]').click();
      await list.getByRole('button', { name: 'Walk of the demo', exact: true }).click();
      await waitFor(() => page.evaluate((n) => document.querySelector('agent-chat').getTurns().length === n, turnsBefore), {
        message: 'the renamed conversation open again',
      });

      // A reload restores it, the dice app included; then the dark theme.
      await page.reload();
      await chatReady(page);
      await waitFor(() => page.evaluate((n) => document.querySelector('agent-chat').getTurns().length === n, turnsBefore), {
        message: 'the conversation restored',
      });
      await diceApp(page, true).locator('.face').first().waitFor({ timeout: TIMEOUT });
      await page.locator('#theme-select').selectOption('dark');
      await assertNothingLeft(recorder, page, origins, 'after the list of conversations and the reload');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('the AI SDK backend, then the opaque-origin sandbox: every scenario', async () => {
    const { context, recorder, page, problems } = await open();
    try {
      await page.goto(`${server.url}?protocol=ai-sdk`);
      await chatReady(page);
      assert.equal(await page.evaluate(() => document.querySelector('agent-chat').protocol), 'ai-sdk');
      assert.equal((await chatTurn(page, 'hello')).status, 'done');
      assert.equal((await chatTurn(page, 'weather in Oslo')).status, 'done');
      assert.equal((await chatTurn(page, 'state')).status, 'done');
      await research(page);
      await rollDice(page, { proxied: true });
      await answerTripQuestions(page);
      await approveDeletion(page);
      await assertNothingLeft(recorder, page, origins, 'after every AI SDK scenario');

      // Back to AG-UI, without the sandbox proxy: the app in one srcdoc frame of opaque origin.
      await page.locator('#protocol-select').selectOption('ag-ui');
      await page.locator('#sandbox-select').selectOption('opaque');
      await page.locator('agent-chat#chat:not([sandbox-url])').waitFor({ state: 'attached' });
      await chatReady(page);
      await rollDice(page, { proxied: false });
      assert.equal(await page.locator('agent-chat agent-chat-app-frame iframe').last().getAttribute('sandbox'), 'allow-scripts');
      await assertNothingLeft(recorder, page, origins, 'after the opaque-origin app');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('the product page: the popup opened, a reply, then inline', async () => {
    const { context, recorder, page, problems } = await open();
    try {
      await page.goto(new URL('/shop.html', server.url).href);
      await chatReady(page);
      await page.locator('agent-chat [part="launcher"]').click();
      assert.equal((await chatTurn(page, 'Does it work on induction?')).status, 'done');
      await page.keyboard.press('Escape');
      await page.getByRole('radio', { name: 'Inline' }).check();
      assert.equal((await chatTurn(page, 'weather in Oslo')).status, 'done');
      await assertNothingLeft(recorder, page, origins, 'the product page');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('images from other origins in a reply wait for a click (images="click", the default)', async () => {
    const { context, recorder, page, problems } = await open();
    const probe = new URL('/third-party-images.html', server.url).href;
    const reply = new URL('/api/images-reply', server.url).href;
    const foreign = ['https://images.example.com', 'https://cdn.example.net', 'http://tracker.example.org'];
    // The page and its backend answer on the demo's own origin (the server itself knows neither).
    await page.route(probe, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Images</title></head><body>
          <agent-chat endpoint="/api/images-reply" storage="none" tool-cards="open" style="display:block;height:700px"></agent-chat>
          <script type="module" src="/dist/agent-chat.js"></script></body></html>`,
      }),
    );
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
      {
        type: 'TEXT_MESSAGE_CONTENT',
        messageId: 'm',
        delta:
          `A photo: ![cat](${foreign[0]}/cat.png) and ![by reference][ref]. ` +
          `<img src="${foreign[1]}/raw.gif" srcset="${foreign[2]}/1x.gif 1x"> <picture><source srcset="${foreign[2]}/p.webp"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></picture>\n\n` +
          `[ref]: ${foreign[0]}/ref.png\n`,
      },
      { type: 'TEXT_MESSAGE_END', messageId: 'm' },
      { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'report' },
      { type: 'TOOL_CALL_END', toolCallId: 'c' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c', content: `## Report\n\n![chart](${foreign[1]}/chart.png)` },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    ];
    await page.route(reply, (route) => route.fulfill({ contentType: 'text/event-stream', body: events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('') }));
    try {
      await page.goto(probe);
      await chatReady(page);
      const end = await chatTurn(page, 'show me pictures');
      assert.equal(end.status, 'done');
      const placeholders = page.locator('agent-chat button.image-placeholder');
      await waitFor(async () => (await placeholders.count()) === 4, {
        message: `four placeholders (reply ×3, tool result ×1), not ${await placeholders.count()}: ${await placeholders.allTextContents()}`,
      });
      assert.match(await placeholders.first().textContent(), /images\.example\.com/);
      await sleep(300);
      await assertNothingLeft(recorder, page, origins, 'a reply with images from other origins');

      // The recorder does see such a load: the person presses one placeholder (the request is refused).
      await placeholders.first().click();
      await waitFor(() => recorder.offenders().length > 0, { message: 'the pressed image requested' });
      await recorder.settled();
      assert.deepEqual(
        recorder.offenders().map((entry) => entry.url),
        [`${foreign[0]}/cat.png`, `${foreign[0]}/cat.png`],
        'only the pressed image, seen by both the request event and the route',
      );
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
