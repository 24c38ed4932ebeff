import { expect } from '@open-wc/testing';
import { html } from 'lit';
import '../../../src/components/elicitation/elicitation.js';
import type { AgentChatElicitation } from '../../../src/components/elicitation/elicitation.js';
import type { Elicitation } from '../../../src/mcp/mcp-types.js';
import { fixtureWithSettings, textOf } from '../helpers.js';

/** An MCP server's request for input, in its tool call's card: a form, a page to open, and the answers. */

const form: Elicitation = {
  id: 'e1',
  server: 'notes',
  mode: 'form',
  message: 'Which notebook should the note go in?',
  schema: { type: 'object', properties: { notebook: { type: 'string', title: 'Notebook' }, pinned: { type: 'boolean', title: 'Pin it' } }, required: ['notebook'] },
};
const page: Elicitation = { id: 'e2', server: 'notes', mode: 'url', message: 'Sign the terms first.', url: 'https://example.com/terms' };

const view = (elicitation: Elicitation, live = true) =>
  fixtureWithSettings<AgentChatElicitation>(html`<agent-chat-elicitation .elicitation=${elicitation} ?live=${live}></agent-chat-elicitation>`);

describe('<agent-chat-elicitation>', () => {
  it('is accessible asking with a form, asking to open a page, and once answered', async () => {
    const asking = await view(form);
    const fields = asking.shadowRoot!.querySelector('agent-chat-schema-form')!;
    await fields.updateComplete;
    expect(textOf(asking.shadowRoot!.querySelector('.prompt')!)).to.contain('notes');
    await expect(asking).to.be.accessible();

    const opening = await view(page);
    expect(textOf(opening.shadowRoot!.querySelector('.page')!)).to.contain('example.com');
    await expect(opening).to.be.accessible();

    const answered = await view({ ...form, outcome: { action: 'accept', content: { notebook: 'Work' } } });
    expect(answered.shadowRoot!.querySelector('[role="status"]')).to.exist;
    await expect(answered).to.be.accessible();
  });
});
