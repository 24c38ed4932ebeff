import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { deepQuery, sendAndWait } from '../helpers.js';

/**
 * The chat's own focus ring (2 px in the accent colour), not the browser's, on what the keyboard
 * reaches that is not a button: a link in a reply, and the log itself (it scrolls, so it takes focus).
 */

const ACCENT = 'rgb(170, 0, 85)';

/** The element that has the keyboard, looking into shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Presses Tab until `target` has the keyboard (as a keyboard user reaches it). */
async function tabTo(target: Element, most = 40): Promise<void> {
  for (let i = 0; i < most && deepActive() !== target; i++) await sendKeys({ press: 'Tab' });
  expect(deepActive(), `Tab reaches <${target.localName}>`).to.equal(target);
}

function expectChatRing(element: Element) {
  expect(element.matches(':focus-visible'), 'focus-visible').to.equal(true);
  const style = getComputedStyle(element);
  expect({ style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor }).to.deep.equal({ style: 'solid', width: '2px', color: ACCENT });
}

describe('focus ring', () => {
  it('a link in a reply and the log show the chat’s ring when reached by Tab', async () => {
    const before = await fixture<HTMLButtonElement>(html`<button>before</button>`);
    const el = await fixture<AgentChat>(
      html`<agent-chat storage="none" theme="light" style="height: 480px; --agent-chat-color-accent: ${ACCENT}" endpoint="/agui/markdown"></agent-chat>`,
    );
    await sendAndWait(el, 'show me');
    const log = deepQuery(el, '[part="messages"]')!;
    const link = deepQuery<HTMLAnchorElement>(el, 'agent-chat-markdown a[href^="https://example.com"]')!;
    expect(link, 'the reply has a link').to.exist;

    before.focus();
    await tabTo(log);
    expectChatRing(log);
    // Drawn inside the log's edge: the widget clips what lies outside it.
    expect(getComputedStyle(log).outlineOffset).to.equal('-2px');

    await tabTo(link);
    expectChatRing(link);
    before.remove();
  });

  it('a link in the greeting too', async () => {
    const el = await fixture<AgentChat>(
      html`<agent-chat storage="none" theme="light" style="height: 480px; --agent-chat-color-accent: ${ACCENT}" greeting="Read [the guide](https://example.com/guide)."></agent-chat>`,
    );
    const link = await (async () => {
      for (let i = 0; i < 50 && !deepQuery(el, '[part="greeting"] a'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      return deepQuery<HTMLAnchorElement>(el, '[part="greeting"] a')!;
    })();
    await tabTo(link);
    expectChatRing(link);
  });
});
