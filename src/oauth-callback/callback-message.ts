/** What the sign-in window's last page posts to the chat (shared by that page and the MCP host). */
export const SIGN_IN_MESSAGE = 'agent-chat-oauth-callback';
/** The `BroadcastChannel` the page also posts on, for a window cut off from its opener. */
export const SIGN_IN_CHANNEL = 'agent-chat-oauth';

export interface SignInCallbackMessage {
  type: typeof SIGN_IN_MESSAGE;
  params: Record<string, string>;
}

/** `data` as a sign-in callback message, or undefined when it is anything else. */
export function signInCallbackOf(data: unknown): SignInCallbackMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, params } = data as { type?: unknown; params?: unknown };
  if (type !== SIGN_IN_MESSAGE || typeof params !== 'object' || params === null) return undefined;
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string') clean[key] = value;
  return { type: SIGN_IN_MESSAGE, params: clean };
}
