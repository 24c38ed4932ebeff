/**
 * What the chat draws around an app is the chat's own and says what it is: the name of the app's
 * source and the app's title show their direction controls (a server named with RIGHT-TO-LEFT
 * OVERRIDE cannot pass for another), a message the app proposes is shown as it will be sent, the
 * page can style the source label and the paused notice from outside, and a paused app's model
 * context is gone with it.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { lastRequest, sendAndWait, textOf, until } from '../helpers.js';
import { answerProposal, appFrame, appIframe, appMessageProposal, command, mcpCallEndpoint, useProbeReports, waitForReport, type Report } from '../mcp-helpers.js';

const RLO = '\u202E';
/** Reads "evilexe.txt" when its override works. */
const SOURCE = `evil${RLO}txt.exe`;
const TITLE = `Pro${RLO}be`;

/** A chat whose probe server carries `name`, showing the probe app once it is ready. */
async function probeApp(reports: Report[], name: string): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 600px" endpoint=${mcpCallEndpoint('show_probe')}></agent-chat>`);
  el.toolDisplay = { show_probe: { title: TITLE } };
  const server = document.createElement('agent-chat-mcp-server');
  server.setAttribute('name', name);
  server.setAttribute('url', '/mcp/probe');
  el.append(server);
  await el.updateComplete;
  await sendAndWait(el, 'go');
  await waitForReport(reports, (r) => !!r.security, 'that it is ready');
  return el;
}

/** A style sheet of the page's own, outside the chat; removed after the test. */
function pageStyle(css: string): () => void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return () => style.remove();
}

const part = (el: AgentChat, name: string) => appFrame(el)?.shadowRoot?.querySelector<HTMLElement>(`[part="${name}"]`) ?? undefined;

describe('MCP Apps: the chat’s labels around an app', function () {
  this.timeout(40_000);
  const reports = useProbeReports();
  let unstyle = () => {};
  afterEach(() => unstyle());

  it('show the source’s and the title’s direction controls, set apart; the page styles agent-chat::part(app-source)', async () => {
    unstyle = pageStyle('agent-chat::part(app-source) { color: rgb(1, 2, 3); }');
    const el = await probeApp(reports, SOURCE);
    const source = part(el, 'app-source')!;
    expect(textOf(source)).to.contain('evil⟨RLO⟩txt.exe');
    expect(source.textContent).not.to.contain(RLO);
    expect(source.querySelector('bdi')?.textContent, 'the name in a <bdi> of its own').to.equal('evil⟨RLO⟩txt.exe');
    expect(getComputedStyle(source).color, 'styled from the page through the tool card and the chat').to.equal('rgb(1, 2, 3)');
    expect(appIframe(el)!.title).to.equal('Pro⟨RLO⟩be');
    await expect(el).to.be.accessible();
  });

  it('show a proposed message with its direction controls, and send it as the app wrote it', async () => {
    const el = await probeApp(reports, SOURCE);
    const text = `Pay ${RLO}0001$ now`;
    command(el, { probe: 'message', text });
    await until(() => !!appMessageProposal(el), 'the proposal');
    const proposal = appMessageProposal(el)!;
    expect(textOf(proposal)).to.contain('Pay ⟨RLO⟩0001$ now');
    expect(textOf(proposal)).to.contain('Pro⟨RLO⟩be');
    expect(proposal.textContent).not.to.contain(RLO);
    expect(proposal.getAttribute('aria-label')).to.contain('Pro⟨RLO⟩be');
    const sent = oneEvent(el, 'agent-chat-send');
    const ended = oneEvent(el, 'agent-chat-response-end');
    await answerProposal(el, 'send');
    expect((await sent).detail.text, 'what is sent is what the app wrote').to.equal(text);
    await ended;
  });

  it('a paused app: its notice names the source the same way, the page styles it, and its model context is gone', async () => {
    unstyle = pageStyle('agent-chat::part(app-paused) { color: rgb(4, 5, 6); }');
    const el = await probeApp(reports, SOURCE);
    command(el, { probe: 'context', value: { pick: 'secret plan' } });
    await waitForReport(reports, (r) => 'contextResult' in r, 'the context stored');
    // Each command is a try to take the focus without the person's press: refused, and counted.
    for (let grab = 0; grab < 6 && !part(el, 'app-paused'); grab++) {
      command(el, { probe: 'steal-focus' });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await until(() => !!part(el, 'app-paused'), 'the app paused');
    const paused = part(el, 'app-paused')!;
    expect(paused.querySelector('bdi')?.textContent).to.equal('evil⟨RLO⟩txt.exe');
    expect(paused.textContent).not.to.contain(RLO);
    expect(getComputedStyle(paused).color).to.equal('rgb(4, 5, 6)');
    await sendAndWait(el, 'next');
    const { context = [] } = (await lastRequest('mcp-call')).body;
    expect(
      context.filter((entry: { value: string }) => entry.value.includes('secret plan')),
      'the paused app’s model context is not sent',
    ).to.deep.equal([]);
  });
});
