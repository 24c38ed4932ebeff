/**
 * A reply's stream, applied to the conversation: each run's request to the transport, what comes
 * back through the whole reducer (wire events included) in slices between which the view draws,
 * and the client-tool round trips that continue the reply. A chunk of its own, loaded as the chat
 * starts or by the first reply (`reply-stream-loader.ts`): a first screen sends nothing.
 */
import { boundEvent } from '../conversation/depth.js';
import { reduce, type Action } from '../conversation/reducer.js';
import { lastReply, replyById, toolCallById } from '../conversation/selectors.js';
import type { ChatBatchedTransport, ChatReconnectOptions, ChatRunOptions, ChatTransport, ConversationState } from '../conversation/types.js';
import { errorText } from '../internal/errors.js';
import { newId } from '../internal/ids.js';
import type { ChatEvent, ReplyError, RunRequest } from '../protocol/contract.js';
import type { SessionListener } from './session-listener.js';
import { answerClientCalls, approvalOf, withPendingCalls, type Approvals } from './client-round-trip.js';
import type { ClientTools } from './client-tools.js';
import { requestTurns, runRequest } from './run-request.js';
import type { Run, RunSetup } from './reply-run.js';
import { pageStays, sliceFor } from './time-slices.js';

/**
 * A run's events (or, with `reconnect` options, a picked-up reply's) a network read at a time where
 * the transport gives them so, else one by one (a page's own transport).
 */
function eventBatches(
  transport: ChatTransport & Partial<ChatBatchedTransport>,
  reconnect: ChatReconnectOptions | undefined,
  request: RunRequest,
  options: ChatRunOptions,
): AsyncIterable<readonly unknown[]> {
  const batches = reconnect ? transport.reconnectBatches?.(reconnect) : transport.runBatches?.(request, options);
  return batches ?? oneByOne(reconnect ? transport.reconnect!(reconnect) : transport.run(request, options));
}

async function* oneByOne(events: AsyncIterable<ChatEvent>): AsyncGenerator<readonly ChatEvent[]> {
  for await (const event of events) yield [event];
}

/** What the stream needs of the session it runs in. */
export interface StreamHost {
  /** The conversation now. */
  state(): ConversationState;
  /** Makes `state` the conversation (`fromWire`: by a streamed event). */
  show(state: ConversationState, fromWire: boolean): void;
  /** What to wait for between slices of streamed events. */
  pause(): Promise<void>;
  readonly listener: Pick<SessionListener, 'custom' | 'toolCall'>;
}

/**
 * Runs `run` on the transport until the reply ends: one request, then one more after each round of
 * client tools that answered calls. `reconnect` picks up a reply that was streaming (first round only).
 */
export async function streamReply(host: StreamHost, run: Run, setup: RunSetup & { transport: ChatTransport }, reconnect?: ChatTransport['reconnect']): Promise<void> {
  const stream = new ReplyStream(host, run, setup);
  // The person approved (or denied) calls of page tools: they run first, then the reply goes on with their results.
  const approvals = stream.takeLocalAnswers();
  if (approvals) await stream.answerClientTools(0, approvals);
  for (let round = 0; !run.ended; round++) {
    await stream.consume(await runRequest(run, setup, () => host.state()), round === 0 ? reconnect : undefined);
    if (run.ended || !(await stream.answerClientTools(round, undefined, round === 0 && reconnect !== undefined))) break;
    run.trigger = { kind: 'continue', replyId: run.replyId };
  }
}

class ReplyStream {
  constructor(
    private readonly host: StreamHost,
    private readonly run: Run,
    private readonly setup: RunSetup & { transport: ChatTransport },
  ) {}

  private dispatch(action: Action, fromWire: boolean): void {
    const next = reduce(this.host.state(), action);
    if (next !== this.host.state()) this.host.show(next, fromWire);
  }

  private reply() {
    return replyById(this.host.state().turns, this.run.replyId);
  }

  /**
   * The answers to the chat's own approvals (page tools' calls) are acted on here, not sent: they
   * leave `resume` (which keeps the backend's) and are marked done.
   */
  takeLocalAnswers(): Approvals | undefined {
    const { run } = this;
    const local = new Map((this.reply()?.interrupts ?? []).filter((entry) => entry.local && !entry.sent).map((entry) => [entry.interrupt.id, entry]));
    const answers = run.resume?.entries.filter((entry) => local.has(entry.interruptId)) ?? [];
    if (!run.resume || answers.length === 0) return undefined;
    const remote = run.resume.entries.filter((entry) => !local.has(entry.interruptId));
    this.dispatch({ type: 'interrupts-sent', replyId: run.replyId, interruptIds: answers.map((entry) => entry.interruptId) }, false);
    run.resume = remote.length ? { ...run.resume, entries: remote } : undefined;
    return new Map(
      answers.map((answer) => {
        const { interrupt, runId } = local.get(answer.interruptId)!;
        return [interrupt.toolCallId!, { ...approvalOf(answer), ...(runId ? { runId } : {}) }];
      }),
    );
  }

  /** The client-tool round trip after a request (client-round-trip.ts): true when the reply goes on in a new run. */
  answerClientTools(round: number, approvals?: Approvals, pickedUp = false): Promise<boolean> {
    const { run } = this;
    return answerClientCalls(
      this.reply(),
      this.setup.clientTools,
      round,
      {
        signal: run.abort.signal,
        threadId: run.threadId,
        ended: () => run.ended,
        continueReply: () => {
          run.runId = newId();
          this.dispatch({ type: 'reply-resume', replyId: run.replyId, runId: run.runId }, false);
        },
        record: (action) => this.dispatch(action, false),
      },
      approvals,
      pickedUp,
    );
  }

  async consume(request: RunRequest, reconnect?: ChatTransport['reconnect']): Promise<void> {
    const { run, host } = this;
    const { transport, clientTools, activity } = this.setup;
    const { signal } = run.abort;
    /** Calls announced (`agent-chat-tool-call`) for this request. */
    const announced = new Set<string>();
    /** When the first event came: the time before it is the backend's, not a slice's. */
    let firstEventAt: number | undefined;
    let sliceStart = 0;
    let iterator: AsyncIterator<readonly unknown[]> | undefined;
    /** A picked-up reply starts over with the first event (the stream comes again from its start). */
    let restart = reconnect !== undefined;
    let chunked = false;
    try {
      const reply = this.reply()!;
      iterator = eventBatches(transport as ChatTransport & Partial<ChatBatchedTransport>, reconnect ? { signal, threadId: run.threadId, reply } : undefined, request, {
        signal,
        turns: requestTurns(host.state().turns, run),
        trigger: run.trigger,
      })[Symbol.asyncIterator]();
      for (;;) {
        let step: IteratorResult<readonly unknown[]>;
        // Stopped by a listener of the batch's last event: no more is asked for.
        if (signal.aborted) return;
        try {
          step = await iterator.next();
        } catch (error) {
          if (!(await pageStays(signal))) return;
          this.fail('network', `The connection to the agent failed: ${errorText(error)}`);
          return;
        }
        if (signal.aborted) return;
        if (step.done) {
          // Nothing to pick up: the reply stays as it was, stopped.
          if (restart) this.dispatch({ type: 'reply-stop' }, false);
          if (restart) return;
          break;
        }
        for (const value of step.value) {
          // Stopped by a listener of an event earlier in the batch: nothing after it is taken in.
          if (signal.aborted) return;
          if (firstEventAt === undefined) sliceStart = firstEventAt = performance.now();
          let event = boundEvent(value as ChatEvent) as Action & { type: string; subagentRunId?: string };
          if (restart) {
            // It could not be picked up: the reply stays as it was, stopped.
            if (event.type === 'run-error') {
              console.warn('<agent-chat>: the reply could not be picked up:', (event as { error?: ReplyError }).error?.message);
              this.dispatch({ type: 'reply-stop' }, false);
              return;
            }
            restart = false;
            this.dispatch({ type: 'reply-clear', replyId: run.replyId }, false);
          }
          if (event.type === 'run-finished' && !event.subagentRunId)
            event = withPendingCalls(
              event,
              this.reply(),
              request.tools.map((tool) => tool.name),
            );
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
          if (event.type === 'tool-call-start') this.showApp(event.toolCallId, event.name, clientTools);
          if (event.type === 'custom') host.listener.custom?.(event.name, event.value);
          if (event.type === 'tool-call-end' || event.type === 'tool-call-result') this.announceToolCall((event as { toolCallId: string }).toolCallId, request.runId, announced);
          if (event.type === 'run-finished' || event.type === 'run-error' || event.type === 'run-stopped') return;
          // A transport that keeps its own record of the reply sends it after a chunk's events: pauses come only after it.
          if (event.type === 'wire-snapshot') chunked = true;
          if ((!chunked || event.type === 'wire-snapshot') && performance.now() - sliceStart > sliceFor(sliceStart - firstEventAt)) {
            await host.pause();
            if (signal.aborted) return;
            sliceStart = performance.now();
          }
        }
      }
    } catch (error) {
      // Not the connection: something in applying what arrived.
      if (!signal.aborted) this.fail('protocol', `The reply could not be processed: ${errorText(error)}`);
      return;
    } finally {
      if (signal.aborted) void iterator?.return?.(undefined);
    }
    if (!signal.aborted) this.fail('protocol', 'The agent stopped sending before the reply finished.');
  }

  /** A call of a tool with an app gets its app at once: it can show the arguments as they stream. */
  private showApp(toolCallId: string, name: string, clientTools: ClientTools | undefined): void {
    const app = clientTools?.appFor?.(name);
    if (app) this.dispatch({ type: 'app-update', partId: toolCallId, app }, true);
  }

  private fail(kind: ReplyError['kind'], message: string): void {
    this.dispatch({ type: 'run-error', error: { kind, message } }, true);
  }

  /** `agent-chat-tool-call` fires once per call, when its arguments are complete. */
  private announceToolCall(toolCallId: string, runId: string, announced: Set<string>): void {
    if (announced.has(toolCallId)) return;
    const reply = lastReply(this.host.state().turns);
    const call = reply && toolCallById(reply, toolCallId);
    if (!call) return;
    announced.add(toolCallId);
    this.host.listener.toolCall({ toolCallId, name: call.name, arguments: call.args ?? call.argsText, runId });
  }
}
