/** Loads the MCP host chunk (SDK client, AppBridge) the first time something needs it. */
import type { HostEnvironment, McpHostApi } from './host-api.js';

export function loadMcpHost(env: HostEnvironment): Promise<McpHostApi> {
  return import('./host.js').then(({ createMcpHost }) => createMcpHost(env));
}
