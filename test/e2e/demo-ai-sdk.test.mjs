// The demo's AI SDK backend (POST /api/ai-sdk): every demo word, driven by the AI SDK's own client
// (AbstractChat with an in-memory state + DefaultChatTransport) against the demo server, as useChat
// would drive it: client tools answered with addToolOutput, approvals with addToolApprovalResponse,
// continuations sent by sendAutomaticallyWhen. Node only, loopback, no browser.
// Run: node --test --test-concurrency=1 test/e2e/demo-ai-sdk.test.mjs

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AbstractChat, DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, lastAssistantMessageIsCompleteWithToolCalls } from 'ai';
import { TRIP_QUESTIONS } from '../../demo/scripted-hitl.mjs';
import { startDemoServer } from '../../demo/server.mjs';

const quiet = () => {};

/** The client tools as the widget offers them under "agent-chat" (their schemas do not matter to the script). */
const ASK_USER = {
  name: 'ask_user',
  description: 'Ask the person 1 to 4 multiple-choice questions.',
  parameters: { type: 'object', properties: { questions: { type: 'array' } }, required: ['questions'] },
};
const ROLL_DICE = {
  name: 'roll_dice',
  description: 'Rolls dice and shows them in an interactive app.',
  parameters: { type: 'object', properties: { dice: { type: 'integer' }, sides: { type: 'integer' } } },
};

/** The SSE `data:` chunks of a UI message stream, `[DONE]` left out. */
function chunksOf(text) {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]')
    .map((event) => JSON.parse(event.slice('data: '.length)));
}

/**
 * A chat with its messages in memory. `requests` and `replies` record each request body and the
 * chunks streamed back; `data` the data parts seen by onData (transient ones too).
 */
class MemoryChat extends AbstractChat {
  constructor(api, { tools = [ASK_USER, ROLL_DICE], context = [], id = `chat-${Math.random().toString(36).slice(2)}` } = {}) {
    const state = {
      status: 'ready',
      error: undefined,
      messages: [],
      pushMessage(message) {
        this.messages = [...this.messages, message];
      },
      popMessage() {
        this.messages = this.messages.slice(0, -1);
      },
      replaceMessage(index, message) {
        this.messages = this.messages.map((old, at) => (at === index ? message : old));
      },
      snapshot: (thing) => structuredClone(thing),
    };
    const requests = [];
    const replies = [];
    const waiting = [];
    const data = [];
    super({
      id,
      state,
      transport: new DefaultChatTransport({
        api,
        body: { 'agent-chat': { tools, context } },
        fetch: async (url, init) => {
          if (init.body) requests.push(JSON.parse(init.body));
          const response = await fetch(url, init);
          if (response.ok) replies.push(response.clone().text().then(chunksOf));
          return response;
        },
      }),
      sendAutomaticallyWhen: (options) => lastAssistantMessageIsCompleteWithToolCalls(options) || lastAssistantMessageIsCompleteWithApprovalResponses(options),
      onFinish: (event) => waiting.shift()?.(event),
      onData: (part) => data.push(structuredClone(part)), // the chat updates a part of the same id in place
    });
    Object.assign(this, { requests, replies, waiting, data });
  }

  /** Resolves when the next response (e.g. an automatic continuation) has finished. */
  nextFinish() {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The reply's parts of one kind. */
  partsOf(type, message = this.lastMessage) {
    return message.parts.filter((part) => part.type === type);
  }

  text(message = this.lastMessage) {
    return this.partsOf('text', message)
      .map((part) => part.text)
      .join('\n');
  }
}

describe('demo server: the AI SDK backend speaks every demo word (AbstractChat + DefaultChatTransport)', { timeout: 240_000 }, () => {
  let server;
  let api;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 1, log: quiet, env: {} });
    api = `${server.url}api/ai-sdk`;
  });
  after(() => server?.close());

  it('hello: reasoning, then the intro that names the AI SDK backend and shows streamText; the thread gets a title', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'hello there' });
    assert.equal(chat.status, 'ready');
    const reply = chat.lastMessage;
    assert.equal(reply.role, 'assistant');
    assert.match(reply.id, /^msg-/, 'the server names the reply');
    assert.match(chat.partsOf('reasoning')[0].text, /AI SDK backend/);
    assert.match(chat.text(), /^## Hello! This is the demo agent on the AI SDK/);
    assert.match(chat.text(), /streamText/);
    assert.match(chat.text(), /\*\*research\*\*/);
    assert.doesNotMatch(chat.text(), /EventEncoder/);
    assert.deepEqual(
      chat.data.filter((part) => part.type === 'data-agent-chat-thread-title').map((part) => part.data),
      [{ title: 'Hello there' }],
    );
    assert.equal(chat.partsOf('data-agent-chat-thread-title').length, 0, 'the title is transient');
    const request = chat.requests[0];
    assert.equal(request.id, chat.id);
    assert.equal(request.trigger, 'submit-message');
    assert.deepEqual(
      request['agent-chat'].tools.map((tool) => tool.name),
      ['ask_user', 'roll_dice'],
    );
  });

  it('weather: two server tools with execute, then the forecast table', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'What is the weather in Lisbon?' });
    const [weather] = chat.partsOf('tool-get_weather');
    const [forecast] = chat.partsOf('tool-get_forecast');
    assert.equal(weather.state, 'output-available');
    assert.deepEqual(weather.input, { city: 'Lisbon', unit: 'celsius' });
    assert.equal(weather.output.city, 'Lisbon');
    assert.equal(forecast.state, 'output-available');
    assert.equal(forecast.output.days.length, 3);
    assert.match(chat.text(), /^Let me look up the weather in Lisbon for you\./);
    assert.match(chat.text(), /### Weather in Lisbon/);
    assert.match(chat.text(), /\| Day \| Conditions \| High \| Low \|/);
  });

  it('error: the text so far, then an error chunk whose text onError passed on', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'show me an error' });
    assert.equal(chat.status, 'error');
    assert.equal(chat.error.message, 'The scripted agent failed on purpose (you asked for an error).');
    assert.match(chat.text(), /^Sure, I will start working on that right away/);
    const chunks = await chat.replies[0];
    assert.deepEqual(
      chunks.find((chunk) => chunk.type === 'error'),
      { type: 'error', errorText: chat.error.message },
    );
  });

  it('long: a long reply', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'something long please' });
    assert.match(chat.text(), /^## A tour of the AG-UI event stream/);
    assert.match(chat.text(), /### That's all/);
    assert.ok(chat.text().length > 6000);
  });

  it('state: the widget’s data-agent-chat-state part, the whole state each time, non-transient and updated in place', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'state' });
    assert.deepEqual(
      chat.data.filter((part) => part.type === 'data-agent-chat-state').map((part) => part.data),
      [
        { counter: 0, items: ['apples'], updatedBy: 'ai-sdk-agent' },
        { counter: 1, items: ['apples', 'pears'], updatedBy: 'ai-sdk-agent' },
        { counter: 2, items: ['apples', 'pears', 'plums'], updatedBy: 'ai-sdk-agent' },
      ],
    );
    const parts = chat.partsOf('data-agent-chat-state');
    assert.equal(parts.length, 1, 'one part, replaced by id');
    assert.deepEqual(parts[0].data, { counter: 2, items: ['apples', 'pears', 'plums'], updatedBy: 'ai-sdk-agent' });
    assert.match(chat.text(), /no shared state of its own/);
    assert.match(chat.text(), /data-agent-chat-state/);
  });

  it('dice: the model calls the page’s MCP tool (a client tool); its output goes back and the reply goes on in the same message', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'roll 3 dice' });
    const reply = chat.lastMessage;
    const [call] = chat.partsOf('tool-roll_dice');
    assert.equal(call.state, 'input-available');
    assert.deepEqual(call.input, { dice: 3, sides: 6 });
    assert.match(chat.text(), /^Let me roll three dice for you with the dice roller app\./);
    assert.equal((await chat.replies[0]).at(-1).finishReason, 'tool-calls');

    const finished = chat.nextFinish();
    await chat.addToolOutput({ tool: 'roll_dice', toolCallId: call.toolCallId, output: { dice: 3, sides: 6, rolls: [2, 5, 6], total: 13 } });
    await finished;
    assert.equal(chat.messages.length, 2, 'the continuation extends the assistant message');
    assert.equal(chat.lastMessage.id, reply.id);
    const continuation = chat.requests[1];
    assert.equal(continuation.trigger, 'submit-message');
    assert.equal(continuation.messageId, reply.id);
    assert.equal((await chat.replies[1])[0].messageId, reply.id, 'start names the continued message');
    assert.equal(chat.partsOf('tool-roll_dice')[0].state, 'output-available');
    assert.match(chat.text(), /You rolled \*\*2\*\*, \*\*5\*\* and \*\*6\*\*: \*\*13\*\* in total\./);
    assert.match(chat.text(), /MCP App/);
    assert.equal(chat.data.filter((part) => part.type === 'data-agent-chat-thread-title').length, 1, 'a title on the first reply only');
  });

  it('dice: an MCP result (structuredContent) and a failed call are read too; no dice tool offered → says so', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'dice' });
    let finished = chat.nextFinish();
    const structured = { content: [{ type: 'text', text: 'Rolled 2d6: 1 + 4 = 5' }], structuredContent: { dice: 2, sides: 6, rolls: [1, 4], total: 5 } };
    await chat.addToolOutput({ tool: 'roll_dice', toolCallId: chat.partsOf('tool-roll_dice')[0].toolCallId, output: structured });
    await finished;
    assert.match(chat.text(), /You rolled \*\*1\*\* and \*\*4\*\*: \*\*5\*\* in total\./);

    const failing = new MemoryChat(api);
    await failing.sendMessage({ text: 'apps' });
    finished = failing.nextFinish();
    const [call] = failing.partsOf('tool-roll_dice');
    await failing.addToolOutput({ state: 'output-error', tool: 'roll_dice', toolCallId: call.toolCallId, errorText: 'The MCP server is unreachable' });
    await finished;
    assert.equal(failing.partsOf('tool-roll_dice')[0].state, 'output-error');
    assert.match(failing.text(), /The dice roller could not roll: The MCP server is unreachable\./);

    const without = new MemoryChat(api, { tools: [ASK_USER] });
    await without.sendMessage({ text: 'dice' });
    assert.equal(without.partsOf('tool-roll_dice').length, 0);
    assert.match(without.text(), /this chat offers no `roll_dice` tool/);
  });

  it('accent and form: the page’s own tools are called with what the message says; a denial and the form’s values are read back', async () => {
    const pageTools = [
      ASK_USER,
      { name: 'set_accent', description: 'Changes the accent.', parameters: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] } },
      { name: 'read_form', description: 'Reads the form.', parameters: { type: 'object', properties: {} } },
    ];
    const accent = new MemoryChat(api, { tools: pageTools, context: [{ description: 'The demo page', value: { title: 'Demo', accent: '#0f766e' } }] });
    await accent.sendMessage({ text: 'accent #0A8' });
    const [call] = accent.partsOf('tool-set_accent');
    assert.deepEqual(call.input, { color: '#00aa88' });
    assert.match(accent.text(), /The page's accent is `#0f766e` now/, 'read from "agent-chat".context');
    let finished = accent.nextFinish();
    await accent.addToolOutput({ state: 'output-error', tool: 'set_accent', toolCallId: call.toolCallId, errorText: 'Denied by the person: too bright' });
    await finished;
    assert.match(accent.text(), /You denied it, so the accent stays as it was\. Your reason: “too bright”\./);

    const form = new MemoryChat(api, { tools: pageTools });
    await form.sendMessage({ text: 'read my trip form' });
    finished = form.nextFinish();
    await form.addToolOutput({ tool: 'read_form', toolCallId: form.partsOf('tool-read_form')[0].toolCallId, output: { destination: 'Oslo', from: '', to: '', travellers: 1 } });
    await finished;
    assert.match(form.text(), /You are going to \*\*Oslo\*\*, travelling alone\./);
    assert.match(form.text(), /\| Travellers \| 1 \|/);
    assert.doesNotMatch(form.text(), /\| From \|/, 'empty fields are left out');
  });

  it('"I rolled …": reads the app’s state from "agent-chat".context', async () => {
    const value = JSON.stringify({ roll: 2, dice: 2, sides: 6, rolls: [3, 4], total: 7 });
    const chat = new MemoryChat(api, { context: [{ description: 'Dice roller app state', value }] });
    await chat.sendMessage({ text: 'I rolled 3 + 4 = 7' });
    assert.match(chat.text(), /roll #2 of 2d6, showing 3 \+ 4 = \*\*7\*\*/);
  });

  it('research: subagent tools stream preliminary UIMessage outputs, then the final one; one nested, one failing', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'research cycling in Amsterdam' });
    assert.equal(chat.status, 'ready');
    const researchers = chat.partsOf('tool-researcher');
    assert.equal(researchers.length, 2);
    for (const part of [...researchers, ...chat.partsOf('tool-analyst')]) {
      assert.equal(part.state, 'output-available');
      assert.notEqual(part.preliminary, true);
      assert.equal(part.output.role, 'assistant');
    }
    assert.equal(researchers[0].title, 'researcher', 'the tool’s title names the subagent');
    const nested = researchers[0].output.parts.find((part) => part.type === 'tool-fact_checker');
    assert.equal(nested.state, 'output-available');
    assert.equal(nested.title, 'fact-checker');
    assert.ok(nested.output.parts.some((part) => part.type === 'tool-check_claim' && part.state === 'output-available'));
    assert.match(researchers[0].output.parts.at(-1).text, /fact-checked: supported by two sources/);
    const analyst = chat.partsOf('tool-analyst')[0].output;
    assert.match(analyst.parts.find((part) => part.type === 'tool-make_table').output, /^<table>/);
    assert.match(analyst.parts.find((part) => part.type === 'tool-plot_chart').output, /^<svg/);
    const [translator] = chat.partsOf('tool-translator');
    assert.equal(translator.state, 'output-error');
    assert.equal(translator.errorText, 'The translator failed: Translation service unavailable. Nothing came back from it.');
    assert.match(chat.text(), /### What the team found/);
    assert.match(chat.partsOf('reasoning')[0].text, /hand each part to a subagent/);

    // On the wire: for each call, preliminary snapshots that grow, then one final output (or an error).
    const chunks = await chat.replies[0];
    for (const part of [...researchers, translator]) {
      const outputs = chunks.filter((chunk) => chunk.toolCallId === part.toolCallId && chunk.type.startsWith('tool-output-'));
      const last = outputs.pop();
      assert.ok(outputs.length >= 2, 'preliminary snapshots');
      assert.ok(outputs.every((chunk) => chunk.type === 'tool-output-available' && chunk.preliminary === true));
      assert.equal(outputs[0].output.parts.length, 0, 'the first snapshot is the empty message');
      assert.equal(last.type, part === translator ? 'tool-output-error' : 'tool-output-available');
      assert.equal(last.preliminary, undefined);
    }
    const nestedOnTheWire = chunks.filter(
      (chunk) => chunk.toolCallId === researchers[0].toolCallId && chunk.output?.parts?.some((part) => part.type === 'tool-fact_checker' && part.preliminary === true),
    );
    assert.ok(nestedOnTheWire.length > 0, 'the researcher’s snapshots carry the fact-checker’s own preliminary outputs');
    const lastTranslator = chunks.filter((chunk) => chunk.toolCallId === translator.toolCallId && chunk.preliminary).at(-1);
    assert.equal(lastTranslator.output.parts.find((part) => part.type === 'tool-translate').state, 'input-available', 'its call never got an answer');
  });

  it('plan: ask_user without execute asks the trip questions; the answers come back and are summed up', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'help me plan a trip' });
    const [ask] = chat.partsOf('tool-ask_user');
    assert.equal(ask.state, 'input-available');
    assert.deepEqual(ask.input, { questions: TRIP_QUESTIONS });
    const finished = chat.nextFinish();
    await chat.addToolOutput({
      tool: 'ask_user',
      toolCallId: ask.toolCallId,
      output: {
        answers: [
          { question: 'Which activities would you like?', selected: ['Hiking', 'Food tours'] },
          { question: 'How long is the trip?', selected: ['One week'] },
        ],
      },
    });
    await finished;
    assert.equal(chat.messages.length, 2);
    assert.match(chat.text(), /### Your trip/);
    assert.match(chat.text(), /- \*\*Activities\*\*: Hiking and Food tours/);
    assert.match(chat.text(), /- \*\*Length\*\*: One week/);
  });

  it('plan: a message written instead of the form (ask_user answered "deferred") is taken as the answer', async () => {
    const messages = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'plan a trip' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'tool-ask_user', toolCallId: 'c1', state: 'output-available', input: { questions: TRIP_QUESTIONS }, output: { status: 'deferred' } },
        ],
      },
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Two weeks of hiking, please' }] },
    ];
    const response = await fetch(api, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'deferred', trigger: 'submit-message', messages, 'agent-chat': { tools: [ASK_USER] } }),
    });
    const text = chunksOf(await response.text())
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join('');
    assert.match(text, /^You answered in the chat instead of the form\. You wrote:\n\n> Two weeks of hiking, please/);
  });

  it('delete, approved: toolApproval asks first (with a reason); approving runs the tool, then the reply goes on', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'please delete the old files' });
    const [call] = chat.partsOf('tool-delete_files');
    assert.equal(call.state, 'approval-requested');
    assert.deepEqual(call.input, { path: '/tmp/demo-old', recursive: true });
    assert.equal(call.approval.requestReason, 'Delete everything under /tmp/demo-old?');
    const types = (await chat.replies[0]).map((chunk) => chunk.type);
    assert.deepEqual(types.slice(types.indexOf('tool-input-available')), ['tool-input-available', 'tool-approval-request', 'finish-step', 'finish']);

    const finished = chat.nextFinish();
    await chat.addToolApprovalResponse({ id: call.approval.id, approved: true });
    await finished;
    const [done] = chat.partsOf('tool-delete_files');
    assert.equal(done.state, 'output-available');
    assert.equal(done.output, 'Deleted 3 files under /tmp/demo-old.');
    assert.match(chat.text(), /Done: I deleted 3 files under `\/tmp\/demo-old`\./);
    assert.match(chat.text(), /nothing was really deleted/);
    const continued = (await chat.replies[1]).map((chunk) => chunk.type);
    assert.deepEqual(continued.slice(0, 3), ['start', 'tool-output-available', 'start-step'], 'the approved call runs before the next step');
  });

  it('delete, denied with a reason: tool-output-denied, and the model gets the reason', async () => {
    const chat = new MemoryChat(api);
    await chat.sendMessage({ text: 'clean up' });
    const [call] = chat.partsOf('tool-delete_files');
    const finished = chat.nextFinish();
    await chat.addToolApprovalResponse({ id: call.approval.id, approved: false, reason: 'I still need them' });
    await finished;
    const [denied] = chat.partsOf('tool-delete_files');
    assert.equal(denied.state, 'output-denied');
    assert.equal(denied.approval.reason, 'I still need them');
    assert.match(chat.text(), /Understood, I have not deleted anything in `\/tmp\/demo-old`\. Your reason: “I still need them”\./);
    const continued = (await chat.replies[1]).map((chunk) => chunk.type);
    assert.deepEqual(continued.slice(0, 3), ['start', 'tool-output-denied', 'start-step']);
  });

  it('resume: GET /api/ai-sdk/:id/stream replays a reply that is still streaming, then 204 once it is done', async () => {
    const id = 'resume-thread';
    const body = { id, trigger: 'submit-message', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'long' }] }] };
    const posted = await fetch(api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const reader = new MemoryChat(api, { id });
    await reader.resumeStream();
    assert.match(reader.text(), /^## A tour of the AG-UI event stream[\s\S]*### That's all/);
    const original = await posted.text();
    assert.equal(reader.lastMessage.id, chunksOf(original)[0].messageId);
    const after = await fetch(`${api}/${id}/stream`);
    assert.equal(after.status, 204);
    assert.equal((await fetch(`${api}/never-started/stream`)).status, 204);
  });

  it('answers a broken request with 400 {error: {message}}', async () => {
    const post = (body) => fetch(api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const user = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] };
    for (const body of [
      '{not json',
      { id: 'x' },
      { id: 'x', messages: [{ id: 'u1', role: 'robot', parts: [] }] },
      { id: 'x', messages: [{ id: 'a1', role: 'assistant', parts: [{ type: 'tool-no_such_tool', toolCallId: 'c1', state: 'input-available', input: {} }] }] },
      { id: 'x', messages: [user], 'agent-chat': { tools: [{ description: 'no name' }] } },
      { id: 'x', messages: [user], 'agent-chat': 'tools' },
    ]) {
      const response = await post(body);
      assert.equal(response.status, 400, JSON.stringify(body));
      const answer = await response.json();
      assert.equal(typeof answer.error.message, 'string');
    }
    assert.equal((await fetch(api)).status, 405);
  });

  it('keeps the AG-UI endpoint’s CORS policy: pages on localhost get CORS headers, other sites none', async () => {
    const preflight = await fetch(api, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.match(preflight.headers.get('access-control-allow-methods'), /POST/);
    const resumePreflight = await fetch(`${api}/x/stream`, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:3000', 'Access-Control-Request-Method': 'GET' } });
    assert.match(resumePreflight.headers.get('access-control-allow-methods'), /GET/);
    const elsewhere = await fetch(api, { method: 'OPTIONS', headers: { Origin: 'https://example.com', 'Access-Control-Request-Method': 'POST' } });
    assert.equal(elsewhere.headers.get('access-control-allow-origin'), null);
    const answered = await fetch(api, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Origin: 'http://localhost:5173' },
      body: JSON.stringify({ id: 'cors', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }),
    });
    assert.equal(answered.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.equal(answered.headers.get('x-vercel-ai-ui-message-stream'), 'v1');
    await answered.text();
  });
});
