/**
 * Time slicing of a run's stream: events are applied in slices of a few milliseconds, with a pause
 * between them in which the view gets to draw.
 */

/**
 * The stretch (ms) spent applying streamed events before the view gets to draw, in a reply's first
 * moments, while the code that applies and draws them is still cold. A fast backend's buffered
 * stream would otherwise be read in one long task, with no frame in between.
 */
const COLD_SLICE_MS = 5;
/** The stretch once the reply is under way: a fast stream is drawn in fewer, fuller frames. */
const WARM_SLICE_MS = 10;
/** How long a reply's first, shorter slices last, from its first event (ms). */
const WARM_UP_MS = 150;

/** How long a slice may be, `sinceFirstEvent` ms after the reply's first event arrived. */
export const sliceFor = (sinceFirstEvent: number): number => (sinceFirstEvent < WARM_UP_MS ? COLD_SLICE_MS : WARM_SLICE_MS);

let channel: MessageChannel | undefined;
const waiting: (() => void)[] = [];

/** Waits for the next macrotask: the default pause between slices where there is no view. */
export function nextTask(): Promise<void> {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel!.port2.postMessage(null);
  });
}

/**
 * Whether the page is still there a task after a connection broke (and the run was not stopped
 * meanwhile). A page that goes away (a reload, a navigation) breaks its connections as it unloads,
 * before its `pagehide` listeners run: that is not the agent failing, and the task after never
 * comes, so the reply is kept as it was shown (still streaming) and comes back stopped.
 */
export async function pageStays(signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  await nextTask();
  return !signal.aborted;
}
