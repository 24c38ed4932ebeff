import { expect } from '@open-wc/testing';
import type { Attachment } from '../../../../src/conversation/types.js';
import type { NodeRecord } from '../../../../src/storage/records.js';
import { isWireId } from '../../../../src/storage/sync-wire.js';
import { deletedToWire, localId, missingBlobs, nodeFromWire, nodeToWire, revOf, wireId, withBlobs } from '../../../../src/storage/sync/remote-wire.js';

const SHA_A = 'a'.repeat(64);
const SHA_B = '0123456789abcdef'.repeat(4);

const userNode = (id: string, parentId: string | null = null, extra: Record<string, unknown> = {}): NodeRecord => ({
  threadId: 't1',
  id,
  parentId,
  seq: 1,
  turn: { role: 'user', id, text: `message ${id}` },
  ...extra,
});

const withAttachments = (node: NodeRecord, attachments: unknown[]): NodeRecord => ({ ...node, turn: { ...node.turn, attachments } as NodeRecord['turn'] });

/** The base64url a wire id carries after `_.`, decoded back to UTF-8 text. */
const decodeEncoded = (id: string): string => {
  const binary = atob(id.slice(2).replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
};

describe('remote-wire: wireId and localId', () => {
  it('leaves ids the wire allows as they are', () => {
    for (const id of ['abc', 'A-Z_0.9:x', 'x'.repeat(200), '0', 'thread-1:node.2']) {
      expect(wireId(id)).to.equal(id);
      expect(localId(id)).to.equal(id);
    }
  });

  it('encodes ids with slashes, spaces, unicode, or the `_.` prefix, and decodes them back', () => {
    const ids = ['a/b', '../etc/passwd', 'with space', 'ünïcødé 💬', '日本語', '_.abc', '_.', '.', '..', 'a+b=c', 'tab\there', '_.YWJj'];
    for (const id of ids) {
      const wire = wireId(id);
      expect(wire, id).to.be.a('string');
      expect(wire!.startsWith('_.'), id).to.equal(true);
      expect(isWireId(wire), id).to.equal(true);
      expect(wire).to.not.equal(id);
      expect(decodeEncoded(wire!), id).to.equal(id);
      expect(localId(wire!), id).to.equal(id);
    }
  });

  it('gives distinct wire ids to distinct local ids', () => {
    const ids = ['a/b', 'a b', 'a_b', '_.a', 'a', 'ä', 'a/c'];
    const wires = ids.map((id) => wireId(id));
    expect(new Set(wires).size).to.equal(ids.length);
  });

  it('gives undefined for ids whose encoding is longer than the wire allows', () => {
    expect(wireId('x'.repeat(201))).to.equal(undefined);
    // 147 bytes encode to 196 characters (+2 for `_.` = 198): fits; 150 bytes encode to 200 (+2): too long.
    const fits = '/'.repeat(147);
    expect(wireId(fits)).to.have.length(198);
    expect(localId(wireId(fits)!)).to.equal(fits);
    expect(wireId('/'.repeat(150))).to.equal(undefined);
    expect(wireId('💬'.repeat(40))).to.equal(undefined); // 160 bytes
  });

  it('rejects ids that are not wire ids', () => {
    for (const id of ['', 'a/b', 'a b', '.', '..', 'x'.repeat(201), '_.Lg==']) expect(localId(id), id).to.equal(undefined);
  });

  it('rejects forged encodings: of a wire-safe id, non-canonical base64, and bytes that are not UTF-8', () => {
    // `abc` is a wire id: `wireId` never encodes it, so its encoding is not one `wireId` makes.
    expect(localId('_.' + btoa('abc'))).to.equal(undefined);
    // `.` encodes as `_.Lg`; `_.Lh` decodes to the same byte with stray bits.
    expect(wireId('.')).to.equal('_.Lg');
    expect(localId('_.Lg')).to.equal('.');
    expect(localId('_.Lh')).to.equal(undefined);
    // 0xff is no UTF-8.
    expect(localId('_._w')).to.equal(undefined);
    // A length base64 cannot have.
    expect(localId('_.abcde')).to.equal(undefined);
  });
});

describe('remote-wire: revOf', () => {
  it("is the record's positive integer rev, else 1", () => {
    expect(revOf(userNode('n', null, { rev: 42 }))).to.equal(42);
    expect(revOf(userNode('n'))).to.equal(1);
    for (const rev of [0, -3, 1.5, '7', Number.MAX_SAFE_INTEGER + 2, NaN]) expect(revOf(userNode('n', null, { rev })), String(rev)).to.equal(1);
  });
});

describe('remote-wire: nodeToWire', () => {
  it('sends ids encoded, the rev of the record (default 1), seq and the turn', () => {
    const wire = nodeToWire(userNode('a/b', 'p q', { rev: 17, seq: 4 }), new Map());
    expect(wire).to.deep.equal({
      id: wireId('a/b'),
      parentId: wireId('p q'),
      rev: 17,
      seq: 4,
      turn: { role: 'user', id: 'a/b', text: 'message a/b' },
    });
    expect(wire).to.not.have.property('threadId');
    expect(nodeToWire(userNode('plain', null), new Map())!.rev).to.equal(1);
    expect(nodeToWire(userNode('plain', null), new Map())!.parentId).to.equal(null);
  });

  it('gives undefined when the id or the parent id cannot go on the wire', () => {
    expect(nodeToWire(userNode('/'.repeat(150)), new Map())).to.equal(undefined);
    expect(nodeToWire(userNode('ok', '/'.repeat(150)), new Map())).to.equal(undefined);
  });

  it('sends attachments as {id, name, mimeType, size, sha256}, without bytes or url', () => {
    const attachments: Attachment[] = [
      { id: 'f1', name: 'a.txt', mimeType: 'text/plain', size: 3, blob: new Blob(['abc'], { type: 'text/plain' }), url: 'blob:x' },
      { id: 'f2', name: 'b.png', mimeType: 'image/png', size: 9, url: 'https://example.test/b.png' },
    ];
    const node = withAttachments(userNode('n1', null, { rev: 3 }), attachments);
    const wire = nodeToWire(node, new Map([['f1', SHA_A]]));
    const turn = wire!.turn as { attachments: unknown[] };
    expect(turn.attachments).to.deep.equal([
      { id: 'f1', name: 'a.txt', mimeType: 'text/plain', size: 3, sha256: SHA_A },
      { id: 'f2', name: 'b.png', mimeType: 'image/png', size: 9 },
    ]);
    // The stored node is left as it was.
    expect((node.turn as { attachments: Attachment[] }).attachments[0].blob).to.be.instanceOf(Blob);
    expect(JSON.stringify(wire)).to.not.contain('blob:x');
  });

  it('sends an assistant turn as it is', () => {
    const node: NodeRecord = { threadId: 't1', id: 'r1', parentId: 'n1', seq: 2, turn: { role: 'assistant', id: 'r1', status: 'done', parts: [] } };
    expect(nodeToWire(node, new Map())).to.deep.equal({ id: 'r1', parentId: 'n1', rev: 1, seq: 2, turn: { role: 'assistant', id: 'r1', status: 'done', parts: [] } });
  });
});

describe('remote-wire: deletedToWire', () => {
  it('marks the encoded id deleted at its rev', () => {
    expect(deletedToWire('a b', 9)).to.deep.equal({ id: wireId('a b'), parentId: null, rev: 9, deleted: true });
    expect(deletedToWire('/'.repeat(150), 9)).to.equal(undefined);
  });
});

describe('remote-wire: nodeFromWire', () => {
  const wireUser = (id: string, extra: Record<string, unknown> = {}) => ({ id, parentId: null, rev: 5, seq: 1, turn: { role: 'user', id, text: 'hi' }, ...extra });

  it('reads a node as the widget stores it, ids decoded and the rev kept', () => {
    const read = nodeFromWire('th', { id: wireId('a/b'), parentId: wireId('p q'), rev: 8, seq: 3, turn: { role: 'user', id: 'a/b', text: 'hi' }, extra: 'dropped' });
    expect(read).to.deep.equal({ kind: 'node', node: { threadId: 'th', id: 'a/b', parentId: 'p q', seq: 3, turn: { role: 'user', id: 'a/b', text: 'hi' }, rev: 8 } });
  });

  it('round-trips what nodeToWire sends', () => {
    const node: NodeRecord = {
      threadId: 'th',
      id: 'r 1',
      parentId: 'u/1',
      seq: 2,
      turn: { role: 'assistant', id: 'r 1', status: 'done', parts: [{ kind: 'text', id: 'p', text: 'ok', streaming: false }] },
    };
    const read = nodeFromWire('th', JSON.parse(JSON.stringify(nodeToWire({ ...node, rev: 12 } as NodeRecord, new Map()))));
    expect(read).to.deep.equal({ kind: 'node', node: { ...node, rev: 12 } });
  });

  it('rejects what is not a node, or has an invalid rev', () => {
    for (const wire of [null, 'x', 42, [], {}]) expect(nodeFromWire('th', wire).kind).to.equal('invalid');
    for (const rev of [0, -1, 1.5, '5', undefined, Number.MAX_SAFE_INTEGER + 2, NaN]) {
      expect(nodeFromWire('th', wireUser('n', { rev })).kind, String(rev)).to.equal('invalid');
    }
    expect(nodeFromWire('th', wireUser('n', { rev: 1 })).kind).to.equal('node');
  });

  it('rejects ids and parent ids that are not wire ids or forged encodings', () => {
    expect(nodeFromWire('th', wireUser('a/b')).kind).to.equal('invalid');
    expect(nodeFromWire('th', { ...wireUser('n'), id: 7 }).kind).to.equal('invalid');
    const forged = '_.' + btoa('abc');
    expect(nodeFromWire('th', { ...wireUser('abc'), id: forged }).kind).to.equal('invalid');
    expect(nodeFromWire('th', wireUser('n', { parentId: 'a/b' })).kind).to.equal('invalid');
    expect(nodeFromWire('th', wireUser('n', { parentId: forged })).kind).to.equal('invalid');
    expect(nodeFromWire('th', wireUser('n', { parentId: undefined })).kind).to.equal('invalid');
    expect(nodeFromWire('th', wireUser('n', { parentId: 3 })).kind).to.equal('invalid');
  });

  it('rejects turns a stored node could not have (parseNodeRecord rules)', () => {
    // The turn's id must be the node's (local) id.
    expect(nodeFromWire('th', { ...wireUser('n'), turn: { role: 'user', id: 'other', text: 'hi' } }).kind).to.equal('invalid');
    expect(nodeFromWire('th', { id: wireId('a b'), parentId: null, rev: 2, seq: 1, turn: { role: 'user', id: wireId('a b'), text: 'hi' } }).kind).to.equal('invalid');
    expect(nodeFromWire('th', { ...wireUser('n'), turn: undefined }).kind).to.equal('invalid');
    expect(nodeFromWire('th', { ...wireUser('n'), turn: { role: 'user', id: 'n' } }).kind).to.equal('invalid');
    expect(nodeFromWire('th', { ...wireUser('n'), turn: { role: 'robot', id: 'n', text: 'x' } }).kind).to.equal('invalid');
    expect(nodeFromWire('th', { ...wireUser('n'), turn: { role: 'assistant', id: 'n', status: 'done' } }).kind).to.equal('invalid');
    expect(nodeFromWire('th', { ...wireUser('n'), turn: { role: 'assistant', id: 'n', status: 'done', parts: [{ kind: 'bogus', id: 'p' }] } }).kind).to.equal('invalid');
    expect(nodeFromWire('th', wireUser('n', { seq: '1' })).kind).to.equal('invalid');
    expect(nodeFromWire('th', { ...wireUser('n'), turn: { role: 'assistant', id: 'n', status: 'done', parts: [] } }).kind).to.equal('node');
  });

  it('reads deletions with their decoded id and rev', () => {
    expect(nodeFromWire('th', { id: wireId('a/b'), parentId: null, rev: 30, deleted: true })).to.deep.equal({ kind: 'deleted', id: 'a/b', rev: 30 });
    expect(nodeFromWire('th', { id: 'n', rev: 30, deleted: true })).to.deep.equal({ kind: 'deleted', id: 'n', rev: 30 });
    expect(nodeFromWire('th', { id: 'n', rev: 0, deleted: true }).kind).to.equal('invalid');
    expect(nodeFromWire('th', { id: 'a/b', rev: 3, deleted: true }).kind).to.equal('invalid');
    // Only `deleted: true` marks a deletion.
    expect(nodeFromWire('th', wireUser('n', { deleted: false })).kind).to.equal('node');
  });

  it('keeps the fields of an attachment, and sha256 only when it names a blob', () => {
    const read = nodeFromWire(
      'th',
      wireUser('n', {
        turn: {
          role: 'user',
          id: 'n',
          text: 'files',
          attachments: [
            { id: 'f1', name: 'a.txt', mimeType: 'text/plain', size: 3, sha256: SHA_B, url: 'javascript:alert(1)', blob: 'bytes', extra: 1 },
            { id: 'f2', name: 'b.txt', mimeType: 'text/plain', size: 4, sha256: SHA_A.toUpperCase() },
            { id: 'f3', name: 'c.txt', mimeType: 'text/plain', size: 5, sha256: 'a'.repeat(63) },
            { id: 'f4', name: 'd.txt', mimeType: 'text/plain', size: 6, sha256: 'g'.repeat(64) },
            { id: 'f5', name: 'e.txt', mimeType: 'text/plain', size: 7, sha256: 42 },
          ],
        },
      }),
    );
    expect(read.kind).to.equal('node');
    const { turn } = (read as { node: NodeRecord }).node;
    expect((turn as { attachments: unknown[] }).attachments).to.deep.equal([
      { id: 'f1', name: 'a.txt', mimeType: 'text/plain', size: 3, sha256: SHA_B },
      { id: 'f2', name: 'b.txt', mimeType: 'text/plain', size: 4 },
      { id: 'f3', name: 'c.txt', mimeType: 'text/plain', size: 5 },
      { id: 'f4', name: 'd.txt', mimeType: 'text/plain', size: 6 },
      { id: 'f5', name: 'e.txt', mimeType: 'text/plain', size: 7 },
    ]);
  });

  it('leaves out malformed attachments and keeps the message', () => {
    const read = nodeFromWire(
      'th',
      wireUser('n', {
        turn: {
          role: 'user',
          id: 'n',
          text: 'files',
          attachments: [{ id: 'f1', name: 'a.txt', mimeType: 'text/plain', size: 3, sha256: SHA_A }, { id: 'f2', size: 'big' }, 'nope', null],
        },
      }),
    );
    expect(read.kind).to.equal('node');
    const { turn } = (read as { node: NodeRecord }).node;
    expect(turn).to.deep.equal({ role: 'user', id: 'n', text: 'files', attachments: [{ id: 'f1', name: 'a.txt', mimeType: 'text/plain', size: 3, sha256: SHA_A }] });
  });
});

describe('remote-wire: missingBlobs and withBlobs', () => {
  const files = (): NodeRecord =>
    withAttachments(userNode('n'), [
      { id: 'f1', name: 'a.txt', mimeType: 'text/plain', size: 3, sha256: SHA_A },
      { id: 'f2', name: 'b.txt', mimeType: 'text/plain', size: 3, sha256: SHA_B, blob: new Blob(['had']) },
      { id: 'f3', name: 'c.bin', mimeType: 'application/octet-stream', size: 3 },
      { id: 'f4', name: 'd.txt', mimeType: 'text/plain', size: 3, sha256: 'not-a-hash' },
    ]);

  it('names the blobs of attachments without bytes', () => {
    expect(missingBlobs(files())).to.deep.equal([SHA_A]);
    expect(missingBlobs(userNode('n'))).to.deep.equal([]);
    expect(missingBlobs({ threadId: 't', id: 'r', parentId: null, seq: 1, turn: { role: 'assistant', id: 'r', status: 'done', parts: [] } })).to.deep.equal([]);
  });

  it('puts fetched bytes into the attachments naming them, as their media type, and keeps bytes already there', async () => {
    const node = files();
    const fetched = new Blob(['abc'], { type: 'application/octet-stream' });
    const other = new Blob(['new'], { type: 'text/plain' });
    const filled = withBlobs(
      node,
      new Map([
        [SHA_A, fetched],
        [SHA_B, other],
      ]),
    );
    const attachments = (filled.turn as { attachments: Attachment[] }).attachments;
    expect(attachments[0].blob).to.be.instanceOf(Blob);
    expect(attachments[0].blob!.type).to.equal('text/plain');
    expect(await attachments[0].blob!.text()).to.equal('abc');
    expect(await attachments[1].blob!.text()).to.equal('had');
    expect(attachments[2].blob).to.equal(undefined);
    expect(attachments[3].blob).to.equal(undefined);
    expect(missingBlobs(filled)).to.deep.equal([]);
    // The node given is left as it was.
    expect(missingBlobs(node)).to.deep.equal([SHA_A]);
  });

  it('keeps a fetched blob of the right type as it is', () => {
    const fetched = new Blob(['abc'], { type: 'text/plain' });
    const filled = withBlobs(files(), new Map([[SHA_A, fetched]]));
    expect((filled.turn as { attachments: Attachment[] }).attachments[0].blob).to.equal(fetched);
  });

  it('leaves nodes without attachments as they are', () => {
    const node = userNode('n');
    expect(withBlobs(node, new Map([[SHA_A, new Blob(['x'])]]))).to.equal(node);
  });
});
