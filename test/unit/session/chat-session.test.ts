import { expect } from '@open-wc/testing';
import { ChatSession, type SessionListener } from '../../../src/session/chat-session.js';
import type { ChatEvent } from '../../../src/protocol/contract.js';
import type { Transport } from '../../../src/protocol/contract.js';

const quietListener = (): SessionListener & { ends: string[]; order: string[] } => {
  const ends: string[] = [];
  const order: string[] = [];
  return {
    ends,
    order,
    changed() {},
    responseStart: (detail) => {
      order.push(`start ${detail.runId}`);
    },
    responseEnd: (detail) => {
      ends.push(detail.status);
      order.push(`end ${detail.runId}`);
    },
    error() {},
    toolCall() {},
  };
};

function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Stands in for a backend whose events arrive faster than they can be applied.
  }
}

describe('ChatSession', () => {
  it('pauses between slices of a fast stream so the view can draw', async () => {
    const transport: Transport = {
      async *run(): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: 'r' };
        for (let i = 0; i < 60; i++) {
          busyFor(1);
          yield { type: 'text-delta', messageId: 'm', delta: 'x' };
        }
        yield { type: 'run-finished' };
      },
    };
    let pauses = 0;
    const listener = quietListener();
    const session = new ChatSession(
      listener,
      () => ({ threadId: 't', transport }),
      async () => {
        pauses++;
      },
    );
    session.send('go');
    while (listener.ends.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(listener.ends).to.deep.equal(['done']);
    // 60 ms of work in slices of at most ~5 ms.
    expect(pauses).to.be.within(8, 30);
    const reply = session.state.turns[1];
    expect(reply.role === 'assistant' && reply.parts[0].kind === 'text' && reply.parts[0].text.length).to.equal(60);
  });

  it('draws a reply’s first moments in short slices, then in longer ones once the stream is under way', async () => {
    // A clock of the test's own: each event takes exactly 1 ms, however busy the machine is.
    let clock = 1_000;
    const realNow = performance.now;
    performance.now = () => clock;
    const slices: { at: number; events: number }[] = [];
    try {
      const transport: Transport = {
        async *run(): AsyncGenerator<ChatEvent> {
          clock += 300; // the backend's time to its first event counts for nothing
          yield { type: 'run-started', runId: 'r' };
          for (let i = 0; i < 400; i++) {
            clock += 1;
            yield { type: 'text-delta', messageId: 'm', delta: 'x' };
          }
          yield { type: 'run-finished' };
        },
      };
      const listener = quietListener();
      let events = 0;
      listener.changed = () => void events++;
      const session = new ChatSession(
        listener,
        () => ({ threadId: 't', transport }),
        async () => {
          slices.push({ at: clock, events });
          events = 0;
        },
      );
      session.send('go');
      while (listener.ends.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      performance.now = realNow;
    }
    const firstEvent = 1_300;
    const early = slices.filter((slice) => slice.at - firstEvent <= 150).map((slice) => slice.events);
    const late = slices.filter((slice) => slice.at - firstEvent > 160).map((slice) => slice.events);
    // A slice ends once its events have taken more than 5 ms (10 ms later on): 6 events (11 later).
    expect(early.length, 'short slices first').to.be.greaterThan(20);
    expect(early.slice(1).every((count) => count === 6)).to.equal(true);
    expect(late.length).to.be.greaterThan(10);
    expect(late.every((count) => count === 11)).to.equal(true);
  });

  it('takes a broken connection a task later: a page unloading in between keeps its reply as it was shown', async () => {
    // A page that goes away breaks its connections as it unloads, just before its `pagehide`
    // listeners save the conversation; the task after that never comes.
    let breakConnection!: () => void;
    const broken = new Promise<void>((resolve) => (breakConnection = resolve));
    const transport: Transport = {
      async *run(request): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: request.runId };
        yield { type: 'text-delta', messageId: 'm', delta: 'Half a sentence' };
        await broken;
        yield { type: 'run-error', error: { kind: 'network', message: 'The connection to the agent was lost before the reply finished (network error).' } };
      },
    };
    const listener = quietListener();
    const session = new ChatSession(listener, () => ({ threadId: 't', transport }));
    session.send('go');
    const reply = () => session.state.turns[1];
    while (!(reply()?.role === 'assistant' && (reply() as { parts: unknown[] }).parts.length)) await new Promise((resolve) => setTimeout(resolve, 5));
    breakConnection();
    for (let i = 0; i < 20; i++) await Promise.resolve();
    const meanwhile = reply();
    expect(meanwhile.role === 'assistant' && meanwhile.status, 'not in the same task').to.equal('streaming');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ended = reply();
    expect(ended.role === 'assistant' && ended.status).to.equal('error');
    expect(ended.role === 'assistant' && ended.error?.kind).to.equal('network');
    expect(listener.ends).to.deep.equal(['error']);
  });

  it('reports a transport that ends without finishing the run', async () => {
    const transport: Transport = {
      async *run(): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: 'r' };
        yield { type: 'text-delta', messageId: 'm', delta: 'half' };
      },
    };
    const listener = quietListener();
    const session = new ChatSession(listener, () => ({ threadId: 't', transport }));
    session.send('go');
    while (listener.ends.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const reply = session.state.turns[1];
    expect(reply.role === 'assistant' && reply.error?.message).to.contain('stopped sending before the reply finished');
  });

  it('lets a message or a retry follow Stop at once, even if the transport ignores the abort', async () => {
    let runs = 0;
    const stuck: Transport = {
      async *run(): AsyncGenerator<ChatEvent> {
        runs++;
        yield { type: 'run-started', runId: `r${runs}` };
        yield { type: 'text-delta', messageId: `m${runs}`, delta: 'partial' };
        await new Promise(() => {}); // never finishes, never looks at the signal
      },
    };
    const listener = quietListener();
    const session = new ChatSession(listener, () => ({ threadId: 't', transport: stuck }));
    session.send('first');
    await new Promise((resolve) => setTimeout(resolve, 20));
    session.stop();
    expect(session.busy).to.equal(false);
    expect(session.retry()).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    session.stop();
    expect(session.send('second')).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    session.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listener.ends).to.deep.equal(['cancelled', 'cancelled', 'cancelled']);
    // Each run's end is announced before the next run's start.
    const kinds = listener.order.map((entry) => entry.split(' ')[0]);
    expect(kinds).to.deep.equal(['start', 'end', 'start', 'end', 'start', 'end']);
    const roles = session.state.turns.map((turn) => (turn.role === 'assistant' ? `reply:${turn.status}` : turn.role));
    expect(roles).to.deep.equal(['user', 'reply:cancelled', 'user', 'reply:cancelled']);
  });

  it('reports a failure while applying events as a processing error, not a lost connection', async () => {
    const transport: Transport = {
      async *run(): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: 'r' };
        // A snapshot whose tool call lacks its function: the reducer cannot apply it.
        yield { type: 'messages-snapshot', messages: [{ id: 'a', role: 'assistant', toolCalls: [{ id: 'x' } as never] }] };
      },
    };
    const listener = quietListener();
    const session = new ChatSession(listener, () => ({ threadId: 't', transport }));
    session.send('go');
    while (listener.ends.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const reply = session.state.turns.at(-1)!;
    expect(reply.role === 'assistant' && reply.error).to.deep.include({ kind: 'protocol' });
  });
});

describe('ChatSession with client tools', () => {
  /** A backend that asks the client to add two numbers, then answers with what the tool returned. */
  const adder = (requests: { messages: { role: string; content?: unknown }[]; tools: { name: string }[] }[]): Transport => ({
    async *run(request): AsyncGenerator<ChatEvent> {
      requests.push(request as never);
      yield { type: 'run-started', runId: request.runId };
      const toolMessage = request.messages.find((message) => message.role === 'tool');
      if (!toolMessage) {
        yield { type: 'tool-call-start', toolCallId: 'c1', name: 'add' };
        yield { type: 'tool-call-args', toolCallId: 'c1', delta: '{"a":2,"b":3}' };
        yield { type: 'tool-call-end', toolCallId: 'c1' };
        yield { type: 'run-finished', outcome: { type: 'success', pendingToolCallIds: ['c1'] } };
        return;
      }
      yield { type: 'text-delta', messageId: 'm', delta: `The tool said ${JSON.stringify(toolMessage.content)}` };
      yield { type: 'run-finished' };
    },
  });

  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('runs the pending call, then continues the same reply with the result in the history', async () => {
    const requests: Parameters<typeof adder>[0] = [];
    const clientTools = {
      definitions: () => [{ name: 'add', description: 'Adds', parameters: { type: 'object' } }],
      handles: (name: string) => name === 'add',
      run: async (call: { arguments: unknown }) => {
        const { a, b } = call.arguments as { a: number; b: number };
        return { content: String(a + b) };
      },
    };
    const listener = quietListener();
    const session = new ChatSession(listener, () => ({ threadId: 't', transport: adder(requests), clientTools }));
    session.send('add 2 and 3');
    await until(() => listener.ends.length > 0);
    expect(listener.ends).to.deep.equal(['done']);
    expect(listener.order.filter((entry) => entry.startsWith('start'))).to.have.length(1);
    expect(requests).to.have.length(2);
    expect(requests[0].tools.map((tool) => tool.name)).to.deep.equal(['add']);
    expect(requests[1].messages.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool']);
    const turns = session.state.turns;
    expect(turns).to.have.length(2);
    const reply = turns[1];
    expect(reply.role === 'assistant' && reply.parts.map((part) => part.kind)).to.deep.equal(['tool-call', 'text']);
    expect(reply.role === 'assistant' && reply.parts[0]).to.deep.include({ status: 'done', result: '5' });
    expect(reply.role === 'assistant' && reply.parts[1]).to.deep.include({ text: 'The tool said "5"' });
  });

  it('gives the model an error result when the tool fails', async () => {
    const requests: Parameters<typeof adder>[0] = [];
    const clientTools = {
      definitions: () => [],
      handles: () => true,
      run: async () => {
        throw new Error('server unreachable');
      },
    };
    const listener = quietListener();
    const session = new ChatSession(listener, () => ({ threadId: 't', transport: adder(requests), clientTools }));
    session.send('go');
    await until(() => listener.ends.length > 0);
    const reply = session.state.turns[1];
    expect(reply.role === 'assistant' && reply.parts[0]).to.deep.include({ status: 'error', error: 'The tool failed: server unreachable' });
    expect(requests[1].messages.at(-1)).to.deep.include({ role: 'tool', content: 'The tool failed: server unreachable' });
  });

  it('marks calls nothing here answers as not completed and ends the reply', async () => {
    const requests: Parameters<typeof adder>[0] = [];
    const listener = quietListener();
    const session = new ChatSession(listener, () => ({ threadId: 't', transport: adder(requests) }));
    session.send('go');
    await until(() => listener.ends.length > 0);
    expect(requests).to.have.length(1);
    const reply = session.state.turns[1];
    expect(reply.role === 'assistant' && reply.parts[0]).to.deep.include({ status: 'not-completed', error: 'No tool in this chat answers this call.' });
  });

  it('cancels a client tool still running when the person stops', async () => {
    const requests: Parameters<typeof adder>[0] = [];
    let seenSignal: AbortSignal | undefined;
    const clientTools = {
      definitions: () => [],
      handles: () => true,
      run: (_call: unknown, signal: AbortSignal) => {
        seenSignal = signal;
        return new Promise<never>(() => {});
      },
    };
    const listener = quietListener();
    const session = new ChatSession(listener, () => ({ threadId: 't', transport: adder(requests), clientTools }));
    session.send('go');
    await until(() => seenSignal !== undefined);
    session.stop();
    await until(() => listener.ends.length > 0);
    expect(seenSignal!.aborted).to.equal(true);
    expect(listener.ends).to.deep.equal(['cancelled']);
    const reply = session.state.turns[1];
    expect(reply.role === 'assistant' && reply.parts[0]).to.deep.include({ status: 'cancelled' });
    expect(requests).to.have.length(1);
  });
});

describe('ChatSession with app tools', () => {
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('waits for prepare, sends the context, gives a call its app at its start and the full result after', async () => {
    const seen: { context: unknown; appAtArgs?: unknown }[] = [];
    let session!: ChatSession;
    const transport: Transport = {
      async *run(request): AsyncGenerator<ChatEvent> {
        seen.push({ context: request.context });
        yield { type: 'run-started', runId: request.runId };
        if (request.messages.some((message) => message.role === 'tool')) {
          yield { type: 'run-finished' };
          return;
        }
        yield { type: 'tool-call-start', toolCallId: 'c1', name: 'show' };
        const reply = session.state.turns.at(-1)!;
        seen[0].appAtArgs = reply.role === 'assistant' && reply.parts[0].kind === 'tool-call' ? reply.parts[0].app : undefined;
        yield { type: 'tool-call-args', toolCallId: 'c1', delta: '{}' };
        yield { type: 'tool-call-end', toolCallId: 'c1' };
        yield { type: 'run-finished', outcome: { type: 'success', pendingToolCallIds: ['c1'] } };
      },
    };
    const app = { source: 's', via: 'page' as const, resourceUri: 'ui://s/app' };
    const callResult = { content: [{ type: 'text', text: 'shown' }], structuredContent: { ok: true } };
    let prepared = false;
    const listener = quietListener();
    session = new ChatSession(listener, () => ({
      threadId: 't',
      transport,
      prepare: async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        prepared = true;
      },
      context: () => [{ description: 'app state', value: prepared ? 'ready' : 'too early' }],
      clientTools: {
        definitions: () => [{ name: 'show', description: 'Shows' }],
        handles: () => true,
        appFor: (name: string) => (name === 'show' ? app : undefined),
        run: async () => ({ content: { ok: true }, app: { callResult } }),
      },
    }));
    session.send('show it');
    await until(() => listener.ends.length > 0);
    expect(seen.map((entry) => entry.context)).to.deep.equal([[{ description: 'app state', value: 'ready' }], [{ description: 'app state', value: 'ready' }]]);
    expect(seen[0].appAtArgs).to.deep.equal(app);
    const reply = session.state.turns[1];
    const call = reply.role === 'assistant' ? reply.parts[0] : undefined;
    expect(call?.kind === 'tool-call' && call.app).to.deep.equal({ ...app, callResult });
  });

  it('idle() settles once the reply under way has ended', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transport: Transport = {
      async *run(request): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: request.runId };
        await gate;
        yield { type: 'run-finished' };
      },
    };
    const listener = quietListener();
    const session = new ChatSession(listener, () => ({ threadId: 't', transport }));
    session.send('go');
    let idle = false;
    void session.idle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(idle).to.equal(false);
    release();
    await until(() => idle);
    expect(listener.ends).to.deep.equal(['done']);
  });
});

describe('ChatSession and show-activity', () => {
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  /** A reply whose subagent makes one call, waits for the gate, then makes another. */
  function gated() {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const transport: Transport = {
      async *run(request): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: request.runId };
        yield { type: 'subagent-started', subagentRunId: `s-${request.runId}`, name: 'worker' };
        yield { type: 'tool-call-start', toolCallId: `a-${request.runId}`, name: 'first', subagentRunId: `s-${request.runId}` };
        await gate;
        yield { type: 'tool-call-start', toolCallId: `b-${request.runId}`, name: 'second', subagentRunId: `s-${request.runId}` };
        yield { type: 'run-finished' };
      },
    };
    return { transport, open: () => open() };
  }
  const subagentCalls = (session: ChatSession, index: number) => {
    const reply = session.state.turns[index];
    return reply.role === 'assistant' ? reply.parts.filter((part) => part.subagentRunId).map((part) => (part as { name: string }).name) : [];
  };

  it('turned off during a reply, stops adding calls at once', async () => {
    let shown = true;
    const { transport, open } = gated();
    const listener = quietListener();
    const session = new ChatSession(listener, () => ({ threadId: 't', transport, activity: () => shown }));
    session.send('go');
    await until(() => subagentCalls(session, 1).length === 1);
    shown = false;
    open();
    await until(() => listener.ends.length === 1);
    expect(subagentCalls(session, 1)).to.deep.equal(['first']);
  });

  it('turned on during a reply, records from the next reply on', async () => {
    let shown = false;
    const first = gated();
    const listener = quietListener();
    let transport = first.transport;
    const session = new ChatSession(listener, () => ({ threadId: 't', transport, activity: () => shown }));
    session.send('one');
    await until(() => session.state.turns.length === 2);
    shown = true;
    first.open();
    await until(() => listener.ends.length === 1);
    expect(subagentCalls(session, 1)).to.deep.equal([]);
    const second = gated();
    transport = second.transport;
    second.open();
    session.send('two');
    await until(() => listener.ends.length === 2);
    expect(subagentCalls(session, 3)).to.deep.equal(['first', 'second']);
  });
});
