/**
 * The chat as drawn inline or in the panel: header, threads drawer, log, notices and composer. It
 * reads the state the controllers keep (`chat-wiring.ts`); its plain pieces are in `chat-templates.ts`.
 */
import { html, nothing } from 'lit';
import '../components/composer/composer.js';
import { loadMessageView, messageViewLoaded } from '../components/message/message-loader.js';
import { suggestionsTemplate } from '../components/suggestions/suggestions-template.js';
import { QUEUE_PART_NAMES, exportParts } from '../internal/part-names.js';
import { AnswerEvent, ComposerSendEvent, ComposerStopEvent, FeedbackEvent, RetryRequestEvent, TurnActionEvent, on } from '../internal/view-events.js';
import { COMPOSER_PARTS, configErrorsTemplate, headerTemplate, heldNoticeTemplate, mcpNoticeTemplate, storageNoticeTemplate, turnsTemplate } from './chat-templates.js';
import type { ChatWiring } from './chat-wiring.js';
import { closeButtonTemplate } from './embed-templates.js';

const QUEUE_PARTS = exportParts(QUEUE_PART_NAMES);

export function chatView(wiring: ChatWiring) {
  const { chat, run, store, log, apps, threads, actions, files } = wiring;
  const strings = wiring.localize.strings;
  const turns = wiring.conversation.turns;
  const persistent = store.persistent;
  const first = log.firstDrawn();
  // Only the turns drawn need theirs (a long thread's path has thousands).
  const branches = store.branchesOf(first > 0 ? turns.slice(first) : turns);
  const settled = !run.busy && !run.waitingForPerson;
  if (turns.length && !messageViewLoaded()) wiring.messageViewLoading ??= loadMessageView();
  wiring.noticeShown ||= !!(apps.signIns.length || apps.unreachable.length);
  return html`<div class="base" part="base" @focusin=${wiring.personActing} @pointerdown=${wiring.personActing}>
    ${files.ui?.dropTarget()}
    ${headerTemplate({
      heading: chat.heading,
      threadsButton: persistent ? threads.renderButton() : undefined,
      closeButton: wiring.embed.floating ? closeButtonTemplate(strings, () => wiring.embed.setOpen(false, 'close-button')) : undefined,
    })}
    ${persistent && threads.open ? threads.renderDrawer() : nothing}
    <div class="body">
    ${storageNoticeTemplate(
      strings,
      store.problem,
      () => void threads.download(),
      () => store.dismissProblem(),
    )}
    <div
      class="messages"
      part="messages"
      role="log"
      aria-live="polite"
      aria-label=${strings.conversation}
      aria-busy=${run.busy ? 'true' : 'false'}
      tabindex="0"
      ${on(RetryRequestEvent, actions.onRetryRequest)}
      ${on(AnswerEvent, actions.onAnswer)}
      ${on(TurnActionEvent, actions.onTurnAction)}
      ${on(FeedbackEvent, actions.onFeedback)}
    >
      <div class="column">
        ${chat.greeting && first === 0 ? html`<div class="greeting" part="greeting"><agent-chat-markdown .text=${chat.greeting}></agent-chat-markdown></div>` : nothing}
        ${
          first > 0
            ? html`<button class="earlier" part="earlier-button" type="button" @click=${() => log.drawEarlier()}>
              ${strings.earlierMessages(first)}
            </button>`
            : nothing
        }
        ${turnsTemplate({ turns, first, branches, busy: run.busy, settled })}
        ${suggestionsTemplate(chat, turns, run.busy, chat.suggestions)}
      </div>
    </div>
    ${wiring.replies.template()}
    ${log.unseen ? html`<button class="jump" part="jump-button" type="button" @click=${wiring.jumpToLatest}>${strings.jumpToLatest}</button>` : nothing}
    ${configErrorsTemplate(strings, wiring.connection.problems)}
    ${wiring.noticeShown ? mcpNoticeTemplate(apps, () => wiring.focusComposer()) : nothing}
    <div class="footer">
      ${heldNoticeTemplate(strings, run.heldNotice, actions.goToRequest)}
      <agent-chat-queued-messages exportparts=${QUEUE_PARTS} .run=${run}></agent-chat-queued-messages>
      <agent-chat-composer
        exportparts=${COMPOSER_PARTS}
        .attachments=${files.ui}
        .placeholder=${chat.placeholder}
        ?busy=${run.busy}
        ${on(ComposerSendEvent, wiring.sendFromComposer)}
        ${on(ComposerStopEvent, () => chat.stop())}
      ></agent-chat-composer>
    </div>
    </div>
  </div>`;
}
