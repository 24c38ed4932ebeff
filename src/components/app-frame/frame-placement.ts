/**
 * Where an app's box is while out of its card, and the person's moves of it. Full screen covers
 * the chat's box. Picture-in-picture floats over the conversation — inside the chat, never over
 * its header, notices or composer — starting at the bottom corner of the end side; the person
 * moves it by dragging its bar, or with the arrow keys on its handle (Shift: further), and it stays
 * inside that area as the chat is resized. The rules are in `pip-geometry.ts`.
 */
import type { ReactiveControllerHost } from 'lit';
import type { DisplayMode } from '../../mcp/host-api.js';
import type { PipBar } from './app-frame-parts.js';
import { closestAcrossShadows, trackArea, type BoxRect } from './box-placement.js';
import { defaultSpot, keyMove, moveSpot, pipRect, type PipSpot } from './pip-geometry.js';

interface Drag {
  pointer: number;
  x: number;
  y: number;
  from: PipSpot;
}

export class FramePlacement {
  /** The box's place while out of its card (viewport coordinates). */
  rect?: BoxRect;
  private mode?: DisplayMode;
  private area?: BoxRect;
  /** Kept for the card's life: kept in view again, the frame goes back where the person left it. */
  private spot?: PipSpot;
  private drag?: Drag;
  private stopTracking?: () => void;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** The area a picture-in-picture frame floats over (the conversation), once the chat has drawn it. */
    private readonly pipArea: () => Element | undefined,
  ) {}

  /** A pointer is dragging the frame (the app's frame then lets the pointer through). */
  get dragging(): boolean {
    return !!this.drag;
  }

  start(mode: DisplayMode): void {
    this.stop();
    if (mode === 'inline') return;
    this.mode = mode;
    // The chat's frame: its box also in a popup or sidebar, where the element itself has none.
    const chat = closestAcrossShadows(this.host, '.frame, agent-chat') ?? this.host;
    this.spot ??= defaultSpot(getComputedStyle(this.host).direction === 'rtl');
    const area = mode === 'pip' ? this.pipArea : () => chat;
    this.stopTracking = trackArea(area, chat, (rect) => {
      this.area = rect;
      this.place();
    });
    if (mode === 'fullscreen') this.host.shadowRoot?.addEventListener('focusout', this.keepFocusIn, true);
  }

  stop(): void {
    this.host.shadowRoot?.removeEventListener('focusout', this.keepFocusIn, true);
    this.stopTracking?.();
    this.stopTracking = undefined;
    this.mode = undefined;
    this.rect = this.area = this.drag = undefined;
  }

  /**
   * In full screen the box covers the chat: the keyboard may not go to what is under it (Tab out of
   * the app, or back past the box's first control), and goes to the box's first control instead.
   * The page around the chat is not covered, and keeps its own focus.
   */
  private readonly keepFocusIn = (event: Event): void => {
    const to = (event as FocusEvent).relatedTarget as Node | null;
    const box = this.host.shadowRoot?.querySelector<HTMLElement>('.box');
    const chat = closestAcrossShadows(this.host, 'agent-chat');
    if (!to || !box || !chat || box.contains(to) || !within(to, chat)) return;
    queueMicrotask(() => box.querySelector<HTMLElement>('.toolbar button')?.focus());
  };

  /** The box's inline style: its place out of its card. */
  style(): string {
    const rect = this.rect;
    return rect ? `top:${rect.top}px;left:${rect.left}px;width:${rect.width}px;height:${rect.height}px` : '';
  }

  /**
   * What the floating frame's bar does: move it; its Back and Close put the app back into its card
   * (`toCard`), Close leaving the conversation where it is (`keepScroll`).
   */
  bar(toCard: (keepScroll: boolean) => void): PipBar {
    const { onPointerDown, onPointerMove, onPointerEnd, onHandleKey } = this;
    return { onPointerDown, onPointerMove, onPointerEnd, onHandleKey, back: () => toCard(false), close: () => toCard(true) };
  }

  /**
   * Gives `control` the keyboard; with `keepScroll`, without moving the conversation — unless the
   * control is out of its view, where a focus could not be seen: then it scrolls just enough.
   */
  focus(control: HTMLElement | null | undefined, keepScroll: boolean): void {
    if (!control) return;
    const area = this.pipArea()?.getBoundingClientRect();
    const rect = control.getBoundingClientRect();
    const seen = !!area && rect.top >= area.top && rect.bottom <= area.bottom;
    control.focus({ preventScroll: keepScroll && seen });
  }

  /** A press on the frame's bar (not on its buttons, bar the handle) starts a drag. */
  readonly onPointerDown = (event: PointerEvent): void => {
    const target = event.composedPath()[0] as Element | undefined;
    if (event.button !== 0 || this.mode !== 'pip' || !this.spot || target?.closest?.('button:not(.pip-handle)')) return;
    event.preventDefault();
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    this.drag = { pointer: event.pointerId, x: event.clientX, y: event.clientY, from: this.spot };
    // A press on the handle focuses it, as on any button; one on the bar leaves the keyboard where it was (the composer).
    if (target?.closest?.('.pip-handle')) (target.closest('.pip-handle') as HTMLElement).focus({ preventScroll: true });
    this.host.requestUpdate();
  };

  readonly onPointerMove = (event: PointerEvent): void => {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointer || !this.area) return;
    this.moveTo(moveSpot(this.area, drag.from, event.clientX - drag.x, event.clientY - drag.y));
  };

  readonly onPointerEnd = (event: PointerEvent): void => {
    if (!this.drag || event.pointerId !== this.drag.pointer) return;
    this.drag = undefined;
    this.host.requestUpdate();
  };

  /** The arrow keys on the handle move the frame. */
  readonly onHandleKey = (event: KeyboardEvent): void => {
    const move = keyMove(event.key, event.shiftKey);
    if (!move || !this.area || !this.spot || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    this.moveTo(moveSpot(this.area, this.spot, ...move));
  };

  private moveTo(spot: PipSpot): void {
    this.spot = spot;
    this.place();
  }

  private place(): void {
    const area = this.area;
    if (!area) return;
    this.rect = this.mode === 'pip' && this.spot ? pipRect(area, this.spot) : area;
    this.host.requestUpdate();
  }
}

/** Whether `node` is `ancestor` or inside it, across shadow roots. */
function within(node: Node, ancestor: Node): boolean {
  for (let at: Node | null = node; at; at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null)) if (at === ancestor) return true;
  return false;
}
