import { expect } from '@open-wc/testing';
import { ChatSession, type SessionListener } from '../../src/chat-session.js';
import type { ChatEvent } from '../../src/conversation/events.js';
import type { Transport } from '../../src/protocol/transport.js';

const quietListener = (): SessionListener & { ends: string[] } => {
  const ends: string[] = [];
  return {
    ends,
    changed() {},
    responseStart() {},
    responseEnd: (detail) => ends.push(detail.status),
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
    const session = new ChatSession(listener, () => ({ threadId: 't', transport }), async () => {
      pauses++;
    });
    session.send('go');
    while (listener.ends.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(listener.ends).to.deep.equal(['done']);
    // 60 ms of work in slices of at most ~5 ms.
    expect(pauses).to.be.within(8, 30);
    const reply = session.state.turns[1];
    expect(reply.role === 'assistant' && reply.parts[0].kind === 'text' && reply.parts[0].text.length).to.equal(60);
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
});
