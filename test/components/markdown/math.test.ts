import { expect, html } from '@open-wc/testing';
import '../../../src/components/markdown/markdown-view.js';
import '../../../src/index.js';
import type { AgentChatMarkdown } from '../../../src/components/markdown/markdown-view.js';
import type { AgentChat } from '../../../src/index.js';
import { loadMarkdown } from '../../../src/render/markdown-loader.js';
import { chatFixture, deepQuery, deepQueryAll, fixtureWithSettings, sendAndWait, until } from '../helpers.js';

const mathRequested = () => performance.getEntriesByType('resource').some((entry) => /math-render/.test(entry.name));

async function view(text: string, math: boolean): Promise<AgentChatMarkdown> {
  const el = await fixtureWithSettings<AgentChatMarkdown>(html`<agent-chat-markdown .text=${text}></agent-chat-markdown>`, { display: { math } });
  await el.updateComplete;
  return el;
}

/** Waits until `count` formulas of `el` are drawn (rendered or marked as errors). */
async function drawn(el: Element, count: number): Promise<void> {
  await until(() => deepQueryAll(el, '.math-inline .katex, .math-display .katex, .math-error').length >= count, `${count} formulas drawn`);
}

const SOURCE = [
  'Inline $\\frac{a}{b}$ and \\(\\sqrt{2}\\), a price of $5 and $10.',
  '',
  '$$',
  '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  '$$',
  '',
  '\\[\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}\\]',
  '',
  'Code stays code: `$x$` and',
  '',
  '```',
  '$y$ in a block',
  '```',
  '',
  'An escaped \\$5 stays a dollar.',
].join('\n');

describe('math', () => {
  before(() => loadMarkdown());

  // First: nothing before this test loaded the math renderer in this page.
  it('without `math`, leaves the text as written and never asks for the renderer', async () => {
    const el = await view(SOURCE, false);
    expect(el.querySelectorAll('.math-inline, .math-display, .katex, math').length).to.equal(0);
    expect(el.querySelector('p')!.textContent).to.equal('Inline $\\frac{a}{b}$ and (\\sqrt{2}), a price of $5 and $10.');
    expect(el.textContent!.includes('$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$')).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mathRequested()).to.equal(false);
  });

  it('renders inline and displayed math as KaTeX with MathML, and leaves prices, code and `\\$` alone', async () => {
    const el = await view(SOURCE, true);
    await drawn(el, 4);
    const inline = [...el.querySelectorAll('.math-inline')];
    const display = [...el.querySelectorAll('.math-display')];
    expect(inline.length).to.equal(2);
    expect(display.length).to.equal(2);
    expect(mathRequested()).to.equal(true);
    expect(!!inline[0].querySelector('.katex-mathml math mfrac')).to.equal(true);
    expect(!!inline[1].querySelector('math msqrt')).to.equal(true);
    expect(!!display[0].querySelector('.katex-display math munderover')).to.equal(true);
    // The MathML holds the formula, not its TeX source as stray text.
    expect(display[0].querySelector('math')!.textContent!.includes('\\sum')).to.equal(false);
    expect(!!display[0].querySelector('math semantics > mrow')).to.equal(true);
    expect(!!display[1].querySelector('math mtable')).to.equal(true);
    expect(display.map((element) => element.getAttribute('tabindex'))).to.deep.equal(['0', '0']);
    // The visual part is hidden from screen readers, who read the MathML.
    expect(inline[0].querySelector('.katex-html')!.getAttribute('aria-hidden')).to.equal('true');
    expect(el.querySelector('p')!.textContent!.includes('a price of $5 and $10.')).to.equal(true);
    expect(el.querySelector('p code')!.textContent).to.equal('$x$');
    expect(el.querySelector('pre code')!.textContent).to.equal('$y$ in a block\n');
    expect([...el.querySelectorAll('p')].at(-1)!.textContent).to.equal('An escaped $5 stays a dollar.');
  });

  it('shows a formula with an error as written, the error as its title, and goes on', async () => {
    const el = await view('Broken $\\frac{a}{$ and $\\notacommand{x}$ then $x^2$ works.', true);
    await drawn(el, 3);
    const errors = [...el.querySelectorAll('.math-error')];
    expect(errors.map((error) => error.textContent)).to.deep.equal(['$\\frac{a}{$', '$\\notacommand{x}$']);
    expect(errors.every((error) => /KaTeX parse error/.test(error.getAttribute('title') ?? ''))).to.equal(true);
    expect(!!el.querySelector('.math-inline:not(.math-error) math msup')).to.equal(true);
  });

  it('gives TeX no way to links, classes or markup of its own (trust off, output sanitized)', async () => {
    const el = await view('$\\href{javascript:alert(1)}{x}$ $\\htmlClass{copy}{y}$ $\\url{https://example.com}$ $\\text{<img src=x onerror=alert(1)>}$', true);
    await drawn(el, 4);
    expect(el.querySelectorAll('a, img, [onerror], .copy').length).to.equal(0);
    expect(el.textContent!.replace(/\s/g, '').includes('<imgsrc=xonerror=alert(1)>')).to.equal(true);
  });

  it('keeps an unclosed `$$` as text while streaming and renders it once closed', async () => {
    const el = await view('', true);
    const parts = ['Before.\n\n$$\n', '\\begin{aligned} f(x) &= (x+1)^2', ' \\\\\n&= x^2 + 2x + 1 \\end{aligned}\n', '$$\n\nAfter $y', '$.'];
    let text = '';
    el.streaming = true;
    for (const [index, part] of parts.entries()) {
      text += part;
      el.text = text;
      await el.updateComplete;
      if (index < 3) {
        expect(el.querySelectorAll('.math-display').length, `no formula after part ${index}`).to.equal(0);
        expect(el.textContent!.includes('$$')).to.equal(true);
      }
    }
    el.streaming = false;
    await el.updateComplete;
    await drawn(el, 2);
    const display = el.querySelector('.math-display')!;
    expect(!!display.querySelector('math mtable')).to.equal(true);
    expect(display.querySelectorAll('.katex-display').length).to.equal(1);
    expect(!!el.querySelector('.math-inline math mi')).to.equal(true);
    expect(el.textContent!.includes('$$')).to.equal(false);
  });

  it('keeps the formulas a streaming block already shows as they are, rendering each once', async () => {
    const { mathStats } = await import('../../../src/render/math-render.js');
    const el = await view('', true);
    el.streaming = true;
    const formulas = Array.from({ length: 12 }, (_, i) => `term $q_{${i}}^{stream}$ then`);
    el.text = formulas[0];
    await el.updateComplete;
    await drawn(el, 1);
    const first = el.querySelector('.math-inline')!;
    const firstKatex = first.querySelector('.katex')!;
    const runsBefore = mathStats.katexRuns;
    let text = formulas[0];
    for (const next of formulas.slice(1)) {
      // Several deltas per formula, each drawing the open paragraph again.
      for (const piece of [' ', next.slice(0, 7), next.slice(7, 14), next.slice(14)]) {
        text += piece;
        el.text = text;
        await el.updateComplete;
      }
    }
    await drawn(el, 12);
    const shown = [...el.querySelectorAll('.math-inline')];
    expect(shown.length).to.equal(12);
    expect(shown[0] === first, 'the first formula is the same node').to.equal(true);
    expect(first.querySelector('.katex') === firstKatex, 'its math is the same node').to.equal(true);
    expect(el.querySelectorAll('.math-inline .katex').length).to.equal(12);
    // Eleven new formulas, each rendered by KaTeX once, however often the paragraph was drawn.
    expect(mathStats.katexRuns - runsBefore).to.equal(11);
    el.streaming = false;
    await el.updateComplete;
    await drawn(el, 12);
    expect(el.querySelectorAll('.math-inline .katex').length).to.equal(12);
    expect(mathStats.katexRuns - runsBefore).to.equal(11);
  });

  it('draws a finished reply with many formulas over several frames, TeX shown until then', async () => {
    const { mathStats } = await import('../../../src/render/math-render.js');
    const runsBefore = mathStats.katexRuns;
    const paragraphs = Array.from({ length: 12 }, (_, p) => Array.from({ length: 10 }, (_, i) => `$r_{${p}}^{${i}} + \\frac{${p}}{${i + 1}}$`).join(' and '));
    const el = await view(paragraphs.join('\n\n'), true);
    // Right after the reply is drawn, not every formula is math yet: the page is not blocked for all 120.
    const atOnce = el.querySelectorAll('.math-inline .katex').length;
    expect(el.querySelectorAll('.math-inline').length).to.equal(120);
    expect(atOnce).to.be.lessThan(120);
    expect(el.textContent!.includes('$r_{11}^{9}')).to.equal(true);
    await drawn(el, 120);
    expect(el.querySelectorAll('.math-error').length).to.equal(0);
    expect(mathStats.katexRuns - runsBefore).to.equal(120);
  });

  it("shows a formula over the budget as its TeX with a note in the chat's language, and still draws the others", async () => {
    const { de } = await import('../../../src/i18n/translations/de.js');
    const { pluralsIn } = await import('../../../src/i18n/plural.js');
    const x40 = 'x'.repeat(40);
    const chain = `$\\def\\a{${x40}}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\def\\d{\\c\\c\\c\\c}\\d$`;
    const long = `$${Array.from({ length: 800 }, (_, i) => `y_{${i}}`).join('+')}$`;
    const el = await fixtureWithSettings<AgentChatMarkdown>(html`<agent-chat-markdown .text=${`A ${chain} then ${long} and $z^2$.`}></agent-chat-markdown>`, {
      display: { math: true },
      strings: de(pluralsIn('de')),
    });
    await el.updateComplete;
    await drawn(el, 3);
    const over = [...el.querySelectorAll('.math-over-budget')];
    expect(over.length).to.equal(2);
    expect(over.map((formula) => formula.querySelector('.math-note')?.textContent)).to.deep.equal(['(Formel zu groß für die Darstellung)', '(Formel zu groß für die Darstellung)']);
    expect(over[0].textContent!.startsWith('$\\def\\a{xxxx')).to.equal(true);
    expect(over.every((formula) => !formula.querySelector('.katex'))).to.equal(true);
    expect(!!el.querySelector('.math-inline:not(.math-error) math msup')).to.equal(true);
  });

  it("writes the note in the chat's language also for a formula drawn once the fonts are ready", async () => {
    const { de } = await import('../../../src/i18n/translations/de.js');
    const { pluralsIn } = await import('../../../src/i18n/plural.js');
    const el = await chatFixture('/agui/echo', { math: true, lang: 'de' } as Partial<AgentChat>);
    await sendAndWait(el, 'Erst $a^2$');
    await drawn(el, 1);
    expect(deepQueryAll(el, '.math-inline .katex').length).to.equal(1);
    // The fonts are ready now: the next formula is drawn as soon as it is parsed.
    await sendAndWait(el, `Dann $${Array.from({ length: 800 }, (_, i) => `y_{${i}}`).join('+')}$`);
    await drawn(el, 2);
    const notes = deepQueryAll(el, '.math-over-budget .math-note').map((note) => note.textContent);
    expect(notes).to.deep.equal([de(pluralsIn('de')).mathTooLarge]);
  });

  it('writes the note in the language it is given for a formula drawn before its fragment is inserted', async () => {
    const { de } = await import('../../../src/i18n/translations/de.js');
    const { pluralsIn } = await import('../../../src/i18n/plural.js');
    const { renderMarkdown } = await import('../../../src/render/markdown.js');
    const strings = de(pluralsIn('de'));
    const host = await fixtureWithSettings<HTMLElement>(html`<div></div>`, { strings, display: { math: true } });
    host.append(renderMarkdown('Ready $b^2$', undefined, { tooLarge: strings.mathTooLarge, owner: host }));
    await drawn(host, 1);
    // The fonts are ready: the formula is drawn at once, while its fragment is still the caller's.
    const fragment = renderMarkdown(`Then $${Array.from({ length: 800 }, (_, i) => `y_{${i}}`).join('+')}$`, undefined, { tooLarge: strings.mathTooLarge, owner: host });
    await until(() => !!fragment.querySelector('.math-over-budget'), 'drawn in the fragment');
    host.append(fragment);
    expect(host.querySelector('.math-note')?.textContent).to.equal(strings.mathTooLarge);
  });

  it("stops rendering a reply's formulas once they together cost its allowance, and still renders the next reply", async () => {
    const { REPLY_MATH_LIMITS } = await import('../../../src/render/math-budget.js');
    // Each within the budget of one formula (about 110,000 characters of markup, some 20 ms), yet costly.
    const matrix = (k: number) =>
      `$$\\begin{pmatrix}${Array.from({ length: 10 }, (_, i) => Array.from({ length: 10 }, (_, j) => `a_{${i}${j}}^{${k}}`).join(' & ')).join(' \\\\ ')}\\end{pmatrix}$$`;
    const count = 30;
    const el = await view(Array.from({ length: count }, (_, k) => matrix(k)).join('\n\n'), true);
    await drawn(el, count);
    const formulas = [...el.querySelectorAll('.math-display')];
    expect(formulas.length).to.equal(count);
    const shown = formulas.filter((formula) => formula.querySelector('.katex'));
    const over = formulas.filter((formula) => formula.classList.contains('math-over-budget'));
    expect(shown.length, 'some formulas render').to.be.greaterThan(0);
    expect(over.length, "the reply's later formulas show as TeX").to.be.greaterThan(0);
    expect(shown.length + over.length).to.equal(count);
    // In order: the first ones render, those past the allowance do not.
    expect(formulas.indexOf(over[0])).to.equal(shown.length);
    expect(over.every((formula) => formula.querySelector('.math-note')?.textContent === '(formula too large to display)')).to.equal(true);
    expect(over[0].textContent!.startsWith('$$\\begin{pmatrix}')).to.equal(true);
    const markup = shown.reduce((total, formula) => total + formula.innerHTML.length, 0);
    expect(markup).to.be.lessThan(REPLY_MATH_LIMITS.markupChars * 1.1);
    // Another reply has an allowance of its own. Its formulas are cheap, so that a loaded machine
    // cannot push them past the time one formula may take (the first reply's allowance is spent,
    // so any formula would show as TeX if the allowance were shared).
    const next = await view('Next: $$\\begin{pmatrix}a & b \\\\ c & d\\end{pmatrix}$$ and $x^2$', true);
    await drawn(next, 2);
    expect(next.querySelectorAll('.math-over-budget').length).to.equal(0);
  });

  it('reads left to right in a right-to-left reply', async () => {
    const wrapper = await fixtureWithSettings<HTMLElement>(html`<div dir="rtl" lang="ar"><agent-chat-markdown .text=${'المعادلة $a+b$ هنا'}></agent-chat-markdown></div>`, {
      display: { math: true },
    });
    const el = wrapper.querySelector('agent-chat-markdown')!;
    await el.updateComplete;
    await drawn(el, 1);
    await until(() => getComputedStyle(el.querySelector('.math-inline')!).direction === 'ltr', 'math styles adopted');
    const glyphs = [...el.querySelectorAll('.katex-html .mord')].map((glyph) => glyph.getBoundingClientRect().left);
    expect(glyphs.length).to.equal(2);
    expect(glyphs[0]).to.be.lessThan(glyphs[1]);
  });

  it('styles math in the chat, scrolls wide formulas sideways and passes axe', async () => {
    const el = await chatFixture('/agui/echo', { math: true } as Partial<AgentChat>);
    el.style.width = '320px';
    await sendAndWait(el, 'See $$\\sum_{k=0}^{100} \\binom{100}{k} x^k y^{100-k} + \\sum_{k=0}^{100} \\binom{100}{k} = (x+y)^{100} + 2^{100}$$ and $\\hat{x}$');
    await drawn(el, 2);
    const katex = deepQuery(el, '.math-inline .katex')!;
    expect(getComputedStyle(katex).fontFamily.includes('KaTeX_Main')).to.equal(true);
    const display = deepQuery(el, '.math-display')!;
    await until(() => getComputedStyle(display).overflowX === 'auto', 'math styles adopted');
    expect(getComputedStyle(display).display).to.equal('block');
    expect(display.scrollWidth).to.be.greaterThan(display.clientWidth);
    expect(display.getAttribute('tabindex')).to.equal('0');
    expect(deepQueryAll(el, '.katex').length).to.equal(2);
    await expect(el).to.be.accessible();
  });
});
