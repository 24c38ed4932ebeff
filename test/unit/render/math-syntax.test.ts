import { expect } from '@open-wc/testing';
import { blockMathAt, inlineMathAt, nextBlockMathStart, nextMathStart, texOf } from '../../../src/render/math-syntax.js';

/** Every formula found in `text`, as the marked extension walks it: at each possible start, else one character on. */
function formulas(text: string): string[] {
  const found: string[] = [];
  let rest = text;
  while (rest) {
    if (rest.startsWith('\\$')) {
      rest = rest.slice(2);
      continue;
    }
    const match = inlineMathAt(rest);
    if (match) {
      found.push(match.tex);
      rest = rest.slice(match.raw.length);
      continue;
    }
    const next = nextMathStart(rest.slice(1));
    rest = next === undefined ? '' : rest.slice(next + 1);
  }
  return found;
}

describe('math syntax: dollars in prose are dollars', () => {
  const prose = [
    '$5 and $10',
    'It costs $3.50, or $4.',
    'Between $5 and $10, not more.',
    '$ 5 is the price',
    'a budget of $1,000,000 and $250k for travel',
    'from $10-$20 per seat',
    'pay $5/month or $50/year',
    'prices ($5) and ($6)',
    'I have $ and you have $',
    'US$5 and CA$7',
    'cost: $2bn, then $3bn',
    'ends with a dollar $',
    'Save $5! Then $10!',
    '$100 (about $1 per day)',
    'shell: echo $HOME and $PATH', // a closing `$` must touch what it closes: "$HOME and $" has a space before it
  ];
  for (const text of prose) {
    it(`"${text}" has no formula`, () => {
      expect(formulas(text)).to.deep.equal([]);
    });
  }
});

describe('math syntax: formulas', () => {
  const cases: [string, string[]][] = [
    ['Euler: $e^{i\\pi} + 1 = 0$.', ['e^{i\\pi} + 1 = 0']],
    ['$x$ and $y$', ['x', 'y']],
    ['$2^n$ grows', ['2^n']],
    ['$2x+1$ is odd', ['2x+1']],
    ['$5$ alone', ['5']],
    ['the set $\\{x \\mid x > 0\\}$', ['\\{x \\mid x > 0\\}']],
    ['a dollar inside: $a \\$ b$', ['a \\$ b']],
    ['$$\\sum_{i=1}^n i$$ in a line', ['\\sum_{i=1}^n i']],
    ['paren \\(a^2 + b^2\\) form', ['a^2 + b^2']],
    ['bracket \\[x = 1\\] form', ['x = 1']],
    ['costs $5 but $x^2$ is math', ['x^2']],
    ['$a$5 is not closed there, $b$', ['a$5 is not closed there, $b']],
    ['over a line break $a +\nb$', ['a +\nb']],
  ];
  for (const [text, expected] of cases) {
    it(`"${text.replace(/\n/g, '\\n')}"`, () => {
      expect(formulas(text)).to.deep.equal(expected);
    });
  }

  it('reads `$$…$$` and `\\[…\\]` as displayed, `$…$` and `\\(…\\)` as inline', () => {
    expect(inlineMathAt('$$x$$')!.display).to.equal(true);
    expect(inlineMathAt('\\[x\\]')!.display).to.equal(true);
    expect(inlineMathAt('$x$')!.display).to.equal(false);
    expect(inlineMathAt('\\(x\\)')!.display).to.equal(false);
  });

  it('does not cross a blank line, and an unclosed formula is text', () => {
    expect(inlineMathAt('$a\n\nb$')).to.equal(undefined);
    expect(inlineMathAt('$x + y')).to.equal(undefined);
    expect(inlineMathAt('$$x + y')).to.equal(undefined);
    expect(inlineMathAt('\\(x')).to.equal(undefined);
    expect(inlineMathAt('$$ $$')).to.equal(undefined);
  });

  it('skips escaped dollars when looking for a start', () => {
    expect(nextMathStart('a \\$5 b')).to.equal(undefined);
    expect(nextMathStart('a \\$5 $x$')).to.equal(6);
    expect(nextMathStart('see \\(x\\)')).to.equal(4);
    expect(nextMathStart('a \\\\$x$')).to.equal(4);
  });
});

describe('math syntax: displayed blocks', () => {
  it('takes `$$` lines with the TeX between, over several lines', () => {
    const found = blockMathAt('$$\n\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}\n$$\nafter');
    expect(found!.tex).to.equal('\n\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}\n');
    expect(found!.raw.endsWith('$$\n')).to.equal(true);
    expect(found!.display).to.equal(true);
  });

  it('takes `\\[ … \\]` and a one-line `$$x$$`, up to three spaces in', () => {
    expect(blockMathAt('\\[\nx^2\n\\]')!.tex).to.equal('\nx^2\n');
    expect(blockMathAt('   $$x$$  \nnext')!.raw).to.equal('   $$x$$  \n');
  });

  it('is not a block when text follows the closing delimiter, when unclosed, or across a blank line', () => {
    expect(blockMathAt('$$x$$ and more')).to.equal(undefined);
    expect(blockMathAt('$$\nx + y\n')).to.equal(undefined);
    expect(blockMathAt('$$\nx\n\ny\n$$')).to.equal(undefined);
    expect(blockMathAt('    $$x$$')).to.equal(undefined);
  });

  it('finds where a block may start', () => {
    expect(nextBlockMathStart('text\n$$\nx\n$$')).to.equal(5);
    expect(nextBlockMathStart('text\n\\[x\\]')).to.equal(5);
    expect(nextBlockMathStart('no math here $5')).to.equal(undefined);
  });
});

describe('math syntax: texOf', () => {
  it('strips the delimiters a formula was written with', () => {
    expect(texOf('$x$')).to.equal('x');
    expect(texOf('$$x$$')).to.equal('x');
    expect(texOf('\\(x\\)')).to.equal('x');
    expect(texOf('\\[\nx\n\\]')).to.equal('\nx\n');
    expect(texOf('x^2')).to.equal('x^2');
  });
});
