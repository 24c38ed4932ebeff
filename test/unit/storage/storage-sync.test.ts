import { expect } from '@open-wc/testing';
import { ThreadSync, type SyncMessage } from '../../../src/storage/thread-sync.js';

let counter = 0;
const freshName = () => `sync-test-${Date.now()}-${counter++}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('ThreadSync', () => {
  const open: ThreadSync[] = [];
  const make = (name: string, received: SyncMessage[]) => {
    const sync = new ThreadSync(name, (message) => received.push(message));
    open.push(sync);
    return sync;
  };

  afterEach(() => {
    for (const sync of open.splice(0)) sync.close();
  });

  it("delivers one instance's announcement to the others, not to itself", async () => {
    const name = freshName();
    const [a, b, c]: SyncMessage[][] = [[], [], []];
    const syncA = make(name, a);
    make(name, b);
    make(name, c);
    syncA.announce({ kind: 'saved', threadId: 't1', updated: 5 });
    syncA.announce({ kind: 'deleted', threadId: 't2' });
    await settle();
    expect(a).to.deep.equal([]);
    expect(b).to.deep.equal([
      { kind: 'saved', threadId: 't1', updated: 5 },
      { kind: 'deleted', threadId: 't2' },
    ]);
    expect(c).to.deep.equal(b);
  });

  it('ignores malformed messages', async () => {
    const name = freshName();
    const received: SyncMessage[] = [];
    make(name, received);
    const channel = new BroadcastChannel('agent-chat:' + name);
    channel.postMessage('saved t1');
    channel.postMessage({ kind: 'saved', threadId: 't1' });
    channel.postMessage({ source: 'agent-chat', tab: 'x', message: { kind: 'exploded', threadId: 't1' } });
    channel.postMessage({ source: 'agent-chat', tab: 'x', message: { kind: 'saved', threadId: 7 } });
    channel.postMessage({ source: 'agent-chat', tab: 'x', message: { kind: 'renamed', threadId: 't1', updated: 'now' } });
    channel.postMessage({ source: 'agent-chat', tab: 'x', message: { kind: 'renamed', threadId: 't1', updated: 9 } });
    await settle();
    channel.close();
    expect(received).to.deep.equal([{ kind: 'renamed', threadId: 't1', updated: 9 }]);
  });

  it('keeps different names apart', async () => {
    const [a, b]: SyncMessage[][] = [[], []];
    const syncA = make(freshName(), a);
    make(freshName(), b);
    syncA.announce({ kind: 'renamed', threadId: 't1' });
    await settle();
    expect(b).to.deep.equal([]);
  });

  it('does nothing after close, and nothing without BroadcastChannel', async () => {
    const name = freshName();
    const received: SyncMessage[] = [];
    const syncA = make(name, []);
    make(name, received);
    syncA.close();
    syncA.announce({ kind: 'saved', threadId: 't1' });

    const original = globalThis.BroadcastChannel;
    (globalThis as any).BroadcastChannel = undefined;
    try {
      const without = new ThreadSync(name, () => received.push({ kind: 'saved', threadId: 'never' }));
      without.announce({ kind: 'saved', threadId: 't2' });
      without.close();
    } finally {
      globalThis.BroadcastChannel = original;
    }
    await settle();
    expect(received).to.deep.equal([]);
  });
});
