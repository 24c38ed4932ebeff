/**
 * A real AG-UI 1.0 server for the browser tests: web-test-runner mounts it as middleware, so the
 * element fetches `/agui/<scenario>` over HTTP and reads a real SSE stream (encoded with
 * @ag-ui/encoder). Faults are produced on the wire: bad status codes, broken JSON, dropped sockets.
 * `GET /agui/last-request?scenario=<name>` answers the last request body and headers it received;
 * `GET /agui/requests?scenario=<name>` every request body it received, oldest first.
 */
import { EventEncoder } from '@ag-ui/encoder';
import { hitlScenarios } from './agui-hitl-scenarios.mjs';

const encoder = new EventEncoder();
const lastRequests = new Map();
const allRequests = new Map();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const started = (input) => ({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
const finished = (input, extra = {}) => ({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, ...extra });
const text = (messageId, ...deltas) => [
  { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
  ...deltas.map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta })),
  { type: 'TEXT_MESSAGE_END', messageId },
];
const lastUserText = (input) => {
  const users = (input.messages ?? []).filter((m) => m.role === 'user');
  const last = users[users.length - 1];
  return typeof last?.content === 'string' ? last.content : '';
};

/**
 * `/agui/mcp-call?tool=<name>&args=<json>`: the model calls a client tool (arguments streamed in
 * pieces, with pauses), leaves it to the widget, and in the next run says what it got back.
 */
async function mcpCall(input, res, query) {
  const toolMessage = [...(input.messages ?? [])].reverse().find((m) => m.role === 'tool');
  writeHead(res);
  const send = (event) => res.write(encoder.encodeSSE(event));
  send(started(input));
  if (toolMessage) {
    for (const event of text(`after-${input.runId}`, `The tool said: ${toolMessage.content}`)) send(event);
  } else {
    const args = query.args ?? '{}';
    const id = query.id ?? 'mcp-call-1';
    send({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: query.tool });
    const third = Math.ceil(args.length / 3);
    for (let i = 0; i < args.length; i += third) {
      send({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta: args.slice(i, i + third) });
      await sleep(Number(query.pause ?? 60));
    }
    send({ type: 'TOOL_CALL_END', toolCallId: id });
    send(finished(input, { outcome: { type: 'success', pendingToolCallIds: [id] } }));
    res.end();
    return;
  }
  send(finished(input));
  res.end();
}

/** Subagent activity: delegations (one twice), a nested subagent, rich results, a failure. */
function subagents(input) {
  const call = (id, name, args, result, sub) => [
    { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, ...(sub ? { subagentRunId: sub } : {}) },
    { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: JSON.stringify(args), ...(sub ? { subagentRunId: sub } : {}) },
    { type: 'TOOL_CALL_END', toolCallId: id, ...(sub ? { subagentRunId: sub } : {}) },
    ...(result === undefined ? [] : [{ type: 'TOOL_CALL_RESULT', messageId: `${id}-r`, toolCallId: id, content: result, ...(sub ? { subagentRunId: sub } : {}) }]),
  ];
  const started = (subagentRunId, name, extra) => ({ type: 'SUBAGENT_STARTED', subagentRunId, name, ...extra });
  const subText = (messageId, sub, delta) => [
    { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant', subagentRunId: sub },
    { type: 'TEXT_MESSAGE_CONTENT', messageId, delta, subagentRunId: sub },
    { type: 'TEXT_MESSAGE_END', messageId, subagentRunId: sub },
  ];
  const leadDelegates = (id, agent) => [
    { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: 'delegate' },
    { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: JSON.stringify({ agent }) },
    { type: 'TOOL_CALL_END', toolCallId: id },
  ];
  const done = (id, content) => ({ type: 'TOOL_CALL_RESULT', messageId: `${id}-r`, toolCallId: id, content });
  return [
    { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId },
    ...text('lead-1', 'I will ask my team.'),
    ...leadDelegates('d1', 'researcher'),
    started('s1', 'researcher', { parentToolCallId: 'd1', metadata: { 'agent-chat': { agentId: 'agent-r' } } }),
    ...call('s1-c1', 'web_search', { q: 'bikes' }, 'Found **3** sources.', 's1'),
    ...subText('s1-t', 's1', 'Private notes of the researcher.'),
    started('s2', 'fact-checker', { parentSubagentRunId: 's1' }),
    ...call('s2-c1', 'check_claim', { claim: 'x' }, '{"verdict":"true"}', 's2'),
    { type: 'SUBAGENT_FINISHED', subagentRunId: 's2' },
    { type: 'SUBAGENT_FINISHED', subagentRunId: 's1' },
    done('d1', 'Research done.'),
    ...leadDelegates('d2', 'researcher'),
    started('s3', 'researcher', { parentToolCallId: 'd2' }),
    ...call('s3-c1', 'web_search', { q: 'more' }, 'Nothing new.', 's3'),
    { type: 'SUBAGENT_FINISHED', subagentRunId: 's3' },
    done('d2', 'Second research done.'),
    ...leadDelegates('d3', 'analyst'),
    started('s4', 'analyst', { parentToolCallId: 'd3' }),
    ...call(
      's4-c1',
      'make_table',
      {},
      '<table><thead><tr><th colspan="2">City</th></tr></thead><tbody><tr><td>A</td><td>1</td></tr></tbody></table><img src=x onerror="window.__activityXss=1">',
      's4',
    ),
    ...call(
      's4-c2',
      'plot',
      {},
      '<svg viewBox="0 0 10 10" width="100" height="100"><title>plot</title><polyline points="0,10 5,2 10,6" fill="none" stroke="blue"/><script>window.__activityXss=2</script></svg>',
      's4',
    ),
    { type: 'SUBAGENT_FINISHED', subagentRunId: 's4' },
    done('d3', 'Analysis done.'),
    ...leadDelegates('d4', 'translator'),
    started('s5', 'translator', { parentToolCallId: 'd4' }),
    ...call('s5-c1', 'translate', { text: 'hallo' }, undefined, 's5'),
    { type: 'SUBAGENT_ERROR', subagentRunId: 's5', message: 'Translation service unavailable' },
    done('d4', 'The translator failed.'),
    ...text('lead-2', 'All done.'),
    { type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId },
  ];
}

/** A subagent still working when the stream stalls (for Stop). */
async function subagentSlow(input, res) {
  writeHead(res);
  const send = (event) => res.write(encoder.encodeSSE(event));
  send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
  send({ type: 'TOOL_CALL_START', toolCallId: 'd1', toolCallName: 'delegate' });
  send({ type: 'TOOL_CALL_END', toolCallId: 'd1' });
  send({ type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'researcher', parentToolCallId: 'd1' });
  send({ type: 'TOOL_CALL_START', toolCallId: 's1-c1', toolCallName: 'web_search', subagentRunId: 's1' });
  await sleep(5000);
  res.end();
}

/** Many subagent calls: `?count=N`. */
function subagentMany(input, _res, query) {
  const count = Number(query.count ?? 10);
  const events = [
    { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId },
    { type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'worker' },
  ];
  for (let i = 0; i < count; i++) {
    events.push(
      { type: 'TOOL_CALL_START', toolCallId: `w${i}`, toolCallName: 'step', subagentRunId: 's1' },
      { type: 'TOOL_CALL_END', toolCallId: `w${i}`, subagentRunId: 's1' },
      { type: 'TOOL_CALL_RESULT', messageId: `w${i}-r`, toolCallId: `w${i}`, content: `step ${i}`, subagentRunId: 's1' },
    );
  }
  events.push({ type: 'SUBAGENT_FINISHED', subagentRunId: 's1' }, ...text('end', 'Finished.'), { type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
  return events;
}

/**
 * A markdown tour with reasoning streamed word by word (`?pause=<ms>` between deltas, 8 by default),
 * like the demo's reply to anything; a message with "short" in it gets a short reply instead, and
 * one with "long" a tour three times over.
 */
async function tour(input, res, query) {
  writeHead(res);
  let closed = false;
  res.on('close', () => (closed = true));
  const pause = Number(query.pause ?? 8);
  const send = (event) => !closed && res.write(encoder.encodeSSE(event));
  const said = lastUserText(input);
  const section = (n) =>
    `## Part ${n}: what streams\n\nThis reply is **markdown** streamed as small deltas, one word at a time, the way a model writes. ` +
    `Each finished block is parsed once and kept.\n\n- a list item with \`code\`\n- another item that is a little longer than the first one\n- a third\n\n` +
    `| Event | Meaning |\n| --- | --- |\n| RUN_STARTED | a reply begins |\n| TEXT_MESSAGE_CONTENT | a piece of text |\n| RUN_FINISHED | the reply ended |\n\n` +
    '```js\nconst encoder = new EventEncoder();\nresponse.write(encoder.encodeSSE(event));\n```\n\n' +
    `A closing paragraph for part ${n}, long enough to wrap on a narrow screen and to make the reply taller than the log.\n\n`;
  const body = /short/i.test(said)
    ? 'Sure, here is a short answer in a few words.'
    : [1, 2, 3]
        .slice(0, /long/i.test(said) ? 3 : 1)
        .map(section)
        .join('') + 'That is the tour.';
  const id = `tour-${input.runId}`;
  send(started(input));
  if (!/short/i.test(said)) {
    send({ type: 'REASONING_START', messageId: `${id}-r` });
    send({ type: 'REASONING_MESSAGE_START', messageId: `${id}-r`, role: 'reasoning' });
    for (const word of 'The person wants a tour. I will show a list, a table and some code.'.split(/(?<= )/)) {
      send({ type: 'REASONING_MESSAGE_CONTENT', messageId: `${id}-r`, delta: word });
      await sleep(pause);
    }
    send({ type: 'REASONING_MESSAGE_END', messageId: `${id}-r` });
    send({ type: 'REASONING_END', messageId: `${id}-r` });
  }
  send({ type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' });
  for (const word of body.match(/\s*\S+\s*/g)) {
    if (closed) return;
    send({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: word });
    await sleep(/short/i.test(said) ? pause * 6 : pause);
  }
  send({ type: 'TEXT_MESSAGE_END', messageId: id });
  send(finished(input));
  if (!closed) res.end();
}

/** Each scenario is a list of SSE frames (strings) or events, or a function that drives `res` itself. */
const scenarios = {
  ...hitlScenarios,
  'mcp-call': mcpCall,
  subagents,
  'subagent-slow': subagentSlow,
  'subagent-many': subagentMany,
  tour,
  basic: (input) => [started(input), ...text('m1', 'Hello ', '**world**', '!'), finished(input)],
  // "go deep": a call whose arguments and result, the state and a custom value nest 4,000 levels (raw frames: no deep object here); else a plain answer.
  deep: (input) => {
    const asked = lastUserText(input);
    if (asked !== 'go deep') return [started(input), ...text(`plain-${input.runId}`, `Plain answer to ${asked}`), finished(input)];
    const nested = '['.repeat(4000) + ']'.repeat(4000);
    const frame = (json) => `data: ${json}\n\n`;
    return [
      started(input),
      { type: 'TOOL_CALL_START', toolCallId: 'deep-1', toolCallName: 'lookup' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'deep-1', delta: `{"q":${nested}}` },
      { type: 'TOOL_CALL_END', toolCallId: 'deep-1' },
      frame(`{"type":"TOOL_CALL_RESULT","messageId":"deep-1-r","toolCallId":"deep-1","content":${nested}}`),
      frame(`{"type":"STATE_SNAPSHOT","snapshot":{"tree":${nested}}}`),
      frame(`{"type":"CUSTOM","name":"deep","value":${nested}}`),
      ...text('deep-text', 'Looked it up.'),
      finished(input),
    ];
  },
  titled: (input) => [started(input), { type: 'CUSTOM', name: 'agent-chat.thread-title', value: { title: 'Trip to Lisbon' } }, ...text('t1', 'Noted.'), finished(input)],
  echo: (input) => [started(input), ...text(`echo-${input.runId}`, `You said: ${lastUserText(input)} (${input.messages.length} messages)`), finished(input)],
  markdown: (input) => [
    started(input),
    ...text(
      'md',
      '# Title\n\nSome *emphasis* and a [link](https://example.com).\n\n',
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n',
      '```js\nconst x = 1;\n```\n\n<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>\n\nend',
    ),
    finished(input),
  ],
  // The same three results (JSON text, markdown, plain text) from the lead agent and from a subagent.
  'same-results': (input) => {
    const call = (id, name, content, sub) => [
      { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, ...sub },
      { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: '{}', ...sub },
      { type: 'TOOL_CALL_END', toolCallId: id, ...sub },
      { type: 'TOOL_CALL_RESULT', messageId: `${id}-r`, toolCallId: id, content, ...sub },
    ];
    const json = '{"city":"Paris","temperature":21}';
    const markdown = 'Found **two** results:\n\n- one\n- two';
    const plain = 'total 8\nsnake_case_file.txt\n2*3=6';
    const sub = { subagentRunId: 's1' };
    return [
      started(input),
      ...call('lead-json', 'lookup', json),
      ...call('lead-md', 'search', markdown),
      ...call('lead-text', 'list', plain),
      { type: 'TOOL_CALL_START', toolCallId: 'delegate-1', toolCallName: 'delegate' },
      { type: 'TOOL_CALL_END', toolCallId: 'delegate-1' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'helper', parentToolCallId: 'delegate-1' },
      ...call('sub-json', 'lookup', json, sub),
      ...call('sub-md', 'search', markdown, sub),
      ...call('sub-text', 'list', plain, sub),
      { type: 'SUBAGENT_FINISHED', subagentRunId: 's1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'delegate-1-r', toolCallId: 'delegate-1', content: 'done' },
      finished(input),
    ];
  },
  // A reply ending right after its closing fence, no final newline, the fence split across deltas.
  'fence-end': (input) => [started(input), ...text('fe', 'Run this:\n\n```js\nconsole', '.log(1);\n`', '``'), finished(input)],
  tools: (input) => [
    started(input),
    ...text('t1', 'Let me check.'),
    { type: 'TOOL_CALL_START', toolCallId: 'call-1', toolCallName: 'get_weather', parentMessageId: 't1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: '{"city":' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: '"Paris"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'call-1' },
    { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'call-1', content: '{"temperature":21,"sky":"clear"}', role: 'tool' },
    ...text('t2', 'It is 21 °C in Paris.'),
    finished(input),
  ],
  'tool-error': (input) => [
    started(input),
    { type: 'TOOL_CALL_START', toolCallId: 'bad-call', toolCallName: 'delete_file' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'bad-call', delta: '{"path":"/etc"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'bad-call' },
    {
      type: 'TOOL_CALL_RESULT',
      messageId: 'bad-result',
      toolCallId: 'bad-call',
      content: 'Permission denied: /etc is read-only',
      metadata: { 'agent-chat': { isError: true } },
    },
    ...text('after', 'That did not work.'),
    finished(input),
  ],
  reasoning: (input) => [
    started(input),
    { type: 'REASONING_START', messageId: 'r' },
    { type: 'REASONING_MESSAGE_START', messageId: 'r', role: 'reasoning' },
    { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r', delta: 'Thinking about it.' },
    { type: 'REASONING_MESSAGE_END', messageId: 'r' },
    { type: 'REASONING_END', messageId: 'r' },
    ...text('a', 'Answer.'),
    finished(input),
  ],
  unknown: (input) => [started(input), { type: 'SOMETHING_NEW', x: 1 }, ...text('u', 'Still fine.'), finished(input)],
  'http-500': { status: 500, contentType: 'application/json', body: JSON.stringify({ error: { message: 'Model overloaded, try later' } }) },
  'http-401': { status: 401, contentType: 'text/plain', body: 'Missing API token' },
  'not-sse': { status: 200, contentType: 'application/json', body: '{"ok":true}' },
  malformed: (input) => [started(input), ...text('m', 'Partial answer').slice(0, 2), 'data: {"type":"TEXT_MESSAGE_CONTENT",\n\n'],
  'no-run-started': () => [...text('m', 'Orphan text')],
  'no-finish': (input) => [started(input), ...text('m', 'Half of it')],
  'run-error': (input) => [started(input), ...text('m', 'Working on it…'), { type: 'RUN_ERROR', message: 'Upstream model failed', code: 'MODEL_DOWN' }],
  drop: async (input, res) => {
    writeHead(res);
    for (const event of [started(input), ...text('m', 'Before the drop').slice(0, 2)]) res.write(encoder.encodeSSE(event));
    await sleep(50);
    res.socket?.destroy();
  },
  slow: (input, res) => slowReply(input, res, 200),
  // Like slow, for 60 s: a test that scrolls while it streams stops it; a loaded machine must not see it end midway.
  'slow-long': (input, res) => slowReply(input, res, 1500),
  // Raw SSE edge cases: CRLF endings, comments, keep-alives, multi-line data, frames split mid-line.
  split: async (input, res) => {
    writeHead(res);
    const frames = [
      ': keep-alive\r\n\r\n',
      `data: ${JSON.stringify(started(input))}\r\n\r\n`,
      `data: {"type":"TEXT_MESSAGE_START",\r\ndata: "messageId":"x","role":"assistant"}\r\n\r\n`,
      `event: message\ndata: {"type":"TEXT_MESSAGE_CONTENT","messageId":"x","delta":"Split "}\n\n`,
      `:\n\ndata: {"type":"TEXT_MESSAGE_CONTENT","messageId":"x","delta":"stream ✓"}\r\n\r\n`,
      `data: {"type":"TEXT_MESSAGE_END","messageId":"x"}\r\n\r\n`,
      `data: ${JSON.stringify(finished(input))}\n\n`,
    ].join('');
    const bytes = Buffer.from(frames, 'utf8');
    for (let i = 0; i < bytes.length; i += 7) {
      res.write(bytes.subarray(i, i + 7));
      await sleep(1);
    }
    res.end();
  },
  chunks: (input) => [
    started(input),
    { type: 'TEXT_MESSAGE_CHUNK', messageId: 'c1', role: 'assistant', delta: 'Chunked ' },
    { type: 'TEXT_MESSAGE_CHUNK', delta: 'text.' },
    { type: 'TOOL_CALL_CHUNK', toolCallId: 'tc', toolCallName: 'lookup', parentMessageId: 'c1', delta: '{"q":' },
    { type: 'TOOL_CALL_CHUNK', delta: '"x"}' },
    finished(input),
  ],
  state: (input) => [
    started(input),
    { type: 'STATE_SNAPSHOT', snapshot: { count: 1, items: [] } },
    {
      type: 'STATE_DELTA',
      delta: [
        { op: 'replace', path: '/count', value: 2 },
        { op: 'add', path: '/items/-', value: 'a' },
      ],
    },
    ...text('s', 'State updated.'),
    finished(input),
  ],
  /**
   * For the page's renderers and hooks: the shared state (a snapshot grown from the state the
   * request carried, then a delta), an activity of type `plan` and one of a type nobody draws, a
   * CUSTOM event of the page's, and a tool call with its result.
   */
  'page-views': (input) => {
    const cart = Array.isArray(input.state?.cart) ? input.state.cart : [];
    const n = (input.messages ?? []).filter((m) => m.role === 'user').length;
    return [
      started(input),
      { type: 'STATE_SNAPSHOT', snapshot: { cart: [...cart, `tea-${n}`] } },
      { type: 'ACTIVITY_SNAPSHOT', messageId: `plan-${n}`, activityType: 'plan', content: { steps: ['Find tea', 'Pay'], done: 0 } },
      { type: 'ACTIVITY_DELTA', messageId: `plan-${n}`, activityType: 'plan', patch: [{ op: 'replace', path: '/done', value: 1 }] },
      { type: 'ACTIVITY_SNAPSHOT', messageId: `other-${n}`, activityType: 'nobody-draws-this', content: { secret: 'not shown' } },
      { type: 'CUSTOM', name: 'shop.confetti', value: { times: n } },
      { type: 'CUSTOM', name: 'agent-chat.thread-title', value: 'Tea shopping' },
      { type: 'TOOL_CALL_START', toolCallId: `weather-${n}`, toolCallName: 'get_weather' },
      { type: 'TOOL_CALL_ARGS', toolCallId: `weather-${n}`, delta: '{"city":"Paris"}' },
      { type: 'TOOL_CALL_END', toolCallId: `weather-${n}` },
      { type: 'TOOL_CALL_RESULT', messageId: `weather-result-${n}`, toolCallId: `weather-${n}`, content: '{"temperature":21,"sky":"clear"}', role: 'tool' },
      { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/cart/-', value: `cups-${n}` }] },
      ...text(`pv-${n}`, `Added cups (${n}).`),
      finished(input),
    ];
  },
  'messages-snapshot': (input) => [
    started(input),
    {
      type: 'MESSAGES_SNAPSHOT',
      messages: [
        { id: 'u-old', role: 'user', content: 'Earlier question' },
        { id: 'a-old', role: 'assistant', content: 'Earlier answer' },
        ...input.messages.slice(-1),
        { id: 'a-new', role: 'assistant', content: 'From the snapshot.' },
      ],
    },
    finished(input),
  ],
};

function writeHead(res, status = 200, contentType = 'text/event-stream') {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export function aguiScenarios() {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/agui/')) return next();
    const name = ctx.path.slice('/agui/'.length);
    if (ctx.method === 'GET' && name === 'last-request') {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(lastRequests.get(ctx.query.scenario) ?? null);
      return;
    }
    if (ctx.method === 'GET' && name === 'requests') {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(allRequests.get(ctx.query.scenario) ?? []);
      return;
    }
    const scenario = Object.hasOwn(scenarios, name) ? scenarios[name] : undefined;
    if (ctx.method !== 'POST' || !scenario) return next();
    const raw = await readBody(ctx.req);
    const input = JSON.parse(raw);
    lastRequests.set(name, { body: input, headers: ctx.req.headers });
    allRequests.set(name, [...(allRequests.get(name) ?? []), input]);
    ctx.respond = false;
    const res = ctx.res;
    if (typeof scenario === 'object') {
      writeHead(res, scenario.status, scenario.contentType);
      res.end(scenario.body);
      return;
    }
    const produced = await scenario(input, res, ctx.query);
    if (!Array.isArray(produced)) return;
    writeHead(res);
    for (const item of produced) res.write(typeof item === 'string' ? item : encoder.encodeSSE(item));
    res.end();
  };
}

/** `ticks` text deltas 40 ms apart, under a running tool call; ends early when the client leaves. */
async function slowReply(input, res, ticks) {
  writeHead(res);
  let closed = false;
  res.on('close', () => (closed = true));
  res.write(encoder.encodeSSE(started(input)));
  res.write(encoder.encodeSSE({ type: 'TEXT_MESSAGE_START', messageId: 's', role: 'assistant' }));
  res.write(encoder.encodeSSE({ type: 'TOOL_CALL_START', toolCallId: 'slow-call', toolCallName: 'long_job' }));
  for (let i = 0; i < ticks && !closed; i++) {
    res.write(encoder.encodeSSE({ type: 'TEXT_MESSAGE_CONTENT', messageId: 's', delta: `tick ${i} ` }));
    await sleep(40);
  }
  if (!closed) res.end(encoder.encodeSSE(finished(input)));
}
