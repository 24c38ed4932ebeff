/**
 * Keeps the conversation tree in step with what is shown. A change the page or the person makes
 * is taken into the tree at once; what streams in is taken with the next save or the next draw,
 * not event by event (a long thread's tree is not copied for every delta). Every change taken is
 * handed on (to the save queue, which writes it once there is a database).
 *
 * This, in memory, is all a chat without a database has (`storage="none"`, or a browser that
 * refuses): its branches live here and nowhere else.
 */
import { branchPoints, emptyTree, switchBranch, syncPath, type ConversationTree, type TreeNode } from '../conversation/tree.js';
import type { Turn } from '../conversation/types.js';
import type { PartialLoad } from './path-first-load.js';

/** What one sync took into the tree. */
export interface ShownChange {
  /** Nodes added or changed (to write). */
  changed: readonly TreeNode[];
  /** Nodes that went (to delete). */
  removed: readonly string[];
  /** The last turn shown is another one. */
  leafMoved: boolean;
}

export interface TreeMirrorHost {
  /** The turns shown now. */
  turns(): readonly Turn[];
  /** The thread shown while only the end of its path is read (see path-first-load.ts). */
  partial(): PartialLoad | undefined;
  /** Something streamed in: it is taken into the tree later (`catchUp`). */
  streamed(): void;
  /** A sync took `change` into the tree; `save`: ask for a save now. */
  took(change: ShownChange, save: boolean): void;
}

export class TreeMirror {
  tree: ConversationTree = emptyTree();
  /** The turns the tree was last synced with. */
  shown: readonly Turn[] = [];
  /** Streamed changes not taken into the tree yet. */
  stale = false;
  /** The keeper itself is replacing what is shown (a thread opening): not a change. */
  private replacing = false;
  /** How the next path change goes in: 'branch' keeps the path it leaves as a branch. */
  private nextSync: 'branch' | 'replace' = 'replace';

  constructor(private readonly host: TreeMirrorHost) {}

  /** Called with every change of the conversation shown. */
  changed(fromWire: boolean): void {
    if (this.replacing) return;
    if (fromWire) {
      this.stale = true;
      this.host.streamed();
      return;
    }
    this.sync();
  }

  /** Takes what streamed in into the tree, if anything did (before the tree is read or saved). */
  catchUp(save = true): void {
    if (this.stale) this.sync(save);
  }

  /** Takes what is shown into the tree. */
  sync(save = true): void {
    this.stale = false;
    const turns = this.host.turns();
    if (turns === this.shown) return;
    const partial = this.host.partial();
    const change = partial ? partial.sync(this.tree, turns, this.nextSync, this.shown) : syncPath(this.tree, turns, this.nextSync, this.shown);
    const leafMoved = turns[turns.length - 1]?.id !== this.shown[this.shown.length - 1]?.id;
    this.nextSync = 'replace';
    this.shown = turns;
    this.tree = change.tree;
    this.host.took({ changed: change.changed, removed: change.removed, leafMoved }, save);
  }

  /** Runs `change` (an edit, a regeneration, a switch): the path it leaves stays as a branch. */
  withBranch<T>(change: () => T): T {
    this.catchUp();
    this.nextSync = 'branch';
    try {
      return change();
    } finally {
      this.nextSync = 'replace';
    }
  }

  /** Shows what the keeper puts in place (`show`), which is not a change; the tree is the caller's to set. */
  replace(show: () => void): void {
    this.replacing = true;
    try {
      show();
    } finally {
      this.replacing = false;
    }
    this.shown = this.host.turns();
  }

  /** For each turn shown that has other versions: which one it is, of how many. */
  branchesOf(turns: readonly Turn[]): ReturnType<typeof branchPoints> {
    this.catchUp();
    // Other versions are known once the whole thread is read.
    return this.host.partial() ? new Map() : branchPoints(this.tree, turns);
  }

  /** The path through sibling `siblingId` (its latest leaf), to show. */
  pathThrough(siblingId: string): Turn[] {
    this.catchUp();
    return this.host.partial() ? [] : switchBranch(this.tree, siblingId);
  }
}
