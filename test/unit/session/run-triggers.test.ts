import { expect } from '@open-wc/testing';
import { ChatSession, type SessionListener } from '../../../src/session/chat-session.js';
import type { ChatEvent } from '../../../src/protocol/contract.js';
import type { ChatReconnectOptions as ReconnectOptions, ChatRunOptions as RunOptions, ChatTransport as Transport } from '../../../src/conversation/types.js';

const listener = (): SessionListener & { ends: string[] } => {
  const ends: string[] = [];
  return { ends, changed() {}, responseStart() {}, responseEnd: (detail) => void ends.push(detail.status), error() {}, toolCall() {} };
};

const settle = async (ends: string[], count: number) => {
  while (ends.length < count) await new Promise((resolve) => setTimeout(resolve, 2));
};

describe('ChatSession: why each run is made, and picking a reply up', () => {
  it('tells the transport the trigger and the turns of every run', async () => {
    const seen: RunOptions[] = [];
    const transport: Transport = {
      async *run(_request, options): AsyncGenerator<ChatEvent> {
        seen.push(options);
        yield { type: 'text-delta', messageId: `m${seen.length}`, delta: 'hi' };
        yield { type: 'run-finished' };
      },
    };
    const events = listener();
    const session = new ChatSession(
      events,
      () => ({ threadId: 't', transport }),
      async () => {},
    );
    session.send('first');
    await settle(events.ends, 1);
    const firstReply = session.state.turns[1];
    session.regenerate(firstReply.id);
    await settle(events.ends, 2);
    session.edit(session.state.turns[0].id, 'first, edited');
    await settle(events.ends, 3);
    expect(seen.map((options) => options.trigger?.kind)).to.deep.equal(['message', 'regenerate', 'edit']);
    expect(seen[1].trigger).to.deep.include({ replaced: firstReply });
    expect(seen[2].trigger).to.deep.equal({ kind: 'edit', messageId: session.state.turns[0].id });
    expect(seen[2].turns!.map((turn) => turn.role)).to.deep.equal(['user']);
  });

  it('a run the backend stops ends as stopped', async () => {
    const transport: Transport = {
      async *run(): AsyncGenerator<ChatEvent> {
        yield { type: 'text-delta', messageId: 'm', delta: 'part' };
        yield { type: 'run-stopped', reason: 'server' };
        yield { type: 'text-delta', messageId: 'm', delta: ' never shown' };
      },
    };
    const events = listener();
    const session = new ChatSession(
      events,
      () => ({ threadId: 't', transport }),
      async () => {},
    );
    session.send('go');
    await settle(events.ends, 1);
    expect(events.ends).to.deep.equal(['cancelled']);
    const reply = session.state.turns[1];
    expect(reply.role === 'assistant' && reply.status).to.equal('cancelled');
    expect(reply.role === 'assistant' && reply.parts[0].kind === 'text' && reply.parts[0].text).to.equal('part');
  });

  it('picks up the last reply from its start, or leaves it stopped when there is nothing to pick up', async () => {
    let offer: ChatEvent[] = [];
    const asked: ReconnectOptions[] = [];
    const transport: Transport = {
      async *run(): AsyncGenerator<ChatEvent> {
        yield { type: 'run-finished' };
      },
      async *reconnect(options): AsyncGenerator<ChatEvent> {
        asked.push(options);
        yield* offer;
      },
    };
    const events = listener();
    const session = new ChatSession(
      events,
      () => ({ threadId: 't', transport }),
      async () => {},
    );
    const stopped = { role: 'assistant' as const, id: 'r1', status: 'cancelled' as const, parts: [{ kind: 'text' as const, id: 'old', text: 'half a repl', streaming: false }] };
    session.update({ type: 'reset', turns: [{ role: 'user', id: 'u', text: 'q' }, stopped] });

    expect(session.resumeStream()).to.equal(true);
    await settle(events.ends, 1);
    expect(asked[0]).to.deep.include({ threadId: 't' });
    expect(session.state.turns[1]).to.deep.include({ status: 'cancelled' });
    expect((session.state.turns[1] as typeof stopped).parts[0].text).to.equal('half a repl');

    offer = [{ type: 'run-started', runId: 'again' }, { type: 'text-delta', messageId: 'new', delta: 'half a reply, whole' }, { type: 'run-finished' }];
    session.resumeStream();
    await settle(events.ends, 2);
    const reply = session.state.turns[1] as typeof stopped;
    expect(reply.status).to.equal('done');
    expect(reply.parts.map((part) => part.text)).to.deep.equal(['half a reply, whole']);
    expect(reply.id).to.equal('r1');
  });

  it('keeps the reply as it was when picking it up fails (no such route, a dropped connection)', async () => {
    const transport: Transport = {
      async *run(): AsyncGenerator<ChatEvent> {},
      async *reconnect(): AsyncGenerator<ChatEvent> {
        yield { type: 'run-error', error: { kind: 'http', status: 404, message: 'The agent answered HTTP 404.' } };
      },
    };
    const events = listener();
    const session = new ChatSession(
      events,
      () => ({ threadId: 't', transport }),
      async () => {},
    );
    const stopped = { role: 'assistant' as const, id: 'r1', status: 'cancelled' as const, parts: [{ kind: 'text' as const, id: 'old', text: 'half a reply', streaming: false }] };
    session.update({ type: 'reset', turns: [{ role: 'user', id: 'u', text: 'q' }, stopped] });
    session.resumeStream();
    await settle(events.ends, 1);
    expect(events.ends).to.deep.equal(['cancelled']);
    expect(session.state.turns[1]).to.deep.include({ status: 'cancelled' });
    expect((session.state.turns[1] as typeof stopped).parts[0].text).to.equal('half a reply');
  });

  it('a picked-up reply that went on after an approval keeps what came before its last run', async () => {
    const transport: Transport = {
      async *run(): AsyncGenerator<ChatEvent> {},
      async *reconnect(): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: 'again' };
        yield { type: 'tool-call-result', toolCallId: 'c', content: 'deleted' };
        yield { type: 'text-delta', messageId: 'after-2', delta: 'Deleted them.' };
        yield { type: 'run-finished' };
      },
    };
    const events = listener();
    const session = new ChatSession(
      events,
      () => ({ threadId: 't', transport }),
      async () => {},
    );
    const before = [
      { kind: 'text' as const, id: 'first', text: 'I will delete them.', streaming: false },
      { kind: 'tool-call' as const, id: 'c', name: 'delete', argsText: '{}', args: {}, argsComplete: true, status: 'running' as const },
    ];
    const interrupted = {
      role: 'assistant' as const,
      id: 'r1',
      status: 'cancelled' as const,
      parts: [...before, { kind: 'text' as const, id: 'after-1', text: 'Delet', streaming: true }],
      runStart: { wire: { id: 'm', role: 'assistant', parts: [] }, parts: 2 },
    };
    session.update({ type: 'reset', turns: [{ role: 'user', id: 'u', text: 'q' }, interrupted] });
    session.resumeStream();
    await settle(events.ends, 1);
    const reply = session.state.turns[1] as typeof interrupted;
    expect(reply.parts.map((part) => part.id)).to.deep.equal(['first', 'c', 'after-2']);
    expect(reply.parts[1]).to.deep.include({ status: 'done', result: 'deleted' });
  });

  it('runs the client tool a picked-up reply ends with, and goes on', async () => {
    const runs: string[] = [];
    const transport: Transport = {
      async *run(): AsyncGenerator<ChatEvent> {
        runs.push('continue');
        yield { type: 'text-delta', messageId: 'after', delta: 'Thanks.' };
        yield { type: 'run-finished' };
      },
      async *reconnect(): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: 'again' };
        yield { type: 'tool-call-start', toolCallId: 'dice', name: 'roll' };
        yield { type: 'tool-call-args', toolCallId: 'dice', delta: '{}' };
        yield { type: 'tool-call-end', toolCallId: 'dice' };
        yield { type: 'run-finished' };
      },
    };
    const clientTools = {
      definitions: () => [{ name: 'roll', description: 'Roll', parameters: {} }],
      handles: (name: string) => name === 'roll',
      run: async () => ({ content: { total: 7 } }),
    };
    const events = listener();
    const session = new ChatSession(
      events,
      () => ({ threadId: 't', transport, clientTools }),
      async () => {},
    );
    session.update({
      type: 'reset',
      turns: [
        { role: 'user', id: 'u', text: 'q' },
        { role: 'assistant', id: 'r1', status: 'cancelled', parts: [] },
      ],
    });
    session.resumeStream();
    await settle(events.ends, 1);
    expect(runs).to.deep.equal(['continue']);
    const reply = session.state.turns[1];
    expect(reply.role === 'assistant' && reply.parts.find((part) => part.id === 'dice')).to.deep.include({ status: 'done', result: { total: 7 } });
  });
});

describe('reducer: a step the backend takes back', () => {
  it('removes its parts, the subagents it started (and their parts) and its sources', async () => {
    const { reduce } = await import('../../../src/conversation/reducer.js');
    let state = reduce({ turns: [], agentState: undefined }, { type: 'reply-start', replyId: 'r', runId: 'run' });
    for (const event of [
      { type: 'text-delta', messageId: 'kept', delta: 'kept' },
      { type: 'source', source: { id: 'bad', url: 'https://a.test' } },
      { type: 'tool-call-start', toolCallId: 'c', name: 'research' },
      { type: 'subagent-started', subagentRunId: 'c:subagent', name: 'research', parentToolCallId: 'c' },
      { type: 'text-delta', messageId: 'c:subagent:0', delta: 'draft', subagentRunId: 'c:subagent' },
      { type: 'parts-discarded', partIds: ['bad', 'c', 'c:subagent'] },
    ] as ChatEvent[]) {
      state = reduce(state, event);
    }
    const reply = state.turns[0];
    expect(reply.role === 'assistant' && reply.parts.map((part) => part.id)).to.deep.equal(['kept']);
    expect(reply.role === 'assistant' && reply.subagents).to.deep.equal([]);
    expect(reply.role === 'assistant' && reply.sources).to.deep.equal([]);
  });
});
