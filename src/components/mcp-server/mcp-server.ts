import type { AppCallCheck, McpServerConfig } from '../../mcp/types.js';
import { define } from '../../internal/define.js';
import { McpServerChangeEvent } from '../../internal/events.js';

/**
 * Not rendered; a change of `name`, `url` or `headers` reconnects. Tool names two servers share go
 * to the server given first (children in document order, then `mcpServers`).
 *
 * @summary An MCP server `<agent-chat>` connects to: put it inside the chat element. Its tools that
 * the model may see are offered to the backend; their apps show in the tool cards.
 *
 * @attr {string} name - The server's name in the chat (the `source` of its app calls); required.
 * @attr {string} url - Its Streamable HTTP endpoint; required.
 * @attr {string} headers - JSON object of extra request headers.
 * @attr {'ask' | 'allow'} [messages=ask] - `allow`: messages its apps send (`ui/message`) go out without
 *   asking the person (still rate-limited and marked as the app's). `ask`: the card shows each with
 *   Send / Discard.
 */
export class AgentChatMcpServer extends HTMLElement {
  static observedAttributes = ['name', 'url', 'headers'];

  /** This server's own check on tool calls its apps' pages make (see `onAppCall` of `<agent-chat>`). */
  onAppCall?: AppCallCheck;

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
    const element = this;
    return {
      config: {
        name: this.name,
        url: this.url,
        headers,
        // Read at call time: the page may set or replace the check (or the trust) whenever it likes.
        get onAppCall() {
          return element.onAppCall;
        },
        get messages() {
          return element.getAttribute('messages') === 'allow' ? 'allow' : 'ask';
        },
      },
    };
  }
}

define('agent-chat-mcp-server', AgentChatMcpServer);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-mcp-server': AgentChatMcpServer;
  }
}
