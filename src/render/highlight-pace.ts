/**
 * How often the code block still streaming is coloured again (highlight-blocks.ts). Each colouring
 * is a trip to the highlighter's worker and a redraw of the block, and a reader sees little of it
 * until a line is whole: so the block is coloured again once a line of it has ended, else only
 * after a while (a long line still gets its colours). The text itself is never held back: what
 * arrives between colourings shows at once as plain text. Pure.
 */

/** A streaming block is coloured again at most this often (ms) while no line of it has ended. */
export const LIVE_RECOLOUR_MS = 250;

/** A colouring sent to the highlighter: the code, and when (ms, as `performance.now()`). */
export interface LiveColouring {
  code: string;
  at: number;
}

/**
 * In how many ms the streaming block `code` is due to be coloured again (0: now), at `now`;
 * `last`: its last colouring, undefined before the first (which is due at once).
 */
export function liveRecolourWait(code: string, last: LiveColouring | undefined, now: number): number {
  if (!last) return 0;
  if (code.includes('\n', last.code.length)) return 0;
  return Math.max(0, LIVE_RECOLOUR_MS - (now - last.at));
}
