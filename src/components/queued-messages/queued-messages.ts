import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { consume } from '@lit/context';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings, format } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';
import type { ConversationState } from '../../conversation/types.js';
import type { MessageQueue, QueuedMessage } from '../../session/message-queue.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { queueHold } from './queue-hold.js';
import { queueStyles } from './queued-messages.styles.js';
import { queueTexts } from './queued-messages-texts.js';

/** How much of a message names its Remove button. */
const EXCERPT = 40;

/** The chat's side of the queue (its session controller). */
export interface QueueHost {
  readonly queue: MessageQueue;
  /** A reply streams. */
  readonly busy: boolean;
  readonly conversation: ConversationState;
  /** The queue changed: the chat draws again; `send`: the first message goes now (unless a reply streams or something waits for the person; `force`: a question form open does not hold it). */
  queueChanged(send?: boolean, force?: boolean): void;
}

/**
 * @summary Above the composer: the messages the person sent while a reply streamed, in order, each
 * with Remove; one is sent as each reply ends well. When a reply failed or was stopped, or the
 * agent's questions wait in their form, a notice says so, with a button that sends them now. The list scrolls past a few
 * lines, so the composer stays in view on a phone. Loaded when the first message is queued.
 *
 * @csspart queue - The whole: the list and the notice.
 * @csspart queued-message - A queued message: its text and Remove.
 * @csspart queued-remove - A queued message's Remove (named after the message).
 * @csspart queue-notice - The reply failed or was stopped, or a question form waits: the messages wait (`role="status"`).
 * @csspart queue-resume - "Send now", in the notice.
 */
export class AgentChatQueuedMessages extends LitElement {
  static override styles = [base, visibleControls, queueStyles];

  /** The queue and where Remove and "Send now" go; read again each time the chat draws. */
  @property({ attribute: false, hasChanged: () => true }) run?: QueueHost;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  /** Which Remove had the keyboard before a change (-1: something else of the queue, undefined: nothing of it). */
  private focused?: number;

  protected override willUpdate(): void {
    const active = this.shadowRoot?.activeElement;
    this.focused = active ? [...this.removeButtons()].indexOf(active as HTMLButtonElement) : undefined;
  }

  protected override updated(): void {
    if (this.focused === undefined || this.shadowRoot?.activeElement) return;
    // The control that had the keyboard went: after a Remove, the Remove now in its place (the next
    // message's), else the composer beside it; after "Send now", the composer.
    const next = this.focused >= 0 ? this.removeButtons()[this.focused] : undefined;
    if (next) next.focus();
    else this.composer()?.focus();
  }

  private removeButtons(): NodeListOf<HTMLButtonElement> {
    return this.renderRoot.querySelectorAll<HTMLButtonElement>('[part="queued-remove"]');
  }

  private composer(): HTMLElement | null {
    return (this.getRootNode() as ParentNode).querySelector<HTMLElement>('agent-chat-composer');
  }

  /** Takes `message` out, unsent. */
  private takeOut(message: QueuedMessage): void {
    const { queue } = this.run!;
    queue.items.splice(queue.items.indexOf(message), 1);
    this.run!.queueChanged();
  }

  override render() {
    const run = this.run;
    const items = run?.queue.items ?? [];
    if (!run || !items.length) return nothing;
    const held = queueHold(run.conversation.turns, run.busy);
    const texts = queueTexts(this.strings);
    const count = items.length;
    return html`<div class="queue" part="queue">
      <p class="caption" id="queue-label">${texts.queueLabel}</p>
      <ul aria-labelledby="queue-label">
        ${repeat(
          items,
          (item) => item.id,
          (item) => {
            const flat = item.text.replace(/\s+/g, ' ');
            const excerpt = flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
            return html`<li part="queued-message">
              <span class="text" dir="auto">${item.text}</span>
              <button part="queued-remove" type="button" aria-label=${format(texts.queueRemove, { text: excerpt })} @click=${() => this.takeOut(item)}>
                <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" /></svg>
              </button>
            </li>`;
          },
        )}
      </ul>
      <div class="notice-region" role="status">
        ${
          held
            ? html`<p part="queue-notice" class=${held === 'error' ? 'failed' : held === 'cancelled' ? 'stopped' : 'waiting'}>
                <span>${held === 'error' ? texts.queueFailed(count) : held === 'cancelled' ? texts.queueStopped(count) : texts.queueWaiting(count)}</span>
                <button part="queue-resume" type="button" @click=${() => run.queueChanged(true, true)}>${texts.queueResume}</button>
              </p>`
            : html`<span class="visually-hidden">${texts.queueCount(count)}</span>`
        }
      </div>
    </div>`;
  }
}

define('agent-chat-queued-messages', AgentChatQueuedMessages);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-queued-messages': AgentChatQueuedMessages;
  }
}
