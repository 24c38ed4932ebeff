// Its own file, so that the page has not loaded the markdown chunk yet.
import { expect } from '@open-wc/testing';
import '../../../src/components/markdown/markdown-view.js';
import { loadMarkdown, markdownRenderer } from '../../../src/render/markdown-loader.js';

describe('<agent-chat-markdown> before the renderer has loaded', () => {
  it('shows the text as plain text, then as markdown once the chunk arrives', async () => {
    expect(markdownRenderer()).to.equal(undefined);
    const el = document.createElement('agent-chat-markdown');
    el.text = '**bold**';
    document.body.append(el);
    await el.updateComplete;
    expect(el.textContent).to.equal('**bold**');
    await loadMarkdown();
    await new Promise((resolve) => setTimeout(resolve));
    await el.updateComplete;
    expect(el.querySelector('strong')?.textContent).to.equal('bold');
    expect(el.textContent!.trim()).to.equal('bold');
    el.remove();
  });
});
