import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ToolCallPart } from '../../conversation/types.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings, format } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import type { AppContext, PaneHolder } from '../../mcp/app-context.js';
import type { DisplayMode, FrameController } from '../../mcp/host-api.js';
import { SizeDamper } from '../../mcp/size-damper.js';
import { APP_SANDBOX, PROXY_SANDBOX } from '../../mcp/mcp-types.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { appFrameStyles } from './app-frame.styles.js';
import { FramePlacement } from './frame-placement.js';
import { containerDimensions } from './pip-geometry.js';
import { define } from '../../internal/define.js';
import { ARMING_MS, asksTemplate, linkHost, proposalTemplate, type Ask, type Proposal } from './app-prompts.js';
import { readAppDocument } from './app-document.js';
import { noticeTemplate, pausedTemplate, toolbarTemplate, waitingTemplate } from './app-frame-parts.js';
import { appFrameTexts } from './app-frame-texts.js';
import { FocusGuard } from './focus-guard.js';
import { pageInputIsRecent, withinActivation } from './focus-watch.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { errorText } from '../../internal/errors.js';
import { mcpContentTemplate } from '../tool-card/mcp-content.js';
import { appHostContext, offeredModes } from './app-host-context.js';
import { HostLook } from './host-look.js';
import { AppFrameRequest } from './app-frame-request.js';
import { tellCall } from './call-sync.js';

/** Tallest an app grows inline (px), unless `--agent-chat-app-max-height` says otherwise. */
const DEFAULT_MAX_HEIGHT = 640;
const MIN_HEIGHT = 48;
const INITIAL_HEIGHT = 160;
/** After the person leaves full screen, the app may not take it again for this long. */
const FULLSCREEN_COOLDOWN_MS = 5_000;

/**
 * @summary An MCP App, live in a sandboxed iframe inside its tool card: loads the app's resource,
 * runs it through the host, and shows it inline, full screen or floating over the conversation
 * (picture-in-picture: moved by its bar or, on its handle, the arrow keys; Esc or its buttons put it back).
 *
 * @csspart app-frame - The app's box (toolbar, Allow / Refuse prompts, iframe), or the notice when
 *   the app cannot be shown.
 * @csspart app-message - A message the app proposes to send, with Send and Discard.
 * @csspart app-source - The name of the app's source (its MCP server), always shown above the app.
 * @csspart app-paused - The notice of an app paused for taking the keyboard focus, with Resume.
 * @csspart app-pip-handle - Floating (picture-in-picture): the handle that moves the app (drag, or arrow keys).
 * @csspart app-pip-back - Floating: the button that puts the app back into its card, bringing the card into view.
 * @csspart app-pip-close - Floating: the close button; the app goes back into its card and keeps running.
 * @csspart mcp-sign-in - Instead of the app while its server asks the person to sign in: Sign in to NAME.
 * @cssproperty --agent-chat-app-max-height - Tallest an app grows inside its card. Default: 640px.
 */
export class AgentChatAppFrame extends LitElement implements PaneHolder {
  static override styles = [base, visibleControls, appFrameStyles];

  /** The tool call (with its `app`) this frame shows. */
  @property({ attribute: false }) call!: ToolCallPart;
  @property({ attribute: false }) context?: AppContext;
  @property({ attribute: false }) heading = '';
  /** Offer the full-screen view. */
  @property({ attribute: false }) allowFullScreen = true;
  /** The display modes the app declared in its `ui/initialize` (none: the chat's own choices). */
  private declaredModes?: DisplayMode[];
  /** Shown when the app cannot be shown. */
  @property({ attribute: false }) summary?: string;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  @state() private mode: DisplayMode = 'inline';
  @state() private height = INITIAL_HEIGHT;
  @state() private asks: Ask[] = [];
  @state() private proposal?: Proposal;
  @state() private proposalArmed = false;
  /** The app is gone from its card: it left its page, or asked to be closed. */
  @state() private left: false | 'left' | 'closed' = false;
  /** The app is shown again (restored) after the person used it: it shows its first state. */
  @state() private reopened = false;
  @query('iframe') private iframe?: HTMLIFrameElement;
  @query('.box') private box?: HTMLElement;

  private controller?: FrameController;
  private opening = false;
  private loading = false;
  private lastPartial = '';
  /** The container size the app was last told (or given in `ui/initialize`). */
  private damper?: SizeDamper;
  /** Where the box is out of its card (full screen, floating), and the person's moves of it. */
  private readonly placement = new FramePlacement(this, () => this.context?.paneArea());
  /** When a download last spent the person's gesture in the app. */
  private gestureSpentAt = -Infinity;
  /** When the person last left full screen: the app may not take it back right away. */
  private leftFullScreenAt = -Infinity;
  /** Theme, styles, fonts, locale, safe area: told again to the app when they change. */
  private readonly look = new HostLook(
    this,
    () => this.context,
    () => (this.mode === 'fullscreen' ? this.box : undefined),
    () => {
      const size = this.box && this.iframe && containerDimensions(this.mode, this.box.getBoundingClientRect(), this.iframe.getBoundingClientRect(), this.maxHeight());
      return size && size.width ? { containerDimensions: size } : {};
    },
    (change) => {
      this.controller?.hostContextChanged(change);
      return !!this.controller;
    },
  );
  /** The frame holds the keyboard only when the person put it there. */
  private readonly focusGuard = new FocusGuard(this, {
    frame: () => this.iframe,
    holder: () => this.box,
    refocus: () => this.controller?.refocus(),
    stop: () => {
      const controller = this.release();
      // Once its frame is gone: what is sent then reaches no one.
      void this.updateComplete.then(() => controller?.teardown());
    },
  });

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.look.stop();
    this.placement.stop();
    this.context?.releasePane(this);
    for (const ask of this.asks) ask.answer(false);
    this.asks = [];
    this.proposal?.answer(false);
    const controller = this.controller;
    this.controller = undefined;
    this.opening = false;
    void controller?.teardown();
  }

  protected override updated(changed: PropertyValues<this>): void {
    const app = this.call?.app;
    if (!app || !this.context) return;
    if (!app.resource && !app.failure) this.loadResource();
    if (app.resource && !this.controller && !this.opening && !this.left && this.iframe) void this.open();
    if (this.controller) {
      const moved = changed as PropertyValues;
      // Full screen is placed after the mode changed: where its box meets the screen's edges then.
      if (moved.has('context') || moved.has('mode') || this.mode === 'fullscreen') this.look.check();
      this.sync();
    }
  }

  /** Asks the app to wind down (`ui/resource-teardown`) before its card goes away. */
  async teardown(): Promise<void> {
    await this.release()?.teardown();
  }

  /** The app is no longer heard: what it told the model goes, and the look is no longer watched for it. */
  private release(): FrameController | undefined {
    const controller = this.controller;
    this.controller = undefined;
    this.look.stop();
    this.context?.setModelContext(this.call.id, this.heading, undefined);
    return controller;
  }

  leavePane(): void {
    if (this.mode === 'pip') this.setMode('inline');
  }

  private loadResource(): void {
    if (this.loading) return;
    this.loading = true;
    void readAppDocument(this.context!, this.call, () => this.isConnected && !this.call.app?.resource).finally(() => (this.loading = false));
  }

  private async open(): Promise<void> {
    this.opening = true;
    const { call, context } = this;
    const app = call.app!;
    const iframe = this.iframe!;
    const maxHeight = this.maxHeight();
    this.damper = new SizeDamper({ min: MIN_HEIGHT, max: maxHeight });
    try {
      const host = await context!.host();
      if (!this.isConnected || this.iframe !== iframe) return;
      // The missing-check mark: this card is shown while its source has a check of its own.
      const marked = app.hadOwnCheck || (app.via === 'page' && host.hasOwnCheck(app.source));
      if (marked && !app.hadOwnCheck) context!.update(call.id, { hadOwnCheck: true });
      // Used since it first opened: this opening starts it over from that first state.
      this.reopened = !!app.acted;
      const controller = await host.openFrame(
        new AppFrameRequest(this, {
          iframe,
          app: marked ? { ...app, hadOwnCheck: true } : app,
          html: app.resource!.html,
          instanceId: call.id,
          sandboxUrl: context!.sandboxUrl,
          hostContext: this.hostContext(maxHeight),
        }),
      );
      if (!this.isConnected || this.iframe !== iframe) {
        void controller.teardown();
        return;
      }
      this.controller = controller;
      this.look.observeSize([this.box, this.iframe]);
      this.sync();
    } catch (error) {
      context!.update(call.id, { failure: errorText(error) });
    } finally {
      this.opening = false;
    }
  }

  private hostContext(maxHeight: number): Record<string, unknown> {
    const [mode, modes, width] = [this.mode, this.availableModes(), this.getBoundingClientRect().width];
    return { ...appHostContext({ mode, modes, width, maxHeight, call: this.call }), ...this.look.first() };
  }

  private availableModes(): DisplayMode[] {
    return offeredModes(this.allowFullScreen, this.declaredModes);
  }

  /** The app declared the display modes it supports: the card offers and grants only those. */
  onAppModes(modes: DisplayMode[] | undefined): void {
    if (!modes?.length) return;
    this.declaredModes = modes;
    if (!this.availableModes().includes(this.mode)) this.setMode('inline');
    this.controller?.hostContextChanged({ availableDisplayModes: this.availableModes() });
    this.requestUpdate();
  }

  private maxHeight(): number {
    const value = parseFloat(getComputedStyle(this).getPropertyValue('--agent-chat-app-max-height'));
    return Number.isFinite(value) && value > MIN_HEIGHT ? value : DEFAULT_MAX_HEIGHT;
  }

  /** Tells the app what the card knows now (`call-sync.ts`). */
  private sync(): void {
    this.lastPartial = tellCall(this.controller!, this.call, this.lastPartial);
  }

  /** Whether the app floats over the conversation (else in its card, or full screen). */
  inPane(): boolean {
    return this.mode === 'pip';
  }

  /** The app navigated its frame away: it is stopped, and the card says so. */
  onAppLeftItsPage(why: 'left' | 'closed' = 'left'): void {
    this.release();
    this.setMode('inline');
    this.proposal?.answer(false);
    this.left = why;
  }

  /**
   * The app asked to be closed: it is told to wind down (`ui/resource-teardown`), then its frame
   * goes; the card keeps its call and result, and says the app closed.
   */
  onAppClosed(): void {
    void Promise.resolve(this.release()?.teardown())
      .catch(() => {})
      .finally(() => this.onAppLeftItsPage('closed'));
  }

  /** The person pressed inside the app's document, or the app tried to take the focus. */
  onAppFocusSignal(signal: 'press' | 'grab'): void {
    this.focusGuard.signal(signal);
  }

  onAppSize({ height }: { width?: number; height?: number }): void {
    if (height === undefined || this.mode !== 'inline') return;
    const next = this.damper?.next(height, performance.now());
    if (next !== undefined) this.height = next;
  }

  /**
   * A mode the app asks for. Full screen needs a gesture in this card (a click or key inside the
   * app, so the page's focus is in its frame while the page has a fresh activation), and is not
   * given again for a few seconds after the person left it.
   */
  async appRequestsMode(mode: DisplayMode): Promise<DisplayMode> {
    if (mode === 'fullscreen' && this.mode !== 'fullscreen') {
      if (performance.now() - this.leftFullScreenAt < FULLSCREEN_COOLDOWN_MS) return this.mode;
      if (!(await this.appGesture(appFrameTexts(this.strings).appAskFullScreen))) return this.mode;
    }
    return this.setMode(mode);
  }

  /** A popup needs the app's own activation (or the person's Allow), not one borrowed from the page. */
  async appOpensLink(url: string): Promise<boolean> {
    const host = linkHost(url);
    if (!host) return false;
    return (await this.appGesture(format(appFrameTexts(this.strings).appAskOpenLink, { host }))) && this.context!.openLink(url);
  }

  /** A download, like a popup, needs the app's own activation (or the person's Allow). */
  appDownloads(names: readonly string[]): Promise<boolean> {
    return this.appGesture(format(appFrameTexts(this.strings).appAskDownload, { name: names.join(', ') }), true);
  }

  /**
   * Whether the person asked for what the app asks, by a gesture of their own. With none, no. A
   * click or key in the app just before (its frame holds the focus, or gets it a moment after the
   * message; the page has a fresh activation but no click or key of its own that recent) is a yes —
   * once, with `spend` (downloads).
   * Anything in between (the activation may be the page's) asks the person, whose Allow is the gesture.
   */
  private async appGesture(question: string, spend = false): Promise<boolean> {
    const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
    if (activation?.isActive !== true) return false;
    const admitted = !pageInputIsRecent() && (await this.focusGuard.admission());
    // The wait may have outlasted the card or its app; a page input meanwhile makes the activation the page's.
    if (!this.isConnected || !this.controller || this.focusGuard.paused) return false;
    if (admitted && !pageInputIsRecent() && !(spend && withinActivation(this.gestureSpentAt))) return !spend || !!(this.gestureSpentAt = performance.now());
    if (this.asks.some((ask) => ask.message === question)) return false;
    return this.ask(question);
  }

  /** The person's own choice of mode (the toolbar, Esc); `keepScroll`: the conversation stays where it is. */
  private personSetsMode(mode: DisplayMode, keepScroll = false): void {
    if (this.mode === 'fullscreen' && mode !== 'fullscreen') this.leftFullScreenAt = performance.now();
    this.setMode(mode, keepScroll);
  }

  /**
   * Out of its card the box is placed over an area of the chat (`FramePlacement`): floating over
   * the conversation, or in full screen over the chat's whole box — never more of the page than the chat.
   */
  private setMode(mode: DisplayMode, keepScroll = false): DisplayMode {
    const next: DisplayMode = this.availableModes().includes(mode) ? mode : this.mode;
    if (next === this.mode) return next;
    const from = this.mode;
    const active = this.shadowRoot?.activeElement;
    this.mode = next;
    if (from === 'pip') this.context?.releasePane(this);
    if (next === 'pip') this.context?.claimPane(this);
    this.placement.start(next);
    this.controller?.hostContextChanged({ displayMode: next });
    // The keyboard follows the view: into full screen and back to the button that opened it; from
    // a control the view takes away, to the one that stands for it now (the floating frame's handle, Keep in view).
    if (next === 'fullscreen' || from === 'fullscreen' || (active && active !== this.iframe && this.box?.contains(active))) {
      const control = next === 'pip' ? '.pip-handle' : from === 'pip' && next === 'inline' ? '.to-pip' : '.toolbar button';
      void this.updateComplete.then(() => this.placement.focus(this.box?.querySelector<HTMLButtonElement>(control), keepScroll));
    }
    return next;
  }

  /**
   * An app's message: sent as the next turn, marked as the app's. With `consent`, the card shows
   * it first and it goes only when the person presses Send; a newer proposal replaces an older one.
   */
  async sendFromApp(text: string, consent: boolean): Promise<boolean> {
    if (consent) {
      // One at a time, and never swapped under the person's pointer: a newer one is refused.
      if (this.proposal) return false;
      const send = await new Promise<boolean>((resolve) => {
        const proposal: Proposal = {
          text,
          answer: (value) => {
            if (this.proposal === proposal) this.proposal = undefined;
            resolve(value);
          },
        };
        this.proposal = proposal;
        this.proposalArmed = false;
        setTimeout(() => (this.proposalArmed = this.proposal === proposal), ARMING_MS);
      });
      if (!send || !this.context) return false;
    }
    return this.context!.send(text, { kind: 'app', server: this.call.app!.source, instanceId: this.call.id, title: this.heading });
  }

  ask(message: string): Promise<boolean> {
    return new Promise((resolve) => {
      const ask: Ask = {
        message,
        armed: false,
        answer: (allowed) => {
          this.asks = this.asks.filter((entry) => entry !== ask);
          resolve(allowed);
        },
      };
      this.asks = [...this.asks, ask];
      setTimeout(() => {
        ask.armed = true;
        this.requestUpdate();
      }, ARMING_MS);
    });
  }

  private onKeydown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && this.mode !== 'inline') {
      event.stopPropagation();
      this.personSetsMode('inline');
    }
  }

  override render() {
    const app = this.call?.app;
    if (!app) return nothing;
    const s = this.strings;
    // Its server waits for the person's sign-in, or to be reached again: the card says so, with Sign in.
    const waiting = app.via === 'page' && !this.left && !app.failure ? this.context?.serversWaiting.get(app.source) : undefined;
    const signIn = () => this.context?.signIn(app.source);
    if (waiting && !app.resource) return waitingTemplate(s, waiting, app.source, signIn);
    // Closed by the app: its last result, as a card without an app shows it.
    if (this.left === 'closed') {
      const result = app.callResult ?? this.call.mcp?.result;
      return html`${noticeTemplate(s, 'closed', undefined, undefined)}${result ? mcpContentTemplate(result) : nothing}`;
    }
    if (this.left || app.failure || !app.resource) return noticeTemplate(s, this.left, app.failure, this.summary, app.fromFile ? app.source : undefined);
    const { mode, placement } = this;
    // A borderless preference only lightens the box's boundary (see the styles).
    const bordered = app.resource.meta?.prefersBorder !== false;
    // The app's title is its server's words: its direction controls are shown.
    const title = visibleBidi(this.heading);
    return html`${this.mode === 'pip' ? html`<p class="note">${appFrameTexts(s).appInPane}</p>` : nothing}
      ${waiting === 'sign-in' ? waitingTemplate(s, waiting, app.source, signIn) : nothing}
      <div
        class="box ${mode} ${bordered ? 'bordered' : ''} ${placement.dragging ? 'dragging' : ''}"
        part="app-frame"
        style=${mode === 'inline' ? '' : placement.style()}
        role=${mode === 'fullscreen' ? 'dialog' : mode === 'pip' ? 'group' : nothing}
        aria-modal=${mode === 'fullscreen' ? 'true' : nothing}
        aria-label=${mode === 'inline' ? nothing : title}
        @keydown=${this.onKeydown}
      >
        ${toolbarTemplate(s, {
          mode,
          source: app.source,
          reopened: this.reopened,
          modes: this.availableModes(),
          set: (to) => this.personSetsMode(to),
          pip: placement.bar((keepScroll) => this.personSetsMode('inline', keepScroll)),
        })}
        ${asksTemplate(s, this.asks, title)}
        ${
          this.focusGuard.paused
            ? pausedTemplate(s, app.source, () => this.focusGuard.resume())
            : html`<iframe title=${title} sandbox=${this.context?.sandboxUrl ? PROXY_SANDBOX : APP_SANDBOX} style="height:${this.height}px"></iframe>`
        }
        ${proposalTemplate(s, this.proposal, this.proposalArmed, title)}
      </div>`;
  }
}

define('agent-chat-app-frame', AgentChatAppFrame);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-app-frame': AgentChatAppFrame;
  }
}
