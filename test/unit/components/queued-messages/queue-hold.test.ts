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

  it('does not hold it after a reply that ended well, while a reply streams, or with no reply', () => {
    expect(queueHold([user, reply('done')], false)).to.equal(undefined);
    expect(queueHold([user, reply('error')], true), 'Retry streams').to.equal(undefined);
    expect(queueHold([user, reply('streaming')], true)).to.equal(undefined);
    expect(queueHold([user], false)).to.equal(undefined);
    expect(queueHold([], false)).to.equal(undefined);
  });
});
