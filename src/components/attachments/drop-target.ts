import { LitElement, css, html } from 'lit';
import { consume } from '@lit/context';
import { attachTexts } from '../../attachments/attach-texts.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';

/**
 * @summary What the chat shows while files are dragged over it: a dashed frame over all of it
 * saying the files will be attached. It lets every drag event through to the chat below.
 *
 * @csspart drop-target - The frame.
 */
export class AgentChatDropTarget extends LitElement {
  static override styles = css`
    :host {
      position: absolute;
      inset: 0;
      z-index: 5;
      pointer-events: none;
    }
    .frame {
      display: flex;
      align-items: center;
      justify-content: center;
      block-size: 100%;
      padding: 16px;
      border: 2px dashed var(--_accent);
      border-radius: var(--_radius);
      background: color-mix(in srgb, var(--_bg) 70%, transparent);
      backdrop-filter: blur(2px);
    }
    .label {
      padding: 10px 18px;
      border-radius: 999px;
      background: var(--_accent);
      color: var(--_accent-text);
      font-weight: 600;
      text-align: center;
    }
  `;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;

  override render() {
    return html`<div class="frame" part="drop-target"><span class="label">${attachTexts(this.strings).attachDrop}</span></div>`;
  }
}

define('agent-chat-drop-target', AgentChatDropTarget);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-drop-target': AgentChatDropTarget;
  }
}
