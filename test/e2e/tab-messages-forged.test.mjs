/**
 * Tabs keep each other in step over a BroadcastChannel that any script of the origin can post on.
 * A forged "deleted" message about the thread a tab is streaming into must not make that tab drop
 * the reply's saves or leave the thread: the tab checks IndexedDB first, and the thread is there.
 * Built bundle, real IndexedDB, a real AG-UI stream (`@ag-ui/encoder`) paced over two seconds.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchChromium, openPage } from './browser.mjs';
import { chatPage, distBuilt, startPageServer, waitFor } from './mcp-fixtures.mjs';

const STORAGE_KEY = 'forged-tab-messages';
const PIECES = Array.from({ length: 20 }, (_, index) => `piece ${index}; `);

/** The thread record and its nodes, read with raw IndexedDB. */
const readThread = (page, threadId) =>
  page.evaluate(
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
            resolve({ thread: thread.result, nodes: nodes.result });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: STORAGE_KEY, threadId },
  );

describe('forged messages between tabs (built bundle)', () => {
  let pages;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    pages = await startPageServer(async (input, res, encoder) => {
      const send = (event) => res.write(encoder.encodeSSE(event));
      send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
      send({ type: 'TEXT_MESSAGE_START', messageId: `m-${input.runId}`, role: 'assistant' });
      for (const delta of PIECES) {
        send({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${input.runId}`, delta });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      send({ type: 'TEXT_MESSAGE_END', messageId: `m-${input.runId}` });
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
      res.end();
    });
    pages.setPage(chatPage('', { attributes: `storage-key="${STORAGE_KEY}"` }));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
  });

  it('a forged "deleted" for a stored thread leaves the streaming reply saved and the thread shown', async () => {
    const { page, problems } = await openPage(browser, pages.url);
    await page.evaluate(() => document.querySelector('agent-chat').listThreads());
    const ended = page.evaluate(
      () => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })),
    );
    await page.locator('agent-chat textarea').fill('stream slowly');
    await page.locator('agent-chat textarea').press('Enter');
    const threadId = await page.evaluate(() => document.querySelector('agent-chat').threadId);
    // The thread is in the database (the question saved) while the reply is still streaming.
    await waitFor(async () => (await readThread(page, threadId)).thread !== undefined, { message: 'the first save' });
    await page.waitForFunction(() => (document.querySelector('agent-chat').getTurns().at(-1)?.parts?.[0]?.text?.length ?? 0) > 0);

    // Another script of the origin posts what a tab that deleted the thread would post.
    await page.evaluate(
      ({ key, threadId }) => {
        const channel = new BroadcastChannel(`agent-chat:${key}`);
        channel.postMessage({ source: 'agent-chat', tab: 'forger', message: { kind: 'deleted', threadId } });
        channel.close();
      },
      { key: STORAGE_KEY, threadId },
    );

    const end = await ended;
    assert.equal(end.status, 'done');
    await page.evaluate(() => document.querySelector('agent-chat').exportThread());
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await page.evaluate(() => document.querySelector('agent-chat').threadId), threadId, 'the tab stays on its thread');
    const { thread, nodes } = await readThread(page, threadId);
    assert.ok(thread, 'the thread is still stored');
    const reply = nodes.find((node) => node.turn.role === 'assistant');
    const saved = reply?.turn.parts
      .filter((part) => part.kind === 'text')
      .map((part) => part.text)
      .join('');
    assert.equal(saved, PIECES.join(''), 'the whole reply was saved');

    // And after a reload, the whole reply comes back.
    await page.reload();
    await page.evaluate(() => document.querySelector('agent-chat').listThreads());
    const restored = await page.evaluate(() => document.querySelector('agent-chat').getTurns().at(-1));
    assert.equal(
      restored.parts
        .filter((part) => part.kind === 'text')
        .map((part) => part.text)
        .join(''),
      PIECES.join(''),
    );
    assert.deepEqual(problems, []);
  });
});
