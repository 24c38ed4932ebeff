/**
 * Which suggested prompts the chat shows: the page's starters on an empty conversation (the
 * `suggestions` property, else the `<agent-chat-suggestion>` children), or the last reply's
 * follow-ups until the person sends; none while a reply streams. The list's view, which reads the
 * children and sends a choice, loads on first need (`suggestions.ts`).
 */
import { html, nothing } from 'lit';
import type { Turn } from '../../conversation/types.js';
import { onFirstNeed } from '../../internal/lazy.js';
import './suggestion.js';

const loadSuggestions = onFirstNeed(() => import('./suggestions.js'), 'the suggestions');

/** `starters` is the chat's `suggestions` property. */
export function suggestionsTemplate(chat: HTMLElement, turns: readonly Turn[], busy: boolean, starters: unknown) {
  const last = turns[turns.length - 1];
  const items = last ? last.role === 'assistant' && last.suggestions : starters;
  const some = Array.isArray(items) && items.length > 0;
  if (busy || !(some || (!last && chat.querySelector(':scope > agent-chat-suggestion')))) return nothing;
  void loadSuggestions();
  return html`<agent-chat-suggestions exportparts="suggestions, suggestion" .chat=${chat} .items=${some ? items : []} ?starter=${!last}></agent-chat-suggestions>`;
}
