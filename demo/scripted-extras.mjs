// Scripted replies that show what a reply can carry besides text: code in three languages, math,
// sources, and follow-up suggestions after each. Shared by the AG-UI agent (scripted-agent.mjs)
// and the AI SDK backend (ai-sdk-scripts.mjs); the steps `sources` and `suggestions` become AG-UI
// CUSTOM events there and `source-url` / `data-agent-chat-suggestions` chunks here.

import { attachHelpScript, attachmentsScript } from './attachment-reply.mjs';

/** @typedef {import('./scripted-agent.mjs').Step} Step */
/** @typedef {{ label: string, prompt?: string }} Suggestion */
/** @typedef {{ url: string, title: string }} Source */

/** The prompts the starter chips and follow-ups send (each picks one of the replies below). */
export const EXTRA_PROMPTS = {
  code: 'Show me code in three languages',
  math: 'Show me an equation',
  sources: 'How many people cycle in Amsterdam? Cite your sources.',
  attach: 'What can you tell me about an image I attach?',
};

const CODE = { label: 'Code in three languages', prompt: EXTRA_PROMPTS.code };
const MATH = { label: 'An equation', prompt: EXTRA_PROMPTS.math };
const SOURCES = { label: 'An answer with sources', prompt: EXTRA_PROMPTS.sources };
const ATTACH = { label: 'Describe an image', prompt: EXTRA_PROMPTS.attach };

/** The follow-up suggestions after each of these replies, by reply name. @type {Record<string, Suggestion[]>} */
export const FOLLOW_UPS = {
  code: [MATH, SOURCES],
  math: [SOURCES, CODE],
  sources: [CODE, MATH, ATTACH],
  attach: [CODE, MATH, SOURCES],
  attachments: [CODE, MATH, SOURCES],
};

/** The sources of the sources reply: made-up pages on example.com (never fetched). @type {Source[]} */
export const CYCLING_SOURCES = [
  { url: 'https://example.com/amsterdam/cycling-facts', title: 'Cycling facts and figures (demo page)' },
  { url: 'https://example.com/reports/mobility-2024', title: 'Mobility report 2024 (demo page)' },
  { url: 'https://example.com/amsterdam/bicycle-parking', title: 'Bicycle parking at Centraal (demo page)' },
];

/** @returns {Step[]} */
export function codeScript() {
  return [
    {
      kind: 'text',
      text: `The same small job in three languages: the average temperature per city from a list of readings.

**TypeScript**

\`\`\`ts
interface Reading {
  city: string;
  celsius: number;
}

export function averageByCity(readings: Reading[]): Map<string, number> {
  const sums = new Map<string, { total: number; count: number }>();
  for (const { city, celsius } of readings) {
    const sum = sums.get(city) ?? { total: 0, count: 0 };
    sums.set(city, { total: sum.total + celsius, count: sum.count + 1 });
  }
  return new Map([...sums].map(([city, { total, count }]) => [city, total / count]));
}
\`\`\`

**Python**

\`\`\`python
from collections import defaultdict


def average_by_city(readings: list[tuple[str, float]]) -> dict[str, float]:
    """Average temperature per city, from (city, celsius) pairs."""
    sums: dict[str, list[float]] = defaultdict(list)
    for city, celsius in readings:
        sums[city].append(celsius)
    return {city: sum(values) / len(values) for city, values in sums.items()}
\`\`\`

**SQL**

\`\`\`sql
-- One row per city, warmest first
SELECT city, ROUND(AVG(celsius), 1) AS average_celsius, COUNT(*) AS readings
FROM readings
WHERE taken_at >= DATE '2026-01-01'
GROUP BY city
ORDER BY average_celsius DESC;
\`\`\`

Each block has a copy button that copies the code as written.`,
    },
    { kind: 'suggestions', suggestions: FOLLOW_UPS.code },
  ];
}

/** @returns {Step[]} */
export function mathScript() {
  return [
    {
      kind: 'text',
      text: String.raw`The roots of $ax^2 + bx + c = 0$ (with $a \neq 0$) are given by the quadratic formula:

$$
x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}
$$

So $x^2 - 3x + 2 = 0$ has the roots $x = 1$ and $x = 2$. The other delimiters work too: \(e^{i\pi} + 1 = 0\) inline, and a block

\[
\sum_{k=1}^{n} k = \frac{n(n+1)}{2}
\]

A dollar sign in prose stays a dollar: the coffee was $5 and the cake $10, so $15 in all.`,
    },
    { kind: 'suggestions', suggestions: FOLLOW_UPS.math },
  ];
}

/** @returns {Step[]} */
export function sourcesScript() {
  return [
    { kind: 'sources', sources: CYCLING_SOURCES },
    {
      kind: 'text',
      text: `About **35 %** of all trips in Amsterdam are made by bicycle [1], some 823,000 bicycle trips \
on a weekday [2]. Around Centraal station alone there are 12,100 places to park a bicycle [3].

The sources are listed under this reply, collapsed: open the list to see them.

_Made-up demo figures; the sources are pages on example.com that this demo never fetches._`,
    },
    { kind: 'suggestions', suggestions: FOLLOW_UPS.sources },
  ];
}

/**
 * Keyword (matched at a word start, case-insensitive) → reply, after the demo's other keywords:
 * name, pattern, script. "attach" only answers when nothing is attached (a message with files
 * gets the attachment reply whatever it says).
 * @type {Array<[string, RegExp, () => Step[]]>}
 */
export const EXTRA_SCRIPTS = [
  ['code', /\b(code|snippets?|program)\b/i, () => codeScript()],
  ['math', /\b(math|maths|equations?|formulas?|latex|tex)\b/i, () => mathScript()],
  ['sources', /\b(sources?|cite|citations?|references?)\b/i, () => sourcesScript()],
  ['attach', /\b(attach\w*|images?|pictures?|photos?|upload\w*|files?)\b/i, () => [...attachHelpScript(), { kind: 'suggestions', suggestions: FOLLOW_UPS.attach }]],
];

/**
 * The reply to a message with files, with its follow-ups.
 * @param {import('./attachment-reply.mjs').AttachedFile[]} files @param {string} wire @returns {Step[]}
 */
export function attachmentsReply(files, wire) {
  return [...attachmentsScript(files, wire), { kind: 'suggestions', suggestions: FOLLOW_UPS.attachments }];
}

/** A Step list's own follow-ups, if it ends with some. @param {Step[]} steps */
export function followUpsOf(steps) {
  const last = steps.at(-1);
  return last?.kind === 'suggestions' ? last.suggestions : undefined;
}
