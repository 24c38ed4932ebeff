/**
 * A conversation's id stands in the resume request's path (`GET ${endpoint}/${id}/stream`). An id
 * of `.` or `..` survives encodeURIComponent and the URL parser resolves it away, so the request
 * would leave the endpoint (`/api/chat/../stream` is `/api/stream`). Such ids are refused where
 * they come in — an imported thread, the page's `thread-id` — and the built URL is checked to stay
 * under the endpoint. Built bundle against the real AI SDK test server, which logs every request.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatTurn } from './browser.mjs';
import { aiSdkSuite } from './ai-sdk-page.mjs';
import { sleep } from './mcp-fixtures.mjs';

const outsideEndpoint = (seen) => seen.filter((line) => !/^(GET|POST) \/api\/chat(\/|$)/.test(line));

describe('conversation ids never lead requests outside the endpoint (built bundle)', () => {
  const suite = aiSdkSuite();

  it('an imported thread whose id is "." or ".." is refused with a clear error', async () => {
    const { page, problems } = await suite.open('resume storage-key="dot-ids-import"');
    await page.evaluate(() => document.querySelector('agent-chat').listThreads());
    await chatTurn(page, 'hello');
    const exported = await page.evaluate(() => document.querySelector('agent-chat').exportThread());
    for (const id of ['..', '.']) {
      const outcome = await page.evaluate(
        async (file) => {
          try {
            return { id: await document.querySelector('agent-chat').importThread(file) };
          } catch (error) {
            return { error: String(error?.message ?? error) };
          }
        },
        { ...exported, thread: { ...exported.thread, id } },
      );
      assert.deepEqual(outcome, { error: `The conversation could not be imported: The thread's "id" cannot be "." or "..".` }, `an import with id ${id}`);
    }
    const ids = (await page.evaluate(() => document.querySelector('agent-chat').listThreads())).map((thread) => thread.id);
    assert.deepEqual(ids, [exported.thread.id], 'nothing else was stored');
    await page.reload();
    await page.evaluate(() => document.querySelector('agent-chat').listThreads());
    await sleep(500);
    assert.deepEqual(outsideEndpoint(suite.ai.seen), []);
    assert.deepEqual(problems, []);
  });

  it('thread-id=".." starts a conversation of its own, and resuming it stays under the endpoint', async () => {
    const { page, problems } = await suite.open('resume thread-id=".." storage-key="dot-ids-attribute"');
    const warnings = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.evaluate(() => document.querySelector('agent-chat').listThreads());
    const input = page.locator('agent-chat textarea');
    await input.fill('slow please');
    await input.press('Enter');
    await page.waitForFunction(() => (document.querySelector('agent-chat').getTurns().at(-1)?.parts[0]?.text?.length ?? 0) > 10);
    const threadId = await page.evaluate(() => document.querySelector('agent-chat').threadId);
    // Reloading mid-reply picks the reply up (with `resume`) from the thread last opened.
    await page.reload();
    await page.evaluate(() => document.querySelector('agent-chat').listThreads());
    await sleep(1500);
    assert.deepEqual(outsideEndpoint(suite.ai.seen), [], 'every request went to the endpoint or under it');
    assert.ok(threadId && threadId !== '..' && threadId !== '.', `a conversation id of its own, not ${JSON.stringify(threadId)}`);
    assert.ok(
      warnings.some((text) => /thread-id "\.\." cannot name a conversation/.test(text)),
      `a console warning: ${JSON.stringify(warnings)}`,
    );
    assert.deepEqual(problems, []);
  });
});
