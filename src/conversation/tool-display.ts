import type { ToolCallStatus } from './types.js';

/** What a card's renderer gets: the call as it stands (`result` parsed when it is JSON text). */
export interface ToolRenderInput {
  args: unknown;
  result: unknown;
  status: ToolCallStatus;
  error?: string;
}

/**
 * What a renderer of the page returns: a DOM node, a string of HTML (sanitized) or markdown, or
 * nothing (the default view is drawn).
 */
export type PageDrawing = Node | string | null | undefined;

/** Per-tool display options (the element's `toolDisplay` property, keyed by tool name). */
export interface ToolDisplay {
  /** Draws the card's body instead of the default view, on every change of the call and on restore. */
  render?: (call: ToolRenderInput) => PageDrawing;
  /** Card title instead of the tool's name. */
  title?: string;
  /** A short text or emoji shown before the title. */
  icon?: string;
  /** Start the card open (overrides the `tool-cards` attribute). */
  open?: boolean;
  /** Show the call's arguments (overrides `show-requests`). */
  showRequest?: boolean;
  /** Offer a full-screen view of the card's app (default true). */
  fullScreen?: boolean;
  /** Text shown when the card's app cannot be shown. */
  summary?: (args: unknown, result: unknown) => string;
  /** What the model receives from an MCP tool instead of its `structuredContent` or content. */
  valueFn?: (result: unknown, args: unknown) => unknown;
}

/** Card options a server suggests for its tool (`_meta["agent-chat"]`, else the tool's title). */
export function serverDisplay(tool: { title?: string; annotations?: { title?: string }; _meta?: Record<string, unknown> } | undefined): ToolDisplay {
  const own = tool?._meta?.['agent-chat'];
  const suggested = own && typeof own === 'object' ? (own as Record<string, unknown>) : {};
  const display: ToolDisplay = {};
  const title = suggested.title ?? tool?.title ?? tool?.annotations?.title;
  if (typeof title === 'string') display.title = title;
  if (typeof suggested.icon === 'string') display.icon = suggested.icon;
  for (const key of ['open', 'showRequest', 'fullScreen'] as const) {
    if (typeof suggested[key] === 'boolean') display[key] = suggested[key] as boolean;
  }
  if (typeof suggested.summary === 'string') {
    const text = suggested.summary;
    display.summary = () => text;
  }
  return display;
}
