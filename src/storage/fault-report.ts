/**
 * What the person and the page hear of storage faults: the latest is kept as a notice (shown until
 * dismissed), and each kind fires one `agent-chat-storage-error` until storage works again, not
 * one per save.
 */
import type { AgentChatStorageErrorDetail } from '../events.js';
import type { StorageError } from './storage-error.js';

export class FaultReport {
  /** What keeps storage from working, shown as a notice until dismissed. */
  problem?: AgentChatStorageErrorDetail;
  /** The kinds reported since storage last worked. */
  private readonly reported = new Set<string>();

  constructor(
    /** The notice changed: the element draws again. */
    private readonly noticeChanged: () => void,
    private readonly storageError: (detail: AgentChatStorageErrorDetail) => void,
  ) {}

  fail(error: Pick<StorageError, 'kind' | 'message'>, threadId?: string): void {
    const detail: AgentChatStorageErrorDetail = { kind: error.kind ?? 'failed', message: error.message ?? String(error) };
    if (threadId) detail.threadId = threadId;
    this.problem = detail;
    this.noticeChanged();
    if (this.reported.has(detail.kind)) return;
    this.reported.add(detail.kind);
    this.storageError(detail);
  }

  /** Storage worked: a fault of any kind is reported again. */
  working(): void {
    this.reported.clear();
  }

  dismiss(): void {
    this.problem = undefined;
    this.noticeChanged();
  }
}
