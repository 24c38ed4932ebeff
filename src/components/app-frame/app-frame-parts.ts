/**
 * The chat's own parts of an app's box, outside the app's frame where the app cannot draw: the
 * toolbar, led by the name of the app's source (shown whatever the app prefers, so an app cannot
 * pass for the chat), the notice of an app paused for taking the keyboard, and what the card
 * says instead of the app when it cannot show it. The source's name is the server's own: it is
 * set apart in a `<bdi>` with its direction controls shown, so it cannot read as another name.
 */
import { html, nothing } from 'lit';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { format } from '../../i18n/strings.js';
import type { DisplayMode } from '../../mcp/host-api.js';
import { textWithLabel } from '../../render/label-in-text.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { signInTexts } from '../mcp-notice/sign-in-texts.js';
import { appFrameTexts } from './app-frame-texts.js';

export interface ToolbarState {
  mode: DisplayMode;
  /** The `<agent-chat-mcp-server>` name, or the backend's server id. */
  source: string;
  reopened: boolean;
  /** The modes the card offers (the app's declared ones, of those the chat allows). */
  modes: readonly DisplayMode[];
  /** The person's choice of mode. */
  set: (mode: DisplayMode) => void;
  /** Picture-in-picture: the frame's bar moves it, and its buttons put the app back into its card. */
  pip: PipBar;
}

export interface PipBar {
  onPointerDown(event: PointerEvent): void;
  onPointerMove(event: PointerEvent): void;
  onPointerEnd(event: PointerEvent): void;
  onHandleKey(event: KeyboardEvent): void;
  /** Back into the card, which comes into view. */
  back(): void;
  /** Back into the card, the conversation staying where it is. */
  close(): void;
}

const gripIcon = html`<svg viewBox="0 0 16 16" aria-hidden="true">
  <path d="M8 1.5l2 2.5H6zM8 14.5l-2-2.5h4zM1.5 8l2.5-2v4zM14.5 8l-2.5 2V6zM8 4v8M4 8h8" fill="currentColor" stroke="currentColor" stroke-width="1.2" />
</svg>`;
const backIcon = html`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M12 4l-7 7M5 6v5h5M2 14h12" fill="none" stroke="currentColor" stroke-width="1.6" /></svg>`;
const closeIcon = html`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" stroke-width="1.6" /></svg>`;

export function toolbarTemplate(strings: ChatStrings, { mode, source, reopened, modes, set, pip }: ToolbarState) {
  const s = appFrameTexts(strings);
  const sourceName = html`<p class="source" part="app-source">${textWithLabel(s.appSource, 'source', source)}</p>`;
  if (mode === 'pip') {
    // The bar is the frame's handle for a pointer; its first button is the keyboard's.
    const iconButton = (part: string, label: string, press: () => void, glyph: unknown) =>
      html`<button type="button" class="icon" part=${part} aria-label=${label} title=${label} @click=${press}>${glyph}</button>`;
    return html`<div class="toolbar pip-bar" @pointerdown=${pip.onPointerDown} @pointermove=${pip.onPointerMove} @pointerup=${pip.onPointerEnd} @pointercancel=${pip.onPointerEnd}>
      <button type="button" class="icon pip-handle" part="app-pip-handle" aria-label=${s.appPipMove} aria-describedby="pip-hint" title=${s.appPipMove} @keydown=${pip.onHandleKey}>
        ${gripIcon}
      </button>
      <span id="pip-hint" hidden>${s.appPipMoveHint}</span>
      ${sourceName}${iconButton('app-pip-back', s.appBackToCard, pip.back, backIcon)}${iconButton('app-pip-close', s.appPipClose, pip.close, closeIcon)}
    </div>`;
  }
  const button = (label: string, to: DisplayMode) => html`<button type="button" class="to-${to}" @click=${() => set(to)}>${label}</button>`;
  const buttons =
    mode === 'fullscreen'
      ? button(s.appExitFullScreen, 'inline')
      : html`${modes.includes('fullscreen') ? button(s.appFullScreen, 'fullscreen') : nothing}${modes.includes('pip') ? button(s.appPane, 'pip') : nothing}`;
  return html`<div class="toolbar">
    ${sourceName} ${reopened ? html`<p class="reopened" role="note">${s.appReopened}</p>` : nothing}${buttons}
  </div>`;
}

export function pausedTemplate(strings: ChatStrings, source: string, resume: () => void) {
  const s = appFrameTexts(strings);
  return html`<div class="ask paused" part="app-paused" role="alert">
    <p>${textWithLabel(s.appPaused, 'source', source)}</p>
    <button type="button" @click=${resume}>${s.appResume}</button>
  </div>`;
}

/**
 * Instead of the app: it closed itself, it left its page, it failed (with the card's summary), or it is loading. A
 * card from a file (`fromFile`: its source) says its app runs only as this page's server gives it.
 */
export function noticeTemplate(strings: ChatStrings, left: false | 'left' | 'closed', failure: string | undefined, summary: string | undefined, fromFile?: string) {
  const s = appFrameTexts(strings);
  if (left === 'closed') return html`<p class="note" part="app-frame" role="status">${s.appClosed}</p>`;
  if (left) return html`<p class="unavailable" part="app-frame" role="alert">${s.appLeftItsPage}</p>`;
  if (failure) {
    // Cards stored before the note was drawn here have it at the start of their failure.
    const legacy = fromFile === undefined ? '' : `${format(s.appFromFile, { source: fromFile })}: `;
    const reason = legacy && failure.startsWith(legacy) ? failure.slice(legacy.length) : failure;
    const note = fromFile === undefined ? nothing : html`${textWithLabel(s.appFromFile, 'source', fromFile)}: `;
    return html`<p class="unavailable" part="app-frame" role="alert">
      <strong>${s.appUnavailable}:</strong> ${note}${visibleBidi(reason)}${summary ? html`<span class="summary">${summary}</span>` : nothing}
    </p>`;
  }
  return html`<p class="note" part="app-frame" role="status">${s.appLoading}</p>`;
}

/**
 * While the app's server waits for the person's sign-in (with its Sign in button, like the notice
 * above the composer: above the app, whose calls to its server fail until then, or instead of an
 * app still to be read), or to be reached again (instead of an app still to be read). Nothing of it
 * is kept with the card.
 */
export function waitingTemplate(strings: ChatStrings, waiting: 'sign-in' | 'reach', source: string, signIn: () => void) {
  if (waiting === 'reach') return html`<p class="note" part="app-frame" role="status">${textWithLabel(appFrameTexts(strings).appWaitsForServer, 'source', source)}</p>`;
  const s = signInTexts(strings);
  return html`<div class="ask waiting" role="status">
    <p>${textWithLabel(s.mcpSignInNeeded, 'name', source)}</p>
    <button type="button" part="mcp-sign-in" @click=${signIn}>${textWithLabel(s.mcpSignIn, 'name', source)}</button>
  </div>`;
}
