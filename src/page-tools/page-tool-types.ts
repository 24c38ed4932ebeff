/** The page's own tools and context, as the page gives them (`tools`, `context`). */
import type { ToolDisplay } from '../conversation/tool-display.js';

/** What a page tool's handler gets besides the arguments. */
export interface PageToolCallInfo {
  /** Aborts when the person presses Stop (the call then ends cancelled). */
  signal: AbortSignal;
  threadId: string;
  /** The run that made the call: AG-UI's `runId`; on the AI SDK the run the chat made the request in. */
  runId: string;
  toolCallId: string;
}

/** A function of the page the agent may call, run in the page when the model calls it. */
export interface PageTool {
  /** The tool's name for the model (letters, digits, `_` and `-`, at most 64). */
  name: string;
  description?: string;
  /** JSON Schema of the arguments (an object schema); the arguments are checked against it before `handler` runs. */
  parameters?: Record<string, unknown>;
  /** Runs the call: its JSON-serialisable return (or what its promise resolves to) is the result; a throw is an error result. */
  handler: (args: never, info: PageToolCallInfo) => unknown;
  /** Ask the person first (Approve / Deny on the call's card): `true`, or a function of the arguments. */
  confirm?: boolean | ((args: never) => boolean);
  /** Draws the call's card body (as `toolDisplay[name].render`, which wins when both are given). */
  render?: ToolDisplay['render'];
}

/** One thing the agent should know about the page, sent with every run. */
export interface PageContextEntry {
  description: string;
  value: unknown;
}

/** `context`: entries, or a function returning them (called at every run). */
export type PageContext = PageContextEntry[] | (() => PageContextEntry[]);
