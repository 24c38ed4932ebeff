/**
 * Tools the widget itself answers (AG-UI client tools): offered with every run in
 * `RunAgentInput.tools`; when a run finishes with some of their calls pending, the widget runs them
 * and continues the same reply in a new run whose history carries the results.
 * The MCP servers of the page and the ask-user form are such tools.
 */
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
}

export interface ClientTools {
  definitions(): ToolDefinition[];
  handles(name: string): boolean;
  /** Runs one call. A rejection becomes an error result for the model. */
  run(call: ClientToolCall, signal: AbortSignal): Promise<ClientToolResult>;
}
