import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { LitElement, css } from 'lit';
import '../../../src/components/markdown/markdown-view.js';
import type { AgentChatMarkdown } from '../../../src/components/markdown/markdown-view.js';
import { loadMarkdown } from '../../../src/render/markdown-loader.js';
import { loadHighlighter } from '../../../src/render/highlight-loader.js';
import { LIVE_HIGHLIGHT_LIMIT } from '../../../src/render/highlight-blocks.js';
import { tokens } from '../../../src/styles/tokens.js';
import '../../../src/components/message/message.js';
import '../../../src/components/rich-result/rich-result.js';
import type { AssistantTurn } from '../../../src/conversation/types.js';

/** A shadow root with the chat's tokens, as a reply's: the highlighter adds its colours there. */
class HighlightHost extends LitElement {
  static override styles = [tokens, css`:host { display: block; background: var(--_code-bg); color: var(--_text); }`];
  text = '';
  override render() {
    return html`<agent-chat-markdown .text=${this.text}></agent-chat-markdown>`;
  }
  get view(): AgentChatMarkdown {
    return this.renderRoot.querySelector('agent-chat-markdown')!;
  }
}
customElements.define('highlight-test-host', HighlightHost);

/** The chat's tokens around any content (a reply, a tool result), each drawing markdown in a shadow root of its own. */
class TokensHost extends LitElement {
  static override styles = [tokens];
  content: unknown;
  override render() {
    return this.content;
  }
}
customElements.define('highlight-tokens-host', TokensHost);

const TS = "// reads the config\nexport async function load(path: string): Promise<number> {\n  const text = 'hello';\n  return 42;\n}\n";

async function hostWith(markdown: string, theme: 'light' | 'dark' = 'light'): Promise<HighlightHost> {
  const host = await fixture<HighlightHost>(html`<highlight-test-host theme=${theme} .text=${markdown}></highlight-test-host>`);
  await host.view.updateComplete;
  return host;
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** WCAG contrast of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('syntax highlighting of code blocks', () => {
  before(async () => {
    await loadMarkdown();
    await loadHighlighter();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`colours keywords, strings, numbers, comments and titles apart from plain text (${theme})`, async () => {
      const host = await hostWith(`\`\`\`ts\n${TS}\`\`\`\n`, theme);
      const code = host.view.querySelector('pre code')!;
      const colour = (selector: string) => getComputedStyle(code.querySelector(selector)!).color;
      const plain = getComputedStyle(code).color;
      const background = getComputedStyle(host).backgroundColor;
      const scopes = ['.hljs-keyword', '.hljs-string', '.hljs-number', '.hljs-comment', '.hljs-title', '.hljs-built_in'];
      for (const scope of scopes) expect(colour(scope) !== plain, `${scope} ${colour(scope)} differs from ${plain}`).to.equal(true);
      expect(new Set(scopes.map(colour)).size, 'distinct colours').to.equal(scopes.length);
      for (const scope of scopes) expect(contrast(colour(scope), background), `${scope} contrast`).to.be.at.least(4.5);
      expect(code.textContent).to.equal(TS);
      await expect(host).to.be.accessible();
    });
  }

  it('gives every token colour at least 4.5:1 on the code background, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const host = await hostWith('', theme as 'light' | 'dark');
      const probe = document.createElement('span');
      host.renderRoot.append(probe);
      const background = getComputedStyle(host).backgroundColor;
      for (const token of ['keyword', 'string', 'comment', 'number', 'function', 'type', 'attribute', 'meta']) {
        probe.style.color = `var(--_code-${token})`;
        const ratio = contrast(getComputedStyle(probe).color, background);
        expect(ratio >= 4.5, `${theme} ${token}: ${ratio.toFixed(2)}`).to.equal(true);
      }
      expect(getComputedStyle(host).colorScheme).to.equal(theme);
    }
  });

  it('colours code wherever markdown is drawn: in a reply and in a tool result, each in its own shadow root', async () => {
    const turn: AssistantTurn = { role: 'assistant', id: 'r1', status: 'done', parts: [{ kind: 'text', id: 't1', text: `\`\`\`ts\n${TS}\`\`\`\n`, streaming: false }] };
    const host = await fixture<TokensHost>(html`<highlight-tokens-host
      .content=${html`<agent-chat-message .turn=${turn}></agent-chat-message><agent-chat-rich-result .value=${`Result:\n\n\`\`\`python\nimport os\nprint(os.sep)\n\`\`\`\n`}></agent-chat-rich-result>`}
    ></highlight-tokens-host>`);
    const message = host.renderRoot.querySelector('agent-chat-message')!;
    const result = host.renderRoot.querySelector('agent-chat-rich-result')!;
    await message.updateComplete;
    await result.updateComplete;
    for (const root of [message.shadowRoot!, result.shadowRoot!]) {
      const view = root.querySelector('agent-chat-markdown')!;
      await view.updateComplete;
      const keyword = view.querySelector('pre code .hljs-keyword');
      expect(!!keyword, `${(root.host as Element).localName} has coloured code`).to.equal(true);
      const code = keyword!.closest('code')!;
      expect(getComputedStyle(keyword!).color !== getComputedStyle(code).color, `${(root.host as Element).localName}: keyword colour`).to.equal(true);
    }
  });

  it('maps aliases to their grammar and leaves an unknown language plain', async () => {
    const host = await hostWith(
      '```py\ndef f(x):\n    return \'y\'\n```\n\n```yml\nkey: 1\n```\n\n```sh\necho "$HOME"\n```\n\n```brainfunk\n+[->+<]\n```\n\n```\nif (x) return 1\n```\n',
    );
    const blocks = [...host.view.querySelectorAll('pre code')];
    const coloured = blocks.map((code) => !!code.querySelector('[class^="hljs-"]'));
    expect(coloured).to.deep.equal([true, true, true, false, false]);
    expect(blocks[3].childNodes.length).to.equal(1);
    expect(blocks[3].textContent).to.equal('+[->+<]\n');
  });

  it('never turns model text into markup: code that looks like the highlighter’s own spans stays text', async () => {
    const sneaky = '<span class="hljs-keyword">x</span><img src=x onerror=alert(1)> &lt; &amp;';
    const host = await hostWith(`\`\`\`html\n${sneaky}\n\`\`\`\n`);
    const code = host.view.querySelector('pre code')!;
    expect(code.textContent).to.equal(`${sneaky}\n`);
    expect(code.querySelector('img')).to.equal(null);
    const tags = new Set([...code.querySelectorAll('*')].map((element) => element.tagName));
    expect([...tags]).to.deep.equal(['SPAN']);
  });

  it('streaming a code block character by character never shows it as bare text again once coloured', async () => {
    const code = TS.repeat(3);
    const source = `Intro paragraph.\n\n\`\`\`typescript\n${code}\`\`\`\n\nAfter the code.\n\nAnd one more paragraph.\n`;
    const host = await hostWith('');
    const view = host.view;
    let seenColour = false;
    let bareAgain = 0;
    let checks = 0;
    const check = () => {
      const element = view.querySelector('.code-block code');
      if (!element) return;
      checks++;
      const coloured = !!element.querySelector('[class^="hljs-"]');
      if (seenColour && !coloured) bareAgain++;
      seenColour ||= coloured;
    };
    const observer = new MutationObserver(check);
    observer.observe(view, { childList: true, subtree: true, characterData: true });
    view.streaming = true;
    for (let end = 1; end <= source.length; end++) {
      view.text = source.slice(0, end);
      await view.updateComplete;
      check();
      if (end % 7 === 0) await nextFrame();
    }
    view.streaming = false;
    await view.updateComplete;
    check();
    observer.disconnect();
    expect(seenColour).to.equal(true);
    expect(bareAgain, `bare again in ${bareAgain} of ${checks} checks`).to.equal(0);
    const finalCode = view.querySelector('.code-block code')!;
    expect(finalCode.textContent).to.equal(code);
    expect(!!finalCode.querySelector('.hljs-keyword')).to.equal(true);
  });

  it('colours a streaming block while it is short; past the limit the coloured start stays and the rest is text until the fence closes', async () => {
    const line = "const value = compute('input', 42); // step\n";
    const code = line.repeat(Math.ceil((LIVE_HIGHLIGHT_LIMIT * 1.5) / line.length));
    const host = await hostWith('');
    const view = host.view;
    view.streaming = true;
    let lostColour = false;
    let seenColour = false;
    for (let end = 0; end <= code.length; end += 97) {
      view.text = `\`\`\`js\n${code.slice(0, end)}`;
      await view.updateComplete;
      await nextFrame();
      const element = view.querySelector('.code-block code')!;
      const coloured = !!element.querySelector('.hljs-keyword');
      if (seenColour && !coloured) lostColour = true;
      seenColour ||= coloured;
      expect(element.textContent).to.equal(code.slice(0, end));
    }
    const element = view.querySelector('.code-block code')!;
    expect(seenColour && !lostColour).to.equal(true);
    // The text past the limit is not coloured yet: fewer keywords than lines.
    expect(element.querySelectorAll('.hljs-keyword').length).to.be.below(code.split('\n').length - 1);
    view.text = `\`\`\`js\n${code}\`\`\`\n`;
    view.streaming = false;
    await view.updateComplete;
    const closed = view.querySelector('.code-block code')!;
    expect(closed.querySelectorAll('.hljs-keyword').length).to.equal(code.split('\n').length - 1);
  });

  it('copies the raw code, read back from the clipboard', async () => {
    const host = await hostWith(`\`\`\`ts\n${TS}\`\`\`\n`);
    const button = host.view.querySelector<HTMLButtonElement>('button.copy')!;
    expect(!!host.view.querySelector('pre code .hljs-keyword')).to.equal(true);
    const box = button.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
    await waitUntil(() => button.textContent !== 'Copy', 'the button says it copied');
    const area = document.createElement('textarea');
    document.body.append(area);
    area.focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'v' });
    await sendKeys({ up: 'Control' });
    await waitUntil(() => area.value !== '', 'pasted');
    expect(area.value).to.equal(TS);
    area.remove();
  });
});
