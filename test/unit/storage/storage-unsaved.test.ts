import { expect } from '@open-wc/testing';
import type { NodeRecord, ThreadRecord } from '../../../src/storage/records.js';
import { UNSAVED_MAX_CHARS, dropUnsaved, keepUnsaved, parseUnsaved, unsavedPrefix, unsavedTails } from '../../../src/storage/unsaved.js';

/** A Storage in memory (the page's localStorage is left alone). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const thread = (id: string, updated: number): ThreadRecord => ({ id, title: 'Trip', titleSource: 'first-message', created: 1, updated, currentLeaf: `${id}-r` });
const nodes = (threadId: string): NodeRecord[] => [
  { threadId, id: `${threadId}-u`, parentId: null, seq: 0, turn: { role: 'user', id: `${threadId}-u`, text: 'hello' } },
  {
    threadId,
    id: `${threadId}-r`,
    parentId: `${threadId}-u`,
    seq: 1,
    turn: {
      role: 'assistant',
      id: `${threadId}-r`,
      status: 'streaming',
      parts: [
        { kind: 'text', id: 'm', text: 'Half a sent', streaming: true },
        { kind: 'tool-call', id: 'c', name: 'lookup', argsText: '{}', args: {}, argsComplete: true, status: 'running' },
      ],
    },
  },
];

describe('unsaved changes kept in localStorage', () => {
  it('round-trips a tail under its chat’s key, and lists only this database’s, oldest first', () => {
    const storage = new MemoryStorage();
    expect(keepUnsaved(storage, `${unsavedPrefix('db')}chat-2`, { thread: thread('t2', 20), nodes: nodes('t2'), removed: ['gone'], stored: true })).to.equal(true);
    expect(keepUnsaved(storage, `${unsavedPrefix('db')}chat-1`, { thread: thread('t1', 10), nodes: nodes('t1'), removed: [], stored: false })).to.equal(true);
    keepUnsaved(storage, `${unsavedPrefix('other')}chat-3`, { thread: thread('t3', 5), nodes: nodes('t3'), removed: [], stored: false });
    storage.setItem('agent-chat:db:last-thread', 't1');
    const tails = unsavedTails(storage, 'db');
    expect(tails.map((entry) => entry.key)).to.deep.equal([`${unsavedPrefix('db')}chat-1`, `${unsavedPrefix('db')}chat-2`]);
    expect(tails[1].tail).to.deep.equal({ format: 'agent-chat-unsaved', version: 1, thread: thread('t2', 20), nodes: nodes('t2'), removed: ['gone'], stored: true });
    dropUnsaved(storage, tails[0].key);
    expect(unsavedTails(storage, 'db').map((entry) => entry.tail.thread.id)).to.deep.equal(['t2']);
  });

  it('drops an entry that is not valid, with a warning, and keeps the rest', () => {
    const storage = new MemoryStorage();
    const prefix = unsavedPrefix('db');
    keepUnsaved(storage, `${prefix}good`, { thread: thread('t', 1), nodes: nodes('t'), removed: [], stored: true });
    storage.setItem(`${prefix}not-json`, '{');
    storage.setItem(`${prefix}other-thread`, JSON.stringify({ format: 'agent-chat-unsaved', version: 1, thread: thread('t', 1), nodes: nodes('u'), removed: [], stored: true }));
    storage.setItem(
      `${prefix}bad-node`,
      JSON.stringify({ format: 'agent-chat-unsaved', version: 1, thread: thread('t', 1), nodes: [{ threadId: 't', id: 'x' }], removed: [], stored: true }),
    );
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      expect(unsavedTails(storage, 'db').map((entry) => entry.key)).to.deep.equal([`${prefix}good`]);
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.have.length(3);
    expect(storage.length).to.equal(1);
  });

  it('parses only its own format and version', () => {
    const tail = { format: 'agent-chat-unsaved', version: 1, thread: thread('t', 1), nodes: nodes('t'), removed: [], stored: false };
    expect(parseUnsaved(JSON.stringify(tail))).to.deep.equal(tail);
    expect(parseUnsaved(JSON.stringify({ ...tail, stored: undefined }))).to.equal(undefined);
    expect(parseUnsaved(JSON.stringify({ ...tail, version: 2 }))).to.equal(undefined);
    expect(parseUnsaved(JSON.stringify({ ...tail, removed: [1] }))).to.equal(undefined);
    expect(parseUnsaved(null)).to.equal(undefined);
  });

  it('reports a tail it could not keep (a full localStorage, or none)', () => {
    const full = new MemoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(keepUnsaved(full, 'k', { thread: thread('t', 1), nodes: nodes('t'), removed: [], stored: true })).to.equal(false);
    expect(keepUnsaved(undefined, 'k', { thread: thread('t', 1), nodes: nodes('t'), removed: [], stored: true })).to.equal(false);
    expect(unsavedTails(undefined, 'db')).to.deep.equal([]);
  });

  it('keeps an entry within its size: without the apps’ HTML when it must, else not at all', () => {
    const storage = new MemoryStorage();
    const withApp = (html: string): NodeRecord[] => {
      const [user, reply] = nodes('t');
      const turn = reply.turn as Extract<NodeRecord['turn'], { role: 'assistant' }>;
      const parts = turn.parts.map((part) =>
        part.kind === 'tool-call' ? { ...part, app: { source: 's', via: 'page' as const, resourceUri: 'ui://s/app', resource: { html } } } : part,
      );
      return [user, { ...reply, turn: { ...turn, parts } }];
    };
    expect(keepUnsaved(storage, 'small', { thread: thread('t', 1), nodes: withApp('<p>small</p>'), removed: [], stored: true })).to.equal(true);
    expect(storage.getItem('small')).to.contain('<p>small</p>');

    expect(keepUnsaved(storage, 'big', { thread: thread('t', 1), nodes: withApp('x'.repeat(UNSAVED_MAX_CHARS)), removed: [], stored: true })).to.equal(true);
    const kept = parseUnsaved(storage.getItem('big'))!;
    expect(kept.nodes).to.have.length(2);
    const call = (kept.nodes[1].turn as any).parts.find((part: any) => part.kind === 'tool-call');
    expect(call.app.resource, 'the app’s HTML was left out').to.equal(undefined);
    expect(call.app.resourceUri).to.equal('ui://s/app');
    expect(storage.getItem('big')!.length).to.be.below(UNSAVED_MAX_CHARS);

    const huge = nodes('t');
    (huge[1].turn as any).parts[0].text = 'y'.repeat(UNSAVED_MAX_CHARS);
    expect(keepUnsaved(storage, 'huge', { thread: thread('t', 1), nodes: huge, removed: [], stored: true }), 'too big even so').to.equal(false);
    expect(storage.getItem('huge')).to.equal(null);
  });
});
