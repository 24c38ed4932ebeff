import { define } from '../../internal/define.js';

/**
 * Not rendered; children added, removed or changed later are seen.
 *
 * @summary A starter prompt of `<agent-chat>`, shown on an empty conversation: put it inside the
 * chat element, its text is the label. Used while the chat's `suggestions` property is empty.
 *
 * @attr {string} prompt - What is sent when it is chosen (default: the label).
 * @attr {string} icon - Text shown before the label, e.g. an emoji (never markup or an image).
 */
export class AgentChatSuggestion extends HTMLElement {
  /** The chat it was put in: told when it comes and goes, so its starters are drawn again. */
  private chat?: { requestUpdate?(): void } | null;

  connectedCallback(): void {
    (this.chat = this.parentElement as AgentChatSuggestion['chat'])?.requestUpdate?.();
  }

  disconnectedCallback(): void {
    this.chat?.requestUpdate?.();
  }
}

define('agent-chat-suggestion', AgentChatSuggestion);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-suggestion': AgentChatSuggestion;
  }
}
