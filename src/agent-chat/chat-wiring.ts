/**
 * How the chat's controllers work together. The element (`agent-chat-element.ts`) holds the
 * configuration and the public methods; this class makes its controllers, in the order their
 * lifecycle hooks run, and answers what each asks of the others: it implements their hook
 * interfaces with the methods below, so a hook's "go to definition" lands here. It also draws the
 * chat (`chat-view.ts`) inside the embedding (inline, or a launcher and a panel).
 */
import { nothing, type PropertyValues } from 'lit';
import type { AgentChatComposer } from '../components/composer/composer.js';
import type { AgentChatMessage } from '../components/message/message.js';
import { loadMessageView, messageViewLoaded } from '../components/message/message-loader.js';
import type { ConversationState, MessageSource, Turn } from '../conversation/types.js';
import { emit, type AgentChatEventMap, type AgentChatStorageErrorDetail, type AgentChatSyncDetail, type AgentChatThreadChangeDetail } from '../events.js';
import type { ChatStrings } from '../i18n/chat-strings.js';
import { LocalizeController } from '../i18n/localize.js';
import { provideDisplay } from '../internal/contexts.js';
import type { ComposerSendEvent } from '../internal/view-events.js';
import { ChatApps, type ChatAppsHooks } from '../mcp/chat-apps.js';
import type { AppInfo, Elicitation } from '../mcp/mcp-types.js';
import type { Transport } from '../protocol/contract.js';
import { loadMarkdown } from '../render/markdown-loader.js';
import type { ChatSession, RunSetup } from '../session/chat-session.js';
import { ChatStorage, type ChatStorageHooks, type ThreadSummary } from '../storage/chat-storage.js';
import { AttachmentsLoader } from '../attachments/attachments-loader.js';
import type { AgentChatElement } from './agent-chat-element.js';
import { chatView } from './chat-view.js';
import { ConnectionController } from './connection-controller.js';
import { displayOptions } from './display-options.js';
import type { EmbedHooks } from './embed-mode.js';
import { EmbedState } from './embed-state.js';
import { embedTemplate } from './embed-templates.js';
import { LinkAnnouncer } from './link-announcer.js';
import { LogController, type LogHooks } from './log-controller.js';
import { ReplyAnnouncer } from './reply-announcer.js';
import { RunSetupMaker, type RunSources } from './run-setup.js';
import { SessionController, type SessionHooks } from './session-controller.js';
import { ThreadsDrawer, loadThreadList, type DrawerHooks } from './threads-drawer.js';
import { TurnActions, type TurnActionsHooks } from './turn-actions.js';

export class ChatWiring implements EmbedHooks, ChatAppsHooks, ChatStorageHooks, RunSources, SessionHooks, LogHooks, DrawerHooks, TurnActionsHooks {
  /** The chat's language and texts, provided to every view inside. */
  readonly localize: LocalizeController;
  /** Inline, or a launcher and a panel: open or not, unread replies, a popup's lazy start. */
  readonly embed: EmbedState;
  /** The attributes that say where the backend is, and what the page set wrong. */
  readonly connection: ConnectionController;
  /** MCP servers, their apps and sign-ins. */
  readonly apps: ChatApps;
  /** The threads: saved, restored, followed across tabs; and `thread-id`. */
  readonly store: ChatStorage;
  private readonly runSetupMaker: RunSetupMaker;
  /** The run loop, drawn once per frame, and its events. */
  readonly run: SessionController;
  /** The message log: follows its end, draws a long conversation from its end. */
  readonly log: LogController;
  readonly threads: ThreadsDrawer;
  /** Each finished reply said once, in a live region beside the log. */
  readonly replies: ReplyAnnouncer;
  /** Files the person attaches (`attachments`): loaded once set. */
  readonly files: AttachmentsLoader;
  /** Answers, ratings, edits, versions and retries on the turns drawn. */
  readonly actions: TurnActions;
  /** The MCP notice was drawn once: it stays (empty while nothing is asked), to hand the keyboard on when its last button goes. */
  noticeShown = false;
  private workingsStarted = false;
  /** Messages are drawn before their view has loaded: `updateComplete` waits for it. */
  messageViewLoading?: Promise<unknown>;

  constructor(readonly chat: AgentChatElement) {
    this.localize = new LocalizeController(chat);
    this.embed = new EmbedState(chat, this);
    this.connection = new ConnectionController(chat, () => this.configurationProblems());
    this.apps = new ChatApps(chat, this);
    this.store = new ChatStorage(chat, this);
    this.runSetupMaker = new RunSetupMaker(chat, this);
    this.run = new SessionController(chat, this);
    this.log = new LogController(chat, this);
    this.threads = new ThreadsDrawer(chat, this);
    this.replies = new ReplyAnnouncer(chat, () => this.localize.strings);
    this.files = new AttachmentsLoader(chat);
    this.actions = new TurnActions(this);
    chat.addEventListener('agent-chat-response-end', this.personActing);
    new LinkAnnouncer(chat);
    // The display options every view inside shares.
    provideDisplay(chat, () => displayOptions(chat, this.apps.context));
  }

  get session(): ChatSession {
    return this.run.session;
  }

  get conversation(): ConversationState {
    return this.run.conversation;
  }

  get composer(): AgentChatComposer | null {
    return this.chat.renderRoot.querySelector<AgentChatComposer>('agent-chat-composer');
  }

  render() {
    const strings = this.localize.strings;
    return embedTemplate(
      {
        mode: this.embed.mode,
        strings,
        open: this.chat.open,
        started: this.embed.started,
        unread: this.embed.unread,
        launcherLabel: this.chat.launcherLabel,
        panelLabel: this.chat.heading || strings.conversation,
        dir: this.localize.dir,
        onLauncher: () => this.embed.setOpen(!this.chat.open, 'launcher'),
        fullScreen: this.embed.fullScreen,
        onPanelKey: this.embed.onPanelKey,
        onEdgeFocus: this.embed.onEdgeFocus,
      },
      this.embed.started ? chatView(this) : nothing,
    );
  }

  /** The element's `willUpdate`: what a change of its configuration sets going. */
  configurationChanging(changed: PropertyValues<AgentChatElement>): void {
    if (changed.has('mcpServers')) this.apps.syncServers();
    if (changed.has('tools') || changed.has('context')) void this.runSetupMaker.page.ready();
    if (this.embed.started && !this.workingsStarted) this.start();
    else if (this.workingsStarted && ['storage', 'storageKey', 'storageUrl', 'headers'].some((name) => changed.has(name as 'storage'))) this.configureStorage();
    // Apps are told the chat's language too: the element's, or the page's as it changes.
    const languageChanged = this.apps.context?.locale !== (this.localize.lang || navigator.language);
    if (!this.apps.context || changed.has('theme') || languageChanged || changed.has('sandboxUrl')) this.apps.refreshContext();
  }

  /** Settles, when messages were drawn before their view had loaded, once they are drawn. */
  async messagesDrawn(): Promise<void> {
    const loading = this.messageViewLoading;
    if (!loading) return;
    await loading;
    if (this.messageViewLoading === loading) this.messageViewLoading = undefined;
    await Promise.all(this.messages().map((message) => message.updateComplete));
  }

  messageOf(turnId: string): AgentChatMessage | undefined {
    return this.messages().find((element) => element.turn?.id === turnId);
  }

  /** The log goes to its end, the keyboard to the composer. */
  readonly jumpToLatest = () => {
    this.log.follow();
    this.composer?.focus();
  };

  /**
   * What a reply may draw (tool cards) is fetched ahead, in an idle moment: when the person is about
   * to write or choose (the focus comes into the chat, or a pointer presses in it), and once a reply
   * has ended (for the next) — not by a reply starting, where it would hold up its first frames. A card
   * drawn before then fetches it at once.
   */
  readonly personActing = () => void loadMessageView().then((view) => view?.preloadToolViews());

  /** The composer's Send: its draft goes once the message is sent or queued. */
  readonly sendFromComposer = (event: ComposerSendEvent) => {
    if (this.run.deliver(event.text, undefined, event.attachments)) this.composer?.clear();
  };

  /** Storage open (a popup that was never opened starts now). */
  storeReady(): Promise<void> {
    this.embed.wake();
    return this.store.ready();
  }

  private configureStorage(): void {
    const { storage } = this.chat;
    void this.store.configure(storage === 'none' || storage === 'remote' ? storage : 'indexeddb', this.chat.storageKey || 'agent-chat');
  }

  private configurationProblems(): string[] {
    return [...this.apps.problems, ...this.runSetupMaker.toolProblems(), ...(this.files.ui?.problems() ?? [])];
  }

  // ---- The embedding's hooks ----

  /** Starts storage, the adapter's chunk, MCP servers and the renderer: inline as the chat first draws; a popup or sidebar when first opened or used. */
  start(): void {
    if (this.workingsStarted) return;
    this.workingsStarted = true;
    void loadMarkdown();
    void loadMessageView();
    this.configureStorage();
    this.apps.syncServers();
  }

  focusComposer(): void {
    void this.composer?.updateComplete.then(() => this.composer?.focus());
  }

  focusLauncher(): void {
    this.chat.renderRoot.querySelector<HTMLElement>('.launcher')?.focus();
  }

  panel(): HTMLElement | null {
    return this.chat.renderRoot.querySelector<HTMLElement>('.panel');
  }

  shown(): void {
    this.log.follow();
  }

  focusFirst(): void {
    this.chat.renderRoot.querySelector<HTMLElement>('.frame .header button')?.focus();
  }

  // ---- The MCP apps' hooks ----

  appCredentials(): RequestCredentials {
    return this.connection.credentials;
  }

  appBackend(): Transport | undefined {
    const transport = this.connection.transport();
    return transport instanceof Error ? undefined : transport;
  }

  appThreadId(): string {
    return this.store.ensureThreadId();
  }

  paneArea(): HTMLElement | undefined {
    return this.chat.renderRoot.querySelector<HTMLElement>('.messages') ?? undefined;
  }

  /** An app's `ui/message` (consented to, or trusted): sent as the app's once the reply under way has ended. */
  async sendFromApp(text: string, source: MessageSource): Promise<boolean> {
    await this.session.idle();
    return this.run.deliver(text, source) !== null;
  }

  updateApp(partId: string, app: Partial<AppInfo>): void {
    this.session.update({ type: 'app-update', partId, app });
  }

  recordElicitation(toolCallId: string, elicitation: Elicitation): void {
    this.session.update({ type: 'elicitation', toolCallId, elicitation });
  }

  hasToolCall(toolCallId: string): boolean {
    return this.chat.getTurns().some((turn) => turn.role === 'assistant' && turn.parts.some((part) => part.kind === 'tool-call' && part.id === toolCallId));
  }

  // ---- Storage's hooks ----

  turns(): readonly Turn[] {
    return this.conversation.turns;
  }

  busy(): boolean {
    return this.session.busy;
  }

  showPath(turns: Turn[]): void {
    this.session.stop();
    this.session.update({ type: 'reset', turns });
    this.log.drawLast(turns);
    this.log.follow();
  }

  completePath(turns: Turn[]): void {
    this.session.replaceTurns(turns);
  }

  stop(): void {
    this.session.stop();
  }

  threadId(): string {
    return this.store.ensureThreadId();
  }

  setThreadId(id: string): void {
    this.store.adoptThreadId(id);
  }

  threadChanged(detail: AgentChatThreadChangeDetail): void {
    this.emit('agent-chat-thread-change', detail);
  }

  interrupted(replyId: string): void {
    // Picked up where the transport can (`resume`); the reply stays stopped otherwise.
    const last = this.conversation.turns[this.conversation.turns.length - 1];
    if (this.chat.resume && last?.id === replyId) this.session.resumeStream();
  }

  storageError(detail: AgentChatStorageErrorDetail): void {
    this.emit('agent-chat-storage-error', detail);
  }

  remote() {
    return { url: this.chat.storageUrl ?? '', headers: this.connection.headers, credentials: this.connection.credentials };
  }

  syncChanged(detail: AgentChatSyncDetail): void {
    void loadThreadList();
    this.emit('agent-chat-sync', detail);
  }

  // ---- A run's sources and the session's hooks ----

  transport() {
    return this.connection.transport();
  }

  pathIncomplete(): boolean {
    return this.store.pathIncomplete;
  }

  whenComplete(): Promise<void> {
    return this.store.whenComplete();
  }

  runSetup(): RunSetup {
    return this.runSetupMaker.make();
  }

  changed(next: ConversationState, previous: ConversationState, fromWire: boolean): void {
    this.log.contentChanged(next.turns, previous.turns);
    this.store.changed(fromWire);
  }

  ended(): void {
    void this.store.flush();
  }

  returnToDraft(texts: string[]): void {
    this.composer?.appendToDraft(texts);
  }

  threadShown(): Promise<void> | undefined {
    return this.store.threadShown();
  }

  sending(): void {
    this.log.follow();
  }

  titled(title: string): void {
    this.store.titleFromBackend(title);
  }

  async lastMessageDrawn(): Promise<void> {
    await this.messageViewLoading;
    await this.chat.renderRoot.querySelector<AgentChatMessage>('agent-chat-message:last-of-type')?.updateComplete;
  }

  // ---- The log's, the threads drawer's and the turn actions' hooks ----

  scroller(): HTMLElement | null {
    return this.chat.renderRoot.querySelector<HTMLElement>('.messages');
  }

  column(): Element {
    return this.chat.renderRoot.querySelector('.column')!;
  }

  earlierRead(): Promise<void> | undefined {
    return this.store.pathIncomplete ? this.store.whenComplete() : undefined;
  }

  strings(): ChatStrings {
    return this.localize.strings;
  }

  savedThreads(): ThreadSummary[] {
    return this.store.threads;
  }

  currentId(): string | undefined {
    return this.chat.threadId;
  }

  replyUnderWay(): boolean {
    return this.run.busy;
  }

  refresh(): void {
    void this.store.refreshList();
  }

  waitingForPerson(): boolean {
    return this.run.waitingForPerson;
  }

  /** The messages drawn, in order (none while their view is still loading). */
  messages(): AgentChatMessage[] {
    if (!messageViewLoaded()) return [];
    return [...this.chat.renderRoot.querySelectorAll<AgentChatMessage>('agent-chat-message')];
  }

  drawn(): Promise<unknown> {
    return this.chat.updateComplete;
  }

  focusComposerNow(): void {
    this.composer?.focus();
  }

  emit<K extends keyof AgentChatEventMap>(name: K, detail: AgentChatEventMap[K]['detail'], options?: { cancelable?: boolean }): boolean {
    return emit(this.chat, name, detail, options);
  }
}
