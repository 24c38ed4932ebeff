import { expect } from '@open-wc/testing';
import { listen, type InternalEventClass } from '../../src/internal/view-events.js';

/**
 * What `pick` reads from each `kind` event sent on `el`, in order; each checked to stay in the
 * shadow tree it was sent in (not composed) and, when `bubbles` is given, to bubble or not.
 */
export function recordInside<E extends Event, T>(el: EventTarget, kind: InternalEventClass<E>, pick: (event: E) => T, { bubbles }: { bubbles?: boolean } = {}): T[] {
  const seen: T[] = [];
  listen(el, kind, (event) => {
    if (bubbles !== undefined) expect(event.bubbles, bubbles ? 'bubbling' : 'not bubbling').to.equal(bubbles);
    expect(event.composed, 'not composed').to.equal(false);
    seen.push(pick(event));
  });
  return seen;
}
