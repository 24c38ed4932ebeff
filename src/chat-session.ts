/**
 * Runs the conversation: turns the person's intents (send, stop, retry) into runs on a transport
 * and feeds what comes back through the reducer. Knows no DOM; the element renders its state
 * and turns its notifications into public events.
 */
import type { ReplyError } from './conversation/events.js';
import { historyFromTurns } from './conversation/history.js';
import { reduce, type Action } from './conversation/reducer.js';
import { emptyConversation, type AssistantTurn, type ConversationState } from './conversation/types.js';
import type { ClientToolResult, ClientTools } from './client-tools.js';
import { newId } from './ids.js';
import type { RunRequest, Transport } from './protocol/transport.js';

export type ReplyEndStatus = 'done' | 'error' | 'cancelled';

export interface SessionListener {
  /** The state changed; `fromWire` is true for streamed events (the view may batch those per frame). */
  changed(state: ConversationState, fromWire: boolean): void;
  responseStart(detail: { runId: string; threadId: string }): void;
  /** The next run's `responseStart` waits for the promise this returns, so the two never cross. */
  responseEnd(detail: { runId: string; threadId: string; status: ReplyEndStatus; text: string }): void | Promise<void>;
  error(detail: ReplyError & { runId?: string }): void;
  toolCall(detail: { toolCallId: string; name: string; arguments: unknown; runId: string }): void;
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
} & ({ transport: Transport } | { problem: ReplyError });

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

  /** Adds the person's message and runs the agent. Returns false (and does nothing) while a reply streams. */
  send(text: string): boolean {
    if (this.busy) return false;
    this.dispatch({ type: 'user-message', id: newId(), text }, false);
    void this.runReply();
    return true;
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

  /** Replaces the last reply (failed, stopped or finished) with a new run of the same history. */
  retry(): boolean {
    if (this.busy) return false;
    const last = this.current.turns[this.current.turns.length - 1];
    if (!last) return false;
    if (last.role === 'assistant') this.dispatch({ type: 'reply-remove', replyId: last.id }, false);
    else if (last.role !== 'user') return false;
    void this.runReply();
    return true;
  }

  /** Applies a change that does not come from a run (an app card's resource, a reply the page adds). */
  update(action: Extract<Action, { type: 'app-update' | 'append-reply' | 'reset' }>): void {
    this.dispatch(action, false);
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

  private async runReply(): Promise<void> {
    const setup = this.setup();
    let markFinished!: () => void;
    const finished = new Promise<void>((resolve) => (markFinished = resolve));
    const run: Run = {
      runId: newId(),
      replyId: newId(),
      threadId: setup.threadId,
      abort: new AbortController(),
      ended: false,
      finished,
      markFinished,
      activity: setup.activity?.() ?? true,
    };
    this.run = run;
    this.dispatch({ type: 'reply-start', replyId: run.replyId, runId: run.runId }, false);
    await this.lastEnd;
    if (run.ended) return;
    this.listener.responseStart({ runId: run.runId, threadId: run.threadId });

    if ('problem' in setup) {
      this.dispatch({ type: 'run-error', error: setup.problem }, false);
    } else {
      await setup.prepare?.();
      for (let round = 0; !run.ended; round++) {
        await this.consume(setup.transport, this.request(run, setup), run, setup);
        if (run.ended || !(await this.answerClientTools(run, setup.clientTools, round))) break;
      }
    }

    if (run.ended) return;
    if (this.run === run) this.run = undefined;
    const reply = this.reply(run);
    if (reply?.status === 'error' && reply.error) this.listener.error({ ...reply.error, runId: run.runId });
    this.finish(run, reply?.status === 'error' ? 'error' : 'done');
  }

  private request(run: Run, { clientTools, context }: RunSetup): RunRequest {
    return {
      threadId: run.threadId,
      runId: run.runId,
      // The reply under way is part of the history only when it continues after client tools.
      messages: historyFromTurns(this.current.turns.filter((turn) => turn.id !== run.replyId || this.reply(run)!.parts.length > 0)),
      tools: clientTools?.definitions() ?? [],
      context: context?.() ?? [],
      state: this.current.agentState ?? {},
      forwardedProps: {},
    };
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
      answerable.map((call) =>
        clientTools!
          .run({ toolCallId: call.id, name: call.name, arguments: call.args ?? {} }, signal)
          .catch((error: unknown): ClientToolResult => ({ content: `The tool failed: ${reason(error)}`, isError: true })),
      ),
    );
    if (signal.aborted || run.ended) return false;
    answerable.forEach((call, i) => {
      const app = results[i].app;
      if (app) this.dispatch({ type: 'app-update', partId: call.id, app }, false);
      this.dispatch({ type: 'tool-call-result', toolCallId: call.id, content: results[i].content, isError: results[i].isError }, false);
    });
    return true;
  }

  /** Announces a run's end, once. */
  private finish(run: Run, status: ReplyEndStatus): void {
    if (run.ended) return;
    run.ended = true;
    run.markFinished();
    const reply = this.reply(run);
    const previous = this.lastEnd;
    this.lastEnd = previous
      .then(() => this.listener.responseEnd({ runId: run.runId, threadId: run.threadId, status, text: replyText(reply) }))
      .catch((error) => console.error('<agent-chat>: a response-end listener failed', error));
  }

  private async consume(transport: Transport, request: RunRequest, run: Run, { clientTools, activity }: RunSetup): Promise<void> {
    const { signal } = run.abort;
    const announced = new Set<string>();
    let sliceStart = performance.now();
    let iterator: AsyncIterator<unknown> | undefined;
    try {
      iterator = transport.run(request, { signal })[Symbol.asyncIterator]();
      for (;;) {
        let step: IteratorResult<unknown>;
        try {
          step = await iterator.next();
        } catch (error) {
          if (!signal.aborted) this.fail('network', `The connection to the agent failed: ${reason(error)}`);
          return;
        }
        if (signal.aborted) return;
        if (step.done) break;
        const event = step.value as Action & { type: string; subagentRunId?: string };
        if (event.subagentRunId) {
          // What subagents do (their starts and ends included) is kept only while activity is shown.
          if (run.activity && activity && !activity()) run.activity = false;
          if (!run.activity) continue;
        }
        this.dispatch(event, true);
        if (event.type === 'tool-call-start') {
          // A call of a tool with an app gets its app at once: it can show the arguments as they stream.
          const app = clientTools?.appFor?.(event.name);
          if (app) this.dispatch({ type: 'app-update', partId: event.toolCallId, app }, true);
        }
        if (event.type === 'tool-call-end' || event.type === 'tool-call-result') {
          this.announceToolCall((event as { toolCallId: string }).toolCallId, request.runId, announced);
        }
        if (event.type === 'run-finished' || event.type === 'run-error') return;
        if (performance.now() - sliceStart > SLICE_MS) {
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
