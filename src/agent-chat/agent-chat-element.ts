import { html, nothing, type PropertyValues } from 'lit';
import { query } from 'lit/decorators.js';
import { type AgentChatComposer } from '../components/composer/composer.js';
import type { AgentChatMessage } from '../components/message/message.js';
import '../components/markdown/markdown-view.js';
import '../components/mcp-server/mcp-server.js';
import { loadMessageView, messageViewLoaded } from '../components/message/message-loader.js';
import { suggestionsTemplate } from '../components/suggestions/suggestions-template.js';
import { contextTurns, turnFromPage, turnsFromPage, turnsWithActivity } from '../conversation/public-turns.js';
import type { ConversationState, MessageSource, Turn } from '../conversation/types.js';
import { emit, type AgentChatEventMap } from '../events.js';
import { provideDisplay } from '../internal/contexts.js';
import { AnswerEvent, ComposerSendEvent, ComposerStopEvent, FeedbackEvent, RetryRequestEvent, TurnActionEvent, on } from '../internal/view-events.js';
import { newId } from '../internal/ids.js';
import { ChatApps } from '../mcp/chat-apps.js';
import { loadMarkdown } from '../render/markdown-loader.js';
import type { ChatSession } from '../session/chat-session.js';
import { ChatStorage, type ThreadSummary } from '../storage/chat-storage.js';
import type { ThreadExport } from '../storage/records.js';
import { AgentChatEmbedding } from './agent-chat-embedding.js';
import { appCardReply, withCardDisplay, type AppendAppCardOptions } from './app-card-reply.js';
import { COMPOSER_PARTS, configErrorsTemplate, headerTemplate, heldNoticeTemplate, mcpNoticeTemplate, storageNoticeTemplate, turnsTemplate } from './chat-templates.js';
import { ConnectionController } from './connection-controller.js';
import { displayOptions } from './display-options.js';
import { closeButtonTemplate } from './embed-templates.js';
import { LinkAnnouncer } from './link-announcer.js';
import { LogController } from './log-controller.js';
import { ReplyAnnouncer } from './reply-announcer.js';
import { RunSetupMaker } from './run-setup.js';
import { SessionController } from './session-controller.js';
import { AttachmentsLoader } from '../attachments/attachments-loader.js';
import { ThreadsDrawer } from './threads-drawer.js';
import { TurnActions } from './turn-actions.js';

/**
 * The chat's workings under the `<agent-chat>` tag (not registered itself): its controllers,
 * public methods and render, over the configuration in `agent-chat-properties.ts`. The tag
 * (`agent-chat.ts`) adds the documentation and the styles.
 */
export class AgentChatElement extends AgentChatEmbedding {
  @query('.messages') private logElement!: HTMLElement;
  @query('agent-chat-composer') private composer!: AgentChatComposer;
  /** The MCP notice was drawn once: it stays (empty while nothing is asked), to hand the keyboard on when its last button goes. */
  private noticeShown = false;

  /** The attributes that say where the backend is, and what the page set wrong. */
  private readonly connection: ConnectionController = new ConnectionController(this, () => [...this.apps.problems, ...(this.files.ui?.problems() ?? [])]);
  private readonly apps: ChatApps = new ChatApps(this, {
    appCredentials: () => this.connection.credentials,
    appBackend: () => {
      const transport = this.connection.transport();
      return transport instanceof Error ? undefined : transport;
    },
    appThreadId: () => this.store.ensureThreadId(),
    paneArea: () => this.renderRoot.querySelector<HTMLElement>('.pane-area') ?? undefined,
    sendFromApp: (text, source) => this.sendFromApp(text, source),
    updateApp: (partId, app) => this.session.update({ type: 'app-update', partId, app }),
    recordElicitation: (toolCallId, elicitation) => this.session.update({ type: 'elicitation', toolCallId, elicitation }),
    hasToolCall: (toolCallId) => this.getTurns().some((turn) => turn.role === 'assistant' && turn.parts.some((part) => part.kind === 'tool-call' && part.id === toolCallId)),
    announceLink: (url) => this.emit('agent-chat-open-link', { url }, { cancelable: true }),
    announceAppCall: (detail) => this.emit('agent-chat-app-call', detail),
  });
  /** The threads: saved, restored, followed across tabs; and `thread-id`. */
  private readonly store = new ChatStorage(this, {
    turns: () => this.conversation.turns,
    busy: () => this.session.busy,
    showPath: (turns) => {
      this.session.stop();
      this.session.update({ type: 'reset', turns });
      this.log.drawLast(turns);
      this.log.follow();
    },
    completePath: (turns) => this.session.replaceTurns(turns),
    stop: () => this.session.stop(),
    threadChanged: (detail) => this.emit('agent-chat-thread-change', detail),
    interrupted: (replyId) => {
      // Picked up where the transport can (`resume`); the reply stays stopped otherwise.
      const last = this.conversation.turns[this.conversation.turns.length - 1];
      if (this.resume && last?.id === replyId) this.session.resumeStream();
    },
    storageError: (detail) => this.emit('agent-chat-storage-error', detail),
  });
  private readonly runSetupMaker: RunSetupMaker = new RunSetupMaker(this, {
    threadId: () => this.store.ensureThreadId(),
    transport: () => this.connection.transport(),
    apps: this.apps,
    pathIncomplete: () => this.store.pathIncomplete,
    whenComplete: () => this.store.whenComplete(),
  });
  /** The run loop, drawn once per frame, and its events. */
  private readonly run = new SessionController(this, {
    runSetup: () => this.runSetupMaker.make(),
    changed: (next, previous, fromWire) => {
      this.log.contentChanged(next.turns, previous.turns);
      this.store.changed(fromWire);
    },
    ended: () => void this.store.flush(),
    threadShown: () => this.store.threadShown(),
    threadId: () => this.store.ensureThreadId(),
    sending: () => this.log.follow(),
    titled: (title) => this.store.titleFromBackend(title),
    lastMessageDrawn: async () => {
      await this.messageViewLoading;
      await this.renderRoot.querySelector<AgentChatMessage>('agent-chat-message:last-of-type')?.updateComplete;
    },
  });
  /** The message log: follows its end, draws a long conversation from its end. */
  private readonly log = new LogController(this, {
    log: () => this.logElement,
    content: () => this.renderRoot.querySelector('.column')!,
    turns: () => this.conversation.turns,
    earlierRead: () => (this.store.pathIncomplete ? this.store.whenComplete() : undefined),
  });
  private readonly threads = new ThreadsDrawer(this, {
    strings: () => this.localize.strings,
    threads: () => this.store.threads,
    currentId: () => this.threadId,
    busy: () => this.run.busy,
    refresh: () => void this.store.refreshList(),
    chat: this,
  });
  /** Each finished reply said once, in a live region beside the log. */
  private readonly replies = new ReplyAnnouncer(this, () => this.localize.strings);
  /** Files the person attaches (`attachments`): loaded once set. */
  private readonly files = new AttachmentsLoader(this);
  /** Answers, ratings, edits, versions and retries on the turns drawn. */
  private readonly actions = new TurnActions({
    session: () => this.session,
    conversation: () => this.conversation,
    waitingForPerson: () => this.run.waitingForPerson,
    store: this.store,
    log: this.log,
    messages: () => this.messages(),
    drawn: () => this.updateComplete,
    focusComposer: () => this.composer?.focus(),
    emit: (name, detail, options) => this.emit(name, detail, options),
  });

  private workingsStarted = false;
  /** Messages are drawn before their view has loaded: `updateComplete` waits for it. */
  private messageViewLoading?: Promise<unknown>;

  constructor() {
    super();
    new LinkAnnouncer(this);
    // The display options every view inside shares.
    provideDisplay(this, () => displayOptions(this, this.apps.context));
  }

  private get session(): ChatSession {
    return this.run.session;
  }

  private get conversation(): ConversationState {
    return this.run.conversation;
  }

  /** Starts storage, the adapter's chunk, MCP servers and the renderer: inline as the chat first draws; a popup or sidebar when first opened or used. */
  protected startWorkings(): void {
    if (this.workingsStarted) return;
    this.workingsStarted = true;
    void loadMarkdown();
    void loadMessageView();
    this.configureStorage();
    this.apps.syncServers();
  }

  private configureStorage(): void {
    void this.store.configure(this.storage === 'none' ? 'none' : 'indexeddb', this.storageKey || 'agent-chat');
  }

  protected override firstUpdated(): void {
    this.emit('agent-chat-ready', {});
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('mcpServers')) this.apps.syncServers();
    if (this.embed.started && !this.workingsStarted) this.startWorkings();
    else if (this.workingsStarted && (changed.has('storage') || changed.has('storageKey'))) this.configureStorage();
    // Apps are told the chat's language too: the element's, or the page's as it changes.
    const languageChanged = this.apps.context?.locale !== (this.localize.lang || navigator.language);
    if (!this.apps.context || changed.has('theme') || languageChanged || changed.has('sandboxUrl')) this.apps.refreshContext();
  }

  protected override updated(): void {
    this.connection.announceProblems();
  }

  /** An app's `ui/message` (consented to, or trusted): sent as the app's once the reply under way has ended. */
  private async sendFromApp(text: string, source: MessageSource): Promise<boolean> {
    await this.session.idle();
    return this.run.deliver(text, source);
  }

  /**
   * Builds an app card from the page: calls `tool` on the server named `source` (or uses `value` as
   * its result), adds it as a reply (with `text` above it) and resolves to the card element.
   * @param options `{ source, tool, arguments?, value?, title?, icon?, open?, showRequest?, fullScreen?,
   *   text? }`; `title` to `fullScreen` as in `toolDisplay`.
   */
  async appendAppCard(options: AppendAppCardOptions): Promise<HTMLElement> {
    this.embed.wake();
    if (this.run.waitingForPerson) throw new Error('appendAppCard() cannot add a card while the agent waits for answers to its questions or requests.');
    const call = await this.apps.appCall(options.source, options.tool, options.arguments ?? {}, options.value, newId());
    const reply = appCardReply(options, call);
    this.toolDisplay = withCardDisplay(this.toolDisplay, options) ?? this.toolDisplay;
    this.session.update({ type: 'append-reply', reply });
    await this.updateComplete;
    const message = this.messageOf(reply.id);
    await message?.updateComplete;
    const card = message?.toolCard();
    if (!card) throw new Error('The app card could not be shown.');
    return card;
  }

  /** Also waits, when messages were drawn before their view had loaded, until they are drawn. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    const loading = this.messageViewLoading;
    if (!loading) return result;
    await loading;
    if (this.messageViewLoading === loading) this.messageViewLoading = undefined;
    await Promise.all(this.messages().map((message) => message.updateComplete));
    return result;
  }

  /** The messages drawn, in order (none while their view is still loading). */
  private messages(): AgentChatMessage[] {
    if (!messageViewLoaded()) return [];
    return [...this.renderRoot.querySelectorAll<AgentChatMessage>('agent-chat-message')];
  }

  private messageOf(turnId: string): AgentChatMessage | undefined {
    return this.messages().find((element) => element.turn?.id === turnId);
  }

  private emit<K extends keyof AgentChatEventMap>(name: K, detail: AgentChatEventMap[K]['detail'], options?: { cancelable?: boolean }): boolean {
    return emit(this, name, detail, options);
  }

  private jumpToLatest = () => {
    this.log.follow();
    this.composer?.focus();
  };

  private onComposerSend = (event: ComposerSendEvent) => {
    if (this.run.deliver(event.text, undefined, event.attachments)) this.composer.clear();
  };

  /**
   * Sends `text` as the person; returns `false` if not sent (a reply is streaming, the agent's
   * requests wait for answers — the chat then says so above the composer —, empty text, or
   * `agent-chat-send` was cancelled). Open `ask_user` questions are answered by the message
   * (`{"status":"deferred"}`).
   */
  send(text: string): boolean {
    this.embed.wake();
    return this.run.deliver(text);
  }

  /**
   * Every turn as shown (copies; the shape is under Turns): subagent calls are tool-call parts with
   * `activity: { activityId, rootToolCallId, label, agentName, agentId, depth, sequence, delegationId,
   * parentDelegationId, runId }` (fields without a value left out). While a long saved conversation
   * is still being read, the end of its path: the turns read so far, until `agent-chat-thread-change`
   * says it is open.
   */
  getTurns(): Turn[] {
    return turnsWithActivity(this.conversation.turns);
  }

  /** What the model sees: the turns of `getTurns()` without activity cards and subagent text. */
  getContextTurns(): Turn[] {
    return contextTurns(this.conversation.turns);
  }

  /**
   * Replaces the conversation (e.g. with turns kept elsewhere; the shape is under Turns). Activity
   * cards are set apart again; nothing runs. Malformed turns throw a `TypeError` and change nothing.
   */
  setTurns(turns: Turn[]): void {
    const next = turnsFromPage(turns);
    this.stop();
    this.session.update({ type: 'reset', turns: next });
    this.log.drawLast(next);
  }

  /**
   * Adds a turn at the end (the shape is under Turns); nothing runs. Not while a reply streams or the
   * agent waits for answers (it throws); a malformed turn throws a `TypeError` and changes nothing.
   */
  addTurn(turn: Turn): void {
    const next = turnFromPage(turn, this.conversation.turns.length);
    if (this.session.busy) throw new Error('addTurn() cannot add a turn while a reply streams.');
    if (this.run.waitingForPerson) throw new Error('addTurn() cannot add a turn while the agent waits for answers to its questions or requests.');
    this.session.update({ type: 'reset', turns: [...this.conversation.turns, next] });
  }

  /** Aborts the streaming reply; what arrived stays, marked "Stopped", running tool cards become *cancelled*. */
  stop(): void {
    this.session.stop();
  }

  /**
   * Runs the last reply again as a new version of it, e.g. after an error or a stop (the old one
   * stays, one click away on "‹ 1 / 2 ›"); its apps get `ui/resource-teardown` first. Returns `false`
   * when a reply is streaming or there is nothing to run again.
   */
  retry(): boolean {
    return this.actions.retry();
  }

  // ---- Threads (storage/chat-storage.ts keeps them; threads-drawer.ts lists them) ----

  /** Starts a new, empty conversation (the one shown stays saved); resolves to its id. */
  async newThread(): Promise<string> {
    await this.storeReady();
    this.threads.hide();
    return this.store.newThread();
  }

  /** Shows a saved conversation as it was, running nothing; resolves once all of it is read (`false` when there is none). */
  async openThread(id: string): Promise<boolean> {
    await this.storeReady();
    return this.store.openThread(id);
  }

  /** The saved conversations `{ id, title, updated }[]`, most recent first. */
  async listThreads(): Promise<ThreadSummary[]> {
    await this.storeReady();
    await this.store.refreshList();
    return this.store.threads.map((thread) => ({ ...thread }));
  }

  /** Deletes a conversation and all its branches; when it is the one shown, a new one starts. */
  async deleteThread(id: string): Promise<void> {
    await this.storeReady();
    await this.store.deleteThread(id);
  }

  /** Renames a saved conversation (the title the list of conversations shows). */
  async renameThread(id: string, title: string): Promise<void> {
    await this.storeReady();
    await this.store.renameThread(id, title);
  }

  /**
   * A conversation (default: the one shown) as JSON-ready data `{ format: 'agent-chat-thread',
   * version: 1, thread, nodes }` — from storage, or from memory when there is none.
   */
  async exportThread(id = this.store.ensureThreadId()): Promise<ThreadExport> {
    await this.storeReady();
    return this.store.exportThread(id);
  }

  /**
   * Adds a conversation from an export (an object or its JSON text, as `exportThread` gives it) and
   * shows it; resolves to its id. An invalid file is refused with a clear error and changes nothing.
   */
  async importThread(data: unknown): Promise<string> {
    await this.storeReady();
    return this.store.importThread(data);
  }

  /** Storage open (a popup that was never opened starts now). */
  private storeReady(): Promise<void> {
    this.embed.wake();
    return this.store.ready();
  }

  protected focusComposer(): void {
    void this.composer?.updateComplete.then(() => this.composer.focus());
  }

  protected panelShown(): void {
    this.log.follow();
  }

  protected renderChat() {
    const strings = this.localize.strings;
    const turns = this.conversation.turns;
    const persistent = this.store.persistent;
    const first = this.log.firstDrawn();
    // Only the turns drawn need theirs (a long thread's path has thousands).
    const branches = this.store.branchesOf(first > 0 ? turns.slice(first) : turns);
    const settled = !this.run.busy && !this.run.waitingForPerson;
    if (turns.length && !messageViewLoaded()) this.messageViewLoading ??= loadMessageView();
    this.noticeShown ||= !!(this.apps.signIns.length || this.apps.unreachable.length);
    return html`<div class="base ${this.apps.pane ? 'with-pane' : ''}" part="base">
      ${this.files.ui?.dropTarget()}
      ${headerTemplate({
        heading: this.heading,
        threadsButton: persistent ? this.threads.renderButton() : undefined,
        closeButton: this.embed.floating ? closeButtonTemplate(strings, () => this.embed.setOpen(false, 'close-button')) : undefined,
      })}
      ${persistent && this.threads.open ? this.threads.renderDrawer() : nothing}
      <div class="body">
      ${storageNoticeTemplate(
        strings,
        this.store.problem,
        () => void this.threads.download(),
        () => this.store.dismissProblem(),
      )}
      <div
        class="messages"
        part="messages"
        role="log"
        aria-live="polite"
        aria-label=${strings.conversation}
        aria-busy=${this.run.busy ? 'true' : 'false'}
        tabindex="0"
        ${on(RetryRequestEvent, this.actions.onRetryRequest)}
        ${on(AnswerEvent, this.actions.onAnswer)}
        ${on(TurnActionEvent, this.actions.onTurnAction)}
        ${on(FeedbackEvent, this.actions.onFeedback)}
      >
        <div class="column">
          ${this.greeting && first === 0 ? html`<div class="greeting" part="greeting"><agent-chat-markdown .text=${this.greeting}></agent-chat-markdown></div>` : nothing}
          ${
            first > 0
              ? html`<button class="earlier" part="earlier-button" type="button" @click=${() => this.log.drawEarlier()}>
                ${strings.earlierMessages(first)}
              </button>`
              : nothing
          }
          ${turnsTemplate({ turns, first, branches, busy: this.run.busy, settled })}
          ${suggestionsTemplate(this, turns, this.run.busy, this.suggestions)}
        </div>
      </div>
      ${this.replies.template()}
      ${this.log.unseen ? html`<button class="jump" part="jump-button" type="button" @click=${this.jumpToLatest}>${strings.jumpToLatest}</button>` : nothing}
      ${this.apps.pane ? html`<div class="pane-area" part="app-pane"></div>` : nothing}
      ${configErrorsTemplate(strings, this.connection.problems)}
      ${this.noticeShown ? mcpNoticeTemplate(this.apps, () => this.focusComposer()) : nothing}
      <div class="footer">
        ${heldNoticeTemplate(strings, this.run.heldNotice, this.actions.goToRequest)}
        <agent-chat-composer
          exportparts=${COMPOSER_PARTS}
          .attachments=${this.files.ui}
          .placeholder=${this.placeholder}
          ?busy=${this.run.busy}
          ${on(ComposerSendEvent, this.onComposerSend)}
          ${on(ComposerStopEvent, () => this.stop())}
        ></agent-chat-composer>
      </div>
      </div>
    </div>`;
  }
}
