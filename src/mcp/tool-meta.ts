/**
 * What a tool's listing says about its app (MCP Apps spec): the UI resource, who may call it, and
 * the card options a server may suggest. Pure.
 */
import type { McpTool, UiResourceMeta } from './mcp-types.js';

function uiMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const ui = meta?.ui;
  return ui && typeof ui === 'object' ? (ui as Record<string, unknown>) : undefined;
}

/** The tool's `ui://` resource (`_meta.ui.resourceUri`, else the older `_meta["ui/resourceUri"]`). */
export function uiResourceUri(tool: McpTool | undefined): string | undefined {
  const isUi = (uri: unknown): uri is string => typeof uri === 'string' && uri.startsWith('ui://');
  const current = uiMeta(tool?._meta)?.resourceUri;
  if (isUi(current)) return current;
  const legacy = tool?._meta?.['ui/resourceUri'];
  return isUi(legacy) ? legacy : undefined;
}

/** Who may call a tool: the model, the app's page, or both (a missing `visibility` means both). */
export function toolVisibility(tool: McpTool | undefined): { model: boolean; app: boolean } {
  const visibility = uiMeta(tool?._meta)?.visibility;
  if (!Array.isArray(visibility)) return { model: true, app: true };
  return { model: visibility.includes('model'), app: visibility.includes('app') };
}

/** `_meta.ui` of a resource: from the content item first, then from the listing. */
export function resourceMeta(fromContent: unknown, fromListing: unknown): UiResourceMeta | undefined {
  const pick = (meta: unknown) => uiMeta(meta as Record<string, unknown> | undefined) as UiResourceMeta | undefined;
  const content = pick(fromContent);
  const listing = pick(fromListing);
  if (!content && !listing) return undefined;
  return {
    ...(listing ?? {}),
    ...(content ?? {}),
  };
}

/** A tool's title as its server gives it. */
export function toolTitle(tool: McpTool | undefined): string | undefined {
  return tool?.title ?? tool?.annotations?.title;
}
