import { expect } from '@open-wc/testing';
import { grammarFor, LANGUAGE_ALIASES } from '../../../src/render/highlight-languages.js';
import { MAX_LINE_SCOPES, MAX_SCOPE_DEPTH, MAX_SCOPES, readHighlighted, textOf, type HighlightNode } from '../../../src/render/highlight-tokens.js';
import { BLOCK_HIGHLIGHT_CHARS, codeFingerprint, commonStart, OverBudgetBlocks, REPLY_HIGHLIGHT_CHARS, ReplyAllowance } from '../../../src/render/highlight-limits.js';

describe('highlight languages', () => {
  it('maps the usual fence names to their grammar, case-insensitively', () => {
    const cases: [string, string][] = [
      ['ts', 'typescript'],
      ['TSX', 'typescript'],
      ['js', 'javascript'],
      ['py', 'python'],
      ['sh', 'bash'],
      ['shell', 'bash'],
      ['zsh', 'bash'],
      ['console', 'console'],
      ['yml', 'yaml'],
      ['html', 'xml'],
      ['svg', 'xml'],
      ['c', 'cpp'],
      ['c++', 'cpp'],
      ['rs', 'rust'],
      ['golang', 'go'],
      ['md', 'markdown'],
      ['patch', 'diff'],
      ['postgresql', 'sql'],
      ['json', 'json'],
      ['css', 'css'],
      ['java', 'java'],
    ];
    for (const [name, grammar] of cases) expect(grammarFor(name), name).to.equal(grammar);
  });

  it('knows no other language, and no language for an empty name', () => {
    for (const name of ['', 'brainfunk', 'text', 'plaintext', 'constructor', '__proto__', 'toString']) expect(grammarFor(name), name).to.equal(undefined);
    expect(grammarFor(undefined)).to.equal(undefined);
  });

  it('gives each name one grammar', () => {
    const names = Object.entries(LANGUAGE_ALIASES).flatMap(([grammar, aliases]) => [grammar, ...aliases]);
    expect(new Set(names).size).to.equal(names.length);
  });
});

describe('reading the highlighter’s output', () => {
  it('reads nested scopes and unescapes the text', () => {
    const nodes = readHighlighted(
      '<span class="hljs-keyword">if</span> (a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#x27;e&#x27;) <span class="hljs-title class_">X<span class="hljs-params">(y)</span></span>',
    );
    expect(nodes).to.deep.equal([
      { classes: 'hljs-keyword', children: ['if'] },
      ' (a < b && c > "d" \'e\') ',
      { classes: 'hljs-title class_', children: ['X', { classes: 'hljs-params', children: ['(y)'] }] },
    ]);
  });

  it('keeps embedded languages as scopes', () => {
    expect(readHighlighted('<span class="language-css"><span class="hljs-selector-tag">a</span></span>')).to.deep.equal([
      { classes: 'language-css', children: [{ classes: 'hljs-selector-tag', children: ['a'] }] },
    ]);
  });

  it('keeps anything that is not the highlighter’s own markup as text', () => {
    const odd = '<b>x</b><span class="evil">y</span><span class="hljs-a" onclick="z">w</span></span>&nbsp;';
    const nodes = readHighlighted(odd);
    expect(nodes).to.deep.equal([odd]);
    expect(textOf(readHighlighted('<span class="hljs-string">&#x27;a&#x27;</span>;'))).to.equal("'a';");
  });
});

describe('how much code gets colours', () => {
  it('reads hostile nesting with its scopes capped in depth and number, the text whole', () => {
    const deep = `${'<span class="hljs-a">x'.repeat(MAX_SCOPE_DEPTH + 50)}${'</span>'.repeat(MAX_SCOPE_DEPTH + 50)}`;
    const nodes = readHighlighted(deep);
    let depth = 0;
    for (let level: HighlightNode[] = nodes; level.length; depth++) level = level.flatMap((node) => (typeof node === 'string' ? [] : node.children));
    // The levels of scopes, then the level of the deepest scope's text.
    expect(depth).to.equal(MAX_SCOPE_DEPTH + 1);
    expect(textOf(nodes)).to.equal('x'.repeat(MAX_SCOPE_DEPTH + 50));
    const many = '<span class="hljs-b">y</span>\n'.repeat(MAX_SCOPES + 10);
    const flat = readHighlighted(many);
    expect(flat.filter((node) => typeof node !== 'string').length).to.equal(MAX_SCOPES);
    expect(textOf(flat)).to.equal('y\n'.repeat(MAX_SCOPES + 10));
  });

  it('keeps at most MAX_LINE_SCOPES scopes opened on one line (a long line of spans is slow to lay out); each line starts anew', () => {
    const line = '<span class="hljs-b">y</span>'.repeat(MAX_LINE_SCOPES + 5);
    const nodes = readHighlighted(`${line}\n${line}`);
    const scopes = nodes.filter((node) => typeof node !== 'string');
    expect(scopes.length).to.equal(2 * MAX_LINE_SCOPES);
    expect(textOf(nodes)).to.equal(`${'y'.repeat(MAX_LINE_SCOPES + 5)}\n${'y'.repeat(MAX_LINE_SCOPES + 5)}`);
    // A scope dropped at the end of a line takes the scopes inside it along, on its later lines too: each `</span>` closes the right scope.
    const nested = readHighlighted('<span class="hljs-a">a</span><span class="hljs-c">c\n<span class="hljs-d">d</span>e</span><span class="hljs-f">f</span>', { maxLineScopes: 1 });
    expect(nested).to.deep.equal([{ classes: 'hljs-a', children: ['a'] }, 'c\nde', { classes: 'hljs-f', children: ['f'] }]);
  });

  it('grants a reply blocks up to the size caps, and a granted block again for free', () => {
    const allowance = new ReplyAllowance(10, 6);
    expect(allowance.take('go', 'abcdefg')).to.equal(false);
    expect(allowance.take('go', 'abcdef')).to.equal(true);
    expect(allowance.take('go', 'abcdef')).to.equal(true);
    expect(allowance.take('go', 'xyzuv')).to.equal(false);
    expect(allowance.take('go', 'xyzu')).to.equal(true);
    expect(allowance.take('rust', 'q')).to.equal(false);
    expect(BLOCK_HIGHLIGHT_CHARS).to.be.at.most(REPLY_HIGHLIGHT_CHARS);
  });

  it('remembers blocks over budget by grammar and code, forgetting the oldest past its limit', () => {
    const blocks = new OverBudgetBlocks(2);
    blocks.remember('markdown', '[a]('.repeat(10));
    expect(blocks.has('markdown', '[a]('.repeat(10))).to.equal(true);
    expect(blocks.has('java', '[a]('.repeat(10))).to.equal(false);
    expect(blocks.has('markdown', '[a]('.repeat(11))).to.equal(false);
    blocks.remember('java', 'a');
    blocks.remember('java', 'b');
    expect(blocks.has('markdown', '[a]('.repeat(10))).to.equal(false);
    expect(codeFingerprint('go', 'x')).to.not.equal(codeFingerprint('go', 'y'));
    expect(commonStart('abcd', 'abxd')).to.equal(2);
  });
});
