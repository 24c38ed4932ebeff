import { expect } from '@open-wc/testing';
import { messageFromErrorBody } from '../../../src/protocol/http.js';
import { formatValue } from '../../../src/render/format-value.js';

describe('the message of a failed HTTP response', () => {
  it('takes the usual JSON error shapes', () => {
    expect(messageFromErrorBody('{"error":{"message":"quota exceeded"}}')).to.equal('quota exceeded');
    expect(messageFromErrorBody('{"message":"bad input"}')).to.equal('bad input');
    expect(messageFromErrorBody('{"detail":"Not authenticated"}')).to.equal('Not authenticated');
    expect(messageFromErrorBody('{"error":"nope"}')).to.equal('nope');
  });

  it('falls back to the text, stripping HTML and cutting long bodies', () => {
    expect(messageFromErrorBody('<html><body><h1>502 Bad Gateway</h1></body></html>')).to.equal('502 Bad Gateway');
    const long = messageFromErrorBody('x'.repeat(1000));
    expect(long).to.have.length(301);
    expect(long.endsWith('…')).to.equal(true);
    expect(messageFromErrorBody('   ')).to.equal('');
  });
});

describe('tool values as display text', () => {
  it('pretty-prints JSON text and objects, and shows content parts as their text', () => {
    expect(formatValue('{"a":1}')).to.equal('{\n  "a": 1\n}');
    expect(formatValue({ b: [1] })).to.equal('{\n  "b": [\n    1\n  ]\n}');
    expect(formatValue('plain words')).to.equal('plain words');
    expect(formatValue('{not json')).to.equal('{not json');
    expect(
      formatValue([
        { type: 'text', text: 'hello' },
        { type: 'image', data: '…' },
      ]),
    ).to.equal('hello\n[image]');
    expect(formatValue(undefined)).to.equal('');
  });
});
