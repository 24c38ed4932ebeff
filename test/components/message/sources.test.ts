import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { deepQuery, deepQueryAll, settle, until } from '../helpers.js';

const turns = [
  { role: 'user' as const, id: 'u1', text: 'Sources?' },
  {
    role: 'assistant' as const,
    id: 'a1',
    status: 'done' as const,
    parts: [{ kind: 'text' as const, id: 't1', text: 'Lisbon is the capital [1].', streaming: false }],
    sources: [
      { id: 's1', url: 'https://example.com/lisbon', title: 'Lisbon guide' },
      { id: 's2', url: 'javascript:alert(1)', title: 'Script' },
      { id: 's3', url: 'data:text/html,<b>x</b>', title: 'Data page' },
      { id: 's4', mediaType: 'application/pdf', title: 'Travel notes', filename: 'notes.pdf' },
    ],
  },
];

describe('sources under a reply', () => {
  it('a collapsed list with the count; only http(s) addresses are links, opening in a new tab', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat style="height: 520px" storage="none" endpoint="/agui/basic"></agent-chat>`);
    el.setTurns(turns);
    await until(() => !!deepQuery(el, 'details[part="sources"]'), 'the sources are drawn');
    await settle(el);
    const details = deepQuery<HTMLDetailsElement>(el, 'details[part="sources"]')!;
    expect(details.open).to.equal(false);
    expect(details.querySelector('summary')!.textContent!.trim()).to.equal('4 sources');
    expect([...details.querySelectorAll('li')].map((li) => li.textContent!.trim())).to.deep.equal(['Lisbon guide', 'Script', 'Data page', 'Travel notes']);
    const links = [...details.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).to.deep.equal(['https://example.com/lisbon']);
    expect(links[0].target).to.equal('_blank');
    expect(links[0].rel.split(' ').includes('noopener') && links[0].rel.split(' ').includes('noreferrer')).to.equal(true);
    details.querySelector('summary')!.click();
    await until(() => details.open, 'opened');
    await expect(el).to.be.accessible();
  });

  it('a source link announces agent-chat-open-link; cancelling it keeps the browser from following it', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat storage="none" endpoint="/agui/basic"></agent-chat>`);
    el.setTurns(turns);
    await until(() => !!deepQuery(el, 'details[part="sources"] a'), 'the link is drawn');
    const link = deepQuery<HTMLAnchorElement>(el, 'details[part="sources"] a')!;
    const urls: string[] = [];
    el.addEventListener('agent-chat-open-link', (event) => {
      urls.push(event.detail.url);
      event.preventDefault();
    });
    let followed = true;
    document.addEventListener('click', (event) => (followed = !event.defaultPrevented), { once: true });
    link.click();
    expect(urls).to.deep.equal(['https://example.com/lisbon']);
    expect(followed).to.equal(false);
  });

  it('stored sources that are not what they should be draw as text, never as markup or links', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat storage="none" endpoint="/agui/basic"></agent-chat>`);
    el.setTurns([turns[0], { ...turns[1], sources: [{ id: 'x', url: 42, title: '<img src=x onerror=alert(1)>' }, null] as never }]);
    await until(() => !!deepQuery(el, 'details[part="sources"]'), 'drawn');
    await settle(el);
    expect(deepQueryAll(el, 'details[part="sources"] img').length).to.equal(0);
    expect(deepQueryAll(el, 'details[part="sources"] a').length).to.equal(0);
    expect(deepQuery(el, 'details[part="sources"] li')!.textContent!.trim()).to.equal('<img src=x onerror=alert(1)>');
  });
});
