import { html, nothing } from 'lit';
import { isOpen } from '../../ask/interrupts.js';
import type { InterruptEntry, ToolCallPart } from '../../conversation/types.js';
import type { ChatStrings } from '../../i18n/strings.js';
import { loadRequestViews } from './interrupt-loader.js';

/** Parts of a request, forwarded by whoever shows one. */
export const REQUEST_PARTS = 'approval, question-form, input-request';

/**
 * An interrupt, shown where it belongs: in its call's card (slotted) or `standalone`. The view
 * loads on first need; `data-request-open` lets the chat find the next request to focus.
 */
export function requestTemplate(entry: InterruptEntry, call: ToolCallPart | undefined, strings: ChatStrings, standalone: boolean, disabled = false) {
  void loadRequestViews();
  return html`<agent-chat-interrupt
    exportparts=${REQUEST_PARTS}
    data-request-open=${isOpen(entry) ? 'true' : nothing}
    .entry=${entry}
    .call=${call}
    .strings=${strings}
    ?standalone=${standalone}
    ?disabled=${disabled}
  ></agent-chat-interrupt>`;
}
