/**
 * Tools the widget itself answers (AG-UI client tools): offered with every run in
 * `RunAgentInput.tools`; when a run finishes with some of their calls pending, the widget runs them
 * and continues the same reply in a new run whose history carries the results.
 * The MCP servers of the page and the ask-user form are such tools.
 */
import type { AppInfo } from './mcp/types.js';
import type { ToolDefinition } from './protocol/transport.js';

export interface ClientToolCall {
  toolCallId: string;
  name: string;
  /** Parsed arguments ({} when there were none). */
  arguments: unknown;
}

export interface ClientToolResult {
  /** What the model receives: text, AG-UI content parts, or a JSON value. */
  content: unknown;
  isError?: boolean;
  /** What the call's app card learns from it (the full MCP result, or why it failed). */
  app?: Partial<AppInfo>;
}

export interface ClientTools {
  definitions(): ToolDefinition[];
  handles(name: string): boolean;
  /** The app a call of this tool shows in its card, known when the call starts. */
  appFor?(name: string): AppInfo | undefined;
  /** Runs one call. A rejection becomes an error result for the model. */
  run(call: ClientToolCall, signal: AbortSignal): Promise<ClientToolResult>;
}
