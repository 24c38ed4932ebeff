import { expect } from '@open-wc/testing';
import { grammarFor, LANGUAGE_ALIASES } from '../../src/render/highlight-languages.js';
import { readHighlighted, textOf } from '../../src/render/highlight-tokens.js';

describe('highlight languages', () => {
  it('maps the usual fence names to their grammar, case-insensitively', () => {
    const cases: [string, string][] = [
      ['ts', 'typescript'], ['TSX', 'typescript'], ['js', 'javascript'], ['py', 'python'], ['sh', 'bash'], ['shell', 'bash'],
      ['zsh', 'bash'], ['console', 'console'], ['yml', 'yaml'], ['html', 'xml'], ['svg', 'xml'], ['c', 'cpp'], ['c++', 'cpp'],
      ['rs', 'rust'], ['golang', 'go'], ['md', 'markdown'], ['patch', 'diff'], ['postgresql', 'sql'], ['json', 'json'], ['css', 'css'], ['java', 'java'],
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
    const nodes = readHighlighted('<span class="hljs-keyword">if</span> (a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#x27;e&#x27;) <span class="hljs-title class_">X<span class="hljs-params">(y)</span></span>');
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
