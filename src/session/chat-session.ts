/**
 * Runs the conversation: turns the person's intents (send, stop, retry) into runs on a transport
 * and feeds what comes back through the reducer. Knows no DOM; the element renders its state
 * and turns its notifications into public events.
 */
import { anyAnswered, holdsInput, lastReply, nextExpiry, openInterrupts, resumeEntries } from '../ask/interrupts.js';
import { DEFERRED_RESULT, answersForModel, checkAnswers, parseQuestions } from '../ask/questions.js';
import type { ChatEvent, ReplyError } from '../protocol/contract.js';
import { boundEvent, MAX_DEPTH } from '../conversation/depth.js';
import { historyFromTurns, parseArgs } from '../conversation/history.js';
import { reduce, type Action } from '../conversation/reducer.js';
import {
  emptyConversation,
  type Answers,
  type AssistantTurn,
  type ChatRunTrigger,
  type ChatTransport,
  type ConversationState,
  type InterruptResponse,
  type MessageSource,
  type ToolCallPart,
  type Turn,
} from '../conversation/types.js';
import { pendingClientCalls, type ClientToolResult, type ClientTools } from './client-tools.js';
import { newId } from '../internal/ids.js';
import type { ResumeEntry, RunRequest } from '../protocol/contract.js';

export type ReplyEndStatus = 'done' | 'error' | 'cancelled';

export interface SessionListener {
  /** The state changed; `fromWire` is true for streamed events (the view may batch those per frame). */
  changed(state: ConversationState, fromWire: boolean): void;
  responseStart(detail: { runId: string; threadId: string }): void;
  /** The next run's `responseStart` waits for the promise this returns, so the two never cross. */
  responseEnd(detail: { runId: string; threadId: string; status: ReplyEndStatus; text: string }): void | Promise<void>;
  error(detail: ReplyError & { runId?: string }): void;
  toolCall(detail: { toolCallId: string; name: string; arguments: unknown; runId: string }): void;
  /** A CUSTOM event of the run (e.g. `agent-chat.thread-title`). */
  custom?(name: string, value: unknown): void;
}

/** What a run needs from the page: the thread, a transport or the reason there is none, and the tools it answers. */
export type RunSetup = {
  threadId: string;
  clientTools?: ClientTools;
  /** Awaited before the first request (the page's MCP servers being listed). */
  prepare?: () => Promise<void>;
  /**
   * Whether subagent activity is recorded (`show-activity`). Read at each reply's start and for
   * every event: turned off, it stops at once; turned on, it starts with the next reply.
   */
  activity?: () => boolean;
  /** AG-UI `context` entries sent with each run (what apps told the model). */
  context?: () => RunRequest['context'];
  /** `forwardedProps` of each run (the widget's own under `"agent-chat"`). */
  forwardedProps?: () => Record<string, unknown>;
} & ({ transport: ChatTransport } | { problem: ReplyError });

/** How many times one reply may go back to the backend with answers to its client-tool calls. */
const MAX_CLIENT_TOOL_ROUNDS = 10;

/**
 * The longest stretch (ms) spent applying streamed events before the view gets to draw. A fast
 * backend's buffered stream would otherwise be read in one long task, with no frame in between.
 */
const SLICE_MS = 5;

let channel: MessageChannel | undefined;
const waiting: (() => void)[] = [];

/** Waits for the next macrotask: the default pause between slices where there is no view. */
export function nextTask(): Promise<void> {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel!.port2.postMessage(null);
  });
}

interface Run {
  runId: string;
  replyId: string;
  threadId: string;
  abort: AbortController;
  ended: boolean;
  /** Settles when the run has ended. */
  finished: Promise<void>;
  /** Subagent activity is recorded in this reply. */
  activity: boolean;
  markFinished: () => void;
  /** Answers to a reply's interrupts, sent with the run's first request. */
  resume?: { replyId: string; entries: ResumeEntry[] };
  /** Why the run's first request is made; the requests after client tools continue the reply. */
  trigger: ChatRunTrigger;
}

/** `ask_user` calls of the last reply still waiting for the person. */
export function openAsks(turns: readonly Turn[]): ToolCallPart[] {
  const reply = lastReply(turns);
  if (!reply || reply.status === 'streaming') return [];
  return reply.parts.filter((part): part is ToolCallPart => part.kind === 'tool-call' && part.status === 'running' && !!part.ask && !part.ask.outcome);
}

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
   * Adds the person's message and runs the agent. Returns false (and does nothing) while a reply
   * streams or input is held. `ask_user` calls still waiting are answered "deferred": the
   * message, in the same run, is the person's answer.
   */
  send(text: string, source?: MessageSource): boolean {
    if (this.busy || this.held) return false;
    // Interrupts that expired unanswered are addressed as cancelled by the run the message starts.
    const paused = lastReply(this.current.turns);
    const expired = paused && resumeEntries(paused);
    this.dispatch({ type: 'interrupts-expired', now: Date.now() }, false);
    for (const call of openAsks(this.current.turns)) {
      this.dispatch({ type: 'ask-result', toolCallId: call.id, ask: { ...call.ask!, outcome: 'deferred' }, content: DEFERRED_RESULT }, false);
    }
    this.dispatch({ type: 'user-message', id: newId(), text, source }, false);
    void this.runReply(expired ? { resume: { replyId: paused.id, entries: expired } } : {});
    return true;
  }

  /**
   * The person's answers to an `ask_user` call waiting in its card. Once no call of the reply
   * waits any more, the reply goes on with them. False when the call is not waiting for a form
   * or the answers do not fit its questions.
   */
  answerQuestion(toolCallId: string, answers: Answers): boolean {
    if (this.busy) return false;
    const call = openAsks(this.current.turns).find((part) => part.id === toolCallId);
    if (!call || call.ask!.by !== 'form') return false;
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
    if (openAsks(this.current.turns).length === 0) void this.runReply({ continueReply: lastReply(this.current.turns)!.id });
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
    this.dispatch({ type: 'user-message', id: messageId, text }, false);
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

  /** Applies a change that does not come from a run (an app card's resource, a reply the page adds). */
  update(action: Extract<Action, { type: 'app-update' | 'append-reply' | 'reset' }>): void {
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

  private dispatch(action: Action, fromWire: boolean): void {
    const next = reduce(this.current, action);
    if (next === this.current) return;
    this.current = next;
    this.listener.changed(next, fromWire);
  }

  /**
   * Runs a new reply, or continues one (`continueReply`: after the person answered what it asked).
   * `resume` answers a reply's interrupts with the run's first request.
   */
  private async runReply({
    continueReply,
    resume,
    trigger,
    reconnect,
  }: { continueReply?: string; resume?: Run['resume']; trigger?: ChatRunTrigger; reconnect?: ChatTransport['reconnect'] } = {}): Promise<void> {
    const setup = this.setup();
    let markFinished!: () => void;
    const finished = new Promise<void>((resolve) => (markFinished = resolve));
    const run: Run = {
      runId: newId(),
      replyId: continueReply ?? newId(),
      threadId: setup.threadId,
      abort: new AbortController(),
      ended: false,
      finished,
      markFinished,
      activity: setup.activity?.() ?? true,
      resume,
      trigger: trigger ?? (continueReply ? { kind: 'continue', replyId: continueReply } : { kind: 'message' }),
    };
    this.run = run;
    clearTimeout(this.expiryTimer);
    this.dispatch({ type: continueReply ? 'reply-resume' : 'reply-start', replyId: run.replyId, runId: run.runId }, false);
    await this.lastEnd;
    if (run.ended) return;
    this.listener.responseStart({ runId: run.runId, threadId: run.threadId });

    if ('problem' in setup) {
      this.dispatch({ type: 'run-error', error: setup.problem }, false);
    } else {
      let prepared = true;
      try {
        await setup.prepare?.();
      } catch (error) {
        // E.g. the earlier turns of the thread could not be read: no request with part of the history.
        prepared = false;
        if (!run.ended) this.dispatch({ type: 'run-error', error: { kind: 'config', message: error instanceof Error ? error.message : String(error) } }, false);
      }
      for (let round = 0; prepared && !run.ended; round++) {
        await this.consume(setup.transport, this.request(run, setup), run, setup, round === 0 ? reconnect : undefined);
        if (run.ended || !(await this.answerClientTools(run, setup.clientTools, round))) break;
        run.trigger = { kind: 'continue', replyId: run.replyId };
      }
    }

    if (run.ended) return;
    if (this.run === run) this.run = undefined;
    const reply = this.reply(run);
    if (reply?.status === 'error' && reply.error) this.listener.error({ ...reply.error, runId: run.runId });
    this.finish(run, reply?.status === 'error' || reply?.status === 'cancelled' ? reply.status : 'done');
  }

  private request(run: Run, { clientTools, context, forwardedProps }: RunSetup): RunRequest {
    const request: RunRequest = {
      threadId: run.threadId,
      runId: run.runId,
      // The reply under way is part of the history only when it continues after client tools.
      messages: historyFromTurns(this.requestTurns(run)),
      tools: clientTools?.definitions() ?? [],
      context: context?.() ?? [],
      state: this.current.agentState ?? {},
      forwardedProps: forwardedProps?.() ?? {},
    };
    if (run.resume) request.resume = run.resume.entries;
    return request;
  }

  private reply(run: Run): AssistantTurn | undefined {
    return this.current.turns.find((turn): turn is AssistantTurn => turn.id === run.replyId);
  }

  /**
   * After a run that finished with calls left to the client: runs those the page's client tools
   * handle and resumes the reply in a new run (true). Calls nothing here answers are marked not
   * completed (the model is told so in the next run's history); with none answered, the reply ends.
   */
  private async answerClientTools(run: Run, clientTools: ClientTools | undefined, round: number): Promise<boolean> {
    const reply = this.reply(run);
    const pendingIds = new Set(reply?.status === 'done' ? reply.outcome?.pendingToolCallIds ?? [] : []);
    const pending = (reply?.parts ?? []).filter(
      (part): part is Extract<typeof part, { kind: 'tool-call' }> => part.kind === 'tool-call' && pendingIds.has(part.id) && part.status === 'running',
    );
    if (pending.length === 0) return false;
    const answerable = clientTools && round < MAX_CLIENT_TOOL_ROUNDS ? pending.filter((call) => clientTools.handles(call.name)) : [];
    const unanswered = pending.filter((call) => !answerable.includes(call));
    if (unanswered.length) {
      const reason = round >= MAX_CLIENT_TOOL_ROUNDS ? `The reply asked for client tools more than ${MAX_CLIENT_TOOL_ROUNDS} times.` : 'No tool in this chat answers this call.';
      this.dispatch({ type: 'tool-calls-unanswered', toolCallIds: unanswered.map((call) => call.id), reason }, false);
    }
    if (answerable.length === 0) return false;

    run.runId = newId();
    this.dispatch({ type: 'reply-resume', replyId: run.replyId, runId: run.runId }, false);
    const { signal } = run.abort;
    const results = await Promise.all(
      answerable.map((call) => {
        // A call whose arguments never arrived whole, or are not JSON, is not run on a guess.
        const { args, argsInvalid } = call.args !== undefined ? call : parseArgs(call.argsText);
        if (argsInvalid || call.argsInvalid) {
          const why = call.argsTooDeep ? `nest more than ${MAX_DEPTH} levels deep` : 'are not valid JSON';
          return Promise.resolve<ClientToolResult>({ content: `The call was not run: its arguments ${why}.`, isError: true });
        }
        return clientTools!
          .run({ toolCallId: call.id, name: call.name, arguments: args ?? {} }, signal)
          .catch((error: unknown): ClientToolResult => ({ content: `The tool failed: ${reason(error)}`, isError: true }));
      }),
    );
    if (signal.aborted || run.ended) return false;
    const waiting: string[] = [];
    answerable.forEach((call, i) => {
      const { app, ask, waitFor, content, isError } = results[i];
      if (app) this.dispatch({ type: 'app-update', partId: call.id, app }, false);
      if (waitFor) {
        waiting.push(call.id);
        this.dispatch({ type: 'ask-open', toolCallId: call.id, by: waitFor }, false);
      } else if (ask) {
        this.dispatch({ type: 'ask-result', toolCallId: call.id, ask, content, isError }, false);
      } else {
        // The widget ran the call: what it returned goes to the model, if only an empty text.
        this.dispatch({ type: 'tool-call-result', toolCallId: call.id, content: content ?? '', isError }, false);
      }
    });
    if (waiting.length === 0) return true;
    // The person answers later: the reply pauses here, its waiting calls pending.
    this.dispatch({ type: 'reply-wait', toolCallIds: waiting }, false);
    return false;
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

  /** The turns a request is made from: the reply under way is among them once it has something to continue. */
  private requestTurns(run: Run): Turn[] {
    return this.current.turns.filter((turn) => turn.id !== run.replyId || this.reply(run)!.parts.length > 0);
  }

  private async consume(
    transport: ChatTransport,
    request: RunRequest,
    run: Run,
    { clientTools, activity }: RunSetup,
    reconnect?: ChatTransport['reconnect'],
  ): Promise<void> {
    const { signal } = run.abort;
    const announced = new Set<string>();
    let sliceStart = performance.now();
    let iterator: AsyncIterator<unknown> | undefined;
    /** A picked-up reply starts over with the first event (the stream comes again from its start). */
    let restart = reconnect !== undefined;
    let chunked = false;
    try {
      const reply = this.reply(run)!;
      const events = reconnect
        ? reconnect.call(transport, { signal, threadId: run.threadId, reply })
        : transport.run(request, { signal, turns: this.requestTurns(run), trigger: run.trigger });
      iterator = events[Symbol.asyncIterator]();
      for (;;) {
        let step: IteratorResult<unknown>;
        try {
          step = await iterator.next();
        } catch (error) {
          if (!(await pageStays(signal))) return;
          this.fail('network', `The connection to the agent failed: ${reason(error)}`);
          return;
        }
        if (signal.aborted) return;
        let event = boundEvent(step.value as ChatEvent) as Action & { type: string; subagentRunId?: string };
        if (restart) {
          // Nothing to pick up (or it could not be): the reply stays as it was, stopped.
          if (step.done || event.type === 'run-error') {
            if (!step.done) console.warn('<agent-chat>: the reply could not be picked up:', (event as { error?: ReplyError }).error?.message);
            this.dispatch({ type: 'reply-stop' }, false);
            return;
          }
          restart = false;
          this.dispatch({ type: 'reply-clear', replyId: run.replyId }, false);
        }
        if (step.done) break;
        if (event.type === 'run-finished' && !event.subagentRunId) event = this.withPendingCalls(event, run, request);
        if (event.type === 'run-error' && (event as { error?: ReplyError }).error?.kind === 'network' && !(await pageStays(signal))) return;
        if (event.subagentRunId) {
          // What subagents do (their starts and ends included) is kept only while activity is shown.
          if (run.activity && activity && !activity()) run.activity = false;
          if (!run.activity) continue;
        }
        this.dispatch(event, true);
        if (event.type === 'run-started' && run.resume) {
          // The backend took the answers: they are no longer the person's to change or send again.
          const { replyId, entries } = run.resume;
          this.dispatch({ type: 'interrupts-sent', replyId, interruptIds: entries.map((entry) => entry.interruptId) }, true);
          run.resume = undefined;
        }
        if (event.type === 'tool-call-start') {
          // A call of a tool with an app gets its app at once: it can show the arguments as they stream.
          const app = clientTools?.appFor?.(event.name);
          if (app) this.dispatch({ type: 'app-update', partId: event.toolCallId, app }, true);
        }
        if (event.type === 'custom') this.listener.custom?.(event.name, event.value);
        if (event.type === 'tool-call-end' || event.type === 'tool-call-result') {
          this.announceToolCall((event as { toolCallId: string }).toolCallId, request.runId, announced);
        }
        if (event.type === 'run-finished' || event.type === 'run-error' || event.type === 'run-stopped') return;
        // A transport that keeps its own record of the reply ends each chunk's events with it: no pause in between.
        if (event.type === 'wire-snapshot') chunked = true;
        if ((!chunked || event.type === 'wire-snapshot') && performance.now() - sliceStart > SLICE_MS) {
          await this.pause();
          if (signal.aborted) return;
          sliceStart = performance.now();
        }
      }
    } catch (error) {
      // Not the connection: something in applying what arrived.
      if (!signal.aborted) this.fail('protocol', `The reply could not be processed: ${reason(error)}`);
      return;
    } finally {
      if (signal.aborted) void iterator?.return?.(undefined);
    }
    if (!signal.aborted) this.fail('protocol', 'The agent stopped sending before the reply finished.');
  }

  /** A run's end, naming the calls it leaves to the widget even when the backend did not. */
  private withPendingCalls<E extends Extract<Action, { type: 'run-finished' }>>(event: E, run: Run, request: RunRequest): E {
    const pending = pendingClientCalls(this.reply(run), event.outcome, request.tools.map((tool) => tool.name));
    if (pending.length === 0 || pending === event.outcome?.pendingToolCallIds) return event;
    return { ...event, outcome: { ...event.outcome, type: 'success', pendingToolCallIds: pending } };
  }

  private fail(kind: ReplyError['kind'], message: string): void {
    this.dispatch({ type: 'run-error', error: { kind, message } }, true);
  }

  /** `agent-chat-tool-call` fires once per call, when its arguments are complete. */
  private announceToolCall(toolCallId: string, runId: string, announced: Set<string>): void {
    if (announced.has(toolCallId)) return;
    const reply = this.current.turns[this.current.turns.length - 1];
    if (reply?.role !== 'assistant') return;
    const call = reply.parts.find((part) => part.kind === 'tool-call' && part.id === toolCallId);
    if (!call || call.kind !== 'tool-call') return;
    announced.add(toolCallId);
    this.listener.toolCall({ toolCallId, name: call.name, arguments: call.args ?? call.argsText, runId });
  }
}

/**
 * Whether the page is still there a task after a connection broke (and the run was not stopped
 * meanwhile). A page that goes away (a reload, a navigation) breaks its connections as it unloads,
 * before its `pagehide` listeners run: that is not the agent failing, and the task after never
 * comes, so the reply is kept as it was shown (still streaming) and comes back stopped.
 */
async function pageStays(signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  await nextTask();
  return !signal.aborted;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function replyText(reply: AssistantTurn | undefined): string {
  if (!reply) return '';
  return reply.parts
    .filter((part) => part.kind === 'text' && !part.subagentRunId)
    .map((part) => (part.kind === 'text' ? part.text : ''))
    .join('\n\n');
}
