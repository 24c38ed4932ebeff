/**
 * What a page going away may not have saved yet, kept in `localStorage` until it is.
 *
 * IndexedDB writes are asynchronous: a transaction made as the page unloads (on `pagehide`) often
 * does not complete, and one still waiting for a request's answer never does. `localStorage` is
 * written synchronously, so on `pagehide` and when the page is hidden the save queue also puts
 * there the nodes its saves have not finished writing (the newest version of each), with the
 * thread record. It takes that entry away once those saves are done; an entry still there when a
 * chat next opens the database is written into it then, and removed.
 *
 * One entry per chat (`agent-chat:<storage-key>:unsaved:<chat id>`), so chats of several tabs,
 * or several chats on one page, never overwrite each other's. What is read back is checked with
 * the same rules as stored records; an entry that is not valid is dropped with a warning.
 */
import { isRecord } from '../internal/guards.js';
import { parseNodeRecord, parseThreadRecord, type NodeRecord, type ThreadRecord } from './records.js';

export const UNSAVED_FORMAT = 'agent-chat-unsaved';
export const UNSAVED_VERSION = 1;

export interface UnsavedTail {
  format: typeof UNSAVED_FORMAT;
  version: typeof UNSAVED_VERSION;
  thread: ThreadRecord;
  /** The newest version of every node not known to be written, of `thread`. */
  nodes: NodeRecord[];
  /** Ids of the thread's nodes whose delete is not known to be written. */
  removed: string[];
  /**
   * The thread had a record in the database already: should it have none when the tail is read,
   * it was deleted meanwhile (e.g. in another tab), and the tail is not written.
   */
  stored: boolean;
}

/** Where the chats of database `storageKey` keep their unsaved tails. */
export const unsavedPrefix = (storageKey: string): string => `agent-chat:${storageKey}:unsaved:`;

/**
 * The most an entry may take (characters): the page's localStorage is the page's own, usually
 * 5 MB in all. An entry larger than this goes without its apps' HTML (a card restored without it
 * reads its resource again); one still larger is not kept, and the database save alone remains.
 */
export const UNSAVED_MAX_CHARS = 512 * 1024;

/** Writes `tail` under `key`, at once. False when it could not be (no localStorage, full, too big). */
export function keepUnsaved(storage: Storage | undefined, key: string, tail: Omit<UnsavedTail, 'format' | 'version'>): boolean {
  if (!storage) return false;
  let text = JSON.stringify({ format: UNSAVED_FORMAT, version: UNSAVED_VERSION, ...tail });
  if (text.length > UNSAVED_MAX_CHARS) {
    text = JSON.stringify({ format: UNSAVED_FORMAT, version: UNSAVED_VERSION, ...tail, nodes: tail.nodes.map(withoutAppHtml) });
    if (text.length > UNSAVED_MAX_CHARS) return false;
  }
  try {
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** A node without the HTML of its app cards (the largest part of most nodes that have one). */
function withoutAppHtml(node: NodeRecord): NodeRecord {
  const { turn } = node;
  if (turn.role !== 'assistant' || !turn.parts.some((part) => 'app' in part && part.app?.resource)) return node;
  const parts = turn.parts.map((part) => {
    if (!('app' in part) || !part.app?.resource) return part;
    const { resource: _resource, ...app } = part.app;
    return { ...part, app };
  });
  return { ...node, turn: { ...turn, parts } };
}

export function dropUnsaved(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // No localStorage: there is nothing to drop.
  }
}

/** Every tail kept for database `storageKey`, oldest first. Entries that are not valid are removed. */
export function unsavedTails(storage: Storage | undefined, storageKey: string): { key: string; tail: UnsavedTail }[] {
  if (!storage) return [];
  const prefix = unsavedPrefix(storageKey);
  const found: { key: string; tail: UnsavedTail }[] = [];
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) {
      const tail = parseUnsaved(storage.getItem(key));
      if (tail) found.push({ key, tail });
      else {
        console.warn(`agent-chat: dropped unsaved changes kept in localStorage ("${key}") that are not valid.`);
        storage.removeItem(key);
      }
    }
  } catch {
    return found;
  }
  return found.sort((a, b) => a.tail.thread.updated - b.tail.thread.updated);
}

/** An unsaved tail from its JSON text; undefined when it is not one (never throws). */
export function parseUnsaved(text: string | null): UnsavedTail | undefined {
  if (text === null) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(data)) return undefined;
  const { format, version, thread, nodes, removed, stored } = data;
  if (format !== UNSAVED_FORMAT || version !== UNSAVED_VERSION || typeof stored !== 'boolean') return undefined;
  const record = parseThreadRecord(thread);
  if (!record || !Array.isArray(nodes) || !Array.isArray(removed)) return undefined;
  if (!removed.every((id): id is string => typeof id === 'string')) return undefined;
  const parsed: NodeRecord[] = [];
  for (const node of nodes) {
    const checked = parseNodeRecord(node);
    if (!checked || checked.threadId !== record.id) return undefined;
    parsed.push(checked);
  }
  return { format: UNSAVED_FORMAT, version: UNSAVED_VERSION, thread: record, nodes: parsed, removed, stored };
}

/** The page's localStorage, or undefined where there is none or it may not be used. */
export function pageStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}
