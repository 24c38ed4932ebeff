import { expect } from '@open-wc/testing';
import { MarkdownBlockSplitter, MAX_BLOCK } from '../../../src/render/markdown-blocks.js';

/** Feeds `text` in pieces of `size` characters; returns all finished blocks and the final tail. */
function stream(text: string, size: number) {
  const splitter = new MarkdownBlockSplitter();
  const blocks: string[] = [];
  let tail = '';
  for (let end = size; end < text.length + size; end += size) {
    const step = splitter.update(text.slice(0, Math.min(end, text.length)));
    blocks.push(...step.finished);
    tail = step.tail;
  }
  return { blocks, tail };
}

const doc = [
  '# Title',
  '',
  'A paragraph that',
  'spans two lines.',
  '',
  '- item one',
  '',
  '- item two (loose list stays one block)',
  '  continued inside the item',
  '',
  '```ts',
  'const a = 1;',
  '',
  'const b = 2; // a blank line inside a fence does not end the block',
  '```',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  'Last paragraph, still streaming',
].join('\n');

describe('markdown block splitter', () => {
  it('finds the same blocks whatever the delta size, and never loses text', () => {
    for (const size of [1, 3, 5, 17, 1000]) {
      const { blocks, tail } = stream(doc, size);
      expect(blocks.join('') + tail, `size ${size}`).to.equal(doc);
      expect(
        blocks.map((b) => b.trim().split('\n')[0]),
        `size ${size}`,
      ).to.deep.equal(['# Title', 'A paragraph that', '- item one', '```ts', '| a | b |']);
      expect(tail).to.equal('Last paragraph, still streaming');
    }
  });

  it('keeps an unclosed fence open however many blank lines it holds', () => {
    const { blocks, tail } = stream('intro\n\n```\ncode\n\n\nmore code\n', 4);
    expect(blocks).to.deep.equal(['intro\n\n']);
    expect(tail).to.equal('```\ncode\n\n\nmore code\n');
  });

  it('ends a block after a closing fence when the next block starts', () => {
    const { blocks } = stream('~~~\nx\n~~~\nnext\n', 2);
    expect(blocks).to.deep.equal(['~~~\nx\n~~~\n']);
  });

  it('starts over when the text is replaced rather than extended', () => {
    const splitter = new MarkdownBlockSplitter();
    splitter.update('one\n\ntwo\n');
    const again = splitter.update('other\n\nthing');
    expect(again.restarted).to.equal(true);
    expect(again.finished).to.deep.equal(['other\n\n']);
    expect(again.tail).to.equal('thing');
  });

  it('scans only what is new: work per update does not grow with the text', () => {
    const splitter = new MarkdownBlockSplitter();
    let text = '';
    const paragraph = 'word '.repeat(20) + '\n\n';
    let scannedTail = 0;
    for (let i = 0; i < 2000; i++) {
      text += paragraph;
      const { tail } = splitter.update(text);
      scannedTail = Math.max(scannedTail, tail.length);
    }
    // The unfinished part never exceeds one paragraph, so re-rendering it stays cheap.
    expect(scannedTail).to.be.at.most(paragraph.length);
  });

  it('keeps a list that follows a paragraph or heading together across blank lines', () => {
    for (const text of ['Steps:\n1. a\n2. b\n\n3. c\n\nAfter.', '## Steps\n- a\n\n- b\n\nAfter.']) {
      const { blocks, tail } = stream(text, 2);
      expect(blocks, text).to.have.length(1);
      expect(blocks[0].trimEnd().split('\n').at(-1), text).to.match(/^(3\. c|- b)$/);
      expect(tail).to.equal('After.');
    }
  });

  it('keeps an HTML element opened on its own line in one block until it is closed', () => {
    const text = '<details>\n<summary>More</summary>\n\nBody\n\n<div>\n\ninner\n\n</div>\n</details>\n\nAfter.';
    const { blocks, tail } = stream(text, 3);
    expect(blocks).to.deep.equal([text.slice(0, text.indexOf('After.'))]);
    expect(tail).to.equal('After.');
  });

  it('tells an extension from a replacement without comparing the whole text', () => {
    const splitter = new MarkdownBlockSplitter();
    const long = 'x'.repeat(500) + '\n\n';
    splitter.update(long);
    expect(splitter.update(long + 'more').restarted).to.equal(false);
    expect(splitter.update('y' + long.slice(1) + 'more').restarted).to.equal(true);
    splitter.update(long);
    expect(splitter.update(long.slice(0, 450) + 'z'.repeat(60)).restarted).to.equal(true);
  });

  it('starts a block at a fence that interrupts a paragraph, and reports the open fence with its code', () => {
    const splitter = new MarkdownBlockSplitter();
    const step = splitter.update('Here is the file:\n```ts\nconst a = 1;\n\nconst b');
    expect(step.finished).to.deep.equal(['Here is the file:\n']);
    expect(step.openFence).to.deep.equal({ info: 'ts', code: 'const a = 1;\n\nconst b' });
    const closed = splitter.update('Here is the file:\n```ts\nconst a = 1;\n\nconst b = 2;\n```\nDone.');
    expect(closed.openFence).to.equal(undefined);
    expect(closed.finished).to.deep.equal(['```ts\nconst a = 1;\n\nconst b = 2;\n```\n']);
  });

  it('leaves a fence inside a list item in its item', () => {
    const { blocks, tail } = stream('- step\n  ```sh\n  npm test\n  ```\n\nAfter.', 3);
    expect(blocks).to.deep.equal(['- step\n  ```sh\n  npm test\n  ```\n\n']);
    expect(tail).to.equal('After.');
  });

  describe('fences as models end them', () => {
    it('does not show a closing fence still arriving as code', () => {
      const splitter = new MarkdownBlockSplitter();
      for (const partial of ['`', '``', '```', '```  ']) {
        const step = splitter.update(`\`\`\`js\nconsole.log(1);\n${partial}`);
        expect(step.openFence, JSON.stringify(partial)).to.deep.equal({ info: 'js', code: 'console.log(1);\n' });
      }
      // Not the fence's character, or more than a fence: it is code after all.
      expect(splitter.update('```js\nconsole.log(1);\n~~~').openFence!.code).to.equal('console.log(1);\n~~~');
      expect(new MarkdownBlockSplitter().update('```js\na\n``x').openFence!.code).to.equal('a\n``x');
    });

    it('keeps a longer fence open past shorter ones, and closes it with its own length', () => {
      const text = '````md\n```js\ninner\n```\n';
      const open = new MarkdownBlockSplitter().update(text);
      expect(open.openFence).to.deep.equal({ info: 'md', code: '```js\ninner\n```\n' });
      const { blocks, tail } = stream(`${text}\`\`\`\`\n\nAfter.`, 2);
      expect(blocks).to.deep.equal([`${text}\`\`\`\`\n\n`]);
      expect(tail).to.equal('After.');
    });

    it('closes a tilde fence, and a fence with trailing spaces', () => {
      for (const [open, close] of [
        ['~~~', '~~~'],
        ['```', '```   '],
        ['~~~~ py', '~~~~~'],
      ]) {
        const splitter = new MarkdownBlockSplitter();
        const step = splitter.update(`${open}\nx = 1\n${close}\nNext.`);
        expect(step.openFence, `${open} … ${close}`).to.equal(undefined);
        expect(step.finished).to.deep.equal([`${open}\nx = 1\n${close}\n`]);
      }
    });

    it('does not take a backtick line whose info string holds a backtick for a fence', () => {
      const step = new MarkdownBlockSplitter().update('```not`a fence\nsome text\n');
      expect(step.openFence).to.equal(undefined);
    });
  });
});

describe('markdown block splitter: a block that does not end', () => {
  /** Streams `text` in `size` pieces; every step's open block, and every source, must stay near the cap. */
  function capped(text: string, size: number, maxBlock: number) {
    const splitter = new MarkdownBlockSplitter({ maxBlock });
    const finished: string[] = [];
    const sources: string[] = [];
    let last = splitter.update('');
    let longestTail = 0;
    for (let end = size; end < text.length + size; end += size) {
      last = splitter.update(text.slice(0, Math.min(end, text.length)));
      finished.push(...last.finished);
      sources.push(...last.sources);
      if (!last.plain) longestTail = Math.max(longestTail, last.tailSource.length);
    }
    return { finished, sources, last, longestTail };
  }
  const lines = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i + 1)).join('\n');

  it('cuts a 1 MB paragraph at line starts past the cap: no step parses more than about the cap, no text is lost', () => {
    const text = lines(13_000, (i) => `Entry ${i}: the **worker** read \`record-${i}\` and went on.`);
    expect(text.length).to.be.greaterThan(700_000);
    const { finished, sources, last, longestTail } = capped(text, 997, MAX_BLOCK);
    expect(finished.join('') + last.tail).to.equal(text);
    expect(sources).to.deep.equal(finished, 'each piece is parsed alone, as it is');
    expect(finished.length).to.be.greaterThan(40);
    for (const piece of finished) {
      expect(piece.length).to.be.within(MAX_BLOCK, MAX_BLOCK + 1100);
      expect(piece.endsWith('\n') && /^Entry \d+:/.test(piece)).to.equal(true);
    }
    expect(longestTail).to.be.at.most(MAX_BLOCK + 2 * 1100);
    expect(last.plain).to.equal(false);
  });

  it('cuts a list only before its own items, so each piece is a list; a quote before its > lines', () => {
    const list = lines(40, (i) => `${i}. item ${i}\n   more of item ${i}\nlazy line ${i}`);
    const { finished, last } = capped(list, 7, 100);
    expect(finished.length).to.be.greaterThan(5);
    expect([...finished, last.tail].every((piece) => /^\d+\. item \d+\n/.test(piece))).to.equal(true);

    const loose = lines(60, (i) => `- loose item ${i}\n`);
    const cutLoose = capped(loose, 9, 100);
    expect(cutLoose.finished.length).to.be.greaterThan(5);
    expect([...cutLoose.finished, cutLoose.last.tail].every((piece) => /^- loose item \d+\n/.test(piece))).to.equal(true);
    expect(cutLoose.finished.join('') + cutLoose.last.tail).to.equal(loose);

    const quote = lines(60, (i) => `> quoted ${i}\nlazy ${i}`);
    const quoted = capped(quote, 5, 100);
    expect(quoted.finished.length).to.be.greaterThan(5);
    expect([...quoted.finished, quoted.last.tail].every((piece) => piece.startsWith('> quoted'))).to.equal(true);
  });

  it('gives each piece of a cut table the table’s header again', () => {
    const head = '| n | square |\n|---:|---|\n';
    const table = 'Squares:\n' + head + lines(100, (i) => `| ${i} | ${i * i} |`);
    const { finished, sources, last } = capped(table, 9, 120);
    expect(finished.join('') + last.tail).to.equal(table);
    expect(finished.length).to.be.greaterThan(5);
    expect(sources[0].startsWith('Squares:\n' + head)).to.equal(true);
    for (const source of [...sources.slice(1), last.tailSource]) {
      expect(source.startsWith(head + '| ')).to.equal(true);
      expect(source.slice(head.length).includes('---')).to.equal(false);
    }
  });

  it('never cuts inside a fence, before an indented line or an underline; an open block too long for that is plain', () => {
    const fence = '```\n' + lines(200, (i) => `code line ${i}`);
    const fenced = capped(fence, 11, 100);
    expect(fenced.finished).to.deep.equal([]);
    expect(fenced.last.openFence?.code.length).to.be.greaterThan(2000);
    expect(fenced.last.plain).to.equal(false);

    const indented = 'Start\n' + lines(100, (i) => `    indented ${i}`);
    const kept = capped(indented, 13, 100);
    expect(kept.finished).to.deep.equal([]);
    expect(kept.last.plain).to.equal(true);

    const heading = 'x'.repeat(120) + '\n' + '='.repeat(5) + '\nafter\n';
    const setext = capped(heading, 3, 100);
    expect(setext.finished.join('') + setext.last.tail).to.equal(heading);
    expect(setext.finished[0]).to.equal('x'.repeat(120) + '\n=====\n');
  });

  it('a block that ends with a blank line as usual is one block, however many pieces came before', () => {
    const text = lines(30, (i) => `line ${i} of a paragraph`) + '\n\nNext paragraph.';
    const { finished, sources, last } = capped(text, 4, 200);
    expect(finished.join('') + last.tail).to.equal(text);
    expect(last.tail).to.equal('Next paragraph.');
    expect(sources.length).to.equal(finished.length);
    const small = capped('# a\n\nb\n\nc\n\nd', 1, 200);
    expect(small.sources.join('')).to.equal(small.finished.join(''));
  });
});
