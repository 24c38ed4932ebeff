import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';
import type { SignInRequest } from '../../mcp/mcp-types.js';
import { textWithLabel } from '../../render/label-in-text.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { mcpNoticeTexts } from './mcp-notice-texts.js';
import { signInTexts } from './sign-in-texts.js';

/**
 * @summary Above the composer: each MCP server that asks the person to sign in, with its
 * **Sign in to NAME** button (the only way its authorization window opens), and what went wrong at
 * the last press; then each server that cannot be reached now, and why (its tools are not offered
 * meanwhile; it is tried again). Loaded when a server first asks or fails.
 *
 * @csspart mcp-notice - The notice.
 * @csspart mcp-sign-in - Each server's Sign in button.
 * @csspart mcp-unreachable - A server that cannot be reached now, and why.
 */
export class AgentChatMcpNotice extends LitElement {
  static override styles = [
    base,
    visibleControls,
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
        /* A long server name wraps, in the text and on the button, rather than leave the notice. */
        overflow-wrap: anywhere;
      }
      .row p {
        margin: 0;
        flex: 1 1 14em;
        min-width: 0;
      }
      .row.down {
        border-color: var(--_border);
      }
      .row .hint {
        flex-basis: 100%;
        color: var(--_muted);
      }
      .row .problem {
        flex-basis: 100%;
        color: var(--_error);
      }
      [part='mcp-sign-in'] {
        max-width: 100%;
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
  /** Why each server out of reach is (each a sentence naming the server). */
  @property({ attribute: false }) unreachable: readonly string[] = [];
  /** Called within the press (it may open a window). */
  @property({ attribute: false }) signIn?: (name: string) => void;

  /** Where the keyboard goes when the button that had it goes with its server's sign-in (the composer). */
  @property({ attribute: false }) focusAfter?: () => void;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  private hadFocus = false;

  protected override willUpdate(): void {
    this.hadFocus = Boolean(this.shadowRoot?.activeElement);
  }

  protected override updated(): void {
    if (!this.hadFocus || this.shadowRoot?.activeElement) return;
    // A sign-in finished while its button had the keyboard: the next server's button, else the composer.
    const next = this.renderRoot.querySelector<HTMLButtonElement>('[part="mcp-sign-in"]');
    if (next) next.focus();
    else this.focusAfter?.();
  }

  override render() {
    const { requests, unreachable } = this;
    if (!requests.length && !unreachable.length) return nothing;
    const { mcpSignInNeeded, mcpSignIn } = signInTexts(this.strings);
    const strings = mcpNoticeTexts(this.strings);
    return html`<div class="mcp-sign-ins" part="mcp-notice" role="status">
      ${requests.map(
        (request) => html`<div class="row">
          <p>${textWithLabel(mcpSignInNeeded, 'name', request.name)}</p>
          <button type="button" part="mcp-sign-in" @click=${() => this.signIn?.(request.name)}>${textWithLabel(mcpSignIn, 'name', request.name)}</button>
          ${request.blocked ? html`<p class="problem mcp-sign-in-problem" role="alert">${strings.mcpSignInBlocked}</p>` : nothing}
          ${request.failure && !request.blocked ? html`<p class="problem mcp-sign-in-problem" role="alert">${strings.mcpSignInFailed}</p>` : nothing}
        </div>`,
      )}
      ${unreachable.map(
        (failure) => html`<div class="row down" part="mcp-unreachable">
          <p>${visibleBidi(failure)}</p>
          <p class="hint">${strings.mcpUnreachable}</p>
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
