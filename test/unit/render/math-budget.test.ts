import { expect } from '@open-wc/testing';
import katex from 'katex';
import { checkMarkup, checkSource, countingMacros, MATH_LIMITS, MathBudgetError, markupDepth, REPLY_MATH_LIMITS, ReplyMathAllowance } from '../../../src/render/math-budget.js';
import { RecentFormulas } from '../../../src/render/math-recent.js';

const x40 = 'x'.repeat(40);
/** Under 200 characters and under KaTeX's default expansion limit, yet 16,000 glyphs once expanded. */
const DEF_CHAIN = `\\def\\a{${x40}}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\def\\d{\\c\\c\\c\\c}\\d`;

function render(tex: string, macros = countingMacros()): string {
  return katex.renderToString(tex, { throwOnError: true, trust: false, strict: 'ignore', maxExpand: MATH_LIMITS.expansions, macros: macros as Record<string, string> });
}

function limitOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof MathBudgetError ? error.limit : `other: ${String(error)}`;
  }
  return undefined;
}

describe('math budget', () => {
  it('lets ordinary formulas and macros through', () => {
    expect(render('\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}')).to.contain('katex');
    expect(render('\\def\\R{\\mathbb{R}}\\newcommand{\\norm}[1]{\\lVert #1 \\rVert} f: \\R^n \\to \\R, \\norm{x}')).to.contain('katex');
    expect(limitOf(() => checkSource('x'.repeat(MATH_LIMITS.sourceChars)))).to.equal(undefined);
    expect(limitOf(() => checkMarkup('<span></span>'))).to.equal(undefined);
  });

  it('stops nested \\def chains that multiply, counting the tokens their copies read', () => {
    expect(DEF_CHAIN.length).to.be.lessThan(200);
    expect(limitOf(() => render(DEF_CHAIN))).to.equal('tokens');
    expect(limitOf(() => render(`\\def\\a#1{#1#1#1#1#1#1#1#1}\\def\\b{${x40}${x40}}\\a{\\a{\\b}}`))).to.equal('tokens');
    expect(limitOf(() => render(`\\gdef\\a{${x40}}\\gdef\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\gdef\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\c\\c\\c\\c`))).to.equal('tokens');
  });

  it('counts against the budget given, and the clock', () => {
    expect(limitOf(() => render('x+y+z', countingMacros({ tokens: 3 })))).to.equal('tokens');
    let clock = 0;
    const macros = countingMacros({ tokens: 1e9, deadline: 10, now: () => (clock += 5) });
    expect(limitOf(() => render('x+'.repeat(200) + 'x', macros))).to.equal('time');
  });

  it('keeps the definitions of one render to that render', () => {
    const first = countingMacros();
    render('\\gdef\\q{y}\\q', first);
    expect(limitOf(() => render('\\q', countingMacros()))).to.match(/^other: .*Undefined control sequence/);
  });

  it('measures how deep markup nests, and refuses markup nested deeper than the limit', () => {
    expect(markupDepth('<span class="a"><span><svg><path d="M0 0"/></svg></span><span></span></span>')).to.equal(3);
    expect(markupDepth(render('1+\\frac{1}{1+\\frac{1}{1+\\frac{1}{x}}}'))).to.be.lessThan(MATH_LIMITS.markupDepth);
    const deep = render(`${'\\sqrt{'.repeat(60)}x${'}'.repeat(60)}`);
    expect(deep.length).to.be.lessThan(MATH_LIMITS.markupChars);
    expect(limitOf(() => checkMarkup(deep))).to.equal('depth');
  });

  it('refuses a source or markup over its length', () => {
    expect(limitOf(() => checkSource('x'.repeat(MATH_LIMITS.sourceChars + 1)))).to.equal('source');
    expect(limitOf(() => checkMarkup('x'.repeat(MATH_LIMITS.markupChars + 1)))).to.equal('markup');
  });

  it("stops a reply's formulas once their render time or markup adds up to its allowance", () => {
    const shown = new Set<string>();
    const allowance = new ReplyMathAllowance<string>((item) => shown.has(item), { renderMs: 100, markupChars: 1_000 });
    // Twenty formulas of 30 ms each, each within the budget of one formula: the fifth is not rendered.
    const rendered = [];
    for (let i = 0; i < 20; i++) {
      if (!allowance.mayRender(`f${i}`)) break;
      allowance.spend(`f${i}`, 30);
      rendered.push(i);
    }
    expect(rendered).to.deep.equal([0, 1, 2, 3]);
    // A formula rendered before in the reply stays allowed, and does not count again.
    expect(allowance.mayRender('f1')).to.equal(true);
    allowance.spend('f1', 30);
    expect(allowance.spent().renderMs).to.equal(120);
    // Markup: shown while it fits.
    for (const item of ['a', 'b', 'c']) shown.add(item);
    expect(allowance.show('a', 400)).to.equal(true);
    expect(allowance.show('b', 400)).to.equal(true);
    expect(allowance.show('c', 400)).to.equal(false);
    expect(allowance.spent().markupChars).to.equal(800);
  });

  it('counts markup only for formulas still shown: a block drawn again does not pay twice', () => {
    const shown = new Set(['old']);
    const allowance = new ReplyMathAllowance<string>((item) => shown.has(item), { renderMs: 100, markupChars: 1_000 });
    expect(allowance.show('old', 700)).to.equal(true);
    expect(allowance.show('old', 700)).to.equal(true);
    expect(allowance.spent().markupChars).to.equal(700);
    // The same formula, drawn again in place of the one that left the reply.
    shown.delete('old');
    shown.add('new');
    expect(allowance.show('new', 700)).to.equal(true);
    expect(allowance.spent().markupChars).to.equal(700);
  });

  it('allows a reply about 400 ms and 1.5 MB of markup', () => {
    expect(REPLY_MATH_LIMITS.renderMs).to.equal(400);
    expect(REPLY_MATH_LIMITS.markupChars).to.equal(1_500_000);
  });
});

describe('recent formulas', () => {
  it('keeps at most a count of entries, the least recently used going first', () => {
    const recent = new RecentFormulas<number>({ count: 3, chars: 1_000 });
    for (const [i, key] of ['a', 'b', 'c'].entries()) recent.set(key, i, 10);
    expect(recent.get('a')).to.equal(0);
    recent.set('d', 3, 10);
    expect(recent.get('b')).to.equal(undefined);
    expect([recent.get('a'), recent.get('c'), recent.get('d')]).to.deep.equal([0, 2, 3]);
    expect(recent.size).to.deep.equal({ count: 3, chars: 33 });
  });

  it('keeps at most a weight of characters (keys included), and nothing heavier than all of it', () => {
    const recent = new RecentFormulas<string>({ count: 256, chars: 1_000 });
    for (let i = 0; i < 10; i++) recent.set(`k${i}`, 'v', 298);
    expect(recent.size).to.deep.equal({ count: 3, chars: 900 });
    expect(recent.get('k6')).to.equal(undefined);
    expect(recent.get('k9')).to.equal('v');
    recent.set('x'.repeat(2_000), 'long key', 0);
    expect(recent.get('x'.repeat(2_000))).to.equal(undefined);
    recent.set('k9', 'again', 10);
    expect(recent.size).to.deep.equal({ count: 3, chars: 612 });
  });
});
