/**
 * The thread behind the conversation shown: a tree of turns. The path shown is one root-to-leaf
 * walk; editing or regenerating adds a sibling, switching branch shows another leaf's path.
 * Nothing is overwritten, except when a path is replaced (a history snapshot, turns set by the page).
 */
import type { Turn } from './types.js';

export interface TreeNode {
  id: string;
  parentId: string | null;
  turn: Turn;
  /** creation order in the thread; orders siblings */
  seq: number;
}

export interface ConversationTree {
  readonly nodes: ReadonlyMap<string, TreeNode>;
  readonly nextSeq: number;
}

export interface TreeChange {
  tree: ConversationTree;
  /** added or changed nodes (to save) */
  changed: TreeNode[];
  /** ids of nodes that went (to delete) */
  removed: string[];
}

/** Children ids by parent id (`null` for the roots), each list by seq. */
type ChildIndex = ReadonlyMap<string | null, readonly string[]>;

const childIndexes = new WeakMap<ConversationTree, ChildIndex>();
const noIds: readonly string[] = [];

export const emptyTree = (): ConversationTree => ({ nodes: new Map(), nextSeq: 0 });

/** A tree from stored nodes (any order). Nodes whose parent is missing become roots; a cycle is broken at the node found to close it (it becomes a root). nextSeq = max seq + 1. */
export function treeFromNodes(nodes: Iterable<TreeNode>): ConversationTree {
  const byId = new Map<string, TreeNode>();
  for (const node of nodes) byId.set(node.id, node);
  for (const node of byId.values()) {
    if (node.parentId !== null && !byId.has(node.parentId)) byId.set(node.id, { ...node, parentId: null });
  }
  breakCycles(byId);
  let maxSeq = -1;
  for (const node of byId.values()) maxSeq = Math.max(maxSeq, node.seq);
  return { nodes: byId, nextSeq: maxSeq + 1 };
}

/** Walks up from each node (by seq); a parent link back into the current walk is cut. */
function breakCycles(byId: Map<string, TreeNode>): void {
  const done = new Set<string>();
  for (const start of [...byId.values()].sort(bySeq)) {
    const walk = new Set<string>();
    let node: TreeNode | undefined = start;
    while (node && !done.has(node.id)) {
      walk.add(node.id);
      if (node.parentId !== null && walk.has(node.parentId)) {
        byId.set(node.id, { ...node, parentId: null });
        break;
      }
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
    for (const id of walk) done.add(id);
  }
}

/**
 * Records `turns` as the path shown. Each turn's node gets parent = the turn before it (null for the first).
 * A node whose turn object is the same (===) and whose parent is unchanged is left alone (not in `changed`),
 * so calling this on every state change is cheap (identity checks only; O(path length)).
 * mode 'branch': nodes of other paths stay (edit / regenerate / switch).
 * mode 'replace': the previous path (`previous`, the turns shown before) is replaced: its nodes not on the
 * new path go, with all their descendants (other branches hanging below a node that went).
 * A turn whose id exists in the tree under a DIFFERENT parent is moved (its parent updated, in `changed`).
 */
export function syncPath(tree: ConversationTree, turns: readonly Turn[], mode: 'branch' | 'replace', previous?: readonly Turn[]): TreeChange {
  let nodes: Map<string, TreeNode> | undefined;
  let nextSeq = tree.nextSeq;
  let shapeChanged = false;
  const changed: TreeNode[] = [];
  let parentId: string | null = null;
  for (const turn of turns) {
    const current: Map<string, TreeNode> | ReadonlyMap<string, TreeNode> = nodes ?? tree.nodes;
    const existing = current.get(turn.id);
    if (existing?.turn === turn && existing.parentId === parentId) {
      parentId = turn.id;
      continue;
    }
    const moved = existing !== undefined && existing.parentId !== parentId;
    // Only a repeated id in the path could make a move close a cycle; that occurrence is skipped.
    if (moved && isAncestor(current, turn.id, parentId)) continue;
    // A new version keeps what was stored with the node beside its turn (a synced node's `rev`).
    const node: TreeNode = existing ? { ...existing, parentId, turn } : { id: turn.id, parentId, turn, seq: nextSeq++ };
    nodes ??= new Map(tree.nodes);
    nodes.set(node.id, node);
    changed.push(node);
    shapeChanged ||= moved || existing === undefined;
    parentId = turn.id;
  }
  const removed = mode === 'replace' ? removeReplaced(nodes ?? tree.nodes, turns, previous ?? []) : [];
  if (removed.length > 0) {
    nodes ??= new Map(tree.nodes);
    for (const id of removed) nodes.delete(id);
    shapeChanged = true;
  }
  if (!nodes) return { tree, changed, removed };
  const next: ConversationTree = { nodes, nextSeq };
  const index = childIndexes.get(tree);
  if (index && !shapeChanged) childIndexes.set(next, index);
  return { tree: next, changed, removed };
}

/** Whether `id` is `nodeId` or one of its ancestors. */
function isAncestor(nodes: ReadonlyMap<string, TreeNode>, id: string, nodeId: string | null): boolean {
  let steps = nodes.size;
  for (let at = nodeId; at !== null && steps-- >= 0; at = nodes.get(at)?.parentId ?? null) {
    if (at === id) return true;
  }
  return false;
}

/** Ids of the previous path's nodes that are not on the new path, with all their descendants. */
function removeReplaced(nodes: ReadonlyMap<string, TreeNode>, turns: readonly Turn[], previous: readonly Turn[]): string[] {
  const kept = new Set(turns.map((t) => t.id));
  const gone = previous.filter((t) => !kept.has(t.id) && nodes.has(t.id)).map((t) => t.id);
  if (gone.length === 0) return [];
  const children = buildIndex(nodes);
  const removed = new Set<string>();
  while (gone.length > 0) {
    const id = gone.pop()!;
    if (removed.has(id)) continue;
    removed.add(id);
    gone.push(...(children.get(id) ?? noIds));
  }
  return [...removed];
}

/** The turns from the root to `leafId` (empty when unknown). */
export function pathTo(tree: ConversationTree, leafId: string): Turn[] {
  const path: Turn[] = [];
  let node = tree.nodes.get(leafId);
  while (node && path.length < tree.nodes.size) {
    path.push(node.turn);
    node = node.parentId === null ? undefined : tree.nodes.get(node.parentId);
  }
  return path.reverse();
}

/** The most recent leaf below (or at) `nodeId`, following the latest child (highest seq) at each step. */
export function latestLeaf(tree: ConversationTree, nodeId: string): string {
  const children = childIndex(tree);
  let leaf = nodeId;
  for (let steps = tree.nodes.size; steps > 0; steps--) {
    const below = children.get(leaf);
    if (!below?.length) break;
    leaf = below[below.length - 1];
  }
  return leaf;
}

/** Ids of the node and its siblings (same parent, roots being siblings of each other), by seq. */
export function siblingsOf(tree: ConversationTree, nodeId: string): string[] {
  const node = tree.nodes.get(nodeId);
  return node ? [...(childIndex(tree).get(node.parentId) ?? noIds)] : [];
}

/** For each turn of the path that has siblings: its position (1-based) and how many, and the siblings' ids. */
export function branchPoints(tree: ConversationTree, path: readonly Turn[]): Map<string, { index: number; count: number; siblings: string[] }> {
  const points = new Map<string, { index: number; count: number; siblings: string[] }>();
  for (const turn of path) {
    const siblings = siblingsOf(tree, turn.id);
    if (siblings.length > 1) points.set(turn.id, { index: siblings.indexOf(turn.id) + 1, count: siblings.length, siblings });
  }
  return points;
}

/** The path shown after switching the branch at `nodeId` to its sibling `siblingId`: the path to the latest leaf below that sibling. */
export function switchBranch(tree: ConversationTree, siblingId: string): Turn[] {
  return tree.nodes.has(siblingId) ? pathTo(tree, latestLeaf(tree, siblingId)) : [];
}

/** Every node (by seq) — for export. */
export function allNodes(tree: ConversationTree): TreeNode[] {
  return [...tree.nodes.values()].sort(bySeq);
}

function bySeq(a: TreeNode, b: TreeNode): number {
  return a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function childIndex(tree: ConversationTree): ChildIndex {
  let index = childIndexes.get(tree);
  if (!index) {
    index = buildIndex(tree.nodes);
    childIndexes.set(tree, index);
  }
  return index;
}

function buildIndex(nodes: ReadonlyMap<string, TreeNode>): ChildIndex {
  const byParent = new Map<string | null, TreeNode[]>();
  for (const node of nodes.values()) {
    const list = byParent.get(node.parentId);
    if (list) list.push(node);
    else byParent.set(node.parentId, [node]);
  }
  const index = new Map<string | null, string[]>();
  for (const [parentId, list] of byParent)
    index.set(
      parentId,
      list.sort(bySeq).map((n) => n.id),
    );
  return index;
}
