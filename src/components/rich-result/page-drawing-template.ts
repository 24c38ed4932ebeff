/** What a renderer of the page drew, in place: its node as it is; a string as a rich result (HTML sanitized in a root of its own, or markdown). */
import { html } from 'lit';
import './rich-result.js';

export function pageDrawingTemplate(drawn: Node | string) {
  return typeof drawn === 'string' ? html`<agent-chat-rich-result .value=${drawn}></agent-chat-rich-result>` : drawn;
}
