/**
 * What the harness does in each conformance scenario, as a page and a person would: which
 * attributes the page gives the `<agent-chat-mcp-server>`, and which of the server's tools the
 * model asks for once the server is ready (the widget connects and lists the tools by itself).
 * A scenario not named here gets the plain plan: connect, sign in when asked, nothing more.
 */

/** The client ID metadata document URL the suite's CIMD scenario expects as `client_id`. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** Every `auth/` scenario's server has this one tool; calling it shows the token is used on calls. */
const AUTH_TOOL = { tool: 'test-tool', args: {}, expect: /test/ };

const CALLS = {
  tools_call: { tool: 'add_numbers', args: { a: 2, b: 3 }, expect: /\b5\b/ },
  'sse-retry': { tool: 'test_reconnection', args: {}, expect: /Reconnection test completed/ },
  'elicitation-sep1034-client-defaults': { tool: 'test_client_elicitation_defaults', args: {}, expect: /./ },
};

/**
 * The plan for `scenario`, given the suite's context for it (MCP_CONFORMANCE_CONTEXT, if any).
 * Returns { attributes, call?: { tool, args, expect }, signIns }: `signIns` is how many times the
 * person presses Sign in before giving up (more than the three tries a client should stop at).
 */
export function planFor(scenario, context = {}) {
  const attributes = {};
  // A pre-registered client: the page names its id. A secret (or private key) has no place in a
  // page, so the widget is never given one.
  if (typeof context.client_id === 'string') attributes['client-id'] = context.client_id;
  // Only this scenario's page names a metadata document: elsewhere the suite checks what the
  // widget registers dynamically, and nothing here could serve that URL.
  if (scenario === 'auth/basic-cimd') attributes['client-metadata-url'] = CLIENT_METADATA_URL;
  const call = CALLS[scenario] ?? (scenario.startsWith('auth/') ? AUTH_TOOL : undefined);
  return { attributes, call, signIns: 4 };
}
