import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { isDenial, isOpen } from '../../conversation/interrupt-state.js';
import { noRequests, type RequestPlacement } from '../../ask/request-placement.js';
import { blockCallCount, type ActivityBlock, type ActivityItem } from '../../conversation/activity-blocks.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings, format } from '../../i18n/strings.js';
import { defaultDisplay, displayContext, stringsContext, type DisplayOptions } from '../../internal/contexts.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import '../markdown/markdown-view.js';
import '../rich-result/rich-result.js';
import '../tool-card/tool-card.js';
import { statusText, toolCardTexts } from '../tool-card/tool-card-texts.js';
import { focusOpenRequestIn, requestTemplate } from '../interrupt/request-template.js';
import { activityTexts } from './activity-texts.js';
import { activityStyles } from './activity.styles.js';
import { define } from '../../internal/define.js';
import { ACTIVITY_PART_NAMES, CARD_FRAME_PART_NAMES, exportParts } from '../../internal/part-names.js';

/** Parts of an activity card, renamed so the page can tell them from the lead's own cards. */
const CARD_PARTS = exportParts(['tool-card', ...CARD_FRAME_PART_NAMES], { 'tool-card': 'activity-card' });
const NESTED_PARTS = exportParts(ACTIVITY_PART_NAMES);

let nextId = 0;

/**
 * @summary What one subagent did in a reply, live: its tool calls as cards, its notes (collapsed),
 * and the subagents it started, nested. Collapses and expands; a panel shows its whole
 * conversation in this reply. Display only: showing a card never runs anything.
 *
 * @csspart activity - The block of one subagent.
 * @csspart activity-card - Each of its tool calls (also tool-card-header, tool-card-body, tool-card-status).
 * @csspart activity-panel - The panel with the subagent's whole conversation in this reply.
 * @csspart approval - Forwarded: what the subagent asks the person (also question-form, input-request).
 */
export class AgentChatActivity extends LitElement {
  static override styles = [base, visibleControls, activityStyles];

  @property({ attribute: false }) block!: ActivityBlock;
  /** Whether the block starts open. */
  @property({ type: Boolean, reflect: true }) open = true;
  /** Where the reply's interrupts go: those of this block's cards and of this subagent show here. */
  @property({ attribute: false }) requests: RequestPlacement = noRequests;
  /** A reply is streaming: requests cannot be answered now. */
  @property({ attribute: false }) busy = false;

  @state() private panelOpen = false;
  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  @consume({ context: displayContext, subscribe: true }) private displayOptions: DisplayOptions = defaultDisplay;
  private readonly bodyId = `activity-body-${++nextId}`;
  private readonly panelId = `activity-panel-${nextId}`;

  /** Focuses the first request of this block (or of those nested in it) still waiting for the person; false when there is none. */
  focusOpenRequest(scroll?: ScrollIntoViewOptions): boolean {
    return focusOpenRequestIn(this.renderRoot, scroll);
  }

  private renderItem(item: ActivityItem) {
    switch (item.kind) {
      case 'call': {
        const display = this.displayOptions.toolDisplay[item.call.name] ?? {};
        const request = this.requests.onCall.get(item.call.id);
        return html`<agent-chat-tool-card
          exportparts=${CARD_PARTS}
          .call=${item.call}
          .waiting=${!!request && isOpen(request)}
          .denied=${isDenial(request?.response) || !!item.call.denied}
          .heading=${display.title}
          .icon=${display.icon}
          .showRequest=${display.showRequest ?? this.displayOptions.showRequests}
          ?open=${display.open ?? !!request}
          data-activity-id=${item.card.activityId}
          >${request ? requestTemplate(request, item.call, false, this.busy) : nothing}</agent-chat-tool-card
        >`;
      }
      case 'text':
        return html`<details class="notes">
          <summary>${activityTexts(this.strings).activityNotes}</summary>
          <agent-chat-markdown .text=${item.part.text} .streaming=${item.part.streaming}></agent-chat-markdown>
        </details>`;
      case 'block':
        return html`<agent-chat-activity
          exportparts=${NESTED_PARTS}
          .block=${item.block}
          .requests=${this.requests}
          .busy=${this.busy}
        ></agent-chat-activity>`;
    }
  }

  /** The subagent's whole conversation in this reply, in order, everything expanded. */
  private renderPanel() {
    const { block } = this;
    const title = format(activityTexts(this.strings).activityConversationOf, { label: block.label });
    return html`<div class="panel" part="activity-panel" id=${this.panelId} role="region" aria-label=${title}>
      <h4>${title}</h4>
      <ol>
        ${block.items.map((item) => {
          if (item.kind === 'text') return html`<li><agent-chat-markdown .text=${item.part.text}></agent-chat-markdown></li>`;
          if (item.kind === 'block')
            return html`<li><span class="forward" aria-hidden="true">→</span> ${item.block.label} (${statusText(toolCardTexts(this.strings), item.block.record.status)})</li>`;
          return html`<li>
            <strong>${item.call.name}</strong> — ${statusText(toolCardTexts(this.strings), item.call.status)}
            <agent-chat-rich-result .value=${item.call.result}></agent-chat-rich-result>
          </li>`;
        })}
      </ol>
    </div>`;
  }

  override render() {
    const { block } = this;
    const strings = activityTexts(this.strings);
    const { record } = block;
    const calls = blockCallCount(block);
    return html`<section class="activity" part="activity" ?data-open=${this.open} aria-label=${block.label}>
      <button class="header" type="button" aria-expanded=${this.open ? 'true' : 'false'} aria-controls=${this.bodyId} @click=${() => (this.open = !this.open)}>
        <svg class="chevron" viewBox="0 0 16 16" aria-hidden="true"><path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" stroke-width="2" /></svg>
        <span class="label">${block.label}</span>
        <span class="status" data-status=${record.status}>${statusText(toolCardTexts(this.strings), record.status)}</span>
        <span class="count">${strings.activityCalls(calls)}</span>
      </button>
      <div class="body" id=${this.bodyId} ?hidden=${!this.open}>
        ${record.status === 'error' && record.error ? html`<p class="error" role="status">${format(strings.activityFailed, { error: record.error })}</p>` : nothing}
        ${this.open ? (this.requests.inBlock.get(record.subagentRunId) ?? []).map((entry) => requestTemplate(entry, undefined, true, this.busy)) : nothing}
        ${this.open ? block.items.map((item) => this.renderItem(item)) : nothing}
        ${
          this.open
            ? html`<button class="panel-toggle" type="button" aria-expanded=${this.panelOpen ? 'true' : 'false'} aria-controls=${this.panelId} @click=${() => (this.panelOpen = !this.panelOpen)}>
              ${this.panelOpen ? strings.activityHideConversation : strings.activityShowConversation}
            </button>`
            : nothing
        }
        ${this.open && this.panelOpen ? this.renderPanel() : nothing}
      </div>
    </section>`;
  }
}

define('agent-chat-activity', AgentChatActivity);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-activity': AgentChatActivity;
  }
}
