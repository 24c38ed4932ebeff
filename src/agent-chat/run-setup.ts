/**
 * What each run needs from the page (`RunSetup`): the thread, the transport (or why there is
 * none), the client tools in one registry (`ask_user`, the MCP servers' tools, the page's own
 * `tools`: the first with a name wins), the context (the apps' and the page's), the widget's own
 * data for the backend, and a wait for a long thread's earlier turns, which the request carries.
 */
import { askUserClientTool, type AskUserHandler } from '../ask/ask-user-tool.js';
import type { ReactiveControllerHost } from 'lit';
import type { ChatTransport } from '../conversation/types.js';
import type { ChatApps } from '../mcp/chat-apps.js';
import type { RunSetup } from '../session/chat-session.js';
import { combineClientTools } from '../session/client-tools.js';
import { PageTools } from '../page-tools/page-tools.js';
import { ASK_USER_TOOL } from '../ask/ask-user-definition.js';

/** The element's settings a run reads. */
export interface RunSettings {
  agentId?: string;
  sessionId?: string;
  askUser?: AskUserHandler;
  askUserContext?: unknown;
  showActivity: boolean;
  tools?: unknown;
  context?: unknown;
}

export interface RunSources {
  threadId(): string;
  transport(): ChatTransport | Error;
  apps: ChatApps;
  /** The thread shown is not all in memory yet (a long one opens with the end of its path). */
  pathIncomplete(): boolean;
  /** Settles once it is. */
  whenComplete(): Promise<void>;
}

export class RunSetupMaker {
  private readonly askUserTool = askUserClientTool({
    handler: () => this.settings.askUser,
    context: () => {
      const context = this.settings.askUserContext;
      if (typeof context === 'function') return (context as () => unknown)();
      return context ?? this.identity();
    },
  });

  /** The page's tools and context. */
  readonly page: PageTools;

  constructor(
    private readonly settings: RunSettings & ReactiveControllerHost,
    private readonly sources: RunSources,
  ) {
    this.page = new PageTools(settings, () => settings.requestUpdate());
  }

  make(): RunSetup {
    const threadId = this.sources.threadId();
    const transport = this.sources.transport();
    const apps = this.sources.apps.runSetup();
    const appsReady = apps.prepare;
    // The page's tools are checked before the first request offers them.
    const prepare = async () => {
      await this.page.ready();
      await appsReady?.();
    };
    const setup = {
      ...apps,
      // The request carries the whole history: a thread whose earlier turns are still being read waits for them.
      prepare: this.sources.pathIncomplete() ? () => this.sources.whenComplete().then(prepare) : prepare,
      clientTools: combineClientTools([this.askUserTool, apps.clientTools, this.page.clientTools]),
      context: () => [...(apps.context?.() ?? []), ...this.page.context()],
      activity: () => this.settings.showActivity,
      forwardedProps: () => this.forwardedProps(),
    };
    if (transport instanceof Error) return { threadId, ...setup, problem: { kind: 'config', message: transport.message } };
    return { threadId, ...setup, transport };
  }

  /** What is wrong with the page's `tools`: entries left out, and names another tool of the chat already has. */
  toolProblems(): string[] {
    return this.page.problems([ASK_USER_TOOL, ...this.sources.apps.toolNames()]);
  }

  /** `agent-id` and `session-id`, those that are set. */
  private identity(): { agentId?: string; sessionId?: string } {
    const identity: { agentId?: string; sessionId?: string } = {};
    if (this.settings.agentId) identity.agentId = this.settings.agentId;
    if (this.settings.sessionId) identity.sessionId = this.settings.sessionId;
    return identity;
  }

  /** Widget data for the backend travels under `forwardedProps["agent-chat"]`. */
  private forwardedProps(): Record<string, unknown> {
    const identity = this.identity();
    return Object.keys(identity).length ? { 'agent-chat': identity } : {};
  }
}
