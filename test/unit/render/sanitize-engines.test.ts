import { expect } from '@open-wc/testing';
import { Marked } from 'marked';
import { builtInEngine, sanitizeToFragment, sanitizeWithPurifier } from '../../../src/render/sanitize.js';
import { markdownDocument } from '../../../bench/lib/markdown-doc.mjs';

const marked = new Marked({ gfm: true, breaks: false, async: false });
/** Where outputs are compared: a document without a window, so that their thousands of images never load. */
const inert = document.implementation.createHTMLDocument('');

/** Whether the chat's sanitizer (built-in engine where it applies) gives what DOMPurify alone gives. */
function sameAsPurifier(html: string): { same: boolean; ours: string; purifier: string } {
  const ours = inert.createElement('div');
  ours.append(sanitizeToFragment(html));
  const purifier = inert.createElement('div');
  purifier.append(sanitizeWithPurifier(html));
  // Adjacent text nodes are one text: the two engines may split it differently.
  ours.normalize();
  purifier.normalize();
  return { same: ours.isEqualNode(purifier), ours: ours.innerHTML, purifier: purifier.innerHTML };
}

function expectSame(html: string): void {
  const { same, ours, purifier } = sameAsPurifier(html);
  expect(same, `${html}\n  ours:     ${ours}\n  purifier: ${purifier}`).to.equal(true);
}

/** A seeded generator, so that a failure names an input that can be run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PIECES = [
  '<p>',
  '</p>',
  '<a href="https://example.com/a?b=1&amp;c=2">',
  '<a href=" javascript:alert(1)">',
  '<a href="JAVASCRIPT&colon;x">',
  '<a href="vbscript:x">',
  '<a href="data:text/html,<script>">',
  '<a href="blob:https://x/1">',
  '<a href="mailto:a@b.c">',
  '<a href="#frag" title="a --> b">',
  '<a href="/x" title=" padded ">',
  '</a>',
  '<img src="https://example.com/i.png" alt="i">',
  '<img src="data:image/png;base64,AAAA" alt=" d ">',
  '<img src=x onerror="alert(1)">',
  '<img src="javascript:x">',
  '<code class="language-ts">',
  '<code class="language-js evil">',
  '</code>',
  '<span class="math-inline">',
  '<span class="error" style="color:red" id="clobber" role="alert">',
  '</span>',
  '<td align="right" colspan="2">',
  '<td align="javascript:x">',
  '<table><tr>',
  '</table>',
  '<ol start="3"><li>',
  '<details open><summary>',
  '</summary>',
  '<strong>',
  '</strong>',
  '<em>',
  '<!-- a comment -->',
  '<!-- <p> -->',
  '<?xml pi?>',
  '<?start name="price"?>',
  '<?end?>',
  'Note <!-- hidden --> that a&lt;b holds.',
  '<p>\n&lt;b </3> x\n</p>',
  '</ x>',
  '</>',
  '<!DOCTYPE html>',
  '<![CDATA[x]]>',
  '<br/>',
  '</br>',
  '<input type="checkbox" checked disabled>',
  '<p data-x="1" aria-label="z" onclick="x()">',
  '<div>',
  '</div>',
  '<script>alert(1)</script>',
  '<style>*{}</style>',
  '<svg><circle/></svg>',
  '<math><mi>x</mi></math>',
  '<KBD>',
  '<\u212Abd>',
  '<textarea>',
  '<noscript><p>n</p></noscript>',
  '<xmp><b>x</b></xmp>',
  '<image src=x>',
  'text ',
  ' & ',
  ' < ',
  '&lt;p&gt;',
  '"quoted"',
  '\n\n',
  'שלום ',
];

describe('the sanitizer’s two engines', () => {
  it('this Chromium has a built-in sanitizer that the chat uses', () => {
    expect(builtInEngine).to.be.a('function');
  });

  it('give the same DOM for every block of the streaming bench’s reply (prose, lists, tables, links, code)', () => {
    const blocks = markdownDocument(100_000).split(/\n\n+/);
    for (const block of blocks) expectSame(marked.parse(block, { async: false }) as string);
  });

  it('give the same DOM for 3,000 random mixes of allowed and hostile markup', () => {
    const next = random(20261205);
    let taken = 0;
    for (let i = 0; i < 3_000; i += 1) {
      const count = 1 + Math.floor(next() * 6);
      let html = '';
      for (let k = 0; k < count; k += 1) html += PIECES[Math.floor(next() * PIECES.length)];
      if (builtInEngine!(html)) taken += 1;
      expectSame(html);
    }
    // Most mixes name an element outside the allow-list; enough do not for the comparison to mean something.
    expect(taken).to.be.greaterThan(600);
  });

  it('the built-in engine takes markdown’s own output and declines markup naming other elements', () => {
    const engine = builtInEngine!;
    expect(engine(marked.parse('# T\n\n- [x] done\n\n| a |\n| - |\n| [l](https://x) |', { async: false }) as string) instanceof DocumentFragment).to.equal(true);
    // (Compared as booleans: a failing message that printed a fragment of another document would hang chai.)
    for (const declined of [
      '<div>x</div>',
      '<DIV>x</DIV>',
      '<p title="<foo>">x</p>',
      '<!-- <script> -->',
      '<image src=x>',
      '<p>a</p><svg><a href="x">b</a></svg>',
      'a<?start name="x"?>b',
      '<p>a <!-- c --> b</p>',
    ]) {
      expect(engine(declined) === undefined, declined).to.equal(true);
    }
    // Not a tag to the HTML tokenizer (a Kelvin sign, not a K): text, which the built-in engine may take.
    expect(engine('<\u212Abd>x') instanceof DocumentFragment).to.equal(true);
    // Declined markup still loses no text: DOMPurify unwraps what it does not allow.
    const box = inert.createElement('div');
    box.append(sanitizeToFragment('<div>hello <foo>world</foo></div>'));
    expect(box.textContent).to.equal('hello world');
  });

  it('the built-in engine’s output stays inert until inserted, and is finished as DOMPurify’s is', () => {
    const fragment = builtInEngine!('<p><img src="https://example.com/i.png" alt="i"><a href="https://x.example">l</a></p>')!;
    expect(fragment.ownerDocument).to.not.equal(document);
    expect(fragment.ownerDocument.defaultView).to.equal(null);
    const image = fragment.querySelector('img')!;
    expect(image.getAttribute('loading')).to.equal('lazy');
    expect(image.getAttribute('referrerpolicy')).to.equal('no-referrer');
    expect(fragment.querySelector('a')!.getAttribute('rel')).to.equal('noopener noreferrer nofollow');
  });
});
