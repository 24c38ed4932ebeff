/**
 * One MCP server the widget connects to: the SDK client over Streamable HTTP, advertising the MCP
 * Apps extension; its tools, listed when connecting and kept; its UI resources read on demand.
 * A server that asks for OAuth (401) waits in `auth-required` until the person signs in (see
 * oauth/server-sign-in.ts), unless the page brings its own `authProvider` or `Authorization` header.
 * Part of the lazily loaded MCP host.
 */
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { errorText } from '../internal/errors.js';
import type { CallProgress } from './call-progress.js';
import type { ElicitationAnswer, ElicitationAsk } from './elicitation-desk.js';
import { ServerSignIn } from './oauth/server-sign-in.js';
import { resourceMeta } from './tool-meta.js';
import {
  APP_MIME_TYPE,
  UI_EXTENSION_ID,
  type McpCallResult,
  type McpServerConfig,
  type McpServerStatus,
  type McpTool,
  type SignInStart,
  type UiResourceMeta,
} from './mcp-types.js';

const CLIENT_INFO = { name: 'agent-chat', version: '0.1.0' };
/** Pages of `tools/list` and `resources/list` followed at most. */
const MAX_PAGES = 20;
/** The sign-in window's page when the server element names none: shipped beside the script. */
const CALLBACK_FILE = 'oauth-callback.html';
/** How long one call may take in all, unless the server element says otherwise. */
const CALL_TIMEOUT_MS = 10 * 60_000;
const RETRY_FIRST_MS = 1_000;
/** Sign-ins in a row after which a server that still refuses is an error, not another Sign in. */
const MAX_REFUSED_SIGN_INS = 3;
const RETRY_MAX_MS = 30_000;
/** The most of a server's `instructions` the model gets. */
const INSTRUCTIONS_MAX = 8_000;
/** Where this code was loaded from: the module's URL (in the standalone classic build, its script's: `vite.config.ts`). */
const scriptUrl: string | undefined = import.meta.url;

export interface AppResource {
  html: string;
  meta?: UiResourceMeta;
}

/** How a call is made: its abort signal, where its progress goes, and the tool call (card) it runs for. */
export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: CallProgress) => void;
  toolCallId?: string;
}

export interface ConnectionSettings {
  credentials: RequestCredentials;
  /** The server asks the person for input (`elicitation/create`) during the call for `toolCallId`. */
  elicit(ask: ElicitationAsk): Promise<ElicitationAnswer>;
  /** The server says a URL request it made is complete. */
  elicitationComplete(server: string, elicitationId: string): void;
  /** The chat's `storage-key`: sign-ins are kept per key and server URL. */
  storageKey: string;
  /** The status changed (read it, and `failure`, from the connection). */
  onStatus(connection: McpConnection): void;
}

export class McpConnection {
  tools: McpTool[] = [];
  /** The server's `instructions` (from initialize), for the model. */
  instructions?: string;
  status: McpServerStatus = 'connecting';
  /** Why the server cannot be used now (with `status` `auth-required` or `error`). */
  failure?: string;
  /** The failure is the server out of reach (it is tried again), not something the page or the person must change. */
  outOfReach = false;
  /** Sign-ins completed since the server last let this chat in: a server that keeps refusing is not asked again and again. */
  private signInsRefused = 0;
  /** The sign-in window's last page, when it is not on the page's origin (its answer would never arrive). */
  private signInPageElsewhere?: string;
  /** The browser blocked the sign-in window at the person's last press. */
  signInBlocked = false;
  /** Why the person's last sign-in did not complete. */
  signInFailure?: string;
  /** The current attempt: resolves once the tools are listed, rejects with `failure`. */
  ready: Promise<void>;
  private client?: Client;
  private transport?: StreamableHTTPClientTransport;
  private readonly signIn?: ServerSignIn;
  private closed = false;
  /** The tool calls (cards) running on this server now, latest last: where its requests for input show. */
  private readonly running: string[] = [];
  /** Failed attempts in a row (the next retry waits 1 s, doubling to 30 s). */
  private failures = 0;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private readonly unwatchSignIn?: () => void;
  private resourceListing?: Promise<Map<string, Record<string, unknown> | undefined>>;

  constructor(
    /** Replaced when the page gives the same server again (its check may have changed). */
    public config: McpServerConfig,
    private readonly settings: ConnectionSettings,
  ) {
    if (!config.authProvider && !hasAuthorizationHeader(config.headers)) {
      const redirectUrl = new URL(config.redirectUrl || CALLBACK_FILE, config.redirectUrl ? document.baseURI : (scriptUrl ?? document.baseURI));
      // The window's answer reaches the chat only from its own origin (e.g. not from a CDN's).
      if (redirectUrl.origin !== location.origin) this.signInPageElsewhere = redirectUrl.href;
      this.signIn = new ServerSignIn({
        storageKey: settings.storageKey,
        serverUrl: this.url.href,
        redirectUrl: redirectUrl.href,
        clientId: config.clientId,
        clientMetadataUrl: config.clientMetadataUrl,
        scopes: config.scopes,
      });
    }
    // Signed in (or out) in another tab: this chat follows without a window of its own.
    this.unwatchSignIn = this.signIn?.watchElsewhere((signedIn) => {
      if (signedIn ? this.status === 'auth-required' : this.status === 'ready') void this.reconnect().catch(() => undefined);
    });
    window.addEventListener('online', this.onOnline);
    this.ready = this.attempt();
  }

  /** Back online: a server that could not be reached is tried at once. */
  private readonly onOnline = () => {
    if (this.status === 'offline' || this.status === 'error') void this.reconnect();
  };

  get name(): string {
    return this.config.name;
  }

  private get url(): URL {
    return new URL(this.config.url, document.baseURI);
  }

  /** Connects again (after a sign-in, a sign-out, a lost session). */
  reconnect(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.ready = this.attempt();
    return this.ready;
  }

  /** After a failure the server may come back: tried again after 1 s, doubling to 30 s. */
  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    if (this.closed) return;
    const delay = Math.min(RETRY_FIRST_MS * 2 ** this.failures, RETRY_MAX_MS);
    this.failures += 1;
    this.retryTimer = setTimeout(() => void this.reconnect(), delay);
  }

  private attempt(): Promise<void> {
    const attempt = this.connect();
    attempt.catch(() => undefined);
    return attempt;
  }

  private setStatus(status: McpServerStatus, failure?: string, outOfReach = false): void {
    this.failure = failure;
    this.outOfReach = outOfReach;
    if (this.closed || (this.status === status && status !== 'auth-required' && status !== 'error')) return;
    this.status = status;
    this.settings.onStatus(this);
  }

  private async connect(): Promise<void> {
    void this.client?.close().catch(() => undefined);
    this.client = undefined;
    this.setStatus('connecting');
    const client = new Client(CLIENT_INFO, {
      // 2026-07-28 with a server that offers it (asked with server/discover), else the 2025-11-25 handshake.
      versionNegotiation: { mode: 'auto' },
      capabilities: { elicitation: { form: {}, url: {} }, extensions: { [UI_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } },
      // A changed list is what the next run offers.
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (!error && tools && this.client === client) this.tools = tools as McpTool[];
          },
        },
      },
    });
    // The answer was checked against the server's form before it is sent.
    client.setRequestHandler(
      'elicitation/create',
      (request, context) =>
        this.settings.elicit({
          server: this.name,
          toolCallId: this.running.at(-1),
          params: (request as { params?: unknown }).params ?? request,
          signal: (context as { mcpReq?: { signal?: AbortSignal } } | undefined)?.mcpReq?.signal,
        }) as Promise<never>,
    );
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      const id = (notification as { params?: { elicitationId?: unknown } }).params?.elicitationId;
      if (typeof id === 'string') this.settings.elicitationComplete(this.name, id);
    });
    const transport = new StreamableHTTPClientTransport(this.url, {
      requestInit: { headers: this.config.headers, credentials: this.settings.credentials },
      authProvider: this.config.authProvider ?? this.signIn?.provider,
    });
    this.transport = transport;
    if (this.signIn) this.signIn.provider.authorizing = false;
    try {
      await client.connect(transport);
      const tools: McpTool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const listed = await client.listTools(cursor ? { cursor } : {});
        tools.push(...(listed.tools as McpTool[]));
        cursor = listed.nextCursor;
        if (!cursor) break;
      }
      if (this.closed || this.transport !== transport) {
        void client.close().catch(() => undefined);
        return;
      }
      this.client = client;
      this.tools = tools;
      this.instructions = client.getInstructions()?.slice(0, INSTRUCTIONS_MAX) || undefined;
      this.resourceListing = undefined;
      this.failures = 0;
      this.signInsRefused = 0;
      this.setStatus('ready');
    } catch (error) {
      if (this.transport !== transport) throw error;
      this.tools = [];
      const refusals = (this.needsSignIn(error) && this.signInsRefused >= MAX_REFUSED_SIGN_INS) || refusedScope(error);
      if (refusals) {
        this.setStatus(
          'error',
          `The MCP server "${this.name}" (${this.config.url}) still refuses this chat after you signed in (it asks for more permission than it was given); your account may not have that permission.`,
        );
      } else if (this.needsSignIn(error) && this.signInPageElsewhere) {
        this.setStatus(
          'error',
          `The MCP server "${this.name}" (${this.config.url}) asks you to sign in, but the sign-in window would come back to ${this.signInPageElsewhere}, ` +
            "which is not on this page's origin: serve oauth-callback.html from this origin and name it with redirect-url.",
        );
      } else if (this.needsSignIn(error)) {
        this.setStatus('auth-required', `The MCP server "${this.name}" (${this.config.url}) asks you to sign in before its tools can be used.`);
      } else if (this.signIn?.provider.authorizing) {
        this.setStatus(
          'error',
          `The MCP server "${this.name}" (${this.config.url}) asks for a sign-in this chat cannot start: ${errorText(error)}. ` +
            'Give its <agent-chat-mcp-server> a client-id registered with its authorization server (or a client-metadata-url).',
        );
      } else {
        const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        this.setStatus(offline ? 'offline' : 'error', `The MCP server "${this.name}" (${this.config.url}) could not be reached: ${errorText(error)}`, true);
        this.scheduleRetry();
      }
      throw new Error(this.failure);
    }
  }

  private needsSignIn(error: unknown): boolean {
    return !!this.signIn?.needsPerson || (error instanceof UnauthorizedError && !!this.signIn);
  }

  /**
   * The person pressed Sign in: opens the authorization window (synchronously, within the press)
   * and connects again once it answers.
   */
  startSignIn(): SignInStart {
    if (!this.signIn || !this.transport) return 'not-needed';
    this.signInFailure = undefined;
    const started = this.signIn.start(this.transport, (error) => {
      this.signInFailure = error && `Signing in to "${this.name}" did not complete: ${error}`;
      if (error) this.setStatus('auth-required', this.signInFailure);
      else {
        this.signInsRefused += 1;
        void this.reconnect();
      }
    });
    this.signInBlocked = started === 'blocked';
    if (started === 'not-needed') void this.reconnect();
    return started;
  }

  /** Forgets this server's tokens; it asks for a sign-in again. */
  async signOut(): Promise<void> {
    this.signInsRefused = 0;
    await this.signIn?.forget();
    await this.reconnect().catch(() => undefined);
  }

  tool(name: string): McpTool | undefined {
    return this.tools.find((tool) => tool.name === name);
  }

  async callTool(name: string, args: Record<string, unknown>, { signal, onProgress, toolCallId }: CallOptions = {}): Promise<McpCallResult> {
    let client = await this.connected();
    if (toolCallId) this.running.push(toolCallId);
    const limit = this.config.callTimeout && this.config.callTimeout > 0 ? this.config.callTimeout : CALL_TIMEOUT_MS;
    // One limit for the whole call: never the SDK's 60 s while the server is still at work.
    const options = {
      signal,
      timeout: limit,
      maxTotalTimeout: limit,
      resetTimeoutOnProgress: true,
      ...(onProgress ? { onprogress: ({ progress, total, message }: CallProgress) => onProgress({ progress, total, message }) } : {}),
    };
    try {
      try {
        return (await client.callTool({ name, arguments: args }, options)) as McpCallResult;
      } catch (error) {
        // The server forgot the session (it restarted, or the session expired): a new one, and the call once more.
        if (signal?.aborted || !sessionGone(error)) throw error;
        await this.reconnect();
        client = await this.connected();
        return (await client.callTool({ name, arguments: args }, options)) as McpCallResult;
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      if (this.needsSignIn(error)) {
        this.tools = [];
        this.setStatus('auth-required', `The MCP server "${this.name}" (${this.config.url}) asks you to sign in again.`);
        throw new Error(`The MCP server "${this.name}" could not run ${name}: you need to sign in to it again.`);
      }
      throw new Error(`The MCP server "${this.name}" could not run ${name}: ${errorText(error)}`);
    } finally {
      const at = toolCallId ? this.running.lastIndexOf(toolCallId) : -1;
      if (at !== -1) this.running.splice(at, 1);
    }
  }

  /** Reads a `ui://` resource as an app document. */
  async readAppResource(uri: string): Promise<AppResource> {
    const client = await this.connected();
    let result;
    try {
      result = await client.readResource({ uri });
    } catch (error) {
      throw new Error(`The MCP server "${this.name}" could not give the app ${uri}: ${errorText(error)}`);
    }
    const listing = await this.listingMeta(uri);
    return appResourceFrom(result, uri, listing);
  }

  /** Any resource of this server, as the server gives it (an app reading its own server). */
  async readResourceRaw(uri: string): Promise<unknown> {
    const client = await this.connected();
    return client.readResource({ uri });
  }

  /** This server's resources, or its resource templates, a page at a time, as the server gives them (an app listing its own server). */
  async listRaw(method: 'resources/list' | 'resources/templates/list', cursor: string | undefined): Promise<unknown> {
    const client = await this.connected();
    const params = cursor === undefined ? {} : { cursor };
    return method === 'resources/list' ? client.listResources(params) : client.listResourceTemplates(params);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    window.removeEventListener('online', this.onOnline);
    this.unwatchSignIn?.();
    this.signIn?.close();
    // Ends the session on the server too (the transport's DELETE), then the connection.
    const { transport, client } = this;
    void (async () => {
      if (client) await transport?.terminateSession().catch(() => undefined);
      await client?.close().catch(() => undefined);
    })();
  }

  private async connected(): Promise<Client> {
    await this.ready;
    if (!this.client) throw new Error(this.failure ?? `The MCP server "${this.name}" is not connected.`);
    return this.client;
  }

  /** `_meta.ui` of a resource as `resources/list` gives it now (nothing for an unlisted one). */
  async listedUiMeta(uri: string): Promise<UiResourceMeta | undefined> {
    await this.ready;
    return resourceMeta(undefined, await this.listingMeta(uri));
  }

  /** `_meta` of a resource in `resources/list` (read once; a server without the list gives none). */
  private async listingMeta(uri: string): Promise<Record<string, unknown> | undefined> {
    this.resourceListing ??= (async () => {
      const byUri = new Map<string, Record<string, unknown> | undefined>();
      try {
        let cursor: string | undefined;
        for (let page = 0; page < MAX_PAGES; page++) {
          const listed = await this.client!.listResources(cursor ? { cursor } : {});
          for (const resource of listed.resources) byUri.set(resource.uri, resource._meta as Record<string, unknown> | undefined);
          cursor = listed.nextCursor;
          if (!cursor) break;
        }
      } catch {
        // The listing only adds defaults; the content item's own _meta still applies.
      }
      return byUri;
    })();
    return (await this.resourceListing).get(uri);
  }
}

/** The app document in a `resources/read` result: `text`, or base64 `blob` decoded as UTF-8. */
export function appResourceFrom(result: unknown, uri: string, listingMeta?: unknown): AppResource {
  const contents = (result as { contents?: unknown[] } | undefined)?.contents;
  if (!Array.isArray(contents) || contents.length === 0) throw new Error(`The app ${uri} came back empty.`);
  const items = contents as { uri?: string; mimeType?: string; text?: unknown; blob?: unknown; _meta?: unknown }[];
  const item = items.find((entry) => entry.mimeType === APP_MIME_TYPE) ?? items.find((entry) => entry.uri === uri) ?? items[0];
  if (item.mimeType !== undefined && item.mimeType !== APP_MIME_TYPE) {
    throw new Error(`The app ${uri} is ${item.mimeType}, not ${APP_MIME_TYPE}.`);
  }
  let html: string;
  if (typeof item.text === 'string') html = item.text;
  else if (typeof item.blob === 'string') html = decodeBase64(item.blob, uri);
  else throw new Error(`The app ${uri} has neither text nor blob content.`);
  return { html, meta: resourceMeta(item._meta, listingMeta) };
}

function decodeBase64(blob: string, uri: string): string {
  try {
    const bytes = Uint8Array.from(atob(blob), (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    throw new Error(`The app ${uri} has a blob that is not base64.`);
  }
}

function hasAuthorizationHeader(headers: Record<string, string> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/** A 404 to a request that carried a session id: the server no longer knows the session. */
function sessionGone(error: unknown): boolean {
  return (error as { status?: unknown } | undefined)?.status === 404 || /\b404\b|session not found/i.test(errorText(error));
}

/** The server still answers 403 `insufficient_scope` after the SDK asked for the wider permission. */
function refusedScope(error: unknown): boolean {
  return (error as { status?: unknown } | undefined)?.status === 403 && /insufficient_scope/.test(errorText(error));
}
