/**
 * What an app may do on its own: its messages wait for the
 * person unless the page trusts it, and are limited; full screen and popups need a gesture in the
 * app; its model context is capped; it gets no permission the page does not grant, no referrer,
 * and no `'self'` that would mean the page; a tool two servers offer is not chosen silently.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { AppMessage } from '../../../src/mcp/mcp-types.js';
import { deepQuery, lastRequest, sendAndWait, settle, textOf, until } from '../helpers.js';
import {
  answerPrompt,
  answerProposal,
  appFrame,
  appIframe,
  appMessageProposal,
  clickInsideApp,
  command,
  mcpCallEndpoint,
  probeChat,
  useProbeReports,
  waitForReport,
  type Report,
} from '../mcp-helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
const sandboxUrl = `${location.protocol}//${other}:${location.port}/dist/sandbox.html`;

/** Until the page's user activation (from an earlier test's clicks and keys) has run out. */
async function noActivation(): Promise<void> {
  await until(() => !(navigator as Navigator & { userActivation: { isActive: boolean } }).userActivation.isActive, 'no activation left', 7000);
}

function userTexts(el: AgentChat): string[] {
  return el
    .getTurns()
    .filter((turn) => turn.role === 'user')
    .map((turn) => (turn as { text: string }).text);
}

async function readyProbe(reports: Report[], tool = 'show_probe', setup?: (el: AgentChat) => void): Promise<AgentChat> {
  const el = await probeChat(mcpCallEndpoint(tool));
  setup?.(el);
  await sendAndWait(el, 'go');
  await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
  await waitForReport(reports, (r) => !!r.security, 'that it is ready');
  return el;
}

/** Posts a command that the probe answers with `key` in a report; resolves with that report. */
async function ask(el: AgentChat, reports: Report[], message: Record<string, unknown>, key: string): Promise<Report> {
  const before = reports.filter((r) => key in r).length;
  command(el, message);
  await until(() => reports.filter((r) => key in r).length > before, `the answer with ${key}`, 8000);
  return reports.filter((r) => key in r).pop()!;
}

describe('MCP Apps: an app’s messages', function () {
  this.timeout(40_000);
  const reports = useProbeReports();

  it('wait in the card for Send or Discard; Discard sends nothing and tells the app', async () => {
    const el = await readyProbe(reports);
    const sends: unknown[] = [];
    el.addEventListener('agent-chat-send', (event) => sends.push(event.detail));
    command(el, { probe: 'message', text: 'Buy the blue one' });
    await until(() => !!appMessageProposal(el), 'the proposal');
    expect(textOf(appMessageProposal(el))).to.contain('Buy the blue one');
    expect(textOf(appMessageProposal(el))).to.match(/^The app “.+” wants to send:/);
    // Send cannot be pressed at once (a click meant for the app must not land on it), and a newer
    // message does not take the proposal's place.
    expect(appMessageProposal(el)!.querySelector<HTMLButtonElement>('button.allow')!.disabled).to.equal(true);
    command(el, { probe: 'message', text: 'Buy the red one' });
    const swapped = await waitForReport(reports, (r) => 'messageResult' in r, 'the second message refused');
    expect(swapped.messageResult.isError).to.equal(true);
    expect(textOf(appMessageProposal(el))).to.contain('Buy the blue one');
    await sleep(300);
    expect(sends, 'nothing is sent before the person decides').to.deep.equal([]);
    await expect(el).to.be.accessible();
    reports.length = 0;
    await answerProposal(el, 'discard');
    const { messageResult } = await waitForReport(reports, (r) => 'messageResult' in r, 'the message answer');
    expect(messageResult.isError).to.equal(true);
    await settle(el);
    expect(appMessageProposal(el), 'the proposal is gone').to.equal(undefined);
    expect(sends).to.deep.equal([]);
    expect(userTexts(el)).to.deep.equal(['go']);
  });

  it('go out at once from a server the page trusts (messages="allow"), and where onAppMessage says yes, marked as the app’s', async () => {
    const trusted = await readyProbe(reports, 'show_probe', (el) => el.querySelector('agent-chat-mcp-server')!.setAttribute('messages', 'allow'));
    const sent = oneEvent(trusted, 'agent-chat-send');
    const ended = oneEvent(trusted, 'agent-chat-response-end');
    command(trusted, { probe: 'message', text: 'Trusted words' });
    expect((await sent).detail.source).to.deep.include({ kind: 'app', server: 'probe', instanceId: 'mcp-call-1' });
    await ended;
    expect(appMessageProposal(trusted), 'no proposal').to.equal(undefined);
    expect(userTexts(trusted)).to.deep.equal(['go', 'Trusted words']);
    trusted.remove();

    reports.length = 0;
    const seen: AppMessage[] = [];
    const checked = await readyProbe(reports, 'show_probe', (el) => (el.onAppMessage = (message) => (seen.push(message), message.text === 'Fine by the page')));
    const ended2 = oneEvent(checked, 'agent-chat-response-end');
    command(checked, { probe: 'message', text: 'Fine by the page' });
    await ended2;
    expect(seen[0]).to.deep.include({ text: 'Fine by the page', source: 'probe', instanceId: 'mcp-call-1', title: 'Probe' });
    expect(userTexts(checked)).to.deep.equal(['go', 'Fine by the page']);
    command(checked, { probe: 'message', text: 'Not this one' });
    await until(() => !!appMessageProposal(checked), 'a message the page does not trust is proposed');
  });

  it('are limited: past five a minute the app is refused', async () => {
    const el = await readyProbe(reports);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => (warnings.push(String(args[0])), undefined);
    try {
      for (let n = 1; n <= 5; n++) {
        command(el, { probe: 'message', text: `message ${n}` });
        if (n === 1) await until(() => !!appMessageProposal(el), 'the first proposal');
        else await until(() => reports.filter((r) => 'messageResult' in r).length === n - 1, `message ${n} answered`);
      }
      expect(warnings.filter((w) => w.includes('too fast'))).to.have.length(0);
      command(el, { probe: 'message', text: 'message 6' });
      await until(() => warnings.some((w) => w.includes('"probe" send messages too fast')), 'the warning');
    } finally {
      console.warn = warn;
    }
    // Messages 2–5 met a proposal still open, the sixth the limit: none was sent.
    await until(() => reports.filter((r) => 'messageResult' in r).length === 5, 'five answers');
    expect(reports.filter((r) => 'messageResult' in r).every((r) => r.messageResult.isError === true)).to.equal(true);
    expect(textOf(appMessageProposal(el))).to.contain('message 1');
    expect(userTexts(el)).to.deep.equal(['go']);
  });
});

describe('MCP Apps: full screen, popups and model context need the app’s own gesture or fit a limit', function () {
  this.timeout(50_000);
  const reports = useProbeReports();

  it('full screen: on a click in the app, else only on the person’s Allow; over the chat’s box only; not again right after the person leaves it', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    el.style.cssText = 'display: block; height: 460px; width: 620px; margin: 40px';
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => !!r.security, 'the app');
    const frame = appFrame(el)!;
    const box = () => frame.shadowRoot!.querySelector<HTMLElement>('.box')!;
    const request = () => {
      const before = reports.filter((r) => 'modeResult' in r).length;
      command(el, { probe: 'mode', mode: 'fullscreen' });
      return until(() => reports.filter((r) => 'modeResult' in r).length > before, 'the mode answer', 8000).then(
        () => reports.filter((r) => 'modeResult' in r).pop()!.modeResult.mode,
      );
    };
    const covers = () => {
      const chat = el.getBoundingClientRect();
      const rect = box().getBoundingClientRect();
      return Math.abs(rect.left - chat.left) < 1 && Math.abs(rect.top - chat.top) < 1 && Math.abs(rect.width - chat.width) < 1 && Math.abs(rect.height - chat.height) < 1;
    };

    await noActivation();
    expect(await request(), 'with no gesture at all, not even a question').to.equal('inline');
    expect(frame.shadowRoot!.querySelector('.ask'), 'no prompt').to.equal(null);

    await clickInsideApp(el);
    expect(await request(), 'right after a click in the app').to.equal('fullscreen');
    await until(() => box().classList.contains('fullscreen') && covers(), 'full screen over the chat, exactly');
    expect(box().getBoundingClientRect().width).to.be.lessThan(window.innerWidth - 40);
    await sendKeys({ press: 'Escape' });
    await until(() => !box().classList.contains('fullscreen'), 'the person left full screen');
    await clickInsideApp(el);
    expect(await request(), 'right after the person left it').to.equal('inline');
    expect(frame.shadowRoot!.querySelector('.ask'), 'not even a question').to.equal(null);

    // A gesture on the page (the composer) is not the app's: the person is asked in the card.
    await sleep(5_000);
    deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!.focus();
    await sendKeys({ type: 'hi' });
    const refused = request();
    await answerPrompt(el, 'full screen', false);
    expect(await refused).to.equal('inline');
    const allowed = request();
    await answerPrompt(el, 'full screen', true);
    expect(await allowed, 'the person’s Allow').to.equal('fullscreen');
    await until(() => covers(), 'over the chat');
  });

  it('full screen on a click in the app, also when the page hears of the focus it gave the frame after the app’s request', async () => {
    const el = await readyProbe(reports);
    const frame = appFrame(el)!;
    const iframe = appIframe(el)!;
    await noActivation();
    await clickInsideApp(el);
    await until(() => frame.shadowRoot!.activeElement === iframe, 'the click put the focus in the app');
    // The order a busy page may see: the app's message first, the focus in its frame a moment later.
    frame.shadowRoot!.querySelector<HTMLButtonElement>('.toolbar button')!.focus();
    expect(frame.shadowRoot!.activeElement).to.not.equal(iframe);
    const card = frame as unknown as { appRequestsMode(mode: string): Promise<string> };
    const appRequestsMode = card.appRequestsMode;
    let asked = false;
    card.appRequestsMode = (mode) => ((asked = true), appRequestsMode.call(frame, mode));
    const mode = ask(el, reports, { probe: 'mode', mode: 'fullscreen' }, 'modeResult');
    await until(() => asked, 'the request waiting in the card');
    await clickInsideApp(el);
    expect((await mode).modeResult.mode).to.equal('fullscreen');
    expect(frame.shadowRoot!.querySelector('.ask'), 'no question').to.equal(null);
  });

  it('an app that takes the focus back from the app the person clicked does not borrow that click for full screen', async () => {
    const hostile = await readyProbe(reports);
    const hostileBox = () => appFrame(hostile)!.shadowRoot!.querySelector<HTMLElement>('.box');
    const ready = () => reports.filter((r) => !!r.security).length;
    const readyBefore = ready();
    const clicked = await probeChat(mcpCallEndpoint('show_probe'));
    await sendAndWait(clicked, 'go');
    await until(() => ready() > readyBefore, 'the second app', 8000);
    await noActivation();
    command(hostile, { probe: 'dialog-mode' });
    await waitForReport(reports, (r) => !!r.modeResult, 'the hostile app asking');
    await clickInsideApp(clicked);
    const end = performance.now() + 2_000;
    while (performance.now() < end) {
      expect(hostileBox()?.classList.contains('fullscreen') ?? false, 'never full screen').to.equal(false);
      await sleep(20);
    }
  });

  it('popups: ui/open-link with no gesture is an error for the app; the composer’s Enter asks the person first', async () => {
    const el = await readyProbe(reports);
    const opened: unknown[][] = [];
    const open = window.open;
    window.open = ((...args: unknown[]) => (opened.push(args), null)) as typeof window.open;
    try {
      await noActivation();
      expect((await ask(el, reports, { probe: 'link', url: 'https://example.com/a' }, 'linkResult')).linkResult.isError, 'no gesture').to.equal(true);
      deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!.focus();
      await sendKeys({ press: 'Enter' });
      const refused = ask(el, reports, { probe: 'link', url: 'https://example.com/b' }, 'linkResult');
      await answerPrompt(el, 'example.com', false);
      expect((await refused).linkResult.isError, 'refused by the person').to.equal(true);
      expect(opened).to.deep.equal([]);
      const allowed = ask(el, reports, { probe: 'link', url: 'https://example.com/c' }, 'linkResult');
      await answerPrompt(el, 'wants to open example.com', true);
      expect((await allowed).linkResult.isError).to.not.equal(true);
      expect(opened).to.deep.equal([['https://example.com/c', '_blank', 'noopener,noreferrer']]);
    } finally {
      window.open = open;
    }
  });

  it('an app the person left for the page cannot borrow their click there for full screen or a popup', async () => {
    const el = await readyProbe(reports);
    const frame = appFrame(el)!;
    const iframe = appIframe(el)!;
    // The person's click puts the focus in the app, then their click in the composer takes it out
    // (an app that tries to take it back is sent back and paused: test/e2e/app-focus.test.mjs).
    await clickInsideApp(el);
    await until(() => frame.shadowRoot!.activeElement === iframe, 'the person’s click put the focus in the app');
    const input = deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!;
    const rect = input.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + 20), Math.round(rect.top + rect.height / 2)] });
    await sleep(300);
    expect(frame.shadowRoot!.activeElement, 'the focus stays where the person put it').to.not.equal(iframe);
    expect(deepQuery(el, '[part="input"]')!.matches(':focus'), 'in the composer').to.equal(true);
    expect((navigator as Navigator & { userActivation: { isActive: boolean } }).userActivation.isActive, 'the page has an activation').to.equal(true);
    // The activation is the page's: the app gets nothing without the person's answer in the card.
    const mode = ask(el, reports, { probe: 'mode', mode: 'fullscreen' }, 'modeResult');
    await answerPrompt(el, 'full screen', false);
    expect((await mode).modeResult.mode).to.equal('inline');
    const open = window.open;
    const opened: unknown[] = [];
    window.open = ((...args: unknown[]) => (opened.push(args), null)) as typeof window.open;
    try {
      const link = ask(el, reports, { probe: 'link', url: 'https://example.com/x' }, 'linkResult');
      await answerPrompt(el, 'example.com', false);
      expect((await link).linkResult.isError).to.equal(true);
    } finally {
      window.open = open;
    }
    expect(opened).to.deep.equal([]);
  });

  it('caps ui/update-model-context at 64 KB; the model keeps the previous one', async () => {
    const el = await readyProbe(reports);
    expect((await ask(el, reports, { probe: 'context', value: { pick: 'small' } }, 'contextResult')).contextError).to.equal(undefined);
    const big = await ask(el, reports, { probe: 'context', value: { pick: 'x'.repeat(70 * 1024) } }, 'contextResult');
    expect(big.contextError?.message).to.contain('at most 65536');
    await sendAndWait(el, 'next');
    const request = (await lastRequest('mcp-call')).body;
    const context = request.context.find((entry: { description: string }) => entry.description.includes('Probe'));
    expect(JSON.parse(context.value)).to.deep.equal({ pick: 'small' });
  });
});

describe('MCP Apps: permissions, referrer and self are the page’s to give', function () {
  this.timeout(40_000);
  const reports = useProbeReports();

  for (const proxy of [false, true]) {
    it(`delegates no permission the page does not list in app-permissions${proxy ? ', behind the sandbox proxy' : ''}, and sends no referrer`, async () => {
      const el = await readyProbe(reports, 'show_probe_camera', (chat) => {
        if (proxy) chat.sandboxUrl = sandboxUrl;
      });
      const iframe = appIframe(el)!;
      expect(iframe.allow).to.equal('');
      expect(iframe.referrerPolicy).to.equal('no-referrer');
      const { init } = await waitForReport(reports, (r) => !!r.init, 'the initialize answer');
      expect(init.hostCapabilities.sandbox.permissions ?? {}).to.deep.equal({});
      el.remove();

      reports.length = 0;
      const granted = await readyProbe(reports, 'show_probe_camera', (chat) => {
        chat.setAttribute('app-permissions', 'clipboard-write');
        if (proxy) chat.sandboxUrl = sandboxUrl;
      });
      expect(appIframe(granted)!.allow).to.equal('clipboard-write');
      const second = await waitForReport(reports, (r) => !!r.init, 'the initialize answer');
      expect(second.init.hostCapabilities.sandbox.permissions).to.deep.equal({ clipboardWrite: {} });
    });
  }

  it('without the proxy, an app listing another origin still cannot reach the page’s origin by a relative URL', async () => {
    const el = await readyProbe(reports, 'show_probe_self');
    const { security } = await waitForReport(reports, (r) => !!r.security, 'the security probe');
    expect(security.fetch).to.equal('blocked');
    expect(appIframe(el)!.srcdoc).to.not.contain("'self'");
  });

  it('a tool two servers offer goes to the one given first, with a warning naming both', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => (warnings.push(String(args[0])), undefined);
    try {
      const el = await fixture<AgentChat>(html`<agent-chat style="height: 500px" endpoint=${mcpCallEndpoint('show_probe')}>
        <agent-chat-mcp-server name="probe" url="/mcp/probe"></agent-chat-mcp-server>
        <agent-chat-mcp-server name="twin" url="/mcp/probe-twin"></agent-chat-mcp-server>
      </agent-chat>`);
      await sendAndWait(el, 'go');
      const names = (await lastRequest('mcp-call')).body.tools.map((tool: { name: string }) => tool.name);
      expect(names.filter((name: string) => name === 'show_probe')).to.have.length(1);
      const app = (el.getTurns()[1] as { parts: { app?: { source: string } }[] }).parts.find((part) => part.app)?.app;
      expect(app?.source).to.equal('probe');
      expect(warnings.some((w) => w.includes('"probe" and "twin" both offer a tool named show_probe'))).to.equal(true);
      expect(
        warnings.filter((w) => w.includes('named show_probe;')),
        'warned once',
      ).to.have.length(1);
    } finally {
      console.warn = warn;
    }
  });
});
