import { expect, fixture, html } from '@open-wc/testing';
import type { Question } from '../../../src/ask/ask-user-definition.js';
import '../../../src/components/question-form/question-form.js';
import type { AgentChatQuestionForm } from '../../../src/components/question-form/question-form.js';

const asked = (): Question[] => [
  { question: 'Which activities?', header: 'Activities', multiSelect: true, options: [{ label: 'Hiking' }, { label: 'Food tours' }] },
  { question: 'How long?', header: 'Length', multiSelect: false, options: [{ label: 'A weekend' }, { label: 'One week' }] },
];
const box = (el: AgentChatQuestionForm, label: string) =>
  [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input')].find((input) => input.closest('label')?.textContent?.includes(label))!;

describe('<agent-chat-question-form>', () => {
  it('keeps what the person chose when the chat draws the same questions again (a new array), not when they change', async () => {
    const el = await fixture<AgentChatQuestionForm>(html`<agent-chat-question-form .questions=${asked()}></agent-chat-question-form>`);
    box(el, 'Hiking').click();
    box(el, 'One week').click();
    await el.updateComplete;
    el.questions = asked();
    await el.updateComplete;
    expect([box(el, 'Hiking').checked, box(el, 'Food tours').checked, box(el, 'One week').checked]).to.deep.equal([true, false, true]);
    const other = asked();
    other[0].options.push({ label: 'Kayaking' });
    el.questions = other;
    await el.updateComplete;
    expect([box(el, 'Hiking').checked, box(el, 'One week').checked]).to.deep.equal([false, false]);
  });

  it('is accessible asking (a choice made) and once answered', async () => {
    const el = await fixture<AgentChatQuestionForm>(html`<agent-chat-question-form .questions=${asked()}></agent-chat-question-form>`);
    box(el, 'Hiking').click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const answered = await fixture<AgentChatQuestionForm>(
      html`<agent-chat-question-form .mode=${'answered'} .questions=${asked()} .answers=${{ 'Which activities?': ['Hiking'], 'How long?': ['One week'] }}></agent-chat-question-form>`,
    );
    expect(answered.shadowRoot!.querySelector('dl')).to.exist;
    await expect(answered).to.be.accessible();
  });
});
