/**
 * Above the composer: each MCP server that asks the person to sign in, with its **Sign in to NAME**
 * button (the only way its authorization window opens), and what went wrong at the last press.
 */
import { css, html, nothing } from 'lit';
import type { ChatStrings } from '../i18n/chat-strings.js';
import type { SignInRequest } from '../mcp/chat-apps.js';
import { textWithLabel } from '../render/label-in-text.js';

export function signInNoticeTemplate(strings: ChatStrings, requests: readonly SignInRequest[], signIn: (name: string) => void) {
  if (!requests.length) return nothing;
  return html`<div class="mcp-sign-ins" part="mcp-notice" role="status">
    ${requests.map(
      (request) => html`<div class="mcp-sign-in-row">
        <p>${textWithLabel(strings.mcpSignInNeeded, 'name', request.name)}</p>
        <button type="button" part="mcp-sign-in" @click=${() => signIn(request.name)}>${textWithLabel(strings.mcpSignIn, 'name', request.name)}</button>
        ${request.blocked ? html`<p class="mcp-sign-in-problem" role="alert">${strings.mcpSignInBlocked}</p>` : nothing}
        ${request.failure && !request.blocked ? html`<p class="mcp-sign-in-problem" role="alert">${strings.mcpSignInFailed}</p>` : nothing}
      </div>`,
    )}
  </div>`;
}

export const signInNoticeStyles = css`
  .mcp-sign-ins {
    display: grid;
    gap: 8px;
    margin: 0 auto 8px;
    width: 100%;
    max-width: var(--_max-width);
    padding: 0 var(--_space);
    box-sizing: border-box;
  }
  .mcp-sign-in-row {
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
  .mcp-sign-in-row p {
    margin: 0;
    flex: 1 1 14em;
  }
  .mcp-sign-in-row .mcp-sign-in-problem {
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
`;
