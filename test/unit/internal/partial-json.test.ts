import { expect } from '@open-wc/testing';
import { parsePartialJson } from '../../../src/internal/partial-json.js';

/**
 * Whether `partial` could be what a prefix of `full` says so far: objects with a subset of the keys,
 * arrays with a prefix of the elements (the last one possibly partial), strings that are prefixes.
 */
function consistent(partial: unknown, full: unknown): boolean {
  if (typeof partial === 'string') return typeof full === 'string' && full.startsWith(partial);
  if (Array.isArray(partial)) {
    if (!Array.isArray(full) || partial.length > full.length) return false;
    return partial.every((item, i) => (i === partial.length - 1 ? consistent(item, full[i]) : JSON.stringify(item) === JSON.stringify(full[i])));
  }
  if (partial && typeof partial === 'object') {
    if (!full || typeof full !== 'object' || Array.isArray(full)) return false;
    const whole = full as Record<string, unknown>;
    return Object.entries(partial).every(([key, value]) => key in whole && consistent(value, whole[key]));
  }
  return partial === full;
}

describe('parsePartialJson', () => {
  const full = '{"city":"Paris","days":[1,2,3],"opts":{"a":true}}';
  const whole = JSON.parse(full) as Record<string, unknown>;

  it('reads every prefix of streamed arguments consistently, never throwing', () => {
    let lastKeys = 0;
    for (let end = 0; end <= full.length; end++) {
      const prefix = full.slice(0, end);
      let value: unknown;
      expect(() => (value = parsePartialJson(prefix)), prefix).to.not.throw();
      if (end === 0) {
        expect(value, prefix).to.equal(undefined);
        continue;
      }
      // Once the object has opened, there is always an object to show.
      expect(value, prefix).to.be.an('object');
      expect(Array.isArray(value), prefix).to.equal(false);
      expect(consistent(value, whole), `${prefix} → ${JSON.stringify(value)}`).to.equal(true);
      // Keys only ever appear once their name is complete in the prefix…
      for (const key of Object.keys(value as object)) expect(prefix, prefix).to.contain(`"${key}":`);
      // …and never disappear as more arrives.
      const keys = Object.keys(value as object).length;
      expect(keys, prefix).to.be.at.least(lastKeys);
      lastKeys = keys;
    }
    expect(parsePartialJson(full)).to.deep.equal(whole);
  });

  it('shows the values that are complete at each stage', () => {
    expect(parsePartialJson('{"city":"Paris",')).to.deep.equal({ city: 'Paris' });
    expect(parsePartialJson('{"city":"Paris","days":[1,')).to.deep.equal({ city: 'Paris', days: [1] });
    expect(parsePartialJson('{"city":"Paris","days":[1,2,3],"opts":{')).to.deep.equal({ city: 'Paris', days: [1, 2, 3], opts: {} });
    expect(parsePartialJson('{"city":"Paris","days":[1,2,3],"opts":{"a":tru')).to.deep.equal({
      city: 'Paris',
      days: [1, 2, 3],
      opts: {},
    });
    expect(parsePartialJson('{"city":"Paris","days":[1,2,3],"opts":{"a":true}')).to.deep.equal(whole);
  });

  it('drops a key whose name is not complete', () => {
    const value = parsePartialJson('{"ci');
    expect(value === undefined || JSON.stringify(value) === '{}', JSON.stringify(value)).to.equal(true);
    expect(parsePartialJson('{"city"')).to.deep.equal({});
    expect(parsePartialJson('{"city":')).to.deep.equal({});
    expect(parsePartialJson('{"a":1,"b')).to.deep.equal({ a: 1 });
  });

  it('closes an open string', () => {
    expect(parsePartialJson('{"city":"Pa')).to.deep.equal({ city: 'Pa' });
    expect(parsePartialJson('{"city":"')).to.deep.equal({ city: '' });
    expect(parsePartialJson('{"a":"x,y')).to.deep.equal({ a: 'x,y' });
    expect(parsePartialJson('{"a":"x}]')).to.deep.equal({ a: 'x}]' });
  });

  it('closes open arrays and objects', () => {
    expect(parsePartialJson('{"a":[1,2')).to.deep.equal({ a: [1, 2] });
    expect(parsePartialJson('{"a":[1,2,')).to.deep.equal({ a: [1, 2] });
    expect(parsePartialJson('{"a":{"b":{"c":[{"d":"e')).to.deep.equal({ a: { b: { c: [{ d: 'e' }] } } });
    expect(parsePartialJson('[1,[2,3')).to.deep.equal([1, [2, 3]]);
  });

  it('drops a half-written literal', () => {
    expect(parsePartialJson('{"a":tr')).to.deep.equal({});
    expect(parsePartialJson('{"a":1,"b":nul')).to.deep.equal({ a: 1 });
    expect(parsePartialJson('{"a":[true,fa')).to.deep.equal({ a: [true] });
  });

  it('handles escaped quotes inside strings', () => {
    expect(parsePartialJson('{"q":"say \\"hi')).to.deep.equal({ q: 'say "hi' });
    expect(parsePartialJson('{"q":"say \\"hi\\"","n":')).to.deep.equal({ q: 'say "hi"' });
    expect(parsePartialJson('{"q":"a\\\\","r":"b')).to.deep.equal({ q: 'a\\', r: 'b' });
    expect(parsePartialJson('{"q\\"k":"v')).to.deep.equal({ 'q"k': 'v' });
  });

  it('does not throw on a string cut inside an escape', () => {
    for (const text of ['{"q":"a\\', '{"q":"\\u00', '{"a":1,"q":"x\\']) {
      let value: unknown;
      expect(() => (value = parsePartialJson(text)), text).to.not.throw();
      expect(value, text).to.be.an('object');
    }
    expect(parsePartialJson('{"a":1,"q":"x\\')).to.deep.include({ a: 1 });
  });

  it('returns complete JSON exactly', () => {
    for (const value of [{ a: 1, b: [true, null, 'x'], c: { d: 'e"f' } }, [1, 2], 'text', 3, null, {}]) {
      expect(parsePartialJson(JSON.stringify(value))).to.deep.equal(value);
    }
    expect(parsePartialJson('  {"a": 1}  ')).to.deep.equal({ a: 1 });
  });

  it('returns undefined when nothing usable is there', () => {
    expect(parsePartialJson('')).to.equal(undefined);
    expect(parsePartialJson('   ')).to.equal(undefined);
    expect(parsePartialJson('tr')).to.equal(undefined);
  });

  it('keeps trailing space inside a string that is still open', () => {
    expect(parsePartialJson('{"a":"x ')).to.deep.equal({ a: 'x ' });
  });
});
