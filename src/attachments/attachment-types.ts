/** The page's side of attachments (what `uploadFile` is given and gives back), and what the chat gives them. */
import type { ReactiveControllerHost } from 'lit';

export interface UploadFileOptions {
  /** Aborted when the person removes the file (or the chat drops it): stop the upload. */
  signal: AbortSignal;
  /** Report progress, `0` to `1`; without calls the chat shows an upload of unknown length. */
  onProgress: (fraction: number) => void;
}

/** Where the file now lives: its `url` travels instead of its bytes; `mimeType` and `name` replace the file's own. */
export interface UploadedFile {
  url: string;
  mimeType?: string;
  name?: string;
}

/** The page's upload of one file (the `uploadFile` property). */
export type UploadFile = (file: File, options: UploadFileOptions) => Promise<UploadedFile>;

/** The chat's attributes the attachments read. */
export interface AttachmentsHost extends ReactiveControllerHost, HTMLElement {
  attachments: boolean;
  accept?: string;
  maxFileSize: number;
  maxFiles: number;
  uploadFile?: UploadFile;
  mode: string;
  open: boolean;
  readonly started: boolean;
}
