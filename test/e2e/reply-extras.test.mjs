// What comes with a reply, on the built bundle in Debian Chromium, against real backends of both
// protocols: an AG-UI server writing with @ag-ui/encoder (CUSTOM agent-chat.sources and
// agent-chat.suggestions) and an AI SDK server (`streamText` over a MockLanguageModelV4 whose stream
// has `source` parts, piped through the real `toUIMessageStream`, plus a data-agent-chat-suggestions
// part). Starters, follow-ups, the sources list and its links, Copy read back from the clipboard,
// feedback — and all of it again after a real reload on the same storage.
/* global seen -- what the page heard, set up by an init script below */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createIdGenerator, createUIMessageStream, pipeUIMessageStreamToResponse, simulateReadableStream, streamText, toUIMessageStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { launchChromium } from './browser.mjs';
import { distBuilt, startPageServer } from './mcp-fixtures.mjs';

const REPLY_MARKDOWN = '**Lisbon** is the capital of Portugal, with `trams` and:\n\n- hills\n- tiles';

/** The AG-UI backend: the first reply cites sources and offers follow-ups; later ones do neither. */
async function aguiBackend(input, res, encoder) {
  const send = (event) => res.write(encoder.encodeSSE(event));
  const { threadId, runId } = input;
  const first = input.messages.filter((message) => message.role === 'user').length === 1;
  send({ type: 'RUN_STARTED', threadId, runId });
  send({ type: 'TEXT_MESSAGE_START', messageId: `m-${runId}`, role: 'assistant' });
  send({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${runId}`, delta: first ? REPLY_MARKDOWN : 'It is sunny.' });
  send({ type: 'TEXT_MESSAGE_END', messageId: `m-${runId}` });
  if (first) {
    send({
      type: 'CUSTOM',
      name: 'agent-chat.sources',
      value: {
        sources: [
          { url: 'https://example.com/lisbon', title: 'Lisbon guide' },
          { url: 'javascript:alert(1)', title: 'Script link' },
          { url: 'data:text/html,<script>alert(1)</script>', title: 'Data link' },
        ],
      },
    });
    send({
      type: 'CUSTOM',
      name: 'agent-chat.suggestions',
      value: { suggestions: [{ label: 'Weather', prompt: 'What is the weather in Lisbon?', icon: '☀️' }, { label: 5 }, 'Food'] },
    });
  }
  send({ type: 'RUN_FINISHED', threadId, runId });
  res.end();
}

const usage = { inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 9, text: 9, reasoning: 0 } };

/** A real AI SDK route: streamText with source parts, the UI message stream with sources, and follow-ups as a data part. */
async function startAiSdkBackend() {
  const generateId = createIdGenerator({ prefix: 'msg', size: 12 });
  /** Every id the route gave (the reply's message id is one of them). */
  const messageIds = [];
  const generateMessageId = () => {
    const id = generateId();
    messageIds.push(id);
    return id;
  };
  const bodies = [];
  const server = http.createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw);
    bodies.push(body);
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        stream: simulateReadableStream({
          chunks: [
            { type: 'stream-start', warnings: [] },
            { type: 'source', sourceType: 'url', id: 'src-1', url: 'https://example.com/porto', title: 'Porto guide' },
            { type: 'source', sourceType: 'document', id: 'src-2', mediaType: 'application/pdf', title: 'Travel notes', filename: 'notes.pdf' },
            { type: 'text-start', id: 't1' },
            { type: 'text-delta', id: 't1', delta: 'Porto is known for *port wine* [1].' },
            { type: 'text-end', id: 't1' },
            { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
          ],
        }),
      }),
    });
    const result = streamText({ model, prompt: 'Tell me about Porto' });
    const stream = createUIMessageStream({
      originalMessages: body.messages,
      generateId: generateMessageId,
      execute({ writer }) {
        writer.write({ type: 'start' });
        writer.write({ type: 'data-agent-chat-suggestions', data: { suggestions: [{ label: 'Bridges', prompt: 'Tell me about the bridges' }, { nope: true }] } });
        writer.merge(toUIMessageStream({ stream: result.stream, sendStart: false, sendSources: true }));
      },
    });
    await pipeUIMessageStreamToResponse({ response: res, stream });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}/api/chat`,
    bodies,
    messageIds,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

const page = (attributes, children = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reply extras</title></head><body>
  <agent-chat ${attributes} feedback style="height: 900px; display: block">${children}</agent-chat>
  <script type="module" src="/dist/agent-chat.js"></script>
  <script>
    window.seen = { feedback: [], suggestion: [], links: [] };
    const chat = document.querySelector('agent-chat');
    chat.addEventListener('agent-chat-feedback', (event) => seen.feedback.push(event.detail));
    chat.addEventListener('agent-chat-suggestion', (event) => seen.suggestion.push(event.detail));
    chat.addEventListener('agent-chat-open-link', (event) => {
      seen.links.push(event.detail.url);
      event.preventDefault();
    });
    document.addEventListener('click', (event) => { window.lastClickPrevented = event.defaultPrevented; });
  </script>
</body></html>`;

/** Waits until the chat is defined, its storage open and every view in it drawn. */
async function ready(tab) {
  await tab.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await tab.evaluate(() => document.querySelector('agent-chat').listThreads());
  await drawn(tab);
}

async function drawn(tab) {
  await tab.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const settle = async (root) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.updateComplete) await element.updateComplete;
        if (element.shadowRoot) await settle(element.shadowRoot);
      }
    };
    await settle(document);
  });
}

/** Sends through `act` and waits for the reply's end, drawn. */
async function replyTo(tab, act) {
  const ended = tab.evaluate(
    () => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })),
  );
  await act();
  const detail = await ended;
  await drawn(tab);
  return detail;
}

/** The last message: the reply, its sources and its row of actions. */
const reply = (tab) => tab.locator('agent-chat agent-chat-message').last();
const suggestionLabels = (tab) => tab.locator('agent-chat [part="suggestion"]').evaluateAll((buttons) => buttons.map((button) => button.textContent.replace(/\s+/g, ' ').trim()));
/** The labels once the list is drawn (its view is a chunk that may still be on its way). */
const shownSuggestions = async (tab) => {
  await tab.locator('agent-chat [part="suggestion"]').first().waitFor();
  return suggestionLabels(tab);
};
const thumbs = (tab) => tab.locator('agent-chat [part="feedback-button"]');
const pressed = async (tab) => Promise.all((await thumbs(tab).all()).map((button) => button.getAttribute('aria-pressed')));

/** The sources list of the last reply as drawn: count, open, items, links. */
function sourcesShown(tab) {
  return tab.evaluate(() => {
    const message = [...document.querySelector('agent-chat').shadowRoot.querySelectorAll('agent-chat-message')].at(-1);
    const details = message.shadowRoot.querySelector('agent-chat-sources')?.shadowRoot.querySelector('details[part="sources"]');
    if (!details) return undefined;
    return {
      summary: details.querySelector('summary').textContent.trim(),
      open: details.open,
      items: [...details.querySelectorAll('li')].map((li) => li.textContent.trim()),
      links: [...details.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), target: a.target, rel: a.rel })),
    };
  });
}

describe('reply extras: suggestions, sources, Copy and feedback on both protocols', () => {
  let browser;
  let pages;
  let aiSdk;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    pages = await startPageServer(aguiBackend);
    aiSdk = await startAiSdkBackend();
    browser = await launchChromium();
  });
  /** The page in a context of its own that may read the clipboard back; its errors collected. */
  async function openTab() {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(pages.url).origin });
    const tab = await context.newPage();
    const problems = [];
    tab.on('pageerror', (error) => problems.push(error.message));
    await tab.goto(pages.url);
    await ready(tab);
    return { context, tab, problems };
  }
  after(async () => {
    await browser?.close();
    await pages?.close();
    await aiSdk?.close();
  });

  it('AG-UI: a starter is sent; sources and follow-ups come from CUSTOM events; Copy gives the markdown; the rating, sources and follow-ups are back after a reload', async () => {
    pages.setPage(page('endpoint="/agent" storage-key="reply-extras-agui"', '<agent-chat-suggestion prompt="Tell me about Lisbon" icon="🏙️">Lisbon</agent-chat-suggestion>'));
    const { context, tab, problems } = await openTab();

    // The starter, reachable by Tab from the log.
    assert.deepEqual(await shownSuggestions(tab), ['🏙️Lisbon']);
    assert.equal(await tab.locator('agent-chat [part="suggestions"]').getAttribute('aria-label'), 'Suggestions');
    await tab.locator('agent-chat [part="messages"]').focus();
    await tab.keyboard.press('Tab');
    assert.equal(await tab.evaluate(() => document.querySelector('agent-chat').shadowRoot.activeElement?.localName), 'agent-chat-suggestions');
    await replyTo(tab, () => tab.keyboard.press('Enter'));
    assert.deepEqual(await tab.evaluate(() => seen.suggestion), [{ label: 'Lisbon', prompt: 'Tell me about Lisbon' }]);
    assert.equal(pages.requests.at(-1).messages.at(-1).content, 'Tell me about Lisbon');

    // Sources: collapsed with the count; only the https one is a link.
    const sources = await sourcesShown(tab);
    assert.deepEqual(sources.items, ['Lisbon guide', 'Script link', 'Data link']);
    assert.equal(sources.summary, '3 sources');
    assert.equal(sources.open, false);
    assert.deepEqual(sources.links, [{ href: 'https://example.com/lisbon', target: '_blank', rel: 'noopener noreferrer nofollow' }]);
    await reply(tab).locator('summary').click();
    const pagesBefore = context.pages().length;
    await reply(tab).locator('[part="sources"] a').click();
    assert.deepEqual(await tab.evaluate(() => seen.links), ['https://example.com/lisbon']);
    assert.equal(await tab.evaluate(() => window.lastClickPrevented), true, 'the cancelled event stops the navigation');
    await drawn(tab);
    assert.equal(context.pages().length, pagesBefore, 'no tab opened');

    // Copy: the reply's markdown, read back from the clipboard.
    await reply(tab).locator('[part="copy-message-button"]').click();
    assert.equal(await tab.evaluate(() => navigator.clipboard.readText()), REPLY_MARKDOWN);
    await tab.waitForFunction(() => {
      const actions = [...document.querySelector('agent-chat').shadowRoot.querySelectorAll('agent-chat-message')].at(-1).shadowRoot.querySelector('agent-chat-reply-actions');
      return actions.shadowRoot.querySelector('[role="status"]').textContent.trim() === 'Copied';
    });

    // Follow-ups (the bad item dropped); feedback.
    assert.deepEqual(await shownSuggestions(tab), ['☀️Weather', 'Food']);
    assert.equal(await tab.locator('agent-chat [part="suggestions"]').getAttribute('aria-label'), 'Suggested follow-ups');
    await thumbs(tab).first().click();
    await tab.waitForFunction(() => window.seen.feedback.length === 1);
    const [rated] = await tab.evaluate(() => seen.feedback);
    const turns = await tab.evaluate(() => document.querySelector('agent-chat').getTurns());
    // The backend's id for the reply (its TEXT_MESSAGE_START's), not the widget's own.
    const runId = turns[1].runId;
    assert.deepEqual(rated, { threadId: await tab.evaluate(() => document.querySelector('agent-chat').threadId), messageId: `m-${runId}`, runId, rating: 'up' });
    assert.notEqual(turns[1].id, `m-${runId}`);
    assert.deepEqual(await pressed(tab), ['true', 'false']);

    // A real reload on the same storage: all of it is back.
    await tab.waitForFunction(() =>
      document
        .querySelector('agent-chat')
        .exportThread()
        .then((file) => file.nodes.some((node) => node.turn.feedback === 'up')),
    );
    await tab.reload();
    await ready(tab);
    await tab.waitForFunction(() => document.querySelector('agent-chat').getTurns().length === 2);
    await drawn(tab);
    assert.deepEqual(await pressed(tab), ['true', 'false'], 'the rating is shown again');
    assert.equal((await tab.evaluate(() => document.querySelector('agent-chat').getTurns()))[1].messageId, `m-${runId}`, 'the backend’s id is kept');
    assert.deepEqual((await sourcesShown(tab)).items, ['Lisbon guide', 'Script link', 'Data link']);
    assert.deepEqual(await shownSuggestions(tab), ['☀️Weather', 'Food'], 'the follow-ups are back');

    // A follow-up whose prompt is not its label fills the composer; the person sends it; the old ones are gone.
    await tab.locator('agent-chat [part="suggestion"]').first().click();
    assert.equal(await tab.locator('agent-chat textarea').inputValue(), 'What is the weather in Lisbon?');
    await replyTo(tab, () => tab.locator('agent-chat textarea').press('Enter'));
    assert.equal(pages.requests.at(-1).messages.at(-1).content, 'What is the weather in Lisbon?');
    assert.deepEqual(await suggestionLabels(tab), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('AI SDK: source-url and source-document from the real toUIMessageStream, follow-ups from data-agent-chat-suggestions, Copy, feedback, all restored after a reload', async () => {
    pages.setPage(page(`endpoint="${aiSdk.endpoint}" protocol="ai-sdk" storage-key="reply-extras-ai-sdk"`));
    const { context, tab, problems } = await openTab();
    await tab.evaluate(() => (document.querySelector('agent-chat').suggestions = [{ label: 'Porto', prompt: 'Tell me about Porto' }]));
    await drawn(tab);
    assert.deepEqual(await shownSuggestions(tab), ['Porto']);
    await replyTo(tab, () => tab.locator('agent-chat [part="suggestion"]').click());
    assert.deepEqual(aiSdk.bodies.at(-1).messages.at(-1).parts, [{ type: 'text', text: 'Tell me about Porto' }]);

    const sources = await sourcesShown(tab);
    assert.deepEqual(sources.items, ['Porto guide', 'Travel notes']);
    assert.equal(sources.summary, '2 sources');
    assert.deepEqual(
      sources.links.map((link) => link.href),
      ['https://example.com/porto'],
    );
    assert.deepEqual(await shownSuggestions(tab), ['Bridges']);

    await reply(tab).locator('[part="copy-message-button"]').click();
    assert.equal(await tab.evaluate(() => navigator.clipboard.readText()), 'Porto is known for *port wine* [1].');
    await thumbs(tab).nth(1).click();
    await tab.waitForFunction(() => window.seen.feedback.length === 1);
    assert.equal((await tab.evaluate(() => seen.feedback))[0].rating, 'down');
    const turns = await tab.evaluate(() => document.querySelector('agent-chat').getTurns());
    // The id the route's `start` chunk gave the reply's message, not the widget's own.
    const ratedId = (await tab.evaluate(() => seen.feedback))[0].messageId;
    assert.ok(aiSdk.messageIds.includes(ratedId), `${ratedId} is one of the route's ids (${aiSdk.messageIds.join(', ')})`);
    assert.notEqual(ratedId, turns[1].id);

    await tab.waitForFunction(() =>
      document
        .querySelector('agent-chat')
        .exportThread()
        .then((file) => file.nodes.some((node) => node.turn.feedback === 'down')),
    );
    await tab.reload();
    await ready(tab);
    await tab.waitForFunction(() => document.querySelector('agent-chat').getTurns().length === 2);
    await drawn(tab);
    assert.deepEqual(await pressed(tab), ['false', 'true']);
    assert.deepEqual((await sourcesShown(tab)).items, ['Porto guide', 'Travel notes']);
    assert.deepEqual(await shownSuggestions(tab), ['Bridges']);

    // The next request sends the reply back as the UIMessage it came as, sources and data part included.
    await tab.locator('agent-chat [part="suggestion"]').click();
    await replyTo(tab, () => tab.locator('agent-chat textarea').press('Enter'));
    const history = aiSdk.bodies.at(-1).messages;
    assert.deepEqual(history.at(-1).parts, [{ type: 'text', text: 'Tell me about the bridges' }]);
    const kinds = history[1].parts.map((part) => part.type);
    assert.ok(kinds.includes('source-url') && kinds.includes('source-document') && kinds.includes('data-agent-chat-suggestions'), kinds.join());
    assert.deepEqual(problems, []);
    await context.close();
  });
});
