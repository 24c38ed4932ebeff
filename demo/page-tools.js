// The demo page's own tools, its context, and how it draws their cards and the agent's shared
// state: what a site gives `<agent-chat>` so the agent can act on the page. `set_accent` (asked
// first) changes the page's accent colour; `read_form` reads the trip form under the chat.

const tripForm = document.querySelector('#trip-form');
tripForm.addEventListener('submit', (event) => event.preventDefault());

const HEX = /^#[0-9a-fA-F]{6}$/;
/** The accent set_accent applied last (null: the page's default). */
let accent = null;

const channels = (hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
const toHex = (rgb) => `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex) {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** White or near-black, whichever reads better on `hex`. */
const textOn = (hex) => (1.05 / (luminance(hex) + 0.05) >= (luminance(hex) + 0.05) / (luminance('#0f1320') + 0.05) ? '#ffffff' : '#0f1320');
/** `hex` lightened for dark mode (45% of the way to white). */
const lighter = (hex) => toHex(channels(hex).map((value) => value + (255 - value) * 0.45));

/** The page's accent (its top bar and links) and the chat's (`--agent-chat-color-accent`, the person's bubble), on :root. */
function applyAccent(color) {
  const dark = lighter(color);
  const style = document.documentElement.style;
  style.setProperty('--accent', `light-dark(${color}, ${dark})`);
  style.setProperty('--agent-chat-color-accent', `light-dark(${color}, ${dark})`);
  style.setProperty('--agent-chat-color-accent-text', `light-dark(${textOn(color)}, ${textOn(dark)})`);
  style.setProperty('--agent-chat-color-user-bubble', color);
  style.setProperty('--agent-chat-color-user-text', textOn(color));
  accent = color;
}

const ACCENT_STATUS = { running: 'not applied yet', done: 'applied', cancelled: 'cancelled', 'not-completed': 'not applied' };

/** set_accent's card: a swatch of the colour, its hex and what became of the call (in words, not colour alone). */
function accentCard({ args, status, error }) {
  const color = typeof args?.color === 'string' && HEX.test(args.color) ? args.color.toLowerCase() : null;
  const card = document.createElement('div');
  card.style.cssText = 'display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em 0.75em';
  const swatch = document.createElement('span');
  swatch.style.cssText = `flex: none; inline-size: 2.25em; block-size: 2.25em; border-radius: 0.4em; border: 1px solid color-mix(in srgb, currentColor 35%, transparent); background: ${color ?? 'transparent'}`;
  const hex = document.createElement('code');
  hex.textContent = color ?? (typeof args?.color === 'string' ? args.color : '…');
  const said = document.createElement('span');
  // A denial comes as a cancelled (or failed) call whose error says so.
  if (/^Denied/.test(error ?? '')) said.textContent = 'denied: not applied';
  else if (status === 'error') said.textContent = `not applied: ${error ?? 'the call failed'}`;
  else said.textContent = ACCENT_STATUS[status] ?? status;
  card.append(swatch, hex, said);
  return card;
}

/** What read_form returns: the trip form's values (travellers as a number). */
function tripValues() {
  const values = Object.fromEntries(new FormData(tripForm));
  const travellers = Number(values.travellers);
  return { ...values, travellers: values.travellers && Number.isFinite(travellers) ? travellers : '' };
}

const PAGE_TOOLS = [
  {
    name: 'set_accent',
    description: "Changes the demo page's accent colour (its top bar, links and the chat's buttons). The person approves it first.",
    parameters: {
      type: 'object',
      properties: { color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$', description: 'A CSS hex colour, #rrggbb.' } },
      required: ['color'],
      additionalProperties: false,
    },
    confirm: true,
    handler: ({ color }) => {
      applyAccent(color.toLowerCase());
      return { applied: color.toLowerCase() };
    },
    render: accentCard,
  },
  {
    name: 'read_form',
    description: 'Reads the trip form on the demo page (destination, dates, travellers) and returns its values.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    handler: () => tripValues(),
  },
];

/** The shared state, compactly: a caption, then one line per key, lists joined. */
function drawState(state) {
  if (!state || typeof state !== 'object' || Array.isArray(state)) return null;
  const box = document.createElement('div');
  box.style.cssText =
    'display: inline-block; padding: 0.35em 0.75em 0.45em; border: 1px solid color-mix(in srgb, currentColor 25%, transparent); border-radius: 0.5em; font-size: 0.9em';
  const caption = document.createElement('div');
  caption.style.cssText = 'font-size: 0.85em; opacity: 0.75; margin-block-end: 0.15em';
  caption.textContent = 'Shared state';
  const list = document.createElement('dl');
  list.style.cssText = 'display: grid; grid-template-columns: auto 1fr; gap: 0.1em 0.75em; margin: 0';
  for (const [key, value] of Object.entries(state)) {
    const term = document.createElement('dt');
    term.style.fontWeight = '600';
    term.textContent = key;
    const detail = document.createElement('dd');
    detail.style.margin = '0';
    detail.textContent = Array.isArray(value) ? value.join(', ') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    list.append(term, detail);
  }
  box.append(caption, list);
  return box;
}

/** Gives a chat the page's tools, context and renderers (properties: a new chat gets them again). */
export function equip(element) {
  element.tools = PAGE_TOOLS;
  element.toolDisplay = { set_accent: { title: 'Accent colour', open: true }, read_form: { title: 'Trip form' } };
  element.context = () => [
    {
      description: 'The demo page the chat is on: its title and its accent colour ("default" until set_accent changes it)',
      value: { title: document.title, accent: accent ?? 'default' },
    },
  ];
  element.stateRenderer = drawState;
}
