/**
 * What the thread keeper needs from the element (the element's `ChatWiring` gives it), and the
 * storage modes it keeps conversations in.
 */
import type { Turn } from '../conversation/types.js';
import type { AgentChatStorageErrorDetail, AgentChatSyncDetail, AgentChatThreadChangeDetail } from '../events.js';
import type { RemoteSettings } from './sync/remote-client.js';

export type StorageMode = 'indexeddb' | 'none' | 'remote';

/** What the keeper needs from the element. */
export interface ChatStorageHooks {
  turns(): readonly Turn[];
  busy(): boolean;
  /** Shows this path, running nothing (stops the reply under way first). */
  showPath(turns: Turn[]): void;
  /** The path shown, whole now: `turns` ends with the turns shown (nothing stops, nothing moves). */
  completePath(turns: Turn[]): void;
  /** Stops the reply under way, if any. */
  stop(): void;
  /** The element's `thread-id`, set to a new id when there is none. */
  threadId(): string;
  setThreadId(id: string): void;
  threadChanged(detail: AgentChatThreadChangeDetail): void;
  /** The thread shown ends with a reply that was still streaming when it was saved (now shown stopped). */
  interrupted?(replyId: string): void;
  storageError(detail: AgentChatStorageErrorDetail): void;
  /** (`storage="remote"`) The thread store's URL, and the element's headers and credentials. */
  remote?(): RemoteSettings | undefined;
  syncChanged?(detail: AgentChatSyncDetail): void;
}
