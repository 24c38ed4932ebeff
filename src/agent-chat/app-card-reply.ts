/** A reply the page builds around one app card (`appendAppCard`). */
import type { ToolDisplay } from '../conversation/tool-display.js';
import type { AssistantTurn, ToolCallPart } from '../conversation/types.js';
import { newId } from '../internal/ids.js';
import type { McpCallResult } from '../mcp/mcp-types.js';

/** What `appendAppCard` takes. */
export interface AppendAppCardOptions {
  /** The `name` of the `<agent-chat-mcp-server>` (or `mcpServers` entry) with the tool. */
  source: string;
  tool: string;
  arguments?: Record<string, unknown>;
  /** The tool's result, when the page has it already: the tool is not called. */
  value?: McpCallResult;
  title?: string;
  icon?: string;
  open?: boolean;
  showRequest?: boolean;
  fullScreen?: boolean;
  /** Text shown above the card, as the reply's text. */
  text?: string;
}

/** The reply holding `call` (with the options' `text` above it). */
export function appCardReply(options: AppendAppCardOptions, call: ToolCallPart): AssistantTurn {
  const parts: AssistantTurn['parts'] = options.text ? [{ kind: 'text', id: newId(), text: options.text, streaming: false }, call] : [call];
  return { role: 'assistant', id: newId(), status: 'done', parts };
}

/** `toolDisplay` with the card options that were given for the options' tool, or undefined when none were. */
export function withCardDisplay(toolDisplay: Record<string, ToolDisplay>, options: AppendAppCardOptions): Record<string, ToolDisplay> | undefined {
  const display = { title: options.title, icon: options.icon, open: options.open, showRequest: options.showRequest, fullScreen: options.fullScreen };
  const defined = Object.fromEntries(Object.entries(display).filter(([, value]) => value !== undefined));
  if (!Object.keys(defined).length) return undefined;
  return { ...toolDisplay, [options.tool]: { ...toolDisplay[options.tool], ...defined } };
}
