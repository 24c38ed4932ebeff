/**
 * The MCP Apps host (loaded as its own chunk): connects to the page's MCP servers, offers their
 * model-visible tools to the backend as client tools and runs them, reads app resources (from the
 * page's servers, or relayed through the backend for servers it owns), and runs each app frame
 * with every tool call of its page checked for visibility and by `onAppCall`.
 */
import type { ClientToolCall, ClientToolResult } from '../session/client-tools.js';
import { errorText } from '../internal/errors.js';
import { isRecord } from '../internal/guards.js';
import { newId } from '../internal/ids.js';
import type { ToolDefinition } from '../protocol/contract.js';
import type { NamedCheck } from './app-call-check.js';
import { APP_MESSAGE_LIMIT, RateLimit, modelContextProblem } from './app-limits.js';
import { downloadForApp, refusal } from './app-download.js';
import { McpConnection, appResourceFrom } from './server-connection.js';
import { CallProgressBoard } from './call-progress.js';
import { ElicitationDesk } from './elicitation-desk.js';
import { appSandbox } from './app-origin.js';
import { FrameSession } from './frame-session.js';
import type { DisplayMode, FrameController, FrameRequest, HostEnvironment, McpHostApi } from './host-api.js';
import { toolTitle, toolVisibility, uiResourceUri } from './tool-meta.js';
import { permittedOnly } from './csp.js';
import { answerFor } from './result-for-model.js';
import type { AppCall, AppInfo, McpCallResult, McpServerConfig, McpTool, SignInRequest, SignInStart, UiResourceMeta } from './mcp-types.js';

/** How long the first run waits for servers to be listed before going on without the slow ones. */
const CONNECT_WAIT_MS = 10_000;

export class McpHost implements McpHostApi {
  private connections = new Map<string, McpConnection>();
  /** `_meta.ui` of the resources read in this page's life, by source and URI: the only meta trusted. */
  private readonly readMeta = new Map<string, UiResourceMeta | undefined>();
  /** How many messages each source's apps sent lately: one budget per server, however many cards. */
  private readonly messageLimits = new Map<string, RateLimit>();
  /** Tool names two servers offer, warned about once. */
  private readonly warnedCollisions = new Set<string>();

  /** Cards waiting for a server (a sign-in, its return): told whenever one becomes ready. */
  private readonly readyWaiters: (() => void)[] = [];

  readonly callProgress = new CallProgressBoard();
  readonly elicitations: ElicitationDesk;

  constructor(private readonly env: HostEnvironment) {
    this.elicitations = new ElicitationDesk(
      (toolCallId, elicitation) => env.recordElicitation(toolCallId, elicitation),
      (toolCallId) => env.hasToolCall(toolCallId),
    );
  }

  setServers(configs: McpServerConfig[]): void {
    const next = new Map<string, McpConnection>();
    for (const config of configs) {
      if (next.has(config.name)) {
        console.warn(`<agent-chat>: two MCP servers are named "${config.name}"; the second is ignored.`);
        continue;
      }
      const existing = this.connections.get(config.name);
      if (existing && sameConnection(existing.config, config)) {
        existing.config = config;
        next.set(config.name, existing);
        continue;
      }
      const connection = new McpConnection(config, {
        credentials: this.env.credentials(),
        elicit: (ask) => this.elicitations.ask(ask),
        elicitationComplete: (server, id) => this.elicitations.complete(server, id),
        storageKey: this.env.storageKey(),
        onStatus: (changed) => {
          if (this.connections.get(changed.name) !== changed && next.get(changed.name) !== changed) return;
          this.env.serverStatus(changed.name, changed.status, changed.failure);
          if (changed.status === 'ready') for (const resolve of this.readyWaiters.splice(0)) resolve();
        },
      });
      next.set(config.name, connection);
      this.env.serverStatus(config.name, connection.status, connection.failure);
    }
    for (const [name, connection] of this.connections) if (next.get(name) !== connection) connection.close();
    this.connections = next;
  }

  async ready(): Promise<void> {
    const all = Promise.allSettled([...this.connections.values()].map((connection) => connection.ready));
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS))]);
  }

  signIn(name: string): SignInStart {
    return this.connections.get(name)?.startSignIn() ?? 'not-needed';
  }

  signInRequests(): SignInRequest[] {
    return [...this.connections.values()]
      .filter((connection) => connection.status === 'auth-required')
      .map((connection) => ({ name: connection.name, blocked: connection.signInBlocked, ...(connection.signInFailure ? { failure: connection.signInFailure } : {}) }));
  }

  waitingOn(source: string): 'sign-in' | 'reach' | undefined {
    const connection = this.connections.get(source);
    if (connection?.status === 'auth-required') return 'sign-in';
    if (connection?.outOfReach && (connection.status === 'error' || connection.status === 'offline')) return 'reach';
    return undefined;
  }

  async whenReady(source: string): Promise<void> {
    while (this.connections.get(source)?.status !== 'ready') await new Promise<void>((resolve) => this.readyWaiters.push(resolve));
  }

  unreachable(): string[] {
    return this.failures(true);
  }

  problems(): string[] {
    return this.failures(false);
  }

  private failures(outOfReach: boolean): string[] {
    return [...this.connections.values()]
      .filter((connection) => (connection.status === 'error' || connection.status === 'offline') && connection.failure && connection.outOfReach === outOfReach)
      .map((connection) => connection.failure!);
  }

  async signOut(name: string): Promise<void> {
    await this.connections.get(name)?.signOut();
  }

  instructions(): { name: string; text: string }[] {
    return [...this.connections.values()]
      .filter((connection) => connection.status === 'ready' && connection.instructions)
      .map((connection) => ({ name: connection.name, text: connection.instructions! }));
  }

  hasOwnCheck(source: string): boolean {
    return typeof this.connections.get(source)?.config.onAppCall === 'function';
  }

  // ---- client tools: what the model may call ----

  /**
   * Model-visible tools of every connected server. A name two servers offer goes to the server
   * given first (children in document order, then `mcpServers`), with a console warning.
   */
  private modelTools(): Map<string, { connection: McpConnection; tool: McpTool }> {
    const tools = new Map<string, { connection: McpConnection; tool: McpTool }>();
    for (const connection of this.connections.values()) {
      for (const tool of connection.tools) {
        if (!toolVisibility(tool).model || needsTask(tool)) continue;
        const taken = tools.get(tool.name);
        if (!taken) {
          tools.set(tool.name, { connection, tool });
          continue;
        }
        const key = `${tool.name}\n${taken.connection.name}\n${connection.name}`;
        if (this.warnedCollisions.has(key)) continue;
        this.warnedCollisions.add(key);
        console.warn(
          `<agent-chat>: the MCP servers "${taken.connection.name}" and "${connection.name}" both offer a tool named ${tool.name}; the model gets the one of "${taken.connection.name}" (given first).`,
        );
      }
    }
    return tools;
  }

  definitions(): ToolDefinition[] {
    return [...this.modelTools().values()].map(({ connection, tool }) => ({
      name: tool.name,
      description: tool.description ?? toolTitle(tool) ?? tool.name,
      parameters: tool.inputSchema ?? { type: 'object', properties: {} },
      metadata: { 'agent-chat': { kind: 'mcp', server: connection.name } },
    }));
  }

  handles(name: string): boolean {
    return this.modelTools().has(name);
  }

  appFor(name: string): AppInfo | undefined {
    const entry = this.modelTools().get(name);
    const resourceUri = uiResourceUri(entry?.tool);
    if (!entry || !resourceUri) return undefined;
    return { source: entry.connection.name, via: 'page', resourceUri, tool: entry.tool };
  }

  async run(call: ClientToolCall, signal: AbortSignal): Promise<ClientToolResult> {
    const entry = this.modelTools().get(call.name);
    if (!entry) return { content: `No MCP server offers the tool ${call.name}.`, isError: true };
    const args = isRecord(call.arguments) ? call.arguments : {};
    // Stop ends every call; the card's Cancel ends this one (the SDK tells the server either way).
    const own = new AbortController();
    const stop = () => own.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    let cancelled = false;
    const board = this.callProgress;
    board.begin(call.toolCallId, () => {
      cancelled = true;
      own.abort(new Error('The person cancelled the call.'));
    });
    let result: McpCallResult;
    try {
      result = await entry.connection.callTool(call.name, args, {
        signal: own.signal,
        onProgress: (progress) => board.report(call.toolCallId, progress),
        toolCallId: call.toolCallId,
      });
    } catch (error) {
      const failure = cancelled ? `The person cancelled the call of ${call.name} before it finished.` : errorText(error);
      return { content: failure, isError: true, ...(cancelled ? { cancelled } : {}), app: { failure } };
    } finally {
      this.elicitations.endCall(call.toolCallId);
      board.end(call.toolCallId);
      signal.removeEventListener('abort', stop);
    }
    return { ...this.modelValue(call.name, result, args), app: { callResult: result } };
  }

  /** What the model receives (`valueFn`'s output, else see result-for-model.ts), and what the call's card keeps. */
  private modelValue(name: string, result: McpCallResult, args: unknown): ClientToolResult {
    return answerFor(result, this.env.valueFor(name, result, args));
  }

  async callTool(source: string, name: string, args: Record<string, unknown>, given?: McpCallResult): Promise<{ result: McpCallResult; app?: AppInfo }> {
    const connection = this.connections.get(source);
    if (!connection) throw new Error(`No MCP server is named "${source}".`);
    await connection.ready;
    const tool = connection.tool(name);
    if (!tool) throw new Error(`The MCP server "${source}" has no tool ${name}.`);
    const result = given ?? (await connection.callTool(name, args));
    const resourceUri = uiResourceUri(tool);
    return { result, app: resourceUri ? { source, via: 'page', resourceUri, tool, callResult: result } : undefined };
  }

  // ---- resources ----

  async readResource(app: AppInfo): Promise<{ html: string; meta?: UiResourceMeta }> {
    let resource: { html: string; meta?: UiResourceMeta };
    if (app.via === 'backend') {
      resource = appResourceFrom(await this.relay(app, 'resources/read', { uri: app.resourceUri }), app.resourceUri);
    } else {
      const connection = this.connections.get(app.source);
      if (!connection) throw new Error(`No MCP server named "${app.source}" is connected to this chat.`);
      resource = await connection.readAppResource(app.resourceUri);
    }
    this.readMeta.set(metaKey(app), resource.meta);
    return resource;
  }

  /**
   * The `_meta.ui` a frame runs under: what its server gave when this page read the resource; for
   * a card restored from storage, the live server's listing, else nothing (the restrictive
   * default). Never what was stored. Its permissions are cut to what the page grants.
   */
  private async currentMeta(app: AppInfo): Promise<UiResourceMeta | undefined> {
    const key = metaKey(app);
    let meta: UiResourceMeta | undefined;
    if (this.readMeta.has(key)) meta = this.readMeta.get(key);
    else if (app.via === 'page')
      meta = await this.connections
        .get(app.source)
        ?.listedUiMeta(app.resourceUri)
        .catch(() => undefined);
    if (!meta) return undefined;
    return { ...meta, permissions: permittedOnly(meta.permissions, this.env.appPermissions()) };
  }

  /** A request to a server the backend owns, relayed as a run (`@ag-ui/mcp-apps-middleware`). */
  private async relay(app: AppInfo, method: string, params: Record<string, unknown>): Promise<unknown> {
    const backend = this.env.backend();
    if (!backend) throw new Error('There is no backend to relay the app request to.');
    const runId = newId();
    const request = {
      threadId: this.env.threadId(),
      runId,
      messages: [],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {
        __proxiedMCPRequest: { serverHash: app.serverHash, serverId: app.via === 'backend' && app.source !== app.serverHash ? app.source : undefined, method, params },
      },
    };
    const abort = new AbortController();
    for await (const event of backend.run(request, { signal: abort.signal })) {
      if (event.type === 'run-error') throw new Error(`The backend could not relay ${method}: ${event.error.message}`);
      if (event.type === 'run-finished') {
        abort.abort();
        const result = event.result as { error?: unknown } | undefined;
        if (typeof result?.error === 'string') throw new Error(`The backend could not relay ${method}: ${result.error}`);
        return result;
      }
    }
    throw new Error(`The backend ended the relayed ${method} without a result.`);
  }

  // ---- frames ----

  async openFrame(request: FrameRequest): Promise<FrameController> {
    const { app } = request;
    const meta = await this.currentMeta(app);
    const messages = this.messageLimits.get(app.source) ?? new RateLimit();
    this.messageLimits.set(app.source, messages);
    // The missing-check mark: shown under its server's own check, and none is given now.
    const unchecked = () => !!app.hadOwnCheck && !this.hasOwnCheck(app.source) && typeof this.env.chatCheck() !== 'function';
    const UNCHECKED = `This app was shown while "${app.source}" had its own check, and this page gives none; it may not do that.`;
    const serverUrl = app.via === 'page' ? this.connections.get(app.source)?.config.url : undefined;
    const sandbox = await appSandbox(request.sandboxUrl, meta?.domain, serverUrl, document.baseURI, location.origin);
    if (sandbox.note) console.info(`<agent-chat>: ${sandbox.note}`);
    const session: FrameSession = new FrameSession({
      iframe: request.iframe,
      html: request.html,
      meta,
      sandboxUrl: sandbox.url,
      appPage: sandbox.appPage,
      hostContext: request.hostContext,
      handlers: {
        callTool: (params): Promise<McpCallResult> => {
          request.acted();
          return this.appCall(request, params.name, isRecord(params.arguments) ? params.arguments : {}, session.gone);
        },
        readResource: (uri) => (unchecked() ? Promise.reject(new Error(UNCHECKED)) : this.appReadResource(app, uri)),
        list: (method, cursor) => (unchecked() ? Promise.reject(new Error(UNCHECKED)) : this.appList(app, method, cursor)),
        message: async (content) => {
          const text = content
            .filter((item): item is { type: 'text'; text: string } => (item as { type?: string }).type === 'text')
            .map((item) => item.text)
            .join('\n')
            .trim();
          if (!text || text.length > APP_MESSAGE_LIMIT || unchecked()) return { isError: true };
          if (!messages.take(Date.now())) {
            console.warn(`<agent-chat>: the apps of "${app.source}" send messages too fast; this one (card ${request.instanceId}) is refused.`);
            return { isError: true };
          }
          request.acted();
          const trusted = this.connections.get(app.source)?.config.messages === 'allow' && app.via === 'page';
          const consent =
            !trusted && !(await this.env.trustsAppMessage({ text, source: app.source, instanceId: request.instanceId, title: request.title(), chat: this.env.chatId() }));
          return { isError: !(await request.message(text, consent)) };
        },
        updateModelContext: (value) => {
          if (unchecked()) return UNCHECKED;
          const problem = modelContextProblem(value);
          if (!problem) request.updateModelContext(value);
          return problem;
        },
        openLink: (url) => request.openLink(url),
        downloadFile: async (contents) => (unchecked() ? refusal(UNCHECKED) : downloadForApp(contents, request)),
        requestDisplayMode: (mode) => request.requestDisplayMode(unchecked() ? 'inline' : mode),
        requestTeardown: () => request.closeRequested(),
        initialized: (modes) => request.appDeclaredModes(modes?.filter((mode): mode is DisplayMode => mode === 'inline' || mode === 'fullscreen' || mode === 'pip')),
        sizeChanged: (size) => request.sizeChanged(size),
        log: (params) => console.info(`<agent-chat> app ${app.resourceUri} [${params.level ?? 'info'}]`, params.data),
        leftItsPage: () => request.leftItsPage(),
        focusSignal: (signal) => request.focusSignal(signal),
      },
    });
    await session.start();
    return session;
  }

  /**
   * A tool call made by an app's page. Only tools of the card's own server with `app` visibility
   * pass; then the server's own check and the chat's. A refused call never reaches the server; the
   * app gets an error result with the reason.
   */
  private async appCall(request: FrameRequest, name: string, args: Record<string, unknown>, gone: AbortSignal): Promise<McpCallResult> {
    const { app } = request;
    const connection = app.via === 'page' ? this.connections.get(app.source) : undefined;
    const tool = connection?.tool(name);
    const refuse = (error: string): McpCallResult => {
      this.env.appCalled({ name, arguments: args, source: app.source, instanceId: request.instanceId, allowed: false, error });
      return { content: [{ type: 'text', text: error }], isError: true };
    };
    if (app.via === 'page') {
      if (!connection) return refuse(`The MCP server "${app.source}" is not connected to this chat.`);
      if (!tool) return refuse(`The MCP server "${app.source}" has no tool ${name}.`);
      if (!toolVisibility(tool).app) return refuse(`The tool ${name} is not available to apps.`);
      if (needsTask(tool)) return refuse(`The tool ${name} runs only as a task, which this chat does not run.`);
    }
    const call: AppCall = {
      name,
      arguments: args,
      tool,
      instanceId: request.instanceId,
      kind: request.kind(),
      source: app.source,
      chat: this.env.chatId(),
      title: request.title(),
      user: this.env.user(),
    };
    const checks: NamedCheck[] = [];
    const own = connection?.config.onAppCall;
    if (typeof own === 'function') checks.push({ owner: `the MCP server "${app.source}"`, check: own });
    const chat = this.env.chatCheck();
    if (typeof chat === 'function') checks.push({ owner: 'the chat', check: chat });
    if (app.hadOwnCheck && typeof own !== 'function' && typeof chat !== 'function') {
      return refuse(`This app was shown while "${app.source}" had its own check, and this page gives none; its calls are refused.`);
    }
    const verdict = await this.env.checkAppCall(checks, call, request.prompt);
    if (!verdict.allowed) return refuse(verdict.error);
    this.env.appCalled({ name, arguments: args, source: app.source, instanceId: request.instanceId, allowed: true });
    try {
      if (connection) {
        try {
          return await connection.callTool(name, args, { signal: gone, toolCallId: request.instanceId });
        } finally {
          this.elicitations.endCall(request.instanceId);
        }
      }
      return (await this.relay(app, 'tools/call', { name, arguments: args })) as McpCallResult;
    } catch (error) {
      return { content: [{ type: 'text', text: errorText(error) }], isError: true };
    }
  }

  /** An app may list the resources (or resource templates) of its own server, as it may read them. */
  private async appList(app: AppInfo, method: 'resources/list' | 'resources/templates/list', cursor: string | undefined): Promise<unknown> {
    if (app.via === 'backend') return this.relay(app, method, cursor === undefined ? {} : { cursor });
    const connection = this.connections.get(app.source);
    if (!connection) throw new Error(`The MCP server "${app.source}" is not connected to this chat.`);
    await connection.ready;
    return connection.listRaw(method, cursor);
  }

  /** An app may read resources of its own server (not checked: reads change nothing). */
  private async appReadResource(app: AppInfo, uri: string): Promise<unknown> {
    if (app.via === 'backend') return this.relay(app, 'resources/read', { uri });
    const connection = this.connections.get(app.source);
    if (!connection) throw new Error(`The MCP server "${app.source}" is not connected to this chat.`);
    await connection.ready;
    return connection.readResourceRaw(uri);
  }
}

function metaKey(app: AppInfo): string {
  return `${app.via}\n${app.source}\n${app.resourceUri}`;
}

export function createMcpHost(env: HostEnvironment): McpHostApi {
  return new McpHost(env);
}

/** Whether a server given again is the one already connected (else it connects anew). */
function sameConnection(a: McpServerConfig, b: McpServerConfig): boolean {
  const auth = (config: McpServerConfig) => JSON.stringify([config.url, config.headers, config.clientId, config.clientMetadataUrl, config.redirectUrl, config.scopes]);
  return auth(a) === auth(b) && a.authProvider === b.authProvider;
}

/** A tool that runs only as a task (`execution.taskSupport: "required"`): this chat does not run tasks, so it is not offered. */
function needsTask(tool: McpTool): boolean {
  const execution = tool.execution as { taskSupport?: unknown } | undefined;
  return execution?.taskSupport === 'required';
}
