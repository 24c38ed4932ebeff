import { expect } from '@open-wc/testing';
import { historyFromTurns } from '../../../src/conversation/history.js';
import { reduce, type Action } from '../../../src/conversation/reducer.js';
import { emptyConversation, type AssistantTurn, type ToolCallPart } from '../../../src/conversation/types.js';
import { MODEL_MEDIA_BYTES, MODEL_MEDIA_TOTAL_BYTES, aiSdkOutput, answerFor, modelText } from '../../../src/mcp/result-for-model.js';
import type { McpCallResult } from '../../../src/mcp/mcp-types.js';
import { uiMessagesFromTurns } from '../../../src/protocol/ai-sdk/request.js';
import type { UIMessage } from '../../../src/protocol/ai-sdk/ui-message.js';
import { answerClientCalls } from '../../../src/session/client-round-trip.js';
import type { ClientTools } from '../../../src/session/client-tools.js';

/** A 1×1 PNG (68 bytes). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** Base64 of `bytes` zero bytes. */
const zeros = (bytes: number) => 'A'.repeat(Math.ceil(bytes / 3) * 4);

/** What the reference server's get-tiny-image, get-resource-links, get-resource-reference return, in small. */
const rich: McpCallResult = {
  content: [
    { type: 'text', text: "Here's the image you requested:" },
    { type: 'image', data: PNG, mimeType: 'image/png' },
    { type: 'resource_link', uri: 'demo://resource/dynamic/text/2', name: 'Text Resource 2', description: 'Resource 2: plaintext resource', mimeType: 'text/plain' },
    { type: 'resource', resource: { uri: 'demo://resource/dynamic/text/1', mimeType: 'text/plain', text: 'Resource 1: plaintext' } },
    { type: 'resource', resource: { uri: 'demo://resource/session/notes.gz', mimeType: 'application/gzip', blob: 'H4sIAAAAAAAAA8tIzcnJBwCGphA2BQAAAA==' } },
    { type: 'audio', data: 'UklGRiQAAABXQVZF', mimeType: 'audio/wav' },
    { type: 'text', text: 'Only for you', annotations: { audience: ['user'] } },
    { type: 'text', text: 'Debug: cache hit', annotations: { audience: ['assistant'] } },
    { type: 'hologram', data: 'AAAA' },
  ],
};

describe('MCP results for the model: the value every wire carries', () => {
  it('is every item meant for the model as text: texts, links and resources with their URI, media described', () => {
    expect(modelText(rich).split('\n')).to.deep.equal([
      "Here's the image you requested:",
      '[image image/png 68 B]',
      '[resource link: Text Resource 2 <demo://resource/dynamic/text/2> text/plain — Resource 2: plaintext resource]',
      '[resource <demo://resource/dynamic/text/1> text/plain]',
      'Resource 1: plaintext',
      '[resource <demo://resource/session/notes.gz> application/gzip 25 B]',
      '[audio audio/wav 12 B]',
      'Debug: cache hit',
      '[hologram]',
    ]);
  });

  it('describes sizes as people read them, and says when media is not valid base64 or has no type', () => {
    expect(modelText({ content: [{ type: 'image', data: zeros(2150), mimeType: 'image/png' }] })).to.equal('[image image/png 2.1 KB]');
    expect(modelText({ content: [{ type: 'image', data: '!!!', mimeType: 'bad type' }] })).to.equal('[image of unknown type 2 B, not valid base64]');
    expect(modelText({ content: [{ type: 'resource_link', uri: 'https://e.com/r', name: 'r', title: 'The R', size: 4096 }] })).to.equal(
      '[resource link: The R (r) <https://e.com/r> 4.0 KB]',
    );
  });

  it('gives structuredContent when the result has it, the page’s valueFn output when it gave one', () => {
    const structured = { ...rich, structuredContent: { sum: 3 } };
    expect(answerFor(structured)).to.deep.equal({ content: { sum: 3 }, isError: false, mcp: { result: structured } });
    expect(answerFor(rich, { value: 'mine' })).to.deep.equal({ content: 'mine', isError: false, mcp: { result: rich, valueFn: true } });
    expect(answerFor({ content: [], isError: true }).isError).to.equal(true);
    expect(answerFor({ content: [{ type: 'text', text: 'only you', annotations: { audience: ['user'] } }] }).content).to.equal('');
    expect(answerFor({}).content).to.equal('');
  });
});

describe('MCP results for the model: the AI SDK output', () => {
  it('carries the images and audio themselves, in order with the texts', () => {
    const output = aiSdkOutput({ result: rich })!;
    expect(output.type).to.equal('content');
    expect(output.value.map((part) => (part.type === 'file' ? `file ${part.mediaType}` : part.text.split('\n')[0]))).to.deep.equal([
      "Here's the image you requested:",
      'file image/png',
      '[resource link: Text Resource 2 <demo://resource/dynamic/text/2> text/plain — Resource 2: plaintext resource]',
      '[resource <demo://resource/dynamic/text/1> text/plain]',
      '[resource <demo://resource/session/notes.gz> application/gzip 25 B]',
      'file audio/wav',
      'Debug: cache hit',
      '[hologram]',
    ]);
    expect(output.value[1]).to.deep.equal({ type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } });
    expect(JSON.stringify(output)).to.not.contain('Only for you');
  });

  it('sends nothing of its own when there is no media to send, structured content, an error or a valueFn value', () => {
    expect(aiSdkOutput({ result: { content: [{ type: 'text', text: 'hi' }] } })).to.equal(undefined);
    expect(aiSdkOutput({ result: { ...rich, structuredContent: { a: 1 } } })).to.equal(undefined);
    expect(aiSdkOutput({ result: { ...rich, isError: true } })).to.equal(undefined);
    expect(aiSdkOutput({ result: rich, valueFn: true })).to.equal(undefined);
    expect(aiSdkOutput({ result: { content: [{ type: 'image', data: PNG, mimeType: 'image/png', annotations: { audience: ['user'] } }] } })).to.equal(undefined);
    expect(aiSdkOutput(undefined)).to.equal(undefined);
    expect(aiSdkOutput('junk' as never)).to.equal(undefined);
    expect(aiSdkOutput({ result: 'junk' } as never)).to.equal(undefined);
  });

  it('describes media a model does not take, that is not valid base64, or past the size budget', () => {
    const big = zeros(MODEL_MEDIA_BYTES + 3);
    const half = zeros(MODEL_MEDIA_TOTAL_BYTES / 2 - 3);
    const output = aiSdkOutput({
      result: {
        content: [
          { type: 'image', data: PNG, mimeType: 'image/svg+xml' },
          { type: 'image', data: 'not base64', mimeType: 'image/png' },
          { type: 'image', data: big, mimeType: 'image/png' },
          { type: 'image', data: half, mimeType: 'image/jpeg' },
          { type: 'image', data: half, mimeType: 'image/webp' },
          { type: 'image', data: half, mimeType: 'image/gif' },
          { type: 'audio', data: PNG, mimeType: 'video/mp4' },
        ],
      },
    })!;
    expect(output.value.map((part) => (part.type === 'file' ? `file ${part.mediaType}` : part.text))).to.deep.equal([
      '[image image/svg+xml 68 B]',
      '[image image/png 6 B, not valid base64]',
      '[image image/png 8.0 MB]',
      'file image/jpeg',
      'file image/webp',
      '[image image/gif 8.0 MB]',
      '[audio video/mp4 68 B]',
    ]);
  });
});

describe('MCP results for the model: on the wires', () => {
  const call = (fields: Partial<ToolCallPart>): ToolCallPart => ({
    kind: 'tool-call',
    id: 'c1',
    name: 'get-tiny-image',
    argsText: '{}',
    args: {},
    argsComplete: true,
    status: 'running',
    ...fields,
  });

  it('the round trip keeps the MCP result on the call, beside the value the model gets', async () => {
    let state = reduce(emptyConversation(), { type: 'user-message', id: 'u', text: 'image please' });
    const actions: Action[] = [
      { type: 'reply-start', replyId: 'r', runId: 'run-1' },
      { type: 'tool-call-start', toolCallId: 'c1', name: 'get-tiny-image' },
      { type: 'tool-call-end', toolCallId: 'c1' },
      { type: 'run-finished', outcome: { type: 'success', pendingToolCallIds: ['c1'] } },
    ];
    for (const action of actions) state = reduce(state, action);
    const tools: ClientTools = {
      definitions: () => [],
      handles: () => true,
      run: async () => answerFor(rich),
    };
    const reply = state.turns.at(-1) as AssistantTurn;
    const goesOn = await answerClientCalls(reply, tools, 0, {
      signal: new AbortController().signal,
      threadId: 't',
      ended: () => false,
      continueReply: () => (state = reduce(state, { type: 'reply-resume', replyId: 'r', runId: 'run-2' })),
      record: (action) => (state = reduce(state, action)),
    });
    expect(goesOn).to.equal(true);
    const answered = (state.turns.at(-1) as AssistantTurn).parts[0] as ToolCallPart;
    expect(answered.status).to.equal('done');
    expect(answered.result).to.equal(modelText(rich));
    expect(answered.mcp).to.deep.equal({ result: rich });

    // AG-UI: the tool message is the text, images described.
    const tool = historyFromTurns(state.turns).find((message) => message.role === 'tool')!;
    expect(tool.content).to.equal(modelText(rich));
    expect(tool.content).to.contain('[image image/png 68 B]');
  });

  it('the AI SDK request carries the content output for the call, its value otherwise', () => {
    const wire: UIMessage = { id: 'm', role: 'assistant', parts: [{ type: 'tool-get-tiny-image', toolCallId: 'c1', state: 'input-available', input: {} }] };
    const turn = (part: ToolCallPart): AssistantTurn => ({ role: 'assistant', id: 'r', status: 'done', parts: [part], wire });
    const withMedia = uiMessagesFromTurns([turn(call({ status: 'done', result: modelText(rich), mcp: { result: rich } }))]);
    expect(withMedia[0].parts[0]).to.deep.include({ state: 'output-available', output: aiSdkOutput({ result: rich }) });
    const custom = uiMessagesFromTurns([turn(call({ status: 'done', result: 'mine', mcp: { result: rich, valueFn: true } }))]);
    expect(custom[0].parts[0]).to.deep.include({ state: 'output-available', output: 'mine' });
    const textOnly = { content: [{ type: 'text', text: 'hi' }] };
    const plain = uiMessagesFromTurns([turn(call({ status: 'done', result: 'hi', mcp: { result: textOnly } }))]);
    expect(plain[0].parts[0]).to.deep.include({ state: 'output-available', output: 'hi' });
  });
});
