/**
 * Runs the conversation: turns the person's intents (send, stop, retry) into runs on a transport
 * and feeds what comes back through the reducer. Knows no DOM; the element renders its state
 * and turns its notifications into public events.
 */
import type { ChatEvent, ReplyError } from './conversation/events.js';
import { historyFromTurns } from './conversation/history.js';
import { reduce, type Action } from './conversation/reducer.js';
import { emptyConversation, type AssistantTurn, type ConversationState } from './conversation/types.js';
import type { RunRequest, Transport } from './protocol/transport.js';

export type ReplyEndStatus = 'done' | 'error' | 'cancelled';

export interface SessionListener {
  /** The state changed; `fromWire` is true for streamed events (the view may batch those per frame). */
  changed(state: ConversationState, fromWire: boolean): void;
  responseStart(detail: { runId: string; threadId: string }): void;
  responseEnd(detail: { runId: string; threadId: string; status: ReplyEndStatus; text: string }): void;
  error(detail: ReplyError & { runId?: string }): void;
  toolCall(detail: { toolCallId: string; name: string; arguments: unknown; runId: string }): void;
}

export interface RunSetup {
  threadId: string;
  /** The transport to use, or the configuration problem that prevents running. */
  transport: Transport | ReplyError;
}

const newId = () => crypto.randomUUID();

/**
 * The longest stretch (ms) spent applying streamed events before the view gets to draw. A fast
 * backend's buffered stream would otherwise be read in one long task, with no frame in between.
 */
const SLICE_MS = 5;

/** Waits for the next macrotask: the default pause between slices where there is no view. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

export class ChatSession {
  private current: ConversationState = emptyConversation();
  private abort?: AbortController;

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
    return this.abort !== undefined;
  }

  /** Adds the person's message and runs the agent. Returns false when a reply is still streaming. */
  send(text: string): boolean {
    if (this.busy) return false;
    this.dispatch({ type: 'user-message', id: newId(), text }, false);
    void this.runReply();
    return true;
  }

  /** Aborts the reply under way; it stays, marked cancelled. */
  stop(): void {
    if (!this.abort) return;
    this.abort.abort();
    this.dispatch({ type: 'reply-stop' }, false);
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

  private dispatch(action: Action, fromWire: boolean): void {
    const next = reduce(this.current, action);
    if (next === this.current) return;
    this.current = next;
    this.listener.changed(next, fromWire);
  }

  private async runReply(): Promise<void> {
    const { threadId, transport } = this.setup();
    const runId = newId();
    const replyId = newId();
    const request: RunRequest = {
      threadId,
      runId,
      messages: historyFromTurns(this.current.turns),
      tools: [],
      context: [],
      state: this.current.agentState ?? {},
      forwardedProps: {},
    };
    const abort = new AbortController();
    this.abort = abort;
    this.dispatch({ type: 'reply-start', replyId, runId }, false);
    this.listener.responseStart({ runId, threadId });

    if ('kind' in transport) {
      this.dispatch({ type: 'run-error', error: transport }, false);
    } else {
      await this.consume(transport, request, abort.signal);
    }

    if (this.abort === abort) this.abort = undefined;
    const reply = this.current.turns.find((turn): turn is AssistantTurn => turn.id === replyId);
    const status: ReplyEndStatus = reply?.status === 'error' ? 'error' : reply?.status === 'cancelled' ? 'cancelled' : 'done';
    if (status === 'error' && reply?.error) this.listener.error({ ...reply.error, runId });
    this.listener.responseEnd({ runId, threadId, status, text: replyText(reply) });
  }

  private async consume(transport: Transport, request: RunRequest, signal: AbortSignal): Promise<void> {
    const announced = new Set<string>();
    let sliceStart = performance.now();
    try {
      for await (const event of transport.run(request, { signal })) {
        if (signal.aborted) return;
        this.dispatch(event, true);
        if (event.type === 'tool-call-end' || event.type === 'tool-call-result') this.announceToolCall(event.toolCallId, request.runId, announced);
        if (event.type === 'run-finished' || event.type === 'run-error') return;
        if (performance.now() - sliceStart > SLICE_MS) {
          await this.pause();
          if (signal.aborted) return;
          sliceStart = performance.now();
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      const reason = error instanceof Error ? error.message : String(error);
      this.dispatch({ type: 'run-error', error: { kind: 'network', message: `The connection to the agent failed: ${reason}` } }, true);
      return;
    }
    if (!signal.aborted) {
      this.dispatch(
        { type: 'run-error', error: { kind: 'protocol', message: 'The agent stopped sending before the reply finished.' } } satisfies ChatEvent,
        true,
      );
    }
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

function replyText(reply: AssistantTurn | undefined): string {
  if (!reply) return '';
  return reply.parts
    .filter((part) => part.kind === 'text' && !part.subagentRunId)
    .map((part) => (part.kind === 'text' ? part.text : ''))
    .join('\n\n');
}
