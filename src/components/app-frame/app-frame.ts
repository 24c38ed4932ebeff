import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { ToolCallPart } from '../../conversation/types.js';
import { format, resolveStrings, type ChatStrings } from '../../i18n/strings.js';
import type { AppContext, PaneHolder } from '../../mcp/app-context.js';
import type { DisplayMode, FrameController } from '../../mcp/host-api.js';
import { hostStyleVariables } from '../../mcp/host-styles.js';
import { parsePartialJson } from '../../mcp/partial-json.js';
import { SizeDamper } from '../../mcp/size-damper.js';
import { APP_SANDBOX, PROXY_SANDBOX } from '../../mcp/types.js';
import { base } from '../../styles/tokens.js';
import { appFrameStyles } from './app-frame.styles.js';

/** Tallest an app grows inline (px), unless `--agent-chat-app-max-height` says otherwise. */
const DEFAULT_MAX_HEIGHT = 640;
const MIN_HEIGHT = 48;
const INITIAL_HEIGHT = 160;

interface Ask {
  message: string;
  answer: (allowed: boolean) => void;
}

/**
 * @summary An MCP App, live in a sandboxed iframe inside its tool card: loads the app's resource,
 * runs it through the host, and shows it inline, full screen or beside the chat.
 *
 * @csspart app-frame - The app's box (toolbar, Allow / Refuse prompts, iframe), or the notice when
 *   the app cannot be shown.
 * @cssproperty --agent-chat-app-max-height - Tallest an app grows inside its card. Default: 640px.
 */
@customElement('agent-chat-app-frame')
export class AgentChatAppFrame extends LitElement implements PaneHolder {
  static override styles = [base, appFrameStyles];

  /** The tool call (with its `app`) this frame shows. */
  @property({ attribute: false }) call!: ToolCallPart;
  @property({ attribute: false }) context?: AppContext;
  @property({ attribute: false }) heading = '';
  @property({ attribute: false }) strings: ChatStrings = resolveStrings('en');
  /** Offer the full-screen view. */
  @property({ attribute: false }) allowFullScreen = true;
  /** Shown when the app cannot be shown. */
  @property({ attribute: false }) summary?: string;

  @state() private mode: DisplayMode = 'inline';
  @state() private height = INITIAL_HEIGHT;
  @state() private asks: Ask[] = [];
  @state() private paneRect?: { top: number; left: number; width: number; height: number };
  /** The app is shown again (restored) after the person used it: it shows its first state. */
  @state() private reopened = false;
  @query('iframe') private iframe?: HTMLIFrameElement;
  @query('.box') private box?: HTMLElement;

  private controller?: FrameController;
  private opening = false;
  private loading = false;
  private lastPartial = '';
  private lastWidth = 0;
  private damper?: SizeDamper;
  private resizeObserver?: ResizeObserver;
  private paneTracking?: () => void;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.stopPaneTracking();
    this.context?.releasePane(this);
    for (const ask of this.asks) ask.answer(false);
    this.asks = [];
    const controller = this.controller;
    this.controller = undefined;
    this.opening = false;
    void controller?.teardown();
  }

  protected override updated(changed: PropertyValues<this>): void {
    const app = this.call?.app;
    if (!app || !this.context) return;
    if (!app.resource && !app.failure) this.loadResource();
    if (app.resource && !this.controller && !this.opening && this.iframe) void this.open();
    if (this.controller) {
      const previous = changed.get('context') as AppContext | undefined;
      if (previous && (previous.theme !== this.context.theme || previous.locale !== this.context.locale)) {
        this.controller.hostContextChanged({ theme: this.context.theme, locale: this.context.locale, styles: { variables: hostStyleVariables(this) } });
      }
      this.sync();
    }
  }

  /** Asks the app to wind down (`ui/resource-teardown`) before its card goes away. */
  async teardown(): Promise<void> {
    const controller = this.controller;
    this.controller = undefined;
    this.context?.setModelContext(this.call.id, this.heading, undefined);
    await controller?.teardown();
  }

  leavePane(): void {
    if (this.mode === 'pip') this.setMode('inline');
  }

  private loadResource(): void {
    if (this.loading) return;
    this.loading = true;
    const { call, context } = this;
    const app = call.app!;
    context!
      .host()
      .then((host) => host.readResource(app))
      .then(
        (resource) => context!.update(call.id, { resource }),
        (error: unknown) => context!.update(call.id, { failure: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => (this.loading = false));
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
      const controller = await host.openFrame({
        iframe,
        app: marked ? { ...app, hadOwnCheck: true } : app,
        html: app.resource!.html,
        meta: app.resource!.meta,
        instanceId: call.id,
        title: () => this.heading,
        kind: () => (this.mode === 'pip' ? 'pane' : 'card'),
        sandboxUrl: context!.sandboxUrl,
        hostContext: this.hostContext(maxHeight),
        prompt: (message) => this.ask(message),
        message: (text) => this.context!.send(text),
        updateModelContext: (value) => this.context!.setModelContext(call.id, this.heading, value),
        openLink: (url) => this.context!.openLink(url),
        requestDisplayMode: (mode) => this.setMode(mode),
        sizeChanged: (size) => this.onAppSize(size),
        acted: () => {
          if (!this.call.app?.acted) this.context?.update(call.id, { acted: true });
        },
        leftItsPage: () => {
          this.controller = undefined;
          this.context?.setModelContext(call.id, this.heading, undefined);
          this.context?.update(call.id, { failure: this.strings.appLeftItsPage });
        },
      });
      if (!this.isConnected || this.iframe !== iframe) {
        void controller.teardown();
        return;
      }
      this.controller = controller;
      this.observeWidth();
      this.sync();
    } catch (error) {
      context!.update(call.id, { failure: error instanceof Error ? error.message : String(error) });
    } finally {
      this.opening = false;
    }
  }

  private hostContext(maxHeight: number): Record<string, unknown> {
    const { call, context } = this;
    const media = (query: string) => window.matchMedia(query).matches;
    return {
      theme: context!.theme,
      styles: { variables: hostStyleVariables(this) },
      displayMode: this.mode,
      availableDisplayModes: this.availableModes(),
      containerDimensions: { width: Math.round(this.getBoundingClientRect().width), maxHeight },
      locale: context!.locale,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      userAgent: 'agent-chat',
      platform: 'web',
      deviceCapabilities: { touch: media('(pointer: coarse)'), hover: media('(hover: hover)') },
      ...(call.app?.tool ? { toolInfo: { id: call.id, tool: call.app.tool } } : {}),
    };
  }

  private availableModes(): DisplayMode[] {
    return this.allowFullScreen ? ['inline', 'fullscreen', 'pip'] : ['inline', 'pip'];
  }

  private maxHeight(): number {
    const value = parseFloat(getComputedStyle(this).getPropertyValue('--agent-chat-app-max-height'));
    return Number.isFinite(value) && value > MIN_HEIGHT ? value : DEFAULT_MAX_HEIGHT;
  }

  /** Tells the app what the card knows now; the controller sends each thing once, in order. */
  private sync(): void {
    const controller = this.controller!;
    const { call } = this;
    if (!call.argsComplete) {
      if (call.argsText && call.argsText !== this.lastPartial) {
        this.lastPartial = call.argsText;
        const partial = parsePartialJson(call.argsText);
        if (isRecord(partial)) controller.partialInput(partial);
      }
      return;
    }
    controller.input(isRecord(call.args) ? call.args : {});
    const result = call.app?.callResult;
    if (result) controller.result(result);
    else if (call.status === 'cancelled' || call.status === 'not-completed' || call.status === 'error') {
      controller.cancelled(call.error ?? (call.status === 'cancelled' ? 'The person stopped the reply.' : 'The call did not complete.'));
    }
  }

  private onAppSize({ height }: { width?: number; height?: number }): void {
    if (height === undefined || this.mode !== 'inline') return;
    const next = this.damper?.next(height, performance.now());
    if (next !== undefined) this.height = next;
  }

  private observeWidth(): void {
    this.resizeObserver ??= new ResizeObserver(() => {
      const width = Math.round(this.box?.getBoundingClientRect().width ?? 0);
      if (!width || width === this.lastWidth) return;
      const first = this.lastWidth === 0;
      this.lastWidth = width;
      if (!first) this.controller?.hostContextChanged({ containerDimensions: { width, maxHeight: this.maxHeight() } });
    });
    if (this.box) this.resizeObserver.observe(this.box);
  }

  private setMode(mode: DisplayMode): DisplayMode {
    const next: DisplayMode = this.availableModes().includes(mode) ? mode : this.mode;
    if (next === this.mode) return next;
    const from = this.mode;
    this.mode = next;
    if (from === 'pip') {
      this.stopPaneTracking();
      this.context?.releasePane(this);
    }
    if (next === 'pip') {
      this.context?.claimPane(this);
      this.startPaneTracking();
    }
    this.controller?.hostContextChanged({ displayMode: next });
    // The keyboard follows the view: into full screen, and back to the button that opened it.
    if (next === 'fullscreen' || from === 'fullscreen') {
      void this.updateComplete.then(() => this.box?.querySelector<HTMLButtonElement>('.toolbar button')?.focus());
    }
    return next;
  }

  /**
   * In the pane the app's box is placed over the area the chat makes for it (at its side, or
   * below the conversation when the chat is narrow) and follows it as the page scrolls or
   * resizes. Until the chat has drawn that area, the box covers the chat.
   */
  private startPaneTracking(): void {
    const chat = closestAcrossShadows(this, 'agent-chat') ?? this;
    let frame = 0;
    let tries = 0;
    let area: HTMLElement | undefined;
    const resized = new ResizeObserver(() => schedule());
    const place = () => {
      const found = this.context?.paneArea();
      if (found !== area) {
        if (area) resized.unobserve(area);
        area = found;
        if (area) resized.observe(area);
      }
      if (area) {
        const { top, left, width, height } = area.getBoundingClientRect();
        this.paneRect = { top, left, width, height };
      } else {
        // The chat draws the area with its next update: meanwhile over the chat, and look again.
        const { top, left, width, height } = chat.getBoundingClientRect();
        this.paneRect = { top, left, width, height };
        if (++tries < 10) schedule();
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), place()));
    };
    place();
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, true);
    this.paneTracking = () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
    };
  }

  private stopPaneTracking(): void {
    this.paneTracking?.();
    this.paneTracking = undefined;
    this.paneRect = undefined;
  }

  private ask(message: string): Promise<boolean> {
    return new Promise((resolve) => {
      const ask: Ask = {
        message,
        answer: (allowed) => {
          this.asks = this.asks.filter((entry) => entry !== ask);
          resolve(allowed);
        },
      };
      this.asks = [...this.asks, ask];
    });
  }

  private onKeydown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && this.mode === 'fullscreen') {
      event.stopPropagation();
      this.setMode('inline');
    }
  }

  private renderToolbar() {
    const s = this.strings;
    if (this.mode === 'fullscreen') return html`<button type="button" @click=${() => this.setMode('inline')}>${s.appExitFullScreen}</button>`;
    if (this.mode === 'pip') return html`<button type="button" @click=${() => this.setMode('inline')}>${s.appBackToCard}</button>`;
    return html`${this.allowFullScreen ? html`<button type="button" @click=${() => this.setMode('fullscreen')}>${s.appFullScreen}</button>` : nothing}
      <button type="button" @click=${() => this.setMode('pip')}>${s.appPane}</button>`;
  }

  override render() {
    const app = this.call?.app;
    if (!app) return nothing;
    const s = this.strings;
    if (app.failure) {
      return html`<p class="unavailable" part="app-frame" role="alert">
        <strong>${s.appUnavailable}:</strong> ${app.failure}${this.summary ? html`<span class="summary">${this.summary}</span>` : nothing}
      </p>`;
    }
    if (!app.resource) return html`<p class="note" part="app-frame" role="status">${s.appLoading}</p>`;
    const rect = this.paneRect;
    const place = this.mode === 'pip' && rect ? `top:${rect.top}px;left:${rect.left}px;width:${rect.width}px;height:${rect.height}px` : '';
    const bordered = app.resource.meta?.prefersBorder !== false;
    return html`${this.mode === 'pip' ? html`<p class="note">${s.appInPane}</p>` : nothing}
      <div
        class="box ${this.mode} ${bordered ? 'bordered' : ''}"
        part="app-frame"
        style=${place}
        role=${this.mode === 'fullscreen' ? 'dialog' : nothing}
        aria-modal=${this.mode === 'fullscreen' ? 'true' : nothing}
        aria-label=${this.mode === 'fullscreen' ? this.heading : nothing}
        @keydown=${this.onKeydown}
      >
        <div class="toolbar">
          ${this.reopened ? html`<p class="reopened" role="note">${s.appReopened}</p>` : nothing}${this.renderToolbar()}
        </div>
        ${this.asks.map(
          (ask) => html`<div class="ask" role="group" aria-label=${format(s.appAsk, { tool: this.heading })}>
            <p role="status">${ask.message}</p>
            <button class="allow" type="button" @click=${() => ask.answer(true)}>${s.appAllow}</button>
            <button class="refuse" type="button" @click=${() => ask.answer(false)}>${s.appRefuse}</button>
          </div>`,
        )}
        <iframe
          title=${this.heading}
          sandbox=${this.context?.sandboxUrl ? PROXY_SANDBOX : APP_SANDBOX}
          style="height:${this.height}px"
        ></iframe>
      </div>`;
  }
}

/** The nearest ancestor matching `selector`, looking through shadow roots. */
function closestAcrossShadows(from: Element, selector: string): Element | undefined {
  let node: Element | null = from;
  while (node) {
    const found: Element | null = node.closest(selector);
    if (found) return found;
    node = (node.getRootNode() as ShadowRoot).host ?? null;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-app-frame': AgentChatAppFrame;
  }
}
