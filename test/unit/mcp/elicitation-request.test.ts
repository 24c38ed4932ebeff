import { expect } from '@open-wc/testing';
import { elicitationFromRequest, storedElicitation, urlHost } from '../../../src/mcp/elicitation-request.js';
import { recordElicitation } from '../../../src/conversation/reduce/reduce-elicitations.js';
import type { ConversationState } from '../../../src/conversation/types.js';

const form = { type: 'object', properties: { name: { type: 'string' }, size: { type: 'string', enum: ['S', 'M'] } }, required: ['name'] };

describe('reading an MCP server’s request for input', () => {
  it('takes a form of simple fields and a message of bounded length', () => {
    const read = elicitationFromRequest({ message: 'x'.repeat(5_000), requestedSchema: form }, 'shop', 'e1');
    expect('elicitation' in read && read.elicitation).to.deep.include({ id: 'e1', server: 'shop', mode: 'form', schema: form });
    expect('elicitation' in read && read.elicitation.message.length).to.equal(2_000);
  });

  it('refuses nested forms, too many fields, other modes and pages that are not http(s)', () => {
    const nested = { type: 'object', properties: { address: { type: 'object', properties: {} } } };
    const many = { type: 'object', properties: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, { type: 'string' }])) };
    for (const params of [
      { message: 'm', requestedSchema: nested },
      { message: 'm', requestedSchema: many },
      { message: 'm', mode: 'telepathy' },
      { message: 'm', mode: 'url', url: 'javascript:alert(1)' },
      { message: 'm', mode: 'url', url: 'data:text/html,hi' },
      null,
    ]) {
      expect(elicitationFromRequest(params, 'shop', 'e'), JSON.stringify(params)).to.have.property('problem');
    }
  });

  it('takes a page to open, with the server’s id for it; its host is read plainly', () => {
    const read = elicitationFromRequest({ mode: 'url', message: 'Link it', url: 'https://user:pw@bookings.example:8443/connect?x=1', elicitationId: 'abc' }, 'shop', 'e2');
    expect('elicitation' in read && read.elicitation).to.deep.include({ mode: 'url', elicitationId: 'abc' });
    expect(urlHost('https://user:pw@bookings.example:8443/connect')).to.equal('bookings.example:8443');
    expect(urlHost('not a url')).to.equal('');
  });

  it('trusts a stored one only in the shape the views need', () => {
    expect(storedElicitation({ id: 'e', server: 's', message: 'm', mode: 'form', schema: form, outcome: { action: 'accept', content: { name: 'A' } } })).to.deep.include({
      outcome: { action: 'accept', content: { name: 'A' } },
    });
    expect(storedElicitation({ id: 'e', server: 's', message: 'm', mode: 'url', url: 'javascript:x' })).to.equal(undefined);
    expect(storedElicitation({ id: 'e', server: 's', message: 'm', mode: 'form', schema: form, outcome: { action: 'steal' } })?.outcome).to.equal(undefined);
    expect(storedElicitation({ id: 1 })).to.equal(undefined);
  });
});

describe('recordElicitation', () => {
  const state = (): ConversationState =>
    ({
      turns: [
        { role: 'user', id: 'u', text: 'hi' },
        { role: 'assistant', id: 'a', status: 'streaming', parts: [{ kind: 'tool-call', id: 'c1', name: 'book', argsText: '{}', argsComplete: true, status: 'running' }] },
      ],
    }) as unknown as ConversationState;

  it('adds a request to its call, then replaces it in place when answered', () => {
    const asked = recordElicitation(state(), 'c1', { id: 'e1', server: 's', mode: 'form', message: 'm', schema: form });
    const again = recordElicitation(asked, 'c1', { id: 'e2', server: 's', mode: 'form', message: 'n', schema: form });
    const answered = recordElicitation(again, 'c1', { id: 'e1', server: 's', mode: 'form', message: 'm', schema: form, outcome: { action: 'decline' } });
    const call = (answered.turns[1] as { parts: { elicitations: { id: string; outcome?: unknown }[] }[] }).parts[0];
    expect(call.elicitations.map((entry) => [entry.id, entry.outcome])).to.deep.equal([
      ['e1', { action: 'decline' }],
      ['e2', undefined],
    ]);
    expect(recordElicitation(asked, 'nope', { id: 'x', server: 's', mode: 'form', message: '' })).to.equal(asked);
  });
});

describe('direction controls in a server’s request', () => {
  it('are shown, never obeyed, in its message and its form’s labels', () => {
    const read = elicitationFromRequest(
      {
        message: 'Form \u202Edrowssap',
        requestedSchema: {
          type: 'object',
          title: 'x\u202E',
          properties: { a: { type: 'string', title: 'Your \u202Enip', description: '\u2066d\u2069' }, b: { type: 'string', oneOf: [{ const: '1', title: '\u202Eeno' }] } },
        },
      },
      'shop',
      'e',
    );
    const { elicitation } = read as unknown as {
      elicitation: { message: string; schema: { properties: Record<string, { title?: string; description?: string; oneOf?: { title: string }[] }> } };
    };
    expect(elicitation.message).to.not.match(/[\u202A-\u202E\u2066-\u2069]/);
    expect(elicitation.message).to.contain('drowssap');
    expect(JSON.stringify(elicitation.schema)).to.not.match(/[\u202A-\u202E\u2066-\u2069]/);
    expect(elicitation.schema.properties.b.oneOf![0].title).to.contain('eno');
  });
});
