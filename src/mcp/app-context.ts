/**
 * What the chat element gives every app frame: the (lazily loaded) host, the sandbox proxy, the
 * theme and language, and the chat-level effects of what an app does. A new object whenever one of
 * its values changes, so frames see the change as a property change.
 */
import type { MessageSource } from '../conversation/types.js';
import type { AgentChatDownloadDetail } from '../events.js';
import type { AppInfo } from './mcp-types.js';
import type { McpHostApi } from './host-api.js';
import type { CallProgressBoard } from './call-progress.js';
import type { ElicitationDesk } from './elicitation-desk.js';

export interface PaneHolder {
  /** Another app took the floating frame (picture-in-picture): go back inline. */
  leavePane(): void;
}

export interface AppContext {
  host(): Promise<McpHostApi>;
  /** The MCP servers' requests for input that wait for the person (answered from the cards); once the host has loaded. */
  elicitations?: ElicitationDesk;
  /** The progress of the MCP calls under way, and their Cancel; once the host has loaded. */
  callProgress?: CallProgressBoard;
  sandboxUrl?: string;
  theme: 'light' | 'dark';
  locale: string;
  /** Records what a card learned about its app in the conversation. */
  update(partId: string, app: Partial<AppInfo>): void;
  /** An app's `ui/message` (the person consented, or the page trusts it): the next turn; resolves to whether it was sent. */
  send(text: string, source: MessageSource): Promise<boolean>;
  /** An app's `ui/update-model-context`; `undefined` clears it (the card went away). */
  setModelContext(instanceId: string, title: string, value: { content?: unknown[]; structuredContent?: Record<string, unknown> } | undefined): void;
  /** The page's servers that wait now, by name: for the person's sign-in, or to be reached again. */
  serversWaiting: ReadonlyMap<string, 'sign-in' | 'reach'>;
  /** The person pressed a card's Sign in for a server (within the press: it may open a window). */
  signIn(name: string): void;
  /** An app's `ui/open-link`; false when the page cancelled `agent-chat-open-link`. */
  openLink(url: string): boolean;
  /** A file an app's `ui/download-file` saves: `agent-chat-download`; false when the page cancelled it. */
  announceDownload(detail: AgentChatDownloadDetail): boolean;
  /** One app at a time floats over the conversation (picture-in-picture). */
  claimPane(holder: PaneHolder): void;
  releasePane(holder: PaneHolder): void;
  /** The area of the chat a floating app stays within (the conversation: not the header, notices or composer). */
  paneArea(): HTMLElement | undefined;
}
