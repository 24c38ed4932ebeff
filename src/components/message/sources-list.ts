import { LitElement, css, html } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ReplySource } from '../../conversation/types.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';
import { linkUrl, sourceLabel } from '../../render/reply-files.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { replyExtrasTexts } from './reply-extras-texts.js';

/**
 * @summary The sources a reply cites, collapsed under it with their count. A source with an
 * http(s) address is a link opening in a new tab (announced first with `agent-chat-open-link`,
 * like every link of the chat); any other address (`javascript:`, `data:`) is never a link, only
 * its title. A title's direction controls are shown (`⟨RLO⟩`), never obeyed. Loaded on first need.
 *
 * @csspart sources - The collapsible list (a `<details>`).
 */
export class AgentChatSources extends LitElement {
  static override styles = [
    base,
    visibleControls,
    css`
      details {
        margin: 0.4em 0 0.7em;
        font-size: 0.9em;
      }
      summary {
        cursor: pointer;
        color: var(--_muted);
        inline-size: fit-content;
        border-radius: 6px;
      }
      summary:focus-visible {
        outline: 2px solid var(--_accent);
        outline-offset: 2px;
      }
      ol {
        margin: 0.3em 0 0;
        padding-inline-start: 1.6em;
      }
      li {
        overflow-wrap: anywhere;
      }
      a {
        color: var(--_accent);
      }
    `,
  ];

  /** The reply's sources, as kept on it (checked again here: a stored or imported record may hold anything). */
  @property({ attribute: false }) sources: ReplySource[] = [];

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;

  override render() {
    const sources = Array.isArray(this.sources) ? this.sources.filter((source) => source && typeof source === 'object') : [];
    return html`<details part="sources">
      <summary>${replyExtrasTexts(this.strings).sourcesCount(sources.length)}</summary>
      <ol>
        ${sources.map((source) => {
          const href = linkUrl(typeof source.url === 'string' ? source.url : undefined);
          const label = html`<bdi>${visibleBidi(sourceLabel(source))}</bdi>`;
          return html`<li>${href ? html`<a href=${href} target="_blank" rel="noopener noreferrer nofollow">${label}</a>` : label}</li>`;
        })}
      </ol>
    </details>`;
  }
}

define('agent-chat-sources', AgentChatSources);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-sources': AgentChatSources;
  }
}
