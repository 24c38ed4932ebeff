/**
 * The element's side of the run loop: owns the `ChatSession`, draws what streams in at most once
 * per frame however fast it arrives, reads a fast stream between frames rather than in one long
 * task, and turns the session's notifications into the public events.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { openAsks } from '../conversation/selectors.js';
import type { Attachment, ConversationState, MessageSource } from '../conversation/types.js';
import { loadQueuedMessages } from '../components/queued-messages/queued-messages-loader.js';
import { emit, type AgentChatResponseEndDetail } from '../events.js';
import { newId } from '../internal/ids.js';
import { ChatSession, nextTask, type RunSetup } from '../session/chat-session.js';
import { MessageQueue } from '../session/message-queue.js';

export interface SessionHooks {
  /** What a run needs from the page (see `RunSetup`). */
  runSetup(): RunSetup;
  /** The conversation changed (`fromWire`: by a streamed event); `previous` is what was shown. */
  changed(next: ConversationState, previous: ConversationState, fromWire: boolean): void;
  /** A reply ended: what it left is to be saved now. */
  ended(): void;
  /** The backend named the thread (CUSTOM `agent-chat.thread-title`). */
  titled(title: string): void;
  /** Settles once the last message drawn has finished drawing. */
  lastMessageDrawn(): Promise<unknown>;
  /** What a message sent now waits for: the thread the page has just set, until it is shown. */
  threadShown(): Promise<void> | undefined;
  /** The thread id (made up when there is none yet). */
  threadId(): string;
  /** A message goes out: the log follows it. */
  sending(): void;
  /** Queued messages of a conversation no longer shown: their texts go back to the composer's draft. */
  returnToDraft(texts: string[]): void;
}

export class SessionController implements ReactiveController {
  readonly session: ChatSession;
  /** The conversation as last drawn or about to be. */
  conversation: ConversationState;
  /** A reply is under way. */
  busy = false;
  /** The person tried to send while the agent's requests wait for answers: the chat says so. */
  heldNotice = false;
  /** What the person sent while a reply streamed: one message goes as each reply ends well. */
  readonly queue = new MessageQueue();
  private frame = 0;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly hooks: SessionHooks,
  ) {
    this.session = new ChatSession(
      {
        changed: (next, fromWire) => this.changed(next, fromWire),
        responseStart: (detail) => emit(host, 'agent-chat-response-start', detail),
        responseEnd: (detail) => this.endResponse(detail),
        error: (detail) => emit(host, 'agent-chat-error', detail),
        toolCall: (detail) => emit(host, 'agent-chat-tool-call', detail),
        custom: (name, value) => {
          if (name === 'agent-chat.suggestions') return;
          if (name !== 'agent-chat.thread-title') return void emit(host, 'agent-chat-custom', { name, value });
          const title = typeof value === 'string' ? value : (value as { title?: unknown } | null)?.title;
          if (typeof title === 'string') hooks.titled(title);
        },
      },
      () => hooks.runSetup(),
      () => this.nextFrameDrawn(),
    );
    this.conversation = this.session.state;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancelFrame();
  }

  /** Questions or approvals wait in the last reply: nothing may be added after it. */
  get waitingForPerson(): boolean {
    return this.session.held || openAsks(this.conversation.turns).length > 0;
  }

  /**
   * Sends `text` with `attachments` (as the person, or as the app `source` names), or queues it
   * while a reply streams; returns the id its turn has (or will have once sent), or null when it
   * was refused: nothing to send, input held (the held notice says why), `agent-chat-send`
   * cancelled, or files while a reply streams (they are not queued). Files alone, without text,
   * may be sent.
   */
  deliver(text: string, source?: MessageSource, attachments: Attachment[] = [], id = newId()): string | null {
    const trimmed = text.trim();
    if (!trimmed && !attachments.length) return null;
    // The page has just set `thread-id`: the message goes to that thread once it is shown.
    const switching = this.hooks.threadShown();
    if (switching) {
      void switching.then(() => this.deliver(trimmed, source, attachments, id));
      return id;
    }
    // Behind a reply under way, or behind messages that wait already (it sets them going again).
    const queued = this.session.busy || this.queue.items.length > 0;
    // Files are not queued: the composer keeps them until no reply streams.
    if (queued && attachments.length) return null;
    if (!queued && this.session.held) {
      // Said again on each try: the live region is emptied and filled, so it is announced anew.
      this.showHeld(false);
      void this.host.updateComplete.then(() => this.showHeld(this.session.held));
      return null;
    }
    const files = attachments.map(({ name, size, mimeType }) => ({ name, size, type: mimeType }));
    const detail = { text: trimmed, threadId: this.hooks.threadId(), attachments: files, ...(source ? { source } : {}) };
    if (!emit(this.host, 'agent-chat-send', detail, { cancelable: true })) return null;
    if (queued) {
      this.queue.items.push({ id, ...detail });
      void loadQueuedMessages();
      this.queueChanged(true);
      return id;
    }
    this.hooks.sending();
    return this.session.send(trimmed, source, attachments.length ? attachments : undefined, id) ? id : null;
  }

  /**
   * The queue changed (a message added, or taken out in its view): it is drawn again. `send`: its
   * first message goes now, as if the person sent it then (its `agent-chat-send` fired when it was
   * queued), unless a reply streams, the agent's requests wait, or (without `force`) a question form
   * is open: after a reply that ended well, when the person sends another message, or presses
   * "Send now" (`force`).
   */
  queueChanged(send?: boolean, force?: boolean): void {
    this.keepQueueInThread();
    // A question form open holds it too, unless the person sends anyway ("Send now": the message answers it).
    const form = !force && openAsks(this.conversation.turns).some((call) => call.ask?.by === 'form');
    const next = send && this.queue.next(this.session.busy || this.session.held || form);
    if (next) {
      this.hooks.sending();
      this.session.send(next.text, next.source, undefined, next.id);
    }
    this.host.requestUpdate();
  }

  /** What was queued in a conversation no longer shown never goes into another: it goes back to the draft. */
  private keepQueueInThread(): void {
    const gone = this.queue.items.length ? this.queue.takeOutOthers(this.hooks.threadId()) : [];
    if (gone.length) this.hooks.returnToDraft(gone.map((message) => message.text));
  }

  private showHeld(shown: boolean): void {
    if (this.heldNotice === shown) return;
    this.heldNotice = shown;
    this.host.requestUpdate();
  }

  private changed(next: ConversationState, fromWire: boolean): void {
    const previous = this.conversation;
    const wasBusy = this.busy;
    this.conversation = next;
    this.busy = this.session.busy;
    this.hooks.changed(next, previous, fromWire);
    if (!fromWire && next.turns !== previous.turns) this.keepQueueInThread();
    if (next.agentState !== previous.agentState) emit(this.host, 'agent-chat-state', { state: next.agentState });
    if (this.heldNotice && !this.session.held) this.heldNotice = false;
    // A reply starting or ending is drawn at once; streamed content waits for the frame.
    if (!fromWire || this.busy !== wasBusy) {
      this.host.requestUpdate();
      return;
    }
    // Streamed events are drawn at most once per frame, however fast they arrive.
    this.frame ||= requestAnimationFrame(() => {
      this.frame = 0;
      this.host.requestUpdate();
    });
  }

  /**
   * Resolves once the next frame has been drawn, so a fast stream is read between frames rather
   * than in one long task. A hidden page draws no frames: a short timer stands in.
   */
  private nextFrameDrawn(): Promise<void> {
    if (document.hidden) return nextTask();
    return new Promise((resolve) => {
      const fallback = setTimeout(resolve, 100);
      requestAnimationFrame(() => {
        clearTimeout(fallback);
        // After this frame's callbacks (our render included), continue in a task of its own.
        void nextTask().then(resolve);
      });
    });
  }

  /** `agent-chat-response-end` fires once the reply's last state is drawn, so listeners see it in the DOM. */
  private async endResponse(detail: AgentChatResponseEndDetail): Promise<void> {
    this.busy = this.session.busy;
    this.hooks.ended();
    this.cancelFrame();
    this.host.requestUpdate();
    await this.host.updateComplete;
    await this.hooks.lastMessageDrawn();
    emit(this.host, 'agent-chat-response-end', detail);
    // The queue goes on after a reply that ended well; after a failed or stopped one it waits (its view says so).
    if (detail.status === 'done') this.queueChanged(true);
  }

  private cancelFrame(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }
}
