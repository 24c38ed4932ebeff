import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/markdown/markdown-view.js';
import type { AgentChatMarkdown } from '../../../src/components/markdown/markdown-view.js';
import { loadMarkdown } from '../../../src/render/markdown-loader.js';

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

  it('lets the keyboard reach code and tables, which scroll sideways when wide', async () => {
    const wide = 'x'.repeat(300);
    const el = await fixture<AgentChatMarkdown>(html`<div style="width: 200px; overflow: hidden">
      <agent-chat-markdown .text=${`\`\`\`js\nconst a = '${wide}';\n\`\`\`\n\n| ${wide} |\n|---|\n| 1 |\n`}></agent-chat-markdown>
    </div>`);
    const view = el.querySelector('agent-chat-markdown') as AgentChatMarkdown;
    await view.updateComplete;
    const pre = view.querySelector('pre')!;
    const table = view.querySelector('table')!;
    expect([pre.getAttribute('tabindex'), table.getAttribute('tabindex')]).to.deep.equal(['0', '0']);
    pre.style.overflowX = 'auto';
    table.style.display = 'block';
    table.style.overflowX = 'auto';
    expect(pre.scrollWidth).to.be.greaterThan(pre.clientWidth);
    await expect(el).to.be.accessible();
  });

  it('is accessible with images the reply wrote as HTML without an alt text', async () => {
    await loadMarkdown();
    const pixel = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
    const el = await fixture<AgentChatMarkdown>(
      html`<agent-chat-markdown .text=${`The chart:\n\n<img src="${pixel}">\n\nand inline <img src="${pixel}" width="8"> too.\n`}></agent-chat-markdown>`,
    );
    await el.updateComplete;
    expect(el.querySelectorAll('img').length).to.equal(2);
    await expect(el).to.be.accessible();
  });

  it('is accessible with a link, inline code, a list and a code block, inside a reply', async () => {
    await loadMarkdown();
    const el = await fixture<AgentChatMarkdown>(
      html`<agent-chat-markdown .text=${'See [the guide](https://example.com/guide) and `npm test`:\n\n- one\n- two\n\n```js\nconst a = 1;\n```\n'}></agent-chat-markdown>`,
    );
    await el.updateComplete;
    expect(el.querySelector('a[href="https://example.com/guide"]')).to.exist;
    expect(el.querySelector('pre code')).to.exist;
    await expect(el).to.be.accessible();
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
    const normalize = (el: Element) => [...el.querySelectorAll('.md-chunk > *, .md-tail > *')].map((block) => block.outerHTML.replace(/\s+/g, ' ')).join('');
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
  describe('a block that does not end', () => {
    /** Streams `source` in `pieces` updates; the longest update in ms. */
    async function streamIn(el: AgentChatMarkdown, source: string, pieces: number): Promise<number> {
      let longest = 0;
      const size = Math.ceil(source.length / pieces);
      for (let end = size; end < source.length + size; end += size) {
        const started = performance.now();
        el.text = source.slice(0, Math.min(end, source.length));
        await el.updateComplete;
        longest = Math.max(longest, performance.now() - started);
      }
      el.streaming = false;
      await el.updateComplete;
      return longest;
    }
    const lines = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i + 1)).join('\n');

    // How long each update takes is measured alone, in test/timing/markdown-stream-cost.test.mjs.
    it('a 1 MB paragraph streams in 250 updates and ends up rendered whole, as markdown', async () => {
      const source = lines(17_000, (i) => `Entry ${i}: the **worker ${i % 97}** read \`record-${i}\` and went on.`);
      expect(source.length).to.be.greaterThan(1_000_000);
      const el = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown streaming></agent-chat-markdown>`);
      await streamIn(el, source, 250);
      expect(el.querySelectorAll('strong').length).to.equal(17_000);
      expect(el.querySelectorAll('code').length).to.equal(17_000);
      expect(el.querySelector('.md-plain')).to.equal(null);
      expect(el.textContent!.includes('Entry 17000: the worker 25 read record-17000 and went on.'), 'the last line').to.equal(true);
    });

    it('a long table streams in pieces that each keep its header', async () => {
      const source = '| n | square |\n|---|---|\n' + lines(3_000, (i) => `| ${i} | ${i * i} |`);
      const el = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown streaming></agent-chat-markdown>`);
      await streamIn(el, source, 60);
      const tables = el.querySelectorAll('table');
      expect(tables.length).to.be.greaterThan(1);
      expect([...tables].every((table) => table.querySelector('th')?.textContent === 'n')).to.equal(true);
      expect(el.querySelectorAll('tbody tr').length).to.equal(3_000);
      expect([...el.querySelectorAll('tbody tr')].at(-1)!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('3000 9000000');
    });

    it('a long block that cannot be cut shows as text while it streams, and as markdown once it ends', async () => {
      const source = 'Code:\n\n' + lines(4_000, (i) => `    indented <b>${i}</b>`);
      const el = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown streaming></agent-chat-markdown>`);
      el.text = source.slice(0, 60_000);
      await el.updateComplete;
      const plain = el.querySelector('.md-plain')!;
      expect(plain.textContent).to.contain('indented <b>');
      el.text = source.slice(0, 90_000);
      await el.updateComplete;
      expect(el.querySelector('.md-plain'), 'the same text element, grown').to.equal(plain);
      expect(el.querySelector('.md-tail b')).to.equal(null);
      el.text = source;
      el.streaming = false;
      await el.updateComplete;
      expect(el.querySelector('.md-plain')).to.equal(null);
      expect(el.querySelector('.md-tail pre code')!.textContent).to.contain('indented <b>4000</b>');
    });
  });
});
