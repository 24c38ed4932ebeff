/** The request a run makes of the transport: the history so far, the tools offered, the context. */
import { encodeAttachments } from '../conversation/attachment-wire.js';
import { historyFromTurns } from '../conversation/history.js';
import { replyById } from '../conversation/selectors.js';
import type { ConversationState, Turn } from '../conversation/types.js';
import type { RunRequest } from '../protocol/contract.js';
import type { Run, RunSetup } from './reply-run.js';

/** The turns a request is made from: the reply under way is among them once it has something to continue. */
export function requestTurns(turns: readonly Turn[], run: Run): Turn[] {
  return turns.filter((turn) => turn.id !== run.replyId || replyById(turns, run.replyId)!.parts.length > 0);
}

/**
 * The run's next request. Every request carries the whole history, files included (as `useChat`
 * sends them): the person's files are read first, once each (attachment-wire.ts).
 */
export async function runRequest(run: Run, setup: RunSetup, state: () => ConversationState): Promise<RunRequest> {
  await encodeAttachments(state().turns);
  return requestNow(run, setup, state());
}

function requestNow(run: Run, { clientTools, context, forwardedProps }: RunSetup, state: ConversationState): RunRequest {
  const request: RunRequest = {
    threadId: run.threadId,
    runId: run.runId,
    // The reply under way is part of the history only when it continues after client tools.
    messages: historyFromTurns(requestTurns(state.turns, run)),
    tools: clientTools?.definitions() ?? [],
    context: context?.() ?? [],
    state: state.agentState ?? {},
    forwardedProps: forwardedProps?.() ?? {},
  };
  if (run.resume) request.resume = run.resume.entries;
  return request;
}
