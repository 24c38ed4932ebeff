import type { AppCallCheck, McpServerConfig } from '../../mcp/types.js';

/**
 * @summary An MCP server `<agent-chat>` connects to: put it inside the chat element. Its tools that
 * the model may see are offered to the backend; their apps show in the tool cards.
 *
 * Not rendered; a change of `name`, `url` or `headers` reconnects.
 *
 * @attr name - The server's name in the chat (the `source` of its app calls).
 * @attr url - Its Streamable HTTP endpoint.
 * @attr headers - JSON object of extra request headers.
 * @attr messages - `allow`: messages its apps send (`ui/message`) go out without asking the person
 *   (still rate-limited and marked as the app's). Default `ask`: the card shows each with Send / Discard.
 */
export class AgentChatMcpServer extends HTMLElement {
  static observedAttributes = ['name', 'url', 'headers'];

  /** This server's own check on tool calls its apps' pages make (see `onAppCall` of `<agent-chat>`). */
  onAppCall?: AppCallCheck;

  get name(): string {
    return this.getAttribute('name') ?? '';
  }
  set name(value: string) {
    this.setAttribute('name', value);
  }

  get url(): string {
    return this.getAttribute('url') ?? '';
  }
  set url(value: string) {
    this.setAttribute('url', value);
  }

  attributeChangedCallback(): void {
    this.dispatchEvent(new Event('agent-chat-mcp-server-change', { bubbles: true }));
  }

  /** This element as a server configuration; `null` with the reason when it is incomplete. */
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

if (!customElements.get('agent-chat-mcp-server')) customElements.define('agent-chat-mcp-server', AgentChatMcpServer);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-mcp-server': AgentChatMcpServer;
  }
}
