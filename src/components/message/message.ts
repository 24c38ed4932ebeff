import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { repeat } from 'lit/directives/repeat.js';
import { isDenial, isOpen } from '../../conversation/interrupt-state.js';
import { ASK_USER_TOOL } from '../../ask/ask-user-definition.js';
import { parseQuestions } from '../../ask/questions.js';
import { noRequests, placeRequests, type RequestPlacement } from '../../ask/request-placement.js';
import { replyActivity, type ActivityBlock, type ReplyActivity } from '../../conversation/activity-blocks.js';
import type { AssistantTurn, ReplyPart, ToolCallPart, Turn, Answers } from '../../conversation/types.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings, format } from '../../i18n/strings.js';
import { defaultDisplay, displayContext, stringsContext, type DisplayOptions } from '../../internal/contexts.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { serverDisplay } from '../../conversation/tool-display.js';
import { drawnByPage, toolRenderer } from '../../render/page-drawing.js';
import { pageDrawingTemplate } from '../rich-result/page-drawing-template.js';
import { toolCardTexts } from '../tool-card/tool-card-texts.js';
import { fileView } from '../../render/reply-files.js';
import { textWithLabel } from '../../render/label-in-text.js';
import '../markdown/markdown-view.js';
import type { QuestionFormMode } from '../question-form/question-form.js';
import { loadRequestViews } from '../interrupt/interrupt-loader.js';
import { focusOpenRequestIn, requestTemplate } from '../interrupt/request-template.js';
import { messageStyles } from './message.styles.js';
import { sentFilesTemplate } from './user-attachments-template.js';
import { replyActionsTemplate, sourcesTemplate } from './reply-extras-template.js';
import { drawnInside, loadToolViews, toolViewsLoaded } from './tool-views-loader.js';
import { define } from '../../internal/define.js';
import { AnswerEvent, EditDoneEvent, QuestionSubmitEvent, RetryRequestEvent, TurnActionEvent, on, type TurnAction } from '../../internal/view-events.js';
import type { AgentChatAppFrame } from '../app-frame/app-frame.js';
import type { AgentChatToolCard } from '../tool-card/tool-card.js';
import { ACTIVITY_PART_NAMES, TOOL_CARD_PART_NAMES, exportParts } from '../../internal/part-names.js';

/** Where a turn sits among its versions (edits, regenerations): 1-based, and the versions' ids. */
export interface BranchPosition {
  index: number;
  count: number;
  siblings: string[];
}

const TOOL_CARD_PARTS = exportParts(TOOL_CARD_PART_NAMES);
const ACTIVITY_PARTS = exportParts(ACTIVITY_PART_NAMES);

/**
 * @summary One turn of the conversation: the person's message, or the agent's reply with its
 * text, reasoning, tool cards, and its error or stop notice.
 *
 * @csspart message - Every message.
 * @csspart user-message - A message of the person.
 * @csspart message-sender - "Sent by the app …" over a message an app sent.
 * @csspart assistant-message - A reply of the agent.
 * @csspart reasoning - The collapsed reasoning of a reply.
 * @csspart error - The error shown on a failed reply.
 * @csspart retry-button - Retry on a failed or stopped reply.
 * @csspart copy-button - Copy on a code block.
 * @csspart tool-card - Forwarded from each tool card (also tool-card-header, tool-card-body, tool-card-status).
 * @csspart activity - Forwarded: a subagent's block (also activity-card, activity-panel).
 * @csspart activity-more - "N more calls not shown".
 * @csspart question-form - The agent's questions (ask_user), in their card.
 * @csspart approval - A request to approve a tool call (or to confirm), in its card or on its own.
 * @csspart input-request - A form the agent asked to be filled in (built from its schema).
 * @csspart file - A file of the reply: an image, a link, or a download.
 * @csspart sources - The sources a reply cites (collapsed, with their count).
 * @csspart copy-message-button - Copy on a finished reply: its text as markdown.
 * @csspart feedback-button - Thumbs up and down on a finished reply (`feedback`).
 * @csspart activity-view - An activity of the reply as the page draws it (`activityRenderers`).
 * @csspart state-view - The agent's shared state under the reply that changed it, as the page draws it (`stateRenderer`).
 *
 * @csspart edit-button - Edit on the person's message.
 * @csspart regenerate-button - Regenerate on the last reply.
 * @csspart branch-switcher - "‹ 2 / 3 ›" on a message that has other versions.
 * @csspart edit-message - The person's message, opened for editing.
 *
 * @fires chat:retry-request - (internal) `RetryRequestEvent`: the person pressed Retry.
 * @fires chat:turn-action - (internal; the chat stops it) `TurnActionEvent`: edit, regenerate or switch version.
 * @fires chat:answer - (internal; the chat stops it) `AnswerEvent`: the person answered questions or an interrupt.
 */
export class AgentChatMessage extends LitElement {
  static override styles = [base, visibleControls, messageStyles];

  @property({ attribute: false }) turn!: Turn;
  /** Offer Retry on this reply (the last one, when it failed or was stopped). */
  @property({ attribute: false }) canRetry = false;
  /** A reply is streaming: answers to questions and requests wait. */
  @property({ attribute: false }) busy = false;
  /** This turn's versions, when it has others. */
  @property({ attribute: false }) branch?: BranchPosition;
  /** Offer Edit (the person's messages, while nothing streams or waits). */
  @property({ attribute: false }) canEdit = false;
  /** Offer Regenerate (the last reply, when it is done). */
  @property({ attribute: false }) canRegenerate = false;

  @state() private editing = false;
  /** The tool views this reply needs are loading: `updateComplete` waits for them to be drawn. */
  private toolViews?: Promise<unknown>;
  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  @consume({ context: displayContext, subscribe: true }) private displayOptions: DisplayOptions = defaultDisplay;

  /**
   * Also waits, when this reply's cards had to wait for their views to load, until they are drawn
   * (their tags were in place, hidden, until then).
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    const loading = this.toolViews;
    if (!loading) return result;
    await loading;
    if (this.toolViews === loading) this.toolViews = undefined;
    await drawnInside(this.renderRoot);
    return result;
  }

  /** A card or an activity block is drawn: their views load if they have not yet. */
  private needToolViews(): void {
    if (!toolViewsLoaded()) this.toolViews ??= loadToolViews();
  }

  private onRetry() {
    this.dispatchEvent(new RetryRequestEvent());
  }

  private act(action: TurnAction) {
    this.dispatchEvent(new TurnActionEvent(action));
  }

  /** The editor is loaded on first use: most people never edit a message. */
  private startEditing = async () => {
    await import('../edit-message/edit-message.js');
    this.editing = true;
  };

  /** Cancelled: the keyboard goes back to Edit. */
  private stopEditing = async () => {
    this.editing = false;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>('[part="edit-button"]')?.focus();
  };

  /** Saved (with the text) or cancelled. */
  private onEditDone = ({ text }: EditDoneEvent) => {
    if (text === undefined) return void this.stopEditing();
    this.editing = false;
    if (text !== (this.turn as { text?: string }).text) this.act({ kind: 'edit', turnId: this.turn.id, text });
  };

  /**
   * Focuses this turn's first request still waiting for the person (questions, an approval, a
   * form), scrolled into view with `scroll` when given; false when there is none.
   */
  focusOpenRequest(scroll?: ScrollIntoViewOptions): boolean {
    return focusOpenRequestIn(this.renderRoot, scroll);
  }

  /** Focuses Retry, scrolled into view with `scroll` when given; false when this reply offers none. */
  focusRetry(scroll?: ScrollIntoViewOptions): boolean {
    const button = this.renderRoot.querySelector<HTMLButtonElement>('[part="retry-button"]');
    if (scroll) button?.scrollIntoView(scroll);
    button?.focus();
    return !!button;
  }

  /** Focuses the first enabled button of "‹ 2 / 3 ›"; false when there is none. */
  focusBranchSwitcher(): boolean {
    const buttons = this.renderRoot.querySelectorAll<HTMLButtonElement>('[part="branch-switcher"] button');
    const button = [...buttons].find((candidate) => !candidate.disabled);
    button?.focus();
    return !!button;
  }

  /** The card of this reply's first tool call. */
  toolCard(): AgentChatToolCard | undefined {
    return this.renderRoot.querySelector<AgentChatToolCard>('agent-chat-tool-card') ?? undefined;
  }

  /** The app frames in this reply's own tool cards (not in its subagents' activity). */
  appFrames(): AgentChatAppFrame[] {
    return [...this.renderRoot.querySelectorAll<AgentChatToolCard>('agent-chat-tool-card')].flatMap((card) => card.appFrame?.() ?? []);
  }

  /** "‹ 2 / 3 ›": the other versions of this turn. */
  private renderBranch() {
    const branch = this.branch;
    if (!branch) return nothing;
    const s = this.strings;
    const go = (offset: number) => this.act({ kind: 'switch', siblingId: branch.siblings[branch.index - 1 + offset] });
    return html`<span class="branch" part="branch-switcher" role="group" aria-label=${format(s.branchPosition, { index: String(branch.index), count: String(branch.count) })}>
      <button type="button" aria-label=${s.branchPrevious} ?disabled=${branch.index <= 1 || this.busy} @click=${() => go(-1)}>‹</button>
      <span aria-hidden="true">${branch.index} / ${branch.count}</span>
      <button type="button" aria-label=${s.branchNext} ?disabled=${branch.index >= branch.count || this.busy} @click=${() => go(1)}>›</button>
    </span>`;
  }

  private renderPart(part: ReplyPart): TemplateResult | typeof nothing {
    switch (part.kind) {
      case 'text':
        return html`<agent-chat-markdown .text=${part.text} .streaming=${part.streaming}></agent-chat-markdown>`;
      case 'reasoning':
        if (!part.text) return nothing;
        return html`<details class="reasoning" part="reasoning">
          <summary>${part.streaming ? this.strings.thinking : this.strings.reasoning}</summary>
          <div class="reasoning-text">${part.text}</div>
        </details>`;
      case 'tool-call':
        return this.renderToolCard(part);
      case 'activity':
        // An app the backend showed for no call of this reply gets a card of its own; other
        // kinds are drawn by the page's renderer of their type, when it has one.
        if (part.app) return part.attachedTo ? nothing : this.renderToolCard(activityCall(part));
        return this.renderPageView('activity-view', this.displayOptions.activityRenderers?.[part.activityType], part.content, `activityRenderers["${part.activityType}"]`);
      case 'file': {
        const view = fileView(part);
        if (view.kind === 'markdown') return html`<div class="file" part="file"><agent-chat-markdown .text=${view.markdown}></agent-chat-markdown></div>`;
        if (view.kind === 'download') {
          return html`<p class="file" part="file"><a href=${view.url} download=${view.name}>${textWithLabel(this.strings.downloadFile, 'name', view.name)}</a></p>`;
        }
        return html`<p class="file" part="file"><bdi>${view.name}</bdi></p>`;
      }
    }
  }

  private requests: RequestPlacement = noRequests;

  /** What one of the page's renderers draws for `input`, in a box of `part` (named `label`, if given); nothing when it draws nothing. */
  private renderPageView(part: string, render: unknown, input: unknown, what: string, label?: string) {
    const drawn = drawnByPage(render, input, what);
    if (drawn === undefined) return nothing;
    // A string is drawn as a rich result, whose view loads with the cards'.
    if (typeof drawn === 'string') this.needToolViews();
    return html`<div class="page-view" part=${part} role=${label ? 'group' : nothing} aria-label=${label ?? nothing}>${pageDrawingTemplate(drawn)}</div>`;
  }

  /** The person submitted the form of an `ask_user` call. */
  private answerQuestions(toolCallId: string, answers: Answers) {
    this.dispatchEvent(new AnswerEvent({ kind: 'question', toolCallId, answers }));
  }

  /** The questions of an `ask_user` call, as a form while they wait for the person, else what became of them. */
  private renderAsk(call: ToolCallPart) {
    if (call.name !== ASK_USER_TOOL || !call.argsComplete) return nothing;
    const parsed = parseQuestions(call.args);
    if (!parsed.ok) return nothing;
    const { ask } = call;
    let mode: QuestionFormMode | undefined;
    if (ask?.outcome) mode = ask.outcome;
    else if (call.status === 'error') mode = 'failed';
    else if (call.status === 'running') mode = ask?.by === 'form' ? 'form' : ask?.by === 'message' ? 'message' : 'waiting';
    if (!mode) return nothing;
    void loadRequestViews();
    return html`<agent-chat-question-form
      exportparts="question-form"
      data-request-open=${mode === 'form' ? 'true' : nothing}
      .questions=${parsed.questions}
      .mode=${mode}
      .answers=${ask?.answers}
      .error=${ask?.error ?? call.error}
      .hint=${this.strings.askOrWrite}
      ?disabled=${this.busy}
      ${on(QuestionSubmitEvent, (event) => this.answerQuestions(call.id, event.answers))}
    ></agent-chat-question-form>`;
  }

  private renderToolCard(call: ToolCallPart) {
    const display = { ...serverDisplay(call.app?.tool), ...this.displayOptions.toolDisplay[call.name] };
    let summary: string | undefined;
    try {
      summary = call.app?.failure ? display.summary?.(call.args, call.result) : undefined;
    } catch (error) {
      console.warn(`<agent-chat>: toolDisplay.${call.name}.summary threw`, error);
    }
    const pageRender = toolRenderer(display, this.displayOptions.pageTools, call.name, call.name === ASK_USER_TOOL || !!call.app || !!call.mcp);
    const request = this.requests.onCall.get(call.id);
    const waiting = request ? isOpen(request) : call.status === 'running' && !!call.ask && !call.ask.outcome;
    this.needToolViews();
    return html`<agent-chat-tool-card
      exportparts=${TOOL_CARD_PARTS}
      .call=${call}
      .waiting=${waiting}
      .denied=${isDenial(request?.response) || !!call.denied}
      .showResult=${call.name !== ASK_USER_TOOL}
      .heading=${display.title ?? (call.name === ASK_USER_TOOL ? this.strings.askTitle : undefined)}
      .icon=${display.icon}
      .showRequest=${display.showRequest ?? this.displayOptions.showRequests}
      .appContext=${this.displayOptions.appContext}
      .fullScreen=${display.fullScreen ?? true}
      .summary=${summary}
      .pageRender=${pageRender}
      ?open=${display.open ?? (this.displayOptions.toolCardsOpen || !!pageRender || !!call.app || !!request || call.name === ASK_USER_TOOL)}
      >${request ? requestTemplate(request, call, false, this.busy) : this.renderAsk(call)}</agent-chat-tool-card
    >`;
  }

  private renderBlocks(blocks: ActivityBlock[] | undefined) {
    if (!blocks?.length) return nothing;
    this.needToolViews();
    return blocks.map(
      (block) => html`<agent-chat-activity
        exportparts=${ACTIVITY_PARTS}
        .block=${block}
        .requests=${this.requests}
        .busy=${this.busy}
      ></agent-chat-activity>`,
    );
  }

  private renderReply(reply: AssistantTurn) {
    const s = this.strings;
    const hasActivity = this.displayOptions.showActivity && (!!reply.subagents?.length || reply.parts.some((part) => part.subagentRunId));
    const activity: ReplyActivity | undefined = hasActivity
      ? replyActivity(reply, this.displayOptions.activityLimit, {
          numbered: (name, n) => format(s.activityNumbered, { name, n: String(n) }),
          forParent: (label, parent) => format(s.activityFor, { label, parent }),
        })
      : undefined;
    this.requests = placeRequests(reply, activity);
    const calls = new Map(reply.parts.filter((part): part is ToolCallPart => part.kind === 'tool-call').map((part) => [part.id, part]));
    const streaming = reply.status === 'streaming';
    const retry = this.canRetry ? html`<button class="retry" part="retry-button" type="button" @click=${this.onRetry}>${s.retry}</button>` : nothing;
    return html`<span class="visually-hidden">${s.assistant}:</span>
      <div class="assistant" part="message assistant-message" aria-busy=${streaming ? 'true' : 'false'}>
      ${
        activity
          ? repeat(
              reply.parts.filter((part) => !part.subagentRunId),
              (part) => `${part.kind}:${part.id}`,
              (part) => html`${this.renderPart(part)}${part.kind === 'tool-call' ? this.renderBlocks(activity.underCall.get(part.id)) : nothing}`,
            )
          : repeat(
              reply.parts.filter((part) => !part.subagentRunId),
              (part) => `${part.kind}:${part.id}`,
              (part) => this.renderPart(part),
            )
      }
      ${activity ? this.renderBlocks(activity.underMessage) : nothing}
      ${reply.agentState === undefined ? nothing : this.renderPageView('state-view', this.displayOptions.stateRenderer, reply.agentState, 'stateRenderer', toolCardTexts(this.strings).agentState)}
      ${sourcesTemplate(reply)}
      ${this.requests.loose.map((entry) => requestTemplate(entry, entry.interrupt.toolCallId ? calls.get(entry.interrupt.toolCallId) : undefined, true, this.busy))}
      ${activity?.hiddenCalls ? html`<p class="activity-more" part="activity-more">${s.activityMoreCalls(activity.hiddenCalls)}</p>` : nothing}
      ${
        streaming
          ? html`<div class="typing" role="status">
            <span class="dots" aria-hidden="true"><span></span><span></span><span></span></span>
            <span>${reply.step ? format(s.step, { step: reply.step }) : html`<span class="visually-hidden">${s.replying}</span>`}</span>
          </div>`
          : nothing
      }
      ${
        reply.status === 'error' && reply.error
          ? html`<div class="error" part="error">
            <span class="text"><strong>${s.errorTitle}:</strong> ${reply.error.message}</span>${retry}
          </div>`
          : nothing
      }
      ${reply.status === 'cancelled' ? html`<p class="stopped">${s.stopped} ${retry}</p>` : nothing}
    </div>
    ${
      this.branch || (this.canRegenerate && !this.busy) || !streaming
        ? html`<div class="turn-actions">
          ${replyActionsTemplate(reply, this.displayOptions.feedback)}
          ${this.renderBranch()}
          ${
            this.canRegenerate && !this.busy
              ? html`<button type="button" class="action" part="regenerate-button" @click=${() => this.act({ kind: 'regenerate', turnId: reply.id })}>${s.regenerate}</button>`
              : nothing
          }
        </div>`
        : nothing
    }`;
  }

  override render() {
    const turn = this.turn;
    if (turn.role === 'user') {
      if (this.editing) {
        return html`<agent-chat-edit-message
          exportparts="edit-message"
          .text=${turn.text}
          ${on(EditDoneEvent, this.onEditDone)}
        ></agent-chat-edit-message>`;
      }
      const edit = this.canEdit && !this.busy;
      const fromApp = turn.source?.kind === 'app' ? String(turn.source.title || turn.source.server || '') : undefined;
      return html`${sentFilesTemplate(turn)}<div class="user ${fromApp === undefined ? '' : 'from-app'}">
          ${
            fromApp === undefined
              ? html`<span class="visually-hidden">${this.strings.you}:</span>`
              : html`<span class="sender" part="message-sender">${format(this.strings.sentByApp, { app: fromApp })}</span>`
          }
          ${turn.text || !turn.attachments?.length ? html`<div class="bubble" part="message user-message">${turn.text}</div>` : nothing}
        </div>
        ${
          edit || this.branch
            ? html`<div class="turn-actions user-actions">
              ${this.renderBranch()}
              ${
                edit
                  ? html`<button type="button" class="action" part="edit-button" aria-label=${`${this.strings.editMessage}: ${excerpt(turn.text)}`} @click=${this.startEditing}>
                    ${this.strings.editMessage}
                  </button>`
                  : nothing
              }
            </div>`
            : nothing
        }`;
    }
    if (turn.role === 'assistant') return this.renderReply(turn);
    return nothing;
  }
}

define('agent-chat-message', AgentChatMessage);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-message': AgentChatMessage;
  }
}

/** The start of a message, to tell its Edit button from the others'. */
function excerpt(text: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

/** A card for an app the backend showed on its own: the activity as a finished call of its tool. */
function activityCall(part: Extract<ReplyPart, { kind: 'activity' }>): ToolCallPart {
  const input = part.content.toolInput;
  const name = part.app!.resourceUri.replace(/^ui:\/\//, '').split('/')[0] || 'app';
  return {
    kind: 'tool-call',
    id: part.id,
    name,
    argsText: JSON.stringify(input ?? {}),
    args: input ?? {},
    argsComplete: true,
    status: 'done',
    result: part.app!.callResult?.structuredContent ?? part.app!.callResult?.content,
    app: part.app,
  };
}

export { preloadToolViews } from './tool-views-loader.js';
