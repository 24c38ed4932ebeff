/** One run of a reply as the session drives it (the request it makes of the transport: `run-request.ts`). */
import type { ChatRunTrigger, ChatTransport } from '../conversation/types.js';
import { newId } from '../internal/ids.js';
import type { ReplyError, ResumeEntry, RunRequest } from '../protocol/contract.js';
import type { ClientTools } from './client-tools.js';

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

export interface Run {
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

/** How a run begins: a new reply, or one that goes on (`continueReply`). */
export interface RunStart {
  continueReply?: string;
  resume?: Run['resume'];
  trigger?: ChatRunTrigger;
}

export function newRun(setup: RunSetup, { continueReply, resume, trigger }: RunStart): Run {
  let markFinished!: () => void;
  const finished = new Promise<void>((resolve) => (markFinished = resolve));
  return {
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
}
