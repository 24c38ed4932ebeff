import { expect } from '@open-wc/testing';
import { MarkdownBlockSplitter } from '../../../src/render/markdown-blocks.js';

/** Streams `text` line by line into a splitter with a small `maxBlock`; returns every finished source and the tail. */
function split(text: string, maxBlock: number): { sources: string[]; tail: string } {
  const splitter = new MarkdownBlockSplitter({ maxBlock });
  const sources: string[] = [];
  let tail = '';
  for (let end = 1; end <= text.length; end++) {
    const step = splitter.update(text.slice(0, end));
    sources.push(...step.sources);
    tail = step.tailSource;
  }
  return { sources, tail };
}

describe('markdown blocks: displayed math', () => {
  const rows = Array.from({ length: 30 }, (_, i) => `a_{${i}} &= b_{${i}} \\\\`).join('\n');

  it('never cuts `$$ … $$` spanning lines, however long, and cuts the paragraph after it again', () => {
    const formula = `$$\n\\begin{aligned}\n${rows}\n\\end{aligned}\n$$`;
    const after = Array.from({ length: 20 }, (_, i) => `line ${i} of a long paragraph`).join('\n');
    const { sources, tail } = split(`Intro\n${formula}\n${after}\n\nEnd\n`, 100);
    const all = [...sources, tail];
    const holding = all.filter((source) => source.includes('\\begin{aligned}'));
    expect(holding.length).to.equal(1);
    expect(holding[0].includes(formula)).to.equal(true);
    // Past the formula the long paragraph is cut into pieces as before.
    expect(all.filter((source) => source.includes('of a long paragraph')).length).to.be.greaterThan(1);
  });

  it('never cuts `\\[ … \\]` either, and a blank line ends an unclosed `$$`', () => {
    const formula = `\\[\n${rows}\n\\]`;
    const { sources, tail } = split(`${formula}\n\n$$\nx\n\n${rows}\n`, 100);
    const all = [...sources, tail];
    expect(all.filter((source) => source.includes(formula)).length).to.equal(1);
    // The unclosed `$$` does not keep the text after the blank line from being cut.
    expect(all.filter((source) => source.includes('a_{')).length).to.be.greaterThan(2);
  });
});
