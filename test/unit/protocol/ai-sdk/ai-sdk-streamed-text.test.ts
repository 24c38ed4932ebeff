import { expect } from '@open-wc/testing';
import { boundEvent, MAX_DEPTH, nestingDepth, TOO_DEEP } from '../../../../src/conversation/depth.js';
import { reduce } from '../../../../src/conversation/reducer.js';
import { emptyConversation, type AssistantTurn, type ConversationState } from '../../../../src/conversation/types.js';
import { AiSdkChunkMapper } from '../../../../src/protocol/ai-sdk/chunks.js';
import { uiMessagesFromTurns } from '../../../../src/protocol/ai-sdk/request.js';
import type { UIMessage } from '../../../../src/protocol/ai-sdk/ui-message.js';
import type { ChatEvent } from '../../../../src/protocol/contract.js';

/** A reply applied as the chat applies a stream: each chunk's events bounded, then reduced, in order. */
class StreamedReply {
  state: ConversationState;
  readonly mapper: AiSdkChunkMapper;
  /** Every event as the conversation took it (after the depth bound). */
  readonly events: ChatEvent[] = [];

  constructor(start: UIMessage | string = 'm0') {
    let state = reduce(emptyConversation(), { type: 'user-message', id: 'u1', text: 'Find Lisbon.' });
    state = reduce(state, { type: 'reply-start', replyId: 'reply', runId: 'r1' });
    const first = typeof start === 'string' ? { id: start, role: 'assistant' as const, parts: [] } : start;
    this.state = reduce(state, { type: 'wire-snapshot', wire: first, runStart: true });
    this.mapper = new AiSdkChunkMapper('r1', start, 'p');
  }

  apply(chunks: unknown[]): this {
    for (const chunk of chunks) {
      const events = this.mapper.map(chunk);
      if (!Array.isArray(events)) throw new Error(events.message);
      for (const event of events) {
        const bounded = boundEvent(event);
        this.events.push(bounded);
        this.state = reduce(this.state, bounded);
      }
    }
    return this;
  }

  get reply(): AssistantTurn {
    return this.state.turns[1] as AssistantTurn;
  }

  /** The reply's UIMessage as IndexedDB would store it (a structured clone of the turn). */
  get stored(): UIMessage {
    return structuredClone(this.reply).wire as UIMessage;
  }
}

const words = (prefix: string, from: number, to: number) => Array.from({ length: to - from }, (_, i) => `${prefix}${from + i} `);
const deltas = (type: 'text' | 'reasoning', id: string, pieces: string[]) => pieces.map((delta) => ({ type: `${type}-delta`, id, delta }));

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** 200 text deltas with reasoning, a tool call, a source, a data part, a file and metadata arriving among them. */
function interleavedStep(): unknown[] {
  const chunks: unknown[] = [
    { type: 'start', messageId: 'srv-1', messageMetadata: { model: 'm' } },
    { type: 'start-step' },
    { type: 'reasoning-start', id: 'r' },
    { type: 'text-start', id: 't' },
  ];
  const between: Record<number, unknown[]> = {
    10: [{ type: 'reasoning-end', id: 'r', providerMetadata: { anthropic: { signature: 'sig' } } }],
    30: [{ type: 'tool-input-start', toolCallId: 'c1', toolName: 'search' }],
    31: [{ type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"q":' }],
    32: [{ type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '"lis' }],
    33: [{ type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: 'bon"}' }],
    40: [{ type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', input: { q: 'lisbon' } }],
    50: [{ type: 'source-url', sourceId: 's1', url: 'https://example.test/a', title: 'A' }],
    60: [{ type: 'data-progress', id: 'p', data: { done: 1 } }],
    70: [{ type: 'data-progress', id: 'p', data: { done: 2 } }],
    80: [{ type: 'text-delta', id: 't', delta: 'meta ', providerMetadata: { openai: { itemId: 'x' } } }],
    90: [{ type: 'tool-output-available', toolCallId: 'c1', output: { hits: ['Lisbon'] } }],
    100: [{ type: 'file', url: 'data:image/png;base64,AAAA', mediaType: 'image/png' }],
    120: [{ type: 'message-metadata', messageMetadata: { tokens: 5 } }],
  };
  for (let i = 0; i < 200; i++) {
    if (i < 10) chunks.push({ type: 'reasoning-delta', id: 'r', delta: `think${i} ` });
    chunks.push(...(between[i] ?? []), { type: 'text-delta', id: 't', delta: `word${i} ` });
  }
  return [...chunks, { type: 'text-end', id: 't' }, { type: 'finish-step' }];
}

const firstText = [...words('word', 0, 80), 'meta ', ...words('word', 80, 200)].join('');
const toolDone = { type: 'tool-search', toolCallId: 'c1', state: 'output-available', input: { q: 'lisbon' }, output: { hits: ['Lisbon'] } };

describe('AI SDK text streaming: the UIMessage kept, stored and sent', () => {
  it('is exact after many deltas among reasoning, a tool call, sources, data, files, metadata and a second step', () => {
    const reply = new StreamedReply().apply(interleavedStep());
    reply.apply([
      { type: 'start-step' },
      ...deltas('reasoning', 'r2', words('again', 0, 5)),
      { type: 'reasoning-end', id: 'r2' },
      ...deltas('text', 't', words('more', 0, 50)),
      { type: 'text-end', id: 't' },
      { type: 'finish-step' },
      { type: 'finish', messageMetadata: { total: 9 } },
    ]);
    const expected: UIMessage = {
      id: 'srv-1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', id: 'r', text: words('think', 0, 10).join(''), state: 'done', providerMetadata: { anthropic: { signature: 'sig' } } },
        { type: 'text', text: firstText, state: 'done', providerMetadata: { openai: { itemId: 'x' } } },
        toolDone,
        { type: 'source-url', sourceId: 's1', url: 'https://example.test/a', title: 'A' },
        { type: 'data-progress', id: 'p', data: { done: 2 } },
        { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AAAA' },
        { type: 'step-start' },
        { type: 'reasoning', id: 'r2', text: words('again', 0, 5).join(''), state: 'done' },
        { type: 'text', text: words('more', 0, 50).join(''), state: 'done' },
      ],
      metadata: { model: 'm', tokens: 5, total: 9 },
    };
    expect(reply.reply.status).to.equal('done');
    // Byte for byte, as stored and as the next request sends it back.
    expect(JSON.stringify(reply.stored)).to.equal(JSON.stringify(expected));
    expect(JSON.stringify(uiMessagesFromTurns(reply.state.turns)[1])).to.equal(JSON.stringify(expected));
    expect(reply.reply.parts.filter((part) => part.kind === 'text').map((part) => part.kind === 'text' && part.text)).to.deep.equal([firstText, words('more', 0, 50).join('')]);
  });

  it('is exact at every point a save could store it while the text streams', () => {
    const chunks = interleavedStep();
    const reply = new StreamedReply();
    const storedAt = new Map<number, UIMessage>();
    chunks.forEach((chunk, index) => {
      reply.apply([chunk]);
      storedAt.set(index, reply.stored);
    });
    const textUpTo = (count: number) => words('word', 0, count).join('');
    const at = (count: number) => chunks.findIndex((chunk) => (chunk as { delta?: string }).delta === `word${count - 1} `);
    const head = (text: string, reasoning: string, state = 'streaming') => [
      { type: 'step-start' },
      { type: 'reasoning', id: 'r', text: reasoning, state, ...(state === 'done' ? { providerMetadata: { anthropic: { signature: 'sig' } } } : {}) },
      { type: 'text', text, state: 'streaming' },
    ];
    expect(storedAt.get(at(5))).to.deep.equal({ id: 'srv-1', role: 'assistant', parts: head(textUpTo(5), words('think', 0, 5).join('')), metadata: { model: 'm' } });
    expect(storedAt.get(at(33))!.parts).to.deep.equal([
      ...head(textUpTo(33), words('think', 0, 10).join(''), 'done'),
      { type: 'tool-search', toolCallId: 'c1', state: 'input-streaming', input: { q: 'lis' } },
    ]);
    expect(storedAt.get(at(75))!.parts).to.deep.equal([
      ...head(textUpTo(75), words('think', 0, 10).join(''), 'done'),
      { type: 'tool-search', toolCallId: 'c1', state: 'input-available', input: { q: 'lisbon' } },
      { type: 'source-url', sourceId: 's1', url: 'https://example.test/a', title: 'A' },
      { type: 'data-progress', id: 'p', data: { done: 2 } },
    ]);
    const late = storedAt.get(at(150))!;
    expect(late.parts[2]).to.deep.equal({
      type: 'text',
      text: firstText.slice(0, firstText.indexOf('word150 ')),
      state: 'streaming',
      providerMetadata: { openai: { itemId: 'x' } },
    });
    expect(late.parts.slice(3)).to.deep.equal([
      toolDone,
      { type: 'source-url', sourceId: 's1', url: 'https://example.test/a', title: 'A' },
      { type: 'data-progress', id: 'p', data: { done: 2 } },
      { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AAAA' },
    ]);
    expect(late.metadata).to.deep.equal({ model: 'm', tokens: 5 });
    // The turn keeps the builder's message at every point, so a reply stopped here sends this back.
    expect(reply.reply.wire).to.equal(reply.mapper.message);
  });

  it('never changes the message a run continues from, nor its parts, however the text streams', () => {
    const start = deepFreeze<UIMessage>({
      id: 'srv-1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', id: 'r', text: 'Earlier thought.', state: 'streaming' },
        { type: 'text', text: 'Before the pause.', state: 'done' },
        { type: 'tool-delete', toolCallId: 'c9', state: 'approval-responded', input: { path: '/tmp' }, approval: { id: 'a1', approved: true } },
      ],
    });
    const copy = structuredClone(start);
    const reply = new StreamedReply(start).apply([
      { type: 'start', messageId: 'srv-1' },
      { type: 'tool-output-available', toolCallId: 'c9', output: 'deleted' },
      { type: 'start-step' },
      ...deltas('reasoning', 'r', words('new', 0, 20)),
      { type: 'text-start', id: 't' },
      ...deltas('text', 't', words('after', 0, 100)),
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ]);
    expect(start).to.deep.equal(copy);
    expect(reply.reply.runStart?.wire).to.equal(start);
    expect(reply.stored.parts).to.deep.equal([
      ...copy.parts.slice(0, 3),
      { ...copy.parts[3], state: 'output-available', output: 'deleted' },
      { type: 'step-start' },
      { type: 'reasoning', id: 'r', text: words('new', 0, 20).join(''), state: 'streaming' },
      { type: 'text', text: words('after', 0, 100).join(''), state: 'done' },
    ]);
  });

  it('copies nothing for a text delta: the turn holds the message already, a snapshot comes only now and then', () => {
    const reply = new StreamedReply().apply([
      { type: 'start', messageId: 'srv-1' },
      { type: 'text-start', id: 't' },
    ]);
    const turn = reply.reply;
    const message = reply.mapper.message;
    const before = reply.events.length;
    reply.apply(deltas('text', 't', words('w', 0, 64)));
    const events = reply.events.slice(before);
    expect(events.filter((event) => event.type === 'text-delta')).to.have.length(64);
    const snapshots = events.filter((event) => event.type === 'wire-snapshot');
    expect(snapshots.length).to.be.within(1, 8);
    expect(snapshots.every((event) => event.type === 'wire-snapshot' && event.wire === message)).to.equal(true);
    expect(reply.mapper.message).to.equal(message);
    expect(reply.reply.wire).to.equal(message);
    expect(reply.reply).not.to.equal(turn, 'the shown text still changes');
    expect(reply.stored.parts[0]).to.deep.equal({ type: 'text', text: words('w', 0, 64).join(''), state: 'streaming' });
    // A delta that brings provider metadata changes the part, so its snapshot follows at once.
    reply.apply([{ type: 'text-delta', id: 't', delta: '!', providerMetadata: { p: { n: 1 } } }]);
    const last = reply.events[reply.events.length - 1];
    expect(last.type === 'wire-snapshot' && last.wire).to.equal(reply.mapper.message);
    expect(reply.mapper.message).not.to.equal(message);
  });
});

describe('AI SDK text streaming: the depth bound', () => {
  const deepest = (reply: StreamedReply) => Math.max(...reply.events.filter((event) => event.type === 'wire-snapshot').map((event) => nestingDepth(event, 10_000)));

  it('still cuts a part nested too deeply that comes after the text grew in place', () => {
    const reply = new StreamedReply().apply([
      { type: 'start', messageId: 'srv-1' },
      { type: 'text-start', id: 't' },
      ...deltas('text', 't', words('a', 0, 50)),
      { type: 'data-tree', id: 'd', data: nested(4000) },
      ...deltas('text', 't', words('b', 0, 50)),
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'x', input: { q: 1 } },
      { type: 'tool-output-available', toolCallId: 'c1', output: nested(4000) },
      ...deltas('text', 't', words('c', 0, 50)),
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ]);
    expect(deepest(reply)).to.be.at.most(MAX_DEPTH + 8);
    expect(() => structuredClone(reply.state.turns)).not.to.throw();
    expect(nestingDepth(reply.state.turns, 10_000)).to.be.at.most(MAX_DEPTH + 16);
    const stored = reply.stored;
    expect(stored.parts[0]).to.deep.equal({ type: 'text', text: [...words('a', 0, 50), ...words('b', 0, 50), ...words('c', 0, 50)].join(''), state: 'done' });
    expect(JSON.stringify(stored.parts[1])).to.contain(TOO_DEEP);
    expect(JSON.stringify(stored.parts[2])).to.contain(TOO_DEEP);
  });

  it('cuts provider metadata nested too deeply that a text delta brings to its part, and the text goes on growing', () => {
    const reply = new StreamedReply().apply([
      { type: 'start', messageId: 'srv-1' },
      ...deltas('text', 't', words('a', 0, 20)),
      { type: 'text-delta', id: 't', delta: 'deep ', providerMetadata: { p: nested(4000) } },
    ]);
    const streamed = [...words('a', 0, 20), 'deep '];
    // The turn holds a bounded copy of this part now: each delta must reach it.
    for (const delta of words('b', 0, 20)) {
      reply.apply([{ type: 'text-delta', id: 't', delta }]);
      streamed.push(delta);
      expect(reply.stored.parts[0].text).to.equal(streamed.join(''));
    }
    reply.apply([{ type: 'finish' }]);
    expect(deepest(reply)).to.be.at.most(MAX_DEPTH + 8);
    expect(() => structuredClone(reply.state.turns)).not.to.throw();
    const part = reply.stored.parts[0];
    expect(part.text).to.equal(streamed.join(''));
    expect(JSON.stringify(part.providerMetadata)).to.contain(TOO_DEEP);
  });
});
