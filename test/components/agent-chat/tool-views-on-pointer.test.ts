// Its own file, so that the page has not loaded the tool views yet.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/index.js';
import type { AgentChat } from '../../../src/index.js';
import { deepQuery } from '../helpers.js';

const toolViewsDefined = () => customElements.get('agent-chat-tool-card') !== undefined;

describe('<agent-chat> fetching the tool views ahead', () => {
  it('when a pointer presses in the chat (a button that takes no focus on click, as in Safari)', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat storage="none" style="display: block; height: 400px"></agent-chat>`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toolViewsDefined(), 'not fetched by an untouched chat').to.equal(false);
    // A press that moves no focus (Safari's buttons take none on click): a pointer event alone.
    const base = deepQuery(el, '[part="base"]')!;
    base.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    expect(el.shadowRoot!.activeElement, 'no focus moved').to.equal(null);
    await waitUntil(toolViewsDefined, 'the tool views are fetched once a pointer pressed in the chat', { timeout: 3000 });
  });
});
