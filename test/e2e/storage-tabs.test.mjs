// Conversations kept in IndexedDB, seen from two tabs of one browser profile (one Playwright
// context, two pages: they share the origin's IndexedDB, localStorage and BroadcastChannel), on
// the built bundle and the demo's scripted agent: a second tab restores the thread and follows it,
// concurrent writes leave a well-formed tree, and a deletion reaches the other tab.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium } from './browser.mjs';

/** The database and the element the demo page uses (`storage-key` default). */
const DB_NAME = 'agent-chat';

/**
 * Opens `url` in a page of `context`, collecting page errors and console errors (as `openPage` in
 * browser.mjs does for a page of its own context), and waits until the chat's storage is open.
 */
async function openTab(context, url) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  // listThreads() waits until the database is open and the first thread is shown.
  await page.evaluate(() => document.querySelector('agent-chat').listThreads());
  return { page, problems };
}

/** A context whose pages record every thread change and storage error from the start. */
async function newProfile(browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.__chatEvents = [];
    for (const type of ['agent-chat-thread-change', 'agent-chat-storage-error']) {
      document.addEventListener(type, (event) => window.__chatEvents.push({ type, detail: event.detail }), true);
    }
  });
  return context;
}

const chatEvents = (page, type) => page.evaluate((type) => window.__chatEvents.filter((event) => event.type === type).map((event) => event.detail), type);
const turnsOf = (page) => page.evaluate(() => document.querySelector('agent-chat').getTurns());
const threadIdOf = (page) => page.evaluate(() => document.querySelector('agent-chat').threadId);
const listThreads = (page) => page.evaluate(() => document.querySelector('agent-chat').listThreads());
/** Waits until the page's saves have been written (exportThread flushes first). */
const flushed = (page) =>
  page.evaluate(() =>
    document
      .querySelector('agent-chat')
      .exportThread()
      .then(() => undefined),
  );
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `text` with the element's send() at wall-clock time `at` (ms); resolves with the response-end detail. */
function sendAt(page, text, at) {
  return page.evaluate(
    ({ text, at }) =>
      new Promise((resolve, reject) => {
        const chat = document.querySelector('agent-chat');
        chat.addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true });
        const send = () => chat.send(text).then((id) => id || reject(new Error(`send(${JSON.stringify(text)}) resolved with null`)));
        setTimeout(send, Math.max(0, at - Date.now()));
      }),
    { text, at },
  );
}

/** Polls `read()` until `done(value)` or the timeout; resolves with the last value either way. */
async function poll(read, done, { timeoutMs = 5000, everyMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(everyMs);
    value = await read();
  }
  return value;
}

/** The thread record and all its node records, read with raw IndexedDB in `page`. */
function readThread(page, threadId) {
  return page.evaluate(
    ({ name, threadId }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['threads', 'nodes'], 'readonly');
          const thread = tx.objectStore('threads').get(threadId);
          const nodes = tx.objectStore('nodes').index('threadId').getAll(threadId);
          tx.oncomplete = () => {
            db.close();
            resolve({ thread: thread.result, nodes: nodes.result, version: db.version });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: DB_NAME, threadId },
  );
}

/** Every stored thread with its nodes, read with raw IndexedDB in `page`. */
function readAllThreads(page) {
  return page.evaluate(
    (name) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['threads', 'nodes'], 'readonly');
          const threads = tx.objectStore('threads').getAll();
          const nodes = tx.objectStore('nodes').getAll();
          tx.oncomplete = () => {
            db.close();
            resolve(threads.result.map((thread) => ({ thread, nodes: nodes.result.filter((node) => node.threadId === thread.id) })));
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    DB_NAME,
  );
}

/** What is wrong with a stored thread's tree: missing parents, a current leaf that is not there. */
function treeProblems({ thread, nodes }) {
  const ids = new Set(nodes.map((node) => node.id));
  const problems = nodes
    .filter((node) => node.parentId !== null && !ids.has(node.parentId))
    .map((node) => `node ${node.id} (${node.turn.role}): its parent ${node.parentId} is not stored`);
  if (thread.currentLeaf && !ids.has(thread.currentLeaf)) problems.push(`the current leaf ${thread.currentLeaf} is not stored`);
  return problems;
}

describe('conversations in IndexedDB across two tabs, on the built bundle', () => {
  const limit = { timeout: 60_000 };
  let server;
  let browser;
  let context;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: () => {} });
    browser = await launchChromium();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a second tab restores the thread, follows the first tab’s new turns (reason "synced") and lists it', limit, async () => {
    context = await newProfile(browser);
    const a = await openTab(context, server.url);
    const end = await chatTurn(a.page, 'hello');
    assert.equal(end.status, 'done');
    await flushed(a.page);
    const threadId = await threadIdOf(a.page);
    assert.ok(threadId, 'A has a thread id');

    // B opens the same page afterwards: the last thread opened in this profile is shown again.
    const b = await openTab(context, server.url);
    const turnsA = await turnsOf(a.page);
    assert.equal(turnsA.length, 2);
    const turnsB = await poll(
      () => turnsOf(b.page),
      (turns) => turns.length === turnsA.length,
    );
    assert.equal(await threadIdOf(b.page), threadId);
    assert.deepEqual(turnsB, turnsA, 'B shows the turns A saved, as A shows them');
    assert.deepEqual(
      (await chatEvents(b.page, 'agent-chat-thread-change')).map((detail) => detail.reason),
      ['open'],
      'B announced the restored thread once',
    );

    // A goes on; B, idle on the same thread, follows within a few seconds.
    const second = await chatTurn(a.page, 'What is the weather in Lisbon?');
    assert.equal(second.status, 'done');
    await flushed(a.page);
    const turnsA2 = await turnsOf(a.page);
    assert.equal(turnsA2.length, 4);
    const turnsB2 = await poll(
      () => turnsOf(b.page),
      (turns) => turns.length === turnsA2.length && turns.at(-1).status === 'done' && turns.at(-1).id === turnsA2.at(-1).id,
    );
    assert.deepEqual(turnsB2, turnsA2, 'B shows A’s new turns');
    // B's view is not one frame behind its state: the new reply is in B's log.
    await b.page.locator('agent-chat agent-chat-message').last().getByText('Lisbon').first().waitFor();
    const synced = await chatEvents(b.page, 'agent-chat-thread-change');
    assert.ok(
      synced.some((detail) => detail.reason === 'synced' && detail.threadId === threadId),
      `B got a "synced" thread change: ${JSON.stringify(synced)}`,
    );

    const listed = await listThreads(b.page);
    const entry = listed.find((thread) => thread.id === threadId);
    assert.ok(entry, `B lists A’s thread: ${JSON.stringify(listed)}`);
    assert.equal(entry.title, 'hello', 'titled by its first message');
    assert.equal(listed[0].id, threadId, 'most recent first');

    for (const tab of [a, b]) assert.deepEqual(await chatEvents(tab.page, 'agent-chat-storage-error'), []);
    assert.deepEqual(a.problems, [], 'no errors in A');
    assert.deepEqual(b.problems, [], 'no errors in B');
  });

  it('two tabs sending at once on the same thread leave a well-formed tree: two branches, nothing lost', limit, async () => {
    context = await newProfile(browser);
    const a = await openTab(context, server.url);
    await chatTurn(a.page, 'hello');
    await flushed(a.page);
    const threadId = await threadIdOf(a.page);
    const b = await openTab(context, server.url);
    await poll(
      () => turnsOf(b.page),
      (turns) => turns.length === 2,
    );
    assert.equal(await threadIdOf(b.page), threadId, 'both tabs show the same thread');
    const [firstUser, firstReply] = await turnsOf(a.page);

    // Both send at the same moment, from the same state [hello, reply]: each page calls send() at
    // the same wall-clock time (typing in two pages one after the other could let one tab hear of
    // the other's message first, and then its message would simply follow it). The demo agent
    // answers within a few frames, so each tab's request is also held until the other tab's has
    // gone out: the two replies stream, and are saved, side by side.
    let arrived = 0;
    let release;
    const bothSent = new Promise((resolve) => (release = resolve));
    const gate = async (route) => {
      if (++arrived === 2) release();
      await bothSent;
      await route.continue();
    };
    await a.page.route('**/api/agent', gate);
    await b.page.route('**/api/agent', gate);
    const textA = 'What is the weather in Lisbon?';
    const textB = 'What is the weather in Oslo?';
    const at = Date.now() + 300;
    const [endA, endB] = await Promise.all([sendAt(a.page, textA, at), sendAt(b.page, textB, at)]);
    await a.page.unroute('**/api/agent', gate);
    await b.page.unroute('**/api/agent', gate);
    assert.equal(endA.status, 'done');
    assert.equal(endB.status, 'done');
    // Let the saves land and the other tab hear of them (announce → reload of an idle tab).
    await Promise.all([flushed(a.page), flushed(b.page)]);
    await sleep(1000);
    await Promise.all([flushed(a.page), flushed(b.page)]);

    // What the database holds, read directly in a third tab.
    const c = await openTab(context, server.url);
    const { thread, nodes } = await readThread(c.page, threadId);
    assert.ok(thread, 'the thread record is there');
    const ids = nodes.map((node) => node.id);
    assert.equal(new Set(ids).size, ids.length, `no duplicate node ids: ${ids.join(', ')}`);
    const byId = new Map(nodes.map((node) => [node.id, node]));
    for (const node of nodes) {
      assert.ok(node.parentId === null || byId.has(node.parentId), `node ${node.id}: its parent ${node.parentId} is in the thread`);
      assert.equal(node.threadId, threadId);
      assert.equal(node.turn.id, node.id);
    }
    const users = nodes.filter((node) => node.turn.role === 'user');
    const sentA = users.find((node) => node.turn.text === textA);
    const sentB = users.find((node) => node.turn.text === textB);
    assert.ok(sentA, `A’s message is stored (user nodes: ${JSON.stringify(users.map((node) => node.turn.text))})`);
    assert.ok(sentB, `B’s message is stored (user nodes: ${JSON.stringify(users.map((node) => node.turn.text))})`);
    assert.ok(thread.currentLeaf && byId.has(thread.currentLeaf), `the current leaf ${thread.currentLeaf} is one of the nodes`);

    // The outcome: both messages were sent after the same first reply, so the tree forks there —
    // two sibling branches (hello → reply → A's question → A's reply, and → B's question → B's
    // reply), each tab having written only its own nodes (nodes are keyed [threadId, id], ids are
    // unique). The thread record is a last-writer-wins field: its currentLeaf is the reply of the
    // tab that saved last, and the other tab, idle by then, reloads and shows that branch too (with
    // the switcher on the fork). Reloading must not delete the branch that tab showed before: with
    // the 'synced' reload saved as a path replacement, the tab that finished first would delete its
    // own message and reply from the database.
    assert.equal(nodes.length, 6, `hello, its reply, two questions, two replies: ${ids.join(', ')}`);
    assert.equal(sentA.parentId, firstReply.id, 'A’s message follows the first reply');
    assert.equal(sentB.parentId, firstReply.id, 'B’s message follows the first reply');
    assert.equal(byId.get(firstReply.id).parentId, firstUser.id);
    for (const sent of [sentA, sentB]) {
      const replies = nodes.filter((node) => node.parentId === sent.id);
      assert.equal(replies.length, 1, `one reply below ${sent.turn.text}`);
      assert.equal(replies[0].turn.role, 'assistant');
      assert.equal(replies[0].turn.status, 'done');
    }

    // A fresh tab opens the thread without a storage error and shows a valid path to the current leaf.
    const d = await openTab(context, server.url);
    assert.equal(await d.page.evaluate((id) => document.querySelector('agent-chat').openThread(id), threadId), true);
    const path = await turnsOf(d.page);
    assert.equal(new Set(path.map((turn) => turn.id)).size, path.length, 'each turn of the path is distinct');
    assert.equal(path.length, 4);
    assert.equal(path.at(-1).id, thread.currentLeaf, 'the path ends at the current leaf');
    path.forEach((turn, index) => {
      assert.equal(byId.get(turn.id)?.parentId ?? null, index === 0 ? null : path[index - 1].id, `turn ${index} follows the one before it`);
    });
    // The fork is offered as versions of the message.
    const switcher = d.page.locator('agent-chat agent-chat-message').nth(2).locator('[part="branch-switcher"]');
    await switcher.waitFor();
    assert.match(await switcher.getAttribute('aria-label'), /^Version [12] of 2$/);

    // Both tabs end up on the branch the database calls current.
    for (const tab of [a, b]) {
      const shown = await poll(
        () => turnsOf(tab.page),
        (turns) => turns.at(-1)?.id === thread.currentLeaf,
      );
      assert.equal(shown.at(-1)?.id, thread.currentLeaf, 'the tab shows the current branch');
    }

    for (const tab of [a, b, c, d]) assert.deepEqual(await chatEvents(tab.page, 'agent-chat-storage-error'), []);
    for (const [name, tab] of Object.entries({ a, b, c, d })) assert.deepEqual(tab.problems, [], `no errors in ${name}`);
  });

  it('deleting a thread in one tab removes it from the other tab’s list, and that tab starts a new thread', limit, async () => {
    context = await newProfile(browser);
    const a = await openTab(context, server.url);
    await chatTurn(a.page, 'hello');
    await flushed(a.page);
    const threadId = await threadIdOf(a.page);
    const b = await openTab(context, server.url);
    await poll(
      () => turnsOf(b.page),
      (turns) => turns.length === 2,
    );
    assert.equal(await threadIdOf(b.page), threadId);
    assert.ok((await listThreads(b.page)).some((thread) => thread.id === threadId));

    await a.page.evaluate((id) => document.querySelector('agent-chat').deleteThread(id), threadId);

    const listed = await poll(
      () => listThreads(b.page),
      (threads) => !threads.some((thread) => thread.id === threadId),
    );
    assert.ok(!listed.some((thread) => thread.id === threadId), `gone from B’s list: ${JSON.stringify(listed)}`);
    const changes = await poll(
      () => chatEvents(b.page, 'agent-chat-thread-change'),
      (details) => details.some((detail) => detail.reason === 'deleted'),
    );
    const deleted = changes.find((detail) => detail.reason === 'deleted');
    assert.ok(deleted, `B got a "deleted" thread change: ${JSON.stringify(changes)}`);
    assert.notEqual(deleted.threadId, threadId, 'B moved to another thread');
    assert.equal(await threadIdOf(b.page), deleted.threadId);
    assert.deepEqual(await turnsOf(b.page), [], 'B shows an empty conversation');
    // A, which deleted the thread it showed, moved on too.
    assert.notEqual(await threadIdOf(a.page), threadId);
    assert.deepEqual(await turnsOf(a.page), []);
    assert.ok(!(await listThreads(a.page)).some((thread) => thread.id === threadId));
    const { thread, nodes } = await readThread(b.page, threadId);
    assert.equal(thread, undefined, 'the thread record is gone');
    assert.deepEqual(nodes, [], 'its nodes are gone');

    for (const tab of [a, b]) assert.deepEqual(await chatEvents(tab.page, 'agent-chat-storage-error'), []);
    assert.deepEqual(a.problems, [], 'no errors in A');
    assert.deepEqual(b.problems, [], 'no errors in B');
  });

  it('a thread deleted while the other tab’s reply streams in it does not come back in part', limit, async () => {
    context = await newProfile(browser);
    const a = await openTab(context, server.url);
    await chatTurn(a.page, 'hello');
    await flushed(a.page);
    const threadId = await threadIdOf(a.page);
    const b = await openTab(context, server.url);
    await poll(
      () => turnsOf(b.page),
      (turns) => turns.length === 2,
    );

    // B sends; its request is held, so its reply is still under way when A deletes the thread.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await b.page.route('**/api/agent', async (route) => {
      await held;
      await route.continue();
    });
    const question = 'What is the weather in Oslo?';
    const ended = sendAt(b.page, question, Date.now());
    const stored = await poll(
      () => readThread(a.page, threadId),
      ({ nodes }) => nodes.some((node) => node.turn.text === question),
    );
    assert.ok(
      stored.nodes.some((node) => node.turn.text === question),
      'B’s question was saved before the delete',
    );
    await a.page.evaluate((id) => document.querySelector('agent-chat').deleteThread(id), threadId);
    await poll(
      () => listThreads(b.page),
      (threads) => !threads.some((thread) => thread.id === threadId),
    );
    release();
    assert.equal((await ended).status, 'done');
    await flushed(b.page);
    await sleep(500);

    const shownByB = await turnsOf(b.page);
    for (const entry of await readAllThreads(a.page)) {
      assert.deepEqual(treeProblems(entry), [], `stored thread ${entry.thread.id} ("${entry.thread.title}") is whole`);
      if (entry.thread.id === threadId) {
        // Kept after all (B was in the middle of it): then with everything B shows.
        const ids = new Set(entry.nodes.map((node) => node.id));
        assert.ok(
          shownByB.every((turn) => ids.has(turn.id)),
          'a thread saved again holds the whole conversation',
        );
      }
    }
    assert.deepEqual(a.problems, [], 'no errors in A');
    assert.deepEqual(b.problems, [], 'no errors in B');
  });
});
