/**
 * The sign-in window's last page (`dist/oauth-callback.html`, on the page's own origin): hands what
 * the authorization server sent back (`code`, `state`, `iss`, or `error`) to the chat that opened
 * the window, then closes. It goes to the opener with `postMessage` restricted to this origin, and
 * on a `BroadcastChannel` of this origin as well, for when the authorization server cut the window
 * off from its opener. The chat acts on it only when `state` is the one it sent.
 */
import { SIGN_IN_CHANNEL, SIGN_IN_MESSAGE } from './callback-message.js';

const params: Record<string, string> = {};
for (const key of ['code', 'state', 'iss', 'error', 'error_description']) {
  const value = new URLSearchParams(location.search).get(key);
  if (value !== null) params[key] = value;
}
const message = { type: SIGN_IN_MESSAGE, params };
try {
  window.opener?.postMessage(message, location.origin);
} catch {
  // an opener of another origin (or none): the channel below still reaches the chat
}
const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
channel.postMessage(message);
channel.close();
// The code is spent once the chat has it: keep it out of this window's history.
history.replaceState(null, '', location.pathname);
const status = document.getElementById('status');
if (status) status.textContent = params.error ? 'Sign-in was not completed. You can close this window.' : 'Signed in. You can close this window.';
setTimeout(() => window.close(), 50);
