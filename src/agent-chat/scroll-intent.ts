/**
 * Tells the person's scrolling apart from scrolling nobody asked for.
 *
 * A scroll container's position also moves when nobody scrolls: it clamps when the container grows
 * (a composer getting shorter, a phone's toolbar hiding), scroll anchoring shifts it when content
 * above changes size (an action row going, off-screen `content-visibility: auto` chunks trading
 * their estimated size for their real one), and code sets it. The `scroll` event, delivered with a
 * later frame, looks the same for all of these. What the person does to scroll does not: a wheel
 * turned up, a finger moving down the container, a key that scrolls up, a press on its scrollbar. For a short
 * while after one of those (and while the scrollbar is held), scrolling up is theirs.
 */

/** How long after a wheel turn or a key a scroll still counts as the person's (ms). */
const INTENT_MS = 500;
/** How long after a finger moved a scroll still counts as the person's: a flick glides on (ms). */
const GLIDE_MS = 1000;

const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

export class ScrollIntent {
  private until = 0;
  private holding = false;
  private touchY?: number;
  private timer?: ReturnType<typeof setTimeout>;
  private host?: HTMLElement;

  /**
   * @param scroller the container whose scrolling is watched.
   * @param settled called when the person stops (a while after their last wheel turn, key or
   *   touch), so that what waited for them can go on.
   */
  constructor(
    private readonly scroller: () => HTMLElement | undefined,
    private readonly settled: () => void,
  ) {}

  /** Listens on `host` (events from its shadow tree reach it composed). */
  connect(host: HTMLElement): void {
    if (this.host) return;
    this.host = host;
    host.addEventListener('wheel', this.onWheel, { passive: true });
    host.addEventListener('keydown', this.onKeyDown);
    host.addEventListener('touchstart', this.onTouchStart, { passive: true });
    host.addEventListener('touchmove', this.onTouchMove, { passive: true });
    host.addEventListener('pointerdown', this.onPointerDown);
  }

  disconnect(): void {
    const host = this.host;
    if (!host) return;
    this.host = undefined;
    host.removeEventListener('wheel', this.onWheel);
    host.removeEventListener('keydown', this.onKeyDown);
    host.removeEventListener('touchstart', this.onTouchStart);
    host.removeEventListener('touchmove', this.onTouchMove);
    host.removeEventListener('pointerdown', this.onPointerDown);
    this.release();
    clearTimeout(this.timer);
    this.holding = false;
    this.until = 0;
  }

  /** The person may be scrolling up right now. */
  get active(): boolean {
    return this.holding || performance.now() < this.until;
  }

  /** The person did something that may scroll up (e.g. asked the chat to show something above). */
  mark(duration = INTENT_MS): void {
    this.until = Math.max(this.until, performance.now() + duration);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.active) this.settled();
    }, this.until - performance.now());
  }

  /** Forgets what the person did so far: they asked for the end (sent a message, jumped to it). */
  reset(): void {
    this.until = 0;
    clearTimeout(this.timer);
  }

  private inScroller(event: Event): boolean {
    const scroller = this.scroller();
    return !!scroller && event.composedPath().includes(scroller);
  }

  private readonly onWheel = (event: WheelEvent) => {
    if (event.deltaY < 0 && !event.ctrlKey && this.inScroller(event)) this.mark();
  };

  private readonly onKeyDown = (event: KeyboardEvent) => {
    // Moving the focus may scroll to what gets it, above as well as below.
    if (event.key === 'Tab') return this.mark();
    const up = UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey);
    if (!up || !this.inScroller(event)) return;
    const target = event.composedPath()[0];
    const editable = target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || (target instanceof HTMLElement && target.isContentEditable);
    if (!editable) this.mark();
  };

  /**
   * A finger moving down the log scrolls it up: that move counts, for a while (a flick glides on
   * after the finger leaves). A finger only resting does not, nor is a touch a hold until
   * `touchend`: resting on text that streams, it loses its element, and that touchend never comes.
   */
  private readonly onTouchStart = (event: TouchEvent) => {
    this.touchY = this.inScroller(event) ? event.touches[0]?.clientY : undefined;
  };

  private readonly onTouchMove = (event: TouchEvent) => {
    const y = event.touches[0]?.clientY;
    if (y !== undefined && this.touchY !== undefined && y > this.touchY && this.inScroller(event)) this.mark(GLIDE_MS);
    this.touchY = y;
  };

  /** A press on the container itself rather than on its content: its scrollbar. */
  private readonly onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'touch' || event.composedPath()[0] !== this.scroller()) return;
    this.holding = true;
    window.addEventListener('pointerup', this.onPointerUp, true);
    window.addEventListener('pointercancel', this.onPointerUp, true);
    // Should the release go unseen, the next move without a button pressed ends the hold.
    window.addEventListener('pointermove', this.onPointerMove, true);
  };

  private readonly onPointerUp = () => {
    this.release();
    this.holding = false;
    this.mark();
  };

  private readonly onPointerMove = (event: PointerEvent) => {
    if (event.buttons === 0) this.onPointerUp();
  };

  private release(): void {
    window.removeEventListener('pointerup', this.onPointerUp, true);
    window.removeEventListener('pointercancel', this.onPointerUp, true);
    window.removeEventListener('pointermove', this.onPointerMove, true);
  }
}
