/**
 * The limits on what an app may do on its own: how often it may propose a message, how much it
 * may tell the model, and how much it may download. (How soon it may take full screen again is the
 * frame's.) Pure.
 */

/** Messages the apps of one server may send (or propose) per window. */
export const APP_MESSAGES_PER_WINDOW = 5;
export const APP_MESSAGE_WINDOW_MS = 60_000;
/** The longest message an app may send or propose (characters). */
export const APP_MESSAGE_LIMIT = 8_000;
/** The most an app's `ui/update-model-context` may hold, as JSON text. */
export const MODEL_CONTEXT_LIMIT = 64 * 1024;
/** The most one file of an app's `ui/download-file` may hold, decoded (bytes). */
export const APP_DOWNLOAD_LIMIT = 10 * 1024 * 1024;
/** The most files one `ui/download-file` may hold. */
export const APP_DOWNLOAD_FILES = 5;

/** A sliding-window limit: `take(now)` is false once the window holds its `limit`. */
export class RateLimit {
  private times: number[] = [];

  constructor(
    private readonly limit = APP_MESSAGES_PER_WINDOW,
    private readonly windowMs = APP_MESSAGE_WINDOW_MS,
  ) {}

  take(now: number): boolean {
    this.times = this.times.filter((time) => now - time < this.windowMs);
    if (this.times.length >= this.limit) return false;
    this.times.push(now);
    return true;
  }
}

/** Why a model context is refused (its size), or undefined when it fits. */
export function modelContextProblem(value: unknown): string | undefined {
  let size: number;
  try {
    size = new TextEncoder().encode(JSON.stringify(value) ?? '').length;
  } catch {
    return 'The model context could not be read as JSON.';
  }
  if (size <= MODEL_CONTEXT_LIMIT) return undefined;
  return `The model context is ${size} bytes; an app may give at most ${MODEL_CONTEXT_LIMIT}. The previous one is kept.`;
}
