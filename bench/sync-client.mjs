#!/usr/bin/env node
/**
 * The widget's sync client (`storage="remote"`), in Chromium against the demo server's thread
 * store (PGlite in memory) and its scripted agent:
 * - reach: a reply ends on the laptop → the phone's copy holds it, done (the store's event stream), RUNS times;
 * - first sync: a new device of a user with THREADS threads on the store → all listed;
 * - upload: a thread of MESSAGES messages imported on a device → every node on the store.
 * Prints median and extremes (ms).
 *
 * Run `npm run build` first, then `node bench/sync-client.mjs` (RUNS, THREADS, MESSAGES override).
 */
import { startDemoServer } from '../demo/server.mjs';
import { launchChromium } from '../test/e2e/browser.mjs';

const RUNS = Number(process.env.RUNS ?? 10);
const THREADS = Number(process.env.THREADS ?? 1000);
const MESSAGES = Number(process.env.MESSAGES ?? 2000);

const PAGE = `<!doctype html><meta charset="utf-8"><body><agent-chat endpoint="/api/agent" storage="remote" storage-url="/store" style="display:block;height:600px"></agent-chat><script type="module" src="/dist/agent-chat.js"></script>`;

const server = await startDemoServer({ delayMs: 0, log: () => {} });
const browser = await launchChromium();
const pageUrl = `${server.url}bench.html`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (values) => `median ${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
const rest = (user, method, path, body) =>
  fetch(`${server.url}store/${path}`, { method, headers: { cookie: `demo-user=${user}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });

async function device(user) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'demo-user', value: user, url: server.url }]);
  await context.route(pageUrl, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
  const page = await context.newPage();
  await page.goto(pageUrl);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await page.evaluate(() => document.querySelector('agent-chat').listThreads());
  return { context, page };
}

/** Resolves with the time (performance.now() of the page) at which `check` held, polled each frame. */
const whenTrue = (page, check, arg) =>
  page.evaluate(
    ([source, arg]) =>
      new Promise((resolve) => {
        const test = new Function('arg', `return (${source})(arg)`);
        const look = async () => ((await test(arg)) ? resolve(Date.now()) : requestAnimationFrame(look));
        look();
      }),
    [check.toString(), arg],
  );

try {
  // Reach
  const laptop = await device('reach');
  const phone = await device('reach');
  const reach = [];
  for (let run = 0; run < RUNS; run++) {
    await laptop.page.evaluate(() => document.querySelector('agent-chat').newThread());
    const ended = await laptop.page.evaluate(
      (text) =>
        new Promise((resolve) => {
          const chat = document.querySelector('agent-chat');
          chat.addEventListener('agent-chat-response-end', () => resolve({ at: Date.now(), id: chat.threadId }), { once: true });
          void chat.send(text);
        }),
      `Run ${run}`,
    );
    // The whole reply, done, is in the phone's copy.
    const listed = await whenTrue(
      phone.page,
      async (id) => {
        const chat = document.querySelector('agent-chat');
        if (!(await chat.listThreads()).some((thread) => thread.id === id)) return false;
        const file = await chat.exportThread(id);
        return file.nodes.some((node) => node.turn.role === 'assistant' && node.turn.status === 'done');
      },
      ended.id,
    );
    reach.push(listed - ended.at);
  }
  console.log(`reach: a reply ended on one device → in the other's copy, ${RUNS} runs: ${summary(reach)}`);

  // First sync
  for (let i = 0; i < THREADS; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, THREADS - i) }, (_, k) => rest('many', 'PUT', `threads/t-${i + k}`, { title: `Thread ${i + k}` })));
  }
  const start = Date.now();
  const fresh = await device('many');
  const all = await whenTrue(fresh.page, async (count) => (await document.querySelector('agent-chat').listThreads()).length >= count, THREADS);
  console.log(`first sync: a new device lists ${THREADS} threads ${all - start} ms after the page starts loading`);

  // Upload
  const nodes = [];
  for (let i = 0; i < MESSAGES; i++) {
    const id = `m-${i}`;
    const turn =
      i % 2 ? { role: 'assistant', id, status: 'done', parts: [{ kind: 'text', id: `${id}-t`, text: `Reply ${i} `.repeat(20) }] } : { role: 'user', id, text: `Message ${i}` };
    nodes.push({ id, parentId: i ? `m-${i - 1}` : null, seq: i, turn });
  }
  const file = {
    format: 'agent-chat-thread',
    version: 1,
    exported: Date.now(),
    thread: { id: 'long', title: 'Long', titleSource: 'person', created: 1, updated: 2, currentLeaf: `m-${MESSAGES - 1}` },
    nodes,
  };
  const uploader = await device('upload');
  const began = Date.now();
  await uploader.page.evaluate((file) => document.querySelector('agent-chat').importThread(file), file);
  for (;;) {
    const answer = await (await rest('upload', 'GET', 'threads/long')).json().catch(() => ({}));
    if (answer.nodes?.length === MESSAGES) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`upload: a ${MESSAGES}-message thread imported → all on the store in ${Date.now() - began} ms`);
} finally {
  await browser.close();
  await server.close();
}
