import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';

/*
 * The page registered two of the chat's colour names before the script loaded: one with another
 * syntax, one as a colour that does not inherit. (This file imports the chat only in `before`.)
 */
CSS.registerProperty({ name: '--_agent-chat-accent', syntax: '<length>', inherits: false, initialValue: '0px' });
CSS.registerProperty({ name: '--_agent-chat-text', syntax: '<color>', inherits: false, initialValue: 'rgb(255, 0, 0)' });

const shadowQuery = (el: Element, selector: string): HTMLElement => {
  const composer = el.shadowRoot!.querySelector('agent-chat-composer')!;
  return (composer.shadowRoot!.querySelector(selector) ?? el.shadowRoot!.querySelector(selector)) as HTMLElement;
};

describe('colour names registered before the chat loads, and a second load', () => {
  before(async () => {
    await import('../../../src/index.js');
  });

  it('loads without throwing, and reads the names it could not register as before', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat theme="light" storage="none" endpoint="/agui/basic"></agent-chat>`);
    await el.updateComplete;
    const send = () => getComputedStyle(shadowQuery(el, '[part="send-button"]'));
    const base = () => getComputedStyle(shadowQuery(el, '[part="base"]'));
    expect(send().backgroundColor).to.equal('rgb(47, 91, 211)');
    expect(base().color).to.equal('rgb(29, 31, 36)');
    el.style.setProperty('--agent-chat-color-accent', 'rgb(10, 120, 30)');
    el.style.setProperty('--agent-chat-color-text', 'rgb(1, 2, 3)');
    expect(send().backgroundColor).to.equal('rgb(10, 120, 30)');
    expect(base().color).to.equal('rgb(1, 2, 3)');
    // The names it registered still fall back from a value that is no colour.
    el.style.setProperty('--agent-chat-color-background', '1');
    el.style.setProperty('--agent-chat-color-accent-text', '12px');
    expect(base().backgroundColor).to.equal('rgb(255, 255, 255)');
    expect(send().color).to.equal('rgb(255, 255, 255)');
  });

  it('loads a second copy without throwing: its colours read unregistered, the first copy’s stay registered', async () => {
    const url = new URL('../../../src/styles/tokens.ts', import.meta.url).href + '?second-load';
    const second = (await import(/* @vite-ignore */ url)) as typeof import('../../../src/styles/tokens.js');
    const text = second.tokens.cssText;
    expect(text).to.include('--_bg:var(--agent-chat-color-background,light-dark(#ffffff,#17181c))');
    expect(text).not.to.include('--_agent-chat-bg');
    expect(() => CSS.registerProperty({ name: '--_agent-chat-bg', syntax: '<color>', inherits: true, initialValue: 'red' })).to.throw();
    const el = await fixture<AgentChat>(html`<agent-chat theme="dark" storage="none" endpoint="/agui/basic" style="--agent-chat-color-accent-text: 1"></agent-chat>`);
    await el.updateComplete;
    expect(getComputedStyle(shadowQuery(el, '[part="send-button"]')).color).to.equal('rgb(15, 19, 32)');
  });
});
