import { expect } from '@open-wc/testing';
import { queueHold } from '../../../../src/components/queued-messages/queue-hold.js';
import type { AssistantTurn, Turn } from '../../../../src/conversation/types.js';

const user: Turn = { role: 'user', id: 'u1', text: 'hello' };
const reply = (status: AssistantTurn['status']): Turn => ({ role: 'assistant', id: 'a1', status, parts: [] }) as AssistantTurn;

describe('queueHold', () => {
  it('holds the queue after a reply that failed or was stopped', () => {
    expect(queueHold([user, reply('error')], false)).to.equal('error');
    expect(queueHold([user, reply('cancelled')], false)).to.equal('cancelled');
  });

  it('holds it while questions wait in their form (not those answered by the next message)', () => {
    const asking = (by: 'form' | 'message'): Turn =>
      ({
        role: 'assistant',
        id: 'a1',
        status: 'done',
        parts: [{ kind: 'tool-call', id: 'q', name: 'ask_user', argsText: '{}', status: 'running', ask: { by } }],
      }) as unknown as AssistantTurn;
    expect(queueHold([user, asking('form')], false)).to.equal('waiting');
    expect(queueHold([user, asking('message')], false)).to.equal(undefined);
    expect(queueHold([user, asking('form')], true), 'not while a reply streams').to.equal(undefined);
  });

  it('does not hold it after a reply that ended well, while a reply streams, or with no reply', () => {
    expect(queueHold([user, reply('done')], false)).to.equal(undefined);
    expect(queueHold([user, reply('error')], true), 'Retry streams').to.equal(undefined);
    expect(queueHold([user, reply('streaming')], true)).to.equal(undefined);
    expect(queueHold([user], false)).to.equal(undefined);
    expect(queueHold([], false)).to.equal(undefined);
  });
});
