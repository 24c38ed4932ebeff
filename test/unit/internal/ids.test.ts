import { expect } from '@open-wc/testing';
import { isThreadIdSafe, newId, uuidFromRandomValues } from '../../../src/internal/ids.js';
import { streamUrl } from '../../../src/protocol/ai-sdk/ai-sdk.js';
import { parseThreadExport } from '../../../src/storage/records.js';

describe('ids', () => {
  it('builds RFC 4122 version-4 UUIDs without crypto.randomUUID (plain-http pages)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const id = uuidFromRandomValues();
      expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      seen.add(id);
    }
    expect(seen.size).to.equal(200);
    expect(newId()).to.match(/^[0-9a-f-]{36}$/);
  });
});

describe('conversation ids in request paths', () => {
  it('refuses empty ids and the dot segments a URL parser would resolve away', () => {
    for (const id of ['', '.', '..']) expect(isThreadIdSafe(id), JSON.stringify(id)).to.equal(false);
    for (const id of ['...', '.a', 'a..', '%2e%2e', '../x', 'a/b', newId()]) expect(isThreadIdSafe(id), id).to.equal(true);
  });

  it('builds the resume address under the endpoint, or none', () => {
    expect(streamUrl('https://api.example/api/chat?key=1', 'abc')).to.equal('https://api.example/api/chat/abc/stream?key=1');
    expect(streamUrl('https://api.example/api/chat/', '../x')).to.equal('https://api.example/api/chat/..%2Fx/stream');
    expect(streamUrl('https://api.example/api/chat', '%2e%2e')).to.equal('https://api.example/api/chat/%252e%252e/stream');
    for (const id of ['', '.', '..']) expect(streamUrl('https://api.example/api/chat', id), JSON.stringify(id)).to.equal(undefined);
  });

  it('refuses an export whose thread id is a dot segment, saying why', () => {
    const file = {
      format: 'agent-chat-thread',
      version: 1,
      exported: 1,
      thread: { id: '..', title: 't', titleSource: 'person', created: 1, updated: 1 },
      nodes: [],
    };
    expect(parseThreadExport(file)).to.deep.equal({ ok: false, error: 'The thread\'s "id" cannot be "." or "..".' });
    expect(parseThreadExport({ ...file, thread: { ...file.thread, id: 'fine' } }).ok).to.equal(true);
  });
});
