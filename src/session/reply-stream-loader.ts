/**
 * The stream code (`reply-stream.ts`: the wire's events through the whole reducer, the requests
 * with their history, the client-tool round trips) loads once, on first need: when the chat
 * starts with a backend (`preloadReplyStream`), else when the first reply runs. A failed load
 * fails that reply; the next one tries again.
 */
type ReplyStreamModule = typeof import('./reply-stream.js');

let loading: Promise<ReplyStreamModule> | undefined;

export function loadReplyStream(): Promise<ReplyStreamModule> {
  loading ??= import('./reply-stream.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts loading the stream code (errors wait for the reply that needs it). */
export const preloadReplyStream = (): void => void loadReplyStream().catch(() => {});
