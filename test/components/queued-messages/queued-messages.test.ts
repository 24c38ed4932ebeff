import { expect, html } from '@open-wc/testing';
import '../../../src/components/queued-messages/queued-messages.js';
import type { AgentChatQueuedMessages, QueueHost } from '../../../src/components/queued-messages/queued-messages.js';
import type { Turn } from '../../../src/conversation/types.js';
import { loadStrings, resolveStrings } from '../../../src/i18n/strings.js';
import { MessageQueue } from '../../../src/session/message-queue.js';
import { fixtureWithSettings, textOf } from '../helpers.js';

/** A queue's host as the session controller is one: the conversation, whether a reply streams, and what the buttons asked. */
function host(texts: string[], last?: 'error' | 'cancelled' | 'done') {
  const queue = new MessageQueue();
  queue.items.push(...texts.map((text, index) => ({ id: `q${index}`, text, threadId: '' })));
  const turns = (last ? [{ role: 'assistant', id: 'a', status: last, parts: [] }] : []) as Turn[];
  const calls: (boolean | undefined)[] = [];
  const run: QueueHost = { queue, busy: false, conversation: { turns } as never, queueChanged: (send) => calls.push(send) };
  return { run, calls };
}

const parts = (el: AgentChatQueuedMessages, part: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(`[part="${part}"]`)];

describe('<agent-chat-queued-messages>', () => {
  it('draws nothing while nothing is queued', async () => {
    const el = await fixtureWithSettings<AgentChatQueuedMessages>(html`<agent-chat-queued-messages .run=${host([]).run}></agent-chat-queued-messages>`);
    expect(el.shadowRoot!.querySelector('[part="queue"]')).to.equal(null);
  });

  it('lists the queued messages under a label, each with a Remove named after it', async () => {
    const long = 'A question that goes on for rather longer than forty characters do';
    const { run, calls } = host(['first', long]);
    const el = await fixtureWithSettings<AgentChatQueuedMessages>(html`<agent-chat-queued-messages .run=${run}></agent-chat-queued-messages>`);
    expect(parts(el, 'queued-message').map((item) => textOf(item))).to.deep.equal(['first', long]);
    const list = el.shadowRoot!.querySelector('ul')!;
    expect(textOf(el.shadowRoot!.getElementById(list.getAttribute('aria-labelledby')!)!)).to.equal('Queued messages');
    expect(parts(el, 'queued-remove').map((button) => button.getAttribute('aria-label'))).to.deep.equal([
      'Remove queued message: first',
      'Remove queued message: A question that goes on for rather long…',
    ]);
    expect(parts(el, 'queue-notice')).to.deep.equal([]);
    await expect(el).to.be.accessible();

    parts(el, 'queued-remove')[0].click();
    expect(run.queue.items.map((item) => item.text)).to.deep.equal([long]);
    expect(calls, 'the chat draws again, sending nothing').to.deep.equal([undefined]);
  });

  it('says when a failed or stopped reply holds the queue, and “Send now” asks to send', async () => {
    const failed = host(['one', 'two'], 'error');
    const el = await fixtureWithSettings<AgentChatQueuedMessages>(html`<agent-chat-queued-messages .run=${failed.run}></agent-chat-queued-messages>`);
    const [notice] = parts(el, 'queue-notice');
    expect(textOf(notice)).to.equal('The reply failed: 2 messages were not sent. Send now');
    expect(notice.parentElement!.getAttribute('role')).to.equal('status');
    await expect(el).to.be.accessible();
    parts(el, 'queue-resume')[0].click();
    expect(failed.calls).to.deep.equal([true]);

    const stopped = host(['one'], 'cancelled');
    const other = await fixtureWithSettings<AgentChatQueuedMessages>(html`<agent-chat-queued-messages .run=${stopped.run}></agent-chat-queued-messages>`);
    expect(textOf(parts(other, 'queue-notice')[0])).to.equal('The reply was stopped: this message was not sent. Send now');
    const done = host(['one'], 'done');
    const quiet = await fixtureWithSettings<AgentChatQueuedMessages>(html`<agent-chat-queued-messages .run=${done.run}></agent-chat-queued-messages>`);
    expect(parts(quiet, 'queue-notice')).to.deep.equal([]);
  });

  it('speaks the chat’s language', async () => {
    await loadStrings('de');
    const { run } = host(['eins', 'zwei'], 'error');
    const el = await fixtureWithSettings<AgentChatQueuedMessages>(html`<agent-chat-queued-messages .run=${run}></agent-chat-queued-messages>`, { strings: resolveStrings('de') });
    expect(textOf(el.shadowRoot!.querySelector('.caption')!)).to.equal('Nachrichten in der Warteschlange');
    expect(parts(el, 'queued-remove')[0].getAttribute('aria-label')).to.equal('Nachricht aus der Warteschlange nehmen: eins');
    expect(textOf(parts(el, 'queue-notice')[0])).to.equal('Die Antwort ist fehlgeschlagen: 2 Nachrichten wurden nicht gesendet. Jetzt senden');
  });
});
