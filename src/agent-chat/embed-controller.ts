/**
 * A popup's or sidebar's panel state (`mode`): open or not and why it changed
 * (`agent-chat-open-change`), the replies that finished while it was closed (the launcher's badge),
 * whether it was open last time (per `storage-key`), Esc and outside presses, and on a phone the
 * visual viewport the panel fits. A popup or sidebar starts (storage, the backend's adapter, MCP
 * servers, the markdown renderer) only when first opened or used, so a page pays for its launcher
 * alone until then. A chunk of its own: an inline chat never loads it (see embed-state.ts).
 */
import type { CSSResult, ReactiveController } from 'lit';
import { emit } from '../events.js';
import { embedModeOf, type EmbedHooks, type EmbedHost, type EmbedMode, type OpenReason } from './embed-mode.js';
import { floatingStyles } from './floating.styles.js';

/** Narrower than this, or this low (a phone on its side), the panel takes the whole screen (as in the styles). */
const PHONE_QUERY = '(max-width: 639.98px), (max-height: 499.98px)';

/** Where whether a popup was open is kept: one key per `storage-key`. */
export const openStateKey = (storageKey: string) => `agent-chat:open:${storageKey || 'agent-chat'}`;

export class EmbedController implements ReactiveController {
  /** Replies that finished while the panel was closed. */
  unread = 0;
  private everStarted = false;
  /** The `open` value last seen, and why it is changing (unset: the page set it). */
  private seenOpen?: boolean;
  private reason?: OpenReason;
  private seenMode?: EmbedMode;
  /** A press outside has just closed the panel: a page button's `toggle()` in the same click leaves it closed. */
  private closedByPress = false;
  private fitPending = true;
  private readonly phone = typeof matchMedia === 'function' ? matchMedia(PHONE_QUERY) : undefined;

  /**
   * `startedInline`: the chat was drawn inline before it became a popup or sidebar; it keeps
   * running. The element's `EmbedState` passes the host's lifecycle on, in its own place among the
   * controllers (before those that ask whether the chat has started).
   */
  constructor(
    private readonly host: EmbedHost,
    private readonly hooks: EmbedHooks,
    startedInline: boolean,
  ) {
    this.everStarted = startedInline;
    adoptStyles(host, floatingStyles);
  }

  get mode(): EmbedMode {
    return embedModeOf(this.host.mode);
  }

  /** A launcher and a panel (popup or sidebar) rather than a block in the page. */
  get floating(): boolean {
    return this.mode !== 'inline';
  }

  /** Whether the chat's workings run: inline always; a panel once opened or used. */
  get started(): boolean {
    return !this.floating || this.everStarted;
  }

  /** Starts the chat's workings if they have not (a method that needs them was called). */
  wake(): void {
    if (this.started) return;
    this.everStarted = true;
    this.hooks.start();
    this.host.requestUpdate();
  }

  setOpen(open: boolean, reason: OpenReason): void {
    if (!this.floating || open === this.host.open) return;
    this.reason = reason;
    this.host.open = open;
  }

  /** `toggle()`: the press that began this click on a page button already closed the panel. */
  toggle(): void {
    if (this.closedByPress) return;
    this.setOpen(!this.host.open, 'method');
  }

  /** A phone's whole screen: the panel keeps the keyboard inside (as a modal dialog would). */
  get fullScreen(): boolean {
    return this.floating && this.host.open && !!this.phone?.matches;
  }

  hostConnected(): void {
    this.host.addEventListener('agent-chat-response-end', this.onReplyEnd);
    document.addEventListener('pointerdown', this.onOutsidePress, true);
    this.phone?.addEventListener('change', this.onPhoneChange);
    visualViewportOf()?.addEventListener('resize', this.fitViewport);
    visualViewportOf()?.addEventListener('scroll', this.fitViewport);
    if (this.seenOpen === undefined) this.restoreOpen();
  }

  hostDisconnected(): void {
    this.host.removeEventListener('agent-chat-response-end', this.onReplyEnd);
    document.removeEventListener('pointerdown', this.onOutsidePress, true);
    this.phone?.removeEventListener('change', this.onPhoneChange);
    visualViewportOf()?.removeEventListener('resize', this.fitViewport);
    visualViewportOf()?.removeEventListener('scroll', this.fitViewport);
  }

  hostUpdate(): void {
    // Back to inline, the chat is in view again: its log goes to the end.
    if (this.seenMode !== undefined && this.seenMode !== this.mode && this.mode === 'inline') void this.host.updateComplete.then(() => this.hooks.shown());
    const modeChanged = this.seenMode !== undefined && this.seenMode !== this.mode;
    this.seenMode = this.mode;
    // Drawn inline once, the chat has started: a later popup keeps it as it is.
    if (!this.floating) this.everStarted = true;
    const open = this.host.open;
    if (this.floating && open && !this.everStarted) {
      this.everStarted = true;
      this.hooks.start();
    }
    if (open !== this.seenOpen || modeChanged) this.fitPending = true;
    // A change of mode is no opening or closing: only `open` changing in a popup or sidebar is.
    if (this.seenOpen === undefined || open === this.seenOpen || !this.floating) {
      this.seenOpen = open;
      this.reason = undefined;
      return;
    }
    const reason = this.reason ?? 'method';
    this.seenOpen = open;
    this.reason = undefined;
    if (open) this.unread = 0;
    this.rememberOpen(open);
    void this.host.updateComplete.then(() => this.afterChange(open, reason));
  }

  hostUpdated(): void {
    this.showInTopLayer();
    if (this.fitPending) this.fitViewport();
    this.fitPending = false;
  }

  /**
   * The launcher and the panel are popovers shown in the top layer: above the page's stacking
   * contexts (a header with a huge z-index) and free of a transformed ancestor, the last opened
   * chat on top. `--agent-chat-z-index` stacks them where there is no top layer.
   */
  private showInTopLayer(): void {
    if (!this.floating || !this.host.isConnected) return;
    const launcher = this.host.renderRoot.querySelector<HTMLElement>('.launcher-box');
    if (launcher && !isShown(launcher)) launcher.showPopover?.();
    const panel = this.hooks.panel();
    if (!panel) return;
    if (this.host.open && !isShown(panel)) panel.showPopover?.();
    else if (!this.host.open && isShown(panel)) panel.hidePopover?.();
  }

  private afterChange(open: boolean, reason: OpenReason): void {
    emit(this.host, 'agent-chat-open-change', { open, reason });
    if (open) {
      this.hooks.shown();
      if (reason !== 'outside') this.hooks.focusComposer();
      return;
    }
    // The keyboard goes back to the launcher, unless the person pressed elsewhere on the page.
    const focusWasInside = this.host.matches(':focus-within');
    if (reason === 'escape' || reason === 'close-button' || reason === 'launcher' || (reason === 'method' && focusWasInside)) this.hooks.focusLauncher();
  }

  /**
   * Esc in the panel (or on the launcher) closes it, unless something inside used it (a drawer, an
   * editor, full screen) or it ends the composition of a character (an input method).
   */
  readonly onPanelKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented || !this.floating || !this.host.open) return;
    event.preventDefault();
    this.setOpen(false, 'escape');
  };

  /** The keyboard reached an edge of a full-screen panel: it goes round to the other end. */
  readonly onEdgeFocus = (edge: 'start' | 'end'): void => {
    if (edge === 'start') this.hooks.focusComposer();
    else this.hooks.focusFirst();
  };

  private readonly onOutsidePress = (event: PointerEvent): void => {
    if (!this.floating || !this.host.open || !this.host.closeOnOutsideClick) return;
    if (event.composedPath().includes(this.host)) return;
    this.setOpen(false, 'outside');
    this.closedByPress = true;
    const release = () => setTimeout(() => (this.closedByPress = false));
    document.addEventListener('click', release, { once: true });
    // A press that ends in no click (a drag, a scroll) lets go soon too.
    setTimeout(() => (this.closedByPress = false), 1000);
  };

  private readonly onReplyEnd = (event: Event): void => {
    const { status } = (event as CustomEvent<{ status: string }>).detail ?? {};
    if (!this.floating || this.host.open || status === 'cancelled') return;
    this.unread += 1;
    this.host.requestUpdate();
  };

  private readonly onPhoneChange = (): void => {
    this.fitViewport();
    this.host.requestUpdate();
  };

  /**
   * On a phone the panel fills the visual viewport, which the on-screen keyboard shrinks (the
   * layout viewport, which fixed boxes follow, does not), so the composer stays above the keyboard.
   */
  private readonly fitViewport = (): void => {
    const panel = this.hooks.panel();
    if (!panel) return;
    const viewport = visualViewportOf();
    if (!viewport || !this.phone?.matches) {
      panel.style.removeProperty('--_viewport-height');
      panel.style.removeProperty('--_viewport-top');
      return;
    }
    panel.style.setProperty('--_viewport-height', `${viewport.height}px`);
    panel.style.setProperty('--_viewport-top', `${viewport.offsetTop}px`);
  };

  /**
   * Whether the panel was open when the person was last here (not kept with `storage="none"`). On a
   * phone an open panel is the whole screen: it is not opened again over the next page by itself.
   */
  private restoreOpen(): void {
    if (!this.floating || this.host.storage === 'none') return;
    const kept = readKept(openStateKey(this.host.storageKey));
    if (kept === false || (kept === true && !this.phone?.matches)) this.host.open = kept;
  }

  private rememberOpen(open: boolean): void {
    if (this.host.storage === 'none') return;
    try {
      localStorage.setItem(openStateKey(this.host.storageKey), open ? 'open' : 'closed');
    } catch {
      // No storage here (a sandboxed frame, a full quota): the panel simply starts as the page says.
    }
  }
}

/** The launcher's and the panel's styles join the element's own once this chunk is here. */
function adoptStyles(host: EmbedHost, styles: CSSResult): void {
  const root = host.renderRoot;
  const sheet = styles.styleSheet;
  if (root instanceof ShadowRoot && sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

const isShown = (element: HTMLElement) => {
  try {
    return element.matches(':popover-open');
  } catch {
    return true;
  }
};

const visualViewportOf = (): VisualViewport | undefined => (typeof visualViewport === 'undefined' ? undefined : (visualViewport ?? undefined));

function readKept(key: string): boolean | undefined {
  try {
    const value = localStorage.getItem(key);
    return value === 'open' ? true : value === 'closed' ? false : undefined;
  } catch {
    return undefined;
  }
}
