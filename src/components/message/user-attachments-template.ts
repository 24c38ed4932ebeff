/** The files of the person's message, drawn by a view loaded when a message first has some (user-attachments.ts). */
import { html, nothing } from 'lit';
import type { UserTurn } from '../../conversation/types.js';
import { onFirstNeed } from '../../internal/lazy.js';

const loadView = onFirstNeed(() => import('./user-attachments.js'), 'the view of attached files');

export function sentFilesTemplate(turn: UserTurn) {
  if (!turn.attachments?.length) return nothing;
  void loadView();
  return html`<agent-chat-user-attachments exportparts="message-attachments, message-attachment" .attachments=${turn.attachments}></agent-chat-user-attachments>`;
}
