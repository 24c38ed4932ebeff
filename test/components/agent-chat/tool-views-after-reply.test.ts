// Its own file, so that the page has not loaded the tool views yet.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/index.js';
import type { AgentChat } from '../../../src/index.js';
import type { ChatEvent } from '../../../src/protocol/contract.js';
import { deepQueryAll, sendAndWait, settle, textOf } from '../helpers.js';

// The page loads its modules one by one: room for all of them in the resource timeline.
performance.setResourceTimingBufferSize(10_000);

/** Requests this page made for the tool views' module. */
const toolViewRequests = () => performance.getEntriesByType('resource').filter((entry) => /\/tool-views\.[jt]s/.test(entry.name)).length;
const toolViewsDefined = () => customElements.get('agent-chat-tool-card') !== undefined;

describe('<agent-chat> fetching the tool views ahead', () => {
  it('not as a reply starts streaming (its first frames come first), but once it has ended', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let midway!: () => void;
    const streaming = new Promise<void>((resolve) => (midway = resolve));
    const el = await fixture<AgentChat>(html`<agent-chat storage="none"></agent-chat>`);
    expect(toolViewsDefined(), 'defined at the start').to.equal(false);
    el.transport = {
      async *run(request): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: request.runId };
        yield { type: 'text-delta', messageId: 'm', delta: 'First part, ' };
        midway();
        await held;
        yield { type: 'text-delta', messageId: 'm', delta: 'then the rest.' };
        yield { type: 'run-finished' };
      },
    };
    const ended = sendAndWait(el, 'Hi');
    await streaming;
    await settle(el);
    // An idle moment while the reply streams: still nothing fetched.
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }));
    expect(textOf(deepQueryAll(el, '[part~="assistant-message"]').at(-1))).to.include('First part,');
    expect(toolViewRequests(), 'fetched while streaming').to.equal(0);
    expect(toolViewsDefined(), 'defined while streaming').to.equal(false);
    release();
    expect((await ended).status).to.equal('done');
    await waitUntil(toolViewsDefined, 'the tool views are fetched after the reply', { timeout: 3000 });
    expect(toolViewRequests()).to.be.above(0);
  });
});
