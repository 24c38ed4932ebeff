import { expect, html } from '@open-wc/testing';
import '../../../src/components/message/user-attachments.js';
import type { AgentChatUserAttachments } from '../../../src/components/message/user-attachments.js';
import type { Attachment } from '../../../src/conversation/types.js';
import { fetchSameOrigin } from '../../../src/render/same-origin-image.js';
import { fixtureWithSettings, until } from '../helpers.js';

/**
 * Sent files known by an address of the page's own origin show a copy fetched without following
 * redirects. A stand-in for the page's server: `/sent-pixel*` is a picture, `/sent-slow*` one
 * that answers when the test says so, `/sent-broken*` bytes that are no picture.
 */
const GIF = Uint8Array.from(atob('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs='), (c) => c.charCodeAt(0));
const realFetch = window.fetch;
let calls: string[] = [];
let release: () => void = () => {};
let slow = new Promise<void>((resolve) => (release = resolve));

const pageServer = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input instanceof Request ? input.url : input), location.href);
  if (url.origin !== location.origin) return realFetch(input, init);
  calls.push(url.pathname + url.search);
  if (url.pathname.startsWith('/sent-slow')) await slow;
  if (url.pathname.startsWith('/sent-broken')) return new Response('<p>no picture</p>', { headers: { 'content-type': 'image/png' } });
  if (url.pathname.startsWith('/sent-') || url.pathname.startsWith('/filler')) return new Response(GIF, { headers: { 'content-type': 'image/gif' } });
  return realFetch(input, init);
}) as typeof fetch;

const picture = (name: string, path: string): Attachment => ({ id: name, name, mimeType: 'image/png', size: 10, url: `${location.origin}${path}` });

const ticks = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Pushes every earlier copy out of the shared cache (it keeps 64). */
let fillers = 0;
async function evictCopies(): Promise<void> {
  for (let i = 0; i < 70; i += 1) await fetchSameOrigin(`${location.origin}/filler-${(fillers += 1)}.gif`);
}

const thumbnail = (view: AgentChatUserAttachments) => view.shadowRoot!.querySelector('img');
const loaded = (image: HTMLImageElement | null) => !!image && image.complete && image.naturalWidth > 0;

describe('<agent-chat-user-attachments> checked copies', () => {
  before(() => (window.fetch = pageServer));
  after(() => (window.fetch = realFetch));
  beforeEach(() => {
    calls = [];
    slow = new Promise<void>((resolve) => (release = resolve));
  });

  it('a view that leaves the page before it is first drawn starts no check', async () => {
    const never = document.createElement('agent-chat-user-attachments');
    never.attachments = [picture('never.png', '/sent-slow-never.png')];
    document.body.append(never);
    never.remove();
    await ticks();
    expect(calls).to.deep.equal([], 'no fetch for a view out of the page');
  });

  it('a view taken out of the page is not drawn again when its check settles; put back, it shows the copy', async () => {
    const view = await fixtureWithSettings<AgentChatUserAttachments>(
      html`<agent-chat-user-attachments .attachments=${[picture('slow.png', '/sent-slow-a.png')]}></agent-chat-user-attachments>`,
    );
    await until(() => calls.includes('/sent-slow-a.png'), 'the check started');
    const parent = view.parentElement!;
    let draws = 0;
    const render = view.render;
    view.render = function (this: AgentChatUserAttachments) {
      draws += 1;
      return render.call(this);
    };
    view.remove();
    release();
    await ticks();
    expect(draws).to.equal(0, 'not drawn while out of the page');
    parent.append(view);
    await until(() => loaded(thumbnail(view)), 'the copy shows once back');
    expect(thumbnail(view)!.getAttribute('src')!.startsWith('blob:')).to.equal(true);
  });

  it('the thumbnail opens the checked copy, not the address (which could redirect by then)', async () => {
    const view = await fixtureWithSettings<AgentChatUserAttachments>(
      html`<agent-chat-user-attachments .attachments=${[picture('here.png', '/sent-pixel-link.png')]}></agent-chat-user-attachments>`,
    );
    await until(() => loaded(thumbnail(view)), 'the copy shows');
    const link = view.shadowRoot!.querySelector('a.thumb')!;
    expect(link.getAttribute('href')).to.equal(thumbnail(view)!.getAttribute('src'));
    expect(link.getAttribute('href')!.startsWith('blob:')).to.equal(true);
  });

  it('bytes that are no picture: the thumbnail gives way to the button that loads the file directly', async () => {
    const view = await fixtureWithSettings<AgentChatUserAttachments>(
      html`<agent-chat-user-attachments .attachments=${[picture('broken.png', '/sent-broken.png')]}></agent-chat-user-attachments>`,
    );
    await until(() => view.shadowRoot!.querySelector('button') !== null, 'the button in place of a broken image');
    expect(thumbnail(view)).to.equal(null);
    expect(view.shadowRoot!.querySelector('button')!.textContent).to.contain(`Show image from ${location.host}`);
  });

  it('a copy dropped from the cache: a click on its link is not followed, a fresh copy is fetched instead', async () => {
    const view = await fixtureWithSettings<AgentChatUserAttachments>(
      html`<agent-chat-user-attachments .attachments=${[picture('kept.png', '/sent-pixel-kept.png')]}></agent-chat-user-attachments>`,
    );
    await until(() => loaded(thumbnail(view)), 'the copy shows');
    const first = thumbnail(view)!.getAttribute('src');
    await evictCopies();
    calls = [];
    // A click on the link to a revoked copy: not followed, a fresh copy is fetched instead.
    let followed: boolean | undefined;
    const watch = (event: Event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    };
    // Added after the view's own listener on the link, so it hears whether the view stopped the click.
    const link = view.shadowRoot!.querySelector('a.thumb')!;
    link.addEventListener('click', watch);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true }));
    link.removeEventListener('click', watch);
    expect(followed).to.equal(false, 'a link to a revoked copy is not followed');
    await until(() => loaded(thumbnail(view)) && thumbnail(view)!.getAttribute('src') !== first, 'a fresh copy');
    expect(calls).to.deep.equal(['/sent-pixel-kept.png']);
    expect(view.shadowRoot!.querySelector('a.thumb')!.getAttribute('href')).to.equal(thumbnail(view)!.getAttribute('src'));
  });

  it('a copy dropped from the cache before the thumbnail loaded it (the image reports an error): fetched again', async () => {
    const view = await fixtureWithSettings<AgentChatUserAttachments>(
      html`<agent-chat-user-attachments .attachments=${[picture('late.png', '/sent-pixel-late.png')]}></agent-chat-user-attachments>`,
    );
    await until(() => loaded(thumbnail(view)), 'the copy shows');
    const second = thumbnail(view)!.getAttribute('src');
    await evictCopies();
    calls = [];
    thumbnail(view)!.dispatchEvent(new Event('error'));
    await until(() => loaded(thumbnail(view)) && thumbnail(view)!.getAttribute('src') !== second, 'a fresh copy');
    expect(calls).to.deep.equal(['/sent-pixel-late.png']);
  });
});
