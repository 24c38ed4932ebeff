/**
 * Watches where the page's keyboard focus goes, for the app frames' focus guards. When an iframe
 * takes the focus, the page sees its window blur and its active element become the frame (or the
 * chat element around it); a move from one frame straight to another shows nothing, so while the
 * focus is out of the page's own elements it is looked at a few times a second as well. Also kept:
 * the page element that last had the focus (to give it back) and the person's last presses and
 * clicks on the page itself (an app's frame's events never reach the page). Those are heard from
 * the first app frame on, for good: the page's user activation lasts a few seconds after such an
 * input, and within that time an activation may be the page's, not an app's to borrow.
 */

/** One app frame's guard, as the watcher sees it. */
export interface FocusClaimant {
  /** The frame this guard answers for. */
  frame(): HTMLIFrameElement | undefined;
  /** The focus has just gone into the frame. */
  entered(): void;
  /** The focus has just left the frame. */
  left(): void;
}

/** How often the focus is looked at while it is in a frame (ms). */
const POLL_MS = 100;
/** How long the page's user activation lasts after an input of its own (ms). */
const ACTIVATION_LIFESPAN_MS = 5_000;
/** How long an app's request waits for the focus its click gave its frame to reach the page (ms). */
const FOCUS_LAG_MS = 1_000;
/** How often the focus is looked at meanwhile (ms). */
const FOCUS_LOOK_MS = 20;

const claimants = new Set<FocusClaimant>();
/** The person's last pointer or key press on the page, and last Tab (until a page element takes the focus). */
export const pageInput = { at: -Infinity, tabAt: -Infinity };
let lastOnPage: HTMLElement | undefined;
let seen: Element | undefined;
let poll = 0;
let hearingInput = false;

/** The element that has the focus, looking into (open) shadow roots. */
export function deepActiveElement(): Element | undefined {
  let element = document.activeElement ?? undefined;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

/** The page element that last had the focus, if it can take it again. */
export function focusBefore(): HTMLElement | undefined {
  return lastOnPage?.isConnected && !lastOnPage.closest('[inert]') ? lastOnPage : undefined;
}

function claimantOf(element: Element | undefined): FocusClaimant | undefined {
  if (element?.localName !== 'iframe') return undefined;
  for (const claimant of claimants) if (claimant.frame() === element) return claimant;
  return undefined;
}

/** Looks where the focus is now; a frame that has just taken it is its guard's to judge. */
function look(): void {
  const now = deepActiveElement();
  if (now === seen) return;
  const before = seen;
  seen = now;
  claimantOf(before)?.left();
  claimantOf(now)?.entered();
}

const onKey = (event: KeyboardEvent) => {
  pageInput.at = performance.now();
  // A Tab counts only while the focus moves it makes are watched (they end it).
  pageInput.tabAt = event.key === 'Tab' && claimants.size ? pageInput.at : -Infinity;
};
const onPointer = () => {
  pageInput.at = performance.now();
  pageInput.tabAt = -Infinity;
};
const onFocusIn = (event: FocusEvent) => {
  const target = event.composedPath()[0];
  if (target instanceof HTMLElement && target.localName !== 'iframe') {
    lastOnPage = target;
    pageInput.tabAt = -Infinity;
  }
  look();
};
const onBlur = () => {
  look();
  clearInterval(poll);
  poll = window.setInterval(look, POLL_MS);
};
const onFocus = () => {
  clearInterval(poll);
  look();
};

/** Focus moves are caught on the way down; `blur` / `focus` are the window's own. */
const listeners: [EventTarget, string, EventListener, boolean][] = [
  [document, 'focusin', onFocusIn as EventListener, true],
  [window, 'blur', onBlur, false],
  [window, 'focus', onFocus, false],
];

/** The page had an input of its own recently enough that its activation may come from it. */
export function pageInputIsRecent(): boolean {
  return performance.now() - pageInput.at < ACTIVATION_LIFESPAN_MS;
}

/** The person pressed in `claimant`'s frame: every other frame's stay in the focus ends. */
export function pressedIn(claimant: FocusClaimant): void {
  for (const other of claimants) if (other !== claimant) other.left();
}

/**
 * Whether `admitted()` holds now or within a short while, the focus looked at first each time (a
 * move from frame to frame shows no event). A click in an app's frame moves the focus there, but
 * the page may hear of that move after the message the click made the app send.
 */
export function focusArrives(admitted: () => boolean): Promise<boolean> {
  const start = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      look();
      if (admitted()) resolve(true);
      else if (performance.now() - start >= FOCUS_LAG_MS) resolve(false);
      else setTimeout(check, FOCUS_LOOK_MS);
    };
    check();
  });
}

/** Whether `at` (a `performance.now()` time) is within the user activation it came with. */
export function withinActivation(at: number): boolean {
  return performance.now() - at < ACTIVATION_LIFESPAN_MS;
}

export function watchFocus(claimant: FocusClaimant): void {
  if (!hearingInput) {
    hearingInput = true;
    window.addEventListener('keydown', onKey, { capture: true, passive: true });
    window.addEventListener('pointerdown', onPointer, { capture: true, passive: true });
  }
  if (!claimants.size) {
    pageInput.tabAt = -Infinity;
    for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture);
    seen = deepActiveElement();
    if (seen instanceof HTMLElement && seen.localName !== 'iframe') lastOnPage = seen;
  }
  claimants.add(claimant);
}

export function unwatchFocus(claimant: FocusClaimant): void {
  claimants.delete(claimant);
  if (claimants.size) return;
  for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture);
  clearInterval(poll);
}
