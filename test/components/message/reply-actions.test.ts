import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { AssistantTurn, Turn } from '../../../src/conversation/types.js';
import type { AgentChatFeedbackDetail } from '../../../src/events.js';
import type { ChatEvent } from '../../../src/protocol/contract.js';
import { deepQuery, deepQueryAll, sendAndWait, settle, until, useFreshKeys } from '../helpers.js';

const freshKey = useFreshKeys('reply-actions');

const answered: Turn[] = [
  { role: 'user', id: 'u1', text: 'Explain' },
  {
    role: 'assistant',
    id: 'a1',
    runId: 'run-a1',
    status: 'done',
    parts: [
      { kind: 'text', id: 't1', text: 'Here is **bold** and `code`.', streaming: false },
      { kind: 'tool-call', id: 'c1', name: 'lookup', argsText: '{}', args: {}, argsComplete: true, status: 'done', result: { secret: 'tool result' } },
      { kind: 'text', id: 't2', text: 'A subagent wrote this.', streaming: false, subagentRunId: 'sa' },
      { kind: 'text', id: 't3', text: '- and a list', streaming: false },
    ],
  },
];

/** A transport whose reply streams until `release()` is called. */
function heldTransport() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    transport: {
      async *run(): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: 'held-run' };
        yield { type: 'text-delta', messageId: 'm', delta: 'Streaming…' };
        await released;
        yield { type: 'run-finished' };
      },
    },
  };
}

async function chat(attrs: { feedback?: boolean; key?: string } = {}) {
  const el = await fixture<AgentChat>(html`<agent-chat
    style="height: 520px"
    endpoint="/agui/basic"
    ?feedback=${attrs.feedback}
    storage=${attrs.key ? 'indexeddb' : 'none'}
    storage-key=${attrs.key ?? 'unused'}
  ></agent-chat>`);
  return el;
}

async function clickOn(element: HTMLElement) {
  element.scrollIntoView({ block: 'center' });
  const box = element.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

const thumbs = (el: AgentChat) => deepQueryAll<HTMLButtonElement>(el, '[part="feedback-button"]');
const pressed = (el: AgentChat) => thumbs(el).map((button) => button.getAttribute('aria-pressed'));

describe('reply actions: Copy and feedback', () => {
  it('every finished reply has Copy; pressing it says "Copied" in a live region', async () => {
    const el = await chat();
    el.setTurns(answered);
    await until(() => !!deepQuery(el, '[part="copy-message-button"]'), 'Copy is drawn');
    await settle(el);
    const copy = deepQuery<HTMLButtonElement>(el, '[part="copy-message-button"]')!;
    expect(copy.getAttribute('aria-label'), 'named apart from the code blocks’ Copy').to.equal('Copy reply');
    expect(thumbs(el).length, 'no feedback without the attribute').to.equal(0);
    await clickOn(copy);
    await until(() => copy.textContent!.trim() === 'Copied', 'the button says Copied');
    const status = deepQuery(el, 'agent-chat-reply-actions')!.shadowRoot!.querySelector('[role="status"]')!;
    expect(status.textContent!.trim()).to.equal('Copied');
    await expect(el).to.be.accessible();
  });

  it('with feedback: thumbs up and down with aria-pressed; the pressed one again clears; each change fires agent-chat-feedback', async () => {
    const el = await chat({ feedback: true });
    el.setTurns(answered);
    await until(() => thumbs(el).length === 2, 'the thumbs are drawn');
    await settle(el);
    expect(thumbs(el).map((button) => button.getAttribute('aria-label'))).to.deep.equal(['Good reply', 'Bad reply']);
    expect(pressed(el)).to.deep.equal(['false', 'false']);
    const seen: AgentChatFeedbackDetail[] = [];
    el.addEventListener('agent-chat-feedback', (event) => seen.push(event.detail));

    await clickOn(thumbs(el)[0]);
    await until(() => pressed(el)[0] === 'true', 'up is pressed');
    await clickOn(thumbs(el)[1]);
    await until(() => pressed(el)[1] === 'true' && pressed(el)[0] === 'false', 'down is pressed, up not');
    // The keyboard reaches them too: Space on the pressed one takes the rating back.
    thumbs(el)[1].focus();
    await sendKeys({ press: 'Space' });
    await until(() => pressed(el).join() === 'false,false', 'no rating');

    expect(seen.map((detail) => detail.rating)).to.deep.equal(['up', 'down', null]);
    expect(seen[0].messageId).to.equal('a1');
    expect(seen[0].runId).to.equal('run-a1');
    expect(seen[0].threadId).to.equal(el.threadId);
    expect(typeof seen[0].threadId === 'string' && seen[0].threadId.length > 0).to.equal(true);
    expect((el.getTurns()[1] as AssistantTurn).feedback).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it('a reply streaming has no Copy and no thumbs; they come when it ends', async () => {
    const held = heldTransport();
    const el = await chat({ feedback: true });
    el.transport = held.transport;
    await el.updateComplete;
    const ended = oneEvent(el, 'agent-chat-response-end');
    void el.send('hello');
    await until(() => (el.getTurns()[1] as AssistantTurn | undefined)?.status === 'streaming', 'the reply streams');
    await settle(el);
    expect(deepQuery(el, '[part="copy-message-button"]')).to.equal(undefined);
    expect(thumbs(el).length).to.equal(0);
    held.release();
    await ended;
    await until(() => thumbs(el).length === 2 && !!deepQuery(el, '[part="copy-message-button"]'), 'the actions come once it is done');
  });

  it('the rating is saved with the reply and shown again by a new chat on the same storage', async () => {
    const key = freshKey();
    const transport = {
      async *run(): AsyncGenerator<ChatEvent> {
        yield { type: 'run-started', runId: 'rated-run' };
        yield { type: 'reply-message-id', messageId: 'backend-msg-7' };
        yield { type: 'text-delta', messageId: 'm', delta: 'Rate me.' };
        yield { type: 'run-finished' };
      },
    };
    const first = await chat({ feedback: true, key });
    first.transport = transport;
    await (first as unknown as { wiring: { store: { ready(): Promise<void> } } }).wiring.store.ready();
    await sendAndWait(first, 'hello');
    await until(() => thumbs(first).length === 2, 'the thumbs are drawn');
    await settle(first);
    await clickOn(thumbs(first)[1]);
    await until(() => (first.getTurns()[1] as AssistantTurn).feedback === 'down', 'rated down');
    await (first as unknown as { wiring: { store: { flush(): Promise<void> } } }).wiring.store.flush();
    const threadId = first.threadId;
    first.remove();

    const second = await chat({ feedback: true, key });
    await until(() => second.getTurns().length === 2, 'the conversation is back');
    expect(second.threadId).to.equal(threadId);
    expect((second.getTurns()[1] as AssistantTurn).feedback).to.equal('down');
    await until(() => pressed(second).join() === 'false,true', 'down is shown pressed again');
    const exported = await second.exportThread();
    expect(exported.nodes.map((node) => (node.turn as AssistantTurn).feedback).filter(Boolean)).to.deep.equal(['down']);
    // The event names the backend's message, restored with the reply.
    const seen: AgentChatFeedbackDetail[] = [];
    second.addEventListener('agent-chat-feedback', (event) => seen.push(event.detail));
    await clickOn(thumbs(second)[0]);
    await until(() => seen.length === 1, 'rated again');
    expect(seen[0]).to.deep.include({ messageId: 'backend-msg-7', runId: 'rated-run', rating: 'up' });
  });
});
