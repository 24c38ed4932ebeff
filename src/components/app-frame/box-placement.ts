/**
 * Where an app's box goes when it leaves its card: over an area of the chat (the side pane's, or
 * the chat's whole box for full screen), following it as the page scrolls or resizes, clipped to
 * the viewport. Until the area exists, the box covers `fallback` and looks again for a few frames.
 */
export interface BoxRect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Starts placing; returns the function that stops it. */
export function trackArea(area: () => Element | undefined, fallback: Element, place: (rect: BoxRect) => void): () => void {
  let frame = 0;
  let tries = 0;
  let watched: Element | undefined;
  const resized = new ResizeObserver(() => schedule());
  const measure = () => {
    const found = area();
    if (found !== watched) {
      if (watched) resized.unobserve(watched);
      watched = found;
      if (watched) resized.observe(watched);
    }
    place(clipped((found ?? fallback).getBoundingClientRect()));
    if (!found && ++tries < 10) schedule();
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(() => ((frame = 0), measure()));
  };
  measure();
  window.addEventListener('resize', schedule);
  window.addEventListener('scroll', schedule, true);
  return () => {
    cancelAnimationFrame(frame);
    resized.disconnect();
    window.removeEventListener('resize', schedule);
    window.removeEventListener('scroll', schedule, true);
  };
}

/** The part of a rectangle inside the viewport. */
function clipped(rect: DOMRect): BoxRect {
  const top = Math.max(rect.top, 0);
  const left = Math.max(rect.left, 0);
  const bottom = Math.min(rect.bottom, window.innerHeight);
  const right = Math.min(rect.right, window.innerWidth);
  return { top, left, width: Math.max(right - left, 0), height: Math.max(bottom - top, 0) };
}

/** The nearest ancestor matching `selector`, looking through shadow roots. */
export function closestAcrossShadows(from: Element, selector: string): Element | undefined {
  let node: Element | null = from;
  while (node) {
    const found: Element | null = node.closest(selector);
    if (found) return found;
    node = (node.getRootNode() as ShadowRoot).host ?? null;
  }
  return undefined;
}
