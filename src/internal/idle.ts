/** Runs `task` when the page is next idle, and at the latest after `timeout` ms (soon, where the browser has no idle callbacks). */
export function whenIdle(task: () => void, timeout: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, Math.min(timeout, 200));
}
