/**
 * The views under a finished reply: its actions (Copy, feedback) and its sources. They come with
 * the message view, so a reply shows them the moment it ends (and a restored one at once).
 */
import { html, nothing } from 'lit';
import type { AssistantTurn } from '../../conversation/types.js';
import './reply-actions.js';
import './sources-list.js';

/** Copy and, with `feedback`, thumbs up and down: on a reply that has finished. */
export function replyActionsTemplate(reply: AssistantTurn, feedback: boolean) {
  if (reply.status === 'streaming') return nothing;
  return html`<agent-chat-reply-actions exportparts="copy-message-button, feedback-button" .reply=${reply} ?feedback=${feedback}></agent-chat-reply-actions>`;
}

/** The reply's sources, collapsed with their count. */
export function sourcesTemplate(reply: AssistantTurn) {
  if (!Array.isArray(reply.sources) || !reply.sources.length) return nothing;
  return html`<agent-chat-sources exportparts="sources" .sources=${reply.sources}></agent-chat-sources>`;
}
