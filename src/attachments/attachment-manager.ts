/**
 * The files the person is about to send, and every rule about them, with no view: files are added
 * (button, drop, paste), checked, uploaded through the page's `uploadFile` when it has one, removed;
 * refusals are kept until dismissed. Views listen for `change`; `rejected` carries each refusal.
 */
import type { Attachment } from '../conversation/types.js';
import { newId } from '../internal/ids.js';
import { hasPreview, refusalOf, type AttachmentLimits, type RefusalReason } from './attachment-rules.js';
import type { UploadFile } from './attachment-types.js';

/** A file in the tray. */
export interface TrayFile {
  readonly id: string;
  readonly file: File;
  /** `uploading` until `uploadFile` resolved (files without an upload are `ready` at once). */
  state: 'uploading' | 'ready';
  /** Upload progress from 0 to 1; undefined while unknown. */
  progress?: number;
  /** An object URL of an image, to show it (revoked when the file goes). */
  readonly preview?: string;
  uploaded?: { url: string; mimeType?: string; name?: string };
  readonly abort: AbortController;
}

/** A file that was not attached, and why. */
export interface Refusal {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly type: string;
  readonly reason: RefusalReason;
}

export interface AttachmentRules extends AttachmentLimits {
  uploadFile?: UploadFile;
}

/** Fired with each refusal. */
export class RejectedEvent extends Event {
  constructor(readonly refusal: Refusal) {
    super('rejected');
  }
}

export class AttachmentManager extends EventTarget {
  files: readonly TrayFile[] = [];
  refusals: readonly Refusal[] = [];

  /** `rules` is read each time files are added, so the attributes may change at any time. */
  constructor(private readonly rules: () => AttachmentRules) {
    super();
  }

  /** The limits files are checked against now. */
  limits(): AttachmentLimits {
    const { accept, maxFileSize, maxFiles } = this.rules();
    return { accept, maxFileSize, maxFiles };
  }

  /** Some file is still uploading. */
  get uploading(): boolean {
    return this.files.some((file) => file.state === 'uploading');
  }

  /** Checks each file and attaches those that pass; the others are refused, each saying why. */
  add(files: Iterable<File>): void {
    const rules = this.rules();
    for (const file of files) {
      const reason = refusalOf(file, rules, this.files.length);
      if (reason) {
        this.refuse(file, reason);
        continue;
      }
      const entry: TrayFile = {
        id: newId(),
        file,
        state: rules.uploadFile ? 'uploading' : 'ready',
        preview: hasPreview(file.type) ? URL.createObjectURL(file) : undefined,
        abort: new AbortController(),
      };
      this.files = [...this.files, entry];
      if (rules.uploadFile) void this.upload(entry, rules.uploadFile);
    }
    this.changed();
  }

  /** Takes the file out (its upload is aborted, its preview released). */
  remove(id: string): void {
    const entry = this.files.find((file) => file.id === id);
    if (!entry) return;
    this.drop(entry);
    this.changed();
  }

  /** Forgets a refusal the person has read. */
  dismiss(id: string): void {
    this.refusals = this.refusals.filter((refusal) => refusal.id !== id);
    this.changed();
  }

  /**
   * Resolves once no file is uploading: to the message's attachments, or to undefined when an
   * upload failed meanwhile (that file is refused; the others stay) or nothing is left to send.
   */
  async ready(): Promise<Attachment[] | undefined> {
    const failuresBefore = this.failures;
    while (this.uploading) await new Promise((resolve) => this.addEventListener('change', resolve, { once: true }));
    if (this.failures !== failuresBefore || !this.files.length) return undefined;
    return this.files.map(({ id, file, uploaded }) => ({
      id,
      name: uploaded?.name || file.name,
      mimeType: uploaded?.mimeType || file.type || 'application/octet-stream',
      size: file.size,
      blob: file,
      ...(uploaded ? { url: uploaded.url } : {}),
    }));
  }

  /** Empties the tray and its refusals (the message was sent, or attachments were turned off). */
  clear(): void {
    if (!this.files.length && !this.refusals.length) return;
    for (const entry of this.files) this.drop(entry);
    this.refusals = [];
    this.changed();
  }

  private failures = 0;

  private async upload(entry: TrayFile, uploadFile: UploadFile): Promise<void> {
    const { signal } = entry.abort;
    try {
      const result = await uploadFile(entry.file, {
        signal,
        onProgress: (fraction) => {
          if (signal.aborted || entry.state !== 'uploading' || !Number.isFinite(fraction)) return;
          entry.progress = Math.min(1, Math.max(0, fraction));
          this.changed();
        },
      });
      if (signal.aborted) return;
      if (!result || typeof result.url !== 'string' || !result.url) throw new TypeError('uploadFile() must resolve to { url }.');
      entry.uploaded = {
        url: result.url,
        ...(typeof result.mimeType === 'string' ? { mimeType: result.mimeType } : {}),
        ...(typeof result.name === 'string' ? { name: result.name } : {}),
      };
      entry.state = 'ready';
      entry.progress = 1;
      this.changed();
    } catch (error) {
      if (signal.aborted) return;
      console.warn(`<agent-chat>: ${entry.file.name} could not be uploaded`, error);
      this.failures++;
      this.drop(entry);
      this.refuse(entry.file, 'upload');
      this.changed();
    }
  }

  private drop(entry: TrayFile): void {
    entry.abort.abort();
    if (entry.preview) URL.revokeObjectURL(entry.preview);
    this.files = this.files.filter((file) => file !== entry);
  }

  private refuse(file: File, reason: RefusalReason): void {
    const refusal: Refusal = { id: newId(), name: file.name, size: file.size, type: file.type, reason };
    this.refusals = [...this.refusals, refusal];
    this.dispatchEvent(new RejectedEvent(refusal));
  }

  private changed(): void {
    this.dispatchEvent(new Event('change'));
  }
}
