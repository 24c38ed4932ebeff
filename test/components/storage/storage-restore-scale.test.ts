import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { AgentChatThreadChangeDetail } from '../../../src/events.js';
import type { AssistantTurn, Turn } from '../../../src/conversation/types.js';
import type { AgentChatMessage } from '../../../src/components/message/message.js';
import type { NodeRecord, ThreadRecord } from '../../../src/storage/records.js';
import { ThreadStore } from '../../../src/storage/thread-store.js';
import { deepQuery, deepQueryAll, deleteDatabase, lastRequest, settle, textOf, until } from '../helpers.js';

/**
 * Restore cost follows the screen, not the thread: a long thread opens with the last turns of its
 * path, and the rest is read at idle (`requestIdleCallback`, held here so the moment in between can
 * be looked at). Whatever needs the whole history waits for it.
 */
const MESSAGES = 2000;
const THREAD = 'long-thread';

let keys: string[] = [];
let keyCount = 0;
function freshKey(): string {
  const key = `restore-scale-${Date.now()}-${++keyCount}`;
  keys.push(key);
  return key;
}

let idle: ReturnType<typeof holdIdle> | undefined;
let reads: ReturnType<typeof countNodeReads> | undefined;
afterEach(async () => {
  idle?.restore();
  reads?.restore();
  idle = reads = undefined;
  for (const element of document.querySelectorAll('agent-chat')) element.remove();
  for (const key of keys) await deleteDatabase(key);
  keys = [];
});

const userTurn = (id: string): Turn => ({ role: 'user', id, text: `question ${id}` });
const replyTurn = (id: string): AssistantTurn => ({ role: 'assistant', id, status: 'done', parts: [{ kind: 'text', id: `${id}-m`, text: `reply **${id}**`, streaming: false }] });

/** A path n0 … n(count-1) from `parentId`, seq from `seq`. */
function chain(count: number, { prefix = 'n', parentId = null as string | null, seq = 0, from = 0 } = {}): NodeRecord[] {
  const nodes: NodeRecord[] = [];
  for (let i = from; i < from + count; i++) {
    const id = `${prefix}${i}`;
    nodes.push({ threadId: THREAD, id, parentId, seq: seq + i - from, turn: i % 2 === 0 ? userTurn(id) : replyTurn(id) });
    parentId = id;
  }
  return nodes;
}

/** Writes a thread into database `key` (its path ends at `currentLeaf`). */
async function storeThread(key: string, nodes: NodeRecord[], currentLeaf: string): Promise<void> {
  const store = await ThreadStore.open(key);
  const thread: ThreadRecord = { id: THREAD, title: 'A long one', titleSource: 'first-message', created: 1, updated: 1, currentLeaf };
  await store.save(thread, nodes);
  store.close();
}

async function storedNodes(key: string): Promise<NodeRecord[]> {
  const store = await ThreadStore.open(key);
  try {
    return (await store.getThread(THREAD))!.nodes;
  } finally {
    store.close();
  }
}

/** Holds every `requestIdleCallback` until `release()`. */
function holdIdle() {
  const original = window.requestIdleCallback;
  const held: (() => void)[] = [];
  window.requestIdleCallback = ((callback: IdleRequestCallback) => {
    held.push(() => callback({ didTimeout: false, timeRemaining: () => 50 }));
    return 0;
  }) as typeof window.requestIdleCallback;
  return {
    held: () => held.length,
    release() {
      window.requestIdleCallback = original;
      for (const run of held.splice(0)) run();
    },
    restore() {
      window.requestIdleCallback = original;
    },
  };
}

/** Counts the node records read from IndexedDB (get, getAll on the nodes store or its index). */
function countNodeReads() {
  const counts = { requests: 0, records: 0, ids: new Set<string>() };
  const patched: [object, string, unknown][] = [];
  const wrap = (proto: IDBObjectStore | IDBIndex, name: 'get' | 'getAll', storeOf: (target: any) => IDBObjectStore) => {
    const original = (proto as any)[name];
    patched.push([proto, name, original]);
    (proto as any)[name] = function (this: unknown, ...args: unknown[]) {
      const request: IDBRequest = original.apply(this, args);
      if (storeOf(this).name === 'nodes') {
        counts.requests++;
        request.addEventListener('success', () => {
          const result = request.result;
          const records = Array.isArray(result) ? result : result ? [result] : [];
          counts.records += records.length;
          for (const record of records) counts.ids.add(record.id);
        });
      }
      return request;
    };
  };
  wrap(IDBObjectStore.prototype, 'get', (store) => store);
  wrap(IDBObjectStore.prototype, 'getAll', (store) => store);
  wrap(IDBIndex.prototype, 'getAll', (index) => index.objectStore);
  return {
    counts,
    restore() {
      for (const [proto, name, original] of patched) (proto as any)[name] = original;
    },
  };
}

const messages = (el: AgentChat) => deepQueryAll<AgentChatMessage>(el, 'agent-chat-message');
const lastShownId = (el: AgentChat) => messages(el).at(-1)?.turn?.id;

/** A chat on database `key`; resolves once the last turn of the stored path is drawn. */
async function openedChat(key: string, lastId: string, endpoint = '/agui/echo'): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 520px" endpoint=${endpoint} storage-key=${key}></agent-chat>`);
  await until(() => lastShownId(el) === lastId, `the turn ${lastId} is drawn`);
  await settle(el);
  return el;
}

const opened = (el: AgentChat) => oneEvent(el, 'agent-chat-thread-change') as Promise<CustomEvent<AgentChatThreadChangeDetail>>;

describe('storage: restore cost follows the screen, not the thread', () => {
  it('a long thread shows its last reply after reading only the last turns of its path; the rest is read at idle', async () => {
    const key = freshKey();
    await storeThread(key, chain(MESSAGES), `n${MESSAGES - 1}`);
    idle = holdIdle();
    reads = countNodeReads();
    const el = await openedChat(key, `n${MESSAGES - 1}`);
    const first = reads.counts.records;
    expect(first, 'node records read before the first screen').to.be.at.most(65);
    expect(reads.counts.ids.has('n0'), 'the first turn was not read').to.equal(false);
    expect(textOf(messages(el).at(-1)!.shadowRoot!.querySelector('strong') ?? undefined)).to.equal(`n${MESSAGES - 1}`);
    expect(messages(el)).to.have.length(12);
    expect(el.getTurns().length).to.be.below(MESSAGES);

    const change = opened(el);
    idle.release();
    expect((await change).detail).to.deep.equal({ threadId: THREAD, reason: 'open' });
    expect(el.getTurns().map((turn) => turn.id)).to.deep.equal(chain(MESSAGES).map((node) => node.id));
    expect(reads.counts.records, 'then every node, once').to.equal(first + MESSAGES);
    expect(reads.counts.ids.size).to.equal(MESSAGES);
    await settle(el);
    expect(messages(el), 'what is drawn stays as it was').to.have.length(12);
    expect(lastShownId(el)).to.equal(`n${MESSAGES - 1}`);
    expect(textOf(deepQuery(el, '[part="earlier-button"]'))).to.equal(`Show ${(MESSAGES - 12).toLocaleString('en')} earlier messages`);
  });

  it('a message sent before the rest is read waits for it: its request carries the whole history', async () => {
    const key = freshKey();
    await storeThread(key, chain(MESSAGES), `n${MESSAGES - 1}`);
    idle = holdIdle();
    const el = await openedChat(key, `n${MESSAGES - 1}`);
    expect(el.getTurns().length).to.be.below(MESSAGES);
    const before = (await (await fetch('/agui/requests?scenario=echo')).json()).length;
    const ended = oneEvent(el, 'agent-chat-response-end');
    expect(await el.send('and one more')).to.be.a('string');
    await settle(el);
    expect((messages(el).at(-2)!.turn as { text: string }).text, 'the message is shown at once').to.equal('and one more');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await (await fetch('/agui/requests?scenario=echo')).json()).length, 'no request with part of the history').to.equal(before);
    idle.release();
    await ended;
    const { body } = await lastRequest('echo');
    expect(body.messages).to.have.length(MESSAGES + 1);
    expect(body.messages[0].id).to.equal('n0');
    expect(body.messages[MESSAGES].content).to.equal('and one more');
    await settle(el);
    expect(JSON.stringify(el.getTurns().at(-1))).to.contain(`(${MESSAGES + 1} messages)`);
    // Saved as it went: a new chat shows the whole thread with the exchange at its end.
    const nodes = await storedNodes(key);
    expect(nodes).to.have.length(MESSAGES + 2);
    const added = nodes.filter((node) => !node.id.startsWith('n'));
    expect(added.map((node) => node.parentId)).to.deep.equal([`n${MESSAGES - 1}`, added[0].id]);
    expect(added.every((node) => node.seq >= MESSAGES)).to.equal(true);
  });

  it('other versions are known once the rest is read; switching to an old one works then and is kept', async () => {
    const key = freshKey();
    const main = chain(MESSAGES, { seq: 100 });
    // Older versions, made before the main path's last turns: of the last reply, and of the question two turns up.
    const oldReply = { ...chain(1, { prefix: 'old-reply-', parentId: `n${MESSAGES - 2}`, seq: 10, from: 1 })[0] };
    const oldQuestion = chain(2, { prefix: 'old-q-', parentId: `n${MESSAGES - 4}`, seq: 20 });
    await storeThread(key, [...main, oldReply, ...oldQuestion], `n${MESSAGES - 1}`);
    idle = holdIdle();
    reads = countNodeReads();
    const el = await openedChat(key, `n${MESSAGES - 1}`);
    expect(reads.counts.ids.has('old-reply-1'), 'the old version is not read first').to.equal(false);
    expect(deepQuery(el, '[part="branch-switcher"]'), 'no switcher while other versions are unknown').to.equal(undefined);

    const change = opened(el);
    idle.release();
    await change;
    await settle(el);
    const switchers = deepQueryAll(el, '[part="branch-switcher"]');
    expect(switchers.map(textOf)).to.deep.equal(['‹ 2 / 2 ›', '‹ 2 / 2 ›']);
    // The last reply's previous version.
    deepQueryAll<HTMLButtonElement>(switchers[1], 'button')[0].click();
    await settle(el);
    expect(el.getTurns()).to.have.length(MESSAGES);
    expect(el.getTurns()[MESSAGES - 1].id).to.equal('old-reply-1');
    expect(el.getTurns()[0].id).to.equal('n0');
    // The question's older version: its own reply follows it.
    deepQueryAll<HTMLButtonElement>(deepQueryAll(el, '[part="branch-switcher"]')[0], 'button')[0].click();
    await settle(el);
    expect(
      el
        .getTurns()
        .slice(-2)
        .map((turn) => turn.id),
    ).to.deep.equal(['old-q-0', 'old-q-1']);
    expect(el.getTurns()).to.have.length(MESSAGES - 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    el.remove();

    const again = await openedChat(key, 'old-q-1');
    await until(() => again.getTurns().length === MESSAGES - 1, 'the whole version is read');
    expect(again.getTurns()[0].id).to.equal('n0');
    expect(await storedNodes(key)).to.have.length(MESSAGES + 3);
  });

  it('nothing saved while only the end is read loses a node: a turn added then, and the page gone before the rest came', async () => {
    const key = freshKey();
    await storeThread(key, chain(MESSAGES), `n${MESSAGES - 1}`);
    idle = holdIdle();
    const el = await openedChat(key, `n${MESSAGES - 1}`);
    expect(el.getTurns().length, 'only the end is read').to.be.below(MESSAGES);
    el.addTurn(userTurn('added'));
    await settle(el);
    window.dispatchEvent(new Event('pagehide'));
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 200));
    idle.release();

    const nodes = await storedNodes(key);
    expect(nodes, 'every node is still there, and the new one').to.have.length(MESSAGES + 1);
    expect(nodes.find((node) => node.id === 'added')!.parentId).to.equal(`n${MESSAGES - 1}`);
    expect(nodes.find((node) => node.id === `n${MESSAGES - 64}`)!.parentId, 'the first turn read keeps its parent').to.equal(`n${MESSAGES - 65}`);
    const again = await openedChat(key, 'added');
    await until(() => again.getTurns().length === MESSAGES + 1, 'the whole thread is back');
    expect(again.getTurns()[0].id).to.equal('n0');
  });

  it('turns the page sets while the rest is read replace the whole thread once it is read, before another one opens', async () => {
    const key = freshKey();
    await storeThread(key, chain(MESSAGES), `n${MESSAGES - 1}`);
    idle = holdIdle();
    const el = await openedChat(key, `n${MESSAGES - 1}`);
    expect(el.getTurns().length, 'only the end is read').to.be.below(MESSAGES);
    el.setTurns([userTurn('p0'), replyTurn('p1')]);
    await settle(el);
    const switched = el.newThread();
    idle.release();
    await switched;
    const nodes = await storedNodes(key);
    expect(nodes.map((node) => node.id).sort()).to.deep.equal(['p0', 'p1']);
  });

  it('drawing earlier turns than those read first waits for the rest, then draws the right ones', async () => {
    const key = freshKey();
    await storeThread(key, chain(MESSAGES), `n${MESSAGES - 1}`);
    idle = holdIdle();
    const el = await openedChat(key, `n${MESSAGES - 1}`);
    deepQuery<HTMLButtonElement>(el, '[part="earlier-button"]')!.click();
    await settle(el);
    expect(messages(el)).to.have.length(52);
    deepQuery<HTMLButtonElement>(el, '[part="earlier-button"]')!.click();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await settle(el);
    expect(messages(el), 'not more than was read').to.have.length(52);
    idle.release();
    await until(() => messages(el).length === 92, '40 more are drawn');
    await settle(el);
    expect(messages(el)[0].turn!.id).to.equal(`n${MESSAGES - 92}`);
    expect(messages(el).at(-1)!.turn!.id).to.equal(`n${MESSAGES - 1}`);
  });

  it('another tab’s save while this one reads the rest: shown once read, nothing lost', async () => {
    const key = freshKey();
    await storeThread(key, chain(MESSAGES), `n${MESSAGES - 1}`);
    const a = await openedChat(key, `n${MESSAGES - 1}`);
    await until(() => a.getTurns().length === MESSAGES, 'A has all of it');
    idle = holdIdle();
    const b = await openedChat(key, `n${MESSAGES - 1}`);
    expect(b.getTurns().length).to.be.below(MESSAGES);
    const ended = oneEvent(a, 'agent-chat-response-end');
    void a.send('from the other tab');
    await ended;
    await new Promise((resolve) => setTimeout(resolve, 800));
    idle.release();
    await until(() => b.getTurns().length === MESSAGES + 2, 'B shows the other tab’s exchange, after the whole thread');
    expect(b.getTurns()[0].id).to.equal('n0');
    expect(await storedNodes(key)).to.have.length(MESSAGES + 2);
  });
});
