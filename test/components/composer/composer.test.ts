import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/components/composer/composer.js';
import type { AgentChatComposer } from '../../../src/components/composer/composer.js';
import { ComposerSendEvent, ComposerStopEvent } from '../../../src/internal/view-events.js';
import { recordInside } from '../internal-events.js';

const textarea = (el: AgentChatComposer) => el.shadowRoot!.querySelector('textarea')!;
const button = (el: AgentChatComposer, part: 'send-button' | 'stop-button') => el.shadowRoot!.querySelector<HTMLButtonElement>(`[part="${part}"]`);

/** The texts sent, in order. */
const sends = (el: AgentChatComposer) => recordInside(el, ComposerSendEvent, (event) => event.text);

describe('<agent-chat-composer>', () => {
  it('sends the trimmed text on Enter; Shift+Enter adds a line; the keyboard stays in the text area', async () => {
    const el = await fixture<AgentChatComposer>(html`<agent-chat-composer></agent-chat-composer>`);
    const sent = sends(el);
    el.focus();
    expect(el.shadowRoot!.activeElement, 'focus() focuses the text area').to.equal(textarea(el));
    await sendKeys({ type: '  first line' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'second line  ' });
    expect(sent, 'Shift+Enter does not send').to.deep.equal([]);
    await sendKeys({ press: 'Enter' });
    expect(sent).to.deep.equal(['first line\nsecond line']);
    expect(el.shadowRoot!.activeElement).to.equal(textarea(el));
    expect(textarea(el).value, 'the draft stays until the chat accepts it').to.equal('  first line\nsecond line  ');

    el.clear();
    await el.updateComplete;
    expect(textarea(el).value).to.equal('');
    expect(button(el, 'send-button')!.disabled, 'nothing to send').to.equal(true);
    await sendKeys({ press: 'Enter' });
    expect(sent, 'an empty draft is not sent').to.have.length(1);
    await expect(el).to.be.accessible();
  });

  it('sends with the Send button, which is disabled until there is text', async () => {
    const el = await fixture<AgentChatComposer>(html`<agent-chat-composer></agent-chat-composer>`);
    const sent = sends(el);
    expect(textarea(el).getAttribute('aria-label')).to.equal('Message');
    expect(button(el, 'send-button')!.disabled).to.equal(true);
    textarea(el).focus();
    await sendKeys({ type: 'Hello' });
    await el.updateComplete;
    expect(button(el, 'send-button')!.disabled).to.equal(false);
    button(el, 'send-button')!.click();
    expect(sent).to.deep.equal(['Hello']);
    expect(el.shadowRoot!.activeElement, 'the keyboard goes back to the text area').to.equal(textarea(el));
  });

  it('while busy: Send (beside Stop) sends a draft to be queued, and Stop tells the chat', async () => {
    const el = await fixture<AgentChatComposer>(html`<agent-chat-composer busy></agent-chat-composer>`);
    const sent = sends(el);
    const stops = recordInside(el, ComposerStopEvent, () => 'stop');
    expect(button(el, 'send-button')!.disabled, 'nothing to send').to.equal(true);
    textarea(el).focus();
    await sendKeys({ type: 'Next question' });
    await el.updateComplete;
    expect(button(el, 'send-button')!.disabled, 'a draft can be sent while a reply streams').to.equal(false);
    expect(button(el, 'stop-button'), 'Stop still shows').to.exist;
    await sendKeys({ press: 'Enter' });
    expect(sent).to.deep.equal(['Next question']);
    expect(el.shadowRoot!.activeElement).to.equal(textarea(el));
    el.clear();
    await el.updateComplete;

    const stop = button(el, 'stop-button')!;
    expect(stop.textContent!.trim()).to.equal('Stop');
    stop.focus();
    await sendKeys({ press: 'Enter' });
    expect(stops).to.have.length(1);
    expect(el.shadowRoot!.activeElement, 'Stop goes away: the keyboard is in the text area').to.equal(textarea(el));
    await expect(el).to.be.accessible();

    el.busy = false;
    await el.updateComplete;
    expect(button(el, 'stop-button')).to.equal(null);
    await sendKeys({ type: 'After' });
    await sendKeys({ press: 'Enter' });
    expect(sent).to.deep.equal(['Next question', 'After']);
  });
});
