/**
 * When an app's frame may hold the keyboard focus: only when the person's own action moved it
 * there — a press inside the app's document, or Tab / Shift+Tab on the page that left the page's
 * elements for the frame — and only just after that action. Focus an app takes any other way is
 * refused; an app refused again and again is paused. Pure: times are `performance.now()` values.
 */

/** How recent the person's press or Tab must be for the focus it moved to be the app's (ms). */
export const FOCUS_GESTURE_MS = 1_000;
/** A press reported this soon after a refusal was the refused focus's cause: it is given back (ms). */
export const LATE_PRESS_MS = 600;
/** Refusals that pause an app, and the span they must fall in (ms). */
export const REFUSALS_TO_PAUSE = 3;
export const REFUSAL_SPAN_MS = 5_000;
/**
 * Refusals that pause an app however far apart, in one run of it: an app that grabs just too
 * seldom for the span still holds the keyboard for a moment at each grab.
 */
export const REFUSALS_IN_ALL = 5;

export interface FocusFacts {
  now: number;
  /** The person's last press inside this app's document not yet used to let it in. */
  pressAt: number;
  /** The person's last Tab / Shift+Tab on the page, unless a page element took the focus since. */
  tabAt: number;
  /** The person's last pointer or key press on the page itself. */
  pageInputAt: number;
}

/** How the person moved the focus into the app, if they did. */
export function personMovedFocus({ now, pressAt, tabAt, pageInputAt }: FocusFacts): 'press' | 'tab' | undefined {
  // A press on the page after the press in the app (a click back in the composer) ends it.
  if (now - pressAt <= FOCUS_GESTURE_MS && pressAt > pageInputAt) return 'press';
  // The Tab must be the page's last input: a key after it, and the app's grab is not the Tab's.
  if (now - tabAt <= FOCUS_GESTURE_MS && tabAt >= pageInputAt) return 'tab';
  return undefined;
}

/** Whether a press reported at `now` explains the refusal at `refusedAt` (no page input between). */
export function pressExplainsRefusal(now: number, refusedAt: number, pageInputAt: number): boolean {
  return now - refusedAt <= LATE_PRESS_MS && pageInputAt < refusedAt;
}

/** An app's refusals: enough of them close together, or enough in all, pause it. */
export class FocusRefusals {
  private times: number[] = [];
  private total = 0;

  /** Counts a refusal; returns whether the app should now be paused. */
  add(now: number): boolean {
    this.total += 1;
    this.times = [...this.times.filter((time) => now - time < REFUSAL_SPAN_MS), now];
    return this.times.length >= REFUSALS_TO_PAUSE || this.total >= REFUSALS_IN_ALL;
  }

  /** The last refusal was the person's own press after all. */
  forgiveLast(): void {
    if (this.times.length) this.total -= 1;
    this.times = this.times.slice(0, -1);
  }

  /** The app starts again (resumed): its count starts over. */
  clear(): void {
    this.times = [];
    this.total = 0;
  }
}
