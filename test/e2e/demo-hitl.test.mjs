// The demo's human-in-the-loop replies: "plan" asks questions with the widget's ask_user client
// tool, "delete" pauses the run with an AG-UI interrupt that the next run's `resume` answers.
// First over SSE against the demo server (node only, loopback), then in Chromium on the demo page
// with the built bundle (run `npm run build` first).
// Run: node --test --test-concurrency=1 test/e2e/demo-hitl.test.mjs

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EventSchema } from '@ag-ui/core/schemas';
import { scriptedRun } from '../../demo/scripted-agent.mjs';
import { DELETE_ARGS, DELETE_RESPONSE_SCHEMA, TRIP_QUESTIONS } from '../../demo/scripted-hitl.mjs';
import { startDemoServer } from '../../demo/server.mjs';
import { checkWhenStill, launchChromium, openPage } from './browser.mjs';
import { parseSse } from './sse.mjs';

const quiet = () => {};
let runCount = 0;

/** ask_user as `<agent-chat>` offers it (the parameters do not matter to the scripted agent). */
const ASK_USER = {
  name: 'ask_user',
  description: 'Ask the person 1 to 4 multiple-choice questions.',
  parameters: { type: 'object', properties: { questions: { type: 'array' } }, required: ['questions'] },
};

// ---------------------------------------------------------------------------------------------
// Helpers

/** A RunAgentInput with these messages (a string: one user message); ask_user offered unless `tools` says otherwise. */
function runInput(messages, extra = {}) {
  runCount += 1;
  return {
    threadId: 'thread-hitl',
    runId: `run-${runCount}`,
    messages: typeof messages === 'string' ? [{ id: `user-${runCount}`, role: 'user', content: messages }] : messages,
    tools: [ASK_USER],
    context: [],
    state: {},
    forwardedProps: {},
    ...extra,
  };
}

async function postRun(baseUrl, body) {
  const response = await fetch(new URL('/api/agent', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^text\/event-stream/);
  return parseSse(await response.text());
}

async function collect(input) {
  const events = [];
  for await (const event of scriptedRun(input, { delayMs: 0 })) events.push(event);
  return events;
}

const ofType = (events, type) => events.filter((event) => event.type === type);
const text = (events) =>
  ofType(events, 'TEXT_MESSAGE_CONTENT')
    .map((event) => event.delta)
    .join('');

/** Every event valid AG-UI 1.0; RUN_STARTED first (with the input's ids), then RUN_FINISHED or RUN_ERROR last, once. */
function assertWellFormed(events, input, last = 'RUN_FINISHED') {
  for (const event of events) {
    const result = EventSchema.safeParse(event);
    assert.ok(result.success, `${event.type} is not a valid AG-UI event: ${result.error?.message}`);
  }
  assert.deepEqual({ type: events[0].type, threadId: events[0].threadId, runId: events[0].runId }, { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
  assert.equal(events.at(-1).type, last);
  assert.equal(ofType(events, 'RUN_STARTED').length, 1);
  assert.equal(ofType(events, 'RUN_FINISHED').length + ofType(events, 'RUN_ERROR').length, 1);
}

/** The tool calls a run streams: id, name, parsed args, and whether each closed. */
function calls(events) {
  const byId = new Map();
  for (const event of events) {
    if (event.type === 'TOOL_CALL_START') byId.set(event.toolCallId, { id: event.toolCallId, name: event.toolCallName, argsText: '', ended: false });
    if (event.type === 'TOOL_CALL_ARGS') byId.get(event.toolCallId).argsText += event.delta;
    if (event.type === 'TOOL_CALL_END') byId.get(event.toolCallId).ended = true;
  }
  return [...byId.values()].map((call) => ({ ...call, args: JSON.parse(call.argsText) }));
}

/**
 * The messages `<agent-chat>` sends after a run: the history so far, then the run's reply as one
 * assistant message (its text and its calls), then `more` (tool messages, a user message).
 */
function historyAfter(input, events, more = []) {
  const assistant = {
    id: ofType(events, 'TEXT_MESSAGE_START')[0]?.messageId ?? `reply-${input.runId}`,
    role: 'assistant',
    content: text(events),
    toolCalls: calls(events).map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.argsText } })),
  };
  return [...input.messages, assistant, ...more];
}

// ---------------------------------------------------------------------------------------------

describe('demo server: the scripted agent asks questions for "plan" (ask_user)', () => {
  let server;
  let input;
  let events;
  let askCall;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
    input = runInput('Can you plan a trip for me?');
    events = await postRun(server.url, input);
    askCall = calls(events)[0];
  });
  after(() => server?.close());

  /** The next run: the history with the tool message answering the ask_user call (and maybe a user message after it). */
  const followUp = (content, more = []) => runInput(historyAfter(input, events, [{ id: `${askCall.id}:result`, role: 'tool', toolCallId: askCall.id, content }, ...more]));

  it('says why it asks, calls ask_user and ends the run with the call pending', () => {
    assertWellFormed(events, input);
    assert.match(text(events), /choices/);
    const all = calls(events);
    assert.equal(all.length, 1);
    assert.equal(askCall.name, 'ask_user');
    assert.ok(askCall.ended, 'TOOL_CALL_END');
    assert.equal(ofType(events, 'TOOL_CALL_RESULT').length, 0, 'a client tool: no result from the server');
    assert.deepEqual(events.at(-1).outcome, { type: 'success', pendingToolCallIds: [askCall.id] });
  });

  it('asks 1–4 questions within the tool’s limits: a multi-select one and an ordinary one', () => {
    const { questions } = askCall.args;
    assert.ok(Array.isArray(questions));
    assert.ok(questions.length >= 1 && questions.length <= 4, `${questions.length} questions`);
    assert.equal(new Set(questions.map((q) => q.question)).size, questions.length, 'distinct question texts');
    for (const q of questions) {
      assert.ok(typeof q.question === 'string' && q.question.trim(), 'a question text');
      assert.ok(typeof q.header === 'string' && q.header.trim() && [...q.header].length <= 12, `header ${JSON.stringify(q.header)}`);
      assert.ok(q.options.length >= 2 && q.options.length <= 4, `${q.question}: ${q.options.length} options`);
      assert.equal(new Set(q.options.map((o) => o.label)).size, q.options.length, `${q.question}: distinct labels`);
      for (const option of q.options) {
        assert.ok(typeof option.label === 'string' && option.label.trim(), 'a label');
        assert.ok(typeof option.description === 'string' && option.description.trim(), `${option.label}: a description`);
      }
      assert.ok(!q.options.some((o) => /^other$/i.test(o.label)), 'no "Other" option (the form has one)');
    }
    assert.deepEqual(
      questions.map((q) => [q.header, q.multiSelect, q.options.length]),
      [
        ['Activities', true, 4],
        ['Length', false, 3],
      ],
    );
    assert.deepEqual(questions, TRIP_QUESTIONS);
  });

  it('sums up the answers in the next run: the chosen labels under their headers, and the person’s own text', async () => {
    const answers = {
      answers: [
        { question: 'Which activities would you like?', selected: ['Hiking', 'Food tours'], other: 'Kayaking on the lake' },
        { question: 'How long is the trip?', selected: ['One week'] },
      ],
    };
    const next = followUp(JSON.stringify(answers));
    const reply = await postRun(server.url, next);
    assertWellFormed(reply, next);
    assert.equal(reply.at(-1).outcome, undefined, 'nothing pending');
    assert.equal(calls(reply).length, 0, 'no new call');
    const summary = text(reply);
    assert.match(summary, /^### Your trip/);
    assert.match(summary, /- \*\*Activities\*\*: Hiking, Food tours and “Kayaking on the lake” \(your own answer\)/);
    assert.match(summary, /- \*\*Length\*\*: One week/);
    assert.doesNotMatch(summary, /Museums|Cycling/);
  });

  it('says which questions were left unanswered and reads a length of the person’s own', async () => {
    const answers = {
      answers: [
        { question: 'Which activities would you like?', selected: [], unanswered: true },
        { question: 'How long is the trip?', selected: [], other: 'Ten days' },
      ],
    };
    const reply = await collect(followUp(JSON.stringify(answers)));
    const summary = text(reply);
    assert.match(summary, /- \*\*Activities\*\*: _not answered_/);
    assert.match(summary, /- \*\*Length\*\*: “Ten days” \(your own answer\)/);
  });

  it('quotes the person’s message when they wrote in the chat instead (deferred)', async () => {
    const written = 'Somewhere warm, for about ten days\nand no museums please';
    const next = followUp(JSON.stringify({ status: 'deferred' }), [{ id: 'user-deferred', role: 'user', content: written }]);
    const reply = await postRun(server.url, next);
    assertWellFormed(reply, next);
    assert.equal(calls(reply).length, 0);
    const said = text(reply);
    assert.match(said, /answered in the chat instead/);
    assert.ok(said.includes('> Somewhere warm, for about ten days\n> and no museums please'), said);
    assert.doesNotMatch(said, /### Your trip/, 'not a summary of form answers');
  });

  it('does not take the deferred message for a keyword (it is the answer)', async () => {
    const reply = await collect(followUp(JSON.stringify({ status: 'deferred' }), [{ id: 'user-kw', role: 'user', content: 'Delete the museums, I want weather for hiking' }]));
    assert.equal(calls(reply).length, 0, 'no delete_files or weather call');
    assert.match(text(reply), /> Delete the museums/);
  });

  it('explains, without calling anything, when the chat offers no ask_user tool', async () => {
    const next = runInput('plan a trip', { tools: [] });
    const reply = await postRun(server.url, next);
    assertWellFormed(reply, next);
    assert.equal(calls(reply).length, 0);
    assert.equal(reply.at(-1).outcome, undefined);
    assert.match(text(reply), /offers no `ask_user` tool/);
  });

  it('answers to "trip", "ask" and "question" too; a later message in the thread is not taken for answers', async () => {
    for (const word of ['Help with my trip', 'Ask me something', 'A question for you']) {
      const reply = await collect(runInput(word));
      assert.equal(calls(reply)[0]?.name, 'ask_user', word);
    }
    // Answers given, summed up, then a new message: an ordinary run again.
    const answered = historyAfter(input, events, [
      { id: 'r', role: 'tool', toolCallId: askCall.id, content: JSON.stringify({ answers: [] }) },
      { id: 'summary', role: 'assistant', content: 'Thanks!' },
      { id: 'again', role: 'user', content: 'Plan another trip' },
    ]);
    const reply = await collect(runInput(answered));
    assert.equal(calls(reply)[0]?.name, 'ask_user');
  });
});

describe('demo server: the scripted agent asks for approval for "delete" (AG-UI interrupt)', () => {
  let server;
  let input;
  let events;
  let call;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
    input = runInput('Please delete the old files');
    events = await postRun(server.url, input);
    call = calls(events)[0];
  });
  after(() => server?.close());

  /** The run that resumes the paused one with these resume entries. */
  const resuming = (resume, messages = historyAfter(input, events)) => runInput(messages, { resume });

  it('proposes delete_files and pauses the run with an interrupt about that call', () => {
    assertWellFormed(events, input);
    assert.equal(calls(events).length, 1);
    assert.equal(call.name, 'delete_files');
    assert.deepEqual(call.args, { path: '/tmp/demo-old', recursive: true });
    assert.deepEqual(call.args, DELETE_ARGS);
    assert.ok(call.ended);
    assert.equal(ofType(events, 'TOOL_CALL_RESULT').length, 0, 'nothing runs before the approval');
    assert.match(text(events), /approval/);
    assert.deepEqual(events.at(-1).outcome, {
      type: 'interrupt',
      interrupts: [
        {
          id: `approve-${call.id}`,
          reason: 'tool_call',
          toolCallId: call.id,
          message: 'Delete everything under /tmp/demo-old?',
          responseSchema: {
            type: 'object',
            properties: {
              approved: { type: 'boolean' },
              reason: { type: 'string' },
              editedArgs: {
                type: 'object',
                properties: { path: { type: 'string', title: 'Path' }, recursive: { type: 'boolean', title: 'Recursive' } },
                required: ['path'],
              },
            },
            required: ['approved'],
          },
        },
      ],
    });
    assert.deepEqual(events.at(-1).outcome.interrupts[0].responseSchema, DELETE_RESPONSE_SCHEMA);
  });

  it('answers to "clean up" and "cleanup" too', async () => {
    for (const word of ['Clean up my disk', 'cleanup please', 'clean-up time']) {
      const reply = await collect(runInput(word));
      assert.equal(calls(reply)[0]?.name, 'delete_files', word);
      assert.equal(reply.at(-1).outcome?.type, 'interrupt', word);
    }
  });

  /**
   * A resuming run: RUN_STARTED, the call's TOOL_CALL_RESULT (against the original id, no new
   * TOOL_CALL_START/ARGS/END), then text, then RUN_FINISHED without an outcome.
   */
  function assertResumed(reply, next) {
    assertWellFormed(reply, next);
    for (const type of ['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_CHUNK']) {
      assert.equal(ofType(reply, type).length, 0, `no ${type} in the resuming run`);
    }
    const results = ofType(reply, 'TOOL_CALL_RESULT');
    assert.equal(results.length, 1);
    assert.equal(results[0].toolCallId, call.id, 'the result belongs to the original call');
    assert.equal(results[0].role, 'tool');
    const resultAt = reply.indexOf(results[0]);
    const textAt = reply.findIndex((event) => event.type === 'TEXT_MESSAGE_START');
    assert.ok(resultAt === 1 && textAt > resultAt, 'the result first, then the text');
    assert.equal(reply.at(-1).outcome, undefined);
    return { result: results[0].content, said: text(reply) };
  }

  it('approved: reports the fake deletion and says nothing was really deleted', async () => {
    const next = resuming([{ interruptId: `approve-${call.id}`, status: 'resolved', payload: { approved: true } }]);
    const { result, said } = assertResumed(await postRun(server.url, next), next);
    assert.equal(result, 'Deleted 3 files under /tmp/demo-old.');
    assert.match(said, /deleted 3 files under `\/tmp\/demo-old`/);
    assert.match(said, /nothing was really deleted/);
  });

  it('approved with edited arguments: uses them', async () => {
    const next = resuming([{ interruptId: `approve-${call.id}`, status: 'resolved', payload: { approved: true, editedArgs: { path: '/tmp/demo-old/cache', recursive: false } } }]);
    const { result, said } = assertResumed(await postRun(server.url, next), next);
    assert.equal(result, 'Deleted 2 files in /tmp/demo-old/cache (not its subfolders).');
    assert.match(said, /Approved with your changes/);
    assert.match(said, /`\/tmp\/demo-old\/cache`/);
    assert.match(said, /nothing was really deleted/);
  });

  it('denied with a reason: "Not deleted" with the reason, and a reply that acknowledges it', async () => {
    const next = resuming([{ interruptId: `approve-${call.id}`, status: 'resolved', payload: { approved: false, reason: 'I still need them' } }]);
    const { result, said } = assertResumed(await postRun(server.url, next), next);
    assert.equal(result, 'Not deleted: I still need them');
    assert.match(said, /not deleted anything/);
    assert.match(said, /“I still need them”/);
  });

  it('denied without a reason: "Not deleted."', async () => {
    const next = resuming([{ interruptId: `approve-${call.id}`, status: 'resolved', payload: { approved: false } }]);
    const { result, said } = assertResumed(await collect(next), next);
    assert.equal(result, 'Not deleted.');
    assert.match(said, /not deleted anything/);
    assert.doesNotMatch(said, /reason/i);
  });

  it('cancelled: deletes nothing and says so', async () => {
    const next = resuming([{ interruptId: `approve-${call.id}`, status: 'cancelled' }]);
    const { result, said } = assertResumed(await postRun(server.url, next), next);
    assert.match(result, /^Not deleted/);
    assert.match(said, /cancelled/);
    assert.match(said, /did not delete anything/);
  });

  it('answers a resume for an unknown interrupt with RUN_ERROR naming it', async () => {
    const next = resuming([{ interruptId: 'approve-nobody', status: 'resolved', payload: { approved: true } }]);
    const reply = await postRun(server.url, next);
    assertWellFormed(reply, next, 'RUN_ERROR');
    assert.equal(reply.length, 2, 'RUN_STARTED, RUN_ERROR');
    assert.equal(reply[1].code, 'UNKNOWN_INTERRUPT');
    assert.match(reply[1].message, /No open interrupt has the id "approve-nobody"/);
  });

  it('answers invalid resumes with RUN_ERROR: one already answered, one answered twice, a payload without "approved", edited args without a path', async () => {
    const id = `approve-${call.id}`;
    const alreadyDone = historyAfter(input, events, [{ id: 'done', role: 'tool', toolCallId: call.id, content: 'Deleted 3 files under /tmp/demo-old.' }]);
    const cases = [
      ['already answered', resuming([{ interruptId: id, status: 'resolved', payload: { approved: true } }], alreadyDone), 'UNKNOWN_INTERRUPT'],
      ['not in this thread', resuming([{ interruptId: id, status: 'resolved', payload: { approved: true } }], input.messages), 'UNKNOWN_INTERRUPT'],
      [
        'twice',
        resuming([
          { interruptId: id, status: 'cancelled' },
          { interruptId: id, status: 'cancelled' },
        ]),
        'INVALID_RESUME',
      ],
      ['no approved', resuming([{ interruptId: id, status: 'resolved', payload: { reason: 'hm' } }]), 'INVALID_RESUME'],
      ['bad edit', resuming([{ interruptId: id, status: 'resolved', payload: { approved: true, editedArgs: { recursive: true } } }]), 'INVALID_RESUME'],
    ];
    for (const [name, next, code] of cases) {
      const reply = await postRun(server.url, next);
      assertWellFormed(reply, next, 'RUN_ERROR');
      assert.equal(reply.at(-1).code, code, name);
      assert.equal(ofType(reply, 'TOOL_CALL_RESULT').length, 0, `${name}: nothing ran`);
    }
  });

  it('lists plan and delete among the keywords of its introduction', async () => {
    const intro = text(await collect(runInput('hello')));
    assert.match(intro, /\*\*plan\*\*/);
    assert.match(intro, /\*\*delete\*\*/);
    assert.match(intro, /\| plan \|/);
    assert.match(intro, /\| delete \|/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('demo page: questions and approvals on the built bundle', { timeout: 120_000 }, () => {
  let server;
  let browser;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Counts response-end events from the start (a paused reply and its continuation end once each). */
  async function watchEnds(page, problems) {
    await page.evaluate(() => {
      window.__ends = [];
      document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => window.__ends.push(event.detail));
    });
    return {
      count: () => page.evaluate(() => window.__ends.length),
      /** Resolves with the detail of response-end number `n` (1-based). */
      nth: async (n) => {
        try {
          await page.waitForFunction((n) => window.__ends.length >= n, n, { timeout: 20_000 });
        } catch (error) {
          const seen = await page.evaluate(() => ({
            ends: window.__ends,
            turns: document
              .querySelector('agent-chat')
              .getTurns()
              .map((turn) => ({ role: turn.role, status: turn.status, parts: turn.parts?.length })),
            composer: document.querySelector('agent-chat').shadowRoot.querySelector('agent-chat-composer')?.shadowRoot?.querySelector('textarea')?.value,
          }));
          throw new Error(`response-end #${n} did not come: ${JSON.stringify({ ...seen, problems })}`, { cause: error });
        }
        return page.evaluate((n) => window.__ends[n - 1], n);
      },
    };
  }

  it('answers the questions in the card’s form, and approves or denies a deletion; input waits meanwhile', async () => {
    const { page, problems } = await openPage(browser, server.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    const ends = await watchEnds(page, problems);
    const composer = page.locator('agent-chat agent-chat-composer textarea');
    const send = async (message) => {
      await composer.fill(message);
      await composer.press('Enter');
    };

    // "plan": the card shows the questions; tick two activities, choose a length, send.
    await send('plan a trip');
    const paused = await ends.nth(1);
    assert.equal(paused.status, 'done');
    const form = page.locator('agent-chat-question-form form[part="question-form"]');
    await form.waitFor();
    assert.equal(await form.locator('fieldset').count(), 2);
    // The reply's late chunks (markdown, tool views) may still move the form: each box is ticked once it is still.
    await checkWhenStill(form, form.getByRole('checkbox', { name: /^Hiking/ }));
    await checkWhenStill(form, form.getByRole('checkbox', { name: /^Food tours/ }));
    await checkWhenStill(form, form.getByRole('radio', { name: /^One week/ }));
    await form.getByRole('button', { name: 'Send answers' }).click();
    const summary = await ends.nth(2);
    assert.equal(summary.status, 'done');
    assert.match(summary.text, /Activities\*{0,2}: Hiking and Food tours/);
    assert.match(summary.text, /Length\*{0,2}: One week/);
    const reply = page.locator('agent-chat-message').last();
    await reply.getByText('Hiking and Food tours').waitFor();
    // The card now shows the answers instead of the form.
    await page.locator('agent-chat-question-form dl[part="question-form"]').getByText('Hiking, Food tours').waitFor();
    assert.equal(await form.count(), 0);

    // "delete": the card asks for approval.
    await send('delete the old files');
    await ends.nth(3);
    const approval = page.locator('[part="approval"]').last();
    await approval.waitFor();
    await approval.getByText('Delete everything under /tmp/demo-old?').waitFor();
    for (const name of ['Approve', 'Deny', 'Edit arguments']) {
      assert.ok(await approval.getByRole('button', { name, exact: true }).isVisible(), `${name} button`);
    }

    // A message now is held: a notice, and the text stays in the composer.
    await send('hello there');
    const held = page.locator('[part="held-notice"]');
    await held.waitFor();
    assert.ok(await held.isVisible());
    assert.equal(await composer.inputValue(), 'hello there');
    assert.equal(await ends.count(), 3, 'no run started');

    // Deny, with a reason.
    await approval.getByRole('button', { name: 'Deny', exact: true }).click();
    await approval.getByLabel('Reason (optional)').fill('I still need them');
    await approval.getByRole('button', { name: 'Deny', exact: true }).click();
    const denied = await ends.nth(4);
    assert.equal(denied.status, 'done');
    assert.match(denied.text, /not deleted/i);
    assert.match(denied.text, /I still need them/);
    await approval.getByText('Denied: I still need them').waitFor();
    await held.waitFor({ state: 'detached' });
    assert.equal(await composer.inputValue(), 'hello there', 'the held message is still there');

    // A second "delete": Approve.
    await send('delete them after all');
    await ends.nth(5);
    const second = page.locator('[part="approval"]').last();
    await second.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    await second.getByRole('button', { name: 'Approve', exact: true }).click();
    const approved = await ends.nth(6);
    assert.equal(approved.status, 'done');
    assert.match(approved.text, /Deleted 3 files/i);
    await second.getByText('Approved', { exact: true }).waitFor();
    assert.equal(await page.locator('[part="approval"]').count(), 2);

    assert.deepEqual(problems, []);
    await page.close();
  });

  it('approves with edited arguments, and takes a chat message as the answer to the questions', async () => {
    const { page, problems } = await openPage(browser, server.url);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    const ends = await watchEnds(page, problems);
    const composer = page.locator('agent-chat agent-chat-composer textarea');
    const send = async (message) => {
      await composer.fill(message);
      await composer.press('Enter');
    };

    // "clean up": Edit arguments → a form from editedArgs' schema, filled with the call's arguments.
    await send('clean up please');
    await ends.nth(1);
    const approval = page.locator('[part="approval"]');
    await approval.getByRole('button', { name: 'Edit arguments', exact: true }).click();
    const path = approval.getByLabel('Path');
    assert.equal(await path.inputValue(), '/tmp/demo-old');
    assert.equal(await approval.getByLabel('Recursive').isChecked(), true);
    await path.fill('/tmp/demo-old/cache');
    await approval.getByLabel('Recursive').uncheck();
    await approval.getByRole('button', { name: 'Approve with these arguments' }).click();
    const edited = await ends.nth(2);
    assert.match(edited.text, /Approved with your changes/);
    assert.match(edited.text, /2 files in `\/tmp\/demo-old\/cache`/);
    await approval.getByText('Approved with changed arguments').waitFor();

    // "plan", then a message instead of the form: the reply quotes it, the card says where the answer went.
    await send('plan a trip');
    await ends.nth(3);
    await page.locator('agent-chat-question-form form[part="question-form"]').waitFor();
    await send('Somewhere warm, for about ten days');
    const deferred = await ends.nth(4);
    assert.match(deferred.text, /> Somewhere warm, for about ten days/);
    await page.locator('agent-chat-question-form [part="question-form"]').getByText('Answered in the chat instead.').waitFor();

    assert.deepEqual(problems, []);
    await page.close();
  });
});
