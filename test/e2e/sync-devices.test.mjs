// `storage="remote"` end to end: the built widget in two browser contexts of one user ("laptop"
// and "phone": separate IndexedDB, as two devices), and a second user, against the demo server's
// thread store (the real handler on PGlite) and its scripted AG-UI agent. A thread made on one
// device opens on the other with its later states; both offline, both append, both online: both
// branches on both; a delete propagates; a file arrives; the other user sees nothing; 250 threads
// page; with the server gone, a reload opens the cached thread.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium } from './browser.mjs';

const PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>sync</title>
<body><agent-chat endpoint="/api/agent" storage="remote" storage-url="/store" storage-key="synced-chat" feedback attachments style="display:block;height:700px"></agent-chat>
<script type="module" src="/dist/agent-chat.js"></script></body></html>`;

let server;
let browser;
let pageUrl;

before(async () => {
  server = await startDemoServer({ delayMs: 0, log: () => {} });
  pageUrl = `${server.url}sync.html`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A device of `user`: a browser context of its own (its own IndexedDB), signed in to the demo
 * store; `requests` lists the URLs it asked for.
 */
async function device(user, { html = PAGE } = {}) {
  const context = await browser.newContext();
  if (user) await context.addCookies([{ name: 'demo-user', value: user, url: server.url }]);
  await context.route(pageUrl, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  const requests = [];
  context.on('request', (request) => requests.push(request.url()));
  await context.addInitScript(() => {
    window.__sync = [];
    window.__storageErrors = [];
    document.addEventListener('agent-chat-sync', (event) => window.__sync.push(event.detail), true);
    document.addEventListener('agent-chat-storage-error', (event) => window.__storageErrors.push(event.detail), true);
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await open(page);
  return { context, page, problems, requests };
}

async function open(page) {
  await page.goto(pageUrl);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await page.evaluate(() => document.querySelector('agent-chat').listThreads());
}

const chat = (page, body, arg) => page.evaluate(body, arg);
const threads = (page) => chat(page, () => document.querySelector('agent-chat').listThreads());
const turns = (page) => chat(page, () => document.querySelector('agent-chat').getTurns());
const userTexts = async (page) => (await turns(page)).filter((turn) => turn.role === 'user').map((turn) => turn.text);
const exported = (page, id) => chat(page, (id) => document.querySelector('agent-chat').exportThread(id), id);

/** Polls `check` until it returns something truthy (then resolves with it), for up to `ms`. */
async function until(check, what, ms = 20_000) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    last = await check();
    if (last) return last;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Sends `text` and waits for its reply to end. */
async function send(page, text) {
  return chat(
    page,
    (text) =>
      new Promise((resolve) => {
        const element = document.querySelector('agent-chat');
        element.addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true });
        void element.send(text);
      }),
    text,
  );
}

/** Waits until the device has nothing left to send (its last sync event says so, and no thread is marked). */
const synced = (page) =>
  until(
    () =>
      chat(page, async () => {
        const last = window.__sync.at(-1);
        if (last?.status !== 'synced' || last.pending !== 0) return false;
        // Saves written first (the export flushes), then no thread still marked.
        await document.querySelector('agent-chat').exportThread();
        return !(await document.querySelector('agent-chat').listThreads()).some((thread) => thread.pending);
      }),
    'the sync to finish',
  );

/** The store's REST paths, as `user` (the demo's cookie). */
const rest = (user, method, path, body) =>
  fetch(`${server.url}store/${path}`, {
    method,
    headers: { cookie: `demo-user=${user}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('storage="remote": one person on two devices, and another person', () => {
  let laptop;
  let phone;
  let threadId;

  before(async () => {
    laptop = await device('alice');
    phone = await device('alice');
  });

  it('a thread made on the laptop opens on the phone, and its later states follow', async () => {
    const end = await send(laptop.page, 'Hello from the laptop');
    assert.equal(end.status, 'done');
    threadId = await chat(laptop.page, () => document.querySelector('agent-chat').threadId);
    await synced(laptop.page);

    // The phone hears of it (the change stream) and lists it.
    const listed = await until(async () => (await threads(phone.page)).find((thread) => thread.id === threadId), 'the thread on the phone');
    assert.equal(listed.title, 'Hello from the laptop');
    await chat(phone.page, (id) => document.querySelector('agent-chat').openThread(id), threadId);
    await until(async () => (await turns(phone.page)).length === 2, 'both turns on the phone');
    assert.deepEqual(await userTexts(phone.page), ['Hello from the laptop']);
    const reply = (await turns(phone.page))[1];
    assert.equal(reply.status, 'done');
    const asJson = (value) => JSON.parse(JSON.stringify(value));
    assert.deepEqual(asJson(reply), asJson((await turns(laptop.page))[1]));

    // A rating given on the laptop later is a new version of the reply: it reaches the phone.
    await laptop.page.locator('agent-chat [part="feedback-button"]').first().click();
    await until(async () => (await turns(phone.page))[1]?.feedback === 'up', 'the rating on the phone');
  });

  it('a tool call and its result made on the phone reach the laptop', async () => {
    const end = await send(phone.page, 'What is the weather in Lisbon?');
    assert.equal(end.status, 'done');
    await synced(phone.page);
    const call = await until(async () => {
      const reply = (await turns(laptop.page)).at(-1);
      return reply?.role === 'assistant' && reply.parts.find((part) => part.kind === 'tool-call' && part.status === 'done');
    }, 'the tool call done on the laptop');
    assert.ok(call.result, 'the result came with it');
    assert.deepEqual(await userTexts(laptop.page), ['Hello from the laptop', 'What is the weather in Lisbon?']);
  });

  it('both offline, both append, both online: both branches on both devices', async () => {
    await laptop.context.setOffline(true);
    await phone.context.setOffline(true);
    // The replies fail (no network), as they do offline; the messages stay.
    await send(laptop.page, 'Written on the laptop while offline');
    await send(phone.page, 'Written on the phone while offline');
    const offline = await until(() => chat(laptop.page, () => window.__sync.findLast((detail) => detail.status === 'offline')), 'the offline status');
    assert.ok(offline.pending >= 1);
    // The list marks what has not reached the server; opened for the first time offline, it is there
    // (its code was loaded as syncing started).
    assert.equal((await threads(laptop.page)).find((thread) => thread.id === threadId)?.pending, true);
    await laptop.page.locator('agent-chat [part="threads-button"]').click();
    const item = laptop.page.locator(`agent-chat [part="thread-item"][data-id="${threadId}"]`);
    assert.equal(await item.getAttribute('data-sync'), 'pending');
    assert.match(await item.innerText(), /Not synced yet/);

    await laptop.context.setOffline(false);
    await phone.context.setOffline(false);
    const both = ['Written on the laptop while offline', 'Written on the phone while offline'];
    for (const device of [laptop, phone]) {
      await until(async () => {
        const file = await exported(device.page, threadId);
        const texts = file.nodes.filter((node) => node.turn.role === 'user').map((node) => node.turn.text);
        return both.every((text) => texts.includes(text));
      }, 'both branches');
    }
    await until(async () => (await item.getAttribute('data-sync')) === null, 'the mark gone once sent');
    // Each device keeps its own branch shown.
    assert.equal((await userTexts(laptop.page)).at(-1), both[0]);
    assert.equal((await userTexts(phone.page)).at(-1), both[1]);
    // The two messages are siblings: versions of one turn.
    const file = await exported(laptop.page, threadId);
    const parents = file.nodes.filter((node) => both.includes(node.turn.text)).map((node) => node.parentId);
    assert.equal(parents[0], parents[1]);
  });

  it('a file sent on the laptop arrives on the phone, bytes and all', async () => {
    // Reloaded: the laptop opens the thread from its own copy again (and its drawer is closed).
    await open(laptop.page);
    assert.equal(await chat(laptop.page, () => document.querySelector('agent-chat').threadId), threadId);
    const bytes = Buffer.from('PNG-ish bytes that are not an image, only a file: '.repeat(40));
    const chooser = laptop.page.waitForEvent('filechooser');
    await laptop.page.locator('agent-chat [part~="attach-button"]').click();
    await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: bytes });
    // Sent from the composer: the files in its tray go with the message.
    await chatTurn(laptop.page, 'Here is a file');
    await synced(laptop.page);
    // The phone shows its own branch (the laptop went on with the laptop's): the file is in the
    // thread it keeps, its bytes fetched since the thread is open there.
    const seen = await until(async () => {
      const file = await exported(phone.page, threadId);
      const node = file.nodes.find((node) => node.turn.text === 'Here is a file');
      const attachment = node?.turn.attachments?.[0];
      return attachment?.data && { text: node.turn.text, name: attachment.name, body: Buffer.from(attachment.data, 'base64').toString() };
    }, 'the file on the phone');
    assert.equal(seen.text, 'Here is a file');
    assert.equal(seen.name, 'notes.txt');
    assert.equal(seen.body, bytes.toString());
  });

  it('another person sees none of it, and gets 404s for its ids', async () => {
    const other = await device('bob');
    try {
      await until(() => chat(other.page, () => window.__sync.at(-1)?.status === 'synced'), "bob's first sync");
      assert.deepEqual(await threads(other.page), []);
      assert.equal((await rest('bob', 'GET', `threads/${threadId}`)).status, 404);
      assert.equal((await rest('bob', 'POST', `threads/${threadId}/nodes`, { nodes: [{ id: 'x', parentId: null, rev: 1 }] })).status, 404);
      assert.equal((await rest('alice', 'GET', `threads/${threadId}`)).status, 200);
      assert.deepEqual(other.problems, []);
    } finally {
      await other.context.close();
    }
  });

  it('a thread deleted on the phone goes from the laptop', async () => {
    await chat(phone.page, (id) => document.querySelector('agent-chat').deleteThread(id), threadId);
    await until(async () => !(await threads(laptop.page)).some((thread) => thread.id === threadId), 'the delete on the laptop');
    // The laptop showed it: a new conversation takes its place.
    assert.notEqual(await chat(laptop.page, () => document.querySelector('agent-chat').threadId), threadId);
    assert.equal((await rest('alice', 'GET', `threads/${threadId}`)).status, 404);
    assert.deepEqual(laptop.problems, []);
    assert.deepEqual(phone.problems, []);
  });
});

describe('storage="remote": many threads, and a server that is gone', () => {
  it('loads the sync only with storage="remote"', async () => {
    const local = await device('frank', { html: PAGE.replace('storage="remote"', 'storage="indexeddb"') });
    try {
      await send(local.page, 'Kept here only');
      assert.ok(
        local.requests.some((url) => /\/thread-keeper-[\w-]+\.js$/.test(url)),
        'the storage chunk loaded',
      );
      assert.equal(local.requests.filter((url) => /remote-sync|\/store\//.test(url)).length, 0, 'no sync chunk, no request to the store');
      assert.equal((await rest('frank', 'GET', 'threads')).status, 200);
      assert.deepEqual((await (await rest('frank', 'GET', 'threads')).json()).threads, []);
    } finally {
      await local.context.close();
    }
    const synced = await device('frank');
    try {
      assert.ok(
        synced.requests.some((url) => /\/remote-sync-[\w-]+\.js$/.test(url)),
        'the sync chunk loaded',
      );
    } finally {
      await synced.context.close();
    }
  });

  it('lists 250 threads made elsewhere, a page at a time', async () => {
    for (let i = 0; i < 250; i++) {
      const response = await rest('carol', 'PUT', `threads/many-${i}`, { title: `Thread number ${i}` });
      assert.equal(response.status < 300, true);
    }
    const { context, page } = await device('carol');
    try {
      const listed = await until(async () => {
        const list = await threads(page);
        return list.length === 250 && list;
      }, '250 threads');
      assert.equal(new Set(listed.map((thread) => thread.title)).size, 250);
    } finally {
      await context.close();
    }
  });

  it('with the server gone, a reload opens the cached thread and keeps what is written', async () => {
    const phone = await device('dave');
    try {
      await send(phone.page, 'Kept on this device');
      await synced(phone.page);
      const id = await chat(phone.page, () => document.querySelector('agent-chat').threadId);
      // The conversation server vanishes (the page itself still loads).
      await phone.context.route('**/store/**', (route) => route.abort('connectionrefused'));
      await open(phone.page);
      await until(async () => (await userTexts(phone.page)).includes('Kept on this device'), 'the cached thread');
      assert.equal(await chat(phone.page, () => document.querySelector('agent-chat').threadId), id);
      await send(phone.page, 'Written while the server is gone');
      const status = await until(() => chat(phone.page, () => window.__sync.find((detail) => detail.status === 'offline')), 'the offline status');
      assert.match(status.message, /could not be reached/);
      // Back: what was written goes up.
      await phone.context.unroute('**/store/**');
      await chat(phone.page, () => window.dispatchEvent(new Event('online')));
      await until(async () => {
        const answer = await (await rest('dave', 'GET', `threads/${id}`)).json();
        return answer.nodes?.some((node) => node.turn?.text === 'Written while the server is gone');
      }, 'the message on the server');
    } finally {
      await phone.context.close();
    }
  });

  it('without the event stream (a 404), hears of changes by polling', async () => {
    const laptop = await device('grace');
    const phone = await device('grace');
    try {
      // The phone's store offers no event stream: it polls (every 10 s at most) instead.
      await phone.context.route('**/store/events', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"Not found."}' }));
      await open(phone.page);
      const eventsAsked = phone.requests.filter((url) => url.endsWith('/store/events')).length;
      await send(laptop.page, 'Heard by polling');
      await synced(laptop.page);
      const id = await chat(laptop.page, () => document.querySelector('agent-chat').threadId);
      await until(async () => (await threads(phone.page)).some((thread) => thread.id === id), 'the thread polled in', 25_000);
      // It did not keep asking for the stream.
      assert.ok(phone.requests.filter((url) => url.endsWith('/store/events')).length - eventsAsked <= 1);
    } finally {
      await laptop.context.close();
      await phone.context.close();
    }
  });

  it('another person signing in on the same element (a new storage-key) gets nothing of the first', async () => {
    const shared = await device('henry');
    try {
      await send(shared.page, "Henry's private message");
      await synced(shared.page);
      const henrys = await chat(shared.page, () => document.querySelector('agent-chat').threadId);
      // The page signs Ivy in: her cookie, her database.
      await shared.context.addCookies([{ name: 'demo-user', value: 'ivy', url: server.url }]);
      await chat(shared.page, () => document.querySelector('agent-chat').setAttribute('storage-key', 'synced-chat-ivy'));
      await until(async () => (await chat(shared.page, () => document.querySelector('agent-chat').threadId)) !== henrys, 'a conversation of her own');
      assert.deepEqual(await turns(shared.page), []);
      await send(shared.page, "Ivy's first message");
      const ivys = await until(async () => {
        const answer = await (await rest('ivy', 'GET', 'threads')).json();
        return answer.threads.length > 0 && answer;
      }, "Ivy's thread on the server");
      assert.deepEqual(
        ivys.threads.map((thread) => thread.title),
        ["Ivy's first message"],
      );
      assert.equal((await rest('ivy', 'GET', `threads/${henrys}`)).status, 404);
      assert.deepEqual(
        (await threads(shared.page)).map((thread) => thread.title),
        ["Ivy's first message"],
      );
      // Henry's conversation stayed in his database, whole.
      assert.equal((await (await rest('henry', 'GET', `threads/${henrys}`)).json()).nodes.length, 2);
    } finally {
      await shared.context.close();
    }
  });

  it('a rename made on another device is not undone by a device that reloads with the old name', async () => {
    const laptop = await device('judy');
    const phone = await device('judy');
    try {
      await send(laptop.page, 'Trip to Lisbon');
      await synced(laptop.page);
      const id = await chat(laptop.page, () => document.querySelector('agent-chat').threadId);
      await until(async () => (await threads(phone.page)).some((thread) => thread.id === id), 'the thread on the phone');
      await laptop.context.route('**/store/**', (route) => route.abort('connectionrefused'));
      await chat(phone.page, (id) => document.querySelector('agent-chat').renameThread(id, 'Lisbon and Sintra, May'), id);
      await synced(phone.page);
      // The laptop, cut off, reloads and writes to the thread under its old name.
      await open(laptop.page);
      await send(laptop.page, 'One more thing');
      await laptop.context.unroute('**/store/**');
      await chat(laptop.page, () => window.dispatchEvent(new Event('online')));
      await until(async () => {
        const answer = await (await rest('judy', 'GET', `threads/${id}`)).json();
        return answer.nodes?.some((node) => node.turn?.text === 'One more thing');
      }, "the laptop's message on the server");
      assert.equal((await (await rest('judy', 'GET', `threads/${id}`)).json()).thread.title, 'Lisbon and Sintra, May');
      await until(async () => (await threads(laptop.page)).find((thread) => thread.id === id)?.title === 'Lisbon and Sintra, May', "the phone's name on the laptop");
      // A name longer than the store takes goes cut, and holds nothing else back.
      await chat(laptop.page, (id) => document.querySelector('agent-chat').renameThread(id, 'x'.repeat(1500)), id);
      await chat(laptop.page, () => document.querySelector('agent-chat').newThread());
      await send(laptop.page, 'After a long name');
      await synced(laptop.page);
      const listed = (await (await rest('judy', 'GET', 'threads')).json()).threads;
      assert.equal(listed.find((thread) => thread.id === id).title, 'x'.repeat(1000));
      assert.ok(listed.some((thread) => thread.title === 'After a long name'));
    } finally {
      await laptop.context.close();
      await phone.context.close();
    }
  });

  it('a 401 pauses the sync with a notice, loses nothing, and goes on once signed in again', async () => {
    const laptop = await device('erin');
    try {
      await send(laptop.page, 'Before the session ran out');
      await synced(laptop.page);
      await laptop.context.clearCookies();
      await send(laptop.page, 'After the session ran out');
      const refused = await until(() => chat(laptop.page, () => window.__storageErrors.find((detail) => detail.kind === 'signed-out')), 'the signed-out notice');
      assert.match(refused.message, /401/);
      await laptop.page.locator('agent-chat [part="storage-notice"]').waitFor();
      const notice = laptop.page.locator('agent-chat [part="storage-notice"]');
      assert.match(await notice.innerText(), /sign in again/);
      // Nothing to export: the conversation is still saved here.
      assert.equal(await notice.locator('button', { hasText: 'Export' }).count(), 0);
      // Signed in again: dismissing the notice (or setting new headers) goes on.
      await laptop.context.addCookies([{ name: 'demo-user', value: 'erin', url: server.url }]);
      await laptop.page.locator('agent-chat [part="storage-notice"] button', { hasText: 'Dismiss' }).click();
      const id = await chat(laptop.page, () => document.querySelector('agent-chat').threadId);
      await until(async () => {
        const answer = await (await rest('erin', 'GET', `threads/${id}`)).json();
        return answer.nodes?.some((node) => node.turn?.text === 'After the session ran out');
      }, 'the message on the server after signing in');
    } finally {
      await laptop.context.close();
    }
  });
});
