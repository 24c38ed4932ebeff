/** The pieces of the chat's render that need nothing but what they are given. */
import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { BranchPosition } from '../components/message/message.js';
import type { Turn } from '../conversation/types.js';
import type { ChatStrings } from '../i18n/chat-strings.js';
import { format } from '../i18n/strings.js';
import { loadMcpNotice } from '../components/mcp-notice/mcp-notice-loader.js';
import type { ChatApps } from '../mcp/chat-apps.js';
import { COMPOSER_PART_NAMES, MESSAGE_PART_NAMES, exportParts } from '../internal/part-names.js';

/** Every part of a message, forwarded so the page can style it from `agent-chat::part(…)`. */
const MESSAGE_PARTS = exportParts(MESSAGE_PART_NAMES);
export const COMPOSER_PARTS = exportParts(COMPOSER_PART_NAMES);

/** The header bar: the conversations button, the heading, a panel's close button; none when there is nothing to put in it. */
export function headerTemplate({ heading, threadsButton, closeButton }: { heading?: string; threadsButton?: unknown; closeButton?: unknown }) {
  if (!heading && !threadsButton && !closeButton) return nothing;
  return html`<header class="header" part="header">
    ${threadsButton ?? nothing} ${heading ? html`<h2 part="heading">${heading}</h2>` : nothing} ${closeButton ?? nothing}
  </header>`;
}

export interface TurnsView {
  /** All turns of the path shown; the drawn ones are `turns.slice(first)`. */
  turns: readonly Turn[];
  first: number;
  branches: ReadonlyMap<string, BranchPosition>;
  busy: boolean;
  /** No reply runs and nothing waits for the person: turns may be edited or regenerated. */
  settled: boolean;
}

/** The messages drawn, each with what the person may do to it. */
export function turnsTemplate({ turns, first, branches, busy, settled }: TurnsView) {
  const lastReply = turns[turns.length - 1];
  return repeat(
    first > 0 ? turns.slice(first) : turns,
    (turn) => turn.id,
    (turn) => html`<agent-chat-message
      exportparts=${MESSAGE_PARTS}
      .turn=${turn}
      .canRetry=${turn === lastReply && turn.role === 'assistant' && (turn.status === 'error' || turn.status === 'cancelled') && !busy}
      .canRegenerate=${turn === lastReply && turn.role === 'assistant' && turn.status === 'done' && settled}
      .canEdit=${turn.role === 'user' && settled}
      .branch=${branches.get(turn.id)}
      .busy=${busy}
    ></agent-chat-message>`,
  );
}

/** Why conversations cannot be saved, with Export and Dismiss. */
export function storageNoticeTemplate(strings: ChatStrings, problem: { kind: string; message: string } | undefined, exportThread: () => void, dismiss: () => void) {
  if (!problem) return nothing;
  // Signed out of the conversation server: saving here goes on, nothing to export.
  const saving = problem.kind === 'signed-out';
  return html`<div class="storage-problem" part="storage-notice" role="alert">
    <span>${saving ? problem.message : format(strings.storageProblem, { reason: problem.message })}</span>
    ${saving ? nothing : html`<button type="button" @click=${exportThread}>${strings.storageExport}</button>`}
    <button type="button" @click=${dismiss}>${strings.storageDismiss}</button>
  </div>`;
}

/** What the page author set wrong, one item each. */
export function configErrorsTemplate(strings: ChatStrings, errors: readonly string[]) {
  if (!errors.length) return nothing;
  return html`<div class="config-error" part="error" role="alert">
    <strong>${strings.configError}:</strong>
    <ul>
      ${errors.map((error) => html`<li>${error}</li>`)}
    </ul>
  </div>`;
}

/** "The agent is waiting for your answer above", in a live region that is always there. */
export function heldNoticeTemplate(strings: ChatStrings, shown: boolean, goToRequest: () => void) {
  return html`<div role="status" class="held-region">
    ${
      shown
        ? html`<p class="held" part="held-notice">
          ${strings.inputHeld} <button type="button" class="go-to-request" @click=${goToRequest}>${strings.inputHeldGo}</button>
        </p>`
        : nothing
    }
  </div>`;
}

/** The MCP servers that ask the person to sign in, and those out of reach (the notice's view loads with the first). */
export function mcpNoticeTemplate(apps: ChatApps, focusAfter: () => void) {
  void loadMcpNotice();
  return html`<agent-chat-mcp-notice
    exportparts="mcp-notice, mcp-sign-in"
    .requests=${apps.signIns}
    .unreachable=${apps.unreachable}
    .signIn=${(name: string) => apps.signIn(name)}
    .focusAfter=${focusAfter}
  ></agent-chat-mcp-notice>`;
}
