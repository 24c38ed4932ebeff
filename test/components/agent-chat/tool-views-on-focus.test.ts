// Its own file, so that the page has not loaded the tool views yet.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/index.js';
import type { AgentChat } from '../../../src/index.js';
import { deepQuery } from '../helpers.js';

const toolViewsDefined = () => customElements.get('agent-chat-tool-card') !== undefined;

describe('<agent-chat> fetching the tool views ahead', () => {
  it('when the person is about to write (the focus comes into the chat), not before', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat storage="none"></agent-chat>`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toolViewsDefined(), 'not fetched by an untouched chat').to.equal(false);
    deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!.focus();
    await waitUntil(toolViewsDefined, 'the tool views are fetched once the composer has the focus', { timeout: 3000 });
  });
});
