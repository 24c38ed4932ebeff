import { expect } from '@open-wc/testing';
import { visibleBidi } from '../../../src/render/visible-bidi.js';

describe('visible direction controls in untrusted labels', () => {
  it('shows a right-to-left override as ⟨RLO⟩ where it stood', () => {
    expect(visibleBidi('invoice\u202Efdp.exe')).to.equal('invoice⟨RLO⟩fdp.exe');
  });

  it('names every embedding, override and isolate', () => {
    const all = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    expect(visibleBidi(`a${all}b`)).to.equal('a⟨LRE⟩⟨RLE⟩⟨PDF⟩⟨LRO⟩⟨RLO⟩⟨LRI⟩⟨RLI⟩⟨FSI⟩⟨PDI⟩b');
    expect(visibleBidi(`a${all}b`)).to.not.match(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('keeps the marks right-to-left writers type (LRM, RLM, ALM)', () => {
    expect(visibleBidi('עברית\u200F 2 \u200E\u061C')).to.equal('עברית\u200F 2 \u200E\u061C');
  });

  it('leaves other text alone, right-to-left letters and emoji included', () => {
    for (const text of ['', 'notes.txt', 'تقرير.pdf', 'דוח 2024.pdf', '👩‍💻 plan', 'a\u200Db', '⟨RLO⟩ typed by hand']) {
      expect(visibleBidi(text), text).to.equal(text);
    }
    expect(visibleBidi(undefined as unknown as string)).to.equal('');
  });
});
