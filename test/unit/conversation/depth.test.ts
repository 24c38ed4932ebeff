import { expect } from '@open-wc/testing';
import { boundEvent, clampDepth, jsonTextTooDeep, MAX_DEPTH, nestingDepth, TOO_DEEP } from '../../../src/conversation/depth.js';
import type { ChatEvent } from '../../../src/protocol/contract.js';
import { parseArgs } from '../../../src/conversation/history.js';
import { ChatSession } from '../../../src/session/chat-session.js';
import { AiSdkChunkMapper } from '../../../src/protocol/ai-sdk/chunks.js';
import type { Transport } from '../../../src/protocol/contract.js';

const nested = (levels: number, inner: unknown = 1): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('depth bound', () => {
  it('measures nesting without recursion, stopping past the limit', () => {
    expect(nestingDepth('text')).to.equal(0);
    expect(nestingDepth({})).to.equal(1);
    expect(nestingDepth({ a: [{ b: 1 }], c: 2 })).to.equal(3);
    expect(nestingDepth(nested(MAX_DEPTH))).to.equal(MAX_DEPTH);
    expect(nestingDepth(nested(100_000))).to.equal(MAX_DEPTH + 1);
    expect(nestingDepth(nested(40), 10)).to.equal(11);
    const shared = nested(30);
    expect(nestingDepth({ x: shared, y: [shared] })).to.equal(32, 'measured once, reused');
    expect(nestingDepth({ x: { y: shared } }, 20)).to.equal(21);
  });

  it('cuts what nests too deeply and keeps the rest as it was', () => {
    const fine = { a: [1, 2], b: { c: 'x' } };
    expect(clampDepth(fine, 5)).to.equal(fine);
    const cut = clampDepth({ keep: fine, deep: nested(50) }, 10) as { keep: unknown; deep: unknown };
    expect(cut.keep).to.equal(fine);
    expect(nestingDepth(cut.deep, 100)).to.equal(9);
    expect(JSON.stringify(cut.deep)).to.contain(TOO_DEEP);
  });

  it('finds JSON text nested too deeply without parsing it; brackets in strings do not count', () => {
    expect(jsonTextTooDeep('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH))).to.equal(false);
    expect(jsonTextTooDeep('['.repeat(MAX_DEPTH + 1) + ']'.repeat(MAX_DEPTH + 1))).to.equal(true);
    expect(jsonTextTooDeep(JSON.stringify({ text: '[[[[[[["\\' }), 3)).to.equal(false);
    expect(parseArgs(`{"q":${'['.repeat(4000)}${']'.repeat(4000)}}`)).to.deep.equal({ args: undefined, argsInvalid: true, argsTooDeep: true });
    expect(parseArgs('{"q":[[1]]}')).to.deep.equal({ args: { q: [[1]] }, argsInvalid: undefined });
  });

  it('bounds events as they enter: a result nested too deeply fails its call, anything else loses only what lies too deep', () => {
    const text: ChatEvent = { type: 'text-delta', messageId: 'm', delta: 'hi' };
    expect(boundEvent(text)).to.equal(text);
    const fine: ChatEvent = { type: 'tool-call-result', toolCallId: 'c', content: nested(MAX_DEPTH) };
    expect(boundEvent(fine)).to.equal(fine);

    const result = boundEvent({ type: 'tool-call-result', toolCallId: 'c', messageId: 'r', content: nested(4000) });
    expect(result).to.include({ type: 'tool-call-result', toolCallId: 'c', messageId: 'r', isError: true, tooDeep: true });
    expect(result.type === 'tool-call-result' && result.content).to.contain(`more than ${MAX_DEPTH} levels`);

    const wire = {
      id: 'w',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'kept' },
        { type: 'tool-x', toolCallId: 'c', input: nested(4000) },
      ],
    };
    const snapshot = boundEvent({ type: 'wire-snapshot', wire });
    const parts = (snapshot as { wire: typeof wire }).wire.parts;
    expect(parts[0]).to.equal(wire.parts[0]);
    expect(nestingDepth(snapshot, 10_000)).to.be.at.most(MAX_DEPTH + 8);
    expect(() => structuredClone(snapshot)).not.to.throw();
  });

  it('an AI SDK reply with a tool input and output nested 4,000 levels: the session bounds them, its state clones', async () => {
    const chunks = [
      { type: 'start', messageId: 'm1' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'lookup', input: { q: nested(4000) } },
      { type: 'tool-output-available', toolCallId: 'c1', output: nested(4000) },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Done.' },
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ];
    const transport: Transport = {
      async *run() {
        const mapper = new AiSdkChunkMapper('r1', 'm1', 'p');
        for (const chunk of chunks) yield* mapper.map(chunk) as ChatEvent[];
      },
    };
    let ended = false;
    const listener = { changed() {}, responseStart() {}, responseEnd: () => void (ended = true), error() {}, toolCall() {} };
    const session = new ChatSession(
      listener,
      () => ({ threadId: 't', transport }),
      async () => {},
    );
    session.send('go');
    while (!ended) await new Promise((resolve) => setTimeout(resolve, 5));
    const reply = session.state.turns[1];
    expect(reply.role).to.equal('assistant');
    const call = reply.role === 'assistant' ? reply.parts.find((part) => part.kind === 'tool-call') : undefined;
    expect(call).to.include({ argsTooDeep: true, resultTooDeep: true, status: 'error' });
    expect(() => structuredClone(session.state.turns)).not.to.throw();
    expect(nestingDepth(session.state.turns, 10_000)).to.be.at.most(MAX_DEPTH + 16);
  });
});
