/**
 * The context the chat gives its app frames (`AppContext`). `ChatApps` makes a new one whenever one
 * of its values changes, so frames see the change as a property change.
 */
import type { MessageSource } from '../conversation/types.js';
import type { AgentChatDownloadDetail } from '../events.js';
import type { AppContext, PaneHolder } from './app-context.js';
import type { CallProgressBoard } from './call-progress.js';
import type { ChatApps, ChatAppsHooks, ChatAppsHost } from './chat-apps.js';
import type { ElicitationDesk } from './elicitation-desk.js';
import type { McpHostApi } from './host-api.js';
import type { AppInfo } from './mcp-types.js';

/** What apps told the model, by card (`ui/update-model-context`, the latest of each). */
export type AppModelContexts = Map<string, { title: string; value: string }>;

/** The values a context carries: when one changes, the chat makes a new context. */
export type ChatAppContextValues = Pick<AppContext, 'callProgress' | 'elicitations' | 'sandboxUrl' | 'theme' | 'locale' | 'serversWaiting'>;

export class ChatAppContext implements AppContext {
  readonly callProgress?: CallProgressBoard;
  readonly elicitations?: ElicitationDesk;
  readonly sandboxUrl?: string;
  readonly theme!: 'light' | 'dark';
  readonly locale!: string;
  readonly serversWaiting!: ReadonlyMap<string, 'sign-in' | 'reach'>;

  constructor(
    private readonly apps: ChatApps,
    private readonly chat: ChatAppsHost,
    private readonly hooks: ChatAppsHooks,
    private readonly modelContexts: AppModelContexts,
    values: ChatAppContextValues,
  ) {
    Object.assign(this, values);
  }

  host(): Promise<McpHostApi> {
    return this.apps.host();
  }

  update(partId: string, app: Partial<AppInfo>): void {
    this.hooks.updateApp(partId, app);
  }

  send(text: string, source: MessageSource): Promise<boolean> {
    return this.hooks.sendFromApp(text, source);
  }

  setModelContext(instanceId: string, title: string, value: { content?: unknown[]; structuredContent?: Record<string, unknown> } | undefined): void {
    if (!value) this.modelContexts.delete(instanceId);
    else this.modelContexts.set(instanceId, { title, value: JSON.stringify(value.structuredContent ?? value.content ?? {}) });
  }

  /** An app's `ui/open-link`: http(s) only, in a new tab without an opener, unless the page says no. */
  openLink(url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
    if (!this.hooks.emit('agent-chat-open-link', { url: parsed.href }, { cancelable: true })) return false;
    window.open(parsed.href, '_blank', 'noopener,noreferrer');
    return true;
  }

  announceDownload(detail: AgentChatDownloadDetail): boolean {
    return this.hooks.emit('agent-chat-download', detail, { cancelable: true });
  }

  signIn(name: string): void {
    this.apps.signIn(name);
  }

  claimPane(holder: PaneHolder): void {
    if (this.apps.pane && this.apps.pane !== holder) this.apps.pane.leavePane();
    this.apps.pane = holder;
    this.chat.requestUpdate();
  }

  releasePane(holder: PaneHolder): void {
    if (this.apps.pane !== holder) return;
    this.apps.pane = undefined;
    this.chat.requestUpdate();
  }

  paneArea(): HTMLElement | undefined {
    return this.hooks.paneArea();
  }
}
