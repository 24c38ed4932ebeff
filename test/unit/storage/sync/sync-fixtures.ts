/** What the sync's storage tests share: fresh database names, records to save, waiting. */
import type { NodeRecord, ThreadRecord } from '../../../../src/storage/records.js';

let counter = 0;
export const freshName = () => `sync-test-${Date.now()}-${counter++}-${Math.random().toString(36).slice(2)}`;

export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (fails after 5 s). */
export async function until(check: () => boolean | Promise<boolean>, what = 'the condition'): Promise<void> {
  const end = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

export const thread = (id: string, title = `Thread ${id}`, extra: Partial<ThreadRecord> = {}): ThreadRecord => ({
  id,
  title,
  titleSource: 'first-message',
  created: 1_000,
  updated: 1_000,
  ...extra,
});

export const userNode = (threadId: string, id: string, seq: number, parentId: string | null = null, text = `message ${id}`): NodeRecord => ({
  threadId,
  id,
  parentId,
  seq,
  turn: { role: 'user', id, text },
});

export const replyNode = (threadId: string, id: string, seq: number, parentId: string): NodeRecord => ({
  threadId,
  id,
  parentId,
  seq,
  turn: { role: 'assistant', id, status: 'done', parts: [] },
});
