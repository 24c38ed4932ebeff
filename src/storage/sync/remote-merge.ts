/**
 * How what another device wrote joins what this one has. Nodes are never rewritten, only versioned,
 * so the trees merge by union; of two versions of one node the higher `rev` stays. Each device keeps
 * the branch it shows, but follows a branch the other device only continued. Pure.
 */
import type { NodeRecord, ThreadRecord } from '../records.js';
import type { WireThread } from '../sync-wire.js';
import { revOf } from './remote-wire.js';

/**
 * The leaf to show once `applied` (nodes new here) joined the tree: when some of them continue the
 * path that ends at `currentLeaf`, the newest leaf among them; else `currentLeaf` as it was.
 */
export function advancedLeaf(currentLeaf: string | undefined, applied: readonly Pick<NodeRecord, 'id' | 'parentId' | 'seq'>[]): string | undefined {
  if (currentLeaf === undefined || applied.length === 0) return currentLeaf;
  const byId = new Map(applied.map((node) => [node.id, node]));
  const parents = new Set(applied.map((node) => node.parentId));
  const continues = (node: Pick<NodeRecord, 'id' | 'parentId'>): boolean => {
    const seen = new Set<string>();
    for (let parent = node.parentId; parent !== null && !seen.has(parent); parent = byId.get(parent)?.parentId ?? null) {
      if (parent === currentLeaf) return true;
      seen.add(parent);
      if (!byId.has(parent)) return false;
    }
    return false;
  };
  let best: Pick<NodeRecord, 'id' | 'seq'> | undefined;
  for (const node of applied) {
    if (parents.has(node.id) || !continues(node)) continue;
    if (!best || node.seq > best.seq || (node.seq === best.seq && node.id > best.id)) best = node;
  }
  return best?.id ?? currentLeaf;
}

/** Whether a version from the server replaces the stored one: it is newer, or there is none. */
export const remoteWins = (stored: NodeRecord | undefined, remoteRev: number): boolean => !stored || revOf(stored) < remoteRev;

/**
 * The thread record once the server's view of it joined the stored one: the title from the server
 * unless one named here waits to be sent; `updated` moves on (never back) when something `changed`,
 * so the list and the tabs see it; the leaf shown follows a branch the nodes `added` continue.
 */
export function mergedThreadRecord(
  stored: ThreadRecord | undefined,
  remote: WireThread & { localId: string },
  { added, changed, titleWaits }: { added: readonly Pick<NodeRecord, 'id' | 'parentId' | 'seq'>[]; changed: boolean; titleWaits: boolean },
): ThreadRecord {
  const remoteUpdated = Date.parse(remote.updatedAt);
  const updatedThere = Number.isFinite(remoteUpdated) ? remoteUpdated : 0;
  if (!stored) {
    return { id: remote.localId, title: remote.title, titleSource: remote.title ? 'backend' : 'first-message', created: updatedThere, updated: updatedThere };
  }
  const record: ThreadRecord = { ...stored };
  if (!titleWaits && remote.title && remote.title !== stored.title) {
    record.title = remote.title;
    if (record.titleSource === 'first-message') record.titleSource = 'backend';
  }
  const leaf = advancedLeaf(stored.currentLeaf, added);
  if (leaf !== undefined) record.currentLeaf = leaf;
  if (changed || record.title !== stored.title) record.updated = Math.max(stored.updated + 1, updatedThere);
  return record;
}
