import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/components/message/message.js';
import type { AgentChatMessage, BranchPosition } from '../../../src/components/message/message.js';
import { loadRequestViews } from '../../../src/components/interrupt/interrupt-loader.js';
import type { AssistantTurn, InterruptEntry, ToolCallPart, Turn } from '../../../src/conversation/types.js';
import { AnswerEvent, RetryRequestEvent, TurnActionEvent, listen, type AnswerDetail } from '../../../src/internal/view-events.js';
import { recordInside } from '../internal-events.js';

const reply = (over: Partial<AssistantTurn> = {}): AssistantTurn => ({ role: 'assistant', id: 'r1', status: 'done', parts: [], ...over });

const toolCall = (over: Partial<ToolCallPart> = {}): ToolCallPart => ({
  kind: 'tool-call',
  id: 'call-1',
  name: 'lookup',
  argsText: '{}',
  args: {},
  argsComplete: true,
  status: 'done',
  result: { ok: true },
  ...over,
});

const askCall = toolCall({
  name: 'ask_user',
  status: 'running',
  args: { questions: [{ question: 'Which size?', header: 'Size', options: [{ label: 'Small' }, { label: 'Large' }], multiSelect: false }] },
  result: undefined,
  ask: { by: 'form' },
});

const approval = (over: Partial<InterruptEntry> = {}): InterruptEntry => ({ interrupt: { id: 'i1', reason: 'confirmation', message: 'Delete the logs?' }, ...over });

async function message(turn: Turn, props: { canRetry?: boolean; canEdit?: boolean; branch?: BranchPosition } = {}) {
  const el = await fixture<AgentChatMessage>(html`<agent-chat-message
    .turn=${turn}
    .canRetry=${props.canRetry ?? false}
    .canEdit=${props.canEdit ?? false}
    .branch=${props.branch}
  ></agent-chat-message>`);
  await loadRequestViews();
  for (const inner of el.shadowRoot!.querySelectorAll<HTMLElement & { updateComplete?: Promise<unknown> }>('*')) await inner.updateComplete;
  return el;
}

/** The element focused inside `el`, looking through the shadow roots on the way. */
function focusedIn(el: Element): Element | null {
  let active = el.shadowRoot?.activeElement ?? null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const actions = (el: AgentChatMessage) => recordInside(el, TurnActionEvent, (event) => event.action);

describe('<agent-chat-message>', () => {
  it('focusRetry() focuses Retry on a failed reply, and Retry asks the chat; false without one', async () => {
    const el = await message(reply({ status: 'error', error: { kind: 'network', message: 'The backend is down' } }), { canRetry: true });
    const retries = recordInside(el, RetryRequestEvent, () => 'retry');
    expect(el.focusRetry()).to.equal(true);
    const retry = focusedIn(el) as HTMLButtonElement;
    expect(retry.getAttribute('part')).to.equal('retry-button');
    await sendKeys({ press: 'Enter' });
    expect(retries).to.have.length(1);
    await expect(el).to.be.accessible();

    const done = await message(reply({ parts: [{ kind: 'text', id: 't1', text: 'Fine.', streaming: false }] }));
    expect(done.focusRetry()).to.equal(false);
    expect(focusedIn(done)).to.equal(null);
  });

  it('focusOpenRequest() focuses the questions of an ask_user call waiting for the person; their answers go out as an AnswerEvent', async () => {
    const el = await message(reply({ status: 'streaming', parts: [askCall] }));
    const answers: AnswerDetail[] = [];
    listen(el, AnswerEvent, (event) => {
      expect(event.composed, 'reaches the chat through the shadow roots').to.equal(true);
      answers.push(event.answer);
    });
    expect(el.focusOpenRequest()).to.equal(true);
    const first = focusedIn(el) as HTMLInputElement;
    expect(first.type).to.equal('radio');
    expect(first.closest('label')!.textContent).to.contain('Small');
    await sendKeys({ press: 'Space' });
    const form = el.shadowRoot!.querySelector('agent-chat-question-form')!;
    form.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    expect(answers).to.deep.equal([{ kind: 'question', toolCallId: 'call-1', answers: { 'Which size?': ['Small'] } }]);

    const answered = await message(reply({ parts: [{ ...askCall, status: 'done', ask: { by: 'form', outcome: 'answered', answers: { 'Which size?': ['Small'] } } }] }));
    expect(answered.focusOpenRequest(), 'nothing waits').to.equal(false);
  });

  it('focusOpenRequest() focuses an approval of its own (scrolled into view when asked), not one already answered', async () => {
    const el = await message(reply({ interrupts: [approval()] }));
    expect(el.focusOpenRequest({ block: 'center' })).to.equal(true);
    expect(focusedIn(el)!.textContent!.trim()).to.equal('Approve');

    const answered = await message(reply({ interrupts: [approval({ response: { status: 'resolved', payload: { approved: true } } })] }));
    expect(answered.focusOpenRequest()).to.equal(false);
  });

  it('focusBranchSwitcher() focuses the first version button that can be pressed; pressing it asks for that version', async () => {
    const el = await message({ role: 'user', id: 'u1', text: 'Hello' }, { branch: { index: 1, count: 2, siblings: ['u1', 'u2'] } });
    const seen = actions(el);
    expect(el.focusBranchSwitcher()).to.equal(true);
    expect(focusedIn(el)!.getAttribute('aria-label'), 'the previous one is disabled on the first version').to.equal('Next version');
    await sendKeys({ press: 'Enter' });
    expect(seen).to.deep.equal([{ kind: 'switch', siblingId: 'u2' }]);
    await expect(el).to.be.accessible();

    const single = await message({ role: 'user', id: 'u3', text: 'Hi' });
    expect(single.focusBranchSwitcher()).to.equal(false);
  });

  it('Edit opens the editor: Save asks for the edit, Cancel returns to Edit, the same text asks nothing', async () => {
    const el = await message({ role: 'user', id: 'u1', text: 'Hello' }, { canEdit: true });
    const seen = actions(el);
    const editButton = () => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="edit-button"]')!;
    const openEditor = async () => {
      editButton().click();
      await waitUntil(() => el.shadowRoot!.querySelector('agent-chat-edit-message'), 'the editor opens');
      await el.shadowRoot!.querySelector('agent-chat-edit-message')!.updateComplete;
    };

    await openEditor();
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('agent-chat-edit-message')).to.equal(null);
    expect(focusedIn(el), 'the keyboard is back on Edit').to.equal(editButton());

    await openEditor();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(seen, 'the text did not change').to.deep.equal([]);

    await openEditor();
    await sendKeys({ type: ' again' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(seen).to.deep.equal([{ kind: 'edit', turnId: 'u1', text: 'Hello again' }]);
    expect(el.shadowRoot!.querySelector('[part~="user-message"]')!.textContent).to.equal('Hello');
  });

  it('toolCard() is the card of the first call; appFrames() lists the frames of its apps', async () => {
    const plain = await message(reply({ parts: [toolCall()] }));
    expect(plain.toolCard()!.call.id).to.equal('call-1');
    expect(plain.appFrames()).to.deep.equal([]);

    const app = { source: 'demo', via: 'page' as const, resourceUri: 'ui://demo/view', failure: 'The server cannot be reached.' };
    const withApps = await message(reply({ parts: [toolCall({ app }), toolCall({ id: 'call-2', name: 'other' }), toolCall({ id: 'call-3', app })] }));
    const cards = [...withApps.shadowRoot!.querySelectorAll('agent-chat-tool-card')];
    expect(withApps.toolCard()).to.equal(cards[0]);
    expect(withApps.appFrames()).to.deep.equal([cards[0], cards[2]].map((card) => card.shadowRoot!.querySelector('agent-chat-app-frame')));
    expect(withApps.appFrames()).to.have.length(2);

    const none = await message({ role: 'user', id: 'u1', text: 'Hi' });
    expect(none.toolCard()).to.equal(undefined);
  });
});
