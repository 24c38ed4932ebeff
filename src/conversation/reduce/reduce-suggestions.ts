/**
 * Suggested prompts: the checks every list goes through (the page's starters, the backend's
 * follow-ups), and the follow-ups a reply gets from `CUSTOM agent-chat.suggestions` (AG-UI) or
 * `data-agent-chat-suggestions` (AI SDK, mapped to the same custom event). Bad items are dropped,
 * long texts clipped, characters that show nothing removed (what a chip sends is what it shows);
 * nothing here throws.
 */
import type { Action } from '../actions.js';
import type { ConversationState, Suggestion } from '../types.js';
import { updateReply } from './reduce-reply-updates.js';

export const SUGGESTIONS_EVENT = 'agent-chat.suggestions';
/** At most this many are shown: a longer list is cut. */
export const MAX_SUGGESTIONS = 8;
export const MAX_LABEL = 120;
export const MAX_PROMPT = 4000;
/** An icon is a few characters of text (an emoji, possibly with modifiers). */
export const MAX_ICON = 8;

/** The suggestions in `input` (a list, or `{suggestions: list}`), each `{label, prompt?, icon?}` or a plain string. */
export function suggestionsFrom(input: unknown): Suggestion[] {
  const list = Array.isArray(input) ? input : isObject(input) && Array.isArray(input.suggestions) ? input.suggestions : [];
  const checked: Suggestion[] = [];
  for (const item of list) {
    if (checked.length === MAX_SUGGESTIONS) break;
    const suggestion = suggestionFrom(item);
    if (suggestion) checked.push(suggestion);
  }
  return checked;
}

function suggestionFrom(item: unknown): Suggestion | undefined {
  if (typeof item === 'string') item = { label: item };
  if (!isObject(item)) return undefined;
  const label = clip(item.label, MAX_LABEL);
  if (!label) return undefined;
  const suggestion: Suggestion = { label };
  const prompt = clip(item.prompt, MAX_PROMPT);
  if (prompt) suggestion.prompt = prompt;
  const icon = clipIcon(item.icon);
  if (icon) suggestion.icon = icon;
  return suggestion;
}

/**
 * Characters that draw nothing but a model still reads: format characters (zero-width spaces,
 * word joiners, Unicode tags…) and runs of variation selectors, which can carry a whole hidden
 * message after a harmless label. Kept: the joiners words and emoji need (ZWNJ, ZWJ), the
 * direction marks, the explicit direction controls (the view shows those as markers) and one
 * variation selector after a character (an emoji's presentation).
 */
const HIDDEN = /(?![\u200C-\u200F\u061C\u202A-\u202E\u2066-\u2069])\p{Cf}|[\u{E0100}-\u{E01EF}]|(?<=[\uFE00-\uFE0F])[\uFE00-\uFE0F]/gu;

/** `text` without the characters that would say more than it shows. */
export function withoutHiddenText(text: string): string {
  return text.replace(HIDDEN, '');
}

/** Trimmed text, at most `max` characters (not cutting a surrogate pair); '' when not text. */
function clip(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const text = withoutHiddenText(value).trim().replace(/\s+/g, ' ');
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  return cut.trimEnd() + '…';
}

/** An icon is shown as text: at most `MAX_ICON` code points, no markup characters, no address. */
function clipIcon(value: unknown): string {
  if (typeof value !== 'string') return '';
  const icon = value.trim();
  if (!icon || /[<>]|:\/\/|^(javascript|data):/i.test(icon)) return '';
  return Array.from(icon).slice(0, MAX_ICON).join('');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type CustomAction = Extract<Action, { type: 'custom' }>;

/** A custom event: follow-up suggestions go on the reply under way (replacing earlier ones); others change nothing. */
export function reduceCustom(state: ConversationState, action: CustomAction): ConversationState {
  if (action.name !== SUGGESTIONS_EVENT || action.subagentRunId) return state;
  const suggestions = suggestionsFrom(action.value);
  return updateReply(state, (reply) => {
    if (!suggestions.length) {
      if (!reply.suggestions) return reply;
      const { suggestions: _dropped, ...rest } = reply;
      return rest;
    }
    return { ...reply, suggestions };
  });
}
