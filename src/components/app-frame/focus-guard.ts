/**
 * Keeps one app's frame from taking the keyboard: the frame may hold the focus only when the
 * person's own press in it (reported by the app document's bootstrap, which the app cannot fake)
 * or Tab moved it there. Focus it takes any other way goes straight back where it was, and the app
 * is told nothing; an app refused again and again (here, or by its document's bootstrap) is paused:
 * stopped, its frame gone, until the person resumes it (it starts again). Neither `inert` nor
 * `tabindex` nor hiding keeps a frame's own `focus()` from taking the keyboard in Chromium, and each
 * give-back leaves the keyboard with the app for a moment, so a paused app does not run at all.
 * A press reported just after a refusal was the person's after all: the app's document gets to
 * focus what it pressed.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { FocusSignal } from '../../mcp/document-port.js';
import { FocusRefusals, personMovedFocus, pressExplainsRefusal } from './focus-rules.js';
import { deepActiveElement, focusArrives, focusBefore, pageInput, pressedIn, unwatchFocus, watchFocus, type FocusClaimant } from './focus-watch.js';

export interface FocusGuardParts {
  /** The app's iframe. */
  frame(): HTMLIFrameElement | undefined;
  /** An element of the app's box that can hold the focus for a moment, to take it from the frame. */
  holder(): HTMLElement | undefined;
  /** Lets the app's document focus again what the person pressed in it. */
  refocus(): void;
  /** Stops the app (its frame is no longer drawn while paused). */
  stop(): void;
}

export class FocusGuard implements ReactiveController, FocusClaimant {
  /** Refused too often: the app is stopped until the person resumes it. */
  paused = false;
  private pressAt = -Infinity;
  private refusedAt = -Infinity;
  private readonly refusals = new FocusRefusals();
  private givingBack = 0;
  /** The focus is in the frame by the person's own move, and has not left it since. */
  private admittedStay = false;
  private waiting?: Promise<boolean>;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly parts: FocusGuardParts,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    watchFocus(this);
  }

  hostDisconnected(): void {
    unwatchFocus(this);
  }

  frame(): HTMLIFrameElement | undefined {
    return this.parts.frame();
  }

  /** What the app's document tells: the person's press in it, or the app's try to take the focus. */
  signal(signal: FocusSignal): void {
    if (signal === 'press') this.pressed();
    else if (!this.paused) this.refuse(performance.now());
  }

  private pressed(): void {
    const now = performance.now();
    this.pressAt = now;
    pressedIn(this);
    if (this.paused || !pressExplainsRefusal(now, this.refusedAt, pageInput.at)) return;
    this.refusedAt = -Infinity;
    this.refusals.forgiveLast();
    clearTimeout(this.givingBack);
    this.admittedStay = deepActiveElement() === this.frame();
    this.parts.refocus();
  }

  entered(): void {
    const now = performance.now();
    this.admittedStay = false;
    if (!this.paused && personMovedFocus({ now, pressAt: this.pressAt, tabAt: pageInput.tabAt, pageInputAt: pageInput.at })) {
      this.pressAt = -Infinity;
      this.admittedStay = true;
      return;
    }
    // Once the move has settled: an element focused while the frame is still taking over stays
    // the page's active element, but the keyboard stays with the frame.
    const frame = this.frame();
    clearTimeout(this.givingBack);
    this.givingBack = window.setTimeout(() => this.giveBack(frame));
    if (this.paused) return;
    this.refusedAt = now;
    this.refuse(now);
  }

  left(): void {
    this.admittedStay = false;
  }

  /** The frame holds the focus, and the person's own press or Tab put it there. */
  admitted(): boolean {
    return this.admittedStay && deepActiveElement() === this.frame();
  }

  /**
   * Whether the frame holds the focus by the person's own move now, or within a moment: the page
   * may hear of a click's focus after the message the click made the app send. One wait at a time.
   */
  admission(): Promise<boolean> {
    return (this.waiting ??= focusArrives(() => this.admitted()).finally(() => (this.waiting = undefined)));
  }

  private refuse(now: number): void {
    this.admittedStay = false;
    if (!this.refusals.add(now)) return;
    this.paused = true;
    this.parts.stop();
    this.host.requestUpdate();
  }

  resume(): void {
    this.paused = false;
    this.refusals.clear();
    this.host.requestUpdate();
  }

  /**
   * Back to the element that had the focus; when none did, to the page itself. Also when the frame
   * has just gone (a paused app) and took the focus with it.
   */
  private giveBack(frame: HTMLIFrameElement | undefined): void {
    const now = deepActiveElement();
    if (now !== frame && now && now !== document.body) return;
    focusBefore()?.focus({ preventScroll: true });
    const holder = this.parts.holder();
    if (deepActiveElement() !== frame || !frame?.isConnected || !holder) return;
    holder.tabIndex = -1;
    holder.focus({ preventScroll: true });
    holder.blur();
    holder.removeAttribute('tabindex');
  }
}
