import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { Turn } from '../../../src/conversation/types.js';
import { loadHighlighter } from '../../../src/render/highlight-loader.js';
import { COLOR_TOKENS } from '../../../src/styles/tokens.js';
import { deepQuery, settle, until } from '../helpers.js';

/** Values a page may set that are no colour: each is invalid once substituted into a `<color>`. */
const INVALID = ['1', '12px', 'nonsense', 'rgb(1 2)', "'red'", 'red blue', 'url(x.png)'];
const invalid = (i: number) => INVALID[i % INVALID.length];
const THEMES = ['light', 'dark'] as const;

/** `#2f5bd3` → `rgb(47, 91, 211)`, as getComputedStyle gives it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const defaultOf = (token: (typeof COLOR_TOKENS)[number], theme: 'light' | 'dark') => rgb(theme === 'light' ? token[2] : token[3]);
const everyInvalid = () => COLOR_TOKENS.map(([name], i) => `--agent-chat-${name}: ${invalid(i)}`).join('; ');

const CODE = "```python\n@cache\ndef size(path):\n    # the length\n    return len('abc') + 1\n```\n\n```yaml\nkey: 1\n```\n";
const TURNS: Turn[] = [
  { role: 'user', id: 'u1', text: 'hi' },
  { role: 'assistant', id: 'a1', status: 'done', parts: [{ kind: 'text', id: 't1', text: CODE, streaming: false }] },
  { role: 'user', id: 'u2', text: 'again' },
  { role: 'assistant', id: 'a2', status: 'cancelled', parts: [] },
  { role: 'user', id: 'u3', text: 'once more' },
  { role: 'assistant', id: 'a3', status: 'error', parts: [], error: { kind: 'backend', message: 'It failed.' } },
];

/** Each colour's controls: [what, selector (searched through the shadow roots), property]. */
const CONTROLS: [string, string, 'backgroundColor' | 'color' | 'borderTopColor'][] = [
  ['accent', '[part="send-button"]', 'backgroundColor'],
  ['accent-text', '[part="send-button"]', 'color'],
  ['bg', '[part="base"]', 'backgroundColor'],
  ['text', '[part="base"]', 'color'],
  ['border', '[part="base"]', 'borderTopColor'],
  ['surface', '[part="header"]', 'backgroundColor'],
  ['muted', '.stopped', 'color'],
  ['user-bg', '[part~="user-message"] .bubble, [part~="user-message"].bubble', 'backgroundColor'],
  ['user-text', '[part~="user-message"] .bubble, [part~="user-message"].bubble', 'color'],
  ['error', '[part="error"]', 'color'],
  ['error-bg', '[part="error"]', 'backgroundColor'],
  ['code-bg', '.code-block', 'backgroundColor'],
  ['code-keyword', '.hljs-keyword', 'color'],
  ['code-string', '.hljs-string', 'color'],
  ['code-comment', '.hljs-comment', 'color'],
  ['code-number', '.hljs-number', 'color'],
  ['code-function', '.hljs-title', 'color'],
  ['code-type', '.hljs-built_in', 'color'],
  ['code-attribute', '.hljs-attr', 'color'],
  ['code-meta', '.hljs-meta', 'color'],
];

async function chat(theme: string, style = ''): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat theme=${theme} heading="Help" storage="none" endpoint="/agui/basic" style=${style}></agent-chat>`);
  el.setTurns(TURNS);
  await settle(el);
  await until(() => CONTROLS.every(([, selector]) => !!deepQuery(el, selector)), 'every control is drawn');
  return el;
}

const colourOf = (el: AgentChat, selector: string, property: 'backgroundColor' | 'color' | 'borderTopColor') => getComputedStyle(deepQuery(el, selector)!)[property];

describe('colour tokens with values that are no colour fall back to their defaults', () => {
  before(() => loadHighlighter());

  it('covers every colour of the CSS custom properties table in docs/reference.md, with the same defaults', async () => {
    const page = await (await fetch('/docs/reference.md')).text();
    const rows = [...page.matchAll(/^\| `--agent-chat-((?:color|code)-[a-z-]+)` \| `([^`]+)` \|/gm)].map(([, name, value]) => [name, value]);
    const ours = COLOR_TOKENS.map(([name, , light, dark]) => [name, light === dark ? light : `light-dark(${light}, ${dark})`]);
    expect(rows.length).to.equal(20);
    expect(ours).to.deep.equal(rows);
    expect(new Set(CONTROLS.map(([own]) => own))).to.deep.equal(new Set(COLOR_TOKENS.map(([, own]) => own)));
  });

  for (const theme of THEMES) {
    it(`reads each colour as its default when unset or invalid, and as the page's value when valid, deep inside (${theme})`, async () => {
      const el = await fixture<AgentChat>(html`<agent-chat theme=${theme} storage="none" endpoint="/agui/basic"></agent-chat>`);
      const composer = deepQuery(el, 'agent-chat-composer')!;
      const probe = document.createElement('span');
      composer.shadowRoot!.append(probe);
      COLOR_TOKENS.forEach((token, i) => {
        const [name, own] = token;
        const read = () => {
          probe.style.color = `var(--_${own})`;
          return getComputedStyle(probe).color;
        };
        expect(read(), `${name} unset`).to.equal(defaultOf(token, theme));
        for (const value of [invalid(i), invalid(i + 1)]) {
          el.style.setProperty(`--agent-chat-${name}`, value);
          expect(read(), `${name}: ${value}`).to.equal(defaultOf(token, theme));
        }
        el.style.setProperty(`--agent-chat-${name}`, 'rgb(1, 2, 3)');
        expect(read(), `${name} valid`).to.equal('rgb(1, 2, 3)');
        el.style.setProperty(`--agent-chat-${name}`, 'light-dark(rgb(4, 5, 6), rgb(7, 8, 9))');
        expect(read(), `${name} light-dark()`).to.equal(theme === 'light' ? 'rgb(4, 5, 6)' : 'rgb(7, 8, 9)');
        el.style.removeProperty(`--agent-chat-${name}`);
      });
    });

    it(`draws every control in its default colours when every colour is invalid (${theme})`, async () => {
      const reference = await chat(theme);
      const broken = await chat(theme, everyInvalid());
      for (const [own, selector, property] of CONTROLS) {
        const token = COLOR_TOKENS.find((candidate) => candidate[1] === own)!;
        expect(colourOf(reference, selector, property), `${own} default`).to.equal(defaultOf(token, theme));
        expect(colourOf(broken, selector, property), `${own} (${selector} ${property})`).to.equal(defaultOf(token, theme));
      }
      expect(colourOf(broken, '[part="send-button"]', 'backgroundColor')).to.equal(theme === 'light' ? 'rgb(47, 91, 211)' : 'rgb(127, 162, 255)');
      expect(colourOf(broken, '[part="input"]', 'color')).to.equal(theme === 'light' ? 'rgb(29, 31, 36)' : 'rgb(232, 233, 236)');
    });
  }

  it('still applies valid values to the controls, and falls back for an invalid value set on an ancestor', async () => {
    const valid = await chat('dark', '--agent-chat-color-accent: rgb(10, 120, 30); --agent-chat-code-keyword: light-dark(red, rgb(0, 0, 255))');
    expect(colourOf(valid, '[part="send-button"]', 'backgroundColor')).to.equal('rgb(10, 120, 30)');
    expect(colourOf(valid, '.hljs-keyword', 'color')).to.equal('rgb(0, 0, 255)');
    const wrapper = await fixture<HTMLDivElement>(html`<div style="--agent-chat-color-accent: 1; --agent-chat-color-text: 2px">
      <agent-chat theme="light" storage="none" endpoint="/agui/basic"></agent-chat>
    </div>`);
    const el = wrapper.querySelector('agent-chat')!;
    await el.updateComplete;
    expect(colourOf(el, '[part="send-button"]', 'backgroundColor')).to.equal('rgb(47, 91, 211)');
    expect(colourOf(el, '[part="input"]', 'color')).to.equal('rgb(29, 31, 36)');
  });

  it('follows the theme attribute for the fallback when it changes', async () => {
    const el = await chat('light', everyInvalid());
    el.theme = 'dark';
    await el.updateComplete;
    expect(colourOf(el, '[part="send-button"]', 'backgroundColor')).to.equal('rgb(127, 162, 255)');
    expect(colourOf(el, '[part="base"]', 'backgroundColor')).to.equal('rgb(23, 24, 28)');
  });

  it('keeps the popup’s launcher in the default accent colours', async () => {
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    container.innerHTML = `<agent-chat mode="popup" theme="light" storage="none" endpoint="/agui/basic" style="${everyInvalid()}"></agent-chat>`;
    const el = container.querySelector('agent-chat') as AgentChat;
    await el.updateComplete;
    await until(() => getComputedStyle(deepQuery(el, '[part="launcher"]')!).borderRadius === '50%', 'the launcher is styled');
    expect(colourOf(el, '[part="launcher"]', 'backgroundColor')).to.equal('rgb(47, 91, 211)');
    expect(colourOf(el, '[part="launcher"]', 'color')).to.equal('rgb(255, 255, 255)');
  });

  it('is accessible with every colour invalid', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat theme="dark" heading="Help" storage="none" endpoint="/agui/basic" style=${everyInvalid()}></agent-chat>`);
    await settle(el);
    await expect(el).to.be.accessible();
  });
});
