/**
 * Opening a saved thread path first: the last turns of the path it shows are read (walking up
 * from its current leaf) and shown at once; the rest of the thread is read at idle, in chunks, and
 * merged in. Until then the keeper holds a partial tree whose topmost node, the "cut" (the parent
 * of the first turn shown), stands for everything above it: the turns shown sync below it with
 * their true parents, so what is saved meanwhile is right, and nothing is written as if the
 * partial tree were the whole. What needs the whole history waits for it (the keeper's `whenComplete`).
 */
import { turnFromPage } from '../conversation/public-turns.js';
import { latestLeaf, pathTo, siblingsOf, syncPath, treeFromNodes, type ConversationTree, type TreeChange, type TreeNode } from '../conversation/tree.js';
import type { Turn } from '../conversation/types.js';
import type { NodeRecord, ThreadRecord } from './records.js';
import { whenIdle } from '../internal/idle.js';
import { StorageError } from './storage-error.js';
import type { ThreadStore } from './thread-store.js';

/**
 * Path turns read before the thread is shown: more than the element draws first (12) plus one
 * "earlier" step (40), so the first step never waits.
 */
export const PATH_FIRST_TURNS = 64;
/** A thread of at most this many nodes is read whole at once: one read costs less than the walk's gets. */
export const READ_WHOLE_UP_TO = 256;
/** Nodes per read of the rest: each read's copy out of the database and its checks stay a short task. */
export const REST_CHUNK = 1000;

/** A stored turn as the chat shows it: what was streaming did not complete (see `turnFromPage`). */
export function shownTurn(turn: Turn, index = 0): Turn {
  const stopped = turn.role === 'assistant' && turn.status === 'streaming' ? { ...turn, status: 'cancelled' as const } : turn;
  return turnFromPage(stopped, index, false);
}

/** A stored node for the tree, its turn as shown (kept as stored if it cannot be). */
function treeNode({ threadId: _threadId, ...node }: NodeRecord): TreeNode {
  try {
    return { ...node, turn: shownTurn(node.turn) };
  } catch {
    return node;
  }
}

/** What to show of a stored thread; `interrupted`: the last reply was still streaming when saved. */
export interface StoredView {
  tree: ConversationTree;
  turns: Turn[];
  interrupted?: string;
  /** Set when only the end of the path was read. */
  partial?: PartialLoad;
}

/** A thread read whole. Throws (like `turnFromPage`) when a turn of the path cannot be shown. */
export function wholeThreadView(thread: ThreadRecord, nodes: readonly NodeRecord[]): StoredView {
  const tree = treeFromNodes(nodes.map(({ threadId: _threadId, ...node }) => node));
  const leaf = thread.currentLeaf && tree.nodes.has(thread.currentLeaf) ? thread.currentLeaf : lastLeafOf(tree);
  const path = leaf ? pathTo(tree, leaf) : [];
  const turns = path.map(shownTurn);
  const last = path[path.length - 1];
  return { tree: syncPath(tree, turns, 'branch').tree, turns, interrupted: last?.role === 'assistant' && last.status === 'streaming' ? last.id : undefined };
}

/**
 * The end of a thread's path (`getPathEnd`, root side first): its last `count` turns, and above
 * them the cut, which becomes the partial tree's root. Throws like `wholeThreadView`.
 */
export function pathEndView(thread: ThreadRecord, path: readonly NodeRecord[], count: number): StoredView {
  const nodes = path.map(({ threadId: _threadId, ...node }, index) => ({ ...node, turn: shownTurn(node.turn, index) }));
  // The topmost node's parent is not read: it becomes a root.
  const tree = treeFromNodes(nodes);
  const all = pathTo(tree, nodes[nodes.length - 1].id);
  const cut = nodes.length > count && nodes[0].parentId !== null ? tree.nodes.get(nodes[0].id) : undefined;
  const turns = cut ? all.slice(1) : all;
  const leaf = path[path.length - 1].turn;
  const interrupted = leaf.role === 'assistant' && leaf.status === 'streaming' ? leaf.id : undefined;
  return { tree, turns, interrupted, partial: new PartialLoad(thread.id, cut, turns[0]?.id, cut ? nodes[0].parentId : null) };
}

/** What is read of a saved thread to show it: the end of its path, or all its nodes. */
export interface ThreadRead {
  thread: ThreadRecord;
  path?: NodeRecord[];
  nodes?: readonly NodeRecord[];
}

/** The end of the thread's path, or all of it when its path cannot be walked; undefined when there is none. */
export async function readThreadEnd(store: ThreadStore, id: string): Promise<ThreadRead | undefined> {
  const end = await store.getPathEnd(id, PATH_FIRST_TURNS, READ_WHOLE_UP_TO);
  return !end || end.path || end.nodes ? end : store.getThread(id);
}

/** What to show of what was read. Throws like `wholeThreadView`. */
export function storedView({ thread, path, nodes }: ThreadRead): StoredView {
  return path ? pathEndView(thread, path, PATH_FIRST_TURNS) : wholeThreadView(thread, nodes ?? []);
}

/** The most recently created leaf of a tree. */
function lastLeafOf(tree: ConversationTree): string | undefined {
  let latest: TreeNode | undefined;
  for (const node of tree.nodes.values()) if (!latest || node.seq > latest.seq) latest = node;
  return latest ? latestLeaf(tree, latest.id) : undefined;
}

/** Resolves when the page is idle (or soon, if it never is): the rest is read between frames. */
function idle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve, 200));
}

/** Every node of the thread by id, read in chunks at idle; undefined once `wanted()` says to stop. */
export async function readWholeThread(store: ThreadStore, threadId: string, wanted: () => boolean): Promise<Map<string, TreeNode> | undefined> {
  const nodes = new Map<string, TreeNode>();
  let invalid = 0;
  let after: string | undefined;
  do {
    await idle();
    if (!wanted()) return undefined;
    const chunk = await store.readNodes(threadId, after, REST_CHUNK);
    for (const node of chunk.nodes) nodes.set(node.id, treeNode(node));
    invalid += chunk.invalid;
    after = chunk.last;
  } while (after !== undefined);
  if (invalid > 0) console.warn(`agent-chat: left out ${invalid} stored node(s) of thread ${JSON.stringify(threadId)} that are not valid.`);
  return nodes;
}

/** The nodes read whole: by id (as `readWholeThread` gives them) or a list. */
type Stored = ReadonlyMap<string, TreeNode> | readonly TreeNode[];

export interface MergedThread {
  tree: ConversationTree;
  /** The whole path shown: the path down to the cut, then the turns shown. */
  turns: Turn[];
  /** Nodes to save again (made while partial, numbered anew after the thread's newest). */
  changed: TreeNode[];
  /** Nodes to delete: below nodes removed while partial, and above a cut the page replaced. */
  removed: string[];
}

/** The state of a thread shown before all of it was read. */
export class PartialLoad {
  /** Set once this load is no longer the thread shown's (another one opened, it was deleted). */
  dropped = false;
  /** Why the rest can no longer be read while the thread is still shown (deleted in another tab). */
  lost?: string;
  /** The read of the rest under way. */
  reading?: Promise<void>;
  /** What to do once the whole thread is shown (it then counts as opened). */
  opened?: () => void;
  /** The turns shown still go on below the cut (the page has not replaced the conversation). */
  private tail = true;
  /** Nodes removed while partial (what was read of their descendants went with them). */
  private readonly removed = new Set<string>();
  /** Nodes added while partial: their seq comes from the partial tree. */
  private readonly created = new Set<string>();

  constructor(
    readonly threadId: string,
    /** The node above the first turn shown (a root of the partial tree); none when the path starts at its root. */
    readonly cut: TreeNode | undefined,
    private readonly firstId: string | undefined,
    /** The cut's parent as stored. */
    private readonly cutParentId: string | null = null,
  ) {}

  /** The turns shown do not begin at the thread's root: the path above them is not read yet. */
  get pathIncomplete(): boolean {
    return this.cut !== undefined && this.tail;
  }

  /** Whether merging has work for the database (a switch away waits for it rather than lose it). */
  get owesWrites(): boolean {
    return this.removed.size > 0 || this.created.size > 0 || !this.tail;
  }

  /** The path for the tree: the cut above the turns while they go on below it. */
  private pathOf(turns: readonly Turn[]): readonly Turn[] {
    return this.cut && this.tail ? [this.cut.turn, ...turns] : turns;
  }

  /** `syncPath` of the partial tree: below the cut, or from the root once the page replaced the turns. */
  sync(tree: ConversationTree, turns: readonly Turn[], mode: 'branch' | 'replace', previous: readonly Turn[]): TreeChange {
    const before = this.pathOf(previous);
    if (this.cut && turns[0]?.id !== this.firstId) this.tail = false;
    const change = syncPath(tree, this.pathOf(turns), mode, before);
    for (const node of change.changed) if (!tree.nodes.has(node.id)) this.created.add(node.id);
    for (const id of change.removed) {
      this.removed.add(id);
      this.created.delete(id);
    }
    return change;
  }

  /**
   * The whole tree: the nodes read last, overlaid with the partial tree's (the newest here), less
   * what was removed while partial with its descendants (and, when the page replaced the turns,
   * the old path above the cut, as `syncPath` 'replace' would have removed it).
   */
  merge(stored: Stored, partial: ConversationTree, shown: readonly Turn[]): MergedThread {
    const steps = this.mergeSteps(stored, partial, shown);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** `merge` in steps: with a pause after each, none of them is a long task for a thread of 20,000 nodes. */
  *mergeSteps(stored: Stored, partial: ConversationTree, shown: readonly Turn[]): Generator<void, MergedThread> {
    const byId = stored instanceof Map ? new Map(stored) : new Map((stored as readonly TreeNode[]).map((node) => [node.id, node]));
    for (const node of partial.nodes.values()) if (node.id !== this.cut?.id) byId.set(node.id, node);
    const gone = new Set(this.removed);
    if (this.cut && gone.has(this.cut.id)) {
      const kept = new Set(shown.map((turn) => turn.id));
      for (let at = this.cutParentId, steps = byId.size; at !== null && steps-- > 0; at = byId.get(at)?.parentId ?? null) {
        if (!kept.has(at)) gone.add(at);
      }
    }
    const removed = withDescendants(byId, gone).filter((id) => !this.removed.has(id));
    for (const id of gone) byId.delete(id);
    for (const id of removed) byId.delete(id);

    const changed: TreeNode[] = [];
    let maxSeq = -1;
    for (const node of byId.values()) if (!this.created.has(node.id)) maxSeq = Math.max(maxSeq, node.seq);
    const created = [...this.created].flatMap((id) => byId.get(id) ?? []).sort((a, b) => a.seq - b.seq);
    if (created.length > 0 && created[0].seq <= maxSeq) {
      for (const node of created) {
        const renumbered = { ...node, seq: ++maxSeq };
        byId.set(node.id, renumbered);
        changed.push(renumbered);
      }
    }
    yield;
    const tree = wholeTree(byId);
    yield;
    const prefix = this.cut && this.tail && tree.nodes.has(this.cut.id) ? pathTo(tree, this.cut.id) : [];
    const turns = [...prefix, ...shown];
    // Turns of the path not in their shown form yet take it (in memory only, as on any open).
    return { tree: syncPath(tree, turns, 'branch').tree, turns, changed, removed };
  }
}

/** What the loader needs from the keeper. */
export interface LoaderHost {
  store(): ThreadStore | undefined;
  /** Settles once the database is open again (or known not to be). */
  opening(): Promise<void> | undefined;
  fail(error: StorageError, threadId: string): void;
  /** The partial tree and the turns shown, with what streamed in taken into the tree. */
  current(): { tree: ConversationTree; shown: readonly Turn[] };
  /** The whole thread is merged: it takes the partial one's place (and `partial` is cleared). */
  complete(merged: MergedThread): void;
}

/** Reads the rest of the thread shown path first, once at a time; what needs all of it waits here. */
export class PathFirstLoader {
  partial?: PartialLoad;

  constructor(private readonly host: LoaderHost) {}

  /** `partial` is the thread shown now: its rest is read at idle. */
  start(partial: PartialLoad): void {
    this.drop();
    this.partial = partial;
    this.load(partial).catch(() => {});
  }

  /** The database is open again (the chat came back on the page): the rest is read now. */
  resume(): void {
    if (this.partial) this.load(this.partial).catch(() => {});
  }

  /** The partial thread is no longer shown; `lost` says why what waits for it cannot have it. */
  drop(lost?: string): void {
    if (!this.partial) return;
    this.partial.dropped = true;
    this.partial.lost = lost;
    this.partial = undefined;
  }

  /** Settles once the thread shown is all in memory; rejects when the rest cannot be read. */
  async whenComplete(): Promise<void> {
    let waited: PartialLoad | undefined;
    while (this.partial && !this.partial.dropped) {
      waited = this.partial;
      if (!this.host.store()) {
        await this.host.opening();
        if (!this.host.store()) throw new StorageError('failed', 'The earlier part of this conversation could not be read: storage is closed.');
        continue;
      }
      await this.load(waited);
    }
    if (waited?.lost) throw new StorageError('failed', waited.lost);
  }

  private load(partial: PartialLoad): Promise<void> {
    partial.reading ??= this.read(partial).finally(() => (partial.reading = undefined));
    return partial.reading;
  }

  private async read(partial: PartialLoad): Promise<void> {
    const store = this.host.store();
    if (!store) return;
    const current = () => !partial.dropped && this.partial === partial;
    let stored: Map<string, TreeNode> | undefined;
    try {
      stored = await readWholeThread(store, partial.threadId, () => current() && this.host.store() === store);
    } catch (error) {
      if (current() && this.host.store() === store) this.host.fail(error as StorageError, partial.threadId);
      throw error;
    }
    if (!current()) return;
    // The database was closed and opened again meanwhile: read from the new connection.
    if (!stored) return this.host.store() && this.host.store() !== store ? this.read(partial) : undefined;
    // Merged in short tasks, then the child index built, so the task that shows it is short too.
    const base = this.host.current();
    const steps = partial.mergeSteps(stored, base.tree, base.shown);
    let step = steps.next();
    for (; !step.done; step = steps.next()) {
      await idle();
      if (!current()) return;
    }
    let merged = step.value;
    await idle();
    if (!current()) return;
    siblingsOf(merged.tree, merged.turns[merged.turns.length - 1]?.id ?? '');
    await idle();
    if (!current()) return;
    const now = this.host.current();
    // Something changed in between (rarely): merged again, at once.
    if (now.tree !== base.tree || now.shown !== base.shown) merged = partial.merge(stored, now.tree, now.shown);
    this.host.complete(merged);
    partial.opened?.();
  }
}

/**
 * `treeFromNodes` for a thread read whole, in one pass over its nodes (it is thousands of them):
 * a node whose parent is missing becomes a root, and a loop is cut where a walk up closes it.
 */
function wholeTree(byId: Map<string, TreeNode>): ConversationTree {
  const done = new Set<string>();
  const walk = new Set<string>();
  let maxSeq = -1;
  for (const start of byId.values()) {
    maxSeq = Math.max(maxSeq, start.seq);
    for (let node: TreeNode | undefined = start; node && !done.has(node.id);) {
      walk.add(node.id);
      if (node.parentId === null) break;
      const parent = byId.get(node.parentId);
      if (!parent || walk.has(parent.id)) {
        byId.set(node.id, { ...node, parentId: null });
        break;
      }
      node = parent;
    }
    for (const id of walk) done.add(id);
    walk.clear();
  }
  return { nodes: byId, nextSeq: maxSeq + 1 };
}

/** `ids` and every node below them, by parent links. */
function withDescendants(nodes: ReadonlyMap<string, TreeNode>, ids: ReadonlySet<string>): string[] {
  if (ids.size === 0) return [];
  const children = new Map<string, string[]>();
  for (const node of nodes.values()) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId);
    if (list) list.push(node.id);
    else children.set(node.parentId, [node.id]);
  }
  const all = new Set<string>();
  const queue = [...ids];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (all.has(id)) continue;
    all.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...all];
}
