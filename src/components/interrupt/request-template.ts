import { html, nothing } from 'lit';
import { isOpen } from '../../conversation/interrupt-state.js';
import type { InterruptEntry, ToolCallPart } from '../../conversation/types.js';
import { loadRequestViews } from './interrupt-loader.js';
import { REQUEST_PART_NAMES, exportParts } from '../../internal/part-names.js';

/** What holds requests of its own (a subagent's activity block). */
interface RequestHolder {
  /** Missing until the block's view has loaded. */
  focusOpenRequest?(scroll?: ScrollIntoViewOptions): boolean;
}

/** Parts of a request, forwarded by whoever shows one. */
const REQUEST_PARTS = exportParts(REQUEST_PART_NAMES);

/**
 * An interrupt, shown where it belongs: in its call's card (slotted) or `standalone`. The view
 * loads on first need; `data-request-open` marks it for `focusOpenRequestIn` while it waits.
 */
export function requestTemplate(entry: InterruptEntry, call: ToolCallPart | undefined, standalone: boolean, disabled = false) {
  void loadRequestViews();
  return html`<agent-chat-interrupt
    exportparts=${REQUEST_PARTS}
    data-request-open=${isOpen(entry) ? 'true' : nothing}
    .entry=${entry}
    .call=${call}
    ?standalone=${standalone}
    ?disabled=${disabled}
  ></agent-chat-interrupt>`;
}

/**
 * Focuses the first request still waiting for the person in `root` (marked `data-request-open`),
 * else the first in the subagents' activity blocks drawn there; false when there is none.
 */
export function focusOpenRequestIn(root: ParentNode, scroll?: ScrollIntoViewOptions): boolean {
  const request = root.querySelector<HTMLElement>('[data-request-open]');
  if (!request) return [...root.querySelectorAll<RequestHolder & Element>('agent-chat-activity')].some((block) => block.focusOpenRequest?.(scroll));
  if (scroll) request.scrollIntoView(scroll);
  request.focus();
  return true;
}
