/**
 * The MCP Apps vocabulary shared by the first-load bundle and the lazily loaded host: what an app
 * card records about its app, how the page configures servers, and the app-call check contract.
 * Types only (plus tiny constants), so importing it costs nothing.
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/client';

/** `_meta.ui` of a UI resource (spec 2026-01-26). */
export interface UiResourceMeta {
  csp?: {
    connectDomains?: string[];
    resourceDomains?: string[];
    frameDomains?: string[];
    baseUriDomains?: string[];
  };
  permissions?: { camera?: object; microphone?: object; geolocation?: object; clipboardWrite?: object };
  prefersBorder?: boolean;
  domain?: string;
}

/** An MCP tool definition as listed by its server (only the fields the widget reads are typed). */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  annotations?: { title?: string; [key: string]: unknown };
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** An MCP `CallToolResult`. */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * A call the widget ran on one of the page's MCP servers, as its tool call keeps it: the server's
 * result (the card shows its content; the AI SDK wire sends its images to the model), and whether
 * the page's `valueFn` gave the model's value instead (then that value goes as it is).
 */
export interface McpCallRecord {
  result: McpCallResult;
  valueFn?: true;
}

/**
 * What a tool card knows about its app. Serializable: it is part of the conversation, so a card
 * can be drawn again (and, once stored, restored) without calling anything.
 */
export interface AppInfo {
  /** The `<agent-chat-mcp-server>` name, or the backend's `serverId` (else its `serverHash`). */
  source: string;
  /** `page`: a server the widget connects to; `backend`: relayed through the agent backend. */
  via: 'page' | 'backend';
  resourceUri: string;
  /** The tool's definition, when known. */
  tool?: McpTool;
  /** The backend's server hash (`via: 'backend'`). */
  serverHash?: string;
  /** The resource, once read. */
  resource?: { html: string; meta?: UiResourceMeta };
  /** The full tool result the app receives. */
  callResult?: McpCallResult;
  /** Why the app cannot be shown (unreachable server, unreadable resource). */
  failure?: string;
  /** The source had its own `onAppCall` check when the card was shown (the missing-check mark). */
  hadOwnCheck?: boolean;
  /**
   * The card came from an imported file: its resource was dropped on import and is read again
   * from this page's own server for the source; until then the card shows a still summary.
   */
  fromFile?: boolean;
  /**
   * The app's page called a tool or sent a message since it opened: what it shows may have moved
   * on from its first state, which is all a card opened again (restored) can show.
   */
  acted?: boolean;
}

/** The check's verdict: `true` lets the call through; `false` or a string refuses it. */
export type AppCallVerdict = boolean | string;

/** A tool call made by an app's page, as the checks see it. */
export interface AppCall {
  name: string;
  arguments: Record<string, unknown>;
  /** The server's definition of the tool, annotations included. */
  tool?: McpTool;
  /** The card's (or pane's) id. */
  instanceId: string;
  kind: 'card' | 'pane';
  /** The `<agent-chat-mcp-server>` name, or the backend's `serverId`. */
  source: string;
  /** The chat element's `id`, else `chat-1`, `chat-2`… by its place on the page. */
  chat: string;
  /** The card's title. */
  title: string;
  /** The chat element's `user` property. */
  user: unknown;
}

export type AppCallCheck = (call: AppCall) => AppCallVerdict | Promise<AppCallVerdict> | unknown;

/**
 * Where a server stands: `connecting`; `ready` (its tools are offered); `auth-required` (it asks the
 * person to sign in); `offline` (the browser is offline); `error` (it could not be reached).
 */
export type McpServerStatus = 'connecting' | 'ready' | 'auth-required' | 'offline' | 'error';

/**
 * An MCP server's request for input from the person (`elicitation/create`), kept with the tool call
 * during which it came, and what the person did with it.
 */
export interface Elicitation {
  /** This chat's id for it. */
  id: string;
  /** The server's name. */
  server: string;
  mode: 'form' | 'url';
  /** The server's words (plain text). */
  message: string;
  /** `form`: the JSON Schema of the answer (a flat object of simple fields). */
  schema?: Record<string, unknown>;
  /** `url`: the page the server asks the person to open (http or https). */
  url?: string;
  /** `url`: the server's id for it, named by `notifications/elicitation/complete`. */
  elicitationId?: string;
  /** What the person did; none while it waits. */
  outcome?: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> };
  /** `url`: the server said the interaction is complete. */
  completed?: boolean;
}

/** A server that asks the person to sign in, as the chat shows it. */
export interface SignInRequest {
  name: string;
  /** The browser blocked the sign-in window at the last press. */
  blocked: boolean;
  /** The last sign-in did not complete: why. */
  failure?: string;
}

/** What a press on Sign in did: opened the window, was blocked by the browser, or nothing was needed. */
export type SignInStart = 'opened' | 'blocked' | 'not-needed';

/** A server the widget connects to (the `mcpServers` property; also what each child element gives). */
export interface McpServerConfig {
  name: string;
  url: string;
  /**
   * Extra request headers for this server. With an `Authorization` header the page does the
   * server's auth itself, and the chat never asks the person to sign in to it.
   */
  headers?: Record<string, string>;
  /** A pre-registered OAuth client id for this server's authorization server. */
  clientId?: string;
  /** The URL of this client's OAuth client ID metadata document (an https URL). */
  clientMetadataUrl?: string;
  /** The page the sign-in window comes back to (same origin as the page); default `oauth-callback.html` beside the script. */
  redirectUrl?: string;
  /** The OAuth scopes to ask for. */
  scopes?: string[];
  /** How long one call to this server may take in all (ms); default 10 minutes. Progress from the server does not end it sooner. */
  callTimeout?: number;
  /** The page's own OAuth client for this server (the SDK's `OAuthClientProvider`): the chat's sign-in is not used. */
  authProvider?: OAuthClientProvider;
  /** This server's own check on its apps' calls. */
  onAppCall?: AppCallCheck;
  /** `allow`: its apps' `ui/message`s are sent without asking the person (still rate-limited). */
  messages?: 'allow' | 'ask';
}

/** A message an app's page wants to send as the next turn (`ui/message`), as `onAppMessage` sees it. */
export interface AppMessage {
  text: string;
  /** The `<agent-chat-mcp-server>` name, or the backend's `serverId`. */
  source: string;
  /** The card's id. */
  instanceId: string;
  /** The card's title. */
  title: string;
  /** The chat element's `id`, else `chat-1`, `chat-2`… */
  chat: string;
}

/** `true` sends the app's message without asking the person; anything else asks. */
export type AppMessageCheck = (message: AppMessage) => boolean | Promise<boolean> | unknown;

export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The app document's sandbox: scripts in an opaque origin (never `allow-same-origin`). */
export const APP_SANDBOX = 'allow-scripts';
/**
 * The frame of the page on an app's own domain (`_meta.ui.domain`), inside the proxy on another
 * name: the app runs with that origin, which is only ever its own server's, never the page's or
 * its proxy's.
 */
export const DEDICATED_APP_SANDBOX = 'allow-scripts allow-same-origin';
/**
 * The sandbox proxy's frame, as the spec asks: a real origin of its own (another than the page's),
 * by which the chat knows its messages from those of any page the frame goes to. Chromium's warning
 * that such a frame "can escape its sandboxing" is about frames of the page's own origin.
 */
export const PROXY_SANDBOX = 'allow-scripts allow-same-origin';
