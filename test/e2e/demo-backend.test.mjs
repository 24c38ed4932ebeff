// Tests for the demo backend (demo/server.mjs and its two agents). No browser, loopback only.
// Run: node --test test/e2e/demo-backend.test.mjs

import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EventSchema } from '@ag-ui/core/schemas';
import { toChatMessages, openaiRun } from '../../demo/openai-agent.mjs';
import { scriptedRun, toDeltas } from '../../demo/scripted-agent.mjs';
import { startDemoServer } from '../../demo/server.mjs';
import { parseSse } from './sse.mjs';

const quiet = () => {};
let runCount = 0;

// ---------------------------------------------------------------------------------------------
// Helpers

/** A RunAgentInput with one user message. */
function runInput(text, extra = {}) {
  runCount += 1;
  return {
    threadId: 'thread-1',
    runId: `run-${runCount}`,
    messages: [{ id: `user-${runCount}`, role: 'user', content: text }],
    tools: [],
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
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { response, text, events: response.ok ? parseSse(text) : [] };
}

async function collect(run) {
  const events = [];
  for await (const event of run) events.push(event);
  return events;
}

const types = (events) => events.map((event) => event.type);
const ofType = (events, type) => events.filter((event) => event.type === type);
const textOf = (events) =>
  ofType(events, 'TEXT_MESSAGE_CONTENT')
    .map((event) => event.delta)
    .join('');

/** Every event must pass the official AG-UI 1.0 schema. */
function assertValidAgUi(events) {
  for (const event of events) {
    const result = EventSchema.safeParse(event);
    assert.ok(result.success, `${event.type} is not a valid AG-UI event: ${result.error?.message}`);
  }
}

/** GET with the path sent exactly as written (fetch would normalise `..`). */
function rawGet(baseUrl, rawPath) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.get({ hostname, port, path: rawPath }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', reject);
  });
}

/** Tool calls by id, with their name, concatenated args and result. */
function toolCallsOf(events) {
  const calls = new Map();
  for (const event of events) {
    if (event.type === 'TOOL_CALL_START') calls.set(event.toolCallId, { name: event.toolCallName, args: '', ended: false, argEvents: 0 });
    const call = calls.get(event.toolCallId);
    if (event.type === 'TOOL_CALL_ARGS') {
      call.args += event.delta;
      call.argEvents += 1;
    }
    if (event.type === 'TOOL_CALL_END') call.ended = true;
    if (event.type === 'TOOL_CALL_RESULT') call.result = event.content;
  }
  return calls;
}

// ---------------------------------------------------------------------------------------------
// Scripted agent through the HTTP server

describe('demo server with the scripted agent', () => {
  let server;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
  });
  after(() => server?.close());

  it('listens on 127.0.0.1 and names the scripted agent', () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.ok(server.port > 0);
    assert.match(server.agent, /scripted/);
  });

  it('streams reasoning, then Markdown with a table and a code fence, by default', async () => {
    const input = runInput('Hello there');
    const { response, events } = await postRun(server.url, input);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type'), /^text\/event-stream/);
    assertValidAgUi(events);
    assert.deepEqual({ type: events[0].type, threadId: events[0].threadId, runId: events[0].runId }, { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
    assert.equal(events.at(-1).type, 'RUN_FINISHED');
    assert.equal(events.at(-1).runId, input.runId);

    const reasoning = types(events).filter((type) => type.startsWith('REASONING_'));
    assert.deepEqual([...new Set(reasoning)], ['REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END']);
    assert.ok(types(events).indexOf('REASONING_END') < types(events).indexOf('TEXT_MESSAGE_START'));

    const text = textOf(events);
    assert.match(text, /^## /m);
    assert.match(text, /^\|.+\|.+\|.+\|$/m, 'a table row with 3+ columns');
    assert.match(text, /```ts\n[\s\S]+?\n```/);
    assert.match(text, /\*\*[^*]+\*\*/);
    assert.match(text, /\[[^\]]+\]\(https?:\/\/[^)]+\)/);
    for (const keyword of ['weather', 'error', 'long', 'state']) assert.ok(text.includes(keyword), keyword);

    const deltas = ofType(events, 'TEXT_MESSAGE_CONTENT');
    assert.ok(deltas.length > 50, 'streams in many small deltas');
    assert.ok(deltas.every((event) => event.delta.length > 0 && event.delta.length <= 40));
  });

  it('streams two server tool calls with results for "weather"', async () => {
    const { events } = await postRun(server.url, runInput('What is the WEATHER in Lisbon?'));
    assertValidAgUi(events);
    assert.equal(events.at(-1).type, 'RUN_FINISHED');

    const calls = [...toolCallsOf(events).values()];
    assert.deepEqual(
      calls.map((call) => call.name),
      ['get_weather', 'get_forecast'],
    );
    for (const call of calls) {
      assert.ok(call.ended, `${call.name} ended`);
      assert.ok(call.argEvents > 1, `${call.name} args arrive in several deltas`);
      assert.equal(JSON.parse(call.args).city, 'Lisbon');
      assert.equal(JSON.parse(call.result).city, 'Lisbon');
    }
    for (const result of ofType(events, 'TOOL_CALL_RESULT')) {
      assert.equal(result.role, 'tool');
      const start = events.findIndex((event) => event.type === 'TOOL_CALL_START' && event.toolCallId === result.toolCallId);
      const end = events.findIndex((event) => event.type === 'TOOL_CALL_END' && event.toolCallId === result.toolCallId);
      assert.ok(start >= 0 && start < end && end < events.indexOf(result));
    }
    const firstMessage = ofType(events, 'TEXT_MESSAGE_START')[0].messageId;
    assert.equal(ofType(events, 'TOOL_CALL_START')[0].parentMessageId, firstMessage);
    assert.match(textOf(events), /^\| Tomorrow \|/m, 'the summary has a table');
  });

  it('ends with RUN_ERROR and no RUN_FINISHED for "error"', async () => {
    const { events } = await postRun(server.url, runInput('please show me an Error'));
    assertValidAgUi(events);
    assert.equal(events[0].type, 'RUN_STARTED');
    assert.ok(textOf(events).length > 0, 'some text first');
    assert.deepEqual(events.at(-1), {
      type: 'RUN_ERROR',
      message: 'The scripted agent failed on purpose (you asked for an error).',
      code: 'DEMO_ERROR',
    });
    assert.equal(ofType(events, 'RUN_FINISHED').length, 0);
  });

  it('streams a long reply for "long"', async () => {
    const { events } = await postRun(server.url, runInput('something long please'));
    assertValidAgUi(events);
    const text = textOf(events);
    assert.ok(text.length > 7000, `long reply has ${text.length} characters`);
    assert.ok((text.match(/^### /gm) ?? []).length >= 5, 'several sections');
    assert.match(text, /```/);
  });

  it('sends a snapshot and JSON Patch deltas for "state"', async () => {
    const { events } = await postRun(server.url, runInput('show me state'));
    assertValidAgUi(events);
    const stateTypes = types(events).filter((type) => type.startsWith('STATE_'));
    assert.deepEqual(stateTypes, ['STATE_SNAPSHOT', 'STATE_DELTA', 'STATE_DELTA']);
    assert.equal(ofType(events, 'STATE_SNAPSHOT')[0].snapshot.counter, 0);
    assert.match(textOf(events), /STATE_DELTA/);
    assert.equal(events.at(-1).type, 'RUN_FINISHED');
  });

  it('answers a bad JSON body with 400 and a JSON error', async () => {
    const { response, text } = await postRun(server.url, '{ not json');
    assert.equal(response.status, 400);
    assert.match(response.headers.get('content-type'), /^application\/json/);
    assert.match(JSON.parse(text).error.message, /not valid JSON/);
  });

  it('answers a body without a messages array with 400', async () => {
    const { response, text } = await postRun(server.url, { threadId: 't', runId: 'r' });
    assert.equal(response.status, 400);
    assert.match(JSON.parse(text).error.message, /messages/);
  });

  it('rejects GET on the agent endpoint', async () => {
    const response = await fetch(new URL('/api/agent', server.url));
    assert.equal(response.status, 405);
    await response.body?.cancel();
  });

  it('answers the CORS preflight of a page on another origin, and names that origin on the stream', async () => {
    const origin = 'http://127.0.0.1:5173';
    const preflight = await fetch(new URL('/api/agent', server.url), {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), origin);
    assert.match(preflight.headers.get('access-control-allow-methods'), /POST/);
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'authorization, content-type');
    const response = await fetch(new URL('/api/agent', server.url), {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(runInput('hello')),
    });
    assert.equal(response.headers.get('access-control-allow-origin'), origin);
    assert.match(await response.text(), /RUN_FINISHED/);
    // A site elsewhere gets no CORS headers: it cannot drive the demo's agent (or its API key).
    const elsewhere = await fetch(new URL('/api/agent', server.url), {
      method: 'OPTIONS',
      headers: { Origin: 'https://attacker.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(elsewhere.headers.get('access-control-allow-origin'), null);
    assert.equal(elsewhere.headers.get('access-control-allow-credentials'), null);
  });

  it('serves the demo page at /', async () => {
    const response = await fetch(server.url);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type'), /^text\/html/);
    const html = await response.text();
    assert.match(html, /<agent-chat\b[^>]*endpoint="\/api\/agent"/);
    assert.match(html, /<script type="module" src="\/dist\/agent-chat\.js"><\/script>/);
  });

  it('does not serve files outside dist/', async () => {
    for (const rawPath of ['/dist/../package.json', '/dist/..%2fpackage.json', '/dist/%2e%2e/package.json', '/dist/..%5cpackage.json', '/dist/%2E%2E%2Fdemo%2Fserver.mjs']) {
      assert.notEqual(await rawGet(server.url, rawPath), 200, rawPath);
    }
    assert.equal(await rawGet(server.url, '/nope'), 404);
  });

  it('stops writing when the client leaves in the middle of a stream, and keeps serving', async (t) => {
    const logged = [];
    const slow = await startDemoServer({ port: 0, delayMs: 5, log: (line) => logged.push(line), env: {} });
    t.after(() => slow.close());
    const originalWrite = http.ServerResponse.prototype.write;
    let writes = 0;
    let writesAfterClose = 0;
    t.mock.method(http.ServerResponse.prototype, 'write', function (...args) {
      writes += 1;
      if (this.destroyed) writesAfterClose += 1;
      return originalWrite.apply(this, args);
    });

    const controller = new AbortController();
    const response = await fetch(new URL('/api/agent', slow.url), {
      method: 'POST',
      body: JSON.stringify(runInput('long')),
      signal: controller.signal,
    });
    const reader = response.body.getReader();
    await reader.read();
    controller.abort();
    await reader.read().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    const writesSoonAfter = writes;
    await new Promise((resolve) => setTimeout(resolve, 100)); // the script would write ~20 deltas here
    assert.equal(writes, writesSoonAfter, 'no more writes once the client has gone');
    assert.equal(writesAfterClose, 0);

    const { events } = await postRun(slow.url, runInput('error'));
    assert.equal(events.at(-1).type, 'RUN_ERROR');
    assert.deepEqual(
      logged.filter((line) => !line.includes('npm run build')),
      [],
    );
  });
});

describe('demo server static files', () => {
  let root;
  let server;
  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'agent-chat-demo-'));
    const dist = path.join(root, 'dist');
    await mkdir(path.join(dist, 'chunks'), { recursive: true });
    await writeFile(path.join(root, 'secret.txt'), 'outside dist');
    await writeFile(path.join(dist, 'agent-chat.js'), 'export {};');
    await writeFile(path.join(dist, 'agent-chat.js.map'), '{}');
    await writeFile(path.join(dist, 'chunks', 'mcp.js'), 'export {};');
    await writeFile(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {}, distDir: dist });
  });
  after(async () => {
    await server?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves dist files with the right content types', async () => {
    const expected = {
      '/dist/agent-chat.js': 'text/javascript',
      '/dist/agent-chat.js.map': 'application/json',
      '/dist/chunks/mcp.js': 'text/javascript',
      '/dist/logo.svg': 'image/svg+xml',
    };
    for (const [file, type] of Object.entries(expected)) {
      const response = await fetch(new URL(file, server.url));
      assert.equal(response.status, 200, file);
      assert.ok(response.headers.get('content-type').startsWith(type), `${file}: ${response.headers.get('content-type')}`);
      await response.arrayBuffer();
    }
  });

  it('answers 404 for missing files and folders', async () => {
    for (const file of ['/dist/missing.js', '/dist/chunks', '/dist/']) {
      assert.equal(await rawGet(server.url, file), 404, file);
    }
  });

  it('never reaches the file next to dist/', async () => {
    for (const rawPath of ['/dist/../secret.txt', '/dist/..%2fsecret.txt', '/dist/chunks/..%2f..%2fsecret.txt', '/dist/%2e%2e%5csecret.txt']) {
      assert.notEqual(await rawGet(server.url, rawPath), 200, rawPath);
    }
  });

  it('hints at "npm run build" only when the bundle is missing', async (t) => {
    const emptyDist = path.join(root, 'empty-dist');
    await mkdir(emptyDist);
    const logged = [];
    const bare = await startDemoServer({ port: 0, log: (line) => logged.push(line), env: {}, distDir: emptyDist });
    t.after(() => bare.close());
    assert.equal(logged.length, 1);
    assert.match(logged[0], /npm run build/);
    const page = await fetch(bare.url);
    assert.equal(page.status, 200, 'the page is served anyway');
    await page.text();

    const builtLog = [];
    const built = await startDemoServer({ port: 0, log: (line) => builtLog.push(line), env: {}, distDir: path.join(root, 'dist') });
    t.after(() => built.close());
    assert.deepEqual(builtLog, []);
  });
});

// ---------------------------------------------------------------------------------------------
// Scripted agent, directly

describe('scripted agent', () => {
  it('splits text into small deltas that join back unchanged', () => {
    const text = 'Hello   world,  supercalifragilistic\n\n| a | b |\n```ts\nconst x = 1;\n```\n';
    const deltas = toDeltas(text);
    assert.equal(deltas.join(''), text);
    assert.ok(deltas.every((delta) => delta.trim().length <= 8));
  });

  it('stops without RUN_FINISHED once the signal aborts', async () => {
    const controller = new AbortController();
    const events = [];
    for await (const event of scriptedRun(runInput('long'), { delayMs: 1, signal: controller.signal })) {
      events.push(event);
      if (events.length === 5) controller.abort();
    }
    assert.equal(events.length, 5);
    assert.equal(ofType(events, 'RUN_FINISHED').length, 0);
  });

  it('reads the last user message, including content parts', async () => {
    const input = runInput('', {
      messages: [
        { id: '1', role: 'user', content: 'weather' },
        { id: '2', role: 'assistant', content: 'ok' },
        { id: '3', role: 'user', content: [{ type: 'text', text: 'now an ERROR please' }] },
      ],
    });
    const events = await collect(scriptedRun(input, { delayMs: 0 }));
    assert.equal(events.at(-1).type, 'RUN_ERROR');
  });
});

// ---------------------------------------------------------------------------------------------
// OpenAI-compatible agent against a fake chat-completions server

function completionChunk(delta, finishReason = null) {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

/** Writes chunks as SSE in 7-byte pieces, so lines, JSON and UTF-8 characters split anywhere. */
async function streamCompletion(res, chunks) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  const bytes = Buffer.from(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n');
  for (let offset = 0; offset < bytes.length; offset += 7) {
    res.write(bytes.subarray(offset, offset + 7));
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end();
}

/** A fake OpenAI-compatible server; `respond(requestNumber, res)` answers each request. */
async function startFakeOpenAI(respond) {
  const requests = [];
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    requests.push({ url: req.url, headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    await respond(requests.length, res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const WEATHER_TOOL_CALL = [
  completionChunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
  completionChunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
  completionChunk({ tool_calls: [{ index: 0, function: { arguments: '"Lisbon",' } }] }),
  completionChunk({ tool_calls: [{ index: 0, function: { arguments: '"unit":"celsius"}' } }] }),
  completionChunk({}, 'tool_calls'),
];

const TEXT_ANSWER = [
  completionChunk({ role: 'assistant', content: '' }),
  completionChunk({ content: 'It is ' }),
  completionChunk({ content: '**mild** (°C) ' }),
  completionChunk({ content: 'in Lisbon.' }),
  completionChunk({}, 'stop'),
];

describe('OpenAI-compatible agent', () => {
  const servers = [];
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });
  async function fake(respond) {
    const server = await startFakeOpenAI(respond);
    servers.push(server);
    return server;
  }

  it('runs the weather tool, calls the model again and streams the answer (through the demo server)', async () => {
    const model = await fake((count, res) => streamCompletion(res, count === 1 ? WEATHER_TOOL_CALL : TEXT_ANSWER));
    const demo = await startDemoServer({ port: 0, log: quiet, env: { OPENAI_BASE_URL: model.baseUrl } });
    servers.push(demo);
    assert.match(demo.agent, /OpenAI-compatible agent: gpt-4o-mini/);

    const input = runInput('weather in Lisbon?');
    const { events } = await postRun(demo.url, input);
    assertValidAgUi(events);
    assert.deepEqual(
      [...new Set(types(events))],
      ['RUN_STARTED', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED'],
    );
    assert.equal(events[0].runId, input.runId);
    const call = toolCallsOf(events).get('call_w1');
    assert.equal(call.name, 'get_weather');
    assert.deepEqual(JSON.parse(call.args), { city: 'Lisbon', unit: 'celsius' });
    const result = JSON.parse(call.result);
    assert.equal(result.city, 'Lisbon');
    assert.equal(textOf(events), 'It is **mild** (°C) in Lisbon.');
    assert.equal(events.at(-1).type, 'RUN_FINISHED');
    assert.equal(events.at(-1).outcome, undefined);

    assert.equal(model.requests.length, 2);
    const [first, second] = model.requests;
    assert.equal(first.url, '/v1/chat/completions');
    assert.equal(first.headers.authorization, undefined, 'no key, no Authorization header');
    assert.equal(first.body.model, 'gpt-4o-mini');
    assert.equal(first.body.stream, true);
    assert.equal(first.body.messages[0].role, 'system');
    assert.deepEqual(first.body.messages.at(-1), { role: 'user', content: 'weather in Lisbon?' });
    assert.deepEqual(
      first.body.tools.map((tool) => tool.function.name),
      ['get_weather', 'get_forecast'],
    );

    const assistant = second.body.messages.find((message) => message.role === 'assistant');
    assert.equal(assistant.tool_calls[0].id, 'call_w1');
    assert.equal(assistant.tool_calls[0].function.name, 'get_weather');
    const toolMessage = second.body.messages.at(-1);
    assert.equal(toolMessage.role, 'tool');
    assert.equal(toolMessage.tool_call_id, 'call_w1');
    assert.deepEqual(JSON.parse(toolMessage.content), result);
  });

  it('leaves a client tool call pending and finishes the run', async () => {
    const model = await fake((count, res) =>
      streamCompletion(res, [
        completionChunk({ content: 'Let me ask the page.' }),
        completionChunk({ tool_calls: [{ index: 0, id: 'call_c1', type: 'function', function: { name: 'pick_color', arguments: '{"hint"' } }] }),
        completionChunk({ tool_calls: [{ index: 0, function: { arguments: ':"warm"}' } }] }),
        completionChunk({}, 'tool_calls'),
      ]),
    );
    const tools = [{ name: 'pick_color', description: 'Asks the person for a colour.', parameters: { type: 'object', properties: { hint: { type: 'string' } } } }];
    const events = await collect(openaiRun(runInput('pick a colour', { tools }), { env: { OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'fake-model' } }));
    assertValidAgUi(events);
    assert.equal(model.requests.length, 1);
    assert.equal(model.requests[0].body.model, 'fake-model');
    assert.ok(model.requests[0].body.tools.some((tool) => tool.function.name === 'pick_color'));
    assert.equal(ofType(events, 'TOOL_CALL_RESULT').length, 0);
    const start = ofType(events, 'TOOL_CALL_START')[0];
    assert.equal(start.parentMessageId, ofType(events, 'TEXT_MESSAGE_START')[0].messageId);
    assert.deepEqual(JSON.parse(toolCallsOf(events).get('call_c1').args), { hint: 'warm' });
    assert.deepEqual(events.at(-1).outcome, { type: 'success', pendingToolCallIds: ['call_c1'] });
  });

  it('turns an HTTP error from the model into RUN_ERROR with the provider message', async () => {
    const model = await fake((count, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'bad key', type: 'invalid_request_error' } }));
    });
    const events = await collect(openaiRun(runInput('hi'), { env: { OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'sk-test' } }));
    assertValidAgUi(events);
    assert.equal(model.requests[0].headers.authorization, 'Bearer sk-test');
    assert.deepEqual(types(events), ['RUN_STARTED', 'RUN_ERROR']);
    assert.match(events[1].message, /bad key/);
    assert.equal(events[1].code, 'HTTP_401');
  });

  it('turns an unreachable model into RUN_ERROR', async () => {
    const closed = await startFakeOpenAI(() => {});
    await closed.close();
    const events = await collect(openaiRun(runInput('hi'), { env: { OPENAI_BASE_URL: closed.baseUrl } }));
    assert.deepEqual(types(events), ['RUN_STARTED', 'RUN_ERROR']);
    assert.equal(events[1].code, 'MODEL_UNREACHABLE');
  });

  it('converts AG-UI history into chat-completions messages', () => {
    const messages = toChatMessages([
      { id: '1', role: 'developer', content: 'Be brief.' },
      {
        id: '2',
        role: 'user',
        content: [
          { type: 'text', text: 'Look:' },
          { type: 'image', source: { type: 'url', value: 'https://example.com/a.png' } },
        ],
      },
      {
        id: '3',
        role: 'assistant',
        content: 'Checking.',
        toolCalls: [
          { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          { id: 'c2', type: 'function', function: { name: 'pick_color', arguments: '{}' } },
        ],
      },
      { id: '4', role: 'tool', toolCallId: 'c1', content: '{"ok":true}' },
      { id: '5', role: 'activity', activityType: 'plan', content: {} },
      { id: '6', role: 'tool', toolCallId: 'nobody', content: 'orphan' },
      { id: '7', role: 'user', content: 'Thanks' },
    ]);
    assert.deepEqual(messages, [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look:' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
        ],
      },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          { id: 'c2', type: 'function', function: { name: 'pick_color', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"ok":true}' },
      { role: 'tool', tool_call_id: 'c2', content: 'No result: the call was not completed.' },
      { role: 'user', content: 'Thanks' },
    ]);
  });
});
