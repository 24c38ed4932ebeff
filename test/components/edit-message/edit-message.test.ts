import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/components/edit-message/edit-message.js';
import type { AgentChatEditMessage } from '../../../src/components/edit-message/edit-message.js';
import { EditDoneEvent } from '../../../src/internal/view-events.js';
import { recordInside } from '../internal-events.js';

/** What each EditDoneEvent carried: the new text, or undefined for a cancel. */
const outcomes = (el: AgentChatEditMessage) => recordInside(el, EditDoneEvent, (event) => event.text);

const editor = (text: string) => fixture<AgentChatEditMessage>(html`<agent-chat-edit-message .text=${text}></agent-chat-edit-message>`);
const textarea = (el: AgentChatEditMessage) => el.shadowRoot!.querySelector('textarea')!;
const buttonNamed = (el: AgentChatEditMessage, name: string) => [...el.shadowRoot!.querySelectorAll('button')].find((button) => button.textContent!.trim() === name)!;

describe('<agent-chat-edit-message>', () => {
  it('opens on the text with the caret at its end; Send and Enter save the trimmed text', async () => {
    const el = await editor('Book a table');
    const done = outcomes(el);
    const input = textarea(el);
    expect(el.shadowRoot!.activeElement).to.equal(input);
    expect(input.getAttribute('aria-label')).to.equal('Edit your message');
    expect([input.selectionStart, input.selectionEnd]).to.deep.equal([12, 12]);
    await expect(el).to.be.accessible();

    await sendKeys({ type: ' for two  ' });
    await sendKeys({ press: 'Enter' });
    expect(done).to.deep.equal(['Book a table for two']);

    buttonNamed(el, 'Send').click();
    expect(done).to.deep.equal(['Book a table for two', 'Book a table for two']);
  });

  it('Cancel and Escape tell the chat without a text; an empty text cannot be saved', async () => {
    const el = await editor('Hello');
    const done = outcomes(el);
    buttonNamed(el, 'Cancel').click();
    textarea(el).focus();
    await sendKeys({ press: 'Escape' });
    expect(done).to.deep.equal([undefined, undefined]);

    textarea(el).select();
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(buttonNamed(el, 'Send').disabled).to.equal(true);
    await sendKeys({ press: 'Enter' });
    expect(done, 'nothing saved').to.have.length(2);
  });
});
