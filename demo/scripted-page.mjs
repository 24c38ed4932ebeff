// The demo page's own tools, as the scripted agents use them (both backends: scripted-agent.mjs
// for AG-UI, ai-sdk-scripts.mjs for the AI SDK):
//
// - "accent" (or "colour"): the agent calls `set_accent` with a colour from the message; the page
//   asks the person Approve / Deny on the card (`confirm`), then changes its accent colour.
// - "form": the agent calls `read_form`, which returns the values of the page's trip form.
//
// Both are client tools: the run ends with the call pending, the widget runs the page's handler and
// the next run carries its result (AG-UI: a `role: "tool"` message with `content`, and `error` when
// it failed or was denied), which the follow-up sums up. A page that offers neither tool (the
// product page) gets a sentence saying so instead of a call.

import { contentText } from './message-text.mjs';

/** @typedef {import('./scripted-agent.mjs').Step} Step */
/** @typedef {import('@ag-ui/core').RunAgentInput} RunAgentInput */
/** @typedef {{ content?: unknown, error?: string }} ToolMessage  What a run gets of a call's result. */

export const ACCENT_TOOL = 'set_accent';
export const FORM_TOOL = 'read_form';

/** Colour names the agent understands ("make the accent teal"), each readable with white text. */
export const COLOUR_NAMES = {
  teal: '#0f766e',
  green: '#15803d',
  blue: '#1d4ed8',
  navy: '#1e3a8a',
  indigo: '#4f46e5',
  purple: '#7e22ce',
  violet: '#6d28d9',
  pink: '#be185d',
  red: '#b91c1c',
  orange: '#c2410c',
  brown: '#92400e',
  grey: '#4b5563',
  gray: '#4b5563',
};

/** The colour when the message names none (or names the one the page has already). */
const DEFAULT_COLOURS = ['teal', 'purple'];

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Text the person typed, safe in a Markdown table cell or sentence: one line, no markup. */
function plain(value) {
  return String(value)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~]/g, (char) => `\\${char}`);
}

/** A value as inline code, on one line (a backtick in it would end the span). */
function code(value) {
  return `\`${String(value)
    .replace(/[`\s]+/g, ' ')
    .trim()}\``;
}

const offers = (input, name) => (input.tools ?? []).some((tool) => tool?.name === name);

/** The page's own facts from the run's context: the entry whose value has an `accent` (an object, or JSON text). */
export function pageFacts(context) {
  for (const entry of context ?? []) {
    const value = typeof entry?.value === 'string' ? parseJson(entry.value) : entry?.value;
    if (isObject(value) && typeof value.accent === 'string') return value;
  }
  return undefined;
}

/**
 * The colour a message asks for: a hex (`#0f766e`, `#0a8` made long), else a colour name, else a
 * default. Something that looks like a hex but is none (`#12345`) goes as written: the tool's
 * `parameters` refuse it, which the reply then says.
 * @returns {{ color: string, name?: string }}
 */
export function colourFrom(text, current) {
  const hex = /#([0-9a-z]+)\b/i.exec(text);
  if (hex) {
    const digits = hex[1].toLowerCase();
    if (/^[0-9a-f]{6}$/.test(digits)) return { color: `#${digits}` };
    if (/^[0-9a-f]{3}$/.test(digits)) return { color: `#${[...digits].map((digit) => digit + digit).join('')}` };
    return { color: hex[0] };
  }
  const named = Object.keys(COLOUR_NAMES).find((name) => new RegExp(`\\b${name}\\b`, 'i').test(text));
  const name = named ?? DEFAULT_COLOURS.find((candidate) => COLOUR_NAMES[candidate] !== current) ?? DEFAULT_COLOURS[0];
  return { color: COLOUR_NAMES[name], name };
}

// ---------------------------------------------------------------------------------------------
// "accent": set_accent, with the person's approval

/** @param {string} text @param {RunAgentInput} input @returns {Step[]} */
export function accentScript(text, input) {
  if (!offers(input, ACCENT_TOOL)) {
    return [
      {
        kind: 'text',
        text: `I would change the page's accent colour with its \`${ACCENT_TOOL}\` tool, but this page offers no \
such tool. The demo's main page gives its chat two tools of its own (\`chat.tools\`): \`${ACCENT_TOOL}\` and \`${FORM_TOOL}\`.`,
      },
    ];
  }
  const current = pageFacts(input.context)?.accent;
  const { color, name } = colourFrom(text, current);
  const now = current
    ? current === 'default'
      ? 'The page has its default accent now (its `context` says so). '
      : `The page's accent is ${code(current)} now (its \`context\` says so). `
    : '';
  return [
    {
      kind: 'text',
      text: `${now}I will change it to ${name ? `${name}, ${code(color)}` : code(color)}, with the page's own \
\`${ACCENT_TOOL}\` tool. The page asks you first: **Approve** or **Deny** on the card.`,
    },
    { kind: 'client-tool', name: ACCENT_TOOL, args: { color } },
  ];
}

/** What the agent says once the page ran set_accent, or the person denied it. @param {ToolMessage} message @returns {Step[]} */
export function accentResultScript(message) {
  const text = contentText(message.content);
  if (message.error) {
    const denied = /^Denied by the person(?::\s*(.*))?/s.exec(message.error);
    if (denied) {
      return [
        {
          kind: 'text',
          text: `You denied it, so the accent stays as it was.${denied[1]?.trim() ? ` Your reason: “${plain(denied[1])}”.` : ''}`,
        },
      ];
    }
    return [{ kind: 'text', text: `The page did not change its accent: ${plain(message.error)}` }];
  }
  const applied = parseJson(text)?.applied;
  if (typeof applied !== 'string') return [{ kind: 'text', text: `The page answered, but not with the colour it applied: ${plain(text || 'nothing')}.` }];
  return [
    {
      kind: 'text',
      text: `Done: the accent is now ${code(applied)}, applied by the page's \`${ACCENT_TOOL}\` handler — the bar at \
the top of the page, its links and this chat's buttons use it. The card above is drawn by the tool's own \`render\`.`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// "form": read_form

/** @param {string} _text @param {RunAgentInput} input @returns {Step[]} */
export function formScript(_text, input) {
  if (!offers(input, FORM_TOOL)) {
    return [
      {
        kind: 'text',
        text: `I would read the form on the page with its \`${FORM_TOOL}\` tool, but this page offers no such tool. \
The demo's main page has a small trip form under its chat and gives the chat \`${FORM_TOOL}\` to read it.`,
      },
    ];
  }
  return [
    { kind: 'text', text: `Let me read the trip form on the page with its \`${FORM_TOOL}\` tool.` },
    { kind: 'client-tool', name: FORM_TOOL, args: {} },
  ];
}

/** "2026-05-01" → a Date at UTC midnight, or undefined. */
function dayOf(text) {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const day = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? undefined : day;
}

/** One sentence about the trip from the form's usual fields. */
function tripSentence({ destination, from, to, travellers }) {
  const where = typeof destination === 'string' && destination.trim() ? ` to **${plain(destination)}**` : '';
  const start = dayOf(from);
  const end = dayOf(to);
  let when = '';
  if (start && end) {
    const nights = Math.round((end.getTime() - start.getTime()) / 86_400_000);
    when = nights > 0 ? ` from ${from} to ${to} (${nights === 1 ? 'one night' : `${nights} nights`})` : ` from ${from} to ${to}, which ends before it starts`;
  } else if (start) when = ` from ${from}`;
  const count = Number(travellers);
  const who = Number.isInteger(count) && count > 0 ? (count === 1 ? ', travelling alone' : `, ${count} travellers`) : '';
  return where || when ? `You are going${where}${when}${who}.` : '';
}

/** What the agent says of the form's values. @param {ToolMessage} message @returns {Step[]} */
export function formResultScript(message) {
  const text = contentText(message.content);
  const values = message.error ? undefined : parseJson(text);
  if (!isObject(values)) return [{ kind: 'text', text: `I could not read the form: ${plain(message.error || text || 'the tool gave no result')}.` }];
  const filled = Object.entries(values).filter(([, value]) => value !== '' && value !== null && value !== undefined);
  if (filled.length === 0) return [{ kind: 'text', text: 'The trip form is empty: fill it in under the chat and ask me again.' }];
  const rows = filled.map(([field, value]) => `| ${plain(field.charAt(0).toUpperCase() + field.slice(1))} | ${plain(typeof value === 'string' ? value : JSON.stringify(value))} |`);
  const sentence = tripSentence(values);
  return [
    {
      kind: 'text',
      text: `${sentence ? `${sentence} ` : ''}This is what the form says:

| Field | Value |
| --- | --- |
${rows.join('\n')}

_Read by the page's \`${FORM_TOOL}\` handler; the demo agent only repeats it, nothing is booked._`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Wiring

/**
 * The page's words (matched at a word start, case-insensitive): name, pattern, the script that
 * calls the tool, the follow-up for its result, and the tool's name. Both agents try them before
 * "plan", whose "trip" would take "read my trip form".
 * @type {Array<[string, RegExp, (text: string, input: RunAgentInput) => Step[], (message: ToolMessage) => Step[], string]>}
 */
export const PAGE_SCRIPTS = [
  ['accent', /\b(accent|colou?rs?)\b/i, accentScript, accentResultScript, ACCENT_TOOL],
  ['form', /\bforms?\b/i, formScript, formResultScript, FORM_TOOL],
];

/**
 * AG-UI: the reply to a run whose messages end with the tool message answering a set_accent or
 * read_form call. Undefined otherwise.
 * @param {RunAgentInput} input @returns {Step[] | undefined}
 */
export function pageToolFollowUp(input) {
  return scriptFollowUp(input, PAGE_SCRIPTS);
}

/**
 * The reply to a run whose messages end with the tool message answering a call of one of
 * `scripts`' tools (`[word, pattern, script, follow-up, tool name]`). Undefined otherwise.
 * @param {RunAgentInput} input @param {Array<[string, RegExp, Function, Function, string]>} scripts @returns {Step[] | undefined}
 */
export function scriptFollowUp(input, scripts) {
  const list = input.messages ?? [];
  const names = new Map();
  for (const message of list) {
    if (message?.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) names.set(call.id, call.function?.name);
  }
  for (let index = list.length - 1; index >= 0 && list[index]?.role === 'tool'; index--) {
    const entry = scripts.find((script) => script[4] === names.get(list[index].toolCallId));
    if (entry) return entry[3](list[index]);
  }
  return undefined;
}
