import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/components/mcp-notice/mcp-notice.js';
import type { AgentChatMcpNotice } from '../../../src/components/mcp-notice/mcp-notice.js';

const buttons = (el: AgentChatMcpNotice) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="mcp-sign-in"]')];

describe('<agent-chat-mcp-notice>', () => {
  it('shows a Sign in per server that asks, then each server out of reach apart, without a button', async () => {
    const down = 'The MCP server "planner" (http://127.0.0.1:9/mcp) could not be reached: Failed to fetch';
    const el = await fixture<AgentChatMcpNotice>(html`<agent-chat-mcp-notice .requests=${[{ name: 'notes', blocked: false }]} .unreachable=${[down]}></agent-chat-mcp-notice>`);
    expect(buttons(el).map((button) => button.textContent)).to.deep.equal(['Sign in to notes']);
    const rows = el.shadowRoot!.querySelectorAll('[part="mcp-unreachable"]');
    expect(rows.length).to.equal(1);
    expect(rows[0].textContent).to.contain(down);
    expect(rows[0].textContent).to.contain('Its tools are not offered until it answers');
    expect(rows[0].querySelector('button')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('draws nothing when no server asks and none is out of reach', async () => {
    const el = await fixture<AgentChatMcpNotice>(html`<agent-chat-mcp-notice></agent-chat-mcp-notice>`);
    expect(el.shadowRoot!.querySelector('[part="mcp-notice"]')).to.equal(null);
  });

  it('keeps the keyboard when the focused button goes with its sign-in: the next server’s button, then focusAfter', async () => {
    let after = 0;
    const el = await fixture<AgentChatMcpNotice>(
      html`<agent-chat-mcp-notice .requests=${[
        { name: 'notes', blocked: false },
        { name: 'calendar', blocked: false },
      ]} .focusAfter=${() => (after += 1)}></agent-chat-mcp-notice>`,
    );
    buttons(el)[0].focus();
    el.requests = [{ name: 'calendar', blocked: false }];
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement?.textContent).to.equal('Sign in to calendar');
    expect(after).to.equal(0);

    el.requests = [];
    await el.updateComplete;
    expect(after).to.equal(1);

    // A sign-in that ends while the keyboard is elsewhere leaves it there.
    el.requests = [{ name: 'notes', blocked: false }];
    await el.updateComplete;
    el.requests = [];
    await el.updateComplete;
    expect(after).to.equal(1);
  });
});
