import { expect } from '@open-wc/testing';
import { html } from 'lit';
import '../../../src/components/rich-result/rich-result.js';
import type { AgentChatRichResult } from '../../../src/components/rich-result/rich-result.js';
import { loadMarkdown } from '../../../src/render/markdown-loader.js';
import { fixtureWithSettings } from '../helpers.js';

/** A tool result as its agent meant it: markdown with a link, a table of HTML, JSON. */
describe('<agent-chat-rich-result>', () => {
  before(() => loadMarkdown());

  it('is accessible as markdown with a link, as an HTML table and as JSON', async () => {
    const values = [
      'Found **two** results, see [the list](https://example.com/list):\n\n- one\n- two',
      '<table><thead><tr><th>City</th><th>Rain</th></tr></thead><tbody><tr><td>Lisbon</td><td>2 mm</td></tr></tbody></table>',
      { city: 'Paris', temperature: 21 },
    ];
    for (const value of values) {
      const el = await fixtureWithSettings<AgentChatRichResult>(html`<agent-chat-rich-result .value=${value}></agent-chat-rich-result>`);
      await el.updateComplete;
      await el.shadowRoot!.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>('agent-chat-markdown')?.updateComplete;
      expect(el.shadowRoot!.querySelector('agent-chat-markdown a, .html, pre'), 'something is shown').to.exist;
      await expect(el).to.be.accessible();
    }
  });
});
