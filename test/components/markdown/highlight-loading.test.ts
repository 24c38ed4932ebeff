// Its own file, so that the page has not loaded the highlighter yet.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/markdown/markdown-view.js';
import type { AgentChatMarkdown } from '../../../src/components/markdown/markdown-view.js';
import { loadMarkdown } from '../../../src/render/markdown-loader.js';
import { codeHighlighter } from '../../../src/render/highlight-loader.js';

/** Requests this page made for the highlighter's modules (its chunk, or highlight.js). */
const highlighterRequests = () => performance.getEntriesByType('resource').filter((entry) => /\/highlighter\.|highlight\.js\//.test(entry.name)).length;

describe('the highlighter chunk', () => {
  before(() => loadMarkdown());

  it('is not requested for a reply without code, with inline code only, or with code in an unknown or no language', async () => {
    const el = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown></agent-chat-markdown>`);
    el.streaming = true;
    const reply = '# Plan\n\nUse `npm test` first.\n\n```\nplain block\n```\n\n```brainfunk\n+[-]\n```\n\n    indented code\n\nDone.';
    for (let end = 1; end <= reply.length; end += 5) {
      el.text = reply.slice(0, end);
      await el.updateComplete;
    }
    el.text = reply;
    el.streaming = false;
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(el.querySelectorAll('pre').length).to.equal(3);
    expect(el.querySelector('[class^="hljs-"]')).to.equal(null);
    expect(codeHighlighter()).to.equal(undefined);
    expect(highlighterRequests()).to.equal(0);
  });

  it('loads on the first block with a known language and colours the blocks drawn before it arrived, in place', async () => {
    const el = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown></agent-chat-markdown>`);
    el.text = '```rust\nfn main() { let x = 1; }\n```\n\n```go\nfunc main() { return }\n```\n';
    // Drawn at once, before the chunk is here: the code shows as text.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const drawn = [...el.querySelectorAll('pre code')];
    expect(drawn.length).to.equal(2);
    expect(codeHighlighter()).to.equal(undefined);
    expect(drawn.every((code) => code.childNodes.length === 1 && code.firstChild!.nodeType === Node.TEXT_NODE)).to.equal(true);
    await el.updateComplete;
    expect(highlighterRequests()).to.be.above(0);
    const after = [...el.querySelectorAll('pre code')];
    expect(
      after.every((code, i) => code === drawn[i]),
      'the same elements, coloured in place',
    ).to.equal(true);
    expect(after.map((code) => !!code.querySelector('.hljs-keyword'))).to.deep.equal([true, true]);
    expect(after.map((code) => code.textContent)).to.deep.equal(['fn main() { let x = 1; }\n', 'func main() { return }\n']);
  });
});
