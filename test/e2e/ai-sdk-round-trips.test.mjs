/**
 * The built widget with `protocol="ai-sdk"` against a real AI SDK v7 backend: what goes back to
 * the server — approvals, client tools (ask_user and an MCP server's tool with its app),
 * subagents, edits and regenerations, a stopped reply — and picking up a reply after a reload.
 * The server refuses any history the SDK would not accept (checked after each test).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoMcpServer } from '../../demo/mcp-app-server.mjs';
import { DELETE_PATHS, startAiSdkServer } from '../servers/ai-sdk-server.mjs';
import { chatTurn, checkWhenStill, openPage } from './browser.mjs';
import { waitFor } from './mcp-fixtures.mjs';
import { aiSdkPage, aiSdkSuite, deepText, lastReply, nextResponseEnd, turns } from './ai-sdk-page.mjs';

describe('protocol="ai-sdk" against a real AI SDK backend: round trips', () => {
  const suite = aiSdkSuite();
  const open = (...args) => suite.open(...args);
  let mcp;
  before(async () => (mcp = await startDemoMcpServer()));
  after(() => mcp?.close());

  const requestsSince = (count) => suite.ai.requests.slice(count).filter((request) => request.body);

  it('an approval: Approve continues the same message, and the call gets its output', async () => {
    const { page } = await open();
    const paused = await chatTurn(page, 'approve the clean up');
    assert.equal(paused.status, 'done');
    const approval = lastReply(page).locator('[part="approval"]');
    await approval.waitFor();
    const before = suite.ai.requests.length;
    const assistantId = (await turns(page)).at(-1).wire.id;
    const ended = nextResponseEnd(page);
    await approval.getByRole('button', { name: 'Approve' }).click();
    const after = await ended;
    assert.equal(after.status, 'done');
    assert.match(after.text, /Deleted 2 files/);
    const [continued] = requestsSince(before);
    assert.equal(continued.trigger, 'submit-message');
    assert.equal(continued.messageId, assistantId);
    const sentPart = continued.body.messages.at(-1).parts.find((part) => part.type === 'tool-delete_files');
    assert.equal(sentPart.state, 'approval-responded');
    assert.equal(sentPart.approval.approved, true);
    const card = lastReply(page).locator('[part="tool-card"]');
    assert.match(await card.locator('[part="tool-card-status"]').textContent(), /Done/);
    assert.match(await deepText(card), new RegExp(DELETE_PATHS[0].replace('.', '\\.')));
    const reply = (await turns(page)).at(-1);
    assert.equal(reply.wire.id, assistantId, 'one message, continued');
    assert.equal(reply.wire.parts.find((part) => part.type === 'tool-delete_files').state, 'output-available');
  });

  it('an approval: Deny with a reason lands on the same card as denied, and the model hears why', async () => {
    const { page } = await open();
    await chatTurn(page, 'delete the notes');
    const approval = lastReply(page).locator('[part="approval"]');
    await approval.getByRole('button', { name: 'Deny' }).click();
    const ended = nextResponseEnd(page);
    await approval.locator('textarea').fill('I still need them');
    await approval.getByRole('button', { name: 'Deny' }).click();
    const after = await ended;
    assert.match(after.text, /did not delete.*I still need them/);
    const sentPart = suite.ai.requests
      .at(-1)
      .body.messages.at(-1)
      .parts.find((part) => part.type === 'tool-delete_files');
    assert.deepEqual({ approved: sentPart.approval.approved, reason: sentPart.approval.reason }, { approved: false, reason: 'I still need them' });
    const card = lastReply(page).locator('[part="tool-card"]');
    assert.match(await card.locator('[part="tool-card-status"]').textContent(), /Denied/);
    assert.match(await deepText(lastReply(page)), /Denied: I still need them/);
    assert.equal((await turns(page)).at(-1).wire.parts.find((part) => part.type === 'tool-delete_files').state, 'output-denied');
  });

  it('an approval the server gives or refuses itself asks the person nothing', async () => {
    const { page } = await open();
    const before = suite.ai.requests.length;
    const approved = await chatTurn(page, 'auto approve the clean up');
    assert.equal(approved.status, 'done');
    assert.equal((approved.text.match(/Deleted 2 files/g) ?? []).length, 1, 'the reply said it once');
    assert.equal(await lastReply(page).locator('[part="approval"]').count(), 0);
    assert.match(await lastReply(page).locator('[part="tool-card-status"]').textContent(), /Done/);
    assert.equal(suite.ai.requests.length, before + 1, 'no continuation was asked for');

    const denied = await chatTurn(page, 'auto deny the clean up');
    assert.equal(denied.status, 'done');
    assert.equal(await lastReply(page).locator('[part="approval"]').count(), 0);
    assert.match(await lastReply(page).locator('[part="tool-card-status"]').textContent(), /Denied/);
    assert.equal((await turns(page)).at(-1).parts.find((part) => part.kind === 'tool-call').status, 'cancelled');
  });

  it('ask_user, declared by the server from the widget’s tools: the form’s answers go back as the tool’s output', async () => {
    const { page } = await open();
    await chatTurn(page, 'plan a trip');
    const form = page.locator('agent-chat-question-form form[part="question-form"]');
    await form.waitFor();
    const before = suite.ai.requests.length;
    const ended = nextResponseEnd(page);
    await checkWhenStill(form, form.getByRole('radio', { name: /^Porto/ }));
    await checkWhenStill(form, form.getByRole('checkbox', { name: /^Food/ }));
    await form.getByRole('button', { name: 'Send answers' }).click();
    const after = await ended;
    assert.match(after.text, /Thanks, your answers: .*Porto.*Food/);
    const [continued] = requestsSince(before);
    const part = continued.body.messages.at(-1).parts.find((candidate) => candidate.type === 'tool-ask_user');
    assert.equal(part.state, 'output-available');
    assert.match(JSON.stringify(part.output), /Porto/);
    assert.equal(continued.messageId, continued.body.messages.at(-1).id);
  });

  it('ask_user answered by the page’s askUser handler: its answers go back as the output, no form shown', async () => {
    const { page } = await open('agent-id="support"');
    await page.evaluate(() => {
      const chat = document.querySelector('agent-chat');
      chat.askUser = (questions, context) => {
        window.asked = { count: questions.length, context };
        return { [questions[0].question]: ['Lisbon'], [questions[1].question]: ['Beaches'] };
      };
    });
    const done = await chatTurn(page, 'plan it for me');
    assert.equal(done.status, 'done');
    assert.match(done.text, /Thanks, your answers: .*Lisbon.*Beaches/);
    assert.deepEqual(await page.evaluate(() => window.asked), { count: 2, context: { agentId: 'support' } });
    assert.equal(await page.locator('agent-chat-question-form form[part="question-form"]').count(), 0);
    const sent = suite.ai.requests.at(-1).body;
    assert.equal(sent['agent-chat'].agentId, 'support');
    assert.equal(sent.messages.at(-1).parts.find((part) => part.type === 'tool-ask_user').state, 'output-available');
  });

  it('ask_user answered by typing instead: the call is answered “deferred” and the message follows it', async () => {
    const { page } = await open();
    await chatTurn(page, 'plan something');
    await page.locator('agent-chat-question-form form[part="question-form"]').waitFor();
    const typed = await chatTurn(page, 'hello, I would rather go to Oslo');
    assert.equal(typed.status, 'done');
    const [user, assistant, next] = suite.ai.requests.at(-1).body.messages;
    assert.equal(user.role, 'user');
    assert.equal(assistant.parts.find((part) => part.type === 'tool-ask_user').state, 'output-available');
    assert.deepEqual(next.parts, [{ type: 'text', text: 'hello, I would rather go to Oslo' }]);
  });

  it('an MCP server’s tool runs in the widget, shows its app in the card, and its result goes back', async () => {
    const { page } = await open('', `<agent-chat-mcp-server name="dice" url="${mcp.url}"></agent-chat-mcp-server>`);
    const before = suite.ai.requests.length;
    const first = nextResponseEnd(page);
    const input = page.locator('agent-chat textarea');
    await input.fill('mcp roll_dice {"dice":3,"sides":6}');
    await input.press('Enter');
    const ended = await first;
    assert.equal(ended.status, 'done');
    assert.match(ended.text, /Tool said: .*"total":\d+/);
    const [asked, answered] = requestsSince(before);
    assert.ok(
      asked.body['agent-chat'].tools.some((tool) => tool.name === 'roll_dice'),
      'the MCP tool is offered',
    );
    const part = answered.body.messages.at(-1).parts.find((candidate) => candidate.type === 'tool-roll_dice');
    assert.equal(part.state, 'output-available');
    assert.equal(part.output.rolls?.length ?? part.output.structuredContent?.rolls?.length, 3);
    await lastReply(page).locator('[part="tool-card"] iframe').first().waitFor();
  });

  it('a subagent’s preliminary outputs become its activity block under the call, nested one level, closed by the final output', async () => {
    const { page } = await open();
    const done = await chatTurn(page, 'research the tides');
    assert.equal(done.status, 'done');
    const blocks = lastReply(page).locator('[part="activity"]');
    await waitFor(async () => (await blocks.count()) >= 2, { message: 'two activity blocks' });
    const labels = await blocks.locator('.label').allTextContents();
    assert.equal(labels[0], 'Research agent');
    assert.match(labels[1], /search, for Research agent/);
    const statuses = await blocks.locator('.status').allTextContents();
    assert.ok(
      statuses.every((status) => /Done/.test(status)),
      statuses.join(),
    );
    // The subagent's text is in its block, not in the reply the model sees.
    const reply = (await turns(page)).at(-1);
    assert.ok(reply.parts.some((part) => part.kind === 'text' && part.subagentRunId && /I will search first/.test(part.text)));
    assert.doesNotMatch(done.text, /I will search first/);
    const research = reply.wire.parts.find((part) => part.type === 'tool-research');
    assert.equal(research.state, 'output-available');
    assert.notEqual(research.preliminary, true);

    await chatTurn(page, 'research fails');
    const failed = lastReply(page).locator('[part="activity"]').first();
    assert.match(await failed.locator('.status').textContent(), /Failed/);
  });

  it('an edit sends the new message with its id; a regeneration names the reply it replaces; both leave branches', async () => {
    const { page } = await open('storage-key="ai-sdk-branches"');
    await chatTurn(page, 'hello');
    const firstReplyId = (await turns(page)).at(-1).wire.id;
    // Regenerate the reply.
    let ended = nextResponseEnd(page);
    await page.locator('agent-chat [part="regenerate-button"]').click();
    await ended;
    const regenerated = suite.ai.requests.at(-1);
    assert.equal(regenerated.trigger, 'regenerate-message');
    assert.equal(regenerated.messageId, firstReplyId);
    assert.deepEqual(
      regenerated.body.messages.map((message) => message.role),
      ['user'],
    );
    // Edit the person's message.
    ended = nextResponseEnd(page);
    await page.locator('agent-chat [part="edit-button"]').click();
    const editor = page.locator('agent-chat agent-chat-edit-message textarea');
    await editor.fill('hello, edited');
    await page.locator('agent-chat agent-chat-edit-message button[type="submit"]').click();
    await ended;
    const edited = suite.ai.requests.at(-1);
    assert.equal(edited.trigger, 'submit-message');
    const newUser = (await turns(page)).find((turn) => turn.role === 'user');
    assert.equal(newUser.text, 'hello, edited');
    assert.equal(edited.messageId, newUser.id);
    assert.equal(edited.body.messages.length, 1);
    const exported = await page.evaluate(() => document.querySelector('agent-chat').exportThread());
    assert.equal(exported.nodes.filter((node) => node.turn.role === 'user').length, 2, 'both versions kept');
  });

  it('a reply the person stops is sent on as it was, and the SDK accepts it', async () => {
    const { page } = await open();
    const started = page.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-start', resolve, { once: true })));
    const ended = nextResponseEnd(page);
    const input = page.locator('agent-chat textarea');
    await input.fill('slow please');
    await input.press('Enter');
    await started;
    await page.waitForFunction(() => (document.querySelector('agent-chat').getTurns().at(-1).parts[0]?.text?.length ?? 0) > 10);
    await page.evaluate(() => document.querySelector('agent-chat').stop());
    assert.equal((await ended).status, 'cancelled');
    const next = await chatTurn(page, 'hello');
    assert.equal(next.status, 'done');
    const stopped = suite.ai.requests.at(-1).body.messages[1];
    assert.equal(stopped.role, 'assistant');
    assert.ok(stopped.parts.some((part) => part.type === 'text' && part.text.length > 10));
  });

  it('with `resume`, a reload while an approved reply goes on keeps what came before the approval', async () => {
    // The server holds the closing text after its first words until the reloaded page asks for the rest.
    const slow = await startAiSdkServer({ delayMs: 20, holdAfter: /Deleted/ });
    try {
      suite.pages.setPage(aiSdkPage(slow.endpoint, 'resume storage-key="ai-sdk-resume-approval"'));
      const { page } = await openPage(suite.browser, suite.pages.url);
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      await chatTurn(page, 'approve the clean up');
      const approval = lastReply(page).locator('[part="approval"]');
      await approval.getByRole('button', { name: 'Approve' }).click();
      // Reload while the reply's second run streams its closing text.
      await page.waitForFunction(() =>
        /Deleted/.test(
          document
            .querySelector('agent-chat')
            .getTurns()
            .at(-1)
            .parts.filter((part) => part.kind === 'text')
            .map((part) => part.text)
            .join(''),
        ),
      );
      await page.reload();
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      await waitFor(() => slow.requests.some((request) => request.method === 'GET'), { message: 'the GET …/stream' });
      slow.release();
      await page.waitForFunction(() => document.querySelector('agent-chat').getTurns().at(-1)?.status === 'done', undefined, { timeout: 15_000 });
      const reply = (await turns(page)).at(-1);
      const texts = reply.parts.filter((part) => part.kind === 'text').map((part) => part.text);
      assert.equal(texts[0], 'I will delete the old notes. ');
      assert.match(texts.at(-1), /^Deleted 2 files/);
      assert.equal(texts.length, 2, 'the closing text once');
      const call = reply.parts.find((part) => part.kind === 'tool-call');
      assert.deepEqual([call.name, call.status], ['delete_files', 'done']);
      assert.deepEqual(
        reply.wire.parts.filter((part) => part.type === 'tool-delete_files').map((part) => part.state),
        ['output-available'],
      );
      // The approval's outcome is drawn by its view, which loads after the restore.
      await waitFor(async () => /Approved/.test(await deepText(lastReply(page))), { message: 'the approval shown as approved' });
      assert.deepEqual(slow.invalid, []);
    } finally {
      await slow.close();
    }
  });

  it('with `resume`, a reload while a reply streams picks it up from the server; with nothing to pick up it stays stopped', async () => {
    const { page } = await open('resume storage-key="ai-sdk-resume"');
    const input = page.locator('agent-chat textarea');
    await input.fill('slow please');
    await input.press('Enter');
    await page.waitForFunction(() => (document.querySelector('agent-chat').getTurns().at(-1)?.parts[0]?.text?.length ?? 0) > 10);
    const threadId = await page.evaluate(() => document.querySelector('agent-chat').threadId);
    await page.reload();
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await waitFor(() => suite.ai.requests.some((request) => request.method === 'GET' && request.id === threadId), { message: 'the GET …/stream' });
    await page.waitForFunction(
      () => {
        const last = document.querySelector('agent-chat').getTurns().at(-1);
        return last?.role === 'assistant' && last.status === 'done';
      },
      undefined,
      { timeout: 15_000 },
    );
    const reply = (await turns(page)).at(-1);
    const text = reply.parts
      .filter((part) => part.kind === 'text')
      .map((part) => part.text)
      .join('');
    assert.ok(text.length > 100, 'the whole reply');
    assert.equal(reply.parts.filter((part) => part.kind === 'text').length, 1, 'shown once, not twice');
    assert.equal((await turns(page)).filter((turn) => turn.role === 'assistant').length, 1);

    // Leave while another reply streams; come back after the server finished it: 204, stopped.
    await input.fill('slow again');
    await input.press('Enter');
    await page.waitForFunction(() => (document.querySelector('agent-chat').getTurns().at(-1)?.parts[0]?.text?.length ?? 0) > 10);
    await page.goto('about:blank');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const gets = suite.ai.requests.filter((request) => request.method === 'GET').length;
    await page.goto(suite.pages.url);
    await waitFor(() => suite.ai.requests.filter((request) => request.method === 'GET').length > gets, { message: 'a second GET' });
    await page.waitForFunction(() => document.querySelector('agent-chat').getTurns().at(-1)?.status === 'cancelled');
    assert.match(await lastReply(page).innerText(), /Stopped/);
  });
});
