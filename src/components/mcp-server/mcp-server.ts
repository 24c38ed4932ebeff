import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { AppCallCheck, McpServerConfig, McpServerStatus } from '../../mcp/mcp-types.js';
import { define } from '../../internal/define.js';
import { McpServerChangeEvent, McpServerSignOutEvent } from '../../internal/view-events.js';
import { emit } from '../../events.js';

const statuses = new WeakMap<AgentChatMcpServer, McpServerStatus>();

/**
 * Not rendered; a change of `name`, `url`, `headers` or a sign-in attribute reconnects. Tool names
 * two servers share go to the server given first (children in document order, then `mcpServers`).
 *
 * @summary An MCP server `<agent-chat>` connects to: put it inside the chat element. Its tools that
 * the model may see are offered to the backend; their apps show in the tool cards. A server that
 * requires OAuth shows **Sign in to NAME** in the chat; its tokens are kept in IndexedDB.
 *
 * @attr {string} name - The server's name in the chat (the `source` of its app calls); required.
 * @attr {string} url - Its Streamable HTTP endpoint; required.
 * @attr {string} headers - JSON object of extra request headers. With an `Authorization` header the
 *   page does this server's auth itself: the chat never asks the person to sign in to it.
 * @attr {'ask' | 'allow'} [messages=ask] - `allow`: messages its apps send (`ui/message`) go out without
 *   asking the person (still rate-limited and marked as the app's). `ask`: the card shows each with
 *   Send / Discard.
 * @attr {string} client-id - An OAuth client id registered with the server's authorization server
 *   beforehand (else `client-metadata-url`, else dynamic registration).
 * @attr {string} client-metadata-url - The https URL of this client's OAuth client ID metadata document.
 * @attr {string} redirect-url - The page the sign-in window comes back to, on the page's own origin;
 *   default `oauth-callback.html` beside the script.
 * @attr {string} scopes - OAuth scopes to ask for, separated by spaces.
 * @attr {number} [call-timeout=600000] - How long one call of its tools may take in all, in milliseconds
 *   (progress from the server does not shorten it). The card's Cancel, and Stop, end a call sooner.
 * @attr {'connecting' | 'ready' | 'auth-required' | 'offline' | 'error'} status - Read-only, set by the
 *   chat: where the server stands.
 *
 * @fires {CustomEvent<AgentChatMcpStatusDetail>} agent-chat-mcp-status - The server's status changed: `{ name, status, error? }`.
 */
export class AgentChatMcpServer extends HTMLElement {
  static observedAttributes = ['name', 'url', 'headers', 'client-id', 'client-metadata-url', 'redirect-url', 'scopes', 'call-timeout'];

  /** This server's own check on tool calls its apps' pages make (see `onAppCall` of `<agent-chat>`). */
  onAppCall?: AppCallCheck;

  private ownAuth?: OAuthClientProvider;

  /** The `name` attribute: the server's name in the chat. */
  get name(): string {
    return this.getAttribute('name') ?? '';
  }
  set name(value: string) {
    this.setAttribute('name', value);
  }

  /** The `url` attribute: its Streamable HTTP endpoint. */
  get url(): string {
    return this.getAttribute('url') ?? '';
  }
  set url(value: string) {
    this.setAttribute('url', value);
  }

  /** Where the server stands (also the `status` attribute); `connecting` until its chat says more. */
  get status(): McpServerStatus {
    return statuses.get(this) ?? 'connecting';
  }

  /**
   * The page's own OAuth client for this server (the MCP SDK's `OAuthClientProvider`): with it, the
   * chat does not ask the person to sign in, and the provider gets the authorization URL.
   */
  get authProvider(): OAuthClientProvider | undefined {
    return this.ownAuth;
  }
  set authProvider(value: OAuthClientProvider | undefined) {
    this.ownAuth = value;
    this.dispatchEvent(new McpServerChangeEvent());
  }

  /** Forgets this server's tokens (kept in IndexedDB); the chat asks the person to sign in again. */
  signOut(): Promise<void> {
    const event = new McpServerSignOutEvent();
    this.dispatchEvent(event);
    return event.done ?? Promise.resolve();
  }

  attributeChangedCallback(): void {
    this.dispatchEvent(new McpServerChangeEvent());
  }

  /**
   * This element as a server configuration (`{ config }`, as an entry of `mcpServers`), or `{ problem }`
   * saying why it is incomplete: no `name` or `url`, or `headers` that are not valid JSON.
   */
  toConfig(): { config: McpServerConfig } | { problem: string } {
    if (!this.name || !this.url) return { problem: '<agent-chat-mcp-server> needs both a name and a url.' };
    let headers: Record<string, string> | undefined;
    const raw = this.getAttribute('headers');
    if (raw) {
      try {
        headers = JSON.parse(raw);
      } catch {
        return { problem: `The headers of the MCP server "${this.name}" are not valid JSON.` };
      }
    }
    const onAppCall = () => this.onAppCall;
    const messages = () => (this.getAttribute('messages') === 'allow' ? 'allow' : 'ask');
    const scopes = this.getAttribute('scopes')?.split(/\s+/).filter(Boolean);
    return {
      config: {
        name: this.name,
        url: this.url,
        headers,
        clientId: this.getAttribute('client-id') || undefined,
        clientMetadataUrl: this.getAttribute('client-metadata-url') || undefined,
        redirectUrl: this.getAttribute('redirect-url') || undefined,
        scopes: scopes?.length ? scopes : undefined,
        callTimeout: Number(this.getAttribute('call-timeout')) || undefined,
        authProvider: this.ownAuth,
        // Read at call time: the page may set or replace the check (or the trust) whenever it likes.
        get onAppCall() {
          return onAppCall();
        },
        get messages() {
          return messages();
        },
      },
    };
  }
}

/** The chat's word on a server element's status: kept, reflected as `status`, and announced. */
export function showServerStatus(element: AgentChatMcpServer, status: McpServerStatus, error?: string): void {
  if (statuses.get(element) === status && status !== 'auth-required' && status !== 'error') return;
  statuses.set(element, status);
  element.setAttribute('status', status);
  emit(element, 'agent-chat-mcp-status', { name: element.name, status, ...(error ? { error } : {}) });
}

define('agent-chat-mcp-server', AgentChatMcpServer);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-mcp-server': AgentChatMcpServer;
  }
}
