/**
 * Runs the conversation: turns the person's intents (send, stop, retry) into runs on a transport
 * and feeds what comes back through the reducer. Knows no DOM; the element renders its state
 * and turns its notifications into public events.
 */
import { anyAnswered, resumeEntries } from '../ask/interrupt-resume.js';
import { holdsInput, nextExpiry, openInterrupts } from '../conversation/interrupt-state.js';
import { DEFERRED_RESULT } from '../ask/ask-user-definition.js';
import { reduceCore, type CoreAction } from '../conversation/reducer-core.js';
import { lastReply, openAsks, replyById, replyText } from '../conversation/selectors.js';
import {
  emptyConversation,
  type Answers,
  type AssistantTurn,
  type ChatTransport,
  type ConversationState,
  type InterruptResponse,
  type MessageSource,
  type Attachment,
  type Turn,
} from '../conversation/types.js';
import { errorText } from '../internal/errors.js';
import { newId } from '../internal/ids.js';
import { loadReplyStream } from './reply-stream-loader.js';
import type { StreamHost } from './reply-stream.js';
import { newRun, type Run, type RunSetup, type RunStart } from './reply-run.js';
import { nextTask } from './time-slices.js';
import type { ReplyEndStatus, SessionListener } from './session-listener.js';

export { nextTask };

export type { ReplyEndStatus, SessionListener } from './session-listener.js';

export type { RunSetup };

export class ChatSession {
  private current: ConversationState = emptyConversation();
  private run?: Run;
  /** Settles once the last run's end has been announced. */
  private lastEnd: Promise<void> = Promise.resolve();

  /**
   * @param pause what to wait for between slices of streamed events; the element passes "the
   *   next frame has been drawn".
   */
  constructor(
    private readonly listener: SessionListener,
    private readonly setup: () => RunSetup,
    private readonly pause: () => Promise<void> = nextTask,
  ) {}

  get state(): ConversationState {
    return this.current;
  }

  get busy(): boolean {
    return this.run !== undefined;
  }

  /** New input is held: interrupts of the last reply wait for answers, or answers wait to be sent. */
  get held(): boolean {
    return holdsInput(this.current.turns);
  }

  /**
   * Adds the person's message (its turn's id `id`) and runs the agent. Returns false (and does
   * nothing) while a reply streams or input is held. `ask_user` calls still waiting are answered
   * "deferred": the message, in the same run, is the person's answer.
   */
  send(text: string, source?: MessageSource, attachments?: Attachment[], id = newId()): boolean {
    if (this.busy || this.held) return false;
    // Interrupts that expired unanswered are addressed as cancelled by the run the message starts.
    const paused = lastReply(this.current.turns);
    const expired = paused && resumeEntries(paused);
    this.dispatch({ type: 'interrupts-expired', now: Date.now() }, false);
    for (const call of openAsks(this.current.turns)) {
      this.dispatch({ type: 'ask-result', toolCallId: call.id, ask: { ...call.ask!, outcome: 'deferred' }, content: DEFERRED_RESULT }, false);
    }
    this.dispatch({ type: 'user-message', id, text, source, attachments }, false);
    void this.runReply(expired ? { resume: { replyId: paused.id, entries: expired } } : {});
    return true;
  }

  /**
   * The person's answers to an `ask_user` call waiting in its card (checked by the questions'
   * module, loaded on first need). Once no call of the reply waits any more, the reply goes on with
   * them. False when the call is not waiting for a form or the answers do not fit its questions.
   */
  async answerQuestion(toolCallId: string, answers: Answers): Promise<boolean> {
    const waiting = () => !this.busy && openAsks(this.current.turns).find((part) => part.id === toolCallId && part.ask!.by === 'form');
    if (!waiting()) return false;
    const { answersForModel, checkAnswers, parseQuestions } = await import('../ask/questions.js');
    // Checked again: a reply may have started, or the call been answered, meanwhile.
    const call = waiting();
    if (!call) return false;
    const parsed = parseQuestions(call.args);
    const checked = parsed.ok ? checkAnswers(parsed.questions, answers) : parsed;
    if (!parsed.ok || !checked.ok) return false;
    this.dispatch(
      {
        type: 'ask-result',
        toolCallId,
        ask: { by: 'form', outcome: 'answered', answers: checked.answers },
        content: answersForModel(parsed.questions, checked.answers),
      },
      false,
    );
    // The reply goes on once nothing of it waits for the person: its interrupts' answers go with it.
    if (openAsks(this.current.turns).length === 0 && openInterrupts(this.current.turns).length === 0) {
      const reply = lastReply(this.current.turns)!;
      const entries = resumeEntries(reply);
      void this.runReply({ continueReply: reply.id, ...(entries ? { resume: { replyId: reply.id, entries } } : {}) });
    }
    return true;
  }

  /**
   * The person's answer to an open interrupt of the last reply. It is kept until every open
   * interrupt has one; then the reply goes on in a run whose `resume` carries them all.
   * False when the interrupt is not open (answered, expired, unknown) or a reply streams.
   */
  answerInterrupt(interruptId: string, response: InterruptResponse): boolean {
    if (this.busy) return false;
    if (!openInterrupts(this.current.turns).some((entry) => entry.interrupt.id === interruptId)) return false;
    this.dispatch({ type: 'interrupt-answer', interruptId, response }, false);
    this.resumeIfReady();
    return true;
  }

  /**
   * Continues the last reply once none of its interrupts is open and the person answered some
   * (those that expired go as cancelled). When all expired unanswered, the next message takes them.
   */
  private resumeIfReady(): void {
    const reply = lastReply(this.current.turns);
    if (this.busy || !reply || reply.status === 'streaming') return;
    // A question of the same reply still waits for its form: the reply goes on once that is answered too.
    if (openAsks(this.current.turns).some((call) => call.ask!.by === 'form')) return;
    const entries = resumeEntries(reply);
    if (entries && anyAnswered(entries)) void this.runReply({ continueReply: reply.id, resume: { replyId: reply.id, entries } });
    else this.watchExpiry();
  }

  private expiryTimer?: ReturnType<typeof setTimeout>;

  /** When an open interrupt expires, the view redraws and the answers given so far may go. */
  private watchExpiry(): void {
    clearTimeout(this.expiryTimer);
    const at = nextExpiry(this.current.turns);
    if (at === undefined) return;
    this.expiryTimer = setTimeout(
      () => {
        this.listener.changed(this.current, false);
        this.resumeIfReady();
      },
      Math.min(Math.max(at - Date.now(), 0) + 50, 2 ** 31 - 1),
    );
  }

  /**
   * Ends the reply under way at once: it stays, marked cancelled, and a new message or a retry
   * may follow right away, even while the old request is still winding down.
   */
  stop(): void {
    const run = this.run;
    if (!run) return;
    this.run = undefined;
    run.abort.abort();
    this.dispatch({ type: 'reply-stop' }, false);
    this.finish(run, 'cancelled');
  }

  /**
   * The person's message `turnId`, written anew: the conversation goes on from there with the new
   * text (the old message and what followed it stay in the thread as another branch).
   */
  edit(turnId: string, text: string): boolean {
    if (this.busy) return false;
    const turn = this.current.turns.find((candidate) => candidate.id === turnId);
    if (turn?.role !== 'user') return false;
    this.dispatch({ type: 'truncate', beforeId: turnId }, false);
    const messageId = newId();
    this.dispatch({ type: 'user-message', id: messageId, text, attachments: turn.attachments }, false);
    void this.runReply({ trigger: { kind: 'edit', messageId } });
    return true;
  }

  /** Runs reply `replyId` again from the history before it (the old reply stays as another branch). */
  regenerate(replyId: string): boolean {
    if (this.busy) return false;
    const index = this.current.turns.findIndex((turn) => turn.id === replyId);
    const replaced = this.current.turns[index];
    if (index < 1 || replaced.role !== 'assistant') return false;
    this.dispatch({ type: 'truncate', beforeId: replyId }, false);
    void this.runReply({ trigger: { kind: 'regenerate', replaced } });
    return true;
  }

  /** Replaces the last reply (failed, stopped or finished) with a new run of the same history. */
  retry(): boolean {
    if (this.busy) return false;
    const last = this.current.turns[this.current.turns.length - 1];
    if (!last) return false;
    // Answers to interrupts that never reached the backend go again, with the same reply.
    const entries = last.role === 'assistant' ? resumeEntries(last) : undefined;
    if (entries && anyAnswered(entries)) {
      void this.runReply({ continueReply: last.id, resume: { replyId: last.id, entries } });
      return true;
    }
    if (last.role === 'assistant') this.dispatch({ type: 'reply-remove', replyId: last.id }, false);
    else if (last.role !== 'user') return false;
    void this.runReply({ trigger: { kind: 'regenerate', ...(last.role === 'assistant' ? { replaced: last } : {}) } });
    return true;
  }

  /**
   * Picks up the last reply, which was streaming when the page went away, where the transport can
   * (`reconnect`): it is shown again from the stream's start; with nothing to pick up it stays stopped.
   */
  resumeStream(): boolean {
    const setup = this.setup();
    const reply = lastReply(this.current.turns);
    if (this.busy || !reply || 'problem' in setup || !setup.transport.reconnect) return false;
    void this.runReply({ continueReply: reply.id, reconnect: setup.transport.reconnect });
    return true;
  }

  /** Applies a change that does not come from a run (an app card's resource, a reply the page adds, a rating). */
  update(action: Extract<CoreAction, { type: 'app-update' | 'elicitation' | 'append-reply' | 'reset' | 'feedback' }>): void {
    this.dispatch(action, false);
    if (action.type === 'reset') this.watchExpiry();
  }

  /**
   * Puts `turns` in place of the conversation's turns as they are: nothing stops, a reply under way
   * goes on (the earlier turns of a thread, read after its last ones were shown).
   */
  replaceTurns(turns: Turn[]): void {
    this.current = { ...this.current, turns };
    this.listener.changed(this.current, false);
  }

  /** Settles when the reply under way (if any) has ended and been announced. */
  async idle(): Promise<void> {
    while (this.run) await this.run.finished;
    await this.lastEnd;
  }

  /** What the session does itself; a reply's stream applies the wire's events (`reply-stream.ts`). */
  private dispatch(action: CoreAction, fromWire: boolean): void {
    this.show(reduceCore(this.current, action), fromWire);
  }

  private show(next: ConversationState, fromWire: boolean): void {
    if (next === this.current) return;
    this.current = next;
    this.listener.changed(next, fromWire);
  }

  /**
   * Runs a new reply, or continues one (`continueReply`: after the person answered what it asked).
   * `resume` answers a reply's interrupts with the run's first request.
   */
  private async runReply(start: RunStart & { reconnect?: ChatTransport['reconnect'] } = {}): Promise<void> {
    const setup = this.setup();
    const run = newRun(setup, start);
    this.run = run;
    clearTimeout(this.expiryTimer);
    this.dispatch({ type: start.continueReply ? 'reply-resume' : 'reply-start', replyId: run.replyId, runId: run.runId }, false);
    await this.lastEnd;
    if (run.ended) return;
    this.listener.responseStart({ runId: run.runId, threadId: run.threadId });

    if ('problem' in setup) this.dispatch({ type: 'run-error', error: setup.problem }, false);
    else await this.stream(run, setup, start.reconnect);

    if (run.ended) return;
    if (this.run === run) this.run = undefined;
    const reply = this.reply(run);
    if (reply?.status === 'error' && reply.error) this.listener.error({ ...reply.error, runId: run.runId });
    this.finish(run, reply?.status === 'error' || reply?.status === 'cancelled' ? reply.status : 'done');
  }

  private reply(run: Run): AssistantTurn | undefined {
    return replyById(this.current.turns, run.replyId);
  }

  /**
   * The run's requests and what they bring back (`reply-stream.ts`, loaded on first need while the
   * run gets ready), once the run is ready: the page's MCP servers listed, the thread's earlier
   * turns read.
   */
  private async stream(run: Run, setup: RunSetup & { transport: ChatTransport }, reconnect?: ChatTransport['reconnect']): Promise<void> {
    const code = loadReplyStream();
    code.catch(() => {});
    try {
      await setup.prepare?.();
    } catch (error) {
      // E.g. the earlier turns of the thread could not be read: no request with part of the history.
      if (!run.ended) this.dispatch({ type: 'run-error', error: { kind: 'config', message: errorText(error) } }, false);
      return;
    }
    let streamReply: Awaited<typeof code>['streamReply'];
    try {
      ({ streamReply } = await code);
    } catch (error) {
      if (!run.ended) this.dispatch({ type: 'run-error', error: { kind: 'network', message: `The code that reads replies could not be loaded (${errorText(error)}).` } }, false);
      return;
    }
    const host: StreamHost = { state: () => this.current, show: (next, fromWire) => this.show(next, fromWire), pause: this.pause, listener: this.listener };
    if (!run.ended) await streamReply(host, run, setup, reconnect);
  }

  /** Announces a run's end, once. */
  private finish(run: Run, status: ReplyEndStatus): void {
    if (run.ended) return;
    run.ended = true;
    run.markFinished();
    this.watchExpiry();
    const reply = this.reply(run);
    const previous = this.lastEnd;
    this.lastEnd = previous
      .then(() => this.listener.responseEnd({ runId: run.runId, threadId: run.threadId, status, text: replyText(reply) }))
      .catch((error) => console.error('<agent-chat>: a response-end listener failed', error));
  }
}
