import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { suggestionsFrom } from '../../conversation/reduce/reduce-suggestions.js';
import type { Suggestion } from '../../conversation/types.js';
import { emit } from '../../events.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';
import { englishStrings } from '../../i18n/strings.js';
import { stringsContext } from '../../internal/contexts.js';
import { define } from '../../internal/define.js';
import { visibleBidi } from '../../render/visible-bidi.js';
import { base } from '../../styles/tokens.js';
import { visibleControls } from '../../styles/visible-controls.js';
import { suggestionsTexts } from './suggestions-texts.js';

/** The chat as this list uses it: it sends a choice, and its `<agent-chat-suggestion>` children are the starters. */
type Chat = HTMLElement & { send(text: string): Promise<string | null> };

/**
 * @summary Suggested prompts as a group of buttons: the page's starters on an empty conversation
 * (`items`, else the chat's `<agent-chat-suggestion>` children, followed as they change), or the
 * backend's follow-ups under the last reply. Every list is checked here (long texts clipped, bad
 * items dropped); an icon is text, never markup; a label's direction controls are shown (`⟨RLO⟩`),
 * never obeyed. Choosing one fires the chat's cancelable `agent-chat-suggestion`, then a starter
 * sends its prompt; a follow-up (the model's) sends only when its prompt is its label, else the
 * prompt goes into the composer for the person to read and send. Loaded on first need.
 *
 * @csspart suggestions - The group.
 * @csspart suggestion - Each suggestion's button.
 */
export class AgentChatSuggestions extends LitElement {
  static override styles = [
    base,
    visibleControls,
    css`
      .group {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
        margin-block: 4px 12px;
      }
      .starter {
        justify-content: center;
      }
      button {
        display: inline-flex;
        align-items: center;
        gap: 6px;
        max-inline-size: 100%;
        min-block-size: 32px;
        padding-block: 4px;
        padding-inline: 12px;
        border: 1px solid var(--_border);
        border-radius: 999px;
        background: var(--_bg);
        color: var(--_text);
        font: inherit;
        font-size: 0.9em;
        text-align: start;
        overflow-wrap: anywhere;
        cursor: pointer;
      }
      button:hover {
        background: var(--_surface);
        border-color: var(--_accent);
      }
      button:focus-visible {
        outline: 2px solid var(--_accent);
        outline-offset: 2px;
      }
    `,
  ];

  /** The chat the suggestions are for. */
  @property({ attribute: false }) chat?: Chat;
  /** The suggestions as given (the page's property, or a reply's follow-ups); starters from the children when empty. */
  @property({ attribute: false }) items: unknown = [];
  /** Starters, on the empty conversation (centred); else follow-ups under the last reply. */
  @property({ type: Boolean }) starter = false;

  @consume({ context: stringsContext, subscribe: true }) private strings: ChatStrings = englishStrings;
  /** Sees the chat's children change (text, `prompt`, `icon`): they are read again. */
  private readonly observer = new MutationObserver(() => this.requestUpdate());

  override updated(): void {
    this.observer.disconnect();
    if (this.chat && this.starter) this.observer.observe(this.chat, { childList: true, subtree: true, characterData: true, attributeFilter: ['prompt', 'icon'] });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observer.disconnect();
  }

  /** The `<agent-chat-suggestion>` children as suggestions (checked with the rest). */
  private starterChildren(): unknown[] {
    return [...(this.chat?.children ?? [])]
      .filter((child) => child.localName === 'agent-chat-suggestion')
      .map((child) => ({ label: child.textContent, prompt: child.getAttribute('prompt') ?? undefined, icon: child.getAttribute('icon') ?? undefined }));
  }

  private choose({ label, prompt = label }: Suggestion): void {
    const chat = this.chat;
    if (!chat || !emit(chat, 'agent-chat-suggestion', { label, prompt }, { cancelable: true })) return;
    const composer = chat.shadowRoot?.querySelector<HTMLElement>('agent-chat-composer');
    // The backend's chip shows only its label: a prompt that says more is never sent unseen.
    if (!this.starter && prompt !== label) return this.draft(composer, prompt);
    // The list goes with the message sent: the keyboard goes to the composer.
    void chat.send(prompt).then((id) => id && composer?.focus());
  }

  /**
   * Puts `prompt` in the composer's text area as if typed — after what the person had written, if
   * anything, so no draft is lost — and shows its start, where reading begins.
   */
  private draft(composer: HTMLElement | null | undefined, prompt: string): void {
    const area = composer?.shadowRoot?.querySelector('textarea');
    if (!area) return;
    const before = area.value.trimEnd();
    const start = before ? before.length + 2 : 0;
    area.value = before ? `${before}\n\n${prompt}` : prompt;
    area.dispatchEvent(new Event('input', { bubbles: true }));
    area.focus();
    area.setSelectionRange(start, start);
    area.scrollTop = 0;
  }

  override render() {
    const given = Array.isArray(this.items) && this.items.length ? this.items : this.starter ? this.starterChildren() : [];
    const items = suggestionsFrom(given);
    if (!items.length) return nothing;
    const { suggestionsStarter, suggestionsFollowUp } = suggestionsTexts(this.strings);
    const label = this.starter ? suggestionsStarter : suggestionsFollowUp;
    return html`<div class="group ${this.starter ? 'starter' : ''}" part="suggestions" role="group" aria-label=${label}>
      ${items.map(
        (item) => html`<button type="button" part="suggestion" @click=${() => this.choose(item)}>
          ${item.icon ? html`<span aria-hidden="true">${item.icon}</span>` : nothing}<bdi>${visibleBidi(item.label)}</bdi>
        </button>`,
      )}
    </div>`;
  }
}

define('agent-chat-suggestions', AgentChatSuggestions);

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-suggestions': AgentChatSuggestions;
  }
}
