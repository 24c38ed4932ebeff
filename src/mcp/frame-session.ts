/**
 * One app frame's side of the MCP Apps protocol, on ext-apps `AppBridge` (with a `null` client:
 * every request of the app goes through the handlers given here). Sets up the sandbox, answers
 * `ui/initialize`, and keeps the spec's order: nothing is sent before the app says
 * `ui/notifications/initialized`; then `tool-input` exactly once (partial input only before it),
 * then `tool-result` or `tool-cancelled`, once.
 */
import { AppBridge, type McpUiHostContext, type McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { DownloadAnswer } from './app-download.js';
import { allowAttribute, buildCsp } from './csp.js';
import { appDocument, type FocusSignal } from './document-port.js';
import { FrameTransport } from './frame-transport.js';
import { APP_SANDBOX, PROXY_SANDBOX, type McpCallResult, type UiResourceMeta } from './mcp-types.js';

const HOST_INFO = { name: 'agent-chat', version: '0.1.0' };
/** How long an app may take to answer `ui/resource-teardown` before its frame goes anyway. */
const TEARDOWN_TIMEOUT_MS = 1000;

export interface FrameHandlers {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<McpCallResult>;
  readResource(uri: string): Promise<unknown>;
  /** `resources/list` or `resources/templates/list` of the app's own server (`cursor`: the page). */
  list(method: 'resources/list' | 'resources/templates/list', cursor: string | undefined): Promise<unknown>;
  message(content: unknown[]): Promise<{ isError?: boolean }>;
  /** Returns why the context was refused, if it was. */
  updateModelContext(params: { content?: unknown[]; structuredContent?: Record<string, unknown> }): string | undefined;
  /** Returns false when the page vetoed the link. */
  openLink(url: string): boolean | Promise<boolean>;
  /** An app's `ui/download-file` (its `contents` as the bridge checked them). */
  downloadFile(contents: unknown[]): Promise<DownloadAnswer>;
  requestDisplayMode(mode: McpUiDisplayMode): McpUiDisplayMode | Promise<McpUiDisplayMode>;
  /** The app asked to be closed (`ui/notifications/request-teardown`). */
  requestTeardown(): void;
  /** The app sent `ui/notifications/initialized`; `modes` are the display modes its `ui/initialize` declared, if any. */
  initialized(modes: readonly unknown[] | undefined): void;
  sizeChanged(size: { width?: number; height?: number }): void;
  log(params: { level?: string; logger?: string; data?: unknown }): void;
  /** The app's document navigated away from itself; the session has stopped talking to it. */
  leftItsPage(): void;
  /** The person pressed a pointer in the app's document, or the app tried to take the focus (its bootstrap says so, never the app). */
  focusSignal(signal: FocusSignal): void;
}

export interface FrameSessionOptions {
  iframe: HTMLIFrameElement;
  html: string;
  /** The resource's `_meta.ui` as the host trusts it now, its permissions already cut to the page's grant. */
  meta?: UiResourceMeta;
  /** The sandbox proxy page (another origin); without it the app runs in an opaque-origin frame. */
  sandboxUrl?: string;
  /** The page on the app's own domain (`_meta.ui.domain`) the proxy runs it in, with that origin. */
  appPage?: string;
  hostContext: McpUiHostContext;
  handlers: FrameHandlers;
}

export class FrameSession {
  private readonly bridge: AppBridge;
  private readonly transport: FrameTransport;
  private readonly initialized: Promise<void>;
  private markInitialized!: () => void;
  private queue: Promise<unknown>;
  private inputSent = false;
  private ended = false;
  private closed = false;
  private isInitialized = false;

  constructor(private readonly options: FrameSessionOptions) {
    const { iframe, sandboxUrl, meta, handlers } = options;
    this.initialized = new Promise((resolve) => (this.markInitialized = resolve));
    this.queue = this.initialized;
    this.transport = new FrameTransport(() => iframe.contentWindow, sandboxUrl ? new URL(sandboxUrl, document.baseURI).origin : undefined);
    this.bridge = new AppBridge(
      null,
      HOST_INFO,
      {
        openLinks: {},
        downloadFile: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        updateModelContext: { text: {}, structuredContent: {} },
        message: { text: {} },
        sandbox: { csp: meta?.csp, permissions: meta?.permissions },
      },
      { hostContext: options.hostContext },
    );
    this.bridge.oninitialized = () => {
      this.isInitialized = true;
      const declared = this.bridge.getAppCapabilities()?.availableDisplayModes;
      handlers.initialized(Array.isArray(declared) ? declared : undefined);
      this.markInitialized();
    };
    this.bridge.oncalltool = (params) => handlers.callTool(params) as never;
    this.bridge.onreadresource = (params) => handlers.readResource(params.uri) as never;
    this.bridge.onlistresources = (params) => handlers.list('resources/list', params?.cursor) as never;
    this.bridge.onlistresourcetemplates = (params) => handlers.list('resources/templates/list', params?.cursor) as never;
    this.bridge.onmessage = async (params) => handlers.message(params.content as unknown[]);
    this.bridge.onupdatemodelcontext = async (params) => {
      const refused = handlers.updateModelContext(params as never);
      if (refused) throw new Error(refused);
      return {};
    };
    this.bridge.onopenlink = async ({ url }) => ((await handlers.openLink(url)) ? {} : { isError: true });
    this.bridge.ondownloadfile = ({ contents }) => handlers.downloadFile(contents) as never;
    this.bridge.onrequestdisplaymode = async ({ mode }) => ({ mode: await handlers.requestDisplayMode(mode) });
    this.bridge.onsizechange = (size) => handlers.sizeChanged(size);
    this.bridge.onrequestteardown = () => handlers.requestTeardown();
    this.bridge.onloggingmessage = (params) => handlers.log(params as never);
    if (sandboxUrl) {
      this.bridge.onsandboxready = () => {
        void this.bridge.sendSandboxResourceReady({
          html: options.html,
          sandbox: APP_SANDBOX,
          csp: meta?.csp,
          permissions: meta?.permissions,
          ...(options.appPage ? { appPage: options.appPage } : {}),
        } as Parameters<AppBridge['sendSandboxResourceReady']>[0]);
      };
    }
  }

  /** Connects the bridge, then loads the document, so the app's first message is never missed. */
  async start(): Promise<void> {
    const { iframe, sandboxUrl, html, meta } = this.options;
    await this.bridge.connect(this.transport);
    this.transport.onappleft = this.leftItsPage;
    this.transport.onfocussignal = (signal) => this.options.handlers.focusSignal(signal);
    iframe.referrerPolicy = 'no-referrer';
    iframe.allow = allowAttribute(meta?.permissions);
    if (sandboxUrl) {
      iframe.setAttribute('sandbox', PROXY_SANDBOX);
      iframe.src = sandboxUrl;
    } else {
      iframe.setAttribute('sandbox', APP_SANDBOX);
      const { policy, dropped } = buildCsp(meta?.csp);
      if (dropped.length) console.warn(`<agent-chat>: CSP entries that are not origins were left out: ${dropped.join(', ')}`);
      // The document loads once (the frame's first about:blank load is long past); another load is
      // the frame going elsewhere. The port binding has stopped listening to it already, if it asked.
      iframe.addEventListener('load', this.onLoad);
      iframe.srcdoc = appDocument(html, policy);
    }
  }

  /** Arguments while they stream: only before the complete input. */
  partialInput(args: Record<string, unknown>): void {
    if (this.inputSent) return;
    this.enqueue(() => (this.inputSent ? undefined : this.bridge.sendToolInputPartial({ arguments: args })));
  }

  /** The complete input, exactly once. */
  input(args: Record<string, unknown> | undefined): void {
    if (this.inputSent) return;
    this.inputSent = true;
    this.enqueue(() => this.bridge.sendToolInput({ arguments: args ?? {} }));
  }

  /** The tool's result (after the input; an input of `{}` goes first when none was sent). */
  result(result: McpCallResult): void {
    if (this.ended) return;
    this.ended = true;
    this.input(undefined);
    this.enqueue(() => this.bridge.sendToolResult(result as never));
  }

  cancelled(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.enqueue(() => this.bridge.sendToolCancelled({ reason }));
  }

  hostContextChanged(change: Partial<McpUiHostContext>): void {
    this.enqueue(() => this.bridge.sendHostContextChange(change as McpUiHostContext));
  }

  /** Lets the app's document focus again what the person's press focused in it. */
  refocus(): void {
    if (!this.closed) this.transport.refocus();
  }

  private loads = 0;
  private readonly ending = new AbortController();
  /** Aborts when the app goes (its card left, or its frame its page): its calls still running end too. */
  readonly gone: AbortSignal = this.ending.signal;

  private onLoad = () => {
    if (++this.loads > 1) this.leftItsPage();
  };

  /** The app's frame went elsewhere (seen here, or by the sandbox proxy): stop talking to it. */
  private leftItsPage = () => {
    if (this.closed) return;
    this.closed = true;
    this.ending.abort(new Error('The app left its page.'));
    this.options.iframe.removeEventListener('load', this.onLoad);
    void this.bridge.close().catch(() => undefined);
    this.options.handlers.leftItsPage();
  };

  /** Asks the app to wind down (`ui/resource-teardown`), waits a moment for it, then disconnects. */
  async teardown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.ending.abort(new Error('The app was closed.'));
    this.options.iframe.removeEventListener('load', this.onLoad);
    if (this.isInitialized) {
      await Promise.race([this.bridge.teardownResource({}).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, TEARDOWN_TIMEOUT_MS))]);
    }
    await this.bridge.close().catch(() => undefined);
  }

  private enqueue(send: () => Promise<void> | void): void {
    this.queue = this.queue
      .then(() => (this.closed ? undefined : send()))
      .catch((error) => {
        console.warn('<agent-chat>: a message to an app could not be sent', error);
      });
  }
}
