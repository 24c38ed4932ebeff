/**
 * Says each reply once it has ended, in a polite live region of its own beside the log. While a
 * reply streams the log is `aria-busy`: Chromium announces nothing of a busy region, nor anything
 * when it stops being busy, so without this a finished reply may never be spoken. A finished
 * reply is said as its text (cut when long), a failed one as its error, a stopped one not at all;
 * never token by token. Only replies run by this element end with `agent-chat-response-end`: a
 * restored thread, or a reply another tab ran, is not said. The words are made by a chunk loaded
 * when the first reply ends (`reply-announcement.ts`).
 */
import { html } from 'lit';
import type { AgentChatResponseEndDetail } from '../events.js';
import type { ChatStrings } from '../i18n/chat-strings.js';

/** What was said goes from the region after this long (a screen reader has it by then). */
const SAID_FOR_MS = 15_000;

export class ReplyAnnouncer {
  /** The error `agent-chat-error` gave for the reply under way. */
  private error = '';
  /** Counts replies, so that words made late for an earlier one are dropped. */
  private reply = 0;
  private clearTimer?: ReturnType<typeof setTimeout>;

  /** Listens to `host`'s own events, for as long as it lives. */
  constructor(
    private readonly host: HTMLElement,
    private readonly strings: () => ChatStrings,
  ) {
    // A reply starts, or another thread shows: the region empties.
    const start = () => {
      this.reply++;
      this.error = '';
      this.say('');
    };
    host.addEventListener('agent-chat-response-start', start);
    host.addEventListener('agent-chat-thread-change', start);
    host.addEventListener('agent-chat-error', (event) => (this.error = event.detail.message));
    host.addEventListener('agent-chat-response-end', (event) => void this.ended(event.detail));
  }

  private async ended({ status, text }: AgentChatResponseEndDetail): Promise<void> {
    const reply = ++this.reply;
    if (status === 'cancelled' || (status === 'done' && !text.trim())) return;
    const { announcement } = await import('./reply-announcement.js');
    // Said only where it can be heard (not in a closed panel), and not for a reply since replaced.
    if (reply === this.reply && this.region()?.checkVisibility()) this.say(announcement(this.strings(), status === 'error' ? { error: this.error } : { text }));
  }

  private region(): Element | null | undefined {
    return this.host.shadowRoot?.querySelector('.reply-said');
  }

  private say(text: string): void {
    const region = this.region();
    if (region) region.textContent = text;
    clearTimeout(this.clearTimer);
    if (text) this.clearTimer = setTimeout(() => this.say(''), SAID_FOR_MS);
  }

  /** The live region: drawn always, outside the log, so that what comes into it is announced. */
  template() {
    return html`<div class="reply-said" role="status"></div>`;
  }
}
