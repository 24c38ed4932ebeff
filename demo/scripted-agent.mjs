// The demo's default agent: no model, no API key. Each reply is a script (plain data: a list of
// steps) that one small streamer turns into AG-UI 1.0 events with short pauses between deltas.

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DICE_TOOL } from './mcp-app-server.mjs';
import { contentText } from './message-text.mjs';
import { HITL_SCRIPTS_BY_KEYWORD, hitlFollowUp, interruptIdFor } from './scripted-hitl.mjs';
import { EXTRA_SCRIPTS, attachmentsReply } from './scripted-extras.mjs';
import { PAGE_SCRIPTS, pageToolFollowUp } from './scripted-page.mjs';
import { EXAMPLE_SCRIPTS, exampleFollowUp } from './example-apps.mjs';
import { attachmentsOfAgUi } from './attachment-reply.mjs';

/** @typedef {{ type: string } & Record<string, any>} AgUiEvent  An AG-UI event as a plain object. */
/** @typedef {import('@ag-ui/core').RunAgentInput} RunAgentInput */

/**
 * One step of a script. A `tool` step without `result` is left unanswered (its subagent fails
 * while it runs); a string result is sent as is, anything else as JSON. An `interrupt` step (top
 * level only) streams a call that waits for the person: the run ends with an interrupt about it,
 * id `approve-<toolCallId>`, which the next run's `resume` answers; that run reports the call's
 * outcome with a `result` step (a result for a call made in an earlier run, not streamed again).
 * @typedef {{ kind: 'reasoning', text: string }
 *   | { kind: 'text', text: string }
 *   | { kind: 'tool', name: string, args: object, result?: object | string }
 *   | { kind: 'client-tool', name: string, args: object }
 *   | { kind: 'interrupt', name: string, args: object, reason: string, message?: string, responseSchema?: object }
 *   | { kind: 'result', toolCallId: string, result: object | string, isError?: boolean }
 *   | { kind: 'state', snapshot: object }
 *   | { kind: 'patch', ops: object[] }
 *   | { kind: 'error', message: string, code: string }
 *   | { kind: 'subagent', agent: Subagent }
 *   | { kind: 'delegate', task: string, agent: Subagent }
 *   | { kind: 'sources', sources: Array<{ url: string, title: string }> }
 *   | { kind: 'suggestions', suggestions: Array<{ label: string, prompt?: string }> }} Step
 */

/**
 * A subagent invocation: its steps run attributed to it (`subagentRunId`). It ends with
 * SUBAGENT_FINISHED carrying `result`, or with SUBAGENT_ERROR when it has an `error`.
 * A `subagent` step starts one directly (inside another subagent: nested); a `delegate` step
 * calls the `delegate` tool and runs the subagent inside that call, whose result is the
 * subagent's `result` (or its error).
 * @typedef {{ name: string, description?: string, steps: Step[], result?: string,
 *   error?: { message: string, code?: string } }} Subagent
 */

/** Delay between deltas (ms) unless the caller picks one. */
export const DEFAULT_DELAY_MS = 12;

/** A tool "runs" for this many deltas' worth of time before its result arrives. */
export const TOOL_PAUSE_STEPS = 25;

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
- **dice** (or **app**): a call of the dice roller's MCP tool, whose app shows in the tool card
- **heatmap** (or **chart**, **cohort**): a call of the official cohort heat map example's tool, a chart in its app
- **3d** (or **threejs**, **cube**): a call of the official three.js example's tool, a WebGL scene in its app
- **research** (or **subagents**): the agent delegates to a team of subagents, one nested in another and one that fails
- **plan** (or **trip**): the agent asks you a few questions in a form (its \`ask_user\` tool) and sums up your answers
- **delete** (or **clean up**): the agent pauses for your approval before deleting files (an interrupt); nothing is really deleted
- **accent** (or **colour**, e.g. "make the accent teal"): the agent calls the page's own \`set_accent\` tool, which asks you first
- **form** (e.g. "read my trip form"): the agent calls the page's \`read_form\` tool and sums up the trip form under the chat`;

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
| dice, heatmap, 3d | \`TOOL_CALL_START\`, \`TOOL_CALL_ARGS\`, \`TOOL_CALL_END\` (an MCP tool) | \`RUN_FINISHED\` with the call pending |
| research | \`SUBAGENT_STARTED\`, \`SUBAGENT_FINISHED\`, \`SUBAGENT_ERROR\` | \`RUN_FINISHED\` |
| plan | \`TOOL_CALL_START\`, \`TOOL_CALL_ARGS\`, \`TOOL_CALL_END\` (\`ask_user\`) | \`RUN_FINISHED\` with the call pending |
| delete | \`TOOL_CALL_START\`, \`TOOL_CALL_ARGS\`, \`TOOL_CALL_END\`, then \`TOOL_CALL_RESULT\` once you decide | \`RUN_FINISHED\` with an interrupt |
| accent, form | \`TOOL_CALL_START\`, \`TOOL_CALL_ARGS\`, \`TOOL_CALL_END\` (a page tool) | \`RUN_FINISHED\` with the call pending |

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
export function weatherScript(city) {
  const weatherArgs = { city, unit: 'celsius' };
  const forecastArgs = { city, days: 3, unit: 'celsius' };
  const now = getWeather(weatherArgs);
  const forecast = getForecast(forecastArgs);
  const rows = forecast.days.map((day) => `| ${day.day} | ${day.conditions} | ${day.high}\u00a0°C | ${day.low}\u00a0°C |`).join('\n');
  return [
    { kind: 'text', text: `Let me look up the weather in ${city} for you.` },
    { kind: 'tool', name: 'get_weather', args: weatherArgs, result: now },
    { kind: 'tool', name: 'get_forecast', args: forecastArgs, result: forecast },
    {
      kind: 'text',
      text: `### Weather in ${city}

Right now it is **${now.temperature}\u00a0°C** and ${now.conditions.toLowerCase()}, \
with ${now.humidity}% humidity and wind at ${now.windKph} km/h.

| Day | Conditions | High | Low |
| --- | --- | --- | --- |
${rows}

_Demo data from the fake \`get_weather\` and \`get_forecast\` tools, not a real forecast._`,
    },
  ];
}

/** @returns {Step[]} */
export function errorScript() {
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
    {
      kind: 'patch',
      ops: [
        { op: 'replace', path: '/counter', value: 1 },
        { op: 'add', path: '/items/-', value: 'pears' },
      ],
    },
    {
      kind: 'patch',
      ops: [
        { op: 'replace', path: '/counter', value: 2 },
        { op: 'add', path: '/items/-', value: 'plums' },
      ],
    },
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
export function diceScript(text, input) {
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
  const listed = `${rolls
    .slice(0, -1)
    .map((value) => `**${value}**`)
    .join(', ')} and **${rolls.at(-1)}**`;
  return `You rolled ${listed}: **${total}** in total.`;
}

/** The reply once the widget has run the dice roller and sent its result. @returns {Step[]} */
export function diceResultScript(message) {
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
export function rolledScript(text, input) {
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
export function longScript() {
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

// ---------------------------------------------------------------------------------------------
// Research: a team of subagents (AG-UI 1.0 SUBAGENT_* events). All figures are made up.

/** Bicycle trips per day in Amsterdam, in thousands (demo data). */
const TRIPS_PER_DAY = [
  [2015, 680],
  [2016, 695],
  [2017, 705],
  [2018, 720],
  [2019, 745],
  [2020, 730],
  [2021, 765],
  [2022, 790],
  [2023, 809],
  [2024, 823],
];

/** [year, centre, outer districts, share of all trips in %]; the total is centre + outer. */
const TRIPS_BY_AREA = [
  [2020, 310, 420, 32],
  [2021, 325, 440, 33],
  [2022, 338, 452, 34],
  [2023, 346, 463, 34],
  [2024, 352, 471, 35],
];

const SEARCH_SHARE = `### Results for "Amsterdam cycling share of trips 2024"

1. **[Cycling facts and figures (demo)](https://example.com/amsterdam/cycling-facts)**
   Bicycles account for about **35 %** of all trips that start and end in the city, up from 32 % in 2020.
2. **[Mobility report 2024 (demo)](https://example.org/reports/mobility-2024.pdf)**
   Around **823,000** bicycle trips on an average weekday; the outer districts grow fastest.
3. **[Why everyone cycles here (demo blog)](https://example.net/blog/why-amsterdam-cycles)**
   Short distances, flat streets and ~**767 km** of cycle paths.`;

const SEARCH_PARKING = `### Results for "Amsterdam Centraal bicycle parking capacity"

| Garage | Places | Opened |
| --- | --- | --- |
| Stationsplein | 7,000 | 2019 |
| IJboulevard | 4,000 | 2023 |
| Paleisstraat | 1,100 | 2021 |

_Source: [Bicycle parking map (demo)](https://example.com/amsterdam/bike-parking)._`;

const SEARCH_BICYCLES = `### Results for "number of bicycles in Amsterdam per resident"

1. **[Bicycle ownership survey (demo)](https://example.org/surveys/bicycles-2023)**
   An estimated **881,000** bicycles for about 920,000 residents: roughly **0.96** per person.
2. **[Households and their bikes (demo)](https://example.net/data/households)**
   Three in four households own two or more bicycles.`;

function tripsTableHtml() {
  const rows = TRIPS_BY_AREA.map(
    ([year, centre, outer, share]) => `    <tr><th scope="row">${year}</th><td>${centre}</td><td>${outer}</td><td>${centre + outer}</td><td>${share} %</td></tr>`,
  ).join('\n');
  const [first, last] = [TRIPS_BY_AREA[0], TRIPS_BY_AREA.at(-1)];
  const growth = Math.round(((last[1] + last[2]) / (first[1] + first[2]) - 1) * 100);
  return `<table>
  <caption>Bicycle trips per weekday in Amsterdam (thousands, demo data)</caption>
  <thead>
    <tr><th rowspan="2" scope="col">Year</th><th colspan="3" scope="colgroup">Trips per day (×1000)</th><th rowspan="2" scope="col">Share of all trips</th></tr>
    <tr><th scope="col">Centre</th><th scope="col">Outer districts</th><th scope="col">Total</th></tr>
  </thead>
  <tbody>
${rows}
  </tbody>
  <tfoot>
    <tr><th scope="row" colspan="3">Change ${first[0]}–${last[0]}</th><td>+${growth} %</td><td>+${last[3] - first[3]} pt</td></tr>
  </tfoot>
</table>`;
}

function tripsChartSvg() {
  const [width, height] = [480, 280];
  const box = { left: 52, right: width - 20, top: 44, bottom: height - 40 };
  const [minY, maxY] = [650, 850];
  const x = (index) => box.left + (index * (box.right - box.left)) / (TRIPS_PER_DAY.length - 1);
  const y = (value) => box.bottom - ((value - minY) * (box.bottom - box.top)) / (maxY - minY);
  const fmt = (number) => Number(number.toFixed(1));
  const points = TRIPS_PER_DAY.map(([, trips], index) => `${fmt(x(index))},${fmt(y(trips))}`).join(' ');
  const grid = [650, 700, 750, 800, 850]
    .map(
      (value) =>
        `  <line x1="${box.left}" y1="${fmt(y(value))}" x2="${box.right}" y2="${fmt(y(value))}" stroke="#94a3b8" stroke-opacity="0.35"/>\n` +
        `  <text x="${box.left - 8}" y="${fmt(y(value) + 4)}" text-anchor="end" font-size="11" fill="#64748b">${value}</text>`,
    )
    .join('\n');
  const years = TRIPS_PER_DAY.map(([year], index) =>
    index % 3 === 0 || index === TRIPS_PER_DAY.length - 1
      ? `  <text x="${fmt(x(index))}" y="${box.bottom + 18}" text-anchor="middle" font-size="11" fill="#64748b">${year}</text>`
      : '',
  )
    .filter(Boolean)
    .join('\n');
  const dots = TRIPS_PER_DAY.map(([, trips], index) => `  <circle cx="${fmt(x(index))}" cy="${fmt(y(trips))}" r="3" fill="#2563eb"/>`).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" font-family="system-ui, sans-serif">
  <title>Bicycle trips per weekday in Amsterdam, ${TRIPS_PER_DAY[0][0]}–${TRIPS_PER_DAY.at(-1)[0]} (thousands, demo data)</title>
  <defs>
    <linearGradient id="demo-trips-fill" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2563eb" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#2563eb" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <text x="${width / 2}" y="24" text-anchor="middle" font-size="14" font-weight="600" fill="#334155">Bicycle trips per weekday (×1000)</text>
${grid}
  <line x1="${box.left}" y1="${box.top}" x2="${box.left}" y2="${box.bottom}" stroke="#475569"/>
  <line x1="${box.left}" y1="${box.bottom}" x2="${box.right}" y2="${box.bottom}" stroke="#475569"/>
${years}
  <polygon points="${fmt(x(0))},${box.bottom} ${points} ${fmt(x(TRIPS_PER_DAY.length - 1))},${box.bottom}" fill="url(#demo-trips-fill)"/>
  <polyline points="${points}" fill="none" stroke="#2563eb" stroke-width="2.5" stroke-linejoin="round"/>
${dots}
</svg>`;
}

const SHARE_CLAIM = 'Bicycles account for about 35 % of all trips in Amsterdam.';

/**
 * The lead agent hands the work to subagents through its `delegate` tool: a researcher (who
 * starts a nested fact-checker), a second researcher, an analyst whose tools return HTML (a table
 * and an SVG chart) and a translator that fails.
 * @returns {Step[]}
 */
export function researchScript() {
  const researcher = {
    name: 'researcher',
    description: 'Searches the web and takes notes',
    steps: [
      { kind: 'tool', name: 'web_search', args: { query: 'Amsterdam cycling share of trips 2024' }, result: SEARCH_SHARE },
      { kind: 'tool', name: 'web_search', args: { query: 'Amsterdam Centraal bicycle parking capacity' }, result: SEARCH_PARKING },
      {
        kind: 'text',
        text: `**Notes**

- Bicycles: about **35 %** of all trips in the city (32 % in 2020).
- ~823,000 bicycle trips per weekday.
- 12,100 parking places around Centraal station, in three garages.

The 35 % figure carries the summary, so I am asking the fact-checker to confirm it.`,
      },
      {
        kind: 'subagent',
        agent: {
          name: 'fact-checker',
          description: 'Checks a claim against its sources',
          steps: [
            {
              kind: 'tool',
              name: 'check_claim',
              args: { claim: SHARE_CLAIM, sources: ['https://example.com/amsterdam/cycling-facts', 'https://example.org/reports/mobility-2024.pdf'] },
              result: { claim: SHARE_CLAIM, verdict: 'supported', confidence: 0.86, note: 'Both sources agree (35 % in 2024); one counts weekdays only.' },
            },
          ],
          result: 'Supported by two sources (confidence 0.86).',
        },
      },
    ],
    result: `- Bicycles make up about **35 %** of trips (fact-checked: supported by two sources).
- ~823,000 bicycle trips per weekday.
- 12,100 bicycle parking places around Centraal station.`,
  };
  const secondResearcher = {
    name: 'researcher',
    description: 'Searches the web and takes notes',
    steps: [{ kind: 'tool', name: 'web_search', args: { query: 'number of bicycles in Amsterdam per resident' }, result: SEARCH_BICYCLES }],
    result: 'About 881,000 bicycles for 920,000 residents: 0.96 per person.',
  };
  const analyst = {
    name: 'analyst',
    description: 'Turns figures into tables and charts',
    steps: [
      { kind: 'tool', name: 'make_table', args: { title: 'Bicycle trips per weekday', years: [2020, 2024], split: 'area' }, result: tripsTableHtml() },
      { kind: 'tool', name: 'plot_chart', args: { kind: 'line', series: 'bicycle trips per weekday', years: [2015, 2024] }, result: tripsChartSvg() },
      { kind: 'text', text: 'Table and chart are ready: trips grew by about a fifth since 2015, with a dip in 2020.' },
    ],
    result: 'An HTML table of trips by area (2020–2024) and an SVG line chart of trips per weekday (2015–2024).',
  };
  const translator = {
    name: 'translator',
    description: 'Translates text into other languages',
    steps: [{ kind: 'tool', name: 'translate', args: { text: 'Bicycles account for about 35 % of all trips in Amsterdam.', to: 'nl' } }],
    error: { message: 'Translation service unavailable', code: 'SERVICE_UNAVAILABLE' },
  };
  return [
    {
      kind: 'reasoning',
      text:
        'This question has several parts: figures to find, a claim to check, a table and a chart to make ' +
        'and a Dutch summary. I will hand each part to a subagent and put their answers together.',
    },
    { kind: 'text', text: 'Good question! I will split this up and ask my team of subagents for help.' },
    { kind: 'delegate', task: 'Find recent figures on cycling in Amsterdam and check the main claim.', agent: researcher },
    { kind: 'delegate', task: 'Find out how many bicycles there are per resident.', agent: secondResearcher },
    { kind: 'text', text: 'Now the analyst can turn the figures into a table and a chart, and the translator can prepare a Dutch summary.' },
    { kind: 'delegate', task: 'Make a table and a line chart of bicycle trips per weekday.', agent: analyst },
    { kind: 'delegate', task: 'Translate the main finding into Dutch.', agent: translator },
    {
      kind: 'text',
      text: `### What the team found

| Subagent | Finding |
| --- | --- |
| researcher | Bicycles make up about **35 %** of trips in Amsterdam, ~823,000 trips per weekday |
| ↳ fact-checker | The 35 % claim is supported by two sources |
| researcher (2) | About **0.96** bicycles per resident |
| analyst | A table of trips by area and a chart of trips since 2015 (in its tool cards above) |
| translator | Failed: _Translation service unavailable_, so there is no Dutch summary this time |

_All figures are made-up demo data from the scripted agent's fake tools._`,
    },
  ];
}

/** The text of the last user message, or '' when there is none. */
export function lastUserText(messages) {
  const last = [...(messages ?? [])].reverse().find((message) => message?.role === 'user');
  return last ? contentText(last.content) : '';
}

/** "weather in Lisbon", "weather for New York" → the city (capitalised words); Amsterdam otherwise. */
export function cityFrom(text) {
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
  ...EXAMPLE_SCRIPTS.map(([, pattern, script]) => [pattern, script]),
  [/\b(dice|apps?)\b/i, (text, input) => diceScript(text, input)],
  [/\b(research|subagents?|delegat)/i, () => researchScript()],
  ...PAGE_SCRIPTS.map(([, pattern, script]) => [pattern, script]),
  ...HITL_SCRIPTS_BY_KEYWORD,
  [/\b(weather|tool)/i, (text) => weatherScript(cityFrom(text))],
  [/\bstate/i, () => stateScript()],
  [/\blong/i, () => longScript()],
  ...EXTRA_SCRIPTS.map(([, pattern, script]) => [pattern, () => script()]),
];

/**
 * Picks the script for a request: the reply to what the person answered (a `resume` for an
 * interrupt, the answers to `ask_user`) or to a page tool's result, the answer to a dice roll the
 * widget just ran, else by keywords in the last user message.
 */
export function pickScript(input) {
  const followUp = hitlFollowUp(input) ?? pageToolFollowUp(input) ?? exampleFollowUp(input);
  if (followUp) return followUp;
  const answered = answeredDiceCall(input.messages);
  if (answered) return diceResultScript(answered);
  const last = input.messages?.at(-1);
  const files = last?.role === 'user' ? attachmentsOfAgUi(last.content) : [];
  if (files.length) return attachmentsReply(files, 'AG-UI content parts (`image`, `document`…)');
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

/**
 * `event`, attributed to the subagent the step runs in (`subagentRunId`), if any. SUBAGENT_*
 * events are not passed here: their `subagentRunId` names the invocation itself.
 */
function own(ctx, event) {
  return ctx.subagentRunId ? { ...event, subagentRunId: ctx.subagentRunId } : event;
}

async function* streamReasoning({ text }, ctx) {
  const spanId = randomUUID();
  const messageId = randomUUID();
  yield own(ctx, { type: 'REASONING_START', messageId: spanId });
  yield own(ctx, { type: 'REASONING_MESSAGE_START', messageId, role: 'reasoning' });
  yield* streamDeltas(toDeltas(text), (delta) => own(ctx, { type: 'REASONING_MESSAGE_CONTENT', messageId, delta }), ctx);
  yield own(ctx, { type: 'REASONING_MESSAGE_END', messageId });
  yield own(ctx, { type: 'REASONING_END', messageId: spanId });
}

async function* streamText({ text }, ctx) {
  const messageId = randomUUID();
  ctx.lastMessageId = messageId;
  yield own(ctx, { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' });
  yield* streamDeltas(toDeltas(text), (delta) => own(ctx, { type: 'TEXT_MESSAGE_CONTENT', messageId, delta }), ctx);
  yield own(ctx, { type: 'TEXT_MESSAGE_END', messageId });
}

/** TOOL_CALL_START, the arguments in small deltas, TOOL_CALL_END. */
async function* streamCall(toolCallId, name, args, ctx) {
  const parent = ctx.lastMessageId ? { parentMessageId: ctx.lastMessageId } : {};
  yield own(ctx, { type: 'TOOL_CALL_START', toolCallId, toolCallName: name, ...parent });
  const argDeltas = JSON.stringify(args).match(/.{1,6}/gs) ?? [];
  yield* streamDeltas(argDeltas, (delta) => own(ctx, { type: 'TOOL_CALL_ARGS', toolCallId, delta }), ctx);
  yield own(ctx, { type: 'TOOL_CALL_END', toolCallId });
}

/** A server tool's result: text as is, anything else as JSON. `isError` marks a failed call for `<agent-chat>`. */
function toolResult(toolCallId, result, ctx, isError = false) {
  const content = typeof result === 'string' ? result : JSON.stringify(result);
  const metadata = isError ? { metadata: { 'agent-chat': { isError: true } } } : {};
  return own(ctx, { type: 'TOOL_CALL_RESULT', messageId: randomUUID(), toolCallId, content, role: 'tool', ...metadata });
}

/** A call of a server tool with its result, or without one (left unanswered) when the step has none. */
async function* streamToolCall({ name, args, result }, ctx) {
  const toolCallId = randomUUID();
  yield* streamCall(toolCallId, name, args, ctx);
  if (result === undefined) return;
  await pause(ctx.delayMs * TOOL_PAUSE_STEPS, ctx.signal);
  yield toolResult(toolCallId, result, ctx);
}

/**
 * A call that waits for the person's approval: streamed without a result; the run ends with an
 * interrupt about it (`approve-<toolCallId>`).
 */
async function* streamInterrupt({ name, args, reason, message, responseSchema }, ctx) {
  const toolCallId = randomUUID();
  yield* streamCall(toolCallId, name, args, ctx);
  ctx.interrupts.push({
    id: interruptIdFor(toolCallId),
    reason,
    toolCallId,
    ...(message !== undefined ? { message } : {}),
    ...(responseSchema !== undefined ? { responseSchema } : {}),
  });
}

/** The result of a call made in an earlier run (one an interrupt held), after it "ran". */
async function* streamEarlierResult({ toolCallId, result, isError = false }, ctx) {
  await pause(ctx.delayMs * TOOL_PAUSE_STEPS, ctx.signal);
  yield toolResult(toolCallId, result, ctx, isError);
}

/** A call of a client tool: streamed without a result, left pending for the client to answer. */
async function* streamClientToolCall({ name, args }, ctx) {
  const toolCallId = randomUUID();
  yield* streamCall(toolCallId, name, args, ctx);
  ctx.pending.push(toolCallId);
}

async function* streamStateSnapshot({ snapshot }, ctx) {
  await pause(ctx.delayMs * 5, ctx.signal);
  yield own(ctx, { type: 'STATE_SNAPSHOT', snapshot });
}

async function* streamStatePatch({ ops }, ctx) {
  await pause(ctx.delayMs * TOOL_PAUSE_STEPS, ctx.signal);
  yield own(ctx, { type: 'STATE_DELTA', delta: ops });
}

/** Sources and follow-up suggestions travel as CUSTOM events (`agent-chat.sources`, `agent-chat.suggestions`). */
async function* streamSources({ sources }, ctx) {
  yield own(ctx, { type: 'CUSTOM', name: 'agent-chat.sources', value: { sources } });
}

async function* streamSuggestions({ suggestions }, ctx) {
  yield own(ctx, { type: 'CUSTOM', name: 'agent-chat.suggestions', value: { suggestions } });
}

async function* streamError({ message, code }) {
  yield { type: 'RUN_ERROR', message, code };
}

/**
 * One subagent invocation: SUBAGENT_STARTED (nested in the subagent the step runs in, if any),
 * its steps attributed to it, then SUBAGENT_FINISHED or, when it has an `error`, SUBAGENT_ERROR.
 * @param {Subagent} agent
 * @param {{ parentToolCallId?: string, parentMessageId?: string }} [parents]
 */
async function* runSubagent(agent, ctx, parents = {}) {
  const subagentRunId = randomUUID();
  await pause(ctx.delayMs * 5, ctx.signal);
  yield {
    type: 'SUBAGENT_STARTED',
    subagentRunId,
    name: agent.name,
    ...(agent.description ? { description: agent.description } : {}),
    ...(ctx.subagentRunId ? { parentSubagentRunId: ctx.subagentRunId } : {}),
    ...parents,
  };
  yield* streamSteps(agent.steps, { ...ctx, subagentRunId, lastMessageId: undefined });
  if (agent.error) {
    await pause(ctx.delayMs * TOOL_PAUSE_STEPS, ctx.signal);
    const code = agent.error.code ? { code: agent.error.code } : {};
    yield { type: 'SUBAGENT_ERROR', subagentRunId, message: agent.error.message, ...code };
    return;
  }
  await pause(ctx.delayMs * 5, ctx.signal);
  yield { type: 'SUBAGENT_FINISHED', subagentRunId, ...(agent.result !== undefined ? { result: agent.result } : {}) };
}

async function* streamSubagent({ agent }, ctx) {
  yield* runSubagent(agent, ctx);
}

/**
 * A call of the `delegate` tool that runs a subagent: the call streams, the subagent starts inside
 * it (`parentToolCallId`), and once it ends the call gets its result (or its error, marked failed).
 */
async function* streamDelegation({ task, agent }, ctx) {
  const toolCallId = randomUUID();
  yield* streamCall(toolCallId, 'delegate', { task, agent: agent.name }, ctx);
  const parentMessage = ctx.lastMessageId ? { parentMessageId: ctx.lastMessageId } : {};
  yield* runSubagent(agent, ctx, { parentToolCallId: toolCallId, ...parentMessage });
  await pause(ctx.delayMs * 5, ctx.signal);
  yield agent.error
    ? toolResult(toolCallId, `The ${agent.name} failed: ${agent.error.message}. Nothing came back from it.`, ctx, true)
    : toolResult(toolCallId, agent.result ?? `The ${agent.name} finished.`, ctx);
}

/** @type {Record<Step['kind'], (step: any, ctx: object) => AsyncGenerator<AgUiEvent>>} */
const STREAMERS = {
  reasoning: streamReasoning,
  text: streamText,
  tool: streamToolCall,
  'client-tool': streamClientToolCall,
  interrupt: streamInterrupt,
  result: streamEarlierResult,
  state: streamStateSnapshot,
  patch: streamStatePatch,
  error: streamError,
  subagent: streamSubagent,
  delegate: streamDelegation,
  sources: streamSources,
  suggestions: streamSuggestions,
};

/** The events of some steps, in order. */
async function* streamSteps(steps, ctx) {
  for (const step of steps) yield* STREAMERS[step.kind](step, ctx);
}

/**
 * Runs the scripted agent: yields AG-UI 1.0 events for the reply picked from the last user
 * message (or for what the run carries: the person's answers, a resume, the dice roller's
 * result). Stops quietly (no more events) once `signal` aborts.
 *
 * @param {RunAgentInput} input
 * @param {{ delayMs?: number, signal?: AbortSignal }} [options]
 * @returns {AsyncGenerator<AgUiEvent>}
 */
export async function* scriptedRun(input, { delayMs = DEFAULT_DELAY_MS, signal } = {}) {
  const { threadId, runId } = input;
  const ctx = { delayMs, signal, lastMessageId: undefined, subagentRunId: undefined, pending: [], interrupts: [] };
  yield { type: 'RUN_STARTED', threadId, runId, protocolVersion: '1.0' };
  for await (const event of streamSteps(pickScript(input), ctx)) {
    if (signal?.aborted) return;
    yield event;
    if (event.type === 'RUN_ERROR') return;
  }
  // A run that waits for the person ends with its interrupts, answered by the next run's `resume`.
  // Client-tool calls stay open: the client answers them with tool messages in the next run.
  const outcome = ctx.interrupts.length
    ? { outcome: { type: 'interrupt', interrupts: ctx.interrupts } }
    : ctx.pending.length
      ? { outcome: { type: 'success', pendingToolCallIds: ctx.pending } }
      : {};
  yield { type: 'RUN_FINISHED', threadId, runId, ...outcome };
}
