// Hostile code never freezes the page: for every bundled grammar, replies carry code blocks built
// from that grammar's own delimiters (test/e2e/code-fuzz-inputs.mjs) at the largest size that is
// still highlighted; they are drawn finished, streamed, and restored from storage by reloading,
// on the built bundle in Debian Chromium. A PerformanceObserver ('longtask') watches the page the
// whole time: no task may take over 200 ms, and every block shows its code exactly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { launchChromium } from '../e2e/browser.mjs';
import { FUZZ_GRAMMARS, fenced, hostileSample } from '../e2e/code-fuzz-inputs.mjs';
import { distBuilt, sleep, startPageServer, chatPage } from '../e2e/mcp-fixtures.mjs';

const LONG_TASK_LIMIT_MS = 200;
/** The largest block the highlighter takes (src/render/highlight-limits.ts), read from the source. */
const BLOCK_CAP = Number(
  /BLOCK_HIGHLIGHT_CHARS = ([\d_]+)/.exec(readFileSync(new URL('../../src/render/highlight-limits.ts', import.meta.url), 'utf8'))?.[1].replace(/_/g, '') ?? 20_000,
);
const STREAM_DELTA = 500;

/** The reply for a prompt `finished <grammar>` (all at once) or `streamed <grammar>` (in deltas). */
function replyFor(prompt) {
  const [mode, grammar] = prompt.split(' ');
  // The block's text ends with a newline: one character less reaches the cap exactly.
  const inputs = hostileSample(grammar, BLOCK_CAP - 1);
  const codes = mode === 'streamed' ? [inputs[0].code] : inputs.map((input) => input.code);
  return { mode, codes, text: codes.map((code) => fenced(grammar, code)).join('\n') };
}

function backend(input, res, encoder) {
  const send = (event) => res.write(encoder.encodeSSE(event));
  const prompt = [...(input.messages ?? [])].reverse().find((message) => message.role === 'user')?.content;
  const { mode, text } = replyFor(typeof prompt === 'string' ? prompt : (prompt?.[0]?.text ?? ''));
  const messageId = `reply-${input.runId}`;
  send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
  send({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' });
  return (async () => {
    const step = mode === 'streamed' ? STREAM_DELTA : text.length;
    for (let at = 0; at < text.length; at += step) {
      send({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: text.slice(at, at + step) });
      if (mode === 'streamed') await sleep(4);
    }
    send({ type: 'TEXT_MESSAGE_END', messageId });
    send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
    res.end();
  })();
}

/** Runs in the page before anything else: every long task of this page load, in ms. */
function watchLongTasks() {
  window.codeFuzzLongTasks = [];
  new PerformanceObserver((list) => window.codeFuzzLongTasks.push(...list.getEntries().map((entry) => Math.round(entry.duration)))).observe({ type: 'longtask', buffered: true });
}

/** Runs in the page: waits until every reply is drawn and highlighted; their code blocks' text, whether each is coloured, and the long tasks since the last call. */
async function drawnBlocks() {
  const chat = document.querySelector('agent-chat');
  await chat.updateComplete;
  const replies = [];
  for (const message of chat.shadowRoot.querySelectorAll('agent-chat-message')) {
    await message.updateComplete;
    const views = [...message.shadowRoot.querySelectorAll('agent-chat-markdown')];
    for (const view of views) await view.updateComplete;
    const codes = views.flatMap((view) => [...view.querySelectorAll('pre code')]);
    if (codes.length) replies.push(codes.map((code) => ({ text: code.textContent, coloured: !!code.querySelector('[class^="hljs-"]') })));
  }
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  return { replies, longTasks: window.codeFuzzLongTasks.splice(0) };
}

/** Sends `prompt` through the composer and waits for the reply to end. */
async function ask(page, prompt) {
  const ended = page.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', resolve, { once: true })));
  await page.locator('agent-chat textarea').fill(prompt);
  await page.locator('agent-chat textarea').press('Enter');
  await ended;
}

function checkReply(reply, expected, label) {
  assert.ok(reply, `${label}: no reply drawn`);
  assert.deepEqual(
    reply.map((block) => block.text.length),
    expected.map((code) => code.length + 1),
    `${label}: block sizes`,
  );
  reply.forEach((block, index) => assert.ok(block.text === `${expected[index]}\n`, `${label}: block ${index} shows its code exactly`));
}

const slow = (tasks) => tasks.filter((ms) => ms > LONG_TASK_LIMIT_MS);

describe('hostile code in replies, every bundled grammar, at the size cap', () => {
  let server;
  let browser;
  let page;
  const problems = [];
  const prompts = [];

  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    server = await startPageServer(backend, { page: chatPage() });
    browser = await launchChromium();
    const context = await browser.newContext();
    await context.addInitScript(watchLongTasks);
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(server.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('drawn as finished blocks: no task over 200 ms, each block’s code exact', { timeout: 60_000 }, async () => {
    let coloured = 0;
    let blocks = 0;
    for (const grammar of FUZZ_GRAMMARS) {
      prompts.push(`finished ${grammar}`);
      await ask(page, `finished ${grammar}`);
      const { replies, longTasks } = await page.evaluate(drawnBlocks);
      assert.deepEqual(slow(longTasks), [], `${grammar}: tasks over ${LONG_TASK_LIMIT_MS} ms while drawing its hostile blocks`);
      checkReply(replies.at(-1), replyFor(`finished ${grammar}`).codes, grammar);
      coloured += replies.at(-1).filter((block) => block.coloured).length;
      blocks += replies.at(-1).length;
    }
    // Hostile is not the same as unhighlightable: most blocks still get colours.
    assert.ok(coloured >= blocks / 2, `${coloured} of ${blocks} blocks coloured`);
    assert.deepEqual(problems, []);
  });

  it('streamed in small deltas: no task over 200 ms, each block’s code exact', { timeout: 60_000 }, async () => {
    for (const grammar of FUZZ_GRAMMARS) {
      prompts.push(`streamed ${grammar}`);
      await ask(page, `streamed ${grammar}`);
      const { replies, longTasks } = await page.evaluate(drawnBlocks);
      assert.deepEqual(slow(longTasks), [], `${grammar}: tasks over ${LONG_TASK_LIMIT_MS} ms while streaming its hostile block`);
      checkReply(replies.at(-1), replyFor(`streamed ${grammar}`).codes, `${grammar} streamed`);
    }
    assert.deepEqual(problems, []);
  });

  it('restored from storage by reloading: no task over 200 ms, every block’s code exact', { timeout: 60_000 }, async () => {
    // Longer than the storage's batching: every reply has been saved.
    await sleep(1000);
    await page.reload();
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    // The restored thread may draw only its latest turns: those drawn are compared with what was sent.
    await page.waitForFunction(() => document.querySelector('agent-chat').shadowRoot.querySelectorAll('agent-chat-message').length >= 2, null, { timeout: 20_000 });
    const { replies, longTasks } = await page.evaluate(drawnBlocks);
    assert.ok(replies.length >= 1, 'replies restored');
    const restoredPrompts = prompts.slice(-replies.length);
    replies.forEach((reply, index) => checkReply(reply, replyFor(restoredPrompts[index]).codes, `restored ${restoredPrompts[index]}`));
    assert.deepEqual(slow(longTasks), [], `tasks over ${LONG_TASK_LIMIT_MS} ms while restoring`);
    assert.deepEqual(problems, []);
  });
});
