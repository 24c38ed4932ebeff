import { expect } from '@open-wc/testing';
import { parseNodeRecord, parseThreadExport, parseThreadRecord, type ThreadExport } from '../../../src/storage/records.js';

const goodExport = (): ThreadExport => ({
  format: 'agent-chat-thread',
  version: 1,
  exported: 1_700_000_000_000,
  thread: { id: 't-1', title: 'Weather', titleSource: 'first-message', created: 1, updated: 5, currentLeaf: 'n-2' },
  nodes: [
    { id: 'n-0', parentId: null, seq: 0, turn: { role: 'system', id: 'n-0', text: 'Be brief.' } },
    { id: 'n-1', parentId: 'n-0', seq: 1, turn: { role: 'user', id: 'n-1', text: 'Weather in Oslo?' } },
    {
      id: 'n-2',
      parentId: 'n-1',
      seq: 2,
      turn: {
        role: 'assistant',
        id: 'n-2',
        status: 'done',
        parts: [
          { kind: 'text', id: 'm', text: 'Let me look.', streaming: false },
          { kind: 'tool-call', id: 'c', name: 'get_weather', argsText: '{}', argsComplete: true, status: 'done' },
        ],
      },
    },
    { id: 'n-3', parentId: 'n-1', seq: 3, turn: { role: 'assistant', id: 'n-3', status: 'cancelled', parts: [] } },
  ],
});

/** The error for a copy of the good export changed by `change`. */
function errorOf(change: (data: any) => void): string {
  const data = goodExport();
  change(data);
  const result = parseThreadExport(data);
  expect(result.ok, 'should be rejected').to.equal(false);
  return (result as { error: string }).error;
}

describe('storage records: parseThreadExport', () => {
  it('accepts a good export, as an object and as its JSON text', () => {
    const good = goodExport();
    expect(parseThreadExport(good)).to.deep.equal({ ok: true, value: good });
    expect(parseThreadExport(JSON.stringify(good))).to.deep.equal({ ok: true, value: good });
  });

  it('keeps fields it does not know', () => {
    const data: any = goodExport();
    data.note = 'file';
    data.thread.pinned = true;
    data.nodes[1].extra = { a: 1 };
    data.nodes[1].turn.content = [{ type: 'text', text: 'x' }];
    data.nodes[2].turn.parts[1].app = { html: '<p>hi</p>' };
    const result = parseThreadExport(data);
    expect(result.ok).to.equal(true);
    const value = (result as { value: any }).value;
    expect(value.note).to.equal('file');
    expect(value.thread.pinned).to.equal(true);
    expect(value.nodes[1].extra).to.deep.equal({ a: 1 });
    expect(value.nodes[1].turn.content).to.deep.equal([{ type: 'text', text: 'x' }]);
    expect(value.nodes[2].turn.parts[1].app).to.deep.equal({ html: '<p>hi</p>' });
  });

  it('accepts a thread without nodes or current leaf', () => {
    const data = goodExport();
    data.nodes = [];
    delete data.thread.currentLeaf;
    expect(parseThreadExport(data).ok).to.equal(true);
  });

  it('rejects text that is not JSON', () => {
    expect(parseThreadExport('{"format": ')).to.deep.equal({ ok: false, error: 'The file is not valid JSON.' });
  });

  it('rejects something that is not an export', () => {
    expect(parseThreadExport([1, 2])).to.deep.equal({
      ok: false,
      error: 'The file is not an agent-chat thread export (it is not a JSON object).',
    });
    expect(errorOf((d) => (d.format = 'other'))).to.equal('The file is not an agent-chat thread export (its "format" is not "agent-chat-thread").');
  });

  it('rejects another version', () => {
    expect(errorOf((d) => (d.version = 2))).to.equal('The file has version 2, but this widget reads only version 1.');
    expect(errorOf((d) => delete d.version)).to.equal('The file has no "version", but this widget reads only version 1.');
  });

  it('names missing or wrong thread fields', () => {
    expect(errorOf((d) => delete d.thread.title)).to.equal('The thread\'s "title" is missing.');
    expect(errorOf((d) => (d.thread.created = '2024'))).to.equal('The thread\'s "created" should be a number, not the text "2024".');
    expect(errorOf((d) => (d.thread.titleSource = 'model'))).to.equal('The thread\'s "titleSource" should be one of "first-message", "backend", "person".');
    expect(errorOf((d) => (d.thread.id = ''))).to.equal('The thread\'s "id" should not be empty.');
    expect(errorOf((d) => delete d.thread)).to.equal('The file\'s "thread" is missing.');
    expect(errorOf((d) => (d.nodes = {}))).to.equal('The file\'s "nodes" should be an array, not an object.');
  });

  it('rejects parts and interrupts the views could not show', () => {
    expect(errorOf((data) => (data.nodes[2].turn.parts[0].text = 42))).to.match(/node 2 \("n-2"\)/);
    expect(errorOf((data) => delete data.nodes[2].turn.parts[1].name)).to.match(/node 2 \("n-2"\)/);
    expect(errorOf((data) => (data.nodes[2].turn.parts[1].status = 'exploded'))).to.match(/node 2 \("n-2"\)/);
    expect(errorOf((data) => (data.nodes[2].turn.interrupts = [{}]))).to.match(/node 2 \("n-2"\)/);
    expect(errorOf((data) => (data.nodes[2].turn.status = 'thinking'))).to.match(/node 2 \("n-2"\)/);
    const data: any = goodExport();
    data.nodes[2].turn.interrupts = [{ interrupt: { id: 'i', reason: 'tool_call' }, response: { status: 'resolved', payload: true } }];
    expect(parseThreadExport(data).ok).to.equal(true);
  });

  it('checks stored nodes by the same rules', () => {
    const node = { threadId: 't-1', ...goodExport().nodes[2] } as any;
    expect(parseNodeRecord(node)).to.equal(node, 'a good node is returned as it is, not copied');
    expect(parseNodeRecord({ ...node, turn: { ...node.turn, parts: [{ kind: 'text', id: 'm', text: 42 }] } })).to.equal(undefined);
    expect(parseNodeRecord({ ...node, turn: { ...node.turn, interrupts: [{}] } })).to.equal(undefined);
  });

  it('rejects duplicate node ids', () => {
    expect(errorOf((d) => (d.nodes[3] = { ...d.nodes[3], id: 'n-1', turn: { ...d.nodes[3].turn, id: 'n-1' } }))).to.equal('node 3 ("n-1"): its id is already used by node 1.');
  });

  it('rejects a parent that is not in the file', () => {
    expect(errorOf((d) => (d.nodes[3].parentId = 'n-9'))).to.equal('node 3 ("n-3"): its parent "n-9" is not in the file.');
  });

  it('rejects a parentId that is neither a string nor null', () => {
    expect(errorOf((d) => (d.nodes[2].parentId = 7))).to.equal('node 2 ("n-2"): "parentId" should be a string or null, not 7.');
  });

  it('rejects cycles', () => {
    expect(errorOf((d) => (d.nodes[0].parentId = 'n-2'))).to.equal('node 0 ("n-0"): its parents form a cycle.');
    expect(errorOf((d) => (d.nodes[3].parentId = 'n-3'))).to.equal('node 3 ("n-3"): its parents form a cycle.');
  });

  it('rejects a current leaf that is not in the file', () => {
    expect(errorOf((d) => (d.thread.currentLeaf = 'n-7'))).to.equal('The thread\'s current leaf "n-7" is not in the file.');
  });

  it('rejects a turn whose id is not the node id', () => {
    expect(errorOf((d) => (d.nodes[1].turn.id = 'other'))).to.equal('node 1 ("n-1"): its turn\'s id "other" differs from the node\'s id.');
  });

  it('rejects a bad role', () => {
    expect(errorOf((d) => (d.nodes[1].turn.role = 'bot'))).to.equal('node 1 ("n-1"): "turn.role" should be one of "user", "assistant", "system", "developer".');
  });

  it('rejects a user turn without text', () => {
    expect(errorOf((d) => (d.nodes[1].turn.text = 3))).to.equal('node 1 ("n-1"): "turn.text" should be a string, not 3.');
  });

  it('rejects an assistant turn without parts or status', () => {
    expect(errorOf((d) => delete d.nodes[2].turn.parts)).to.equal('node 2 ("n-2"): "turn.parts" is missing.');
    expect(errorOf((d) => delete d.nodes[2].turn.status)).to.equal('node 2 ("n-2"): "turn.status" is missing.');
  });

  it('rejects a part without kind or with an unknown kind', () => {
    expect(errorOf((d) => delete d.nodes[2].turn.parts[1].kind)).to.equal('node 2 ("n-2"): "turn.parts[1].kind" is missing.');
    expect(errorOf((d) => (d.nodes[2].turn.parts[0].kind = 'image'))).to.equal(
      'node 2 ("n-2"): "turn.parts[0].kind" should be one of "text", "reasoning", "tool-call", "activity", "file".',
    );
  });

  it('rejects a node that is not an object', () => {
    expect(errorOf((d) => (d.nodes[2] = 'n-2'))).to.equal('node 2: it should be an object, not the text "n-2".');
  });

  it('never throws', () => {
    for (const data of [undefined, null, 0, '', 'null', '[]', { format: 'agent-chat-thread', version: 1 }, new Date()]) {
      const result = parseThreadExport(data);
      expect(result.ok).to.equal(false);
      expect((result as { error: string }).error).to.match(/^The file\b.*\.$/);
    }
  });
});

describe('storage records: parseNodeRecord and parseThreadRecord', () => {
  const node = { threadId: 't', id: 'n', parentId: null, seq: 0, turn: { role: 'user', id: 'n', text: 'hi' } };

  it('accepts a stored node, keeping extra fields', () => {
    expect(parseNodeRecord(node)).to.deep.equal(node);
    expect(parseNodeRecord({ ...node, extra: 1 })).to.deep.include({ extra: 1 });
  });

  it('rejects a malformed node', () => {
    expect(parseNodeRecord(undefined)).to.equal(undefined);
    expect(parseNodeRecord({ ...node, threadId: undefined })).to.equal(undefined);
    expect(parseNodeRecord({ ...node, seq: '0' })).to.equal(undefined);
    expect(parseNodeRecord({ ...node, turn: { role: 'user', id: 'other', text: 'hi' } })).to.equal(undefined);
    expect(parseNodeRecord({ ...node, turn: { role: 'assistant', id: 'n', status: 'done' } })).to.equal(undefined);
  });

  it('checks stored thread records', () => {
    const thread = { id: 't', title: 'x', titleSource: 'backend', created: 1, updated: 2 };
    expect(parseThreadRecord(thread)).to.deep.equal(thread);
    expect(parseThreadRecord({ ...thread, titleSource: undefined })).to.equal(undefined);
  });
});
