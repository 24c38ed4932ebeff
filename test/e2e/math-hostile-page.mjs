/**
 * A chat page with `math` for hostile formulas (math-hostile-corpus.mjs), on the built bundle: a
 * backend that answers "formula N" with entry N of a list, streamed in small deltas, and the
 * page's long tasks (PerformanceObserver `longtask`, from before the bundle loads). Shared by the
 * end-to-end tests and bench/math-fuzz.mjs.
 */
import { chatTurn } from './browser.mjs';
import { chatPage, startPageServer } from './mcp-fixtures.mjs';
import { markdownOf } from './math-hostile-corpus.mjs';

const DELTA_CHARS = 400;

/** Serves the chat (`math`, kept in IndexedDB) and a backend answering "formula N" with `entries[N]`. */
export function startMathServer(entries, { attributes = 'math' } = {}) {
  return startPageServer(
    async (input, res, encoder) => {
      const send = (event) => res.write(encoder.encodeSSE(event));
      const asked = [...(input.messages ?? [])].reverse().find((message) => message.role === 'user');
      const content = typeof asked?.content === 'string' ? asked.content : JSON.stringify(asked?.content ?? '');
      const index = Number(/formula (\d+)/.exec(content)?.[1]);
      const text = markdownOf(entries[index] ? [entries[index]] : []);
      const messageId = `m-${input.runId}`;
      send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
      send({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' });
      for (let at = 0; at < text.length; at += DELTA_CHARS) {
        send({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: text.slice(at, at + DELTA_CHARS) });
        await new Promise((resolve) => setImmediate(resolve));
      }
      send({ type: 'TEXT_MESSAGE_END', messageId });
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
      res.end();
    },
    { page: chatPage('', { attributes }) },
  );
}

/** Runs in the page before anything else: records every long task and when the chat was defined. */
function observeLongTasks() {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  customElements.whenDefined('agent-chat').then(() => (window.chatDefinedAt = performance.now()));
}

/** A fresh context (its own IndexedDB) and page, long tasks observed. */
export async function openMathPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  await context.addInitScript(observeLongTasks);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(() => window.chatDefinedAt !== undefined);
  return { context, page, problems };
}

/**
 * Resolves once `count` formula placeholders are in the chat and each is drawn (as math, or as
 * its source marked as an error or over budget), then two more frames.
 */
export async function formulasSettled(page, count, timeout = 30_000) {
  await page.waitForFunction(
    (count) => {
      const placeholders = [];
      const walk = (root) => {
        placeholders.push(...root.querySelectorAll('.math-inline, .math-display'));
        for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
      };
      walk(document);
      return placeholders.length >= count && placeholders.every((element) => element.querySelector('.katex') || element.classList.contains('math-error'));
    },
    count,
    { timeout, polling: 100 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The long tasks that ended after `since` (ms on the page's clock). */
export function longTasksSince(page, since) {
  return page.evaluate((since) => window.longTasks.filter((task) => task.start + task.duration > since), since);
}

/**
 * Asks for each formula in its own turn (entry i as "formula offset+i" of the server's list) and waits until it is drawn; returns, per entry, the
 * longest task from the moment it was asked until it was drawn.
 */
export async function streamEach(page, entries, { timeout, offset = 0 } = {}) {
  const worst = [];
  for (const [at, entry] of entries.entries()) {
    const index = offset + at;
    const since = await page.evaluate(() => performance.now());
    const reply = await chatTurn(page, `formula ${index}`);
    if (reply.status !== 'done') throw new Error(`reply to formula ${index} (${entry.name}) ended ${reply.status}`);
    await formulasSettled(page, index + 1, timeout);
    const tasks = await longTasksSince(page, since);
    worst.push({ name: entry.name, ms: Math.max(0, ...tasks.map((task) => task.duration)) });
  }
  return worst;
}

/** Counts the formula placeholders in the chat and those not drawn yet. */
function formulaCounts(page) {
  return page.evaluate(() => {
    const placeholders = [];
    const walk = (root) => {
      placeholders.push(...root.querySelectorAll('.math-inline, .math-display'));
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
    };
    walk(document);
    const waiting = placeholders.filter((element) => !element.querySelector('.katex') && !element.classList.contains('math-error'));
    return `${placeholders.length}/${waiting.length}`;
  });
}

/**
 * Reloads the page (the thread comes back from IndexedDB, its latest turns first) and returns the
 * number of formulas shown and the longest task from the chat's definition until every formula is drawn ("earlier messages" pressed
 * until the first turn is shown) and none has come for a second.
 */
export async function restoreAndMeasure(page, { timeout = 30_000 } = {}) {
  await page.reload();
  await page.waitForFunction(() => window.chatDefinedAt !== undefined);
  const end = Date.now() + timeout;
  await allDrawn(page, end, timeout);
  // The chat draws a long thread's last turns first: "earlier messages" is pressed until all are drawn.
  for (let step = 0; step < 20; step++) {
    const pressed = await page.evaluate(() => {
      const earlier = document.querySelector('agent-chat').shadowRoot.querySelector('button.earlier');
      earlier?.click();
      return !!earlier;
    });
    if (!pressed) break;
    await allDrawn(page, end, timeout);
  }
  const formulas = Number((await allDrawn(page, end, timeout)).split('/')[0]);
  const tasks = await longTasksSince(page, await page.evaluate(() => window.chatDefinedAt));
  return { longest: Math.max(0, ...tasks.map((task) => task.duration)), formulas };
}

async function allDrawn(page, end, timeout) {
  let last = '';
  let since = Date.now();
  for (;;) {
    const counts = await formulaCounts(page);
    if (counts !== last) [last, since] = [counts, Date.now()];
    if (!counts.startsWith('0/') && counts.endsWith('/0') && Date.now() - since > 1000) return counts;
    if (Date.now() > end) throw new Error(`restored formulas not drawn in ${timeout} ms (shown/waiting: ${counts})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
