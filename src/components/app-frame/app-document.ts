/**
 * Reads the document of a card's app from its server (or through the backend) and records it with
 * the card. While the app's own MCP server waits — for the person's sign-in, or to be reached
 * again — nothing is recorded: the read waits for the server and tries again. Any other failure is
 * recorded as the card's (a card from a file says so where it is drawn).
 */
import type { ToolCallPart } from '../../conversation/types.js';
import { errorText } from '../../internal/errors.js';
import type { AppContext } from '../../mcp/app-context.js';
import type { McpHostApi } from '../../mcp/host-api.js';

/** `stillWanted()` says, after a wait, whether the card still needs the document. */
export async function readAppDocument(context: AppContext, call: ToolCallPart, stillWanted: () => boolean): Promise<void> {
  const app = call.app!;
  for (;;) {
    let waiting: 'sign-in' | 'reach' | undefined;
    let host: McpHostApi | undefined;
    try {
      host = await context.host();
      context.update(call.id, { resource: await host.readResource(app) });
      return;
    } catch (error) {
      waiting = app.via === 'page' ? host?.waitingOn(app.source) : undefined;
      if (!waiting) context.update(call.id, { failure: errorText(error) });
    }
    if (!waiting || !host) return;
    await host.whenReady(app.source);
    if (!stillWanted()) return;
  }
}
