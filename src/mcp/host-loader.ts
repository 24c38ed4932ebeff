/** Loads the MCP host chunk (SDK client, AppBridge) the first time something needs it. */
import type { HostEnvironment, McpHostApi } from './host-api.js';

/** `env` may still be on its way (its own chunk): both load at once. */
export function loadMcpHost(env: HostEnvironment | Promise<HostEnvironment>): Promise<McpHostApi> {
  return Promise.all([import('./host.js'), env]).then(([{ createMcpHost }, environment]) => createMcpHost(environment));
}
