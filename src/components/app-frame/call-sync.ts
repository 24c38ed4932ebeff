/**
 * What a card tells its app of its tool call, as the card learns it: the partial input while the
 * arguments stream (each new text once), then the input, then the result or why there is none.
 * The frame's controller sends each of these once, in order, however often it is told.
 */
import type { ToolCallPart } from '../../conversation/types.js';
import { isRecord } from '../../internal/guards.js';
import { parsePartialJson } from '../../internal/partial-json.js';
import type { FrameController } from '../../mcp/host-api.js';

/** Tells the app what the card knows now; returns the arguments' text last sent as partial input. */
export function tellCall(controller: FrameController, call: ToolCallPart, lastPartial: string): string {
  if (!call.argsComplete) {
    if (!call.argsText || call.argsText === lastPartial) return lastPartial;
    const partial = parsePartialJson(call.argsText);
    if (isRecord(partial)) controller.partialInput(partial);
    return call.argsText;
  }
  controller.input(isRecord(call.args) ? call.args : {});
  const result = call.app?.callResult;
  if (result) controller.result(result);
  else if (call.status === 'cancelled' || call.status === 'not-completed' || call.status === 'error') {
    controller.cancelled(call.error ?? (call.status === 'cancelled' ? 'The person stopped the reply.' : 'The call did not complete.'));
  }
  return lastPartial;
}
