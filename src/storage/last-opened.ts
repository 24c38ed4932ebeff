/** Which thread of database `storageKey` was opened last, kept in localStorage: the next chat opens it. */

const keyOf = (storageKey: string) => `agent-chat:${storageKey}:last-thread`;

export function rememberOpened(storageKey: string, threadId: string): void {
  try {
    localStorage.setItem(keyOf(storageKey), threadId);
  } catch {
    // No localStorage: the most recent thread opens next time instead.
  }
}

export function lastOpened(storageKey: string): string | undefined {
  try {
    return localStorage.getItem(keyOf(storageKey)) ?? undefined;
  } catch {
    return undefined;
  }
}
