import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ToolCallPart } from '../../conversation/types.js';
import { MAX_DEPTH } from '../../conversation/depth.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings, format } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { on } from '../../internal/view-events.js';
import { storedElicitation } from '../../mcp/elicitation-request.js';
import { ElicitationAnswerEvent } from '../elicitation/elicitation.js';
import type { AppContext } from '../../mcp/app-context.js';
import type { CallProgress, CallProgressBoard } from '../../mcp/call-progress.js';
import { formatValue } from '../../render/format-value.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import type { AgentChatAppFrame } from '../app-frame/app-frame.js';
import { preformatted } from '../../styles/preformatted.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { loadAppFrame } from '../app-frame/app-frame-loader.js';
import '../rich-result/rich-result.js';
import { mcpContentTemplate } from './mcp-content.js';
import { toolCardStyles } from './tool-card.styles.js';
import type { ToolDisplay } from '../../conversation/tool-display.js';
import { drawnByPage, toolRenderInput } from '../../render/page-drawing.js';
import { pageDrawingTemplate } from '../rich-result/page-drawing-template.js';
import { callTexts } from './call-texts.js';
import { statusText, toolCardTexts } from './tool-card-texts.js';
import { define } from '../../internal/define.js';

let nextId = 0;

/**
 * @summary One tool call as a collapsible card: title and status in the header; its body holds what
 * the call asked of the person, its app, arguments (when shown), result and error. A card with an
 * app or a request starts open (the message decides); a request still waiting for the person stays
 * shown even while the card is folded.
 *
 * @csspart tool-card - The card.
 * @csspart tool-card-header - The button that shows or hides the body (`aria-expanded` says which).
 * @csspart tool-card-body - The card's body: its request once answered, its app, arguments, result and error.
 * @csspart tool-card-status - The status label.
 * @csspart tool-view - The card's body as the page draws it (`toolDisplay[name].render`, a page tool's `render`).
 * @csspart tool-progress - While an MCP call runs: its progress bar (a `<progress>`), the server's message and Cancel.
 * @csspart tool-cancel - The Cancel button of a running MCP call (the server is told the call is cancelled).
 * @csspart elicitation - What the MCP server asked of the person during the call (a form, or a page to open), and the answer.
 * @csspart mcp-result-text - A text of an MCP call's result (forwarded, as are the next six).
 * @csspart mcp-result-image - An image of an MCP call's result.
 * @csspart mcp-result-audio - The player of an MCP call's audio.
 * @csspart mcp-result-link - A resource link of an MCP call's result.
 * @csspart mcp-result-resource - A resource embedded in an MCP call's result.
 * @csspart mcp-result-download - Saves a file of an MCP call's result.
 * @csspart mcp-result-note - In place of MCP content not shown.
 * @csspart app-frame - The card's MCP App (forwarded from its frame).
 * @csspart app-message - A message the app proposes, with Send and Discard (forwarded).
 * @csspart app-source - The name of the app's source above the app (forwarded).
 * @csspart app-paused - The notice of an app paused for taking the keyboard focus, with Resume (forwarded).
 * @csspart app-pip-handle - The handle that moves the app while it floats over the conversation (forwarded).
 * @csspart app-pip-back - Puts the floating app back into its card (forwarded).
 * @csspart app-pip-close - Closes the floating view; the app goes back into its card (forwarded).
 * @csspart mcp-sign-in - Instead of the app while its server asks the person to sign in: Sign in to NAME (forwarded).
 *
 * @slot - What the call asks of the person (questions, an approval), shown below the header.
 */
export class AgentChatToolCard extends LitElement {
  static override styles = [base, visibleControls, preformatted, toolCardStyles];

  @property({ attribute: false }) call!: ToolCallPart;
  /** Shown instead of the tool's name. */
  @property({ attribute: false }) heading?: string;
  @property({ attribute: false }) icon?: string;
  /** Whether the body is shown; the person toggles it. */
  @property({ type: Boolean, reflect: true }) open = false;
  @property({ attribute: false }) showRequest = false;
  /**
   * For a call with an app: what the app frame needs from the chat. The message gives it to its
   * cards; a subagent's cards (display only) never run an app, so they get none.
   */
  @property({ attribute: false }) appContext?: AppContext;
  @property({ attribute: false }) fullScreen = true;
  /** Shown when the call's app cannot be shown. */
  @property({ attribute: false }) summary?: string;
  /** The call waits for the person (an approval, questions): the status says so. */
  @property({ attribute: false }) waiting = false;
  /** The person denied the call: the status says so, whatever the backend reported for it. */
  @property({ attribute: false }) denied = false;
  /** Show the call's result (not for questions, whose answers the card shows already). */
  @property({ attribute: false }) showResult = true;
  /** The page's renderer of this card's body (drawn instead of the arguments and result). */
  @property({ attribute: false }) pageRender?: ToolDisplay['render'];

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  private readonly bodyId = `tool-card-body-${++nextId}`;
  /** The call's progress while an MCP server runs it (from the board of calls under way). */
  @state() private progress?: CallProgress;
  private unwatch?: () => void;
  private watched?: string;
  private watchedBoard?: CallProgressBoard;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unwatch?.();
    this.unwatch = undefined;
    this.watched = undefined;
    this.watchedBoard = undefined;
  }

  protected override willUpdate(): void {
    const board = this.appContext?.callProgress;
    const key = board && this.call ? this.call.id : undefined;
    if (key === this.watched && board === this.watchedBoard && this.unwatch) return;
    this.unwatch?.();
    this.unwatch = undefined;
    this.watched = key;
    this.watchedBoard = board;
    if (!board || !key) {
      this.progress = undefined;
      return;
    }
    this.progress = board.get(key);
    this.unwatch = board.watch(key, () => (this.progress = board.get(key)));
  }

  /** What the server asked of the person during the call: shown even while the card is folded. */
  private renderElicitations() {
    const desk = this.appContext?.elicitations;
    const entries = (this.call.elicitations ?? []).map(storedElicitation).filter((entry) => entry !== undefined);
    if (!entries.length) return nothing;
    return entries.map(
      (elicitation) => html`<agent-chat-elicitation
        exportparts="elicitation"
        .elicitation=${elicitation}
        ?live=${desk?.isLive(elicitation.id) ?? false}
        ${on(ElicitationAnswerEvent, (event) => {
          desk?.answer(event.id, event.answer);
          this.keepFocusInCard();
        })}
      ></agent-chat-elicitation>`,
    );
  }

  private renderProgress() {
    const { progress, call } = this;
    if (!progress || call.status !== 'running') return nothing;
    // While the server waits for the person's answer, the request's own buttons are the way on.
    const desk = this.appContext?.elicitations;
    if (call.elicitations?.some((entry) => !entry.outcome && desk?.isLive(entry.id))) return nothing;
    const total = typeof progress.total === 'number' && progress.total > 0 ? progress.total : undefined;
    const done = typeof progress.progress === 'number' && total !== undefined ? Math.min(Math.max(progress.progress, 0), total) : undefined;
    const name = this.heading || call.name || 'tool';
    return html`<div class="progress" part="tool-progress">
      <progress aria-label=${format(toolCardTexts(this.strings).toolProgress, { name })} max=${total ?? nothing} value=${done ?? nothing}></progress>
      ${progress.message ? html`<bdi class="progress-message">${visibleBidi(progress.message.slice(0, 300))}</bdi>` : nothing}
      <button
        type="button"
        part="tool-cancel"
        @click=${() => {
          this.keepFocusInCard();
          this.appContext?.callProgress?.cancel(call.id);
        }}
      >
        ${toolCardTexts(this.strings).toolCancel}
      </button>
    </div>`;
  }

  /** What had the keyboard goes away (Cancel, an answered request's buttons): the card's header takes it. */
  private keepFocusInCard() {
    this.renderRoot.querySelector<HTMLButtonElement>('.header')?.focus();
  }

  private toggle() {
    this.open = !this.open;
    // Folded, the card holds its app again: a floating one would otherwise vanish with the body.
    if (!this.open) this.appFrame()?.leavePane();
  }

  /** The frame of the call's MCP App, when it has one. */
  appFrame(): AgentChatAppFrame | undefined {
    return this.renderRoot.querySelector<AgentChatAppFrame>('agent-chat-app-frame') ?? undefined;
  }

  /**
   * Arguments (when shown), the error, and the result — not repeated under an app, which shows it,
   * nor for questions, whose form shows the answers.
   * A result renders by its kind, the same in every card: JSON pretty-printed, markdown as
   * markdown, rich HTML through its sanitizer.
   */
  private renderDetails() {
    const { call } = this;
    const strings = toolCardTexts(this.strings);
    const args = this.showRequest
      ? html`<p class="label">${callTexts(this.strings).toolArguments}</p>
          <pre class="args">${call.argsComplete && !call.argsInvalid ? formatValue(call.args) : call.argsText || '{}'}</pre>
          ${call.argsInvalid && !call.argsTooDeep ? html`<p class="error">${strings.toolInvalidArguments}</p>` : nothing}`
      : nothing;
    const limit = { limit: String(MAX_DEPTH) };
    const failed = call.status === 'error' && call.error;
    const error =
      failed || call.argsTooDeep
        ? html`<p class="label">${strings.toolError}</p>
            ${call.argsTooDeep ? html`<p class="error">${format(strings.toolArgumentsTooDeep, limit)}</p>` : nothing}
            ${failed ? html`<p class="error">${call.resultTooDeep ? format(strings.toolResultTooDeep, limit) : call.error}</p>` : nothing}`
        : nothing;
    const hasResult = formatValue(call.result) !== '';
    let result: unknown = nothing;
    if (call.status === 'cancelled' && call.error) {
      result = html`<p class="muted">${call.error}</p>`;
    } else if (!call.app && this.showResult && call.status !== 'error') {
      if (call.mcp && call.status === 'done') {
        // A call run on an MCP server of the page: its content as the server gave it, for the person.
        result = html`<p class="label">${strings.toolResult}</p>${mcpContentTemplate(call.mcp.result)}`;
      } else if (hasResult) {
        result = html`<p class="label">${strings.toolResult}</p>
          <agent-chat-rich-result class="result" .value=${call.result}></agent-chat-rich-result>`;
      } else if (call.status !== 'running') {
        result = html`<p class="muted">${strings.toolNoResult}</p>`;
      }
    }
    if (args === nothing && error === nothing && result === nothing) return nothing;
    return html`<div class="details">${args}${error}${result}</div>`;
  }

  /** The body as the page's renderer draws it, called on every change; undefined when it draws nothing. */
  private renderPageView(status: string) {
    if (!this.pageRender) return undefined;
    const shown = status === 'waiting' ? 'running' : (status as ToolCallPart['status']);
    const drawn = drawnByPage(this.pageRender, toolRenderInput(this.call, shown), `toolDisplay.${this.call.name}.render`);
    return drawn === undefined ? undefined : html`<div class="page-view" part="tool-view">${pageDrawingTemplate(drawn)}</div>`;
  }

  override render() {
    const { call } = this;
    if (call.app) void loadAppFrame();
    // Arguments nested too deeply cannot be shown or used: the call failed here, whatever the backend says.
    const status = this.waiting ? 'waiting' : this.denied ? 'cancelled' : call.argsTooDeep ? 'error' : call.status;
    const statusLabel = this.denied && !this.waiting ? callTexts(this.strings).approvalDenied : statusText(toolCardTexts(this.strings), status);
    // What waits for the person is never folded away; once answered, it folds with the rest.
    const request = html`<slot></slot>`;
    return html`
      <div class="card" part="tool-card" data-status=${status}>
        <button class="header" part="tool-card-header" type="button" aria-expanded=${this.open ? 'true' : 'false'} aria-controls=${this.bodyId} @click=${this.toggle}>
          <svg class="chevron" viewBox="0 0 16 16" aria-hidden="true"><path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" stroke-width="2" /></svg>
          ${this.icon ? html`<span class="icon" aria-hidden="true">${this.icon}</span>` : nothing}
          <bdi class="title">${visibleBidi(this.heading || call.name || 'tool')}</bdi>
          <span class="status" part="tool-card-status" data-status=${status}><span class="dot" aria-hidden="true"></span>${statusLabel}</span>
        </button>
        ${this.renderProgress()}
        ${this.renderElicitations()}
        ${this.waiting ? request : nothing}
        <div class="body" id=${this.bodyId} part="tool-card-body" ?hidden=${!this.open}>
          ${this.waiting ? nothing : request}
          ${
            call.app
              ? html`<agent-chat-app-frame
                exportparts="app-frame, app-message, app-source, app-paused, app-pip-handle, app-pip-back, app-pip-close, mcp-sign-in"
                .call=${call}
                .context=${this.appContext}
                .heading=${this.heading || call.name || 'app'}
                .allowFullScreen=${this.fullScreen}
                .summary=${this.summary}
              ></agent-chat-app-frame>`
              : nothing
          }
          ${this.open ? (this.renderPageView(status) ?? this.renderDetails()) : nothing}
        </div>
      </div>
    `;
  }
}

define('agent-chat-tool-card', AgentChatToolCard);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-tool-card': AgentChatToolCard;
  }
}
