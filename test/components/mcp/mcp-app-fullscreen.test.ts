/**
 * An app in full screen covers the chat's box as a modal dialog: the keyboard cannot reach what is
 * under it (the composer, the conversation's controls), by Tab or otherwise, and goes back to the
 * box's first control; the page around the chat keeps its own focus; Esc leaves full screen.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { deepQuery, sendAndWait, until } from '../helpers.js';
import { appFrame, mcpCallEndpoint, probeChat, useProbeReports, waitForReport } from '../mcp-helpers.js';

const box = (el: AgentChat) => appFrame(el)!.shadowRoot!.querySelector<HTMLElement>('.box')!;
const focusedInFrame = (el: AgentChat) => appFrame(el)!.shadowRoot!.activeElement;
const firstControl = (el: AgentChat) => box(el).querySelector<HTMLButtonElement>('.toolbar button')!;

describe('MCP Apps: full screen keeps the keyboard', function () {
  this.timeout(30_000);
  const reports = useProbeReports();

  async function fullScreen(): Promise<AgentChat> {
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    const button = [...box(el).querySelectorAll<HTMLButtonElement>('.toolbar button')].find((b) => b.textContent?.trim() === 'Full screen')!;
    button.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => box(el).classList.contains('fullscreen'), 'full screen');
    await until(() => focusedInFrame(el) === firstControl(el), 'the keyboard on its first control');
    expect(firstControl(el).textContent?.trim()).to.equal('Exit full screen');
    return el;
  }

  it('sends the keyboard back into the box when it goes under it, by Shift+Tab or by script', async () => {
    const el = await fullScreen();
    // Back past the box's first control: what comes before it is under the box.
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    await until(() => focusedInFrame(el) === firstControl(el), 'back on its first control');
    // The composer is under the box too.
    deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!.focus();
    await until(() => focusedInFrame(el) === firstControl(el), 'not the composer');
    expect(box(el).classList.contains('fullscreen')).to.equal(true);
  });

  it('lets the page around the chat keep its own focus, and Esc leaves full screen', async () => {
    const el = await fullScreen();
    const pageInput = document.createElement('input');
    pageInput.setAttribute('aria-label', 'the page’s own field');
    document.body.append(pageInput);
    try {
      pageInput.focus();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(document.activeElement, 'the page’s field keeps the focus').to.equal(pageInput);
      firstControl(el).focus();
      await sendKeys({ press: 'Escape' });
      await until(() => !box(el).classList.contains('fullscreen'), 'back in the card');
      // Out of full screen the composer may have the keyboard again.
      const input = deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!;
      input.focus();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(input.matches(':focus'), 'the composer has it').to.equal(true);
    } finally {
      pageInput.remove();
    }
  });
});
