/**
 * How much code gets colours. Some grammars take time that grows faster than the code (a
 * markdown link rule is cubic), so a block is highlighted only up to a size, a reply only up to a
 * total, each block within a time budget in a worker and a reply's blocks within a time in all
 * (highlight-pool.ts); a block that ran out of time is remembered and stays plain text from then
 * on, in every view of the page. Pure.
 */

/** A code block longer than this stays plain text. */
export const BLOCK_HIGHLIGHT_CHARS = 20_000;
/** Code highlighted in one reply (one markdown view) at most; blocks past it stay plain text. */
export const REPLY_HIGHLIGHT_CHARS = 200_000;
/** Time the worker may take on one block (ms) before it is stopped and the block stays plain. */
export const HIGHLIGHT_BUDGET_MS = 750;
/** Worker time (ms) one reply's blocks may take in all; its blocks past it stay plain text. */
export const REPLY_WORKER_MS = 3_000;
/** A streaming block's repeated highlight quicker than this (ms) is not counted in its reply's worker time. */
export const LIVE_FREE_MS = 100;
/** A block the worker highlighted quicker than this (ms) lets the next blocks be sent to it ahead. */
export const QUICK_JOB_MS = 20;
/**
 * Blocks are sent ahead (while they are quick) until this many characters are with the worker (the
 * last one sent may take it past) or this many blocks.
 */
export const AHEAD_CHARS = 10_000;
export const AHEAD_BLOCKS = 32;
/** Idle time (ms) after which the worker is stopped (a new one starts when code comes). */
export const WORKER_IDLE_MS = 30_000;
/** Time (ms) a new worker may take to start before the blocks waiting for it stay plain. */
export const WORKER_START_MS = 10_000;
/** Blocks remembered as over budget (the oldest forgotten first). */
const REMEMBERED = 1_000;

/** A short fingerprint of `code` in `grammar` (two 32-bit FNV-1a hashes and the length). */
export function codeFingerprint(grammar: string, code: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ grammar.length;
  const text = `${grammar}\n${code}`;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${code.length}`;
}

/** Blocks that ran out of time, by fingerprint. */
export class OverBudgetBlocks {
  private readonly blocks = new Set<string>();

  constructor(private readonly limit = REMEMBERED) {}

  has(grammar: string, code: string): boolean {
    return this.blocks.has(codeFingerprint(grammar, code));
  }

  remember(grammar: string, code: string): void {
    const key = codeFingerprint(grammar, code);
    this.blocks.delete(key);
    this.blocks.add(key);
    for (const oldest of this.blocks) {
      if (this.blocks.size <= this.limit) break;
      this.blocks.delete(oldest);
    }
  }
}

/** One page's memory of blocks over budget, shared by every view (a redraw or a restore tries none again). */
export const overBudgetBlocks = new OverBudgetBlocks();

/** What one reply may still highlight: a block already granted stays granted (drawing it again costs nothing new). */
export class ReplyAllowance {
  private readonly granted = new Set<string>();
  private used = 0;

  constructor(
    private readonly total = REPLY_HIGHLIGHT_CHARS,
    private readonly perBlock = BLOCK_HIGHLIGHT_CHARS,
  ) {}

  /** Whether `code` may be highlighted; counts it when it is new and fits. */
  take(grammar: string, code: string): boolean {
    if (code.length > this.perBlock) return false;
    const key = codeFingerprint(grammar, code);
    if (this.granted.has(key)) return true;
    if (this.used + code.length > this.total) return false;
    this.granted.add(key);
    this.used += code.length;
    return true;
  }
}

/** Length of the common start of `a` and `b`. */
export function commonStart(a: string, b: string): number {
  const end = Math.min(a.length, b.length);
  let i = 0;
  while (i < end && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
