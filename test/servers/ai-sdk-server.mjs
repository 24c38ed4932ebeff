/**
 * A real Vercel AI SDK (`ai` 7) backend for tests: what a `useChat` server route does, on a plain
 * Node server with mock models (`MockLanguageModelV4`), no network and no keys.
 *
 * POST /api/chat takes the body `DefaultChatTransport` sends (`{id, messages, trigger, messageId?}`
 * plus the widget's `"agent-chat": {tools, context, …}`), checks the history with
 * `validateUIMessages` and `convertToModelMessages`, runs `streamText` and pipes its UI message
 * stream back. The last user message picks the scenario (see `AI_SDK_KEYWORDS`); continuations
 * (tool outputs, approval responses) carry that same user message, and the mock model answers
 * what the tool results in its prompt say.
 *
 * GET /api/chat/:id/stream replays the chat's reply that is still being written (from its start,
 * as the `resumable-stream` package does), or answers 204 when there is none.
 */
import { createServer } from 'node:http';
import {
  convertToModelMessages,
  createIdGenerator,
  createUIMessageStream,
  isStepCount,
  pipeUIMessageStreamToResponse,
  streamText,
  toUIMessageStream,
  UI_MESSAGE_STREAM_HEADERS,
  validateUIMessages,
} from 'ai';
import { clientTools, CREATED_AT, DATA_PARTS, outerModel, pickScenario, serverTools, toolApprovalFor } from './ai-sdk-scenarios.mjs';

export { AI_SDK_KEYWORDS, ASK_QUESTIONS, CREATED_AT, DELETE_PATHS, PNG_BASE64, WEATHER } from './ai-sdk-scenarios.mjs';

const generateMessageId = createIdGenerator({ prefix: 'msg', size: 16 });
const errorText = (error) => (error instanceof Error ? error.message : String(error));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The text of the last user message. */
function lastUserText(messages) {
  const user = messages?.findLast?.((message) => message.role === 'user');
  return (user?.parts ?? [])
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/**
 * `holdAfter`: a pattern; the model's stream stops after the first text delta matching it and goes
 * on only when `release()` is called, so a test can act mid-reply without racing the server.
 */
export async function startAiSdkServer({ delayMs = 0, holdAfter } = {}) {
  let release = () => {};
  const held = new Promise((resolve) => (release = resolve));
  const hold = holdAfter ? { pattern: holdAfter, held } : undefined;
  const requests = [];
  /** Every request but preflights, as `METHOD /path`, whatever it asked for. */
  const seen = [];
  const invalid = [];
  /** chat id → the SSE of its latest reply: the text so far, whether it is done, who waits for more. */
  const streams = new Map();
  /** Every running generation, stopped by close(). */
  const running = new Set();

  /** `consumeSseStream` for a chat: keeps the SSE as it is written, for GET …/stream. */
  const keepFor =
    (id) =>
    async ({ stream }) => {
      const entry = { chunks: [], done: false, readers: new Set() };
      streams.set(id, entry);
      try {
        for await (const chunk of stream) {
          entry.chunks.push(chunk);
          for (const reader of entry.readers) reader.write(chunk);
        }
      } catch {
        // the reply failed: resumers get what there was
      } finally {
        entry.done = true;
        for (const reader of entry.readers) reader.end();
      }
    };

  async function chat(req, res) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw);
    const { messages, trigger, messageId } = body;
    const text = lastUserText(messages);
    requests.push({ body, trigger, messageId, lastUserText: text });
    const scenario = pickScenario(text);

    if (scenario.name === 'http error') return sendJson(res, 500, { error: { message: 'The agent is down for maintenance' } });
    if (scenario.name === 'unknown chunk' || scenario.name === 'malformed') return handWritten(res, scenario.name);

    const client = clientTools(body);
    const ctx = { delayMs, hold, clientToolNames: Object.keys(client) };
    // Server tools win a name clash with a client tool.
    const tools = { ...client, ...serverTools(ctx, scenario) };

    let modelMessages;
    try {
      const validated = await validateUIMessages({ messages, tools });
      modelMessages = await convertToModelMessages(validated, { tools });
    } catch (error) {
      invalid.push({ body, error: errorText(error) });
      return sendJson(res, 400, { error: { message: errorText(error) } });
    }

    const abort = new AbortController();
    running.add(abort);
    let textDeltas = 0;
    const result = streamText({
      model: outerModel(scenario, ctx),
      messages: modelMessages,
      tools,
      toolApproval: toolApprovalFor(scenario),
      stopWhen: isStepCount(5),
      abortSignal: abort.signal,
      // The abort scenario: the server stops its own generation after a few deltas.
      onChunk: ({ chunk }) => {
        if (scenario.name === 'abort' && chunk.type === 'text-delta' && ++textDeltas === 3) abort.abort('The server stopped this reply');
      },
      // A prompt the SDK rejects (e.g. a tool call without a result) is the widget's fault too.
      onError: ({ error }) => {
        if (/MissingToolResults|InvalidPrompt|InvalidMessageRole/.test(error?.name ?? '')) invalid.push({ body, error: errorText(error) });
      },
      onEnd: () => running.delete(abort),
      onAbort: () => running.delete(abort),
    });

    const uiOptions = { tools, originalMessages: messages, generateMessageId, onError: errorText };
    if (scenario.name === 'sources') uiOptions.sendSources = true;
    if (scenario.name === 'metadata') {
      uiOptions.messageMetadata = ({ part }) => (part.type === 'start' ? { createdAt: CREATED_AT } : part.type === 'finish' ? { totalTokens: 42 } : undefined);
    }
    const ownData = DATA_PARTS[scenario.name];
    const stream = ownData
      ? createUIMessageStream({
          originalMessages: messages,
          generateId: generateMessageId,
          onError: errorText,
          execute({ writer }) {
            // Our own start chunk first (it gets the message id), so the data parts land in this reply.
            writer.write({ type: 'start' });
            for (const part of ownData) writer.write(part);
            writer.merge(toUIMessageStream({ stream: result.stream, tools, sendStart: false, onError: errorText }));
          },
        })
      : toUIMessageStream({ stream: result.stream, ...uiOptions });
    await pipeUIMessageStreamToResponse({ response: res, stream, consumeSseStream: keepFor(body.id) });
  }

  /** The protocol-edge replies, written by hand with the SDK's headers. */
  async function handWritten(res, name) {
    const id = generateMessageId();
    const events =
      name === 'malformed'
        ? [
            { type: 'start', messageId: id },
            '{not json',
            { type: 'text-start', id: 't1' },
            { type: 'text-delta', id: 't1', delta: 'After the bad line.' },
            { type: 'text-end', id: 't1' },
            { type: 'finish', finishReason: 'stop' },
          ]
        : [
            { type: 'start', messageId: id },
            { type: 'start-step' },
            { type: 'text-start', id: 't1' },
            { type: 'text-delta', id: 't1', delta: 'Before the unknown chunk, ' },
            { type: 'x-future-chunk', foo: 1 },
            { type: 'text-delta', id: 't1', delta: 'and after it.' },
            { type: 'text-end', id: 't1' },
            { type: 'finish-step' },
            { type: 'finish', finishReason: 'stop' },
          ];
    res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
    for (const event of events) {
      if (res.destroyed) return; // the client went away
      res.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);
      await sleep(delayMs);
    }
    res.end('data: [DONE]\n\n');
  }

  /** GET /api/chat/:id/stream: the reply still being written, from its start; else 204. */
  function resume(res, id) {
    requests.push({ method: 'GET', id });
    const entry = streams.get(id);
    if (!entry || entry.done) return res.writeHead(204).end();
    res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
    for (const chunk of entry.chunks) res.write(chunk);
    entry.readers.add(res);
    res.on('close', () => entry.readers.delete(res));
  }

  const server = createServer((req, res) => {
    // Any page origin may call (the widget's test pages are on another loopback port).
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type');
    res.setHeader('vary', 'Origin, Access-Control-Request-Headers');
    const path = new URL(req.url, 'http://localhost').pathname;
    if (req.method !== 'OPTIONS') seen.push(`${req.method} ${path}`);
    const resumeMatch = /^\/api\/chat\/([^/]+)\/stream$/.exec(path);
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (req.method === 'POST' && path === '/api/chat') {
      return chat(req, res).catch((error) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: errorText(error) } });
        else res.end();
      });
    }
    if (req.method === 'GET' && resumeMatch) return resume(res, decodeURIComponent(resumeMatch[1]));
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    endpoint: `${url}/api/chat`,
    requests,
    seen,
    invalid,
    release,
    close: () =>
      new Promise((resolve) => {
        for (const abort of running) abort.abort('The server is closing');
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
