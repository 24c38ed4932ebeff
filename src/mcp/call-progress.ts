/**
 * What the tool cards show of the MCP calls under way: each call's latest progress (the server's
 * `notifications/progress`) and how to cancel it. Kept apart from the conversation: it is only
 * true while the call runs, and is never stored. The host writes, the cards read and listen.
 */
export interface CallProgress {
  /** The server's count so far, and its total when it knows it. */
  progress?: number;
  total?: number;
  /** The server's words about what it is doing. */
  message?: string;
}

interface Entry extends CallProgress {
  cancel(): void;
}

export class CallProgressBoard {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Map<string, Set<() => void>>();

  /** A call began: the card shows Cancel, then any progress. */
  begin(callId: string, cancel: () => void): void {
    this.entries.set(callId, { cancel });
    this.notify(callId);
  }

  report(callId: string, progress: CallProgress): void {
    const entry = this.entries.get(callId);
    if (!entry) return;
    this.entries.set(callId, { cancel: entry.cancel, progress: progress.progress, total: progress.total, message: progress.message });
    this.notify(callId);
  }

  end(callId: string): void {
    if (this.entries.delete(callId)) this.notify(callId);
  }

  /** The call's progress while it runs (`{}` before the first report); undefined once it ended. */
  get(callId: string): CallProgress | undefined {
    const entry = this.entries.get(callId);
    return entry && { progress: entry.progress, total: entry.total, message: entry.message };
  }

  /** The person pressed Cancel on the call's card. */
  cancel(callId: string): void {
    this.entries.get(callId)?.cancel();
  }

  /** Calls `listener` whenever the call's entry changes; returns how to stop. */
  watch(callId: string, listener: () => void): () => void {
    const set = this.listeners.get(callId) ?? new Set();
    set.add(listener);
    this.listeners.set(callId, set);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(callId);
    };
  }

  private notify(callId: string): void {
    for (const listener of this.listeners.get(callId) ?? []) listener();
  }
}
