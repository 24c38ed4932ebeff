import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { en } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';
import type { SignInRequest } from '../../mcp/types.js';
import { textWithLabel } from '../../render/label-in-text.js';
import { base } from '../../styles/tokens.js';

/**
 * @summary Above the composer: each MCP server that asks the person to sign in, with its
 * **Sign in to NAME** button (the only way its authorization window opens), and what went wrong at
 * the last press. Loaded when a server first asks.
 *
 * @csspart mcp-notice - The notice.
 * @csspart mcp-sign-in - Each server's Sign in button.
 */
export class AgentChatMcpNotice extends LitElement {
  static override styles = [
    base,
    css`
      :host {
        display: block;
      }
      .mcp-sign-ins {
        display: grid;
        gap: 8px;
        margin: 0 auto 8px;
        width: 100%;
        max-width: var(--_max-width);
        padding: 0 var(--_space);
        box-sizing: border-box;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 6px 12px;
        padding: 8px 12px;
        border-radius: 8px;
        border: 1px solid var(--_accent);
        background: var(--_surface);
        color: var(--_text);
      }
      .row p {
        margin: 0;
        flex: 1 1 14em;
      }
      .row .problem {
        flex-basis: 100%;
        color: var(--_error);
      }
      [part='mcp-sign-in'] {
        font: inherit;
        min-height: 36px;
        padding: 6px 14px;
        border-radius: 8px;
        border: 0;
        background: var(--_accent);
        color: var(--_accent-text);
        cursor: pointer;
      }
      [part='mcp-sign-in']:focus-visible {
        outline: 2px solid var(--_accent);
        outline-offset: 2px;
      }
    `,
  ];

  @property({ attribute: false }) requests: readonly SignInRequest[] = [];
  /** Called within the press (it may open a window). */
  @property({ attribute: false }) signIn?: (name: string) => void;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = en;

  override render() {
    const { strings, requests } = this;
    if (!requests.length) return nothing;
    return html`<div class="mcp-sign-ins" part="mcp-notice" role="status">
      ${requests.map(
        (request) => html`<div class="row">
          <p>${textWithLabel(strings.mcpSignInNeeded, 'name', request.name)}</p>
          <button type="button" part="mcp-sign-in" @click=${() => this.signIn?.(request.name)}>${textWithLabel(strings.mcpSignIn, 'name', request.name)}</button>
          ${request.blocked ? html`<p class="problem mcp-sign-in-problem" role="alert">${strings.mcpSignInBlocked}</p>` : nothing}
          ${request.failure && !request.blocked ? html`<p class="problem mcp-sign-in-problem" role="alert">${strings.mcpSignInFailed}</p>` : nothing}
        </div>`,
      )}
    </div>`;
  }
}

define('agent-chat-mcp-notice', AgentChatMcpNotice);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-mcp-notice': AgentChatMcpNotice;
  }
}
