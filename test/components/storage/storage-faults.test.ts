/**
 * Storage faults: no IndexedDB at all, a full disk, an upgrade blocked by another tab —
 * each gives `agent-chat-storage-error` and a visible notice while the conversation goes on in
 * memory and can be exported; and the export/import round trip, with corrupt files refused.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { AgentChatStorageErrorDetail, AgentChatThreadChangeDetail } from '../../../src/events.js';
import type { ThreadExport } from '../../../src/storage/records.js';
import type { Turn } from '../../../src/conversation/types.js';
import { deepQuery, deepQueryAll, sendAndWait, settle, textOf, until, useFreshKeys } from '../helpers.js';

const freshKey = useFreshKeys('storage-faults');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function requests(scenario: string): Promise<unknown[]> {
  return (await fetch(`/agui/requests?scenario=${scenario}`)).json();
}

/** A chat on database `key`, once its storage has opened (or failed to). */
async function storedChat(endpoint: string, key: string): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 520px" endpoint=${endpoint} storage-key=${key}></agent-chat>`);
  await (el as unknown as { wiring: { store: { ready(): Promise<void> } } }).wiring.store.ready();
  await settle(el);
  return el;
}

/** Every event of `type` that reaches the document, from now until `stop()`. */
function collect<T>(type: 'agent-chat-storage-error' | 'agent-chat-thread-change'): { events: T[]; stop: () => void } {
  const events: T[] = [];
  const listener = (event: Event) => events.push((event as CustomEvent<T>).detail);
  document.addEventListener(type, listener);
  return { events, stop: () => document.removeEventListener(type, listener) };
}

async function eventually(predicate: () => Promise<boolean>, message: string, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error(`Timed out: ${message}`);
    await sleep(50);
  }
}

function notice(el: AgentChat): HTMLElement | undefined {
  return el.shadowRoot!.querySelector<HTMLElement>('[part="storage-notice"]') ?? undefined;
}

function expectVisibleNotice(el: AgentChat, reason: string): HTMLElement {
  const shown = notice(el);
  expect(shown, 'the storage notice is shown').to.not.equal(undefined);
  const box = shown!.getBoundingClientRect();
  expect(box.width).to.be.greaterThan(0);
  expect(box.height).to.be.greaterThan(0);
  expect(getComputedStyle(shown!).visibility).to.equal('visible');
  expect(shown!.getAttribute('role')).to.equal('alert');
  const text = textOf(shown);
  expect(text).to.contain('Conversations cannot be saved in this browser');
  expect(text).to.contain(reason);
  const buttons = [...shown!.querySelectorAll('button')].map((button) => textOf(button));
  expect(buttons).to.deep.equal(['Export', 'Dismiss']);
  return shown!;
}

/** The turns on the path to the thread's current leaf, from an export. */
function pathTurns(data: ThreadExport): Turn[] {
  const byId = new Map(data.nodes.map((node) => [node.id, node]));
  const turns: Turn[] = [];
  for (let id: string | null | undefined = data.thread.currentLeaf; id; id = byId.get(id)?.parentId) {
    const node = byId.get(id);
    expect(node, `node ${id} is in the export`).to.not.equal(undefined);
    turns.unshift(node!.turn);
  }
  return turns;
}

/** As JSON keeps it: keys whose value is undefined do not survive a file, and need not. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

const userTexts = (el: AgentChat) =>
  el
    .getTurns()
    .filter((turn) => turn.role === 'user')
    .map((turn) => (turn as { text: string }).text);

const UNAVAILABLE = 'This browser does not let the site keep the chat history';
const QUOTA = "The browser's storage for this site is full.";
const BLOCKED = 'another tab still has the old version open';

describe('storage faults: no IndexedDB at all', () => {
  let restoreOpen: (() => void) | undefined;
  afterEach(() => restoreOpen?.());

  it('reports "unavailable" with a notice; the chat goes on in memory, exports from memory, Export saves a file, Dismiss hides the notice', async () => {
    const original = IDBFactory.prototype.open;
    let attempts = 0;
    IDBFactory.prototype.open = function () {
      attempts += 1;
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    restoreOpen = () => (IDBFactory.prototype.open = original);
    const errors = collect<AgentChatStorageErrorDetail>('agent-chat-storage-error');
    try {
      const el = await storedChat('/agui/basic', freshKey());
      await until(() => errors.events.length > 0, 'agent-chat-storage-error fires');
      expect(attempts).to.be.greaterThan(0, 'the chat tried to open its database');
      expect(errors.events).to.have.length(1);
      expect(errors.events[0].kind).to.equal('unavailable');
      expect(errors.events[0].message).to.contain(UNAVAILABLE);
      await settle(el);
      expectVisibleNotice(el, UNAVAILABLE);
      expect(deepQuery(el, '[part="threads-button"]'), 'no thread list without a database').to.equal(undefined);
      await expect(el).to.be.accessible();

      // The conversation goes on, in memory.
      const end = await sendAndWait(el, 'hello without a database');
      expect(end.status).to.equal('done');
      const turns = el.getTurns();
      expect(turns).to.have.length(2);
      expect(userTexts(el)).to.deep.equal(['hello without a database']);
      expect(JSON.stringify(turns[1])).to.contain('world');
      expect(errors.events, 'no new event per save: there is nothing to save to').to.have.length(1);
      expect(await el.listThreads()).to.deep.equal([]);

      // exportThread() gives the conversation from memory.
      const data = await el.exportThread();
      expect(data.format).to.equal('agent-chat-thread');
      expect(data.version).to.equal(1);
      expect(data.thread.id).to.equal(el.threadId);
      expect(data.thread.title).to.equal('hello without a database');
      expect(data.nodes).to.have.length(2);
      expect(pathTurns(data)).to.deep.equal(el.getTurns());

      // The notice's Export button saves the same conversation as a JSON file.
      const blobs: Blob[] = [];
      const downloads: string[] = [];
      const createObjectURL = URL.createObjectURL;
      const click = HTMLAnchorElement.prototype.click;
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        blobs.push(blob as Blob);
        return createObjectURL.call(URL, blob);
      };
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      };
      try {
        [...notice(el)!.querySelectorAll('button')].find((button) => textOf(button) === 'Export')!.click();
        await until(() => downloads.length === 1, 'the export is offered as a download');
      } finally {
        URL.createObjectURL = createObjectURL;
        HTMLAnchorElement.prototype.click = click;
      }
      expect(downloads[0]).to.equal(`conversation-${el.threadId}.json`);
      const file = JSON.parse(await blobs[0].text()) as ThreadExport;
      expect(file.thread.id).to.equal(el.threadId);
      expect(pathTurns(file)).to.deep.equal(plain(el.getTurns()));

      // Dismiss hides the notice; the chat stays usable.
      [...notice(el)!.querySelectorAll('button')].find((button) => textOf(button) === 'Dismiss')!.click();
      await settle(el);
      expect(notice(el), 'the notice is gone').to.equal(undefined);
      await sendAndWait(el, 'still here');
      expect(el.getTurns()).to.have.length(4);
      expect(notice(el), 'the notice stays dismissed').to.equal(undefined);
    } finally {
      errors.stop();
    }
  });
});

describe('storage faults: the storage is full', () => {
  let restorePut: (() => void) | undefined;
  afterEach(() => restorePut?.());

  it('reports "quota" once (not once per save), goes on in memory, and saves everything once there is room again', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/echo', key);
    expect(deepQuery(el, '[part="threads-button"]'), 'the database opened').to.not.equal(undefined);
    const errors = collect<AgentChatStorageErrorDetail>('agent-chat-storage-error');
    const original = IDBObjectStore.prototype.put;
    let refused = 0;
    IDBObjectStore.prototype.put = function () {
      refused += 1;
      throw new DOMException('full', 'QuotaExceededError');
    };
    restorePut = () => (IDBObjectStore.prototype.put = original);
    try {
      await sendAndWait(el, 'first while full');
      await until(() => errors.events.length > 0, 'agent-chat-storage-error fires');
      expect(errors.events[0].kind).to.equal('quota');
      expect(errors.events[0].message).to.equal(QUOTA);
      expect(errors.events[0].threadId).to.equal(el.threadId);
      await settle(el);
      expectVisibleNotice(el, QUOTA);

      // The conversation goes on: a second turn, with the first in its history.
      await sendAndWait(el, 'second while full');
      expect(userTexts(el)).to.deep.equal(['first while full', 'second while full']);
      expect(JSON.stringify(el.getTurns()[3])).to.contain('You said: second while full (3 messages)');
      await sleep(400); // past the batching interval: every save there was to be has been tried
      expect(refused, 'several saves were tried').to.be.greaterThan(1);
      expect(
        errors.events.map((event) => event.kind),
        'one event, not one per save',
      ).to.deep.equal(['quota']);
      expect(await el.listThreads(), 'nothing could be stored').to.deep.equal([]);
      expect((await el.exportThread()).nodes, 'the export comes from memory').to.have.length(4);
    } finally {
      restorePut();
      restorePut = undefined;
      errors.stop();
    }

    // Room again: the next save stores everything that waited.
    const saved = el.getTurns();
    const threadId = el.threadId;
    window.dispatchEvent(new Event('pagehide'));
    await eventually(async () => (await el.listThreads()).length === 1, 'the thread is stored');
    expect((await el.listThreads())[0]).to.include({ id: threadId, title: 'first while full' });
    expect(errors.events).to.have.length(1);
    el.remove();

    const again = await storedChat('/agui/echo', key);
    await until(() => again.getTurns().length === 4, 'the whole conversation is back');
    expect(again.threadId).to.equal(threadId);
    expect(again.getTurns()).to.deep.equal(saved);
    expect(notice(again)).to.equal(undefined);
  });

  it('exports what is in memory, not the older copy in the database, once the storage is full', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/echo', key);
    await sendAndWait(el, 'saved before it filled');
    await eventually(async () => (await el.listThreads()).length === 1, 'the first turn is stored');
    const errors = collect<AgentChatStorageErrorDetail>('agent-chat-storage-error');
    const original = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('full', 'QuotaExceededError');
    };
    restorePut = () => (IDBObjectStore.prototype.put = original);
    try {
      await sendAndWait(el, 'only in memory');
      await until(() => errors.events.length > 0, 'agent-chat-storage-error fires');
      expect(errors.events[0].kind).to.equal('quota');
      expect(el.getTurns()).to.have.length(4);
      // What the notice's Export button saves: the conversation as it goes on, all of it.
      const data = await el.exportThread();
      expect(data.nodes, 'every turn shown is in the export').to.have.length(4);
      expect(pathTurns(data)).to.deep.equal(el.getTurns());
    } finally {
      restorePut();
      restorePut = undefined;
      errors.stop();
    }
  });
});

describe('storage faults: an upgrade blocked by another tab', function () {
  this.timeout(20_000);

  /** A version 1 database, as the first release made it; the connection stays open. */
  function openVersion1(name: string): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore('threads', { keyPath: 'id' });
        db.createObjectStore('nodes', { keyPath: 'id' }).createIndex('threadId', 'threadId');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  it('reports "blocked" after the wait with a notice; the chat goes on in memory', async () => {
    const key = freshKey();
    const old = await openVersion1(key);
    let asked = 0;
    // The "other tab" does not let go when asked to.
    old.onversionchange = () => (asked += 1);
    const errors = collect<AgentChatStorageErrorDetail>('agent-chat-storage-error');
    try {
      const started = Date.now();
      const el = await fixture<AgentChat>(html`<agent-chat style="height: 520px" endpoint="/agui/basic" storage-key=${key}></agent-chat>`);
      await until(() => asked > 0, 'the chat asks the old version to close');
      await sendAndWait(el, 'while the upgrade waits');
      expect(errors.events, 'not before the wait is over').to.have.length(0);
      await until(() => errors.events.length > 0, 'agent-chat-storage-error fires', 12_000);
      expect(Date.now() - started).to.be.greaterThan(4000);
      expect(errors.events.map((event) => event.kind)).to.deep.equal(['blocked']);
      expect(errors.events[0].message).to.contain(BLOCKED);
      await settle(el);
      expectVisibleNotice(el, BLOCKED);
      expect(deepQuery(el, '[part="threads-button"]'), 'no thread list without a database').to.equal(undefined);

      await sendAndWait(el, 'after it gave up');
      expect(userTexts(el)).to.deep.equal(['while the upgrade waits', 'after it gave up']);
      expect(el.getTurns()).to.have.length(4);
      const data = await el.exportThread();
      expect(pathTurns(data)).to.deep.equal(el.getTurns());
      expect(errors.events).to.have.length(1);
    } finally {
      old.close();
      errors.stop();
    }
    // Once the other tab lets go, the upgrade still happens.
    const upgraded = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(key);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      expect(upgraded.version).to.equal(2);
      expect([...upgraded.objectStoreNames].sort()).to.deep.equal(['nodes', 'threads']);
    } finally {
      upgraded.close();
    }
  });
});

describe('storage: export and import', () => {
  it('round-trips a conversation with a tool card into another database; a second import is a new thread; the first stays as it was', async () => {
    const a = await storedChat('/agui/tools', freshKey());
    await sendAndWait(a, 'weather please');
    await sendAndWait(a, 'and once more');
    const turnsA = a.getTurns();
    expect(turnsA).to.have.length(4);
    expect(JSON.stringify(turnsA[1])).to.contain('"kind":"tool-call"');
    const exported = await a.exportThread();
    expect(exported.thread.id).to.equal(a.threadId);
    expect(exported.nodes).to.have.length(4);
    const text = JSON.stringify(exported);

    const b = await storedChat('/agui/basic', freshKey());
    await sendAndWait(b, 'B has its own');
    const ownId = b.threadId!;
    const toolRuns = (await requests('tools')).length;
    const basicRuns = (await requests('basic')).length;
    const changes = collect<AgentChatThreadChangeDetail>('agent-chat-thread-change');
    try {
      const firstId = await b.importThread(text);
      expect(firstId).to.equal(exported.thread.id, 'the id is free here, so it is kept');
      await settle(b);
      expect(b.threadId).to.equal(firstId);
      expect(plain(b.getTurns())).to.deep.equal(plain(turnsA));
      expect(deepQueryAll(b, 'agent-chat-tool-card').length).to.be.greaterThan(0);
      expect(changes.events).to.deep.equal([{ threadId: firstId, reason: 'open' }]);
      let threads = await b.listThreads();
      expect(threads.map((thread) => thread.id).sort()).to.deep.equal([firstId, ownId].sort());
      expect(threads.find((thread) => thread.id === firstId)!.title).to.equal('weather please');
      const firstCopy = await b.exportThread(firstId);
      expect(plain(firstCopy.nodes)).to.deep.equal(plain(exported.nodes));

      const secondId = await b.importThread(text);
      await settle(b);
      expect(secondId).to.not.equal(firstId);
      expect(b.threadId).to.equal(secondId);
      expect(plain(b.getTurns())).to.deep.equal(plain(turnsA));
      threads = await b.listThreads();
      expect(threads.map((thread) => thread.id).sort()).to.deep.equal([firstId, secondId, ownId].sort());
      const firstAfter = await b.exportThread(firstId);
      expect(firstAfter.thread).to.deep.equal(firstCopy.thread);
      expect(firstAfter.nodes).to.deep.equal(firstCopy.nodes);
      expect(plain((await b.exportThread(secondId)).nodes)).to.deep.equal(plain(exported.nodes));

      expect(await b.openThread(firstId)).to.equal(true);
      await settle(b);
      expect(plain(b.getTurns())).to.deep.equal(plain(turnsA));
      expect((await requests('tools')).length, 'importing and opening ran nothing').to.equal(toolRuns);
      expect((await requests('basic')).length).to.equal(basicRuns);
    } finally {
      changes.stop();
    }
  });

  it('refuses corrupt files with a clear error naming the problem, and changes nothing', async () => {
    const a = await storedChat('/agui/basic', freshKey());
    await sendAndWait(a, 'a good conversation');
    await sendAndWait(a, 'with two turns');
    const good = await a.exportThread();

    const b = await storedChat('/agui/basic', freshKey());
    await sendAndWait(b, 'what B shows');
    const threads = await b.listThreads();
    const turns = b.getTurns();
    const threadId = b.threadId;

    const orphan = structuredClone(good);
    orphan.nodes[1].parentId = 'no-such-node';
    const cases: [string, unknown, RegExp][] = [
      ['not JSON', '{"format": "agent-chat-thread", ', /not valid JSON/],
      ['not an object', '[1, 2, 3]', /not an agent-chat thread export/],
      ['the wrong format', JSON.stringify({ ...good, format: 'some-other-chat' }), /"format" is not "agent-chat-thread"/],
      ['a newer version', JSON.stringify({ ...good, version: 7 }), /version 7.*only version 1/],
      ['a node without a turn', JSON.stringify({ ...good, nodes: [good.nodes[0], { ...good.nodes[1], turn: undefined }] }), /node 1 \(".+"\): "turn" is missing/],
      ['a node whose parent is missing', JSON.stringify(orphan), new RegExp(`node 1 \\(${JSON.stringify(orphan.nodes[1].id)}\\): its parent "no-such-node" is not in the file`)],
      ['an object with a missing parent', orphan, /its parent "no-such-node" is not in the file/],
    ];
    const changes = collect<AgentChatThreadChangeDetail>('agent-chat-thread-change');
    const refusals: { kind: string; message: string }[] = [];
    const onError = (event: Event) => refusals.push((event as CustomEvent).detail);
    b.addEventListener('agent-chat-storage-error', onError);
    try {
      for (const [what, file, expected] of cases) {
        let error: unknown;
        try {
          await b.importThread(file);
        } catch (caught) {
          error = caught;
        }
        expect(error, `${what}: refused`).to.be.instanceOf(Error);
        const message = (error as Error).message;
        expect(message, what).to.match(/^The conversation could not be imported: /);
        expect(message, what).to.match(expected);
      }
      await settle(b);
      expect(refusals.map((refusal) => refusal.kind)).to.deep.equal(
        cases.map(() => 'invalid'),
        'each refusal is announced',
      );
      expect(deepQuery(b, '[part="storage-notice"]')).to.equal(undefined, 'a refused import is no storage problem');
      expect(changes.events, 'no thread-change').to.deep.equal([]);
      expect(b.threadId).to.equal(threadId);
      expect(b.getTurns()).to.deep.equal(turns);
      expect(await b.listThreads()).to.deep.equal(threads);
      // The good file still goes in afterwards.
      expect(await b.importThread(good)).to.equal(good.thread.id);
    } finally {
      changes.stop();
      b.removeEventListener('agent-chat-storage-error', onError);
    }
  });

  it('with storage="none", an import opens the conversation in memory and it goes on from there', async () => {
    const a = await storedChat('/agui/basic', freshKey());
    await sendAndWait(a, 'kept in a file');
    const turnsA = a.getTurns();
    const text = JSON.stringify(await a.exportThread());

    const el = await fixture<AgentChat>(html`<agent-chat style="height: 520px" endpoint="/agui/echo" storage="none"></agent-chat>`);
    await (el as unknown as { wiring: { store: { ready(): Promise<void> } } }).wiring.store.ready();
    await settle(el);
    expect(deepQuery(el, '[part="threads-button"]')).to.equal(undefined);
    const changes = collect<AgentChatThreadChangeDetail>('agent-chat-thread-change');
    try {
      const id = await el.importThread(text);
      await settle(el);
      expect(id).to.equal(JSON.parse(text).thread.id);
      expect(el.threadId).to.equal(id);
      expect(plain(el.getTurns())).to.deep.equal(plain(turnsA));
      expect(changes.events).to.deep.equal([{ threadId: id, reason: 'open' }]);
    } finally {
      changes.stop();
    }
    await sendAndWait(el, 'and on');
    expect(userTexts(el)).to.deep.equal(['kept in a file', 'and on']);
    expect(JSON.stringify(el.getTurns()[3])).to.contain('You said: and on (3 messages)');
    expect(await el.listThreads()).to.deep.equal([]);
    const data = await el.exportThread();
    expect(pathTurns(data)).to.deep.equal(el.getTurns());
    expect((await indexedDB.databases()).map((db) => db.name)).to.not.include('agent-chat');
    expect(notice(el)).to.equal(undefined);
  });
});
