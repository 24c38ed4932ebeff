import { LitElement, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { textWithLabel } from '../../render/label-in-text.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { controlStyles } from '../../styles/controls.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { threadListStyles } from './thread-list.styles.js';
import { threadListTexts } from './thread-list-texts.js';
import { define } from '../../internal/define.js';
import { ThreadActionEvent, type ThreadAction } from '../../internal/view-events.js';

/** One conversation as the list shows it. */
export interface ThreadListItem {
  id: string;
  /** May be empty: shown as `strings.threadUntitled`. */
  title: string;
  /** Last change, in milliseconds since the epoch. */
  updated: number;
  /** It has changes that have not reached the server yet. */
  pending?: boolean;
}

/** The controls focus can return to, by thread (`new` has none). */
type Control = 'new' | 'import' | 'open' | 'rename' | 'export' | 'delete' | 'title-input' | 'confirm-delete' | 'confirm-cancel';
interface FocusTarget {
  id: string | null;
  control: Control;
  /** Select the input's text too (when renaming starts). */
  select?: boolean;
}
type Mode = { kind: 'rename' | 'confirm'; id: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();

/** A formatter for `locale`, or for the browser's locale when `locale` is not a valid tag. */
function formatter<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, locale: string, make: (locale: string | undefined) => T): T {
  const cacheKey = `${key}|${locale}`;
  let made = formatters.get(cacheKey) as T | undefined;
  if (!made) {
    try {
      made = make(locale || undefined);
    } catch {
      made = make(undefined);
    }
    formatters.set(cacheKey, made);
  }
  return made;
}

/**
 * When a thread last changed, short: relative within the week ("3 hours ago", "yesterday"),
 * then the date ("12 Mar", with the year when it is not this year); `full` is date and time.
 */
export function threadTime(updated: number, locale: string, now = Date.now()): { text: string; full: string; iso: string } | undefined {
  if (!Number.isFinite(updated)) return undefined;
  const date = new Date(updated);
  if (Number.isNaN(date.getTime())) return undefined;
  const relative = formatter('rel', locale, (tag) => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  const full = formatter('full', locale, (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' })).format(date);
  const diff = now - updated;
  let text: string;
  if (Math.abs(diff) < MINUTE) text = relative.format(0, 'second');
  else if (diff > 0 && diff < HOUR) text = relative.format(-Math.floor(diff / MINUTE), 'minute');
  else if (diff > 0 && diff < DAY) text = relative.format(-Math.floor(diff / HOUR), 'hour');
  else if (diff > 0 && diff < 7 * DAY) text = relative.format(-Math.floor(diff / DAY), 'day');
  else {
    const sameYear = date.getFullYear() === new Date(now).getFullYear();
    const key = sameYear ? 'day' : 'day-year';
    text = formatter(
      key,
      locale,
      (tag) => new Intl.DateTimeFormat(tag, sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' }),
    ).format(date);
  }
  return { text, full, iso: date.toISOString() };
}

let nextId = 0;

/**
 * @summary The person's conversations: open one, start a new one, rename one in place, export one
 * to a file or import one from a file, delete one after confirming. Shows and asks only: the chat owns the threads and does what the events ask.
 * While `disabled` (a reply streams) opening, starting and deleting wait; renaming still works.
 * A title's direction controls (the backend may name a thread) are shown as `⟨RLO⟩` and the like, never obeyed.
 *
 * @csspart thread-list - The whole panel (a `nav` named by its heading).
 * @csspart thread-item - Each conversation (`li`; `data-current` on the open one).
 * @csspart thread-new-button - "New conversation".
 * @csspart thread-import-button - "Import…": adds a conversation from an exported file.
 *
 * @fires chat:thread-action - (internal) `ThreadActionEvent`, its `action` one of: `select` (open
 *   conversation `id`), `new`, `rename` (`id`, `title`: trimmed, not empty, changed), `delete` (the
 *   person confirmed), `export` (save it as a file), `import` (`file`: add the conversation in it).
 */
export class AgentChatThreadList extends LitElement {
  static override styles = [base, visibleControls, controlStyles, threadListStyles];

  /** The conversations, most recent first; shown in this order. */
  @property({ attribute: false }) threads: ThreadListItem[] = [];
  /** The open conversation. */
  @property({ attribute: false }) currentId?: string;
  /** A reply streams: opening, starting and deleting conversations wait (renaming does not). */
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** Why the last import was refused, shown at the top of the list. */
  @property({ attribute: false }) notice?: string;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  /** The thread being renamed or asked about, if any. */
  @state() private mode?: Mode;
  @state() private draft = '';
  /** The person tried to save or edited the title: an empty one shows as invalid. */
  @state() private touched = false;
  private focusTarget?: FocusTarget;
  private clock?: ReturnType<typeof setInterval>;
  private readonly idBase = `thread-list-${++nextId}`;

  override connectedCallback(): void {
    super.connectedCallback();
    // Relative times ("3 minutes ago") go stale.
    this.clock = setInterval(() => this.requestUpdate(), MINUTE);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.clock);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('threads') && this.mode && !this.threads.some((thread) => thread.id === this.mode!.id)) this.mode = undefined;
    // Keep focus on the same control of the same thread when the list reorders around it.
    if (!this.focusTarget) {
      const active = this.shadowRoot?.activeElement as HTMLElement | null | undefined;
      const control = active?.dataset.control as Control | undefined;
      if (control) this.focusTarget = { id: active!.closest<HTMLElement>('li[data-id]')?.dataset.id ?? null, control };
    }
  }

  protected override updated(): void {
    const target = this.focusTarget;
    this.focusTarget = undefined;
    if (!target) return;
    const element = this.control(target.id, target.control);
    if (!element || this.shadowRoot!.activeElement === element) return;
    element.focus();
    if (target.select && element instanceof HTMLInputElement) element.select();
  }

  private control(id: string | null, control: Control): HTMLElement | null {
    const root = this.shadowRoot!;
    if (id === null) return root.querySelector<HTMLElement>(`[data-control="${control}"]`);
    const item = [...root.querySelectorAll<HTMLElement>('li[data-id]')].find((li) => li.dataset.id === id);
    return item?.querySelector<HTMLElement>(`[data-control="${control}"]`) ?? null;
  }

  private act(action: ThreadAction) {
    this.dispatchEvent(new ThreadActionEvent(action));
  }

  private onNew() {
    if (this.disabled) return;
    this.act({ kind: 'new' });
  }

  private chooseFile = () => {
    if (this.disabled) return;
    this.shadowRoot!.querySelector<HTMLInputElement>('input.file')!.click();
  };

  private onFile = (event: Event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) this.act({ kind: 'import', file });
  };

  private onSelect(id: string) {
    if (this.disabled) return;
    this.act({ kind: 'select', id });
  }

  private startRename(thread: ThreadListItem) {
    this.mode = { kind: 'rename', id: thread.id };
    this.draft = thread.title;
    this.touched = false;
    this.focusTarget = { id: thread.id, control: 'title-input', select: true };
  }

  private onTitleInput(event: Event) {
    this.draft = (event.target as HTMLInputElement).value;
    this.touched = true;
  }

  private onRenameKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.endRename();
    } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      this.save();
    }
  }

  private onRenameSubmit(event: SubmitEvent) {
    event.preventDefault();
    this.save();
  }

  private save() {
    const mode = this.mode;
    if (mode?.kind !== 'rename') return;
    const title = this.draft.trim();
    if (!title) {
      this.touched = true;
      return;
    }
    const thread = this.threads.find((candidate) => candidate.id === mode.id);
    this.endRename();
    if (thread && title !== thread.title) this.act({ kind: 'rename', id: mode.id, title });
  }

  private endRename() {
    if (this.mode?.kind !== 'rename') return;
    this.focusTarget = { id: this.mode.id, control: 'rename' };
    this.mode = undefined;
  }

  private askDelete(id: string) {
    if (this.disabled) return;
    this.mode = { kind: 'confirm', id };
    this.focusTarget = { id, control: 'confirm-cancel' };
  }

  private onConfirmKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    this.cancelDelete();
  }

  private cancelDelete() {
    if (this.mode?.kind !== 'confirm') return;
    this.focusTarget = { id: this.mode.id, control: 'delete' };
    this.mode = undefined;
  }

  private confirmDelete(id: string) {
    if (this.disabled) return;
    // The item goes away: continue at its neighbour, or at "New conversation" when it was the last.
    const index = this.threads.findIndex((thread) => thread.id === id);
    const neighbour = this.threads[index + 1] ?? this.threads[index - 1];
    this.focusTarget = neighbour ? { id: neighbour.id, control: 'open' } : { id: null, control: 'new' };
    this.mode = undefined;
    this.act({ kind: 'delete', id });
  }

  /** Focuses the open conversation (else the first, else "New conversation"), e.g. when the panel opens. */
  override focus(options?: FocusOptions): void {
    const id = this.threads.some((thread) => thread.id === this.currentId) ? this.currentId! : this.threads[0]?.id;
    const element = (id !== undefined && this.control(id, 'open')) || this.control(null, 'new');
    element?.focus(options);
  }

  private renderRename(ids: { input: string }) {
    const s = threadListTexts(this.strings);
    const blank = !this.draft.trim();
    return html`<form class="rename" @submit=${this.onRenameSubmit} @keydown=${this.onRenameKeyDown}>
      <label class="visually-hidden" for=${ids.input}>${s.threadTitle}</label>
      <input
        id=${ids.input}
        type="text"
        data-control="title-input"
        autocomplete="off"
        dir="auto"
        .value=${live(this.draft)}
        aria-invalid=${blank && this.touched ? 'true' : nothing}
        @input=${this.onTitleInput}
      />
      <button class="primary" type="submit" ?disabled=${blank}>${s.threadSave}</button>
      <button type="button" @click=${() => this.endRename()}>${s.threadCancel}</button>
    </form>`;
  }

  private renderConfirm(thread: ThreadListItem, title: string, ids: { message: string }) {
    const s = threadListTexts(this.strings);
    return html`<div class="confirm" role="group" aria-labelledby=${ids.message} @keydown=${this.onConfirmKeyDown}>
      <p id=${ids.message}>${textWithLabel(s.threadDeleteConfirm, 'title', title)}</p>
      <button
        class="danger"
        type="button"
        data-control="confirm-delete"
        aria-disabled=${this.disabled ? 'true' : nothing}
        @click=${() => this.confirmDelete(thread.id)}
      >
        ${s.threadDelete}
      </button>
      <button type="button" data-control="confirm-cancel" @click=${() => this.cancelDelete()}>${s.threadCancel}</button>
    </div>`;
  }

  private renderItem(thread: ThreadListItem, index: number) {
    const s = threadListTexts(this.strings);
    const current = thread.id === this.currentId;
    const title = thread.title.trim() ? visibleBidi(thread.title) : s.threadUntitled;
    const id = `${this.idBase}-${index}`;
    const mode = this.mode?.id === thread.id ? this.mode.kind : undefined;
    const time = threadTime(thread.updated, this.strings.locale);
    const off = this.disabled ? 'true' : nothing;
    return html`<li class="item" part="thread-item" data-id=${thread.id} ?data-current=${current} data-sync=${thread.pending ? 'pending' : nothing}>
      ${
        mode === 'rename'
          ? this.renderRename({ input: `${id}-input` })
          : mode === 'confirm'
            ? this.renderConfirm(thread, title, { message: `${id}-message` })
            : html`<button
                class="open"
                type="button"
                data-control="open"
                title=${title}
                aria-current=${current ? 'true' : nothing}
                aria-disabled=${off}
                aria-describedby=${thread.pending ? `${id}-sync` : nothing}
                @click=${() => this.onSelect(thread.id)}
              >
                <span class="title" id=${`${id}-title`} dir="auto">${title}</span>
              </button>
              <div class="row">
                <span class="meta"
                  >${time ? html`<time datetime=${time.iso} title=${time.full}>${time.text}</time>` : nothing}${
                    current ? html`<span class="badge" aria-hidden="true">${s.threadCurrent}</span>` : nothing
                  }${thread.pending ? html`<span class="pending" id=${`${id}-sync`}>${s.threadNotSynced}</span>` : nothing}</span
                >
                <span class="actions">
                  ${this.action(id, 'rename', s.threadRename, () => this.startRename(thread))}
                  ${this.action(id, 'export', s.threadExport, () => this.act({ kind: 'export', id: thread.id }))}
                  ${this.action(id, 'delete', s.threadDelete, () => this.askDelete(thread.id), off)}
                </span>
              </div>`
      }
    </li>`;
  }

  /** A small button acting on one conversation, named with its title ("Rename Trip to Lisbon"). */
  private action(id: string, control: Control, label: string, act: () => void, disabled: 'true' | typeof nothing = nothing) {
    return html`<button
      class="action"
      type="button"
      id=${`${id}-${control}`}
      data-control=${control}
      aria-labelledby=${`${id}-${control} ${id}-title`}
      aria-disabled=${disabled}
      @click=${act}
    >
      ${label}
    </button>`;
  }

  override render() {
    const s = threadListTexts(this.strings);
    const heading = `${this.idBase}-heading`;
    return html`<nav class="thread-list" part="thread-list" aria-labelledby=${heading}>
      <div class="header">
        <h2 id=${heading}>${s.threadsHeading}</h2>
        <span class="header-actions">
          <button class="new" part="thread-new-button" type="button" data-control="new" aria-disabled=${this.disabled ? 'true' : nothing} @click=${this.onNew}>
            ${s.threadNew}
          </button>
          <button class="import" part="thread-import-button" type="button" data-control="import" aria-disabled=${this.disabled ? 'true' : nothing} @click=${this.chooseFile}>
            ${s.threadImport}
          </button>
        </span>
        <input class="file" type="file" accept="application/json,.json" tabindex="-1" aria-hidden="true" @change=${this.onFile} />
      </div>
      ${this.notice ? html`<p class="notice" role="alert">${this.notice}</p>` : nothing}
      ${
        this.threads.length
          ? html`<ul>
            ${repeat(
              this.threads,
              (thread) => thread.id,
              (thread, index) => this.renderItem(thread, index),
            )}
          </ul>`
          : html`<p class="empty">${s.threadsEmpty}</p>`
      }
    </nav>`;
  }
}

define('agent-chat-thread-list', AgentChatThreadList);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-thread-list': AgentChatThreadList;
  }
}
