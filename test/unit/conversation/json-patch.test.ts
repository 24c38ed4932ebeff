import { expect } from '@open-wc/testing';
import { applyJsonPatch, JsonPatchError, parsePointer } from '../../../src/conversation/json-patch.js';

describe('JSON Patch', () => {
  const doc = { a: { b: [1, 2, 3] }, 'x/y': { '~z': true }, keep: { deep: { untouched: 1 } } };

  it('applies add, remove, replace, move, copy and test', () => {
    const out = applyJsonPatch(doc, [
      { op: 'add', path: '/a/b/1', value: 9 },
      { op: 'add', path: '/a/b/-', value: 4 },
      { op: 'remove', path: '/a/b/0' },
      { op: 'replace', path: '/x~1y/~0z', value: false },
      { op: 'copy', from: '/a/b', path: '/c' },
      { op: 'move', from: '/c', path: '/d' },
      { op: 'test', path: '/d', value: [9, 2, 3, 4] },
      { op: 'add', path: '/new', value: { n: 1 } },
    ]);
    expect(out).to.deep.equal({ a: { b: [9, 2, 3, 4] }, 'x/y': { '~z': false }, keep: { deep: { untouched: 1 } }, d: [9, 2, 3, 4], new: { n: 1 } });
  });

  it('never mutates the input and shares untouched branches', () => {
    const before = JSON.stringify(doc);
    const out = applyJsonPatch(doc, [{ op: 'replace', path: '/a/b/0', value: 0 }]) as typeof doc;
    expect(JSON.stringify(doc)).to.equal(before);
    expect(out.keep).to.equal(doc.keep);
    expect(out.a).not.to.equal(doc.a);
  });

  it('replaces the whole document with an empty path', () => {
    expect(applyJsonPatch({ a: 1 }, [{ op: 'replace', path: '', value: [1] }])).to.deep.equal([1]);
  });

  it('rejects bad paths, out-of-range indexes, missing members and failed tests', () => {
    const bad = [
      { op: 'replace' as const, path: '/missing', value: 1 },
      { op: 'remove' as const, path: '/a/b/7' },
      { op: 'add' as const, path: '/a/b/01', value: 1 },
      { op: 'add' as const, path: '/a/b/x/y', value: 1 },
      { op: 'test' as const, path: '/a/b/0', value: 2 },
      { op: 'add' as const, path: 'no-slash', value: 1 },
    ];
    for (const operation of bad) expect(() => applyJsonPatch(doc, [operation]), operation.path).to.throw(JsonPatchError);
  });

  it('decodes pointer escapes in order (~1 before ~0)', () => {
    expect(parsePointer('/a~01/b~1c')).to.deep.equal(['a~1', 'b/c']);
  });
});
