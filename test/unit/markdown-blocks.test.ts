import { expect } from '@open-wc/testing';
import { MarkdownBlockSplitter } from '../../src/render/markdown-blocks.js';

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
      expect(blocks.map((b) => b.trim().split('\n')[0]), `size ${size}`).to.deep.equal(['# Title', 'A paragraph that', '- item one', '```ts', '| a | b |']);
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
      for (const [open, close] of [['~~~', '~~~'], ['```', '```   '], ['~~~~ py', '~~~~~']]) {
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
