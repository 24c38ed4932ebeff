/**
 * When the person last pressed or clicked anywhere on the page itself (not inside an app's frame,
 * whose events never reach the page). The page's user activation lasts a few seconds after such
 * an input, so within that time an activation the page has may be the page's own, not the app's:
 * an app that took the focus cannot borrow it.
 */
const ACTIVATION_LIFESPAN_MS = 5_000;
let lastInput = -Infinity;
let listening = false;

const note = () => (lastInput = performance.now());

export function watchPageInput(): void {
  if (listening) return;
  listening = true;
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, note, { capture: true, passive: true });
}

/** The page had an input of its own recently enough that its activation may come from it. */
export function pageInputIsRecent(): boolean {
  return performance.now() - lastInput < ACTIVATION_LIFESPAN_MS;
}
