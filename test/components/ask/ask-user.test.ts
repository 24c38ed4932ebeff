import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { AskUserDeferred, type Question } from '../../../src/ask/ask-user-definition.js';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { chatFixture, deepQuery, deepQueryAll, sendAndWait, settle, textOf, until } from '../helpers.js';

async function requests(scenario: string): Promise<any[]> {
  return (await fetch(`/agui/requests?scenario=${scenario}`)).json();
}

/** The tool message the last request carried for the ask_user call. */
async function lastAnswer(): Promise<any> {
  const all = await requests('ask');
  const tool = all.at(-1).messages.find((message: any) => message.role === 'tool' && message.toolCallId === 'ask-1');
  return tool && JSON.parse(tool.content);
}

const form = (el: AgentChat) => deepQuery(el, 'form[part="question-form"]');
const optionInput = (el: AgentChat, label: string) =>
  deepQueryAll<HTMLLabelElement>(el, 'label.option')
    .find((option) => textOf(option).startsWith(label))!
    .querySelector('input')!;
const submitButton = (el: AgentChat) => deepQuery<HTMLButtonElement>(el, 'form[part="question-form"] button[type="submit"]')!;

/** Waits for the lazily loaded question form to be drawn. */
async function formShown(el: AgentChat) {
  await until(() => !!deepQuery(el, '[part="question-form"]'), 'the question form is drawn');
  await settle(el);
}

async function answerAndWait(el: AgentChat, act: () => void | Promise<void>) {
  const ended = oneEvent(el, 'agent-chat-response-end');
  await act();
  await ended;
  await settle(el);
}

describe('ask_user questions', () => {
  it('shows the questions as a form in the card, waiting for the person, and answers the call in the next run', async () => {
    const el = await chatFixture('/agui/ask');
    await sendAndWait(el, 'Pizza please');
    await formShown(el);
    const card = deepQuery(el, 'agent-chat-tool-card')!;
    expect(textOf(deepQuery(card, '[part="tool-card-status"]'))).to.equal('Waiting for you');
    // The card shows its questions, and its header says so.
    const header = deepQuery<HTMLButtonElement>(card, '[part="tool-card-header"]')!;
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    expect(getComputedStyle(deepQuery(card, '.chevron')!).transform, 'the arrow points down').to.equal('matrix(0, 1, -1, 0, 0, 0)');
    // Folding the card does not hide what waits for the person.
    header.click();
    await settle(el);
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(form(el)!.getClientRects().length, 'the form shows while the card is folded').to.be.greaterThan(0);
    header.click();
    await settle(el);
    const legends = deepQueryAll(el, 'form[part="question-form"] legend').map(textOf);
    expect(legends).to.deep.equal(['Toppings Which toppings do you want?', 'Size Which size?']);
    expect(optionInput(el, 'Cheese').type).to.equal('checkbox');
    expect(optionInput(el, 'Small').type).to.equal('radio');
    // Each option's description is read with it.
    const describedBy = optionInput(el, 'Mushrooms').getAttribute('aria-describedby')!;
    expect(textOf(deepQuery(el, `[id="${describedBy}"]`))).to.equal('Fresh, sliced');
    await expect(el).to.be.accessible();

    optionInput(el, 'Cheese').click();
    optionInput(el, 'Olives').click();
    const others = deepQueryAll<HTMLInputElement>(el, 'input.other-text');
    others[0].focus();
    await sendKeys({ type: 'Basil' });
    optionInput(el, 'Large').click();
    await settle(el);
    await answerAndWait(el, () => submitButton(el).click());

    expect(await lastAnswer()).to.deep.equal({
      answers: [
        { question: 'Which toppings do you want?', selected: ['Cheese', 'Olives'], other: 'Basil' },
        { question: 'Which size?', selected: ['Large'] },
      ],
    });
    expect(form(el)).to.equal(undefined);
    const shown = textOf(deepQuery(el, 'dl[part="question-form"]'));
    expect(shown).to.contain('Cheese, Olives, “Basil”');
    expect(shown).to.contain('Large');
    expect(textOf(deepQuery(card, '[part="tool-card-status"]'))).to.equal('Done');
    expect(el.getTurns()).to.have.length(2, 'the answers continue the same reply');
    // Answered, the questions fold with the card.
    header.click();
    await settle(el);
    expect(deepQuery(el, 'dl[part="question-form"]')!.getClientRects().length).to.equal(0);
  });

  it('works with the keyboard alone: Space picks, Enter in the own-answer field sends', async () => {
    const el = await chatFixture('/agui/ask');
    await sendAndWait(el, 'Pizza please');
    await formShown(el);
    optionInput(el, 'Mushrooms').focus();
    await sendKeys({ press: 'Space' });
    const sizeOther = deepQueryAll<HTMLInputElement>(el, 'input.other-text')[1];
    sizeOther.focus();
    await sendKeys({ type: 'Medium' });
    await settle(el);
    expect(deepQueryAll<HTMLInputElement>(el, '.option input').filter((input) => input.checked).length).to.equal(2, 'writing an own answer ticks Other');
    await answerAndWait(el, () => sendKeys({ press: 'Enter' }));
    expect((await lastAnswer()).answers).to.deep.equal([
      { question: 'Which toppings do you want?', selected: ['Mushrooms'] },
      { question: 'Which size?', selected: [], other: 'Medium' },
    ]);
    expect(deepQuery(el, 'textarea')!.matches(':focus') || el.shadowRoot!.activeElement?.localName === 'agent-chat-composer').to.equal(true);
  });

  it('says what is missing instead of sending: nothing chosen, or Other ticked with no text', async () => {
    const el = await chatFixture('/agui/ask');
    await sendAndWait(el, 'Pizza please');
    await formShown(el);
    const before = (await requests('ask')).length;
    submitButton(el).click();
    await settle(el);
    expect(textOf(deepQuery(el, 'form [role="alert"]'))).to.equal('Choose an answer to at least one question, or write in the chat instead.');

    const otherBox = deepQuery<HTMLInputElement>(el, '.option.other input[type="checkbox"]')!;
    otherBox.click();
    submitButton(el).click();
    await settle(el);
    const ownField = deepQueryAll<HTMLInputElement>(el, 'input.other-text')[0];
    expect(ownField.getAttribute('aria-invalid')).to.equal('true');
    expect(textOf(deepQuery(el, 'form [role="alert"]'))).to.contain('Write your own answer to “Which toppings do you want?”');
    expect(deepQueryAll(el, 'form[part="question-form"] input').some((input) => input.matches(':focus'))).to.equal(true);
    await expect(el).to.be.accessible();
    expect((await requests('ask')).length).to.equal(before, 'nothing was sent');
  });

  it('a message typed instead answers the call "deferred", and goes in the same run', async () => {
    const el = await chatFixture('/agui/ask');
    await sendAndWait(el, 'Pizza please');
    await formShown(el);
    await sendAndWait(el, 'A small one with cheese');
    const last = (await requests('ask')).at(-1);
    expect(last.messages.map((message: any) => message.role)).to.deep.equal(['user', 'assistant', 'tool', 'user']);
    expect(last.messages.find((message: any) => message.role === 'tool').content).to.equal('{"status":"deferred"}');
    expect(textOf(deepQuery(el, '[part="question-form"]'))).to.equal('Answered in the chat instead.');
    const reply = el.getTurns().at(-1) as any;
    expect(reply.parts.map((part: any) => part.text).join('')).to.contain('You wrote: A small one with cheese');
  });

  it('takes answers from the askUser handler, with the default context from agent-id and session-id', async () => {
    const el = await chatFixture('/agui/ask');
    el.setAttribute('agent-id', 'pizza-bot');
    el.setAttribute('session-id', 's-42');
    const calls: unknown[][] = [];
    el.askUser = async (questions: Question[], context: unknown) => {
      calls.push([questions.map((question) => question.header), context]);
      return { 'Which size?': ['Small'] };
    };
    await sendAndWait(el, 'Pizza please');
    await formShown(el);
    await until(() => (el.getTurns()[1] as any).parts.some((part: any) => part.kind === 'text' && part.text.startsWith('The answers')), 'the reply went on');
    await settle(el);
    expect(calls).to.deep.equal([[['Toppings', 'Size'], { agentId: 'pizza-bot', sessionId: 's-42' }]]);
    expect((await lastAnswer()).answers[1]).to.deep.equal({ question: 'Which size?', selected: ['Small'] });
    expect(form(el)).to.equal(undefined);
    expect(textOf(deepQuery(el, 'dl[part="question-form"]'))).to.contain('Small');
    const body = (await requests('ask')).at(-1);
    expect(body.forwardedProps).to.deep.equal({ 'agent-chat': { agentId: 'pizza-bot', sessionId: 's-42' } });
  });

  it('askUserContext may be an object or a function called each time', async () => {
    const el = await chatFixture('/agui/ask');
    const seen: unknown[] = [];
    let n = 0;
    el.askUserContext = () => ({ call: ++n });
    el.askUser = (_questions: Question[], context: unknown) => {
      seen.push(context);
      return {};
    };
    await sendAndWait(el, 'one');
    await formShown(el);
    await until(() => seen.length === 1, 'asked once');
    el.askUserContext = { fixed: true };
    await settle(el);
    el.setTurns([]);
    await sendAndWait(el, 'two');
    await until(() => seen.length === 2, 'asked twice');
    expect(seen).to.deep.equal([{ call: 1 }, { fixed: true }]);
  });

  it('shows the error and tells the model when the handler answers a question that was not asked', async () => {
    const el = await chatFixture('/agui/ask');
    el.askUser = () => ({ 'Which crust?': ['Thin'] });
    await sendAndWait(el, 'Pizza please');
    await formShown(el);
    await until(() => !!deepQuery(el, 'p.error[part="question-form"]'), 'the error shows');
    await settle(el);
    const shown = textOf(deepQuery(el, 'p.error[part="question-form"]'));
    expect(shown).to.match(/^The answers could not be collected: The answers name "Which crust\?"/);
    expect(shown.match(/could not be collected/g)).to.have.length(1, 'said once');
    const tool = (await requests('ask')).at(-1).messages.find((message: any) => message.role === 'tool');
    expect(tool.content).to.match(/^The answers could not be collected/);
    expect(tool.error).to.equal(tool.content);
    await expect(el).to.be.accessible();
  });

  it('AskUserDeferred: the card says the answers come with the next message', async () => {
    const el = await chatFixture('/agui/ask');
    el.askUser = () => AskUserDeferred;
    await sendAndWait(el, 'Pizza please');
    await formShown(el);
    expect(textOf(deepQuery(el, '[part="question-form"]'))).to.equal('Answer in your next message.');
    await sendAndWait(el, 'Large, no olives');
    const tool = (await requests('ask')).at(-1).messages.find((message: any) => message.role === 'tool');
    expect(tool.content).to.equal('{"status":"deferred"}');
  });

  it('a question whose text is "__proto__" is answered like any other', async () => {
    const questions = [{ question: '__proto__', header: 'Odd', options: [{ label: 'A' }, { label: 'B' }] }];
    const el = await chatFixture(`/agui/ask?questions=${encodeURIComponent(JSON.stringify(questions))}`);
    await sendAndWait(el, 'Pizza please');
    await formShown(el);
    optionInput(el, 'B').click();
    await answerAndWait(el, () => submitButton(el).click());
    expect((await lastAnswer()).answers).to.deep.equal([{ question: '__proto__', selected: ['B'] }]);
  });

  it('an open question survives setTurns() into a new chat and can still be answered there', async () => {
    const first = await chatFixture('/agui/ask');
    await sendAndWait(first, 'Pizza please');
    await formShown(first);
    const saved = first.getTurns();
    const second = await chatFixture('/agui/ask');
    second.setTurns(saved);
    await formShown(second);
    expect(form(second)).to.exist;
    optionInput(second, 'Small').click();
    await answerAndWait(second, () => submitButton(second).click());
    expect((await lastAnswer()).answers[1]).to.deep.equal({ question: 'Which size?', selected: ['Small'] });
  });
});
