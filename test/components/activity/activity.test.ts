import { expect } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { chatFixture, deepQuery, deepQueryAll, lastRequest, sendAndWait, settle, textOf, until } from '../helpers.js';

const blocks = (el: AgentChat) => deepQueryAll<HTMLElement>(el, 'agent-chat-activity');
const labelOf = (block: HTMLElement) => textOf(block.shadowRoot!.querySelector('.label') ?? undefined);
const blockByLabel = (el: AgentChat, label: string) => blocks(el).find((block) => labelOf(block) === label)!;
const cardsIn = (block: HTMLElement) => [...block.shadowRoot!.querySelectorAll<HTMLElement>('.body > agent-chat-tool-card')];

describe('subagent activity', () => {
  it('places each subagent under the call that delegated to it, labelled, nested, numbered', async () => {
    const el = await chatFixture('/agui/subagents');
    await sendAndWait(el, 'research');
    expect(blocks(el).map(labelOf).sort()).to.deep.equal(['analyst', 'fact-checker, for researcher', 'researcher', 'researcher (2)', 'translator']);
    // Under the lead's delegating call: the block follows that call's card in the reply.
    const message = el.shadowRoot!.querySelectorAll('agent-chat-message')[1].shadowRoot!;
    const order = [...message.querySelectorAll('.assistant > agent-chat-tool-card, .assistant > agent-chat-activity')].map((node) =>
      node.localName === 'agent-chat-activity' ? labelOf(node as HTMLElement) : (node as HTMLElement & { call: { id: string } }).call.id,
    );
    expect(order).to.deep.equal(['d1', 'researcher', 'd2', 'researcher (2)', 'd3', 'analyst', 'd4', 'translator']);
    // The nested subagent sits inside its parent's block.
    const researcher = blockByLabel(el, 'researcher');
    expect(researcher.shadowRoot!.querySelector('agent-chat-activity')).to.equal(blockByLabel(el, 'fact-checker, for researcher'));
    expect(cardsIn(researcher).map((card) => (card as any).call.name)).to.deep.equal(['web_search']);
    // Collapses and expands.
    const header = researcher.shadowRoot!.querySelector<HTMLButtonElement>('.header')!;
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    header.click();
    await (researcher as any).updateComplete;
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(cardsIn(researcher)).to.have.length(0);
    header.click();
    await (researcher as any).updateComplete;
    expect(cardsIn(researcher)).to.have.length(1);
    await expect(el).to.be.accessible();
  });

  it('keeps subagent text in its block, collapsed, never in the lead’s text; the panel shows the whole conversation', async () => {
    const el = await chatFixture('/agui/subagents');
    const end = await sendAndWait(el, 'research');
    expect(end.text).to.equal('I will ask my team.\n\nAll done.');
    const researcher = blockByLabel(el, 'researcher');
    const notes = researcher.shadowRoot!.querySelector<HTMLDetailsElement>('details.notes')!;
    expect(notes.open).to.equal(false);
    expect(textOf(notes)).to.contain('Private notes of the researcher.');
    const toggle = researcher.shadowRoot!.querySelector<HTMLButtonElement>('.panel-toggle')!;
    toggle.click();
    await (researcher as any).updateComplete;
    const panel = researcher.shadowRoot!.querySelector('[part="activity-panel"]')!;
    expect(panel.getAttribute('role')).to.equal('region');
    expect(textOf(panel)).to.contain('Private notes of the researcher.');
    expect(textOf(panel)).to.contain('web_search');
    expect(textOf(panel)).to.contain('fact-checker, for researcher');
    await expect(el).to.be.accessible();
  });

  it('shows rich HTML results through their own sanitizer: tables and SVG stay, scripts go', async () => {
    const el = await chatFixture('/agui/subagents');
    await sendAndWait(el, 'research');
    const analyst = blockByLabel(el, 'analyst');
    for (const card of cardsIn(analyst)) {
      card.shadowRoot!.querySelector<HTMLButtonElement>('.header')!.click();
      await (card as any).updateComplete;
    }
    await settle(el);
    // Each result lives in a shadow root of its own inside the clipping box.
    const results = cardsIn(analyst).map((card) => () => card.shadowRoot!.querySelector('agent-chat-rich-result')!.shadowRoot!.querySelector('.html')!.shadowRoot);
    await until(() => !!results[0]()?.querySelector('table') && !!results[1]()?.querySelector('svg polyline'), 'the rich results');
    expect(results[0]()!.querySelector('th')!.getAttribute('colspan')).to.equal('2');
    expect(results[0]()!.querySelector('img')?.getAttribute('onerror') ?? null).to.equal(null);
    expect(results[1]()!.querySelector('script')).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((window as any).__activityXss).to.equal(undefined);
  });

  it('keeps a result’s styles inside it: it cannot restyle or escape its box', async () => {
    const { fixture, html } = await import('@open-wc/testing');
    await import('../../../src/components/rich-result/rich-result.js');
    const hostile =
      '<style>.html{contain:none;max-height:none} :host{position:fixed} div{position:fixed;inset:0;background:red}</style><div id="cover">x</div><table><tr><td>1</td></tr></table>';
    const result = await fixture<HTMLElement & { value: unknown }>(html`<agent-chat-rich-result style="width:200px" .value=${hostile}></agent-chat-rich-result>`);
    const inner = () => result.shadowRoot!.querySelector('.html')!.shadowRoot;
    await until(() => !!inner()?.querySelector('table'), 'the result');
    const box = result.shadowRoot!.querySelector<HTMLElement>('.html')!;
    expect(getComputedStyle(box).maxHeight).to.equal('480px');
    expect(getComputedStyle(box).contain).to.contain('paint');
    const cover = inner()!.querySelector<HTMLElement>('#cover')!.getBoundingClientRect();
    const boxRect = box.getBoundingClientRect();
    // Fixed inside a paint-contained box is fixed to the box, not the page.
    expect(cover.width).to.be.at.most(boxRect.width + 1);
  });

  it('marks a failed subagent and leaves its unfinished call not completed; Stop does the same', async () => {
    const el = await chatFixture('/agui/subagents');
    await sendAndWait(el, 'research');
    const translator = blockByLabel(el, 'translator');
    expect(textOf(translator.shadowRoot!.querySelector('.status') ?? undefined)).to.equal('Failed');
    expect(textOf(translator.shadowRoot!.querySelector('.error') ?? undefined)).to.contain('Translation service unavailable');
    expect((cardsIn(translator)[0] as any).call.status).to.equal('not-completed');
    expect(textOf(cardsIn(translator)[0].shadowRoot!.querySelector('.status') ?? undefined)).to.equal('Not completed');

    const slow = await chatFixture('/agui/subagent-slow');
    void slow.send('go');
    await until(() => blocks(slow).length === 1 && cardsIn(blocks(slow)[0]).length === 1, 'the running call');
    slow.stop();
    await settle(slow);
    expect((cardsIn(blocks(slow)[0])[0] as any).call.status).to.equal('not-completed');
    expect(textOf(blocks(slow)[0].shadowRoot!.querySelector('.status') ?? undefined)).to.equal('Not completed');
  });

  it('shows at most activity-limit calls per reply, then says how many more there were', async () => {
    const el = await chatFixture('/agui/subagent-many?count=7');
    el.activityLimit = 3;
    await sendAndWait(el, 'go');
    expect(cardsIn(blocks(el)[0])).to.have.length(3);
    expect(textOf(deepQuery(el, '[part="activity-more"]'))).to.equal('4 more calls not shown');
  });

  it('counts in the singular for one call, in en, de and fr', async () => {
    const expected: [string, string, string][] = [
      ['en', '1 call', '1 more call not shown'],
      ['de', '1 Aufruf', '1 weiterer Aufruf nicht angezeigt'],
      ['fr', '1 appel', '1 appel de plus non affiché'],
    ];
    for (const [lang, oneCall, oneMore] of expected) {
      const single = await chatFixture('/agui/subagent-many?count=1', { lang } as Partial<AgentChat>);
      await sendAndWait(single, 'go');
      expect(textOf(blocks(single)[0].shadowRoot!.querySelector('.count') ?? undefined), lang).to.equal(oneCall);
      const over = await chatFixture('/agui/subagent-many?count=2', { lang, activityLimit: 1 } as Partial<AgentChat>);
      await sendAndWait(over, 'go');
      expect(textOf(deepQuery(over, '[part="activity-more"]')), lang).to.equal(oneMore);
      single.remove();
      over.remove();
    }
  });

  it('show-activity off hides activity and stops adding calls; turned on, calls show from the next reply', async () => {
    const el = await chatFixture('/agui/subagents');
    el.setAttribute('show-activity', 'false');
    await sendAndWait(el, 'one');
    expect(blocks(el)).to.have.length(0);
    const turns = el.getTurns();
    expect(turns[1].role === 'assistant' && turns[1].parts.some((part) => part.subagentRunId)).to.equal(false);
    el.showActivity = true;
    await sendAndWait(el, 'two');
    expect(blocks(el).map(labelOf)).to.include('researcher (2)');
    const replies = el.shadowRoot!.querySelectorAll('agent-chat-message');
    expect(replies[1].shadowRoot!.querySelectorAll('agent-chat-activity').length).to.equal(0);
    expect(replies[3].shadowRoot!.querySelectorAll('agent-chat-activity').length).to.equal(4);
  });

  it('the model never sees activity: getTurns has the cards, getContextTurns and the next request do not; setTurns(getTurns()) keeps every card', async () => {
    const el = await chatFixture('/agui/subagents');
    await sendAndWait(el, 'research');
    const turns = el.getTurns();
    const reply = turns[1];
    if (reply.role !== 'assistant') throw new Error('no reply');
    const cards = reply.parts.filter((part): part is any => 'activity' in part);
    expect(cards.map((card) => card.activity.label)).to.deep.equal(['researcher', 'fact-checker, for researcher', 'researcher (2)', 'analyst', 'analyst', 'translator']);
    expect(cards[0].activity).to.deep.equal({
      activityId: 's1-c1',
      rootToolCallId: 'd1',
      label: 'researcher',
      agentName: 'researcher',
      agentId: 'agent-r',
      depth: 1,
      sequence: 1,
      delegationId: 's1',
      runId: reply.runId,
    });
    expect(cards[1].activity).to.deep.include({ depth: 2, parentDelegationId: 's1', rootToolCallId: 'd1', sequence: 2 });
    expect(Object.keys(cards[1].activity)).to.not.include('agentId');

    const context = el.getContextTurns()[1];
    expect(context.role === 'assistant' && context.parts.map((part) => part.id)).to.deep.equal(['lead-1', 'd1', 'd2', 'd3', 'd4', 'lead-2']);

    await sendAndWait(el, 'next');
    const body = JSON.stringify((await lastRequest('subagents')).body.messages);
    for (const hidden of ['s1-c1', 's2-c1', 'web_search', 'Private notes', 'make_table', 'translate"']) expect(body).to.not.contain(hidden);
    expect(body).to.contain('"d1"');

    const before = JSON.stringify(el.getTurns());
    const lastRun = (await lastRequest('subagents')).body.runId;
    el.setTurns(el.getTurns());
    await settle(el);
    expect(JSON.stringify(el.getTurns())).to.equal(before);
    expect(blocks(el).map(labelOf)).to.include.members(['researcher', 'fact-checker, for researcher', 'researcher (2)', 'analyst', 'translator']);
    // Showing the cards again, collapsing and opening them, runs nothing: no request went out.
    for (const block of blocks(el)) {
      block.shadowRoot!.querySelector<HTMLButtonElement>('.header')!.click();
      block.shadowRoot!.querySelector<HTMLButtonElement>('.header')!.click();
    }
    await settle(el);
    expect((await lastRequest('subagents')).body.runId).to.equal(lastRun);
    expect(el.getTurns().filter((turn) => turn.role === 'assistant')).to.have.length(2);
  });

  it('setTurns and addTurn refuse malformed turns with a clear error, changing nothing', async () => {
    const el = await chatFixture('/agui/basic');
    await sendAndWait(el, 'hi');
    const before = JSON.stringify(el.getTurns());
    expect(() => el.setTurns('nope' as never)).to.throw(TypeError, 'array');
    expect(() => el.setTurns([{ role: 'user', text: 'x' }] as never)).to.throw(TypeError, 'no id');
    expect(() => el.addTurn({ id: 'a', role: 'robot' } as never)).to.throw(TypeError, 'unknown role');
    expect(JSON.stringify(el.getTurns())).to.equal(before);
    el.addTurn({ role: 'user', id: 'added', text: 'Added by the page' });
    await settle(el);
    expect(el.getTurns().at(-1)).to.deep.include({ id: 'added', text: 'Added by the page' });
  });
});

describe('subagent activity in another language', () => {
  it('words the labels in the chat’s language', async () => {
    const el = await chatFixture('/agui/subagents');
    el.lang = 'de';
    await sendAndWait(el, 'forschen');
    expect(blocks(el).map(labelOf)).to.include.members(['researcher (2)', 'fact-checker, für researcher']);
    expect(textOf(blockByLabel(el, 'translator').shadowRoot!.querySelector('.status') ?? undefined)).to.equal('Fehlgeschlagen');
  });
});
