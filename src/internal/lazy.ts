/** A module loaded once, on first need: a failed load is logged (settling with undefined) and tried again the next time. */
export function onFirstNeed<T>(load: () => Promise<T>, what: string): () => Promise<T | undefined> {
  let loading: Promise<T | undefined> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      console.error(`<agent-chat>: ${what} could not be loaded`, error);
      return undefined;
    }));
}
