import { expect } from '@open-wc/testing';
import { guardedImageKey } from '../../../src/render/image-placeholders.js';
import type { ImagePolicy } from '../../../src/render/image-policy.js';
import { renderActivityHtml, renderMarkdown } from '../../../src/render/markdown.js';
import { morphChildren } from '../../../src/render/morph-children.js';
import { fetchSameOrigin, keptCopies, knownOutcome, sameOriginAddress } from '../../../src/render/same-origin-image.js';

const GIF = Uint8Array.from(atob('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs='), (c) => c.charCodeAt(0));
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><script>window.svgRan = true</script></svg>';

/** A stand-in for the page's server: `/img/*.gif` images, `/img/*.svg`, `/go/*` redirects, `/page/*` HTML, `/gone/*` 404. */
function server(path: string): Response {
  if (path.startsWith('/img/') && path.includes('.svg')) return new Response(SVG, { headers: { 'content-type': 'image/svg+xml' } });
  if (path.startsWith('/img/')) return new Response(GIF, { headers: { 'content-type': 'image/gif' } });
  if (path.startsWith('/go/')) return new Response(null, { status: 302, headers: { location: 'https://elsewhere.test/x.gif' } });
  if (path.startsWith('/raw/')) return new Response(GIF, { headers: { 'content-type': 'application/octet-stream' } });
  if (path.startsWith('/page/')) return new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } });
  if (path.startsWith('/throw/')) throw new TypeError('Failed to fetch');
  return new Response('', { status: 404 });
}

let calls: { url: string; init?: RequestInit }[] = [];
const realFetch = window.fetch;
/** Every test asks for addresses of its own (the cache lives as long as the page). */
let run = 0;
const unique = (path: string) => `${path}?run=${run}`;

const policy = (mode: ImagePolicy['mode'], shown = new Set<string>()): ImagePolicy => ({
  mode,
  showImage: 'Show image from {host}',
  showRedirectedImage: 'Show image from {host}, which redirects',
  imageBlocked: 'Image from {host} not shown',
  shown,
});

async function settled() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('images of the page’s own origin', () => {
  beforeEach(() => {
    run += 1;
    calls = [];
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, init });
      return server(new URL(url).pathname);
    }) as typeof fetch;
  });
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('are guarded when http(s) on the page’s origin; data:, blob: and other origins are not', () => {
    expect(sameOriginAddress('/a.png')).to.equal(`${location.origin}/a.png`);
    expect(sameOriginAddress(`${location.origin}/a.png`)).to.equal(`${location.origin}/a.png`);
    for (const src of ['data:image/png;base64,AA', 'blob:x', 'https://elsewhere.test/a.png', '//elsewhere.test/a.png', 'javascript:1', 'http://[x']) {
      expect(sameOriginAddress(src), src).to.equal(undefined);
    }
  });

  it('are fetched without following redirects, with no referrer, and only a direct answer becomes a copy', async () => {
    const image = await fetchSameOrigin(`${location.origin}${unique('/img/a.gif')}`);
    expect(calls[0].init).to.include({ redirect: 'manual', mode: 'same-origin', credentials: 'same-origin', referrerPolicy: 'no-referrer' });
    expect(image.kind).to.equal('image');
    const src = (image as { src: string }).src;
    expect(src.startsWith('blob:')).to.equal(true);
    expect((await realFetch(src).then((response) => response.blob())).type).to.equal('image/gif');
    expect(await fetchSameOrigin(`${location.origin}${unique('/go/a')}`)).to.deep.equal({ kind: 'redirect' });
    expect(await fetchSameOrigin(`${location.origin}${unique('/gone/a')}`)).to.deep.equal({ kind: 'missing' });
    expect(await fetchSameOrigin(`${location.origin}${unique('/throw/a')}`)).to.deep.equal({ kind: 'failed' });
    // Asked again: the one copy, no second request.
    expect(await fetchSameOrigin(`${location.origin}${unique('/img/a.gif')}`)).to.deep.equal(image);
    expect(calls.length).to.equal(4);
  });

  it('an SVG copy is a data: URL (never a document of the page’s origin); other types are bytes only', async () => {
    const svg = await fetchSameOrigin(`${location.origin}${unique('/img/a.svg')}`);
    expect((svg as { src: string }).src.startsWith('data:image/svg+xml;base64,')).to.equal(true);
    const html = await fetchSameOrigin(`${location.origin}${unique('/page/a')}`);
    expect((await realFetch((html as { src: string }).src).then((response) => response.blob())).type).to.equal('application/octet-stream');
    // A picture served without an image type still shows from its bytes.
    const raw = new Image();
    const rawLoaded = new Promise((resolve, reject) => ((raw.onload = resolve), (raw.onerror = reject)));
    raw.src = ((await fetchSameOrigin(`${location.origin}${unique('/raw/a')}`)) as { src: string }).src;
    await rawLoaded;
    expect(raw.naturalWidth).to.equal(1);
    // In an <img> the SVG shows, and its script does not run.
    const image = new Image();
    const loaded = new Promise((resolve) => (image.onload = resolve));
    image.src = (svg as { src: string }).src;
    await loaded;
    expect([image.naturalWidth, (window as { svgRan?: boolean }).svgRan]).to.deep.equal([4, undefined]);
  });

  it('click: the image has no src until its copy is known, then shows the copy; one that redirects becomes a placeholder naming the page’s host', async () => {
    const box = document.createElement('div');
    box.append(
      renderMarkdown(
        `![own](${unique('/img/b.gif')}) ![away](${unique('/go/b')}) ![home](${unique('/go/home')}) ![gone](${unique('/gone/b')}) ![down](${unique('/throw/b')})`,
        policy('click'),
      ),
    );
    const images = [...box.querySelectorAll('img')];
    expect(images.map((image) => image.hasAttribute('src'))).to.deep.equal([false, false, false, false, false], 'nothing loads by itself');
    await settled();
    const own = box.querySelector('img')!;
    expect(own.getAttribute('src')!.startsWith('blob:')).to.equal(true);
    expect(guardedImageKey(own)).to.equal(unique('/img/b.gif'));
    const placeholders = [...box.querySelectorAll<HTMLButtonElement>('button.image-placeholder')];
    expect(placeholders.map((button) => button.textContent)).to.deep.equal([
      `Show image from ${location.host}, which redirects (away)`,
      `Show image from ${location.host}, which redirects (home)`,
      `Show image from ${location.host} (down)`,
    ]);
    // An error status: no image, its alt text stands in (nothing to press).
    const gone = box.querySelector('img[alt="gone"]')!;
    expect(gone.hasAttribute('src')).to.equal(false);
    placeholders[0].click();
    const pressed = box.querySelector('img[alt="away"]')!;
    expect([pressed.getAttribute('src'), guardedImageKey(pressed)]).to.deep.equal([unique('/go/b'), null]);
  });

  it('drawn again once known, at once and without another request; pressed, it loads directly when drawn again', async () => {
    const shown = new Set<string>();
    renderMarkdown(`![own](${unique('/img/c.gif')}) ![away](${unique('/go/c')})`, policy('click', shown));
    await settled();
    const requests = calls.length;
    const again = renderMarkdown(`![own](${unique('/img/c.gif')}) ![away](${unique('/go/c')})`, policy('click', shown));
    expect(again.querySelector('img')!.getAttribute('src')!.startsWith('blob:')).to.equal(true);
    const button = again.querySelector<HTMLButtonElement>('button.image-placeholder')!;
    expect(button.textContent).to.contain('which redirects');
    button.click();
    expect(shown.has(unique('/go/c'))).to.equal(true);
    const third = renderMarkdown(`![away](${unique('/go/c')})`, policy('click', shown));
    expect(third.querySelector('img')!.getAttribute('src')).to.equal(unique('/go/c'));
    expect(calls.length).to.equal(requests);
  });

  it('a copy that does not show (no picture, or a page CSP without blob:) leaves a placeholder to load it directly', async () => {
    const box = document.createElement('div');
    document.body.append(box);
    box.append(renderMarkdown(`![page](${unique('/page/i')})`, policy('click')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(box.querySelector('img')).to.equal(null);
    expect(box.querySelector('button.image-placeholder')!.textContent).to.equal(`Show image from ${location.host} (page)`);
    box.remove();
  });

  it('none: a redirecting one is only text; allow: loads directly, nothing fetched', async () => {
    const none = document.createElement('div');
    none.append(renderMarkdown(`![own](${unique('/img/d.gif')}) ![away](${unique('/go/d')})`, policy('none')));
    await settled();
    expect(none.querySelector('img')!.getAttribute('src')!.startsWith('blob:')).to.equal(true);
    expect([...none.querySelectorAll('span.image-placeholder')].map((span) => span.textContent)).to.deep.equal([`Image from ${location.host} not shown (away)`]);
    expect(none.querySelectorAll('button').length).to.equal(0);
    calls = [];
    const allowed = renderMarkdown(`![away](${unique('/go/e')})`, policy('allow'));
    expect(allowed.querySelector('img')!.getAttribute('src')).to.equal(unique('/go/e'));
    expect(calls).to.deep.equal([]);
  });

  it('a streaming block drawn again keeps the image it shows (math on: morphed, not replaced)', async () => {
    const target = document.createElement('div');
    target.append(renderMarkdown(`Look ![own](${unique('/img/f.gif')}) and`, policy('click')));
    const image = target.querySelector('img')!;
    morphChildren(target, renderMarkdown(`Look ![own](${unique('/img/f.gif')}) and more`, policy('click')));
    expect(target.querySelector('img')).to.equal(image);
    await settled();
    morphChildren(target, renderMarkdown(`Look ![own](${unique('/img/f.gif')}) and more still`, policy('click')));
    expect(target.querySelector('img')).to.equal(image);
    expect(image.getAttribute('src')!.startsWith('blob:')).to.equal(true);
    expect(target.textContent).to.contain('more still');
    // Another address in the same place: another image.
    morphChildren(target, renderMarkdown(`Look ![own](${unique('/img/g.gif')}) and more still`, policy('click')));
    expect(target.querySelector('img')).to.not.equal(image);
  });

  it('the cache is bounded: the oldest copies leave it and their object URLs are revoked; a lazy image shown late fetches again', async () => {
    const first = (await fetchSameOrigin(`${location.origin}${unique('/img/h0.gif')}`)) as { src: string };
    const box = document.createElement('div');
    box.append(renderMarkdown(`![late](${unique('/img/h0.gif')})`, policy('click')));
    for (let i = 1; i <= 70; i += 1) await fetchSameOrigin(`${location.origin}${unique(`/img/h${i}.gif`)}`);
    expect(keptCopies().entries).to.be.at.most(64);
    expect(knownOutcome(`${location.origin}${unique('/img/h0.gif')}`)).to.equal(undefined);
    let revoked = false;
    await realFetch(first.src).catch(() => (revoked = true));
    expect(revoked).to.equal(true, 'the oldest copy’s URL is revoked');
    // The image was given that copy but never loaded it: in the page now, it fails once and fetches a fresh copy.
    document.body.append(box);
    const image = box.querySelector('img')!;
    const requests = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.length).to.equal(requests + 1);
    await new Promise((resolve, reject) => (image.complete && image.naturalWidth ? resolve(null) : ((image.onload = resolve), (image.onerror = reject))));
    expect([image.src === first.src, image.naturalWidth]).to.deep.equal([false, 1]);
    box.remove();
  });

  it('nothing else can load a same-origin address: no srcset, picture, style or background in replies; none in rich results', () => {
    const box = document.createElement('div');
    box.append(
      renderMarkdown(
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" srcset="/go/s 2x" alt="s"> <picture><source srcset="/go/p"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></picture> <span style="background:url(/go/st)">x</span> <table background="/go/t"><tr><td background="/go/td">1</td></tr></table>',
        policy('click'),
      ),
    );
    expect(box.innerHTML).to.not.contain('/go/');
    const rich = document.createElement('div');
    rich.append(
      renderActivityHtml(
        '<img src="/go/r" alt="r"><div style="background:url(/go/st)">x</div><svg><image href="/go/svg"></image></svg><style>p{background:url(/go/css)}</style><p>t</p>',
      ),
    );
    expect(rich.innerHTML).to.not.contain('/go/');
  });
});
