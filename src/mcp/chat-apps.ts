/**
 * The chat element's MCP Apps side, as a Lit reactive controller: which servers the page gives
 * (children and `mcpServers`), the host (loaded on first need), what apps told the model, the side
 * pane, and the context every app frame gets. The element keeps the public API and the view.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RunSetup } from '../session/chat-session.js';
import { AgentChatMcpServer, showServerStatus } from '../components/mcp-server/mcp-server.js';
import { McpServerChangeEvent, McpServerSignOutEvent } from '../internal/view-events.js';
import { emit } from '../events.js';
import type { MessageSource, ToolCallPart } from '../conversation/types.js';
import type { AgentChatEventMap } from '../events.js';
import type { RunRequest, Transport } from '../protocol/contract.js';
import type { ToolDisplay } from '../conversation/tool-display.js';
import type { AppContext, PaneHolder } from './app-context.js';
import { ChatAppContext, type AppModelContexts } from './chat-app-context.js';
import type { McpHostApi } from './host-api.js';
import { loadMcpHost } from './host-loader.js';
import type { AppCallCheck, AppInfo, AppMessageCheck, Elicitation, McpCallResult, McpServerConfig, McpServerStatus, SignInRequest } from './mcp-types.js';

/** What the controller reads from the chat element: its public properties. */
export interface ChatAppsHost extends ReactiveControllerHost, HTMLElement {
  mcpServers: McpServerConfig[];
  onAppCall?: AppCallCheck;
  onAppMessage?: AppMessageCheck;
  appPermissions: string;
  user?: unknown;
  sandboxUrl?: string;
  theme: string;
  lang: string;
  storageKey: string;
  toolDisplay: Record<string, ToolDisplay>;
  /** Whether the chat's workings run: a closed popup connects to no server until first opened. */
  readonly started: boolean;
}

/** What the controller asks of the chat element, privately. */
export interface ChatAppsHooks {
  /** Fetch credentials the chat uses. */
  appCredentials(): RequestCredentials;
  /** The backend, when there is one. */
  appBackend(): Transport | undefined;
  /** The thread's id (made when there is none). */
  appThreadId(): string;
  /** The part of the chat a floating app (picture-in-picture) stays within: the conversation. */
  paneArea(): HTMLElement | undefined;
  /** A turn from an app (`ui/message`), once the reply under way has ended. */
  sendFromApp(text: string, source: MessageSource): Promise<boolean>;
  /** Records what a card learned about its app. */
  updateApp(partId: string, app: Partial<AppInfo>): void;
  /** Records a server's request for input (or its outcome) on the tool call it came during. */
  recordElicitation(toolCallId: string, elicitation: Elicitation): void;
  /** Whether the conversation shown has this tool call. */
  hasToolCall(toolCallId: string): boolean;
  /** Dispatches one of the chat's events (`agent-chat-open-link`, `-download`, `-app-call`); false when a cancelable one was cancelled. */
  emit<K extends keyof AgentChatEventMap>(name: K, detail: AgentChatEventMap[K]['detail'], options?: { cancelable?: boolean }): boolean;
}

export class ChatApps implements ReactiveController {
  /** What is wrong with the servers the page gave, or could not be reached. */
  problems: string[] = [];
  /** Servers waiting for the person to sign in, in the order they asked. */
  signIns: SignInRequest[] = [];
  /** Why each server that cannot be reached now is not offering its tools (it is tried again). */
  unreachable: string[] = [];
  private serversWaiting: ReadonlyMap<string, 'sign-in' | 'reach'> = new Map();
  context!: AppContext;
  /** The app floating over the conversation (picture-in-picture), one at a time. */
  pane?: PaneHolder;

  private hostPromise?: Promise<McpHostApi>;
  /** The host once loaded: a press on Sign in must reach it within the press. */
  private loadedHost?: McpHostApi;
  /** What is wrong with the servers as given. */
  private configProblems: string[] = [];
  private configs: McpServerConfig[] = [];
  private readonly modelContexts: AppModelContexts = new Map();
  private readonly childObserver = new MutationObserver(() => this.syncServers());
  private readonly colorScheme = window.matchMedia('(prefers-color-scheme: dark)');

  constructor(
    private readonly chat: ChatAppsHost,
    private readonly hooks: ChatAppsHooks,
  ) {
    chat.addController(this);
  }

  hostConnected(): void {
    this.chat.addEventListener(McpServerChangeEvent.type, this.onServerChange);
    this.chat.addEventListener(McpServerSignOutEvent.type, this.onSignOut);
    this.childObserver.observe(this.chat, { childList: true });
    this.colorScheme.addEventListener('change', this.onColorScheme);
    this.syncServers();
  }

  hostDisconnected(): void {
    this.chat.removeEventListener(McpServerChangeEvent.type, this.onServerChange);
    this.chat.removeEventListener(McpServerSignOutEvent.type, this.onSignOut);
    this.childObserver.disconnect();
    this.colorScheme.removeEventListener('change', this.onColorScheme);
    // A chat taken off the page lets go of its MCP connections (connecting again reopens them).
    void this.hostPromise?.then((host) => host.setServers([]));
  }

  /** A new frame context when what it carries changed (the element calls this before rendering). */
  refreshContext(): void {
    this.context = this.makeContext();
  }

  /** The servers from the children and `mcpServers`; connects (loading the host) once there are any. */
  /** A server child changed: the chat's own business, it goes no further. */
  private readonly onServerChange = (event: Event) => {
    event.stopPropagation();
    this.syncServers();
  };

  private readonly onSignOut = (event: Event) => {
    event.stopPropagation();
    const { name } = event.target as AgentChatMcpServer;
    (event as McpServerSignOutEvent).done = this.hostPromise?.then((host) => host.signOut(name));
  };

  /** The person pressed Sign in for `name`: opens the authorization window within the press. */
  signIn(name: string): void {
    this.loadedHost?.signIn(name);
    this.syncNotices();
  }

  /** The notices from what the host knows of its servers now. */
  private syncNotices(): void {
    const host = this.loadedHost;
    this.signIns = host?.signInRequests() ?? [];
    this.unreachable = host?.unreachable() ?? [];
    this.problems = [...this.configProblems, ...(host?.problems() ?? [])];
    // The cards of a server that waits say so (a new context only when that changed).
    const waiting = new Map<string, 'sign-in' | 'reach'>();
    for (const { name } of this.configs) {
      const why = host?.waitingOn(name);
      if (why) waiting.set(name, why);
    }
    if ([...waiting].join() !== [...this.serversWaiting].join()) {
      this.serversWaiting = waiting;
      this.refreshContext();
    }
    this.chat.requestUpdate();
  }

  /** A server's status changed: its element shows it, or the chat announces it. */
  serverStatus(name: string, status: McpServerStatus, failure?: string): void {
    const element = [...this.chat.children].find((child): child is AgentChatMcpServer => child instanceof AgentChatMcpServer && child.name === name);
    if (element) showServerStatus(element, status, failure);
    else emit(this.chat, 'agent-chat-mcp-status', { name, status, ...(failure ? { error: failure } : {}) });
    this.syncNotices();
  }

  syncServers = (): void => {
    const problems: string[] = [];
    const configs: McpServerConfig[] = [];
    for (const child of this.chat.children) {
      if (!(child instanceof AgentChatMcpServer)) continue;
      const entry = child.toConfig();
      if ('problem' in entry) problems.push(entry.problem);
      else configs.push(entry.config);
    }
    for (const config of this.chat.mcpServers ?? []) {
      if (config && typeof config.name === 'string' && typeof config.url === 'string' && config.name && config.url) configs.push(config);
      else problems.push('Each entry of mcpServers needs a name and a url.');
    }
    const before = this.problems.join('\n');
    this.configProblems = problems;
    this.problems = [...problems, ...(this.loadedHost?.problems() ?? [])];
    if (before !== this.problems.join('\n')) this.chat.requestUpdate();
    this.configs = configs;
    if ((configs.length === 0 && !this.hostPromise) || !this.chat.started) return;
    void this.host().then((host) => {
      host.setServers(this.configs);
      this.syncNotices();
    });
  };

  /** What a run needs from the apps side: MCP tools (once listed) and what apps told the model. */
  runSetup(): Pick<RunSetup, 'prepare' | 'clientTools' | 'context'> {
    // Servers set just before send() have not been through an update yet.
    this.syncServers();
    const setup: Pick<RunSetup, 'prepare' | 'clientTools' | 'context'> = { context: () => this.modelContext() };
    const pending = this.hostPromise;
    if (!pending) return setup;
    let host: McpHostApi | undefined;
    setup.prepare = async () => {
      host = await pending;
      await host.ready();
    };
    setup.clientTools = {
      definitions: () => host?.definitions() ?? [],
      handles: (name) => host?.handles(name) ?? false,
      appFor: (name) => host?.appFor(name),
      run: (call, signal) => host!.run(call, signal),
    };
    return setup;
  }

  host(): Promise<McpHostApi> {
    const { chat } = this;
    // The chat's side of the host (its environment) loads beside the host.
    const environment = () => import('./chat-host-environment.js').then(({ ChatHostEnvironment }) => new ChatHostEnvironment(this, chat, this.hooks));
    this.hostPromise ??= loadMcpHost(environment()).then((host) => {
      this.loadedHost = host;
      // The cards' context gains the host's boards of calls and requests.
      this.refreshContext();
      chat.requestUpdate();
      return host;
    });
    return this.hostPromise;
  }

  /** A finished tool call with its app, for `appendAppCard`: calls the tool unless `value` is given. */
  async appCall(source: string, tool: string, args: Record<string, unknown>, value: McpCallResult | undefined, id: string): Promise<ToolCallPart> {
    const host = await this.host();
    await host.ready();
    const { result, app } = await host.callTool(source, tool, args, value);
    if (!app) throw new Error(`The tool ${tool} of "${source}" has no app.`);
    return {
      kind: 'tool-call',
      id,
      name: tool,
      argsText: JSON.stringify(args),
      args,
      argsComplete: true,
      status: result.isError ? 'error' : 'done',
      result: result.structuredContent ?? result.content,
      resultMessageId: `${id}:result`,
      app,
    };
  }

  private onColorScheme = () => {
    if (this.chat.theme !== 'auto') return;
    this.refreshContext();
    this.chat.requestUpdate();
  };

  private makeContext(): AppContext {
    const { chat } = this;
    const theme = chat.theme === 'light' || chat.theme === 'dark' ? chat.theme : this.colorScheme.matches ? 'dark' : 'light';
    const locale = chat.lang || chat.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang || navigator.language;
    return new ChatAppContext(this, chat, this.hooks, this.modelContexts, {
      callProgress: this.loadedHost?.callProgress,
      elicitations: this.loadedHost?.elicitations,
      sandboxUrl: chat.sandboxUrl || undefined,
      theme,
      locale,
      serversWaiting: this.serversWaiting,
    });
  }

  /** The names of the MCP servers' tools the model may call (none before the host has loaded). */
  toolNames(): string[] {
    return (this.loadedHost?.definitions() ?? []).map((tool) => tool.name);
  }

  /** What the servers' instructions and the apps (`ui/update-model-context`, the latest of each card) tell the model, with every run. */
  private modelContext(): RunRequest['context'] {
    const servers = (this.loadedHost?.instructions() ?? []).map(({ name, text }) => ({ description: `Instructions of MCP server "${name}"`, value: text }));
    const apps = [...this.modelContexts.entries()].map(([instanceId, { title, value }]) => ({
      description: `State of the app "${title}" in tool card ${instanceId}, as the app reported it`,
      value,
    }));
    return [...servers, ...apps];
  }
}
