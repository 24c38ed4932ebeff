/**
 * Tools the widget itself answers (AG-UI client tools): offered with every run in
 * `RunAgentInput.tools`; when a run finishes with some of their calls pending, the widget runs them
 * and continues the same reply in a new run whose history carries the results.
 * The MCP servers of the page and the ask-user form are such tools.
 */
import type { RunOutcome } from '../protocol/contract.js';
import type { AskState, AssistantTurn } from '../conversation/types.js';
import type { AppInfo, McpCallRecord } from '../mcp/mcp-types.js';
import type { ToolDefinition } from '../protocol/contract.js';

export interface ClientToolCall {
  toolCallId: string;
  name: string;
  /** Parsed arguments ({} when there were none). */
  arguments: unknown;
  threadId?: string;
  /** The run that made the call. */
  runId?: string;
  /** The person's answer, when the tool asked for their approval first (`waitFor: 'approval'`). */
  approval?: { approved: boolean; reason?: string };
  /** The call came in a reply picked up after a reload, not one the person saw made: a page tool asks before it runs. */
  pickedUp?: boolean;
}

export interface ClientToolResult {
  /** What the model receives: text, AG-UI content parts, or a JSON value. */
  content: unknown;
  isError?: boolean;
  /** The person cancelled the call before it finished (its card shows Cancelled; `content` tells the model). */
  cancelled?: boolean;
  /** What the call's app card learns from it (the full MCP result, or why it failed). */
  app?: Partial<AppInfo>;
  /** A call run on one of the page's MCP servers: its result, kept on the call for its card. */
  mcp?: McpCallRecord;
  /**
   * The call is not answered yet: the person answers it later (in its card's form, or with their
   * next message). The reply pauses; `content` is ignored.
   */
  waitFor?: 'form' | 'message' | 'approval';
  /** For an `ask_user` call: how it was answered. */
  ask?: AskState;
}

export interface ClientTools {
  definitions(): ToolDefinition[];
  handles(name: string): boolean;
  /** The app a call of this tool shows in its card, known when the call starts. */
  appFor?(name: string): AppInfo | undefined;
  /** Runs one call. A rejection becomes an error result for the model. */
  run(call: ClientToolCall, signal: AbortSignal): Promise<ClientToolResult>;
}

/** Several sets of client tools as one; the first that handles a name runs it. */
export function combineClientTools(sets: readonly (ClientTools | undefined)[]): ClientTools {
  const present = sets.filter((set): set is ClientTools => set !== undefined);
  const owner = (name: string) => present.find((set) => set.handles(name));
  return {
    definitions: () => {
      const seen = new Set<string>();
      return present.flatMap((set) => set.definitions()).filter((tool) => !seen.has(tool.name) && !!seen.add(tool.name));
    },
    handles: (name) => owner(name) !== undefined,
    appFor: (name) => owner(name)?.appFor?.(name),
    run: (call, signal) => {
      const set = owner(call.name);
      return set ? set.run(call, signal) : Promise.reject(new Error(`No tool in this chat is called ${call.name}.`));
    },
  };
}

/**
 * The calls a finished run leaves to the widget. A backend may name them
 * (`outcome.pendingToolCallIds`); when it names none — absent or empty, as most servers send a
 * plain RUN_FINISHED — they are derived from the stream, as AG-UI 1.0 asks: every call of a tool
 * the run was offered that got no result in the run. A subagent's calls are its own.
 */
export function pendingClientCalls(reply: AssistantTurn | undefined, outcome: RunOutcome | undefined, offered: readonly string[]): string[] {
  if (outcome?.type === 'interrupt' || outcome?.type === 'cancelled') return outcome.pendingToolCallIds ?? [];
  if (outcome?.pendingToolCallIds?.length) return outcome.pendingToolCallIds;
  const names = new Set(offered);
  return (reply?.parts ?? [])
    .filter((part) => part.kind === 'tool-call' && part.status === 'running' && part.result === undefined && !part.subagentRunId && names.has(part.name))
    .map((part) => part.id);
}
