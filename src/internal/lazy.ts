/** A module loaded once, on first need: a failed load is logged and tried again the next time. */
export function onFirstNeed(load: () => Promise<unknown>, what: string): () => Promise<unknown> {
  let loading: Promise<unknown> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      console.error(`<agent-chat>: ${what} could not be loaded`, error);
    }));
}
