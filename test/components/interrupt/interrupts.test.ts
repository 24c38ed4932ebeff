import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { chatFixture, deepQuery, deepQueryAll, sendAndWait, settle, textOf, until } from '../helpers.js';

async function requests(scenario: string): Promise<any[]> {
  return (await fetch(`/agui/requests?scenario=${scenario}`)).json();
}

const buttonNamed = (root: Element, name: string) => deepQueryAll<HTMLButtonElement>(root, 'button').find((button) => textOf(button) === name);

async function resumed(el: AgentChat, act: () => unknown) {
  const ended = oneEvent(el, 'agent-chat-response-end');
  await act();
  await ended;
  await settle(el);
}

/** Waits until the lazily loaded request views are drawn. */
async function requestsDrawn(el: AgentChat, count: number) {
  await until(() => deepQueryAll(el, 'agent-chat-interrupt').filter((item) => item.shadowRoot?.querySelector('section')).length >= count, 'the requests are drawn');
  await settle(el);
}

describe('interrupts: approvals', () => {
  it('show Approve / Deny / Edit on the tool call with its arguments, and resume with the approval', async () => {
    const el = await chatFixture('/agui/approval');
    await sendAndWait(el, 'clean up');
    await requestsDrawn(el, 1);
    const card = deepQuery(el, 'agent-chat-tool-card')!;
    expect(card.querySelector('agent-chat-interrupt'), 'the approval is in the card').to.exist;
    const approval = deepQuery(card.querySelector('agent-chat-interrupt')!, '[part="approval"]')!;
    expect(textOf(approval)).to.contain('Delete everything under /tmp/old?');
    expect(textOf(deepQuery(approval, 'pre.args'))).to.contain('"recursive": true');
    expect(textOf(deepQuery(card, '[part="tool-card-status"]'))).to.equal('Waiting for you');
    expect(['Approve', 'Deny', 'Edit arguments'].every((name) => buttonNamed(approval, name))).to.equal(true);
    await expect(el).to.be.accessible();

    await resumed(el, () => buttonNamed(approval, 'Approve')!.click());
    const resume = (await requests('approval')).at(-1).resume;
    expect(resume).to.deep.equal([{ interruptId: 'approve-1', status: 'resolved', payload: { approved: true } }]);
    expect(textOf(deepQuery(el, '[part="approval"] .outcome'))).to.equal('Approved');
    expect(textOf(deepQuery(card, '[part="tool-card-status"]'))).to.equal('Done');
    const reply = el.getTurns()[1] as any;
    expect(reply.parts.find((part: any) => part.id === 'del-1').result).to.equal('Deleted {"path":"/tmp/old","recursive":true}.');
    // The card shows the approval's outcome and the call's result under it.
    expect((card as HTMLElement & { open: boolean }).open, 'a card with a request starts open').to.equal(true);
    const result = card.shadowRoot!.querySelector('agent-chat-rich-result');
    expect(result?.shadowRoot?.textContent, 'the result under the answered approval').to.contain('Deleted {"path":"/tmp/old","recursive":true}.');
  });

  it('Deny takes an optional reason, sent in the payload the schema has room for', async () => {
    const el = await chatFixture('/agui/approval');
    await sendAndWait(el, 'clean up');
    await requestsDrawn(el, 1);
    const approval = deepQuery(el, '[part="approval"]')!;
    buttonNamed(approval, 'Deny')!.click();
    await settle(el);
    const reason = deepQuery<HTMLTextAreaElement>(approval, 'textarea')!;
    expect(reason.matches(':focus')).to.equal(true, 'the reason field takes the keyboard');
    await sendKeys({ type: 'Keep the logs' });
    await resumed(el, () => buttonNamed(approval, 'Deny')!.click());
    expect((await requests('approval')).at(-1).resume).to.deep.equal([{ interruptId: 'approve-1', status: 'resolved', payload: { approved: false, reason: 'Keep the logs' } }]);
    expect(textOf(deepQuery(el, '[part="approval"] .outcome'))).to.equal('Denied: Keep the logs');
    // The backend reported a result for it, but the call did not run: its card says so.
    const status = deepQuery(deepQuery(el, 'agent-chat-tool-card')!, '[part="tool-card-status"]')!;
    expect(textOf(status)).to.equal('Denied');
    expect(status.dataset.status).to.equal('cancelled');
  });

  it('Edit arguments shows a form filled with the current ones; approving sends them as editedArgs', async () => {
    const el = await chatFixture('/agui/approval');
    await sendAndWait(el, 'clean up');
    await requestsDrawn(el, 1);
    const approval = deepQuery(el, '[part="approval"]')!;
    buttonNamed(approval, 'Edit arguments')!.click();
    await settle(el);
    const schemaForm = deepQuery(approval, 'agent-chat-schema-form')!;
    const path = deepQueryAll<HTMLInputElement>(schemaForm, 'input').find((input) => input.type === 'text')!;
    expect(path.value).to.equal('/tmp/old');
    const recursive = deepQueryAll<HTMLInputElement>(schemaForm, 'input').find((input) => input.type === 'checkbox')!;
    expect(recursive.checked).to.equal(true);
    path.focus();
    path.select();
    await sendKeys({ type: '/tmp/old/cache' });
    recursive.click();
    await settle(el);
    await expect(el).to.be.accessible();
    await resumed(el, () => buttonNamed(schemaForm, 'Approve with these arguments')!.click());
    expect((await requests('approval')).at(-1).resume[0].payload).to.deep.equal({ approved: true, editedArgs: { path: '/tmp/old/cache', recursive: false } });
    expect(textOf(deepQuery(el, '[part="approval"] .outcome'))).to.equal('Approved with changed arguments');
  });

  it('holds new input while the approval waits, saying why and keeping the text', async () => {
    const el = await chatFixture('/agui/approval');
    await sendAndWait(el, 'clean up');
    await requestsDrawn(el, 1);
    const before = (await requests('approval')).length;
    const input = deepQuery<HTMLTextAreaElement>(el, 'textarea')!;
    input.focus();
    await sendKeys({ type: 'actually, wait' });
    await sendKeys({ press: 'Enter' });
    await settle(el);
    const notice = deepQuery(el, '[part="held-notice"]')!;
    expect(notice.parentElement!.getAttribute('role')).to.equal('status', 'announced from a live region that was there before');
    expect(textOf(notice)).to.equal('The agent is waiting for your answer above; your message stays here. Go to it');
    // "Go to it" takes the keyboard to the approval.
    (notice.querySelector('button') as HTMLButtonElement).click();
    await settle(el);
    expect(deepQuery(el, 'agent-chat-interrupt')!.shadowRoot!.activeElement?.textContent?.trim()).to.equal('Approve');
    expect(input.value).to.equal('actually, wait');
    expect(await el.send('another')).to.equal(null);
    expect((await requests('approval')).length).to.equal(before);

    await resumed(el, () => buttonNamed(deepQuery(el, '[part="approval"]')!, 'Approve')!.click());
    expect(deepQuery(el, '[part="held-notice"]')).to.equal(undefined);
    await sendAndWait(el, 'now it goes');
  });

  it('nothing may be added after a paused reply: addTurn() and appendAppCard() say why', async () => {
    const el = await chatFixture('/agui/approval');
    await sendAndWait(el, 'clean up');
    expect(() => el.addTurn({ role: 'assistant', id: 'x', status: 'done', parts: [] } as never)).to.throw(/waits for answers/);
    let refused: unknown;
    await el.appendAppCard({ source: 'none', tool: 'x' }).catch((error) => (refused = error));
    expect(String(refused)).to.match(/waits for answers/);
  });

  it('an open approval survives setTurns() into a new chat on the same thread, and answering it there resumes', async () => {
    const first = await chatFixture('/agui/approval');
    await sendAndWait(first, 'clean up');
    const saved = first.getTurns();
    const second = await chatFixture('/agui/approval', { threadId: first.threadId });
    second.setTurns(saved);
    await requestsDrawn(second, 1);
    expect(await second.send('hello?')).to.equal(null, 'still held');
    await resumed(second, () => buttonNamed(deepQuery(second, '[part="approval"]')!, 'Approve')!.click());
    const last = (await requests('approval')).at(-1);
    expect(last.threadId).to.equal(first.threadId);
    expect(last.resume).to.deep.equal([{ interruptId: 'approve-1', status: 'resolved', payload: { approved: true } }]);
    expect((second.getTurns()[1] as any).parts.find((part: any) => part.id === 'del-1').status).to.equal('done');
  });

  it('says when the request expired, and then holds nothing', async () => {
    const el = await chatFixture('/agui/approval?expiresIn=700');
    await sendAndWait(el, 'clean up');
    await requestsDrawn(el, 1);
    expect(textOf(deepQuery(el, '[part="approval"]'))).to.match(/Answer by /);
    await until(() => textOf(deepQuery(el, '[part="approval"]')).includes('This request expired'), 'it expires', 3000);
    expect(buttonNamed(deepQuery(el, '[part="approval"]')!, 'Approve')).to.equal(undefined);
    await sendAndWait(el, 'something else');
    const last = (await requests('approval')).at(-1);
    expect(last.resume).to.deep.equal([{ interruptId: 'approve-1', status: 'cancelled', metadata: { 'agent-chat': { expired: true } } }]);
    const call = (el.getTurns()[1] as any).parts.find((part: any) => part.id === 'del-1');
    expect(call.status).to.equal('not-completed');
  });
});

describe('interrupts: approvals with schemas of their own', () => {
  it('an approval Approve / Deny cannot answer is the form built from its schema, never stuck', async () => {
    const schema = { type: 'object', properties: { decision: { type: 'string', enum: ['approve', 'reject'] } }, required: ['decision'] };
    const el = await chatFixture(`/agui/approval-schema?schema=${encodeURIComponent(JSON.stringify(schema))}`);
    await sendAndWait(el, 'pay it');
    await requestsDrawn(el, 1);
    expect(deepQuery(el, '[part="approval"]')).to.equal(undefined);
    const form = deepQuery(el, '[part="input-request"]')!;
    deepQueryAll<HTMLInputElement>(form, 'input[type="radio"]')
      .find((radio) => textOf(radio.closest('label')!) === 'reject')!
      .click();
    await resumed(el, () => buttonNamed(deepQuery(form, 'agent-chat-schema-form')!, 'Send')!.click());
    expect((await requests('approval-schema')).at(-1).resume).to.deep.equal([{ interruptId: 'pay', status: 'resolved', payload: { decision: 'reject' } }]);
  });

  it('an approval whose schema wants more than a yes says why in the chat’s language, and can be skipped', async () => {
    const schema = { type: 'object', properties: { approved: { type: 'boolean' }, ticket: { type: 'string' } }, required: ['approved', 'ticket'] };
    const el = await chatFixture(`/agui/approval-schema?schema=${encodeURIComponent(JSON.stringify(schema))}`);
    el.lang = 'de';
    await sendAndWait(el, 'pay it');
    await requestsDrawn(el, 1);
    const approval = deepQuery(el, '[part="approval"]')!;
    buttonNamed(approval, 'Genehmigen')!.click();
    await settle(el);
    expect(textOf(deepQuery(approval, '[role="alert"]'))).to.equal('ticket: ist erforderlich');
    await resumed(el, () => buttonNamed(approval, 'Überspringen')!.click());
    expect((await requests('approval-schema')).at(-1).resume).to.deep.equal([{ interruptId: 'pay', status: 'cancelled' }]);
  });

  it('the page’s form texts go over the language’s', async () => {
    const schema = { type: 'object', properties: { approved: { type: 'boolean' }, ticket: { type: 'string' } }, required: ['approved', 'ticket'] };
    const el = await chatFixture(`/agui/approval-schema?schema=${encodeURIComponent(JSON.stringify(schema))}`);
    el.lang = 'de';
    el.strings = { form: { errorRequired: 'fehlt noch' } };
    await sendAndWait(el, 'pay it');
    await requestsDrawn(el, 1);
    const approval = deepQuery(el, '[part="approval"]')!;
    buttonNamed(approval, 'Genehmigen')!.click();
    await settle(el);
    expect(textOf(deepQuery(approval, '[role="alert"]'))).to.equal('ticket: fehlt noch');
    expect(textOf(approval), 'the rest stays German').to.contain('Überspringen');
  });
});

describe('interrupts: several at once', () => {
  it('an approval, a generated form and questions: each answered in place, all sent together', async () => {
    const el = await chatFixture('/agui/interrupts');
    await sendAndWait(el, 'file it');
    await requestsDrawn(el, 3);
    const approval = deepQuery(el, '[part="approval"]')!;
    const inputForm = deepQuery(el, '[part="input-request"]')!;
    const questions = deepQuery(el, 'agent-chat-question-form')!;
    expect(deepQuery(el, 'agent-chat-tool-card')!.querySelector('agent-chat-interrupt'), 'the approval is on its call').to.exist;
    expect(textOf(inputForm)).to.contain('Please provide the quarterly filing details.');
    expect(textOf(deepQuery(questions, 'legend'))).to.equal('Size Which size?');
    await expect(el).to.be.accessible();

    buttonNamed(approval, 'Approve')!.click();
    await settle(el);
    expect(textOf(approval)).to.contain('Your answer is kept until the other requests are answered.');
    expect((await requests('interrupts')).length).to.equal(1);

    // The generated form checks before sending.
    const schemaForm = deepQuery(inputForm, 'agent-chat-schema-form')!;
    const year = deepQueryAll<HTMLInputElement>(schemaForm, 'input').find((input) => input.type === 'number')!;
    year.focus();
    await sendKeys({ type: '1999' });
    buttonNamed(schemaForm, 'Send')!.click();
    await settle(el);
    expect(deepQuery(schemaForm, '[role="alert"]'), 'the problems are announced').to.exist;
    expect((await requests('interrupts')).length).to.equal(1);
    deepQueryAll<HTMLInputElement>(schemaForm, 'input[type="radio"]')
      .find((radio) => radio.value === 'Q2' || textOf(radio.closest('label')!) === 'Q2')!
      .click();
    year.select();
    await sendKeys({ type: '2026' });
    buttonNamed(schemaForm, 'Send')!.click();
    await settle(el);

    const smallOption = deepQueryAll<HTMLLabelElement>(el, 'label.option').find((option) => textOf(option).startsWith('Small'))!;
    smallOption.querySelector('input')!.click();
    await resumed(el, () => buttonNamed(deepQuery(el, 'agent-chat-question-form')!, 'Send answers')!.click());

    const resume = (await requests('interrupts')).at(-1).resume;
    expect(resume).to.deep.equal([
      { interruptId: 'i-approve', status: 'resolved', payload: { approved: true } },
      { interruptId: 'i-form', status: 'resolved', payload: { quarter: 'Q2', year: 2026 } },
      { interruptId: 'i-ask', status: 'resolved', payload: { 'Which size?': ['Small'] } },
    ]);
    expect(textOf(deepQueryAll(el, 'agent-chat-markdown').at(-1))).to.contain('Resumed with');
  });

  it('Skip answers an input request "cancelled"', async () => {
    const el = await chatFixture('/agui/interrupts');
    await sendAndWait(el, 'file it');
    await requestsDrawn(el, 3);
    buttonNamed(deepQuery(el, '[part="approval"]')!, 'Deny')!.click();
    await settle(el);
    buttonNamed(deepQuery(el, '[part="approval"]')!, 'Deny')!.click();
    await settle(el);
    const skips = deepQueryAll<HTMLButtonElement>(el, 'button').filter((button) => textOf(button) === 'Skip');
    expect(skips).to.have.length(2);
    skips[0].click();
    await settle(el);
    await resumed(el, () =>
      deepQueryAll<HTMLButtonElement>(el, 'button')
        .filter((button) => textOf(button) === 'Skip')[0]
        .click(),
    );
    expect((await requests('interrupts')).at(-1).resume).to.deep.equal([
      { interruptId: 'i-approve', status: 'resolved', payload: { approved: false } },
      { interruptId: 'i-form', status: 'cancelled' },
      { interruptId: 'i-ask', status: 'cancelled' },
    ]);
    expect(deepQueryAll(el, '.outcome').map(textOf)).to.include.members(['Denied', 'Skipped']);
  });

  it('a malformed interrupt outcome is a visible error', async () => {
    const el = await chatFixture('/agui/interrupt-empty');
    await sendAndWait(el, 'go');
    expect(textOf(deepQuery(el, '[part="error"]'))).to.contain('named no interrupts');
  });
});

describe('interrupts raised by a subagent', () => {
  it('show inside its block: the approval on its card, the confirmation in the block; both resume it', async () => {
    const el = await chatFixture('/agui/subagent-approval');
    await sendAndWait(el, 'email the team');
    await requestsDrawn(el, 2);
    const block = deepQuery(el, 'agent-chat-activity')!;
    expect(textOf(deepQuery(block, '.status'))).to.equal('Waiting for you');
    const activityCard = deepQuery(block, 'agent-chat-tool-card')!;
    const onCard = activityCard.querySelector('agent-chat-interrupt')!;
    expect(onCard, 'the approval is on the subagent card').to.exist;
    const approval = deepQuery(onCard, '[part="approval"]')!;
    expect(textOf(approval)).to.contain('Let the mailer email the team?');
    const confirmation = deepQueryAll(block, '[part="approval"]').find((item) => textOf(item).includes('Also copy you in?'))!;
    expect(confirmation, 'the confirmation is in the block').to.exist;
    await expect(el).to.be.accessible();

    buttonNamed(approval, 'Approve')!.click();
    await settle(el);
    buttonNamed(confirmation, 'Deny')!.click();
    await settle(el);
    await resumed(el, () => buttonNamed(confirmation, 'Deny')!.click());
    expect((await requests('subagent-approval')).at(-1).resume).to.deep.equal([
      { interruptId: 'sub-approve', status: 'resolved', payload: { approved: true } },
      { interruptId: 'sub-confirm', status: 'resolved', payload: false },
    ]);
    const reply = el.getTurns()[1] as any;
    expect(reply.subagents[0].status).to.equal('done');
    expect(reply.parts.find((part: any) => part.id === 'mail-1')).to.deep.include({ status: 'done', result: 'Sent.' });
  });

  it('with activity hidden, still show at the reply', async () => {
    const el = await chatFixture('/agui/subagent-approval');
    el.showActivity = false;
    await sendAndWait(el, 'email the team');
    await requestsDrawn(el, 2);
    expect(deepQuery(el, 'agent-chat-activity')).to.equal(undefined);
    const standalone = deepQueryAll(el, 'agent-chat-interrupt[standalone]');
    expect(standalone).to.have.length(2);
  });
});
