/**
 * Applies the heights an app reports (`ui/notifications/size-changed`) without feedback loops: an
 * app whose content reflows with the frame's height can otherwise report A, B, A, B… forever.
 * Heights are clamped to [min, max]; a change below 2 px is ignored; a height that returns to one
 * of the last two applied within the damping window counts as oscillation, and after a few of
 * those the larger height is kept until the window has passed. Pure: time is passed in.
 */
export interface SizeDamperOptions {
  min?: number;
  max: number;
  /** How long (ms) a settled height holds against oscillation. */
  windowMs?: number;
}

export class SizeDamper {
  private readonly min: number;
  private readonly max: number;
  private readonly windowMs: number;
  private applied?: number;
  private previous?: number;
  private lastChange = -Infinity;
  private flips = 0;
  private heldUntil = -Infinity;

  constructor(options: SizeDamperOptions) {
    this.min = options.min ?? 0;
    this.max = options.max;
    this.windowMs = options.windowMs ?? 500;
  }

  /** The height to apply for a report, or undefined to leave the frame as it is. */
  next(reported: number, now: number): number | undefined {
    if (!Number.isFinite(reported)) return undefined;
    const height = Math.round(Math.min(this.max, Math.max(this.min, reported)));
    if (this.applied !== undefined && Math.abs(height - this.applied) < 2) return undefined;
    if (now < this.heldUntil) return undefined;
    const quick = now - this.lastChange < this.windowMs;
    if (quick && this.previous !== undefined && Math.abs(height - this.previous) < 2) {
      this.flips += 1;
      if (this.flips >= 3) {
        // Settle on the larger of the two: nothing is cut off.
        const settled = Math.max(height, this.applied ?? height);
        this.heldUntil = now + this.windowMs;
        this.flips = 0;
        return this.apply(settled, now);
      }
    } else {
      // Not a return to the previous height: whatever oscillated before has stopped.
      this.flips = 0;
    }
    return this.apply(height, now);
  }

  private apply(height: number, now: number): number | undefined {
    if (this.applied !== undefined && Math.abs(height - this.applied) < 2) return undefined;
    this.previous = this.applied;
    this.applied = height;
    this.lastChange = now;
    return height;
  }
}
