/**
 * The attachments chunk, loaded once the chat has `attachments`: the manager of the files about to
 * be sent, the tray that shows them, the attach button, paste and drag and drop, and Send waiting
 * for uploads, wired to the chat. The composer and the chat draw what it gives them.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Attachment } from '../conversation/types.js';
import type { ChatStrings } from '../i18n/chat-strings.js';
import { attachTexts } from './attach-texts.js';
import { emit } from '../events.js';
import { FileDrop } from './file-drop.js';
import '../components/attachments/attachment-tray.js';
import '../components/attachments/drop-target.js';
import { AttachmentManager, type RejectedEvent } from './attachment-manager.js';
import { attachmentLimitProblems, maxFileSizeOf, maxFilesOf } from './attachment-rules.js';
import type { AttachmentsHost } from './attachment-types.js';
import { ATTACHMENT_PART_NAMES, exportParts } from '../internal/part-names.js';

/** The tray's parts, forwarded by the composer. */
const TRAY_PARTS = exportParts(ATTACHMENT_PART_NAMES);

function pickFiles(event: Event) {
  ((event.currentTarget as HTMLElement).nextElementSibling as HTMLInputElement).click();
}

export class AttachmentsUi implements ReactiveController {
  readonly manager: AttachmentManager;
  /** Send waits for uploads: `giveUp` ends the wait (the text and the files stay). */
  waiting?: { giveUp(): void };
  private readonly drop: FileDrop;
  /** The composer drawing the button and the tray: drawn again as the files change. */
  private composer?: ReactiveControllerHost;

  constructor(private readonly host: AttachmentsHost) {
    this.manager = new AttachmentManager(() => ({
      accept: host.accept ?? '',
      maxFileSize: maxFileSizeOf(host.maxFileSize),
      maxFiles: maxFilesOf(host.maxFiles),
      uploadFile: host.uploadFile,
    }));
    this.manager.addEventListener('rejected', (event) => {
      const { name, size, type, reason } = (event as RejectedEvent).refusal;
      emit(host, 'agent-chat-attachment-rejected', { name, size, type, reason });
    });
    this.manager.addEventListener('change', () => this.composer?.requestUpdate());
    this.drop = new FileDrop(host, {
      accepting: () => host.attachments && (host.mode === 'inline' || host.open),
      dropped: (files) => this.manager.add(files),
      changed: () => host.requestUpdate(),
    });
    host.addController(this);
  }

  /** Turned off: the files waiting go, and nothing of attachments is drawn. */
  hostUpdate(): void {
    if (!this.host.attachments) this.manager.clear();
  }

  /** What the page set wrong in `max-file-size` and `max-files` (while attachments are on). */
  problems(): string[] {
    return this.host.attachments ? attachmentLimitProblems(this.host.maxFileSize, this.host.maxFiles) : [];
  }

  /** Files in the tray. */
  get count(): number {
    return this.host.attachments ? this.manager.files.length : 0;
  }

  /** Files pasted (with no text) are attached; a paste with text stays a paste, its files attached too. */
  readonly onPaste = (event: ClipboardEvent) => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (!files.length || !this.host.attachments) return;
    if (!event.clipboardData!.types.includes('text/plain')) event.preventDefault();
    this.manager.add(files);
  };

  /**
   * Sends once every upload is done: `send` gets the text as it is then (`draft()`) and the files.
   * An upload failing, or `giveUp` (Stop), keeps the text and the files.
   */
  async sendWhenReady(draft: () => string, send: (text: string, attachments: Attachment[]) => void): Promise<void> {
    if (this.waiting) return;
    const attachments = await new Promise<Attachment[] | undefined>((resolve) => {
      this.waiting = { giveUp: () => resolve(undefined) };
      this.composer?.requestUpdate();
      void this.manager.ready().then(resolve);
    });
    this.waiting = undefined;
    this.composer?.requestUpdate();
    if (attachments) send(draft(), attachments);
  }

  /** What Send shows while it waits for uploads: a spinner, and "Uploading…" for screen readers (it leaves room for the text area on a phone). */
  waitingLabel(strings: ChatStrings) {
    return html`<svg class="spinner" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M8 2a6 6 0 1 1-6 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      </svg>
      <span class="visually-hidden">${attachTexts(strings).attachWaiting}</span>`;
  }

  /** The composer's attach button, with the hidden file input it opens (and its look: the composer's styles do not know it). */
  button(strings: ChatStrings) {
    if (!this.host.attachments) return nothing;
    const label = attachTexts(strings).attachButton;
    return html`<style>
        .attach {
          padding: 0;
          background: transparent;
          color: var(--_muted);
        }
        .attach:hover {
          color: var(--_text);
          background: var(--_surface);
        }
        .spinner {
          animation: spin 0.9s linear infinite;
        }
        /* The spinner stands in for the paper plane. */
        .send:has(.spinner) > svg:not(.spinner) {
          display: none;
        }
        @keyframes spin {
          to {
            rotate: 1turn;
          }
        }
      </style>
      <button class="attach" part="attach-button" type="button" aria-label=${label} title=${label} @click=${pickFiles}>
        <svg viewBox="0 0 16 16" aria-hidden="true">
          <path d="M13.5 7.5l-5.6 5.6a3.3 3.3 0 01-4.7-4.7l5.8-5.8a2.2 2.2 0 013.1 3.1l-5.8 5.8a1.1 1.1 0 01-1.6-1.6l5.3-5.3" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" />
        </svg>
      </button>
      <input type="file" multiple hidden tabindex="-1" accept=${this.manager.limits().accept} @change=${this.onPicked} />`;
  }

  private readonly onPicked = (event: Event) => {
    const input = event.target as HTMLInputElement;
    this.manager.add([...(input.files ?? [])]);
    // The same file may be picked again.
    input.value = '';
  };

  /** The tray, above the composer's text area (`composer` is drawn again as the files change). */
  tray(composer: ReactiveControllerHost) {
    this.composer = composer;
    if (!this.host.attachments) return nothing;
    return html`<agent-chat-attachment-tray exportparts=${TRAY_PARTS} .manager=${this.manager}></agent-chat-attachment-tray>`;
  }

  /** Over the whole chat while files are dragged over it. */
  dropTarget() {
    return this.drop.dragging ? html`<agent-chat-drop-target exportparts="drop-target"></agent-chat-drop-target>` : nothing;
  }
}
