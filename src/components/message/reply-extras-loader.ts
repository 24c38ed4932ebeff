import { html, nothing } from 'lit';
import type { AssistantTurn } from '../../conversation/types.js';
import { onFirstNeed } from '../../internal/lazy.js';
import { drawnInside } from './tool-views-loader.js';

/** Copy, feedback and the sources list (`reply-extras.ts`), loaded once, when a finished reply first needs them. */
export const loadReplyExtras = onFirstNeed(() => import('./reply-extras.js'), 'the reply actions');

/** Settles once the actions and sources drawn under `root`, when their views had to load, are drawn. */
export const replyExtrasDrawn = (root: ParentNode) =>
  !customElements.get('agent-chat-sources') && root.querySelector('agent-chat-reply-actions, agent-chat-sources') ? loadReplyExtras().then(() => drawnInside(root)) : undefined;

/** Copy and, with `feedback`, thumbs up and down: on a reply that has finished. */
export function replyActionsTemplate(reply: AssistantTurn, feedback: boolean) {
  if (reply.status === 'streaming') return nothing;
  void loadReplyExtras();
  return html`<agent-chat-reply-actions exportparts="copy-message-button, feedback-button" .reply=${reply} ?feedback=${feedback}></agent-chat-reply-actions>`;
}

/** The reply's sources, collapsed with their count. */
export function sourcesTemplate(reply: AssistantTurn) {
  if (!Array.isArray(reply.sources) || !reply.sources.length) return nothing;
  void loadReplyExtras();
  return html`<agent-chat-sources exportparts="sources" .sources=${reply.sources}></agent-chat-sources>`;
}
