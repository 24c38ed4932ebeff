/** The launcher and panel of `mode="popup"` and `mode="sidebar"` around the chat. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ChatStrings } from '../i18n/chat-strings.js';
import type { EmbedMode } from './embed-mode.js';

const chatIcon = html`<svg class="launcher-icon" viewBox="0 0 24 24" aria-hidden="true">
  <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6A.5.5 0 0 1 5 19.2V16h.5A1.5 1.5 0 0 1 4 14.5z" fill="currentColor" />
</svg>`;
const closeIcon = html`<svg class="launcher-icon" viewBox="0 0 24 24" aria-hidden="true">
  <path d="M6 9l6 6 6-6" stroke="currentColor" stroke-width="2.2" fill="none" stroke-linecap="round" stroke-linejoin="round" />
</svg>`;

export interface EmbedView {
  mode: EmbedMode;
  strings: ChatStrings;
  open: boolean;
  /** The panel has been drawn (the chat started). */
  started: boolean;
  unread: number;
  launcherLabel?: string;
  /** The panel's name for screen readers. */
  panelLabel: string;
  /** `rtl` when the chat's language is written right to left and no `dir` says otherwise. */
  dir?: 'rtl';
  /** The panel is a phone's whole screen: Tab goes round inside it. */
  fullScreen: boolean;
  onLauncher(): void;
  onPanelKey(event: KeyboardEvent): void;
  onEdgeFocus(edge: 'start' | 'end'): void;
}

/**
 * The launcher (with its badge), the unread count said politely, and the panel holding the chat;
 * inline, the same frame without them: one template for every mode, so switching modes keeps the
 * chat's DOM (its log, its apps' frames) instead of drawing it anew.
 */
export function embedTemplate(view: EmbedView, chat: TemplateResult | typeof nothing) {
  const { strings, open, unread, started, mode } = view;
  const floating = mode !== 'inline';
  // A sidebar's panel covers the edge where its launcher sits; a popup's launcher closes it again.
  const launcherShown = mode === 'popup' || (mode === 'sidebar' && !open);
  // The badge sits over the launcher, outside it: the button's name stays its label, and the
  // count is said by the status line (which also describes the button).
  const launcher = html`<div class="launcher-box" popover=${floating ? 'manual' : nothing} dir=${view.dir ?? nothing} @keydown=${view.onPanelKey}>
    <button
      class="launcher"
      part="launcher"
      type="button"
      aria-label=${view.launcherLabel || strings.launcherOpen}
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls=${started ? 'panel' : nothing}
      aria-describedby=${unread > 0 ? 'unread' : nothing}
      @click=${view.onLauncher}
    >
      ${open ? closeIcon : html`<slot name="launcher">${chatIcon}</slot>`}
    </button>
    ${unread > 0 ? html`<span class="badge" part="badge" aria-hidden="true">${unread > 99 ? '99+' : unread}</span>` : nothing}
  </div>`;
  const status = html`<span id="unread" class="visually-hidden" role="status">${unread > 0 ? strings.unreadReplies(unread) : ''}</span>`;
  // On a phone's whole screen, Tab past the last control (or Shift+Tab past the first) goes round.
  const edge = (side: 'start' | 'end') => (view.fullScreen ? html`<span class="edge" tabindex="0" @focus=${() => view.onEdgeFocus(side)}></span>` : nothing);
  const frame = html`<div
    id="panel"
    class="frame ${floating ? 'panel' : ''}"
    popover=${floating ? 'manual' : nothing}
    dir=${view.dir ?? nothing}
    part=${floating ? 'panel' : nothing}
    role=${floating ? 'dialog' : nothing}
    aria-label=${floating ? view.panelLabel : nothing}
    ?hidden=${floating && !open}
    @keydown=${view.onPanelKey}
  >
    ${edge('start')}${chat}${edge('end')}
  </div>`;
  return html`${launcherShown ? launcher : nothing}${floating ? status : nothing}${started ? frame : nothing}`;
}

/** The panel's close button, at the end of its header. */
export function closeButtonTemplate(strings: ChatStrings, onClose: () => void) {
  return html`<button class="panel-close" part="close-button" type="button" aria-label=${strings.panelClose} @click=${onClose}>
    <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.6" fill="none" /></svg>
  </button>`;
}
