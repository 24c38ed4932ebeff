/**
 * A thread as a file (`ThreadExport`, see records.ts) and back. The thread shown is written from
 * memory, which holds all of it (what could not be saved too, e.g. once the storage is full); any
 * other from the database. A file read in is checked first, and its app cards never run the
 * file's HTML.
 */
import { allNodes } from '../conversation/tree.js';
import type { Turn } from '../conversation/types.js';
import type { AgentChatStorageErrorDetail } from '../events.js';
import { newId } from '../internal/ids.js';
import { appsFromFile } from '../mcp/stored-apps.js';
import { portableNodes } from './attachment-records.js';
import type { ThreadRead } from './path-first-load.js';
import { EXPORT_FORMAT, EXPORT_VERSION, parseThreadExport, type ThreadExport, type ThreadRecord } from './records.js';
import { titleOf, type ShownThread } from './shown-thread.js';
import type { ThreadStore } from './thread-store.js';
import type { TreeMirror } from './tree-mirror.js';

/** What export and import need from the keeper. */
export interface ThreadFilesHost {
  readonly shown: ShownThread;
  readonly mirror: TreeMirror;
  store(): ThreadStore | undefined;
  turns(): readonly Turn[];
  /** Settles once the thread shown is all in memory (see `ThreadKeeper.whenComplete`). */
  whenComplete(): Promise<void>;
  flush(): Promise<void>;
  storageError(detail: AgentChatStorageErrorDetail): void;
  /** A file was added to the database as `record`: the other tabs hear of it, and it opens. */
  imported(record: ThreadRecord): Promise<void>;
  /** Shows a thread read from a file in memory (there is no database). */
  show(read: ThreadRead): void;
  /** The element's `thread-id`. */
  threadId(): string;
}

export class ThreadFiles {
  constructor(private readonly host: ThreadFilesHost) {}

  /** The thread as a file: the one shown from memory, any other from the database. */
  async exportThread(id: string): Promise<ThreadExport> {
    const { host } = this;
    if (id !== host.shown.id) {
      const store = host.store();
      if (!store) throw new Error(`There is no conversation "${id}" here.`);
      return store.exportThread(id);
    }
    await host.whenComplete();
    await host.flush();
    const thread = { ...host.shown.current() };
    const turns = host.turns();
    if (!thread.title) thread.title = titleOf(turns);
    if (turns.length) thread.currentLeaf = turns[turns.length - 1].id;
    return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported: Date.now(), thread, nodes: await portableNodes(allNodes(host.mirror.tree)) };
  }

  /**
   * Adds a thread from a file and opens it. An invalid file is refused with a clear error and
   * changes nothing. Without a database, the thread is opened in memory.
   */
  async importThread(data: unknown): Promise<string> {
    const { host } = this;
    const parsed = parseThreadExport(data);
    if (!parsed.ok) {
      const message = `The conversation could not be imported: ${parsed.error}`;
      host.storageError({ kind: 'invalid', message });
      throw new Error(message);
    }
    // A file is not this page's: its apps run only as this page's servers give them again.
    const file = withAppsMarked(parsed.value);
    const store = host.store();
    if (store) {
      const record = await store.importThread(file);
      await host.imported(record);
      return record.id;
    }
    await host.flush();
    const { thread, nodes } = file;
    host.show({ thread: { ...thread, id: thread.id === host.threadId() ? newId() : thread.id }, nodes: nodes.map((node) => ({ ...node, threadId: thread.id })) });
    return host.threadId();
  }
}

/** A file's app cards never run the file's HTML (see `appsFromFile`). */
function withAppsMarked(file: ThreadExport): ThreadExport {
  const nodes = file.nodes.map((node) => (node.turn.role === 'assistant' ? { ...node, turn: { ...node.turn, parts: appsFromFile(node.turn.parts) } } : node));
  return { ...file, nodes };
}
