import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/markdown/markdown-view.js';
import type { AgentChatMarkdown } from '../../src/components/markdown/markdown-view.js';
import { loadMarkdown } from '../../src/render/markdown-loader.js';

describe('<agent-chat-markdown>', () => {
  before(() => loadMarkdown());

  it('keeps finished blocks in the DOM untouched while the text grows', async () => {
    const el = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown></agent-chat-markdown>`);
    el.text = '## First\n\nA paragraph.\n\n';
    await el.updateComplete;
    el.text += 'Second';
    await el.updateComplete;
    const heading = el.querySelector('h2')!;
    const paragraph = el.querySelector('p')!;
    for (const piece of [' block grows', ' and grows', '\n\n| a |\n|---|\n| 1 |\n']) {
      el.text += piece;
      await el.updateComplete;
      expect(el.querySelector('h2'), 'same heading node').to.equal(heading);
      expect(el.querySelector('p'), 'same paragraph node').to.equal(paragraph);
    }
    expect(el.querySelector('table td')?.textContent).to.equal('1');
    expect(el.textContent).to.contain('Second block grows and grows');
  });

  it('renders the same HTML streamed as all at once', async () => {
    const source = '# T\n\nSome **bold** and `code`.\n\n- a\n- b\n\n```py\nprint(1)\n```\n\nEnd.';
    const whole = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown .text=${source}></agent-chat-markdown>`);
    const streamed = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown></agent-chat-markdown>`);
    for (let i = 1; i <= source.length; i += 3) {
      streamed.text = source.slice(0, i);
      await streamed.updateComplete;
    }
    streamed.text = source;
    await streamed.updateComplete;
    // The same blocks, whichever chunk or tail container they ended up in.
    const normalize = (el: Element) =>
      [...el.querySelectorAll('.md-chunk > *, .md-tail > *')].map((block) => block.outerHTML.replace(/\s+/g, ' ')).join('');
    expect(normalize(streamed)).to.equal(normalize(whole));
  });

  it('starts over when the text is replaced', async () => {
    const el = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown .text=${'old\n\nblock\n\n'}></agent-chat-markdown>`);
    el.text = 'new';
    await el.updateComplete;
    expect(el.textContent!.trim()).to.equal('new');
  });

  it('resolves reference-style links once the text is complete', async () => {
    const el = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown streaming></agent-chat-markdown>`);
    const source = 'See [the docs][1].\n\nMore text.\n\n[1]: https://example.com/docs';
    for (let i = 1; i <= source.length; i += 4) {
      el.text = source.slice(0, i);
      await el.updateComplete;
    }
    el.text = source;
    el.streaming = false;
    await el.updateComplete;
    expect(el.querySelector('a')?.getAttribute('href')).to.equal('https://example.com/docs');
    expect(el.textContent).to.not.contain('[1]');
  });

  it('grows a streaming code block as text, without re-rendering it, until the fence closes', async () => {
    const el = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown streaming></agent-chat-markdown>`);
    el.text = 'Intro.\n\n```js\nconst a = 1;\n';
    await el.updateComplete;
    const code = el.querySelector('.md-tail code')!;
    expect(code.className).to.equal('language-js');
    expect(el.querySelector('.md-tail [part="copy-button"]')).to.exist;
    for (let i = 0; i < 50; i++) {
      el.text += `const v${i} = "<b>${i}</b>";\n`;
      await el.updateComplete;
    }
    expect(el.querySelector('.md-tail code'), 'the same code element all along').to.equal(code);
    expect(code.textContent).to.contain('const v49 = "<b>49</b>";');
    expect(el.querySelector('.md-tail b'), 'code is text, never markup').to.equal(null);
    el.text += '```\n\nAfter.';
    el.streaming = false;
    await el.updateComplete;
    expect(el.querySelector('.md-chunk code.language-js')?.textContent).to.contain('const v49');
    expect(el.querySelector('.md-tail')!.textContent!.trim()).to.equal('After.');
  });

  describe('code blocks as models end them', () => {
    const cases: [string, string, string][] = [
      ['a final fence with no newline', '```js\nconsole.log(1);\n```', 'console.log(1);\n'],
      ['a tilde fence', 'Run:\n\n~~~sh\nnpm test\n~~~', 'npm test\n'],
      ['a longer fence holding a shorter one', '````md\n```js\nx\n```\n````', '```js\nx\n```\n'],
      ['a closing fence with trailing spaces', '```py\nprint(1)\n```   ', 'print(1)\n'],
      ['an unclosed fence at the end', 'Here:\n```ts\nconst a = 1;\n', 'const a = 1;\n'],
    ];

    for (const [what, source, code] of cases) {
      it(`${what}: no fence in the code, streamed or set whole`, async () => {
        const whole = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown .text=${source}></agent-chat-markdown>`);
        const streamed = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown streaming></agent-chat-markdown>`);
        for (let end = 3; end < source.length + 3; end += 3) {
          streamed.text = source.slice(0, end);
          await streamed.updateComplete;
        }
        streamed.streaming = false;
        await streamed.updateComplete;
        for (const el of [whole, streamed]) {
          const codes = el.querySelectorAll('pre code');
          expect(codes.length, what).to.equal(1);
          expect(codes[0].textContent, what).to.equal(code);
          expect(el.textContent!.replace(code, ''), 'no stray fence outside the code').to.not.match(/^\s*(`{3,}|~{3,})\s*$/m);
        }
      });
    }

    it('copies the code without its closing fence', async () => {
      const el = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown streaming></agent-chat-markdown>`);
      el.text = 'Try:\n```js\nconsole.log(1);\n``';
      await el.updateComplete;
      expect(el.querySelector('pre code')!.textContent, 'a closing fence still arriving is not code').to.equal('console.log(1);\n');
      el.text += '`';
      el.streaming = false;
      await el.updateComplete;
      let copied = '';
      const original = navigator.clipboard.writeText;
      navigator.clipboard.writeText = async (text: string) => void (copied = text);
      try {
        el.querySelector<HTMLButtonElement>('button.copy')!.click();
        await new Promise((resolve) => setTimeout(resolve, 0));
      } finally {
        navigator.clipboard.writeText = original;
      }
      expect(copied).to.equal('console.log(1);\n');
    });
  });
});
