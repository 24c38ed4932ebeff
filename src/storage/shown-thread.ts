/**
 * The thread whose conversation is shown: saves go there, even when the page has just set another
 * `thread-id` (a switch saves what is shown first, then opens the other).
 */
import type { Turn } from '../conversation/types.js';
import type { ThreadRecord } from './records.js';

const TITLE_LENGTH = 80;

export class ShownThread {
  /** Its record, as read or last saved, with what changed since (a title); none for a new thread. */
  record?: ThreadRecord;
  /** It has a record in the database (so an emptied conversation is saved too). */
  stored = false;
  private shownId?: string;

  /** `pageThreadId`: the element's `thread-id`, the thread shown until the keeper shows one. */
  constructor(private readonly pageThreadId: () => string) {}

  get id(): string {
    this.shownId ??= this.pageThreadId();
    return this.shownId;
  }

  /** Thread `id` is shown now: as read (`record`), or new. */
  show(id: string, record?: ThreadRecord): void {
    this.shownId = id;
    this.record = record;
    this.stored = record !== undefined;
  }

  /** Its record; a fresh one when it has none yet. */
  current(): ThreadRecord {
    const id = this.id;
    if (this.record?.id !== id) {
      const now = Date.now();
      this.record = { id, title: '', titleSource: 'first-message', created: now, updated: now };
    }
    return this.record;
  }

  /** Its record as the next save writes it, with `turns` shown (the first message names it). */
  next(turns: readonly Turn[], pathIncomplete: boolean): ThreadRecord {
    const current = this.current();
    const thread: ThreadRecord = { ...current, updated: Math.max(Date.now(), current.updated) };
    if (turns.length) thread.currentLeaf = turns[turns.length - 1].id;
    else delete thread.currentLeaf;
    if (thread.titleSource === 'first-message' && !thread.title && !pathIncomplete) thread.title = titleOf(turns);
    return thread;
  }

  /** A title from the backend, unless the person named the thread. */
  titleFromBackend(title: string): boolean {
    const trimmed = title.trim().slice(0, TITLE_LENGTH * 2);
    if (!trimmed) return false;
    const thread = this.current();
    if (thread.titleSource === 'person') return false;
    this.record = { ...thread, title: trimmed, titleSource: 'backend' };
    return true;
  }
}

/** A thread's title from its first message: the first line, cut to TITLE_LENGTH. */
export function titleOf(turns: readonly Turn[]): string {
  const first = turns.find((turn) => turn.role === 'user');
  const line = first?.role === 'user' ? first.text.trim().split('\n')[0] : '';
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}
