// Nothing shown is lost on reload: a reply streams from a server the test writes event by event,
// the page goes away at a chosen moment (reload, navigating away and back, closing the tab), and
// what the new page restores is compared with what the old one showed just before: all the text,
// every tool card, each finished call done with its result, each call still running not completed,
// and the reply stopped rather than failed. On the built bundle, in Debian Chromium.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { launchChromium } from './browser.mjs';
import { startReloadServer } from './reload-agent.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the page shows of its last reply: its text, its tool cards (status, result), an error. */
function shown(page) {
  return page.evaluate(() => {
    const chat = document.querySelector('agent-chat');
    const reply = [...chat.shadowRoot.querySelectorAll('agent-chat-message')].at(-1);
    const root = reply?.shadowRoot;
    if (!root) return { text: '', cards: [], error: false };
    return {
      text: [...root.querySelectorAll('agent-chat-markdown')].map((markdown) => markdown.textContent.trim()).join(' | '),
      cards: [...root.querySelectorAll('agent-chat-tool-card')].map((card) => ({
        id: card.call.id,
        title: card.shadowRoot?.querySelector('.title')?.textContent.trim(),
        status: card.shadowRoot?.querySelector('[part="tool-card-status"]')?.dataset.status,
        result: card.call.result,
      })),
      error: root.querySelector('[part="error"]') !== null,
    };
  });
}

/** Waits until the page's last reply shows what `check(shown)` looks for (polled every frame). */
async function drawn(page, check, what) {
  try {
    await page.waitForFunction(
      (source) => {
        const chat = document.querySelector('agent-chat');
        const reply = [...chat.shadowRoot.querySelectorAll('agent-chat-message')].at(-1);
        const root = reply?.shadowRoot;
        // A card's tag waits, hidden, for its view to load: drawn means every card shows.
        if (!root || root.querySelector('agent-chat-tool-card:not(:defined)')) return false;
        const text = [...root.querySelectorAll('agent-chat-markdown')].map((markdown) => markdown.textContent.trim()).join(' | ');
        const cards = [...root.querySelectorAll('agent-chat-tool-card')].map((card) => ({
          id: card.call.id,
          status: card.shadowRoot?.querySelector('[part="tool-card-status"]')?.dataset.status,
        }));
        return new Function('shown', `return (${source})(shown)`)({ text, cards });
      },
      check.toString(),
      { timeout: 5000 },
    );
  } catch (error) {
    throw new Error(`not drawn: ${what} (shown: ${JSON.stringify(await shown(page))})`, { cause: error });
  }
}

/** Opens the page in `context` and waits until the chat has restored what it keeps and drawn it. */
async function openChat(context, url) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(url);
  await restored(page);
  return { page, problems };
}

async function restored(page) {
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await page.evaluate(() => document.querySelector('agent-chat').listThreads());
  await page.evaluate(async () => {
    const chat = document.querySelector('agent-chat');
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await chat.updateComplete;
    for (const message of chat.shadowRoot.querySelectorAll('agent-chat-message')) {
      await message.updateComplete;
      for (const card of message.shadowRoot.querySelectorAll('agent-chat-tool-card')) await card.updateComplete;
      for (const markdown of message.shadowRoot.querySelectorAll('agent-chat-markdown')) await markdown.updateComplete;
    }
  });
}

const lastReply = (page) => page.evaluate(() => document.querySelector('agent-chat').getTurns().at(-1));

/** The page goes away the way `how` says, and comes back (the same tab, or a new one of the profile). */
async function goAway(context, page, how, url) {
  if (how === 'reload') {
    await page.reload();
    await restored(page);
    return page;
  }
  if (how === 'navigate') {
    await page.goto('about:blank');
    await page.goto(url);
    await restored(page);
    return page;
  }
  await page.close();
  return (await openChat(context, url)).page;
}

/** What came back matches what was shown: the same text, every card, finished calls done, running ones not completed. */
function assertRestored(before, after, where) {
  assert.equal(after.text, before.text, `${where}: all the text shown is back (${before.text.length} characters shown, ${after.text.length} back)`);
  assert.deepEqual(
    after.cards.map((card) => card.id),
    before.cards.map((card) => card.id),
    `${where}: every card drawn is back`,
  );
  for (const card of before.cards) {
    const back = after.cards.find((candidate) => candidate.id === card.id);
    if (card.status === 'running') {
      assert.equal(back.status, 'not-completed', `${where}: call ${card.id}, running when the page went, is not completed`);
    } else {
      assert.equal(back.status, card.status, `${where}: call ${card.id} is ${card.status} as it was shown`);
      assert.deepEqual(back.result, card.result, `${where}: call ${card.id} has its result`);
    }
  }
  assert.equal(after.error, false, `${where}: the reply is stopped, not failed (no error shown)`);
}

const call = (id, name, args) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: JSON.stringify(args) },
  { type: 'TOOL_CALL_END', toolCallId: id },
];
const result = (id, content) => ({ type: 'TOOL_CALL_RESULT', messageId: `${id}-result`, toolCallId: id, content });
const delta = (messageId, text) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: text });

describe('nothing shown is lost when the page goes away mid-reply, on the built bundle', () => {
  const limit = { timeout: 90_000 };
  let server;
  let browser;
  let context;
  before(async () => {
    server = await startReloadServer();
    browser = await launchChromium();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A chat in a new profile whose reply has begun: resolves with the page and the reply's stream. */
  async function replyUnderWay() {
    context = await browser.newContext();
    const { page, problems } = await openChat(context, server.url);
    await page.evaluate(() => document.querySelector('agent-chat').send('Tell me about the trip.'));
    const run = await server.nextRun();
    run.started();
    run.send({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' });
    return { page, problems, run };
  }

  /** Sends `words` as deltas, one every `gapMs`. */
  async function stream(run, messageId, words, gapMs = 10) {
    for (const word of words) {
      run.send(delta(messageId, `${word} `));
      await sleep(gapMs);
    }
  }

  const words = (from, count) => Array.from({ length: count }, (_, i) => `word${from + i}`);

  it('a reload right after a delta keeps every character shown, and the reply comes back stopped', limit, async () => {
    const { page, problems, run } = await replyUnderWay();
    await stream(run, 'm1', words(0, 30));
    await drawn(page, (s) => s.text.endsWith('word29'), 'the first words');
    // A pause longer than the batching interval: what came so far has been saved.
    await sleep(600);
    // Then a burst, and the page goes the moment its last delta is drawn.
    await stream(run, 'm1', words(30, 8), 5);
    await drawn(page, (s) => s.text.endsWith('word37'), 'the last delta');
    const before = await shown(page);
    await page.reload();
    await restored(page);
    const after = await shown(page);
    assertRestored(before, after, 'reload after a delta');
    const reply = await lastReply(page);
    assert.equal(reply.status, 'cancelled', 'a reply cut short by the reload is stopped');
    assert.deepEqual(problems, []);
  });

  it('a reload right after a tool result: that call comes back done with its result, the one still running not completed', limit, async () => {
    const { page, problems, run } = await replyUnderWay();
    await stream(run, 'm1', words(0, 10));
    run.send(...call('lookup-1', 'lookup', { city: 'Lisbon' }));
    run.send(...call('lookup-2', 'lookup', { city: 'Oslo' }));
    await drawn(page, (s) => s.cards.length === 2, 'two calls running');
    await sleep(600);
    run.send(result('lookup-1', 'Sunny, 24 °C'));
    await drawn(page, (s) => s.cards[0]?.status === 'done', 'the first call done');
    const before = await shown(page);
    assert.deepEqual(
      before.cards.map((card) => card.status),
      ['done', 'running'],
    );
    await page.reload();
    await restored(page);
    assertRestored(before, await shown(page), 'reload after a tool result');
    assert.deepEqual(problems, []);
  });

  it('a reload right after a card is drawn: the card comes back, not completed', limit, async () => {
    const { page, problems, run } = await replyUnderWay();
    await stream(run, 'm1', words(0, 10));
    await drawn(page, (s) => s.text.endsWith('word9'), 'the first words');
    await sleep(600);
    run.send({ type: 'TEXT_MESSAGE_END', messageId: 'm1' });
    run.send(...call('book-1', 'book_hotel', { city: 'Porto', nights: 2 }));
    await drawn(page, (s) => s.cards.length === 1, 'the call drawn');
    const before = await shown(page);
    await page.reload();
    await restored(page);
    assertRestored(before, await shown(page), 'reload after a card is drawn');
    assert.deepEqual(problems, []);
  });

  for (const how of ['navigate', 'close']) {
    it(`${how === 'navigate' ? 'navigating away and back' : 'closing the tab and opening the page again'} mid-reply keeps what was shown`, limit, async () => {
      const { page, problems, run } = await replyUnderWay();
      await stream(run, 'm1', words(0, 10));
      run.send(...call('lookup-1', 'lookup', { city: 'Lisbon' }));
      await sleep(600);
      run.send(result('lookup-1', 'Sunny, 24 °C'));
      run.send({ type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' });
      await stream(run, 'm2', words(10, 5), 5);
      run.send(...call('lookup-2', 'lookup', { city: 'Oslo' }));
      await drawn(page, (s) => s.cards.length === 2 && s.cards[0].status === 'done' && s.text.endsWith('word14'), 'the second call and the last words');
      const before = await shown(page);
      const back = await goAway(context, page, how, server.url);
      assertRestored(before, await shown(back), how);
      assert.deepEqual(problems, []);
    });
  }

  it('a reload at several moments of a steady stream with tool calls: all the text, every card, each status', limit, async () => {
    // Reload after delta number `at` of a stream of one delta every 12 ms, with calls starting and
    // finishing along the way: some moments fall right after a result, some right after a call starts.
    for (const at of [21, 31, 40, 52, 61, 75]) {
      const { page, problems, run } = await replyUnderWay();
      for (let i = 0; i <= at; i++) {
        if (i === 20) run.send(...call('a', 'lookup', { q: 'a' }));
        if (i === 30) run.send(result('a', 'result a'));
        if (i === 40) run.send(...call('b', 'lookup', { q: 'b' }));
        if (i === 51) run.send(result('b', 'result b'));
        if (i === 60) run.send(...call('c', 'lookup', { q: 'c' }));
        run.send(delta('m1', `w${i} `));
        await sleep(12);
      }
      await drawn(page, new Function('s', `return s.text.endsWith('w${at}')`), `delta ${at}`);
      const before = await shown(page);
      await page.reload();
      await restored(page);
      assertRestored(before, await shown(page), `reload after delta ${at}`);
      assert.deepEqual(problems, []);
      await context.close();
      context = undefined;
    }
  });
});
