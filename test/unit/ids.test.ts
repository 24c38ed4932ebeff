import { expect } from '@open-wc/testing';
import { newId, uuidFromRandomValues } from '../../src/internal/ids.js';

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
