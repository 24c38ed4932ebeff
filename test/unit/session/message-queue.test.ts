import { expect } from '@open-wc/testing';
import { MessageQueue, type QueuedMessage } from '../../../src/session/message-queue.js';

const message = (id: string, text = id): QueuedMessage => ({ id, text, threadId: 't1' });

describe('MessageQueue', () => {
  it('gives the messages back in the order they were queued, one at a time', () => {
    const queue = new MessageQueue();
    expect(queue.next(false)).to.equal(undefined);
    queue.items.push(message('a', 'first'), message('b', 'second'));
    expect(queue.next(false)).to.deep.equal(message('a', 'first'));
    expect(queue.items.map((item) => item.text)).to.deep.equal(['second']);
    expect(queue.next(false)?.id).to.equal('b');
    expect(queue.next(false)).to.equal(undefined);
  });

  it('gives none while the chat is occupied (a reply streams, or something waits for the person)', () => {
    const queue = new MessageQueue();
    queue.items.push(message('a'));
    expect(queue.next(true)).to.equal(undefined);
    expect(queue.items).to.have.length(1);
    expect(queue.next(false)?.id).to.equal('a');
  });

  it('keeps an app’s message as the app’s', () => {
    const queue = new MessageQueue();
    const source = { kind: 'app' as const, server: 's', instanceId: 'card-1' };
    queue.items.push({ ...message('a'), source });
    expect(queue.next(false)?.source).to.equal(source);
  });

  it('takes out, in order, the messages of another conversation than the one shown', () => {
    const queue = new MessageQueue();
    queue.items.push(message('a'), { ...message('b'), threadId: 't2' }, message('c'), { ...message('d'), threadId: 't3' });
    expect(queue.takeOutOthers('t1').map((item) => item.id)).to.deep.equal(['b', 'd']);
    expect(queue.items.map((item) => item.id)).to.deep.equal(['a', 'c']);
    expect(queue.takeOutOthers('t1')).to.deep.equal([]);
    expect(queue.takeOutOthers('t9').map((item) => item.id)).to.deep.equal(['a', 'c']);
    expect(queue.items).to.deep.equal([]);
  });
});
