/**
 * The sign-in window: opened on the person's press, cut off from the page before it goes to the
 * authorization server (so that server's pages cannot reach or navigate the chat's page), and
 * heard from through the callback page's `BroadcastChannel` message (or its `postMessage`, for a
 * callback page that kept an opener). Only an answer carrying the `state` the chat sent is taken.
 */
import { SIGN_IN_CHANNEL, signInCallbackOf } from '../../oauth-callback/callback-message.js';

const WIDTH = 520;
const HEIGHT = 680;

/** Opens the window at `url` (synchronously: call it in the press's handler); null when the browser blocked it. */
export function openSignInWindow(url: URL): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - HEIGHT) / 2));
  const popup = window.open('about:blank', '_blank', `popup,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`);
  if (!popup) return null;
  try {
    popup.opener = null;
    popup.location.href = url.href;
  } catch {
    popup.close();
    return null;
  }
  return popup;
}

/**
 * Resolves with the callback's parameters once an answer whose `state` is `expected` arrives;
 * any other is ignored. Rejects with the signal's reason when `signal` aborts.
 */
export function signInCallback(expected: string, signal: AbortSignal): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
    const finish = () => {
      channel.close();
      window.removeEventListener('message', onWindowMessage);
      signal.removeEventListener('abort', onAbort);
    };
    const take = (data: unknown) => {
      const message = signInCallbackOf(data);
      if (!message || message.params.state !== expected) return;
      finish();
      resolve(message.params);
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === location.origin) take(event.data);
    };
    const onAbort = () => {
      finish();
      reject(signal.reason);
    };
    channel.onmessage = (event) => take(event.data);
    window.addEventListener('message', onWindowMessage);
    signal.addEventListener('abort', onAbort);
    if (signal.aborted) onAbort();
  });
}
