/**
 * Running one call of a page tool (a lazy chunk, loaded by the first call): its arguments checked
 * against the tool's `parameters` with the schema engine the forms use, the person's approval
 * when the tool asks for it, then the handler, whose return is the result.
 */
import { checkPayload } from '../ask/forms/validation.js';
import { errorText } from '../internal/errors.js';
import { untilAborted } from '../internal/until-aborted.js';
import type { ClientToolCall, ClientToolResult } from '../session/client-tools.js';
import type { PageTool } from './page-tool-types.js';

const error = (content: string): ClientToolResult => ({ content, isError: true });

export async function runPageTool(tool: PageTool, call: ClientToolCall, signal: AbortSignal): Promise<ClientToolResult> {
  const args = call.arguments;
  const problems = await checkPayload(tool.parameters ?? { type: 'object' }, args);
  if (problems.length) return error(`The arguments do not fit the tool's parameters: ${problems.map(({ path, message }) => (path ? `${path}: ${message}` : message)).join('; ')}`);
  if (!call.approval && (call.pickedUp || asksFirst(tool, args))) return { content: undefined, waitFor: 'approval' };
  if (call.approval && !call.approval.approved) return error(call.approval.reason ? `Denied by the person: ${call.approval.reason}` : 'Denied by the person');
  // Stop may have come while the arguments were checked: nothing starts after it.
  if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
  let value: unknown;
  try {
    const info = { signal, threadId: call.threadId ?? '', runId: call.runId ?? '', toolCallId: call.toolCallId };
    value = await untilAborted(
      Promise.resolve().then(() => tool.handler(args as never, info)),
      signal,
    );
  } catch (thrown) {
    if (signal.aborted) throw thrown;
    return error(`The tool failed: ${errorText(thrown)}`);
  }
  if (value === undefined) return { content: '' };
  try {
    return { content: JSON.parse(JSON.stringify(value)) as unknown };
  } catch {
    return error('The tool returned a value that is not JSON.');
  }
}

/** `confirm` set (anything but `false`), or a function of the arguments that does not say `false`; one that throws asks too. */
function asksFirst(tool: PageTool, args: unknown): boolean {
  if (typeof tool.confirm !== 'function') return tool.confirm !== undefined && tool.confirm !== false;
  try {
    return tool.confirm(args as never) !== false;
  } catch {
    return true;
  }
}
