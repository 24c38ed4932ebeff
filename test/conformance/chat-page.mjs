/**
 * The page a conformance scenario runs in, served on 127.0.0.1 by the end-to-end tests' page
 * server: `<agent-chat>` from the built bundle holding one `<agent-chat-mcp-server>` for the
 * scenario's server, `dist/` (with `oauth-callback.html`, where sign-in windows come back), and a
 * scripted AG-UI backend whose model asks the widget to run one of the server's tools on each
 * turn, then answers once that turn's result is in the history.
 */
import { chatPage, clientToolBackend, startPageServer } from '../e2e/mcp-fixtures.mjs';

export { distBuilt } from '../e2e/mcp-fixtures.mjs';

export const SERVER_NAME = 'conformance';

const escapeAttribute = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the page for the MCP server at `serverUrl` (with the server element's extra `attributes`);
 * the backend's model calls `tool` with `args`. Returns { url, requests, close() }: `requests`
 * holds every AG-UI request body the widget sent.
 */
export function startChatPage({ serverUrl, attributes = {}, tool = 'none', args = {} }) {
  const extra = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const server = `<agent-chat-mcp-server name="${SERVER_NAME}" url="${escapeAttribute(serverUrl)}"${extra}></agent-chat-mcp-server>`;
  return startPageServer(clientToolBackend(tool, { args, everyTurn: true }), { page: chatPage(server) });
}
