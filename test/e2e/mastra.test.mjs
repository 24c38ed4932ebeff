/**
 * The built widget against a real Mastra agent over AG-UI (`@mastra/core` + `@ag-ui/mastra` +
 * `@ag-ui/encoder`, on a mock model), served from another origin than the page, as a real
 * backend is. Mastra ends runs with a plain RUN_FINISHED: the widget must find the calls it is
 * left to answer from the stream.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { SIZE_QUESTION, promptText, startMastraServer } from '../servers/mastra-agent.mjs';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { startPageServer } from './mcp-fixtures.mjs';

describe('a real Mastra agent over AG-UI', () => {
  let pages;
  let mastra;
  let browser;
  before(async () => {
    assert.ok(existsSync('dist/agent-chat.js'), 'run `npm run build` first');
    mastra = await startMastraServer();
    // The page comes from a loopback server of its own: the agent is on another origin.
    pages = await startPageServer(async (_input, res) => res.end(), {
      page: `<!doctype html><html lang="en"><body>
        <agent-chat endpoint="${mastra.url}" storage="none" style="height: 700px"></agent-chat>
        <script type="module" src="/dist/agent-chat.js"></script>
      </body></html>`,
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await mastra?.close();
    await pages?.close();
  });

  it('streams text, shows a server tool’s card, sends the history, and answers ask_user through the form', async () => {
    const { page, problems } = await openPage(browser, pages.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);

    // Text, as markdown.
    const hello = await chatTurn(page, 'hello there');
    assert.equal(hello.status, 'done');
    const reply = () => page.locator('agent-chat [part~="assistant-message"]').last();
    assert.equal(await reply().locator('strong').textContent(), 'Mastra');

    // A tool Mastra runs on the server: its card, done, with its result; the reply goes on.
    const weather = await chatTurn(page, 'weather in Paris?');
    assert.equal(weather.status, 'done');
    assert.match(weather.text, /The get_weather tool said: .*"temperature":21/);
    const card = reply().locator('[part="tool-card"]');
    assert.equal(await card.count(), 1);
    assert.match(await card.locator('[part="tool-card-status"]').textContent(), /Done/);
    await card.locator('[part="tool-card-header"]').click();
    assert.match(await card.locator('[part="tool-card-body"] pre').textContent(), /sunny/);

    // The second turn carried the first: the person's words and the reply, as Mastra's model saw them.
    const secondRequest = mastra.requests[1];
    assert.deepEqual(
      secondRequest.messages.map((message) => message.role),
      ['user', 'assistant', 'user'],
    );
    const seen = mastra.prompts.at(-2).map(promptText).join('\n');
    assert.match(seen, /hello there/);
    assert.match(seen, /Hello from \*\*Mastra\*\*/);

    // ask_user: a plain RUN_FINISHED leaves it to the widget, which shows the form.
    const asked = await chatTurn(page, 'ask me about the size');
    assert.equal(asked.status, 'done');
    const form = page.locator('agent-chat-question-form form[part="question-form"]');
    await form.waitFor();
    assert.match(await reply().locator('[part="tool-card-status"]').last().textContent(), /Waiting for you/);
    assert.equal(mastra.requests.length, 3, 'nothing was sent back before the person answered');
    const answered = page.evaluate(
      () => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })),
    );
    await form.getByRole('radio', { name: /^Large/ }).check();
    await form.getByRole('button', { name: 'Send answers' }).click();
    const after = await answered;
    assert.equal(after.status, 'done');

    // The answer reached Mastra's model as the ask_user tool's result.
    const toolMessages = mastra.requests[3].messages.filter((message) => message.role === 'tool');
    assert.deepEqual(
      toolMessages.map((message) => message.toolCallId),
      ['weather-1', 'ask-1'],
    );
    const last = mastra.prompts.at(-1).at(-1);
    assert.equal(last.role, 'tool');
    assert.equal(last.content[0].toolName, 'ask_user');
    // AG-UI tool messages carry text: the answers arrive as their JSON.
    assert.deepEqual(JSON.parse(last.content[0].output.value), { answers: [{ question: SIZE_QUESTION.question, selected: ['Large'] }] });
    assert.match(after.text, /The ask_user tool said: .*Large/);

    // No request ever held a tool message nobody wrote: the only ones are Mastra's own result for
    // its server tool and the person's answers, each after the call it answers.
    const toolMessagesOf = (request) => request.messages.filter((entry) => entry.role === 'tool').map((entry) => [entry.toolCallId, entry.content]);
    assert.deepEqual(toolMessagesOf(mastra.requests[0]), []);
    assert.deepEqual(toolMessagesOf(mastra.requests[1]), []);
    const weatherResult = JSON.stringify({ city: 'Paris', temperature: 21, sky: 'sunny' });
    assert.deepEqual(toolMessagesOf(mastra.requests[2]), [['weather-1', weatherResult]]);
    assert.deepEqual(toolMessagesOf(mastra.requests[3]), [
      ['weather-1', weatherResult],
      ['ask-1', JSON.stringify({ answers: [{ question: SIZE_QUESTION.question, selected: ['Large'] }] })],
    ]);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('calls a page tool the widget offers in RunAgentInput.tools; the handler runs and Mastra’s model gets its result', async () => {
    const { page } = await openPage(browser, pages.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await page.evaluate(() => {
      window.accents = [];
      document.querySelector('agent-chat').tools = [
        {
          name: 'set_accent',
          description: "Changes the page's accent colour.",
          parameters: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
          handler: ({ color }) => {
            window.accents.push(color);
            return { applied: color };
          },
        },
      ];
    });
    const before = mastra.requests.length;
    const ended = await chatTurn(page, 'change the accent please');
    assert.equal(ended.status, 'done');
    assert.match(ended.text, /The set_accent tool said: \{"applied":"#336699"\}/);
    assert.deepEqual(await page.evaluate(() => window.accents), ['#336699']);
    const offered = mastra.requests[before].tools.map((tool) => tool.name);
    assert.ok(offered.includes('set_accent'), `offered: ${offered.join(', ')}`);
    const toolMessage = mastra.requests.at(-1).messages.find((message) => message.role === 'tool' && message.toolCallId === 'accent-1');
    assert.equal(toolMessage.content, '{"applied":"#336699"}');
  });
});
