/**
 * The drawer with the list of conversations (with storage): the header button that opens it, the
 * list (loaded when first opened), what the person asks of it, and the file download and upload of
 * exports. Escape and the close button return the keyboard to the header button.
 */
import { html, type ReactiveControllerHost } from 'lit';
import type { AgentChatThreadList } from '../components/thread-list/thread-list.js';
import type { ChatStrings } from '../i18n/chat-strings.js';
import { format } from '../i18n/strings.js';
import { errorText } from '../internal/errors.js';
import { ThreadActionEvent, on } from '../internal/view-events.js';
import { onFirstNeed } from '../internal/lazy.js';
import type { ThreadSummary } from '../storage/chat-storage.js';
import type { ThreadExport } from '../storage/records.js';
import { THREAD_LIST_PART_NAMES, exportParts } from '../internal/part-names.js';

/** The list of conversations is loaded when the person first opens it (with `storage="remote"`, once syncing starts: it opens offline too). */
export const loadThreadList = onFirstNeed(() => import('../components/thread-list/thread-list.js'), 'the list of conversations');

const LIST_PARTS = exportParts(THREAD_LIST_PART_NAMES);

/** The chat's public thread methods, which the drawer's actions call. */
interface ThreadMethods {
  openThread(id: string): Promise<boolean>;
  newThread(): Promise<string>;
  renameThread(id: string, title: string): Promise<void>;
  deleteThread(id: string): Promise<void>;
  exportThread(id?: string): Promise<ThreadExport>;
  importThread(data: unknown): Promise<string>;
}

/** What the drawer needs of the chat: its texts and state, and its thread methods. */
export interface DrawerHooks {
  strings(): ChatStrings;
  savedThreads(): ThreadSummary[];
  currentId(): string | undefined;
  /** A reply is under way (as drawn). */
  replyUnderWay(): boolean;
  /** The list is shown: it is read afresh. */
  refresh(): void;
  chat: ThreadMethods;
}

export class ThreadsDrawer {
  /** The drawer is open. */
  open = false;
  /** Why the file the person chose was not imported. */
  private importProblem?: string;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment },
    private readonly hooks: DrawerHooks,
  ) {}

  /** Closes the drawer, the keyboard staying where it is. */
  hide(): void {
    this.open = false;
    this.host.requestUpdate();
  }

  /** Saves a conversation (default: the one shown) as a JSON file the person downloads. */
  readonly download = async (id?: string) => {
    const data = await this.hooks.chat.exportThread(id);
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `conversation-${data.thread.id}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  private readonly toggle = async () => {
    if (!this.open) await loadThreadList();
    this.open = !this.open;
    this.importProblem = undefined;
    this.host.requestUpdate();
    if (this.open) {
      this.hooks.refresh();
      await this.host.updateComplete;
      this.host.renderRoot.querySelector<AgentChatThreadList>('agent-chat-thread-list')?.focus();
    }
  };

  private close(): void {
    this.hide();
    void this.host.updateComplete.then(() => this.host.renderRoot.querySelector<HTMLElement>('header .threads-toggle')?.focus());
  }

  private readonly onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    this.close();
  };

  /** What the person asked of the list of conversations. */
  private readonly onAction = ({ action }: ThreadActionEvent) => void this.act(action);

  private async act(action: ThreadActionEvent['action']): Promise<void> {
    switch (action.kind) {
      case 'select':
        if (action.id !== this.hooks.currentId()) await this.hooks.chat.openThread(action.id);
        this.close();
        break;
      case 'new':
        await this.hooks.chat.newThread();
        this.close();
        break;
      case 'rename':
        void this.hooks.chat.renameThread(action.id, action.title);
        break;
      case 'delete':
        void this.hooks.chat.deleteThread(action.id);
        break;
      case 'export':
        void this.download(action.id);
        break;
      case 'import':
        void this.importFile(action.file);
        break;
    }
  }

  /** A file chosen in the list: imported and shown, or refused with the reason in the list. */
  private async importFile(file: File): Promise<void> {
    this.importProblem = undefined;
    this.host.requestUpdate();
    try {
      const text = await file.text();
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        throw new Error(format(this.hooks.strings().threadImportNotJson, { name: file.name }));
      }
      await this.hooks.chat.importThread(data);
      this.close();
    } catch (error) {
      this.importProblem = errorText(error);
      this.host.requestUpdate();
    }
  }

  /** The header button that shows or hides the list. */
  renderButton() {
    const strings = this.hooks.strings();
    return html`<button
      class="threads-toggle"
      part="threads-button"
      type="button"
      aria-expanded=${this.open ? 'true' : 'false'}
      aria-controls="threads"
      @click=${this.toggle}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" stroke-width="1.6" fill="none" /></svg>
      <span class="visually-hidden">${this.open ? strings.threadsHide : strings.threadsShow}</span>
    </button>`;
  }

  /** The drawer itself, while open. */
  renderDrawer() {
    return html`<div class="threads" id="threads" @keydown=${this.onKey}>
      <button class="threads-toggle close" type="button" aria-expanded="true" aria-controls="threads" @click=${() => this.close()}>
        <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.6" fill="none" /></svg>
        <span class="visually-hidden">${this.hooks.strings().threadsHide}</span>
      </button>
      <agent-chat-thread-list
        exportparts=${LIST_PARTS}
        .threads=${this.hooks.savedThreads()}
        .currentId=${this.hooks.currentId()}
        ?disabled=${this.hooks.replyUnderWay()}
        ${on(ThreadActionEvent, this.onAction)}
        .notice=${this.importProblem}
      ></agent-chat-thread-list>
    </div>`;
  }
}
