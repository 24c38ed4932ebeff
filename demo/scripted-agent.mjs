// The demo's default agent: no model, no API key. Each reply is a script (plain data: a list of
// steps) that one small streamer turns into AG-UI 1.0 events with short pauses between deltas.

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DICE_TOOL } from './mcp-app-server.mjs';

/** @typedef {{ type: string } & Record<string, any>} AgUiEvent  An AG-UI event as a plain object. */
/** @typedef {import('@ag-ui/core').RunAgentInput} RunAgentInput */

/**
 * One step of a script.
 * @typedef {{ kind: 'reasoning', text: string }
 *   | { kind: 'text', text: string }
 *   | { kind: 'tool', name: string, args: object, result: object }
 *   | { kind: 'client-tool', name: string, args: object }
 *   | { kind: 'state', snapshot: object }
 *   | { kind: 'patch', ops: object[] }
 *   | { kind: 'error', message: string, code: string }} Step
 */

/** Delay between deltas (ms) unless the caller picks one. */
export const DEFAULT_DELAY_MS = 12;

/** A tool "runs" for this many deltas' worth of time before its result arrives. */
const TOOL_PAUSE_STEPS = 25;

// ---------------------------------------------------------------------------------------------
// Server tools (fake, deterministic data). The OpenAI agent offers the same two to its model.

const CONDITIONS = ['Sunny', 'Partly cloudy', 'Overcast', 'Light rain', 'Showers', 'Breezy'];

/** A small stable hash, so the same city always gets the same weather. */
function seedOf(text) {
  let hash = 7;
  for (const char of text.toLowerCase()) hash = (hash * 31 + char.codePointAt(0)) >>> 0;
  return hash;
}

function inUnit(celsius, unit) {
  return unit === 'fahrenheit' ? Math.round((celsius * 9) / 5 + 32) : celsius;
}

/** @param {{ city?: string, unit?: string }} args  unit: 'celsius' (default) or 'fahrenheit' */
export function getWeather({ city = 'Amsterdam', unit = 'celsius' } = {}) {
  const seed = seedOf(city);
  return {
    city,
    unit,
    temperature: inUnit(6 + (seed % 19), unit),
    conditions: CONDITIONS[seed % CONDITIONS.length],
    humidity: 40 + (seed % 50),
    windKph: 5 + (seed % 30),
  };
}

/** @param {{ city?: string, days?: number, unit?: string }} args */
export function getForecast({ city = 'Amsterdam', days = 3, unit = 'celsius' } = {}) {
  const count = Math.min(Math.max(Math.round(Number(days)) || 3, 1), 7);
  const forecast = Array.from({ length: count }, (_, index) => {
    const seed = seedOf(`${city}#${index + 1}`);
    const high = 8 + (seed % 16);
    return {
      day: index === 0 ? 'Tomorrow' : `In ${index + 1} days`,
      high: inUnit(high, unit),
      low: inUnit(high - 4 - (seed % 5), unit),
      conditions: CONDITIONS[seed % CONDITIONS.length],
    };
  });
  return { city, unit, days: forecast };
}

const CITY_PARAMETER = { type: 'string', description: 'City name, e.g. "Amsterdam".' };
const UNIT_PARAMETER = { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit.' };

/** The server-side tools of the demo: definition (AG-UI `Tool` shape) plus implementation. */
export const DEMO_TOOLS = {
  get_weather: {
    description: 'Current weather for a city (demo data, not real).',
    parameters: {
      type: 'object',
      properties: { city: CITY_PARAMETER, unit: UNIT_PARAMETER },
      required: ['city'],
    },
    run: getWeather,
  },
  get_forecast: {
    description: 'Daily forecast for the next days in a city (demo data, not real).',
    parameters: {
      type: 'object',
      properties: {
        city: CITY_PARAMETER,
        days: { type: 'integer', minimum: 1, maximum: 7, description: 'Number of days.' },
        unit: UNIT_PARAMETER,
      },
      required: ['city'],
    },
    run: getForecast,
  },
};

// ---------------------------------------------------------------------------------------------
// Scripts

const KEYWORD_LIST = `- **weather** (or **tool**): two tool calls with their results, then a summary
- **error**: the run fails halfway with \`RUN_ERROR\`
- **long**: a long reply, to try scrolling
- **state**: a state snapshot followed by two JSON Patch deltas
- **dice** (or **app**): a call of the dice roller's MCP tool, whose app shows in the tool card`;

/** @param {boolean} greeted @returns {Step[]} */
function introScript(greeted) {
  return [
    {
      kind: 'reasoning',
      text:
        'The person wants to know what this demo does. I will introduce the scripted agent, ' +
        'list the keywords it understands and show some Markdown: a list, a table and a code block.',
    },
    {
      kind: 'text',
      text: `## ${greeted ? 'Hello! ' : ''}This is the demo agent

This reply comes from a **scripted agent** in \`demo/scripted-agent.mjs\`: no model and no API key, \
just [AG-UI 1.0](https://docs.ag-ui.com/) events streamed over Server-Sent Events.

Put one of these keywords in your next message:

${KEYWORD_LIST}

| Keyword | Events you will see | Run ends with |
| --- | --- | --- |
| weather | \`TOOL_CALL_START\`, \`TOOL_CALL_ARGS\`, \`TOOL_CALL_RESULT\` | \`RUN_FINISHED\` |
| error | \`TEXT_MESSAGE_CONTENT\` | \`RUN_ERROR\` |
| long | \`TEXT_MESSAGE_CONTENT\` (many) | \`RUN_FINISHED\` |
| state | \`STATE_SNAPSHOT\`, \`STATE_DELTA\` | \`RUN_FINISHED\` |
| dice | \`TOOL_CALL_START\`, \`TOOL_CALL_ARGS\`, \`TOOL_CALL_END\` | \`RUN_FINISHED\` with the call pending |

Every event is one SSE \`data:\` line, written by the backend like this:

\`\`\`ts
import { EventEncoder } from '@ag-ui/encoder';

const encoder = new EventEncoder();
response.write(encoder.encodeSSE({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: 'Hi' }));
\`\`\`

Start the server with \`OPENAI_API_KEY\` (or \`OPENAI_BASE_URL\`) set to talk to a real model instead.`,
    },
  ];
}

/** @param {string} city @returns {Step[]} */
function weatherScript(city) {
  const weatherArgs = { city, unit: 'celsius' };
  const forecastArgs = { city, days: 3, unit: 'celsius' };
  const now = getWeather(weatherArgs);
  const forecast = getForecast(forecastArgs);
  const rows = forecast.days
    .map((day) => `| ${day.day} | ${day.conditions} | ${day.high} °C | ${day.low} °C |`)
    .join('\n');
  return [
    { kind: 'text', text: `Let me look up the weather in ${city} for you.` },
    { kind: 'tool', name: 'get_weather', args: weatherArgs, result: now },
    { kind: 'tool', name: 'get_forecast', args: forecastArgs, result: forecast },
    {
      kind: 'text',
      text: `### Weather in ${city}

Right now it is **${now.temperature} °C** and ${now.conditions.toLowerCase()}, \
with ${now.humidity}% humidity and wind at ${now.windKph} km/h.

| Day | Conditions | High | Low |
| --- | --- | --- | --- |
${rows}

_Demo data from the fake \`get_weather\` and \`get_forecast\` tools, not a real forecast._`,
    },
  ];
}

/** @returns {Step[]} */
function errorScript() {
  return [
    { kind: 'text', text: 'Sure, I will start working on that right away. First I need to' },
    {
      kind: 'error',
      message: 'The scripted agent failed on purpose (you asked for an error).',
      code: 'DEMO_ERROR',
    },
  ];
}

/** @returns {Step[]} */
function stateScript() {
  const snapshot = { counter: 0, items: ['apples'], updatedBy: 'scripted-agent' };
  return [
    { kind: 'state', snapshot },
    { kind: 'patch', ops: [{ op: 'replace', path: '/counter', value: 1 }, { op: 'add', path: '/items/-', value: 'pears' }] },
    { kind: 'patch', ops: [{ op: 'replace', path: '/counter', value: 2 }, { op: 'add', path: '/items/-', value: 'plums' }] },
    {
      kind: 'text',
      text: `I sent a \`STATE_SNAPSHOT\` and then two \`STATE_DELTA\` events (JSON Patch). \
The shared state should now be:

\`\`\`json
{ "counter": 2, "items": ["apples", "pears", "plums"], "updatedBy": "scripted-agent" }
\`\`\``,
    },
  ];
}

/** "roll 3 dice" → 3; two dice otherwise. */
function diceCountFrom(text) {
  const match = /\b([1-6])\s+dice\b/i.exec(text);
  return match ? Number(match[1]) : 2;
}

const DICE_WORDS = ['', 'one die', 'two dice', 'three dice', 'four dice', 'five dice', 'six dice'];

/**
 * Calls the dice roller, a client tool (an MCP tool of the page's `<agent-chat-mcp-server>`), when
 * the chat offers it: the run ends with the call pending; the widget runs it, shows its app and
 * sends the result in the next run.
 * @returns {Step[]}
 */
function diceScript(text, input) {
  const offered = (input.tools ?? []).some((tool) => tool?.name === DICE_TOOL);
  if (!offered) {
    return [
      {
        kind: 'text',
        text: `I would roll the dice with the dice roller app, but this chat offers no \`${DICE_TOOL}\` tool. \
The app comes from an MCP server the page connects with \`<agent-chat-mcp-server>\`; the demo page \
at \`npm run demo\` has one in each chat.`,
      },
    ];
  }
  const dice = diceCountFrom(text);
  return [
    { kind: 'text', text: `Let me roll ${DICE_WORDS[dice]} for you with the dice roller app.` },
    { kind: 'client-tool', name: DICE_TOOL, args: { dice, sides: 6 } },
  ];
}

/** The dice roller's result in the trailing tool messages, if the run answers such a call. */
function answeredDiceCall(messages) {
  const list = messages ?? [];
  const calls = new Map();
  for (const message of list) {
    if (message?.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) calls.set(call.id, call.function?.name);
  }
  for (let index = list.length - 1; index >= 0 && list[index]?.role === 'tool'; index--) {
    const message = list[index];
    if (calls.get(message.toolCallId) === DICE_TOOL) return message;
  }
  return undefined;
}

function contentText(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part) => part?.type === 'text')
    .map((part) => part.text)
    .join(' ');
}

/** A roll (`{dice, sides, rolls, total}`) in a JSON text, or undefined. */
function rollIn(text) {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value?.rolls) && typeof value.total === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

function rollSentence({ rolls, total }) {
  if (rolls.length === 1) return `You rolled **${total}**.`;
  const listed = `${rolls.slice(0, -1).map((value) => `**${value}**`).join(', ')} and **${rolls.at(-1)}**`;
  return `You rolled ${listed}: **${total}** in total.`;
}

/** The reply once the widget has run the dice roller and sent its result. @returns {Step[]} */
function diceResultScript(message) {
  const text = contentText(message.content);
  const roll = message.error ? undefined : rollIn(text);
  if (!roll) {
    return [{ kind: 'text', text: `The dice roller could not roll: ${message.error || text || 'it gave no result'}.` }];
  }
  return [
    {
      kind: 'text',
      text: `${rollSentence(roll)}

The card above is an **MCP App** from the dice server. Press **Roll again** there (the app calls \
\`reroll_dice\`, a tool only apps may use) or **Tell the chat** to send me what it shows.`,
    },
  ];
}

/** What the dice roller last told the model (`ui/update-model-context`), from the run's context. */
function diceContext(context) {
  for (const entry of [...(context ?? [])].reverse()) {
    const roll = typeof entry?.value === 'string' ? rollIn(entry.value) : undefined;
    if (roll) return roll;
  }
  return undefined;
}

/** "I rolled …", as the dice roller's Tell the chat button says it (`ui/message`). @returns {Step[]} */
function rolledScript(text, input) {
  const state = diceContext(input.context);
  const seen = state
    ? `The app's state came with your message (\`ui/update-model-context\`): roll #${state.roll ?? '?'} of \
${state.dice}d${state.sides}, showing ${state.rolls.join(' + ')} = **${state.total}**.`
    : 'No app state came with your message, so I only have your word for it.';
  return [{ kind: 'text', text: `Thanks for telling me! ${seen} Ask for **dice** again for a fresh card.` }];
}

/** Rows of the event reference table in the long reply: [event, what it carries]. */
const EVENT_REFERENCE = [
  ['RUN_STARTED', 'threadId, runId: the run has begun'],
  ['RUN_FINISHED', 'threadId, runId, optional outcome (success, interrupt, cancelled)'],
  ['RUN_ERROR', 'message and an optional code; the run is over'],
  ['STEP_STARTED / STEP_FINISHED', 'stepName, for progress of a multi-step agent'],
  ['TEXT_MESSAGE_START', 'messageId and role of a new streamed message'],
  ['TEXT_MESSAGE_CONTENT', 'messageId and a non-empty delta of text'],
  ['TEXT_MESSAGE_END', 'messageId: the message is complete'],
  ['TOOL_CALL_START', 'toolCallId, toolCallName and the parent message'],
  ['TOOL_CALL_ARGS', 'toolCallId and a delta of the JSON arguments'],
  ['TOOL_CALL_END', 'toolCallId: the arguments are complete'],
  ['TOOL_CALL_RESULT', 'toolCallId, messageId and the content the tool returned'],
  ['REASONING_START / REASONING_END', 'a span of reasoning'],
  ['REASONING_MESSAGE_*', 'a streamed reasoning message inside that span'],
  ['STATE_SNAPSHOT', 'the complete shared state'],
  ['STATE_DELTA', 'a JSON Patch against the shared state'],
  ['MESSAGES_SNAPSHOT', 'the full message history, replacing what the client has'],
  ['ACTIVITY_SNAPSHOT / ACTIVITY_DELTA', 'structured activity cards, such as plans or apps'],
  ['CUSTOM', 'a named value for application-specific needs'],
  ['RAW', 'a provider event passed through untouched'],
  ['TEXT_MESSAGE_CHUNK / TOOL_CALL_CHUNK', 'start, content and end in one event, for simple producers'],
  ['SUBAGENT_STARTED / SUBAGENT_FINISHED', 'a subagent invocation; its events carry its subagentRunId'],
  ['SUBAGENT_ERROR', 'a subagent failed; the parent run may still go on'],
];

const LONG_SECTIONS = [
  {
    title: 'How a run works',
    body: `A run starts when the client POSTs a \`RunAgentInput\` to the agent endpoint: the thread id, a \
fresh run id, the whole message history, the tools the client offers, some context and the shared \
state. The agent answers with a stream of events and closes the stream when the run is over.

1. The first event is always \`RUN_STARTED\`.
2. Messages, tool calls, reasoning and state changes follow, in any order that makes sense.
3. The last event is \`RUN_FINISHED\`, or \`RUN_ERROR\` when something went wrong.

Nothing in between is mandatory: a run may finish without saying a word.`,
  },
  {
    title: 'Streaming text',
    body: `Text arrives in small pieces so the reader sees the answer grow. A message opens with \
\`TEXT_MESSAGE_START\`, grows through any number of \`TEXT_MESSAGE_CONTENT\` deltas and closes with \
\`TEXT_MESSAGE_END\`. The client appends each delta to the message with the same \`messageId\` and \
renders the Markdown again; a good renderer keeps half-finished tables and code fences readable.

- Deltas are never empty.
- A delta can end in the middle of a word or a Markdown marker: render the whole text, not each piece.
- Several messages may stream in one run; each has its own id.`,
  },
  {
    title: 'Tool calls',
    body: `When the agent wants to use a tool, it streams the call just like text. The arguments are JSON, \
but they arrive as string fragments, so the client concatenates the \`TOOL_CALL_ARGS\` deltas and \
parses the result only after \`TOOL_CALL_END\`.

\`\`\`ts
const args = new Map<string, string>();
function onEvent(event: { type: string; toolCallId?: string; delta?: string }) {
  if (event.type === 'TOOL_CALL_START') args.set(event.toolCallId!, '');
  if (event.type === 'TOOL_CALL_ARGS') args.set(event.toolCallId!, args.get(event.toolCallId!) + event.delta);
  if (event.type === 'TOOL_CALL_END') console.log(JSON.parse(args.get(event.toolCallId!)!));
}
\`\`\`

Server tools answer inside the same run with \`TOOL_CALL_RESULT\`. Client tools are different: the run \
finishes with the call still open, the client runs the tool and sends the result as a \`tool\` message \
in the next run.`,
  },
  {
    title: 'Shared state',
    body: `Agent and client can share a JSON document. \`STATE_SNAPSHOT\` replaces it completely; \
\`STATE_DELTA\` carries a JSON Patch (RFC 6902) to apply on top. Patches are small, which matters when \
the state is large and changes often.

\`\`\`json
[
  { "op": "replace", "path": "/counter", "value": 2 },
  { "op": "add", "path": "/items/-", "value": "plums" }
]
\`\`\`

The client sends its current state back with every run, so the agent always starts from what the \
person sees.`,
  },
  {
    title: 'Reasoning',
    body: `Models that think before they answer can stream that thinking as reasoning messages, inside a \
span opened by \`REASONING_START\` and closed by \`REASONING_END\`. Interfaces usually show it \
collapsed, with a short label such as "Thought for a few seconds", because it is long and mostly \
interesting when something went wrong.`,
  },
  {
    title: 'Writing a backend',
    body: `Any HTTP server that can stream a response can be an AG-UI agent. The one behind this page is \
plain Node.js: it parses the request body, picks a script or calls a model, and writes one SSE line \
per event.

\`\`\`ts
import { createServer } from 'node:http';
import { EventEncoder } from '@ag-ui/encoder';

createServer(async (request, response) => {
  const input = JSON.parse(await readBody(request));
  const encoder = new EventEncoder();
  response.writeHead(200, { 'Content-Type': encoder.getContentType() });
  for await (const event of runAgent(input)) response.write(encoder.encodeSSE(event));
  response.end();
}).listen(8787, '127.0.0.1');
\`\`\`

Three details make the difference between a demo and a backend you can rely on:

- **Validate the input.** Answer a broken body with HTTP 400 and a JSON error, before the stream starts.
- **Watch the connection.** When the client goes away, stop the run and write nothing more.
- **Report failures as events.** Once the stream has begun, the status code is already sent; \
\`RUN_ERROR\` is the only way left to tell the client what happened.`,
  },
  {
    title: 'Client tools',
    body: `The client can offer tools of its own in \`RunAgentInput.tools\`, each with a name, a \
description and a JSON Schema for its parameters. The model sees them next to the server's tools and \
cannot tell the difference. When it calls one, the backend streams the call and finishes the run with \
\`outcome: { type: 'success', pendingToolCallIds: [...] }\`.

| Who runs the tool | Where the result goes | When the model sees it |
| --- | --- | --- |
| The server | \`TOOL_CALL_RESULT\` in the same run | Right away, in the same run |
| The client | A \`tool\` message in the next run's input | When the next run starts |
| Nobody (cancelled) | A \`tool\` message saying so | When the next run starts |

This is how a chat widget can let a model open a form, read the page or ask the person a question.`,
  },
  {
    title: 'Testing an agent',
    body: `Scripted agents like this one are handy in tests: they are fast, free and always say the same \
thing. Set the delay between deltas to zero, POST a \`RunAgentInput\`, collect the events and check \
the things that matter:

1. The first event is \`RUN_STARTED\` and the last is \`RUN_FINISHED\` or \`RUN_ERROR\`.
2. Every \`*_START\` has a matching \`*_END\` with the same id.
3. Tool arguments put together are valid JSON.
4. The text put together is the Markdown you expected.

For the parts that talk to a real model, start a small fake server that speaks the provider's \
streaming format and point the backend at it. Nothing leaves the machine and the test runs in \
milliseconds.`,
  },
  {
    title: 'Errors and stopping',
    body: `Two things can end a run early. The agent may fail: it sends \`RUN_ERROR\` with a message meant \
for people and closes the stream. Or the person presses **Stop**: the client aborts the request, the \
server notices the closed connection and stops working on the run.

> A backend should never keep calling a paid model for a reader who has already left.

Whatever was streamed before the error stays on screen, so the person can still read the partial answer.`,
  },
];

/** @returns {Step[]} */
function longScript() {
  const sections = LONG_SECTIONS.map(({ title, body }) => `### ${title}\n\n${body}`).join('\n\n');
  const reference = EVENT_REFERENCE.map(([event, carries]) => `| \`${event}\` | ${carries} |`).join('\n');
  return [
    {
      kind: 'text',
      text: `## A tour of the AG-UI event stream

This is a deliberately long reply, so you can check how the chat scrolls while text streams in. \
It walks through the events an AG-UI 1.0 agent sends, from the start of a run to its end.

${sections}

### Event reference

| Event | What it carries |
| --- | --- |
${reference}

### That's all

You reached the end of the long reply. Scroll up while the next one streams to check that the \
view stays where you put it.`,
    },
  ];
}

/** The text of the last user message, or '' when there is none. */
export function lastUserText(messages) {
  const last = [...(messages ?? [])].reverse().find((message) => message?.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  if (!Array.isArray(last.content)) return '';
  return last.content
    .filter((part) => part?.type === 'text')
    .map((part) => part.text)
    .join(' ');
}

/** "weather in Lisbon", "weather for New York" → the city (capitalised words); Amsterdam otherwise. */
function cityFrom(text) {
  const match = /\b(?:[Ii]n|[Ff]or)\s+(\p{Lu}[\p{L}'-]*(?:\s\p{Lu}[\p{L}'-]*){0,2})/u.exec(text);
  return match ? match[1] : 'Amsterdam';
}

/**
 * Keyword (matched at a word start, case-insensitive) → script. The first match wins.
 * @type {Array<[RegExp, (text: string, input: RunAgentInput) => Step[]]>}
 */
const SCRIPTS_BY_KEYWORD = [
  [/\berror/i, () => errorScript()],
  [/\bI rolled\b/i, (text, input) => rolledScript(text, input)],
  [/\b(dice|apps?)\b/i, (text, input) => diceScript(text, input)],
  [/\b(weather|tool)/i, (text) => weatherScript(cityFrom(text))],
  [/\bstate/i, () => stateScript()],
  [/\blong/i, () => longScript()],
];

/**
 * Picks the script for a request: the answer to a dice roll the widget just ran, else by keywords
 * in the last user message.
 */
export function pickScript(input) {
  const answered = answeredDiceCall(input.messages);
  if (answered) return diceResultScript(answered);
  const text = lastUserText(input.messages);
  const entry = SCRIPTS_BY_KEYWORD.find(([pattern]) => pattern.test(text));
  return entry ? entry[1](text, input) : introScript(/\b(hello|hi|hey)\b/i.test(text));
}

// ---------------------------------------------------------------------------------------------
// The streamer

/**
 * Splits text into stream-sized pieces: at most a word (long words in parts of 8 characters),
 * with the whitespace around it. Joining the pieces gives the text back unchanged.
 */
export function toDeltas(text) {
  return text.match(/\s*\S{1,8}\s*/g) ?? (text ? [text] : []);
}

/** Waits `ms` unless the run is aborted; resolves either way, never throws. */
async function pause(ms, signal) {
  if (!ms || signal?.aborted) return;
  await sleep(ms, undefined, { signal }).catch(() => {});
}

/**
 * @param {string[]} deltas
 * @param {(delta: string) => AgUiEvent} toEvent
 */
async function* streamDeltas(deltas, toEvent, ctx) {
  for (const delta of deltas) {
    await pause(ctx.delayMs, ctx.signal);
    yield toEvent(delta);
  }
}

async function* streamReasoning({ text }, ctx) {
  const spanId = randomUUID();
  const messageId = randomUUID();
  yield { type: 'REASONING_START', messageId: spanId };
  yield { type: 'REASONING_MESSAGE_START', messageId, role: 'reasoning' };
  yield* streamDeltas(toDeltas(text), (delta) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId, delta }), ctx);
  yield { type: 'REASONING_MESSAGE_END', messageId };
  yield { type: 'REASONING_END', messageId: spanId };
}

async function* streamText({ text }, ctx) {
  const messageId = randomUUID();
  ctx.lastMessageId = messageId;
  yield { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' };
  yield* streamDeltas(toDeltas(text), (delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta }), ctx);
  yield { type: 'TEXT_MESSAGE_END', messageId };
}

async function* streamToolCall({ name, args, result }, ctx) {
  const toolCallId = randomUUID();
  yield { type: 'TOOL_CALL_START', toolCallId, toolCallName: name, parentMessageId: ctx.lastMessageId };
  const argDeltas = JSON.stringify(args).match(/.{1,6}/gs) ?? [];
  yield* streamDeltas(argDeltas, (delta) => ({ type: 'TOOL_CALL_ARGS', toolCallId, delta }), ctx);
  yield { type: 'TOOL_CALL_END', toolCallId };
  await pause(ctx.delayMs * TOOL_PAUSE_STEPS, ctx.signal);
  yield { type: 'TOOL_CALL_RESULT', messageId: randomUUID(), toolCallId, content: JSON.stringify(result), role: 'tool' };
}

/** A call of a client tool: streamed without a result, left pending for the client to answer. */
async function* streamClientToolCall({ name, args }, ctx) {
  const toolCallId = randomUUID();
  yield { type: 'TOOL_CALL_START', toolCallId, toolCallName: name, parentMessageId: ctx.lastMessageId };
  const argDeltas = JSON.stringify(args).match(/.{1,6}/gs) ?? [];
  yield* streamDeltas(argDeltas, (delta) => ({ type: 'TOOL_CALL_ARGS', toolCallId, delta }), ctx);
  yield { type: 'TOOL_CALL_END', toolCallId };
  ctx.pending.push(toolCallId);
}

async function* streamStateSnapshot({ snapshot }, ctx) {
  await pause(ctx.delayMs * 5, ctx.signal);
  yield { type: 'STATE_SNAPSHOT', snapshot };
}

async function* streamStatePatch({ ops }, ctx) {
  await pause(ctx.delayMs * TOOL_PAUSE_STEPS, ctx.signal);
  yield { type: 'STATE_DELTA', delta: ops };
}

async function* streamError({ message, code }) {
  yield { type: 'RUN_ERROR', message, code };
}

/** @type {Record<Step['kind'], (step: any, ctx: object) => AsyncGenerator<AgUiEvent>>} */
const STREAMERS = {
  reasoning: streamReasoning,
  text: streamText,
  tool: streamToolCall,
  'client-tool': streamClientToolCall,
  state: streamStateSnapshot,
  patch: streamStatePatch,
  error: streamError,
};

/**
 * Runs the scripted agent: yields AG-UI 1.0 events for the reply picked from the last user
 * message (or for the dice roller's result the run carries). Stops quietly (no more events) once `signal` aborts.
 *
 * @param {RunAgentInput} input
 * @param {{ delayMs?: number, signal?: AbortSignal }} [options]
 * @returns {AsyncGenerator<AgUiEvent>}
 */
export async function* scriptedRun(input, { delayMs = DEFAULT_DELAY_MS, signal } = {}) {
  const { threadId, runId } = input;
  const ctx = { delayMs, signal, lastMessageId: undefined, pending: [] };
  yield { type: 'RUN_STARTED', threadId, runId, protocolVersion: '1.0' };
  for (const step of pickScript(input)) {
    for await (const event of STREAMERS[step.kind](step, ctx)) {
      if (signal?.aborted) return;
      yield event;
      if (event.type === 'RUN_ERROR') return;
    }
  }
  // Client-tool calls stay open: the client answers them with tool messages in the next run.
  const outcome = ctx.pending.length ? { outcome: { type: 'success', pendingToolCallIds: ctx.pending } } : {};
  yield { type: 'RUN_FINISHED', threadId, runId, ...outcome };
}
