// Its own file, so that the page has not loaded the tool views yet.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/index.js';
import type { AgentChat } from '../../../src/index.js';
import type { ChatEvent } from '../../../src/protocol/contract.js';
import { deepQuery, sendAndWait } from '../helpers.js';

const toolViewsDefined = () => customElements.get('agent-chat-tool-card') !== undefined;

describe('<agent-chat> fetching the tool views ahead', () => {
  it('when the person is about to write (the focus comes into the chat); a card drawn then shows at once', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat storage="none" tool-cards="open"></agent-chat>`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toolViewsDefined(), 'not fetched by an untouched chat').to.equal(false);
    deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!.focus();
    await waitUntil(toolViewsDefined, 'the tool views are fetched once the composer has the focus', { timeout: 3000 });
    el.transport = {
      async *run(request): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: request.runId };
        yield { type: 'tool-call-start', toolCallId: 'c', name: 'lookup' };
        yield { type: 'tool-call-end', toolCallId: 'c' };
        yield { type: 'tool-call-result', toolCallId: 'c', content: 'found' };
        yield { type: 'run-finished' };
      },
    };
    expect((await sendAndWait(el, 'Look it up')).status).to.equal('done');
    expect(deepQuery(el, '[part~="tool-card-header"]')?.textContent).to.include('lookup');
  });
});
