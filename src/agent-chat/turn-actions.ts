/**
 * What the person does to the turns already drawn: answers a card's questions or request, rates a
 * reply, edits a message, asks for another version or switches between versions, retries. Each
 * event stops at the chat (it is the chat's own business); the page hears of it through the
 * public events. The keyboard goes where the person can go on.
 */
import type { AgentChatMessage } from '../components/message/message.js';
import type { ConversationState } from '../conversation/types.js';
import type { AgentChatEventMap } from '../events.js';
import type { AnswerEvent, FeedbackEvent, TurnActionEvent } from '../internal/view-events.js';
import type { ChatSession } from '../session/chat-session.js';
import type { ChatStorage } from '../storage/chat-storage.js';
import type { LogController } from './log-controller.js';

export interface TurnActionsHooks {
  readonly session: ChatSession;
  readonly conversation: ConversationState;
  /** The agent waits for answers to its questions or requests. */
  waitingForPerson(): boolean;
  readonly store: ChatStorage;
  readonly log: LogController;
  /** The messages drawn, in order. */
  messages(): AgentChatMessage[];
  /** The chat has drawn what changed. */
  drawn(): Promise<unknown>;
  focusComposerNow(): void;
  emit<K extends keyof AgentChatEventMap>(name: K, detail: AgentChatEventMap[K]['detail'], options?: { cancelable?: boolean }): boolean;
}

export class TurnActions {
  private retrying = false;

  constructor(private readonly hooks: TurnActionsHooks) {}

  private messageOf(turnId: string): AgentChatMessage | undefined {
    return this.hooks.messages().find((element) => element.turn?.id === turnId);
  }

  /** Runs the last reply again as a new version of it; its apps wind down first. False when there is nothing to run again. */
  retry(): boolean {
    const { session, conversation, store, log } = this.hooks;
    if (session.busy || this.retrying) return false;
    log.follow();
    const turns = conversation.turns;
    const last = turns[turns.length - 1];
    const frames = last?.role === 'assistant' ? (this.messageOf(last.id)?.appFrames() ?? []) : [];
    if (frames.length === 0) return store.withBranch(() => session.retry());
    // The old reply's apps get to wind down (`ui/resource-teardown`) before it goes.
    this.retrying = true;
    void Promise.all(frames.map((frame) => frame.teardown?.())).then(() => {
      this.retrying = false;
      store.withBranch(() => session.retry());
    });
    return true;
  }

  /** The Retry button goes away with the reply it was on: the keyboard moves to the composer. */
  readonly onRetryRequest = (): void => {
    this.retry();
    this.hooks.focusComposerNow();
  };

  /** The person answered questions or an interrupt in a card. */
  readonly onAnswer = (event: AnswerEvent): void => {
    event.stopPropagation();
    void this.answer(event);
  };

  private async answer(event: AnswerEvent): Promise<void> {
    const { session, log } = this.hooks;
    const detail = event.answer;
    const accepted = detail.kind === 'question' ? await session.answerQuestion(detail.toolCallId, detail.answers) : session.answerInterrupt(detail.interruptId, detail.response);
    if (!accepted) return;
    log.follow();
    // The form goes away: the keyboard moves to the next open request, else to the composer.
    await this.hooks.drawn();
    if (!this.hooks.messages().some((message) => message.focusOpenRequest())) this.hooks.focusComposerNow();
  }

  /** The held notice's button: the keyboard goes to the first request waiting for an answer. */
  readonly goToRequest = (): void => {
    const messages = this.hooks.messages();
    // The person asked to see it: scrolled up to it, the log stops following.
    this.hooks.log.personMovesUp();
    const center = { block: 'center' } as const;
    if (!messages.some((message) => message.focusOpenRequest(center))) messages.some((message) => message.focusRetry(center));
  };

  /** The person rated a reply: kept with it (and saved), then told to the page. */
  readonly onFeedback = (event: FeedbackEvent): void => {
    event.stopPropagation();
    const { replyId, rating } = event;
    const reply = this.hooks.conversation.turns.find((turn) => turn.id === replyId);
    if (reply?.role !== 'assistant' || reply.status === 'streaming') return;
    this.hooks.session.update({ type: 'feedback', replyId, rating });
    // The backend's id for the reply's message, so that a server finds it in its logs; else the widget's own.
    this.hooks.emit('agent-chat-feedback', { threadId: this.hooks.store.ensureThreadId(), messageId: reply.messageId ?? replyId, runId: reply.runId, rating });
  };

  /** Edit, regenerate, another version. */
  readonly onTurnAction = (event: TurnActionEvent): void => {
    event.stopPropagation();
    const { session, store, log } = this.hooks;
    const { action } = event;
    if (session.busy || this.hooks.waitingForPerson()) return;
    if (action.kind !== 'switch') log.follow();
    if (action.kind === 'edit') {
      const edited = this.hooks.conversation.turns.find((turn) => turn.id === action.turnId);
      const attachments = (edited?.role === 'user' ? (edited.attachments ?? []) : []).map(({ name, size, mimeType }) => ({ name, size, type: mimeType }));
      if (this.hooks.emit('agent-chat-send', { text: action.text, threadId: store.ensureThreadId(), attachments }, { cancelable: true })) {
        store.withBranch(() => session.edit(action.turnId, action.text));
      }
    } else if (action.kind === 'regenerate') {
      this.retry();
    } else {
      const path = store.pathThrough(action.siblingId);
      if (!path.length) return;
      log.stay();
      store.withBranch(() => session.update({ type: 'reset', turns: path }));
      // The keyboard stays on the switcher, now that of the version shown.
      void this.hooks.drawn().then(async () => {
        const message = this.messageOf(action.siblingId);
        await message?.updateComplete;
        message?.focusBranchSwitcher();
      });
      return;
    }
    // An edit or a regeneration: the new reply streams, and the keyboard goes to the composer.
    this.hooks.focusComposerNow();
  };
}
