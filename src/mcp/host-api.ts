/**
 * The MCP host as the first-load code sees it. The implementation (`host.ts`, with the SDK client
 * and AppBridge) is a separate chunk, loaded on first need by `host-loader.ts`.
 */
import type { ClientTools } from '../session/client-tools.js';
import type { Transport } from '../protocol/contract.js';
import type { AppCallCheck, AppInfo, AppMessage, Elicitation, McpCallResult, McpServerConfig, McpServerStatus, SignInRequest, SignInStart, UiResourceMeta } from './mcp-types.js';
import type { checkAppCall } from './app-call-check.js';
import type { DownloadSteps } from './app-download.js';
import type { PersonPrompt } from './app-call-prompt.js';
import type { CallProgressBoard } from './call-progress.js';
import type { ElicitationDesk } from './elicitation-desk.js';

/** What the host needs from the chat element. */
export interface HostEnvironment {
  /**
   * The checks runner, from the first-load code: `askPerson` there and the checks here must share
   * one module (the host chunk is bundled on its own).
   */
  checkAppCall: typeof checkAppCall;
  credentials(): RequestCredentials;
  chatCheck(): AppCallCheck | undefined;
  /** The chat's `onAppMessage`: does the page send this app message without asking the person? */
  trustsAppMessage(message: AppMessage): Promise<boolean>;
  /** The features the page grants apps (`app-permissions`). */
  appPermissions(): string[];
  chatId(): string;
  user(): unknown;
  /** The backend, for requests relayed to servers the backend owns. */
  backend(): Transport | undefined;
  threadId(): string;
  /** `toolDisplay[name].valueFn(result, args)`, when the page gave one. */
  valueFor(name: string, result: McpCallResult, args: unknown): { value: unknown } | undefined;
  /** Records a server's request for input (or its outcome) on the tool call it came during. */
  recordElicitation(toolCallId: string, elicitation: Elicitation): void;
  /** Whether the conversation shown has this tool call. */
  hasToolCall(toolCallId: string): boolean;
  /** The chat's `storage-key` (sign-ins are kept per key and server URL). */
  storageKey(): string;
  /** A server's status changed; `failure` says why when it cannot be used. */
  serverStatus(name: string, status: McpServerStatus, failure?: string): void;
  /** An app's page made a tool call; it was let through or refused. */
  appCalled(detail: { name: string; arguments: Record<string, unknown>; source: string; instanceId: string; allowed: boolean; error?: string }): void;
}

export type DisplayMode = 'inline' | 'fullscreen' | 'pip';

/** What a frame element hands the host for one app (with what it does around an app's download). */
export interface FrameRequest extends DownloadSteps {
  iframe: HTMLIFrameElement;
  app: AppInfo;
  html: string;
  instanceId: string;
  title: () => string;
  kind: () => 'card' | 'pane';
  sandboxUrl?: string;
  hostContext: Record<string, unknown>;
  prompt: PersonPrompt;
  /** An app's message; with `consent`, the person decides (Send / Discard). Resolves to whether it was sent. */
  message(text: string, consent: boolean): Promise<boolean>;
  updateModelContext(value: { content?: unknown[]; structuredContent?: Record<string, unknown> }): void;
  /** An app's `ui/open-link`; resolves to whether it was opened. */
  openLink(url: string): boolean | Promise<boolean>;
  requestDisplayMode(mode: DisplayMode): DisplayMode | Promise<DisplayMode>;
  /** The app asked to be closed: it is told to wind down, then its frame goes; the card stays. */
  closeRequested(): void;
  /** The app is initialized; `modes`: the display modes it declared it supports (undefined: it declared none). */
  appDeclaredModes(modes: DisplayMode[] | undefined): void;
  sizeChanged(size: { width?: number; height?: number }): void;
  /** The app navigated its frame away: it is stopped. */
  leftItsPage(): void;
  /** The app's page called a tool or sent a message (what it shows may change with it). */
  acted(): void;
  /** The person pressed a pointer inside the app's document (`press`), or the app tried to take the focus (`grab`). */
  focusSignal(signal: 'press' | 'grab'): void;
}

/** The host's handle on one running app. */
export interface FrameController {
  partialInput(args: Record<string, unknown>): void;
  input(args: Record<string, unknown> | undefined): void;
  result(result: McpCallResult): void;
  cancelled(reason: string): void;
  hostContextChanged(change: Record<string, unknown>): void;
  /** After the chat refused a focus the person's press gave: the app's document may take it again. */
  refocus(): void;
  teardown(): Promise<void>;
}

export interface McpHostApi extends ClientTools {
  /** Where the cards see the progress of the calls under way, and cancel them. */
  readonly callProgress: CallProgressBoard;
  /** The servers' requests for input waiting for the person, answered from the cards. */
  readonly elicitations: ElicitationDesk;
  setServers(configs: McpServerConfig[]): void;
  /** Settles once every server has been tried (connected, or failed). */
  ready(): Promise<void>;
  /** The app of a tool the model may call, if it has one. */
  appFor(name: string): AppInfo | undefined;
  readResource(app: AppInfo): Promise<{ html: string; meta?: UiResourceMeta }>;
  /**
   * Calls a tool of a page server directly (for `appendAppCard`), unchecked: the page asked. With
   * `given`, that is the result and nothing is called.
   */
  callTool(source: string, name: string, args: Record<string, unknown>, given?: McpCallResult): Promise<{ result: McpCallResult; app?: AppInfo }>;
  openFrame(request: FrameRequest): Promise<FrameController>;
  hasOwnCheck(source: string): boolean;
  /** The person pressed Sign in for a server: call within the press (it may open a window). */
  signIn(name: string): SignInStart;
  /** The servers that ask the person to sign in now. */
  signInRequests(): SignInRequest[];
  /** What a page server waits for before its apps can be read: the person's sign-in, or the server coming back. */
  waitingOn(source: string): 'sign-in' | 'reach' | undefined;
  /** Resolves once the server named `source` is ready (after a sign-in, or once it is back). */
  whenReady(source: string): Promise<void>;
  /** Why each server that cannot be reached now cannot (each is tried again). */
  unreachable(): string[];
  /** What keeps each other failed server from being used until the page or the person changes something (a client-id, a callback page, a permission). */
  problems(): string[];
  /** Forgets a server's tokens; it asks for a sign-in again. */
  signOut(name: string): Promise<void>;
  /** The `instructions` of each connected server that gave some. */
  instructions(): { name: string; text: string }[];
}
