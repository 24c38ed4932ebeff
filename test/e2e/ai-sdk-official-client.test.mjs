/**
 * The AI SDK test backend (test/servers/ai-sdk-server.mjs) against the AI SDK's own client:
 * `AbstractChat` (on a small in-memory state, as `@ai-sdk/react`'s Chat is) with
 * `DefaultChatTransport`. What passes here is what `useChat` sees from a real `ai` 7 server, so
 * the widget's `protocol="ai-sdk"` tests can rely on the server. Node only, no browser.
 * Run: node --test --test-concurrency=1 test/e2e/ai-sdk-official-client.test.mjs
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { AbstractChat, DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, lastAssistantMessageIsCompleteWithToolCalls } from 'ai';
import { ASK_QUESTIONS, CREATED_AT, DELETE_PATHS, PNG_BASE64, WEATHER, startAiSdkServer } from '../servers/ai-sdk-server.mjs';

// ---------------------------------------------------------------------------------------------
// Helpers

/** The state a UI framework keeps for a chat; every change is also kept in `changes` (cloned). */
class MemoryState {
  status = 'ready';
  error = undefined;
  messages = [];
  changes = [];
  constructor(messages = []) {
    this.messages = messages;
  }
  pushMessage(message) {
    this.messages = [...this.messages, message];
    this.changes.push(structuredClone(message));
  }
  popMessage() {
    this.messages = this.messages.slice(0, -1);
  }
  replaceMessage(index, message) {
    this.messages = this.messages.map((old, i) => (i === index ? message : old));
    this.changes.push(structuredClone(message));
  }
  snapshot(value) {
    return structuredClone(value);
  }
}

/** An AbstractChat on a MemoryState that counts finished replies. */
class TestChat extends AbstractChat {
  constructor({ messages, ...init }) {
    const state = new MemoryState(messages);
    const finishes = [];
    super({ ...init, state, onFinish: (event) => finishes.push(event) });
    this.memory = state;
    this.finishes = finishes;
  }
  /** Resolves once `count` replies have finished and the chat is idle. */
  async finished(count, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (this.finishes.length < count || this.status === 'submitted' || this.status === 'streaming') {
      if (Date.now() > deadline) throw new Error(`only ${this.finishes.length} of ${count} replies finished`);
      await sleep(10);
    }
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const assistant = (chat) => chat.messages.findLast((message) => message.role === 'assistant');
const partOf = (message, type) => message.parts.find((part) => part.type === type);
/** The part as JSON would carry it (the client leaves `providerMetadata: undefined` keys about). */
const plain = (value) => JSON.parse(JSON.stringify(value));
const textOf = (message) =>
  message.parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');

/** The widget’s own ask_user definition and checker, bundled from src/ (it is TypeScript). */
async function loadWidgetAskUser() {
  const bundle = await build({
    stdin: {
      contents: "export * from './src/ask/ask-user-definition.ts'; export * from './src/ask/questions.ts';",
      resolveDir: fileURLToPath(new URL('../../', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
}

const ROLL_DICE = {
  name: 'roll_dice',
  description: 'Roll a die (an MCP tool the widget relays).',
  parameters: { type: 'object', properties: { sides: { type: 'number' } }, required: ['sides'] },
};

// ---------------------------------------------------------------------------------------------

describe('the AI SDK test backend with the SDK’s own client (AbstractChat + DefaultChatTransport)', () => {
  let server;
  let widgetAsk;
  const chat = (init = {}) => new TestChat({ ...init, transport: new DefaultChatTransport({ api: server.endpoint }) });
  /** A chat that offers the widget's client tools, as `<agent-chat>` sends them. */
  const chatWithClientTools = (init = {}) =>
    new TestChat({
      transport: new DefaultChatTransport({
        api: server.endpoint,
        body: { 'agent-chat': { tools: [widgetAsk.askUserTool, ROLL_DICE], context: [] } },
      }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
      ...init,
    });

  before(async () => {
    server = await startAiSdkServer();
    widgetAsk = await loadWidgetAskUser();
  });
  after(async () => {
    await server?.close();
  });
  afterEach(() => {
    // Every history the client sent was accepted by validateUIMessages and convertToModelMessages.
    assert.deepEqual(server.invalid, []);
  });

  it('streams reasoning and markdown text into one assistant message with the server’s id', async () => {
    const c = chat();
    await c.sendMessage({ text: 'hello there' });
    assert.equal(c.status, 'ready');
    const reply = assistant(c);
    assert.match(reply.id, /^msg-/);
    assert.deepEqual(
      reply.parts.map((part) => part.type),
      ['step-start', 'reasoning', 'text'],
    );
    assert.match(partOf(reply, 'reasoning').text, /markdown/);
    const text = partOf(reply, 'text');
    assert.equal(text.state, 'done');
    assert.match(text.text, /^## Hello/);
    assert.match(text.text, /```js\n/);
    assert.match(text.text, /\| Lisbon \| sunny \|/);
    assert.equal(c.finishes[0].finishReason, 'stop');
    // Deltas are small: the message changed many times while streaming.
    assert.ok(c.memory.changes.length > 10);
    const request = server.requests.at(-1);
    assert.equal(request.trigger, 'submit-message');
    assert.equal(request.lastUserText, 'hello there');
    assert.equal(request.body.id, c.id);
  });

  it('runs the server tool get_weather and writes a second step that uses its output', async () => {
    const c = chat();
    await c.sendMessage({ text: 'What is the weather in Lisbon?' });
    const reply = assistant(c);
    const weather = partOf(reply, 'tool-get_weather');
    assert.equal(weather.state, 'output-available');
    assert.deepEqual(weather.input, { city: 'Lisbon' });
    assert.deepEqual(weather.output, WEATHER);
    assert.equal(reply.parts.filter((part) => part.type === 'step-start').length, 2);
    assert.match(textOf(reply), /It is 21 °C and sunny in Lisbon\./);
    // The next turn carries the tool part back; the server accepts it.
    await c.sendMessage({ text: 'thanks, hello again' });
    assert.equal(c.status, 'ready');
    assert.equal(server.requests.at(-1).body.messages.length, 3);
  });

  it('ends bad tool input at tool-input-error and a failing tool at tool-output-error', async () => {
    const bad = chat();
    await bad.sendMessage({ text: 'bad input please' });
    const badPart = partOf(assistant(bad), 'tool-get_weather');
    assert.equal(badPart.state, 'output-error');
    assert.deepEqual(badPart.input, { city: 42 });
    assert.match(badPart.errorText, /^Invalid input for tool get_weather/);
    assert.match(textOf(assistant(bad)), /could not get the weather/);

    const fails = chat();
    await fails.sendMessage({ text: 'the tool fails today' });
    const failPart = partOf(assistant(fails), 'tool-get_weather');
    assert.equal(failPart.state, 'output-error');
    assert.equal(failPart.errorText, 'Weather service is down');
    assert.match(textOf(assistant(fails)), /Weather service is down/);

    // Histories holding failed tool parts are still valid input.
    await bad.sendMessage({ text: 'hello' });
    await fails.sendMessage({ text: 'hello' });
    assert.equal(bad.status, 'ready');
    assert.equal(fails.status, 'ready');
  });

  it('streams a dynamic tool as a dynamic-tool part', async () => {
    const c = chat();
    await c.sendMessage({ text: 'a dynamic tool' });
    const part = partOf(assistant(c), 'dynamic-tool');
    assert.equal(part.toolName, 'lookup_order');
    assert.equal(part.state, 'output-available');
    assert.deepEqual(part.output, { orderId: 'A-1001', status: 'shipped' });
    assert.match(textOf(assistant(c)), /Order A-1001 is shipped/);
  });

  it('sends url and document sources', async () => {
    const c = chat();
    await c.sendMessage({ text: 'sources?' });
    const reply = assistant(c);
    assert.deepEqual(plain(partOf(reply, 'source-url')), { type: 'source-url', sourceId: 'src-1', url: 'https://example.com/lisbon', title: 'Lisbon guide' });
    assert.deepEqual(plain(partOf(reply, 'source-document')), {
      type: 'source-document',
      sourceId: 'src-2',
      mediaType: 'application/pdf',
      title: 'Travel notes',
      filename: 'notes.pdf',
    });
    assert.match(textOf(reply), /capital of Portugal/);
  });

  it('sends model files as data: URLs', async () => {
    const c = chat();
    await c.sendMessage({ text: 'send me a file' });
    const files = assistant(c).parts.filter((part) => part.type === 'file');
    assert.deepEqual(
      files.map((file) => file.mediaType),
      ['image/png', 'text/plain'],
    );
    assert.equal(files[0].url, `data:image/png;base64,${PNG_BASE64}`);
    assert.equal(Buffer.from(files[1].url.split(',')[1], 'base64').toString(), 'Hello, file!\n');
    assert.match(textOf(assistant(c)), /That is all\./);
  });

  it('keeps data parts in the message, except transient ones (seen only by onData)', async () => {
    const seen = [];
    const c = chat({ onData: (part) => seen.push(part) });
    await c.sendMessage({ text: 'give this a title' });
    assert.equal(c.messages.filter((message) => message.role === 'assistant').length, 1);
    const reply = assistant(c);
    assert.match(reply.id, /^msg-/);
    assert.deepEqual(partOf(reply, 'data-agent-chat-thread-title').data, { title: 'Trip to Lisbon' });
    assert.deepEqual(plain(partOf(reply, 'data-weather')), { type: 'data-weather', id: 'w1', data: { city: 'Lisbon' } });
    assert.equal(partOf(reply, 'data-progress'), undefined);
    assert.deepEqual(
      seen.map((part) => part.type),
      ['data-agent-chat-thread-title', 'data-progress', 'data-weather'],
    );
    assert.match(textOf(reply), /fine place/);
    // Data parts go back with the history and are accepted.
    await c.sendMessage({ text: 'hello' });
    assert.equal(c.status, 'ready');
  });

  it('merges message metadata from start and finish', async () => {
    const c = chat();
    await c.sendMessage({ text: 'metadata please' });
    assert.deepEqual(assistant(c).metadata, { createdAt: CREATED_AT, totalTokens: 42 });
  });

  it('keeps the partial reply when the server aborts its stream', async () => {
    const c = chat();
    await c.sendMessage({ text: 'abort' });
    assert.equal(c.status, 'ready');
    assert.equal(c.error, undefined);
    const text = partOf(assistant(c), 'text');
    assert.ok(text.text.length > 0);
    assert.ok('This reply will be cut off by the server before it ends'.startsWith(text.text));
    assert.equal(text.state, 'streaming', 'no text-end came');
    assert.equal(c.finishes[0].finishReason, undefined, 'no finish chunk came');
  });

  it('sets chat.error from an error chunk and keeps the text before it', async () => {
    const c = chat();
    await c.sendMessage({ text: 'error' });
    assert.equal(c.status, 'error');
    assert.equal(c.error.message, 'The model is overloaded');
    assert.equal(textOf(assistant(c)), 'I started to answer, but ');
  });

  it('sets chat.error from an HTTP error with the body as the message', async () => {
    const c = chat();
    await c.sendMessage({ text: 'http error' });
    assert.equal(c.status, 'error');
    assert.equal(c.error.statusCode, 500);
    assert.deepEqual(JSON.parse(c.error.message), { error: { message: 'The agent is down for maintenance' } });
    assert.equal(assistant(c), undefined);
  });

  for (const approved of [true, false]) {
    it(`continues the same assistant message after the approval is ${approved ? 'granted' : 'denied'}`, async () => {
      const c = chat({ sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses });
      await c.sendMessage({ text: 'please delete the old notes' });
      const first = assistant(c);
      const asked = partOf(first, 'tool-delete_files');
      assert.equal(asked.state, 'approval-requested');
      assert.deepEqual(asked.input, { paths: DELETE_PATHS });
      assert.equal(c.finishes[0].finishReason, 'tool-calls');

      await c.addToolApprovalResponse({ id: asked.approval.id, approved, reason: approved ? undefined : 'I still need them' });
      await c.finished(2);
      const continuation = server.requests.at(-1);
      assert.equal(continuation.trigger, 'submit-message');
      assert.equal(continuation.messageId, first.id);
      const sentPart = partOf(continuation.body.messages.at(-1), 'tool-delete_files');
      assert.equal(sentPart.state, 'approval-responded');
      assert.equal(sentPart.approval.approved, approved);

      assert.equal(c.messages.length, 2, 'no second assistant message');
      const reply = assistant(c);
      assert.equal(reply.id, first.id);
      const part = partOf(reply, 'tool-delete_files');
      assert.equal(part.toolCallId, asked.toolCallId);
      if (approved) {
        assert.equal(part.state, 'output-available');
        assert.deepEqual(part.output, { deleted: DELETE_PATHS });
        assert.match(textOf(reply), /Deleted 2 files/);
      } else {
        assert.equal(part.state, 'output-denied');
        assert.match(textOf(reply), /did not delete the files: you denied it \(reason: I still need them\)/);
      }
    });
  }

  it('round-trips the widget’s ask_user client tool with addToolOutput', async () => {
    assert.ok(widgetAsk.parseQuestions({ questions: ASK_QUESTIONS }).ok, 'ASK_QUESTIONS is valid ask_user input');
    const c = chatWithClientTools();
    await c.sendMessage({ text: 'ask me about the trip' });
    const first = assistant(c);
    const asked = partOf(first, 'tool-ask_user');
    assert.equal(asked.state, 'input-available');
    assert.deepEqual(asked.input, { questions: ASK_QUESTIONS });
    assert.equal(server.requests.at(-1).body['agent-chat'].tools[0].name, 'ask_user');

    const answers = {
      answers: [
        { question: ASK_QUESTIONS[0].question, selected: ['Porto'] },
        { question: ASK_QUESTIONS[1].question, selected: ['Food', 'Museums'] },
      ],
    };
    await c.addToolOutput({ tool: 'ask_user', toolCallId: asked.toolCallId, output: answers });
    await c.finished(2);
    assert.equal(server.requests.at(-1).messageId, first.id);
    const reply = assistant(c);
    assert.equal(reply.id, first.id);
    assert.equal(partOf(reply, 'tool-ask_user').state, 'output-available');
    assert.ok(textOf(reply).endsWith(`Thanks, your answers: ${JSON.stringify(answers)}`));
  });

  it('round-trips an MCP client tool: its output, and its output-error', async () => {
    const ok = chatWithClientTools();
    await ok.sendMessage({ text: 'mcp roll_dice {"sides":6}' });
    const call = partOf(assistant(ok), 'tool-roll_dice');
    assert.equal(call.state, 'input-available');
    assert.deepEqual(call.input, { sides: 6 });
    await ok.addToolOutput({ tool: 'roll_dice', toolCallId: call.toolCallId, output: { rolled: 4 } });
    await ok.finished(2);
    assert.equal(textOf(assistant(ok)), 'Tool said: {"rolled":4}');

    const failed = chatWithClientTools();
    await failed.sendMessage({ text: 'mcp roll_dice' });
    const failedCall = partOf(assistant(failed), 'tool-roll_dice');
    assert.deepEqual(failedCall.input, {});
    await failed.addToolOutput({ tool: 'roll_dice', toolCallId: failedCall.toolCallId, state: 'output-error', errorText: 'The die fell off the table' });
    await failed.finished(2);
    assert.equal(partOf(assistant(failed), 'tool-roll_dice').state, 'output-error');
    assert.equal(textOf(assistant(failed)), 'Tool failed: The die fell off the table');
  });

  it('streams a subagent as preliminary UIMessage outputs, nested one level deeper for its own subagent', async () => {
    const c = chat();
    await c.sendMessage({ text: 'research Lisbon for me' });
    // While streaming: the research part went through preliminary snapshots, each a UIMessage.
    const snapshots = c.memory.changes.map((message) => partOf(message, 'tool-research')).filter((part) => part?.preliminary);
    assert.ok(snapshots.length > 5);
    assert.ok(snapshots.every((part) => part.state === 'output-available' && part.output.role === 'assistant' && Array.isArray(part.output.parts)));
    assert.ok(
      snapshots.some((part) => partOf(part.output, 'tool-search')?.preliminary),
      'the nested subagent streamed too',
    );

    const research = partOf(assistant(c), 'tool-research');
    assert.equal(research.state, 'output-available');
    assert.equal(research.preliminary, undefined);
    assert.equal(research.title, 'Research agent');
    const output = research.output;
    assert.equal(textOf(output), 'I will search first. Lisbon: trams and pastries.');
    const search = partOf(output, 'tool-search');
    assert.equal(search.state, 'output-available');
    assert.equal(textOf(search.output), 'Found 3 pages about trams and pastries.');
    assert.match(textOf(assistant(c)), /research agent found: Lisbon: trams and pastries\./);

    const fails = chat();
    await fails.sendMessage({ text: 'research fails' });
    const failed = partOf(assistant(fails), 'tool-research');
    assert.equal(failed.state, 'output-error');
    assert.equal(failed.errorText, 'The research index is unavailable');
    // The UIMessage history with subagent outputs is valid input for the next turn.
    await c.sendMessage({ text: 'hello' });
    await fails.sendMessage({ text: 'hello' });
    assert.equal(c.status, 'ready');
    assert.equal(fails.status, 'ready');
  });

  it('resumes a reply that is still streaming (a full replay), and gets 204 when there is none', async () => {
    const first = chat();
    const sending = first.sendMessage({ text: 'a slow reply please' });
    while (!textOf(assistant(first) ?? { parts: [] }).includes('w5 ')) await sleep(10);

    // A second client (a reloaded page) with the same chat id and the history it had stored.
    const reloaded = new TestChat({ id: first.id, messages: [structuredClone(first.messages[0])], transport: new DefaultChatTransport({ api: server.endpoint }) });
    await reloaded.resumeStream();
    await sending;
    assert.deepEqual(server.requests.at(-1), { method: 'GET', id: first.id });
    assert.equal(reloaded.status, 'ready');
    assert.equal(reloaded.messages.length, 2);
    assert.equal(assistant(reloaded).id, assistant(first).id);
    assert.equal(textOf(assistant(reloaded)), textOf(assistant(first)));
    assert.match(textOf(assistant(reloaded)), /^w1 w2 .* w60 $/);

    // Nothing streaming any more: 204, and the chat stays as it was.
    const later = new TestChat({ id: first.id, messages: structuredClone(first.messages), transport: new DefaultChatTransport({ api: server.endpoint }) });
    await later.resumeStream();
    assert.equal(later.status, 'ready');
    assert.equal(later.messages.length, 2);
    assert.equal(later.finishes.length, 0);
    const unknown = chat();
    await unknown.resumeStream();
    assert.equal(unknown.messages.length, 0);
  });

  // The SDK's client validates every chunk against its schema and fails the reply on an unknown
  // type or a bad line. That is why the widget must be more tolerant.
  it('fails on an unknown chunk type and on a malformed event (the SDK client is strict)', async () => {
    const unknown = chat();
    await unknown.sendMessage({ text: 'an unknown chunk' });
    assert.equal(unknown.status, 'error');
    assert.match(unknown.error.message, /Type validation failed/);
    assert.equal(textOf(assistant(unknown)), 'Before the unknown chunk, ');

    const malformed = chat();
    await malformed.sendMessage({ text: 'malformed' });
    assert.equal(malformed.status, 'error');
    assert.match(malformed.error.name, /JSONParse/);
  });
});
