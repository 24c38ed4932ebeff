/**
 * The page's renderers (a card's `render`, an activity type's, the shared state's), called safely:
 * what one drew, or nothing when the default view is to be drawn instead — it returned nothing, or
 * it threw or returned something else, which the console says. A renderer never breaks the chat.
 */
import type { PageDrawing, ToolDisplay, ToolRenderInput } from '../conversation/tool-display.js';
import type { ToolCallPart } from '../conversation/types.js';
import { parsePartialJson } from '../internal/partial-json.js';

export function drawnByPage(render: unknown, input: unknown, what: string): Node | string | undefined {
  if (typeof render !== 'function') return undefined;
  try {
    const drawn = (render as (input: unknown) => PageDrawing)(input);
    if (drawn instanceof Node || typeof drawn === 'string') return drawn;
    if (drawn !== null && drawn !== undefined) console.error(`<agent-chat>: ${what} returned neither a DOM node nor a string; the default view is drawn.`);
  } catch (error) {
    console.error(`<agent-chat>: ${what} threw; the default view is drawn.`, error);
  }
  return undefined;
}

/**
 * The card's renderer: `toolDisplay[name].render`, else the page tool's own `render` — unless the
 * call is another tool's of that name (`ask_user`, an MCP server's: the page tool was left out).
 */
export function toolRenderer(display: ToolDisplay, pageTools: unknown, name: string, anotherTools: boolean): ToolDisplay['render'] {
  if (typeof display.render === 'function') return display.render;
  if (anotherTools) return undefined;
  const tool = Array.isArray(pageTools) ? pageTools.find((entry) => (entry as { name?: unknown } | null)?.name === name) : undefined;
  const render = (tool as { render?: unknown } | undefined)?.render;
  return typeof render === 'function' ? (render as ToolDisplay['render']) : undefined;
}

/**
 * What a card's renderer gets of its call: the arguments as far as they have arrived (`{}` before
 * any), the result parsed when it is JSON text.
 */
export function toolRenderInput(call: ToolCallPart, status: ToolRenderInput['status']): ToolRenderInput {
  let result = call.result;
  if (typeof result === 'string') {
    try {
      result = JSON.parse(result);
    } catch {
      // Text that is not JSON is given as it is.
    }
  }
  const args = call.argsComplete ? call.args : parsePartialJson(call.argsText);
  return { args: args ?? {}, result, status, ...(call.error ? { error: call.error } : {}) };
}
