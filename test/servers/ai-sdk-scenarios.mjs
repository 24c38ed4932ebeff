/**
 * The scenarios of the AI SDK test backend (see ai-sdk-server.mjs): which keyword picks which
 * behaviour, the server tools, and the scripts of the mock models. A script gets the prompt of one
 * step (the LanguageModelV4 prompt `streamText` built) and returns that step's stream parts, so it
 * can answer what the tool results in the prompt say.
 */
import { dynamicTool, isStepCount, jsonSchema, readUIMessageStream, simulateReadableStream, streamText, tool, toUIMessageStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';

/** Each keyword (a word, plural allowed, in the last user message; the first in this order wins) and what it does. */
export const AI_SDK_KEYWORDS = {
  'http error': 'HTTP 500 with JSON {"error":{"message":"The agent is down for maintenance"}}, no stream.',
  'unknown chunk': 'Hand-written SSE: a valid reply with one {"type":"x-future-chunk","foo":1} event in the middle.',
  malformed: 'Hand-written SSE whose second event is `data: {not json` (more text and finish follow).',
  'mcp <tool> [json]':
    'The model calls the client tool <tool> (from body["agent-chat"].tools) with the JSON after its name (else {}); after its output: "Tool said: <JSON>" (for a {type:"content"} output, each part: a text quoted, a file as "a <type> file of <n> bytes"), after output-error: "Tool failed: <errorText>".',
  'bad input': 'The model calls get_weather with {"city":42} (fails the schema) → tool-input-error, then text.',
  'tool fails': 'get_weather throws "Weather service is down" → tool-output-error, then text.',
  'research fails': 'Like research, but the inner subagent stream errors midway → tool-output-error on the research call.',
  research: 'The tool research (title "Research agent") runs a subagent (streamText) that calls search, itself a subagent: preliminary UIMessage outputs, then a closing text.',
  subagent: 'Same as research.',
  'auto approve': 'delete_files with toolApproval "approved": the server approves it itself (an automatic approval request and response), runs it, then text.',
  'auto deny': 'delete_files with toolApproval "denied": the server refuses it itself → tool-output-denied, then text.',
  approve:
    'delete_files {paths} needs approval → tool-approval-request; the continuation streams tool-output-available (approved) or tool-output-denied, then "Deleted …" / "I did not delete …".',
  delete: 'Same as approve.',
  ask: 'The model calls the client tool ask_user with ASK_QUESTIONS (stream ends at input-available); after its output: "Thanks, your answers: <JSON>".',
  plan: 'Same as ask.',
  weather: 'Server tool get_weather {city} (input streamed in deltas) → {city, temperatureC, conditions}, then a second step of text using it.',
  dynamic: 'A dynamicTool lookup_order → dynamic-tool part, then text.',
  sources: 'A url source (with title) and a document source (sendSources: true), then text.',
  file: 'Two model files (a 1×1 PNG and a text/plain file) → file chunks with data: URLs, then text.',
  title: 'createUIMessageStream: data-agent-chat-thread-title {title:"Trip to Lisbon"}, a transient data-progress, data-weather (id w1), then the model text.',
  cart: 'createUIMessageStream: data-agent-chat-state {cart:["tea"]}, a data-shop-confetti {times:3}, data-agent-chat-state {cart:["tea","cups"]}, then the model text "Added tea and cups to your cart."',
  metadata: 'messageMetadata: {createdAt: 1767225600000} on start, {totalTokens: 42} on finish.',
  abort: 'The server aborts its own streamText after 3 text deltas → the stream ends with an abort chunk.',
  error: 'The model stream fails after some text → error {errorText:"The model is overloaded"}.',
  slow: '60 text deltas, at least 30 ms apart (for Stop and resume).',
  long: 'Same as slow.',
  hello: 'Reasoning, then markdown text (heading, list, ```js code, table). Also the default.',
};

/** The questions the ask scenario puts to the person (valid input of the widget's ask_user). */
export const ASK_QUESTIONS = [
  {
    question: 'Which city should the trip go to?',
    header: 'City',
    multiSelect: false,
    options: [
      { label: 'Lisbon', description: 'Hills, trams and the river' },
      { label: 'Porto', description: 'Bridges and port wine' },
    ],
  },
  {
    question: 'What do you want to do there?',
    header: 'Activities',
    multiSelect: true,
    options: [{ label: 'Museums' }, { label: 'Food' }, { label: 'Beaches' }],
  },
];

export const WEATHER = { city: 'Lisbon', temperatureC: 21, conditions: 'sunny' };
export const DELETE_PATHS = ['notes/old.txt', 'notes/draft.txt'];
/** A valid 1×1 transparent PNG. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const CREATED_AT = 1767225600000;

/** The data parts a scenario's stream writes before the model's (`createUIMessageStream`). */
export const DATA_PARTS = {
  title: [
    { type: 'data-agent-chat-thread-title', data: { title: 'Trip to Lisbon' } },
    { type: 'data-progress', data: { step: 1 }, transient: true },
    { type: 'data-weather', id: 'w1', data: { city: 'Lisbon' } },
  ],
  cart: [
    { type: 'data-agent-chat-state', data: { cart: ['tea'] } },
    { type: 'data-shop-confetti', data: { times: 3 }, transient: true },
    { type: 'data-agent-chat-state', data: { cart: ['tea', 'cups'] } },
  ],
};

/** The scenario named by the first keyword found in the text (hello when none). */
export function pickScenario(text) {
  const lower = text.toLowerCase();
  for (const keyword of Object.keys(AI_SDK_KEYWORDS)) {
    if (keyword.startsWith('mcp')) {
      const mcp = /\bmcp\s+([\w.-]+)\s*(.*)$/is.exec(text);
      if (mcp) return { name: 'mcp', toolName: mcp[1], args: parseArgs(mcp[2]) };
    } else if (new RegExp(`\\b${keyword}s?\\b`).test(lower)) {
      return { name: ALIASES[keyword] ?? keyword };
    }
  }
  return { name: 'hello' };
}
const ALIASES = { subagent: 'research', delete: 'approve', plan: 'ask', long: 'slow' };

function parseArgs(text) {
  const json = text.slice(text.indexOf('{'));
  try {
    return text.includes('{') ? JSON.parse(json) : {};
  } catch {
    return {};
  }
}

// ---- stream parts of a LanguageModelV4 ----

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 20, text: 20, reasoning: 0 } };
const finish = (reason) => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });
const pieces = (text, size) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'));

let counter = 0;
const nextId = (prefix) => `${prefix}-${++counter}`;

function say(text, size = 10) {
  const id = nextId('txt');
  return [{ type: 'text-start', id }, ...pieces(text, size).map((delta) => ({ type: 'text-delta', id, delta })), { type: 'text-end', id }];
}

function think(text) {
  const id = nextId('rsn');
  return [{ type: 'reasoning-start', id }, ...pieces(text, 12).map((delta) => ({ type: 'reasoning-delta', id, delta })), { type: 'reasoning-end', id }];
}

/** A tool call whose input streams in deltas first, as real providers send it. */
function call(toolName, input) {
  const id = nextId(`call-${toolName}`);
  const json = JSON.stringify(input);
  return [
    { type: 'tool-input-start', id, toolName },
    ...pieces(json, 16).map((delta) => ({ type: 'tool-input-delta', id, delta })),
    { type: 'tool-input-end', id },
    { type: 'tool-call', toolCallId: id, toolName, input: json },
  ];
}

const MARKDOWN = [
  '## Hello from the AI SDK',
  '',
  'Here is what I can show:',
  '',
  '- **bold** and *italic* text',
  '- a list like this one',
  '',
  '```js',
  "const greeting = 'hello';",
  'console.log(greeting);',
  '```',
  '',
  '| City | Weather |',
  '| --- | --- |',
  '| Lisbon | sunny |',
].join('\n');

/** A part of a tool output's content as the mock model reports it: a text quoted, a file by its type and bytes. */
function contentPartText(part) {
  if (part.type === 'text') return JSON.stringify(part.text);
  if (part.type !== 'file') return `a ${part.type} part`;
  const data = part.data?.data;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'base64').length : (data?.length ?? 0);
  return `a ${part.mediaType} file of ${bytes} bytes`;
}

/** The model's words after a step that ran tools: one sentence per tool result. */
function afterTools(results) {
  return results
    .map(({ toolName, output }) => {
      if (output.type === 'content') return `Tool said: ${output.value.map(contentPartText).join('; ')}`;
      const failed = output.type === 'error-text' || output.type === 'error-json';
      // An error reaches the model as "Error: …" plus, for invalid input, the whole zod report: keep its first line.
      const value = failed ? String(output.value).split('\n')[0] : output.value;
      if (output.type === 'execution-denied') return `I did not delete the files: you denied it${output.reason ? ` (reason: ${output.reason})` : ''}.`;
      if (toolName === 'get_weather') return failed ? `Sorry, I could not get the weather: ${value}` : `It is ${value.temperatureC} °C and ${value.conditions} in ${value.city}.`;
      if (toolName === 'delete_files') return failed ? `Deleting failed: ${value}` : `Deleted ${value.deleted.length} files: ${value.deleted.join(', ')}.`;
      if (toolName === 'ask_user') return `Thanks, your answers: ${JSON.stringify(value)}`;
      if (toolName === 'research') return failed ? `The research failed: ${value}` : `Here is what the research agent found: ${value}`;
      if (toolName === 'lookup_order') return `Order ${value.orderId} is ${value.status}.`;
      return failed ? `Tool failed: ${value}` : `Tool said: ${JSON.stringify(value)}`;
    })
    .join(' ');
}

/** One step of the outer model for a scenario: the first step calls or writes; later steps answer the tool results. */
function outerStep(scenario, prompt, ctx) {
  const last = prompt.at(-1);
  if (last.role === 'tool') {
    const results = last.content.filter((part) => part.type === 'tool-result');
    return [...say(afterTools(results)), finish('stop')];
  }
  switch (scenario.name) {
    case 'weather':
      return [...say('Let me check the weather. '), ...call('get_weather', { city: 'Lisbon' }), finish('tool-calls')];
    case 'bad input':
      return [...call('get_weather', { city: 42 }), finish('tool-calls')];
    case 'tool fails':
      return [...call('get_weather', { city: 'Lisbon' }), finish('tool-calls')];
    case 'dynamic':
      return [...call('lookup_order', { orderId: 'A-1001' }), finish('tool-calls')];
    case 'approve':
    case 'auto approve':
    case 'auto deny':
      return [...say('I will delete the old notes. '), ...call('delete_files', { paths: DELETE_PATHS }), finish('tool-calls')];
    case 'ask':
      return ctx.clientToolNames.includes('ask_user')
        ? [...call('ask_user', { questions: ASK_QUESTIONS }), finish('tool-calls')]
        : [...say('I would ask you, but no ask_user tool was offered.'), finish('stop')];
    case 'mcp':
      return ctx.clientToolNames.includes(scenario.toolName)
        ? [...call(scenario.toolName, scenario.args), finish('tool-calls')]
        : [...say(`I have no tool called ${scenario.toolName}.`), finish('stop')];
    case 'research':
    case 'research fails':
      return [...say('I will ask the research agent. '), ...call('research', { topic: 'Lisbon' }), finish('tool-calls')];
    case 'sources':
      return [
        { type: 'source', sourceType: 'url', id: 'src-1', url: 'https://example.com/lisbon', title: 'Lisbon guide' },
        { type: 'source', sourceType: 'document', id: 'src-2', mediaType: 'application/pdf', title: 'Travel notes', filename: 'notes.pdf' },
        ...say('Lisbon is the capital of Portugal [1].'),
        finish('stop'),
      ];
    case 'file':
      return [
        ...say('Here are two files. '),
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG_BASE64 } },
        { type: 'file', mediaType: 'text/plain', data: { type: 'data', data: new TextEncoder().encode('Hello, file!\n') } },
        ...say('That is all.'),
        finish('stop'),
      ];
    case 'title':
      return [...say('Lisbon is a fine place for a trip.'), finish('stop')];
    case 'metadata':
      return [...say('This reply carries metadata.'), finish('stop')];
    case 'cart':
      return [...say('Added tea and cups to your cart.'), finish('stop')];
    case 'abort':
      return [...say('This reply will be cut off by the server before it ends, so you never read all of it.', 6), finish('stop')];
    case 'error':
      return [...say('I started to answer, but '), { type: 'error', error: new Error('The model is overloaded') }, finish('error')];
    case 'slow':
      return [...say(Array.from({ length: 60 }, (_, i) => `w${i + 1} `).join(''), 4), finish('stop')];
    default:
      return [...think('The person said hello; I will show some markdown.'), ...say(MARKDOWN, 16), finish('stop')];
  }
}

/**
 * A mock model whose every step is `script(prompt)`, streamed with `delayMs` between parts; with
 * `hold`, it waits on `hold.held` after the first text delta matching `hold.pattern`.
 */
export function scriptedModel(script, delayMs, hold) {
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const stream = simulateReadableStream({ chunks: [{ type: 'stream-start', warnings: [] }, ...script(prompt)], chunkDelayInMs: delayMs });
      if (!hold) return { stream };
      let text = '';
      const holding = new TransformStream({
        async transform(part, controller) {
          controller.enqueue(part);
          if (part.type !== 'text-delta' || text === undefined) return;
          text += part.delta;
          if (!hold.pattern.test(text)) return;
          text = undefined;
          await hold.held;
        },
      });
      return { stream: stream.pipeThrough(holding) };
    },
  });
}

/** The model for a request: slow replies are slow whatever the server's delay. */
export function outerModel(scenario, ctx) {
  const delay = scenario.name === 'slow' ? Math.max(30, ctx.delayMs) : scenario.name === 'abort' ? Math.max(10, ctx.delayMs) : ctx.delayMs;
  return scriptedModel((prompt) => outerStep(scenario, prompt, ctx), delay, ctx.hold);
}

/**
 * An `execute` that runs a subagent: a streamText of its own, yielding each snapshot of its UI
 * message (preliminary outputs); the last snapshot is the final output.
 */
function subagent(makeModel, tools) {
  return async function* ({ topic }, { abortSignal }) {
    // onError: the failure reaches the UI as this tool call's error; no need to log it too.
    const inner = streamText({ model: makeModel(), prompt: `Research ${topic}`, tools, stopWhen: isStepCount(3), abortSignal, onError: () => {} });
    const stream = toUIMessageStream({ stream: inner.stream, tools, generateMessageId: () => nextId('sub'), onError: (e) => e.message });
    // terminateOnError: an error chunk of the subagent fails this tool call.
    yield* readUIMessageStream({ stream, terminateOnError: true });
  };
}

/** Every tool of the server (for streamText and for validating history), built per request. */
export function serverTools(ctx, scenario) {
  const search = tool({
    description: 'Search the web (a subagent).',
    inputSchema: z.object({ topic: z.string() }),
    execute: subagent(() => scriptedModel(() => [...say('Found 3 pages about trams and pastries.'), finish('stop')], ctx.delayMs)),
  });
  const researchScript = (prompt) =>
    prompt.at(-1).role === 'tool'
      ? [...say('Lisbon: trams and pastries.'), finish('stop')]
      : scenario.name === 'research fails'
        ? [...say('Searching the index'), { type: 'error', error: new Error('The research index is unavailable') }, finish('error')]
        : [...say('I will search first. '), ...call('search', { topic: 'Lisbon' }), finish('tool-calls')];
  return {
    get_weather: tool({
      description: 'The current weather in a city.',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => {
        if (scenario.name === 'tool fails') throw new Error('Weather service is down');
        return { ...WEATHER, city };
      },
    }),
    delete_files: tool({
      description: 'Delete files (asks the person first).',
      inputSchema: z.object({ paths: z.array(z.string()) }),
      execute: async ({ paths }) => ({ deleted: paths }),
    }),
    lookup_order: dynamicTool({
      description: 'Look up an order (a tool known only at run time).',
      inputSchema: z.object({ orderId: z.string() }),
      execute: async (input) => ({ orderId: input.orderId, status: 'shipped' }),
    }),
    research: tool({
      title: 'Research agent',
      description: 'Research a topic with a subagent.',
      inputSchema: z.object({ topic: z.string() }),
      execute: subagent(() => scriptedModel(researchScript, ctx.delayMs), { search }),
      // The outer model reads only the subagent's last text, not its whole UIMessage.
      toModelOutput: ({ output }) => ({ type: 'text', value: output?.parts.findLast((part) => part.type === 'text')?.text ?? 'Done.' }),
    }),
  };
}

/** streamText's `toolApproval`: the person decides, except where the scenario has the server decide. */
export function toolApprovalFor(scenario) {
  const decision = { 'auto approve': 'approved', 'auto deny': 'denied' }[scenario.name] ?? 'user-approval';
  return { delete_files: decision };
}

/**
 * The widget's client tools from body["agent-chat"].tools, declared without execute. An output the
 * widget gives as `{type: 'content', value}` (an MCP result with images) reaches the model as it
 * is; any other output as the SDK makes it by default (text, else JSON).
 */
export function clientTools(body) {
  const declared = body?.['agent-chat']?.tools ?? [];
  const toModelOutput = ({ output }) =>
    output?.type === 'content' ? output : typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: output ?? null };
  return Object.fromEntries(
    declared.map((entry) => [entry.name, tool({ description: entry.description, inputSchema: jsonSchema(entry.parameters ?? { type: 'object' }), toModelOutput })]),
  );
}
