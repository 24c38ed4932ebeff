import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { AgentChatSendDetail } from '../../../src/events.js';
import type { ChatEvent, RunRequest } from '../../../src/protocol/contract.js';
import type { ChatRunOptions, ChatTransport } from '../../../src/conversation/types.js';
import { createTransport } from '../../../src/protocol/transport-factory.js';
import { AskUserDeferred } from '../../../src/ask/ask-user-definition.js';
import { deepQuery, deepQueryAll, settle, textOf, until } from '../helpers.js';

/**
 * A backend the test paces: each run records the person's last message, then waits until the test
 * ends it, through the AG-UI test server: well (scenario `echo`) or with HTTP 500 (`http-500`).
 */
function pacedBackend() {
  const sent: string[] = [];
  const waiting: ((scenario: string) => void)[] = [];
  const transport: ChatTransport = {
    async *run(request: RunRequest, options: ChatRunOptions): AsyncGenerator<ChatEvent> {
      const last = request.messages.filter((message) => message.role === 'user').at(-1);
      sent.push(String(last?.content));
      const scenario = await new Promise<string>((resolve) => {
        waiting.push(resolve);
        options.signal.addEventListener('abort', () => resolve(''));
      });
      if (scenario) yield* createTransport('ag-ui', { endpoint: `/agui/${scenario}` }).run(request, options);
    },
  };
  /** Ends the run that waits (once one does) the way `scenario` answers. */
  const end = async (scenario = 'echo') => {
    await until(() => waiting.length > 0, 'a run waits for its answer');
    waiting.shift()!(scenario);
  };
  return { sent, transport, end };
}

async function chatWith(transport: ChatTransport): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 520px" storage="none" .transport=${transport}></agent-chat>`);
  await el.updateComplete;
  return el;
}

const queued = (el: AgentChat) => deepQueryAll(el, '[part="queued-message"]').map((item) => textOf(item));
const userTurns = (el: AgentChat) => el.getTurns().filter((turn) => turn.role === 'user');
const removeButton = (el: AgentChat, text: string) =>
  deepQueryAll<HTMLButtonElement>(el, '[part="queued-remove"]').find((button) => button.getAttribute('aria-label') === `Remove queued message: ${text}`);
const queueView = (el: AgentChat) => deepQuery(el, 'agent-chat-queued-messages')!;
const textarea = (el: AgentChat) => deepQuery<HTMLTextAreaElement>(el, 'textarea')!;

/** Waits until the reply that streams has ended and been drawn. */
async function replyEnded(el: AgentChat, end: () => Promise<void>) {
  const ended = oneEvent(el, 'agent-chat-response-end');
  await end();
  const { detail } = await ended;
  await settle(el);
  return detail;
}

describe('<agent-chat> queues what is sent while a reply streams', () => {
  it('shows a message sent meanwhile above the composer, then sends it as its own turn, under the id send() gave, once the reply ended', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    const sends: AgentChatSendDetail[] = [];
    el.addEventListener('agent-chat-send', (event) => sends.push(event.detail));
    const first = await el.send('one');
    await until(() => sent.length === 1, 'the first message went');

    const second = await el.send('two');
    expect(second).to.be.a('string').and.not.equal(first);
    await until(() => queued(el).length === 1, 'the message is queued');
    expect(queued(el)).to.deep.equal(['two']);
    expect(
      sends.map((detail) => detail.text),
      'agent-chat-send fires as it is queued',
    ).to.deep.equal(['one', 'two']);
    expect(userTurns(el).map((turn) => turn.id)).to.deep.equal([first]);
    const list = deepQuery(el, '[part="queue"] ul')!;
    expect(list.getAttribute('aria-labelledby')).to.equal('queue-label');
    expect(textOf((list.getRootNode() as ShadowRoot).getElementById('queue-label')!)).to.equal('Queued messages');
    await expect(el).to.be.accessible();
    // Its parts are the chat's, for the page's styles.
    const style = document.createElement('style');
    style.textContent = 'agent-chat::part(queued-message) { outline: 3px solid rgb(255, 0, 0); } agent-chat::part(queued-remove) { color: rgb(0, 128, 0); }';
    document.head.append(style);
    try {
      expect(getComputedStyle(deepQuery(el, '[part="queued-message"]')!).outlineColor).to.equal('rgb(255, 0, 0)');
      expect(getComputedStyle(deepQuery(el, '[part="queued-remove"]')!).color).to.equal('rgb(0, 128, 0)');
    } finally {
      style.remove();
    }

    await replyEnded(el, end);
    await until(() => sent.length === 2, 'the queued message went');
    expect(sent).to.deep.equal(['one', 'two']);
    await settle(el);
    expect(queued(el)).to.deep.equal([]);
    expect(userTurns(el).map((turn) => turn.id)).to.deep.equal([first, second]);
    expect(textOf(deepQueryAll(el, '[part~="user-message"]').at(-1))).to.equal('two');
    expect(sends, 'agent-chat-send does not fire again when it goes').to.have.length(2);
    await replyEnded(el, end);
  });

  it('sends the queued messages in order, one per reply', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    void el.send('one');
    void el.send('two');
    void el.send('three');
    await until(() => queued(el).length === 2, 'two queued');
    expect(queued(el)).to.deep.equal(['two', 'three']);

    await replyEnded(el, end);
    await until(() => sent.length === 2, 'the second went');
    await settle(el);
    expect(queued(el)).to.deep.equal(['three']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent, 'one per reply').to.deep.equal(['one', 'two']);

    await replyEnded(el, end);
    await until(() => sent.length === 3, 'the third went');
    await replyEnded(el, end);
    expect(sent).to.deep.equal(['one', 'two', 'three']);
    expect(userTurns(el).map((turn) => turn.role === 'user' && turn.text)).to.deep.equal(['one', 'two', 'three']);
    expect(queued(el)).to.deep.equal([]);
  });

  it('Remove takes a message out; the keyboard goes to the next message’s Remove, else to the composer', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    void el.send('one');
    for (const text of ['alpha', 'beta', 'gamma']) void el.send(text);
    await until(() => queued(el).length === 3, 'three queued');

    removeButton(el, 'alpha')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => queued(el).length === 2, 'alpha removed');
    await settle(el);
    expect(queued(el)).to.deep.equal(['beta', 'gamma']);
    expect(queueView(el).shadowRoot!.activeElement === removeButton(el, 'beta'), 'the next message’s Remove').to.equal(true);

    removeButton(el, 'gamma')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => queued(el).length === 1, 'gamma removed');
    await settle(el);
    expect(deepQuery(el, 'agent-chat-composer')!.shadowRoot!.activeElement, 'no next message: the composer').to.equal(textarea(el));

    removeButton(el, 'beta')!.click();
    await settle(el);
    expect(queued(el)).to.deep.equal([]);
    await replyEnded(el, end);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent, 'nothing removed is sent').to.deep.equal(['one']);
  });

  it('Enter in the composer while a reply streams queues the draft and empties the composer', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    void el.send('one');
    await until(() => sent.length === 1, 'a reply streams');
    await settle(el);
    textarea(el).focus();
    await sendKeys({ type: 'typed meanwhile' });
    await settle(el);
    const sendButton = deepQuery<HTMLButtonElement>(el, '[part="send-button"]')!;
    expect(sendButton.disabled).to.equal(false);
    expect(deepQuery(el, '[part="stop-button"]'), 'Stop beside it').to.exist;
    await sendKeys({ press: 'Enter' });
    await until(() => queued(el).length === 1, 'queued');
    expect(queued(el)).to.deep.equal(['typed meanwhile']);
    expect(textarea(el).value).to.equal('');
    expect(deepQuery(el, 'agent-chat-composer')!.shadowRoot!.activeElement, 'the keyboard stays in the text area').to.equal(textarea(el));

    await replyEnded(el, end);
    await until(() => sent.length === 2, 'sent');
    expect(sent[1]).to.equal('typed meanwhile');
    await replyEnded(el, end);
  });

  it('a cancelled agent-chat-send queues nothing and resolves with null', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    void el.send('one');
    await until(() => sent.length === 1, 'a reply streams');
    el.addEventListener('agent-chat-send', (event) => event.preventDefault());
    expect(await el.send('vetoed')).to.equal(null);
    expect(await el.send('   ')).to.equal(null);
    await settle(el);
    expect(queued(el)).to.deep.equal([]);
    await replyEnded(el, end);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).to.deep.equal(['one']);
  });

  it('a failed reply holds the queue and says so; “Send now” sends the first now and the rest one per reply', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    void el.send('one');
    void el.send('two');
    void el.send('three');
    await until(() => queued(el).length === 2, 'two queued');

    const status = await replyEnded(el, () => end('http-500'));
    expect(status.status).to.equal('error');
    await until(() => !!deepQuery(el, '[part="queue-notice"]'), 'the notice');
    const notice = deepQuery(el, '[part="queue-notice"]')!;
    expect(textOf(notice)).to.equal('The reply failed: 2 messages were not sent. Send now');
    expect(notice.parentElement!.getAttribute('role'), 'said from a live region').to.equal('status');
    expect(deepQuery(el, '[part="queue"]')!.contains(notice)).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sent, 'nothing more is sent').to.deep.equal(['one']);
    expect(queued(el)).to.deep.equal(['two', 'three']);
    await expect(el).to.be.accessible();

    const resume = deepQuery<HTMLButtonElement>(el, '[part="queue-resume"]')!;
    resume.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => sent.length === 2, 'the first queued message went');
    await settle(el);
    expect(sent[1]).to.equal('two');
    expect(queued(el)).to.deep.equal(['three']);
    expect(deepQuery(el, '[part="queue-notice"]')).to.equal(undefined);
    const composer = deepQuery(el, 'agent-chat-composer')!;
    expect(queueView(el).shadowRoot!.activeElement === null && composer.shadowRoot!.activeElement === textarea(el), 'the keyboard goes back to the composer').to.equal(true);

    await replyEnded(el, end);
    await until(() => sent.length === 3, 'the rest went after the reply');
    await replyEnded(el, end);
    expect(sent).to.deep.equal(['one', 'two', 'three']);
  });

  it('after a failed reply, Retry that ends well resumes the queue, and a message sent while it is held goes after it', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    void el.send('one');
    void el.send('two');
    await until(() => queued(el).length === 1, 'queued');
    await replyEnded(el, () => end('http-500'));
    await until(() => !!deepQuery(el, '[part="queue-notice"]'), 'the notice');

    expect(el.retry()).to.equal(true);
    await until(() => sent.length === 2, 'the retry went');
    expect(sent[1], 'the same message again').to.equal('one');
    await replyEnded(el, end);
    await until(() => sent.length === 3, 'the queue went on');
    expect(sent[2]).to.equal('two');

    // Held again: a new message joins the queue and sets it going (the earlier one first).
    void el.send('three');
    await until(() => queued(el).length === 1, 'three queued');
    await replyEnded(el, () => end('http-500'));
    await until(() => textOf(deepQuery(el, '[part="queue-notice"]')) === 'The reply failed: this message was not sent. Send now', 'held');
    const four = await el.send('four');
    await until(() => sent.length === 4, 'the held message went');
    expect(sent[3]).to.equal('three');
    await settle(el);
    expect(queued(el)).to.deep.equal(['four']);
    await replyEnded(el, end);
    await until(() => sent.length === 5, 'the new one after it');
    await replyEnded(el, end);
    expect(userTurns(el).at(-1)!.id).to.equal(four);
  });

  it('Stop holds the queue, and says the reply was stopped', async () => {
    const { sent, transport } = pacedBackend();
    const el = await chatWith(transport);
    void el.send('one');
    void el.send('two');
    await until(() => queued(el).length === 1 && sent.length === 1, 'queued, behind the reply under way');
    const ended = oneEvent(el, 'agent-chat-response-end');
    el.stop();
    expect((await ended).detail.status).to.equal('cancelled');
    await until(() => !!deepQuery(el, '[part="queue-notice"]'), 'the notice');
    expect(textOf(deepQuery(el, '[part="queue-notice"]'))).to.equal('The reply was stopped: this message was not sent. Send now');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).to.deep.equal(['one']);
  });

  it('files are not queued: sent while a reply streams, they stay in the composer', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    el.attachments = true;
    void el.send('one');
    await until(() => sent.length === 1, 'a reply streams');
    await until(() => !!deepQuery(el, '[part="attach-button"]'), 'attachments ready');
    const input = deepQuery<HTMLInputElement>(el, 'input[type="file"]')!;
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(68)], 'cat.png', { type: 'image/png' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => deepQueryAll(el, '[part="attachment"]').length === 1, 'the file is in the tray');
    textarea(el).focus();
    await sendKeys({ type: 'with a file' });
    await settle(el);
    expect(deepQuery<HTMLButtonElement>(el, '[part="send-button"]')!.disabled, 'Send waits for the reply').to.equal(true);
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(queued(el)).to.deep.equal([]);
    expect(textarea(el).value).to.equal('with a file');
    await replyEnded(el, end);
    expect(deepQuery<HTMLButtonElement>(el, '[part="send-button"]')!.disabled).to.equal(false);
  });

  it('a new conversation puts the texts still queued back in the composer, after the draft', async () => {
    const { sent, transport } = pacedBackend();
    const el = await chatWith(transport);
    void el.send('one');
    void el.send('two');
    void el.send('three\nlines');
    await until(() => queued(el).length === 2, 'queued');
    textarea(el).focus();
    await sendKeys({ type: 'my draft' });
    await el.newThread();
    await settle(el);
    expect(queued(el)).to.deep.equal([]);
    expect(textarea(el).value).to.equal('my draft\n\ntwo\n\nthree\nlines');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).to.deep.equal(['one']);
    expect(el.getTurns()).to.deep.equal([]);
  });

  it('questions waiting in their form hold the queue and say so; Send now sends anyway, the message answering them', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    void el.send('plan my trip');
    void el.send('meanwhile');
    await until(() => queued(el).length === 1 && sent.length === 1, 'queued behind the reply');
    await replyEnded(el, () => end('ask'));
    await until(() => !!deepQuery(el, '[part="question-form"]'), 'the form');
    await until(() => !!deepQuery(el, '[part="queue-notice"]'), 'the notice');
    expect(textOf(deepQuery(el, '[part="queue-notice"]'))).to.equal('The agent’s questions above wait for your answer: this message goes after it. Send now');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sent, 'the form holds it').to.deep.equal(['plan my trip']);
    deepQuery<HTMLButtonElement>(el, '[part="queue-resume"]')!.click();
    await until(() => sent.length === 2, 'sent at Send now');
    expect(sent[1]).to.equal('meanwhile');
    const call = (el.getTurns().find((turn) => turn.role === 'assistant') as { parts: { kind: string; ask?: { outcome?: string } }[] }).parts.find(
      (part) => part.kind === 'tool-call',
    );
    expect(call?.ask?.outcome, 'the message answered the questions').to.equal('deferred');
    await replyEnded(el, end);
  });

  it('questions the person answers in their next message do not hold it: the queued message is that answer', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    el.askUser = () => AskUserDeferred;
    void el.send('plan my trip');
    void el.send('Lisbon, in May');
    await until(() => queued(el).length === 1 && sent.length === 1, 'queued behind the reply');
    await replyEnded(el, () => end('ask'));
    await until(() => sent.length === 2, 'the queued message went as the answer');
    expect(sent[1]).to.equal('Lisbon, in May');
    expect(queued(el)).to.deep.equal([]);
    await replyEnded(el, end);
  });

  it('forwards the queue’s parts once: redrawing the chat while a reply streams sets no exportparts again', async () => {
    const { sent, transport, end } = pacedBackend();
    const el = await chatWith(transport);
    expect(
      queueView(el)
        .getAttribute('exportparts')!
        .split(/\s*,\s*/),
    ).to.deep.equal(['queue', 'queued-message', 'queued-remove', 'queue-notice', 'queue-resume']);
    const sets: string[] = [];
    const observer = new MutationObserver((records) => records.forEach((record) => sets.push((record.target as Element).localName)));
    observer.observe(el.shadowRoot!, { subtree: true, attributeFilter: ['exportparts'] });
    void el.send('hello');
    void el.send('meanwhile');
    await until(() => queued(el).length === 1 && sent.length === 1, 'queued behind the reply');
    await replyEnded(el, end);
    await until(() => sent.length === 2, 'the queued message went');
    await replyEnded(el, end);
    observer.takeRecords().forEach((record) => sets.push((record.target as Element).localName));
    observer.disconnect();
    expect(sets, 'every element keeps the exportparts it was drawn with').to.deep.equal([]);
  });
});
