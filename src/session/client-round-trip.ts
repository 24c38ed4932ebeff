/**
 * The client-tool round trip of a reply: a run that finishes with calls left to the widget has
 * those its client tools handle run here, and the same reply goes on in a new run whose history
 * carries their results. Calls nothing here answers are marked not completed (the model is told so
 * in the next run's history); calls that wait for the person pause the reply.
 */
import { MAX_DEPTH } from '../conversation/depth.js';
import { parseArgs } from '../conversation/history.js';
import type { Action } from '../conversation/reducer.js';
import type { AssistantTurn, ToolCallPart } from '../conversation/types.js';
import { errorText } from '../internal/errors.js';
import { newId } from '../internal/ids.js';
import type { ResumeEntry } from '../protocol/contract.js';
import { pendingClientCalls, type ClientToolCall, type ClientToolResult, type ClientTools } from './client-tools.js';

/** How many times one reply may go back to the backend with answers to its client-tool calls. */
export const MAX_CLIENT_TOOL_ROUNDS = 10;

/** What a round trip needs of the run it belongs to. */
export interface RoundTripRun {
  readonly signal: AbortSignal;
  readonly threadId: string;
  /** The run was stopped meanwhile: nothing more is recorded. */
  ended(): boolean;
  /** The reply goes on in a new run: it streams again while its calls run. */
  continueReply(): void;
  /** Applies a change to the conversation. */
  record(action: Action): void;
}

/** The person's answers to the approvals the reply waited for, by tool call id, with the run that made each call. */
export type Approvals = ReadonlyMap<string, NonNullable<ClientToolCall['approval']> & { runId?: string }>;

/** What the person decided on the chat's own approval, from its answer: approved only when it says so. */
export function approvalOf(entry: ResumeEntry): NonNullable<ClientToolCall['approval']> {
  const { payload } = entry;
  const object = payload && typeof payload === 'object' ? (payload as { approved?: unknown; reason?: unknown }) : undefined;
  const approved = entry.status === 'resolved' && (payload === true || object?.approved === true);
  return { approved, ...(typeof object?.reason === 'string' && object.reason ? { reason: object.reason } : {}) };
}

/**
 * Runs the calls `reply` (just finished) left to the client that `clientTools` handle and records
 * their results. True when the reply should go on with them in a new run; false when there was
 * nothing to answer, the run was stopped meanwhile, or the reply now waits for the person. With
 * `approvals`, the reply has already gone on: the calls run are those the person answered.
 */
export async function answerClientCalls(
  reply: AssistantTurn | undefined,
  clientTools: ClientTools | undefined,
  round: number,
  run: RoundTripRun,
  approvals?: Approvals,
  pickedUp = false,
): Promise<boolean> {
  const pendingIds = new Set(approvals ? approvals.keys() : reply?.status === 'done' ? (reply.outcome?.pendingToolCallIds ?? []) : []);
  const pending = (reply?.parts ?? []).filter((part): part is ToolCallPart => part.kind === 'tool-call' && pendingIds.has(part.id) && part.status === 'running');
  if (pending.length === 0) return false;
  const ids = { threadId: run.threadId, runId: reply?.runId, ...(pickedUp ? { pickedUp } : {}) };
  const answerable = clientTools && round < MAX_CLIENT_TOOL_ROUNDS ? pending.filter((call) => clientTools.handles(call.name)) : [];
  const unanswered = pending.filter((call) => !answerable.includes(call));
  if (unanswered.length) {
    const reason = round >= MAX_CLIENT_TOOL_ROUNDS ? `The reply asked for client tools more than ${MAX_CLIENT_TOOL_ROUNDS} times.` : 'No tool in this chat answers this call.';
    run.record({ type: 'tool-calls-unanswered', toolCallIds: unanswered.map((call) => call.id), reason });
  }
  if (answerable.length === 0) return false;

  if (!approvals) run.continueReply();
  const { signal } = run;
  const results = await Promise.all(
    answerable.map((call) => {
      const approval = approvals?.get(call.id);
      // An approved call runs in a later run than the one that made it: the handler hears of that one.
      return runCall(clientTools!, call, signal, { ...ids, ...(approval?.runId ? { runId: approval.runId } : {}), approval });
    }),
  );
  if (signal.aborted || run.ended()) return false;
  const waiting: string[] = [];
  answerable.forEach((call, i) => {
    const { app, ask, waitFor, content, isError, cancelled, mcp } = results[i];
    if (app) run.record({ type: 'app-update', partId: call.id, app });
    if (mcp) run.record({ type: 'tool-call-mcp', toolCallId: call.id, mcp });
    if (waitFor) {
      waiting.push(call.id);
      run.record(
        waitFor === 'approval'
          ? { type: 'approval-open', toolCallId: call.id, interruptId: `agent-chat-approval-${newId()}`, ...(ids.runId ? { runId: ids.runId } : {}) }
          : { type: 'ask-open', toolCallId: call.id, by: waitFor },
      );
    } else if (ask) {
      run.record({ type: 'ask-result', toolCallId: call.id, ask, content, isError });
    } else {
      // The widget ran the call: what it returned goes to the model, if only an empty text.
      run.record({ type: 'tool-call-result', toolCallId: call.id, content: content ?? '', isError, ...(cancelled ? { cancelled } : {}) });
    }
  });
  if (waiting.length === 0) return true;
  // The person answers later: the reply pauses here, its waiting calls pending.
  run.record({ type: 'reply-wait', toolCallIds: waiting });
  return false;
}

/** Runs one call; a failure (or arguments not fit to run on) becomes an error result for the model. */
function runCall(
  clientTools: ClientTools,
  call: ToolCallPart,
  signal: AbortSignal,
  context: Pick<ClientToolCall, 'threadId' | 'runId' | 'approval' | 'pickedUp'>,
): Promise<ClientToolResult> {
  // A call whose arguments never arrived whole, or are not JSON, is not run on a guess.
  const { args, argsInvalid } = call.args !== undefined ? call : parseArgs(call.argsText);
  if (argsInvalid || call.argsInvalid) {
    const why = call.argsTooDeep ? `nest more than ${MAX_DEPTH} levels deep` : 'are not valid JSON';
    return Promise.resolve({ content: `The call was not run: its arguments ${why}.`, isError: true });
  }
  return clientTools
    .run({ toolCallId: call.id, name: call.name, arguments: args ?? {}, ...context }, signal)
    .catch((error: unknown): ClientToolResult => ({ content: `The tool failed: ${errorText(error)}`, isError: true }));
}

/** A run's end, naming the calls it leaves to the widget even when the backend did not. */
export function withPendingCalls<E extends Extract<Action, { type: 'run-finished' }>>(event: E, reply: AssistantTurn | undefined, offered: readonly string[]): E {
  const pending = pendingClientCalls(reply, event.outcome, offered);
  if (pending.length === 0 || pending === event.outcome?.pendingToolCallIds) return event;
  return { ...event, outcome: { ...event.outcome, type: 'success', pendingToolCallIds: pending } };
}
