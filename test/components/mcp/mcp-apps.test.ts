import { expect, oneEvent } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
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
  probeCalls,
  probeChat,
  probeControl,
  useProbeReports,
  waitForReport,
} from '../mcp-helpers.js';

function replyText(el: AgentChat): string {
  const messages = [...el.shadowRoot!.querySelectorAll('agent-chat-message')];
  return textOf(messages[messages.length - 1]?.shadowRoot?.querySelector('.assistant') ?? undefined);
}

describe('MCP Apps: a page MCP server, its tool called by the model, its app in the card', function () {
  this.timeout(30_000);
  const reports = useProbeReports();

  it('offers model-visible tools, runs the call over MCP, shows the app and answers the run with structuredContent', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe', { value: 'hello' }));
    await sendAndWait(el, 'show me');
    const first = (await lastRequest('mcp-call')).body;
    // The reply went on in a second run: the request there carries the result.
    const names = first.tools.map((tool: { name: string }) => tool.name);
    expect(names).to.include.members(['show_probe', 'model_only', 'counted']);
    expect(names).to.not.include('app_only');
    const toolMessage = first.messages.find((m: { role: string }) => m.role === 'tool');
    expect(JSON.parse(toolMessage.content)).to.deep.equal({ value: 'hello' });
    expect(replyText(el)).to.contain('The tool said: {"value":"hello"}');
    expect(await probeCalls()).to.deep.equal({ show_probe: 1 });
    await until(() => !!appIframe(el), 'the app frame is shown');
    const iframe = appIframe(el)!;
    // The card shows its app, and its header says so; folded, the app stays alive, out of sight.
    const header = deepQuery<HTMLButtonElement>(el, '[part="tool-card-header"]')!;
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    expect(getComputedStyle(deepQuery(el, '.chevron')!).transform).to.equal('matrix(0, 1, -1, 0, 0, 0)');
    header.click();
    await settle(el);
    expect(iframe.getClientRects().length, 'folded').to.equal(0);
    expect(appIframe(el), 'the same frame').to.equal(iframe);
    header.click();
    await settle(el);
    expect(iframe.getClientRects().length, 'shown again').to.be.greaterThan(0);
    expect(iframe.getAttribute('sandbox')).to.equal('allow-scripts');
    expect(iframe.srcdoc).to.match(/^<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
    expect(iframe.srcdoc).to.contain("object-src 'none'");
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the tool result');
  });
});

describe('MCP Apps: the bridge, in spec order', function () {
  this.timeout(30_000);
  const reports = useProbeReports();

  it('answers ui/initialize completely, queues until initialized, then sends tool-input once and the full result', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe', { value: 'abc' }, '&pause=120'));
    el.theme = 'dark';
    await sendAndWait(el, 'go');
    const init = (await waitForReport(reports, (r) => !!r.init, 'the initialize answer')).init;
    expect(init.protocolVersion).to.be.a('string');
    expect(init.hostInfo.name).to.equal('agent-chat');
    expect(init.hostCapabilities).to.include.keys('openLinks', 'serverTools', 'logging', 'updateModelContext', 'message');
    const context = init.hostContext;
    expect(context.theme).to.equal('dark');
    expect(context.platform).to.equal('web');
    expect(context.displayMode).to.equal('inline');
    expect(context.availableDisplayModes).to.deep.equal(['inline', 'fullscreen', 'pip']);
    expect(context.containerDimensions.width).to.be.greaterThan(100);
    expect(context.containerDimensions.maxHeight).to.equal(640);
    expect(context.locale).to.be.a('string').and.not.equal('');
    expect(context.timeZone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(context.toolInfo.tool.name).to.equal('show_probe');
    expect(context.styles.variables['--color-background-primary']).to.match(/^rgb/);
    expect(context.styles.variables['--color-text-primary']).to.match(/^rgb/);

    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    const received = reports.filter((r) => r.received).map((r) => r.received);
    const readyAt = reports.findIndex((r) => r.security);
    const firstSend = reports.findIndex((r) => r.received);
    // Nothing reached the app before it said initialized (it reports security right after saying so).
    expect(firstSend).to.be.greaterThan(readyAt);
    expect(received.filter((method) => method === 'ui/notifications/tool-input')).to.have.length(1);
    expect(received.indexOf('ui/notifications/tool-input')).to.be.lessThan(received.indexOf('ui/notifications/tool-result'));
    const input = reports.find((r) => r.received === 'ui/notifications/tool-input')!;
    expect(input.params.arguments).to.deep.equal({ value: 'abc' });
    const result = reports.find((r) => r.received === 'ui/notifications/tool-result')!;
    expect(result.params.structuredContent).to.deep.equal({ value: 'abc' });
    expect(result.params.content[0].text).to.equal('probe:abc');
    el.theme = 'light';
    const changed = await waitForReport(reports, (r) => r.received === 'ui/notifications/host-context-changed' && r.params.theme === 'light', 'the theme change');
    expect(changed.params.styles.variables['--color-background-primary']).to.match(/^rgb/);
  });

  it('tells the app when the chat’s language changes, also when the page’s does', async () => {
    const page = document.documentElement;
    const before = page.lang;
    try {
      page.lang = 'en';
      const el = await probeChat(mcpCallEndpoint('show_probe', { value: 'abc' }));
      await sendAndWait(el, 'go');
      const init = (await waitForReport(reports, (r) => !!r.init, 'the initialize answer')).init;
      expect(init.hostContext.locale).to.equal('en');
      page.lang = 'de';
      await waitForReport(reports, (r) => r.received === 'ui/notifications/host-context-changed' && r.params.locale === 'de', 'the page’s new language');
      el.lang = 'fr';
      await waitForReport(reports, (r) => r.received === 'ui/notifications/host-context-changed' && r.params.locale === 'fr', 'the element’s language');
    } finally {
      page.lang = before;
    }
  });

  it('sends partial input while the arguments stream, before the complete input', async () => {
    // Slow arguments: the app is up (its resource read) before they are complete.
    const el = await probeChat(mcpCallEndpoint('show_probe', { value: 'a long value that streams in pieces' }, '&pause=700'));
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    const received = reports.filter((r) => r.received).map((r) => r.received);
    const partial = received.indexOf('ui/notifications/tool-input-partial');
    expect(partial, received.join(', ')).to.be.greaterThan(-1);
    expect(partial).to.be.lessThan(received.indexOf('ui/notifications/tool-input'));
    const partialReport = reports.find((r) => r.received === 'ui/notifications/tool-input-partial')!;
    expect(partialReport.params.arguments.value ?? '').to.be.a('string');
  });

  it('reads a base64 blob resource and honours prefersBorder from the listing', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe_blob'));
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    const box = appFrame(el)!.shadowRoot!.querySelector('.box')!;
    expect(box.classList.contains('bordered')).to.equal(false);
  });

  it('tells the app the call was cancelled when the person stops the reply', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe', { value: 'x'.repeat(60) }, '&pause=900'));
    void el.send('go');
    await until(() => !!appIframe(el), 'the app frame', 8000);
    await waitForReport(reports, (r) => !!r.security, 'the app is up');
    el.stop();
    const cancelled = await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-cancelled', 'tool-cancelled');
    expect(cancelled.params.reason).to.be.a('string');
    expect(reports.some((r) => r.received === 'ui/notifications/tool-result')).to.equal(false);
  });
});

describe('MCP Apps: the sandbox', function () {
  this.timeout(30_000);
  const reports = useProbeReports();

  it('keeps the app from the page DOM, cookies, IndexedDB, top navigation and unlisted fetches', async () => {
    document.cookie = 'secret=1';
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    await sendAndWait(el, 'go');
    const { security } = await waitForReport(reports, (r) => !!r.security, 'the security probe');
    expect(security).to.deep.equal({ dom: 'blocked', cookie: 'blocked', indexedDB: 'blocked', navigate: 'blocked', fetch: 'blocked' });
    expect(location.pathname).to.not.contain('escaped');
  });

  it('lets the app fetch from a domain its CSP lists', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe_connect'));
    await sendAndWait(el, 'go');
    const { security } = await waitForReport(reports, (r) => !!r.security, 'the security probe');
    expect(security.fetch).to.equal('ok:200');
    expect(appIframe(el)!.srcdoc).to.contain(`connect-src ${location.origin};`);
  });

  it('runs the app through the sandbox proxy on another origin when sandbox-url is set', async () => {
    const other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const sandboxUrl = `${location.protocol}//${other}:${location.port}/dist/sandbox.html`;
    const el = await probeChat(mcpCallEndpoint('show_probe', { value: 'proxied' }));
    el.sandboxUrl = sandboxUrl;
    await sendAndWait(el, 'go');
    const result = await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result through the proxy');
    expect(result.params.structuredContent).to.deep.equal({ value: 'proxied' });
    const iframe = appIframe(el)!;
    expect(iframe.src).to.equal(sandboxUrl);
    expect(iframe.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin');
    const { security } = await waitForReport(reports, (r) => !!r.security, 'the security probe');
    expect(security).to.deep.equal({ dom: 'blocked', cookie: 'blocked', indexedDB: 'blocked', navigate: 'blocked', fetch: 'blocked' });
  });
});

describe('MCP Apps: calls from the app page, checked', function () {
  this.timeout(30_000);
  const reports = useProbeReports();

  async function readyProbe(setup?: (el: AgentChat) => void): Promise<AgentChat> {
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    setup?.(el);
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    return el;
  }

  async function callFromApp(el: AgentChat, name: string, args: Record<string, unknown> = {}) {
    const before = reports.filter((r) => r.callResult && r.name === name).length;
    command(el, { probe: 'call', name, arguments: args });
    await until(() => reports.filter((r) => r.callResult && r.name === name).length > before, `the answer to ${name}`, 8000);
    return reports.filter((r) => r.callResult && r.name === name).pop()!.callResult;
  }

  it('lets an app call its own app-visible tools; refuses model-only and unknown tools without reaching the server', async () => {
    const el = await readyProbe();
    const events: any[] = [];
    el.addEventListener('agent-chat-app-call', (event) => events.push(event.detail));
    expect((await callFromApp(el, 'app_only')).content[0].text).to.equal('app-only ran');
    const refused = await callFromApp(el, 'model_only');
    expect(refused.isError).to.equal(true);
    expect(refused.content[0].text).to.contain('not available to apps');
    expect((await callFromApp(el, 'nope')).isError).to.equal(true);
    const calls = await probeCalls();
    expect(calls.app_only).to.equal(1);
    expect(calls.model_only).to.equal(undefined);
    expect(events.map((e) => [e.name, e.allowed])).to.deep.equal([
      ['app_only', true],
      ['model_only', false],
      ['nope', false],
    ]);
    expect(events[0].source).to.equal('probe');
  });

  it('applies onAppCall: true passes, false and strings refuse, promises wait, throwing refuses with a warning', async () => {
    const seen: any[] = [];
    let verdict: unknown = true;
    const el = await readyProbe((chat) => {
      chat.user = { id: 'u-1' };
      chat.onAppCall = (call) => {
        seen.push(call);
        if (verdict === 'throw') throw new Error('boom');
        return verdict;
      };
    });
    expect((await callFromApp(el, 'counted', { n: 1 })).content[0].text).to.equal('counted 1');
    expect(seen[0]).to.include({ name: 'counted', source: 'probe', kind: 'card', title: 'Probe', chat: el.id || 'chat-1' });
    expect(seen[0].arguments).to.deep.equal({ n: 1 });
    expect(seen[0].user).to.deep.equal({ id: 'u-1' });
    expect(seen[0].tool.name).to.equal('counted');
    expect(seen[0].instanceId).to.equal('mcp-call-1');

    verdict = 'Not from this page';
    const refused = await callFromApp(el, 'counted', { n: 2 });
    expect(refused.isError).to.equal(true);
    expect(refused.content[0].text).to.equal('Not from this page');
    verdict = false;
    expect((await callFromApp(el, 'counted', { n: 3 })).content[0].text).to.equal('The chat refused this call.');

    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args[0]);
    try {
      verdict = 'throw';
      expect((await callFromApp(el, 'counted', { n: 4 })).isError).to.equal(true);
      verdict = 42;
      expect((await callFromApp(el, 'counted', { n: 5 })).isError).to.equal(true);
    } finally {
      console.warn = warn;
    }
    expect(warnings.filter((w) => String(w).includes('onAppCall'))).to.have.length(2);

    let release!: (value: unknown) => void;
    verdict = new Promise((resolve) => (release = resolve));
    command(el, { probe: 'call', name: 'counted', arguments: { n: 6 } });
    // The app waits; the chat goes on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await probeCalls()).counted).to.equal(1);
    const id = await el.send('meanwhile');
    expect(
      el.getTurns().some((turn) => turn.id === id && turn.role === 'user'),
      'sent at once, not queued',
    ).to.equal(true);
    release(true);
    await until(() => reports.some((r) => r.callResult && r.callResult.content?.[0]?.text === 'counted 6'), 'the waited call');
    // Only the allowed calls reached the server.
    expect((await probeCalls()).counted).to.equal(2);
  });

  it("runs the server's own check and the chat's; either may refuse", async () => {
    const order: string[] = [];
    let serverVerdict: unknown = true;
    const el = await readyProbe((chat) => {
      const server = chat.querySelector('agent-chat-mcp-server')!;
      server.onAppCall = () => (order.push('server'), serverVerdict);
      chat.onAppCall = () => (order.push('chat'), true);
    });
    await callFromApp(el, 'counted');
    expect(order).to.deep.equal(['server', 'chat']);
    serverVerdict = 'The server says no';
    expect((await callFromApp(el, 'counted')).content[0].text).to.equal('The server says no');
    expect(order).to.deep.equal(['server', 'chat', 'server']);
    expect((await probeCalls()).counted).to.equal(1);
  });

  it('askPerson shows Allow / Refuse in the card and waits for the person', async () => {
    const { askPerson } = await import('../../../src/index.js');
    const el = await readyProbe((chat) => {
      chat.onAppCall = (call) => askPerson(`Run ${call.name}?`);
    });
    command(el, { probe: 'call', name: 'counted', arguments: { n: 7 } });
    const frame = appFrame(el)!;
    await until(() => !!frame.shadowRoot!.querySelector('.ask'), 'the prompt');
    expect(textOf(frame.shadowRoot!.querySelector('.ask p') ?? undefined)).to.equal('Run counted?');
    await expect(frame).shadowDom.to.be.accessible();
    frame.shadowRoot!.querySelector<HTMLButtonElement>('.ask .refuse')!.click();
    await until(() => reports.some((r) => r.callResult?.content?.[0]?.text === 'The person refused this call.'), 'the refusal');
    expect((await probeCalls()).counted).to.equal(undefined);
    command(el, { probe: 'call', name: 'counted', arguments: { n: 8 } });
    await until(() => !!frame.shadowRoot!.querySelector<HTMLButtonElement>('.ask .allow:not([disabled])'), 'the second prompt, ready');
    frame.shadowRoot!.querySelector<HTMLButtonElement>('.ask .allow')!.click();
    await until(() => reports.some((r) => r.callResult?.content?.[0]?.text === 'counted 8'), 'the allowed call');
    expect((await probeCalls()).counted).to.equal(1);
    expect(frame.shadowRoot!.querySelector('.ask')).to.equal(null);
  });

  it('turns ui/message, once the person presses Send, into a turn marked as the app’s and a run; sends model context with the next run', async () => {
    const el = await readyProbe();
    command(el, { probe: 'context', value: { selected: 'blue' } });
    await waitForReport(reports, (r) => !!r.contextResult, 'the context answer');
    const sent = oneEvent(el, 'agent-chat-send');
    const ended = oneEvent(el, 'agent-chat-response-end');
    command(el, { probe: 'message', text: 'From the app' });
    await until(() => !!appMessageProposal(el), 'the proposal in the card');
    expect(textOf(appMessageProposal(el))).to.contain('From the app');
    await answerProposal(el, 'send');
    const { detail } = await sent;
    expect(detail.source).to.deep.include({ kind: 'app', server: 'probe' });
    await ended;
    await settle(el);
    const turns = (el as any).wiring.conversation.turns;
    expect(turns.filter((t: any) => t.role === 'user').map((t: any) => t.text)).to.deep.equal(['go', 'From the app']);
    expect(turns.find((t: any) => t.text === 'From the app').source).to.deep.include({ kind: 'app', server: 'probe' });
    const bubble = [...el.shadowRoot!.querySelectorAll('agent-chat-message')].map((m) => m.shadowRoot!.querySelector('[part="message-sender"]')).find(Boolean);
    expect(textOf(bubble ?? undefined)).to.match(/^Sent by the app “.+”$/);
    const request = (await lastRequest('mcp-call')).body;
    const context = request.context.find((entry: { description: string }) => entry.description.includes('Probe'));
    expect(JSON.parse(context.value)).to.deep.equal({ selected: 'blue' });
    expect((await waitForReport(reports, (r) => !!r.messageResult, 'the message answer')).messageResult.isError).to.not.equal(true);
  });

  it('opens links in a new tab unless the page cancels agent-chat-open-link', async () => {
    const el = await readyProbe();
    const opened: unknown[][] = [];
    const open = window.open;
    window.open = ((...args: unknown[]) => (opened.push(args), null)) as typeof window.open;
    try {
      await clickInsideApp(el);
      command(el, { probe: 'link', url: 'https://example.com/docs' });
      await waitForReport(reports, (r) => !!r.linkResult, 'the link answer');
      expect(opened).to.deep.equal([['https://example.com/docs', '_blank', 'noopener,noreferrer']]);
      el.addEventListener('agent-chat-open-link', (event) => event.preventDefault(), { once: true });
      await clickInsideApp(el);
      command(el, { probe: 'link', url: 'https://example.com/other' });
      await until(() => reports.filter((r) => r.linkResult).length === 2, 'the second link answer');
      expect(reports.filter((r) => r.linkResult)[1].linkResult.isError).to.equal(true);
      await clickInsideApp(el);
      command(el, { probe: 'link', url: 'javascript:alert(1)' });
      await until(() => reports.filter((r) => r.linkResult).length === 3, 'the third link answer');
      expect(opened).to.have.length(1);
    } finally {
      window.open = open;
    }
  });

  it('applies size changes within the maximum, and switches to full screen and picture-in-picture, keeping the app live', async () => {
    const el = await readyProbe();
    const frame = appFrame(el)!;
    const iframe = appIframe(el)!;
    command(el, { probe: 'size', height: 300 });
    await until(() => iframe.style.height === '300px', 'the new height');
    command(el, { probe: 'size', height: 5000 });
    await until(() => iframe.style.height === '640px', 'the clamped height');
    await clickInsideApp(el);
    command(el, { probe: 'mode', mode: 'fullscreen' });
    expect((await waitForReport(reports, (r) => !!r.modeResult, 'the mode answer')).modeResult.mode).to.equal('fullscreen');
    const box = frame.shadowRoot!.querySelector<HTMLElement>('.box')!;
    await until(() => box.classList.contains('fullscreen'), 'full screen');
    expect(getComputedStyle(box).position).to.equal('fixed');
    const toolbarButton = () => frame.shadowRoot!.querySelector<HTMLButtonElement>('.toolbar button')!;
    await until(() => frame.shadowRoot!.activeElement === toolbarButton(), 'focus on Exit full screen');
    expect(textOf(toolbarButton())).to.equal('Exit full screen');
    await expect(el).to.be.accessible();
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await until(() => !box.classList.contains('fullscreen'), 'back inline');
    await until(() => frame.shadowRoot!.activeElement === toolbarButton() && textOf(toolbarButton()) === 'Full screen', 'focus back on Full screen');
    await expect(el).to.be.accessible();
    frame.shadowRoot!.querySelectorAll<HTMLButtonElement>('.toolbar button')[1].click();
    await until(() => box.classList.contains('pip'), 'floating');
    expect(getComputedStyle(box).position).to.equal('fixed');
    // It floats inside the chat, over the conversation (mcp-app-pip.test.ts has the rest).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const log = el.shadowRoot!.querySelector<HTMLElement>('.messages')!.getBoundingClientRect();
    const pipRect = box.getBoundingClientRect();
    expect(pipRect.left >= log.left && pipRect.right <= log.right && pipRect.top >= log.top && pipRect.bottom <= log.bottom).to.equal(true);
    // Same iframe, same document: the app stayed live.
    expect(appIframe(el)).to.equal(iframe);
    command(el, { probe: 'call', name: 'counted', arguments: { n: 9 } });
    await until(() => reports.some((r) => r.callResult?.content?.[0]?.text === 'counted 9'), 'a call from the floating app');
    const modes = reports.filter((r) => r.received === 'ui/notifications/host-context-changed' && r.params.displayMode).map((r) => r.params.displayMode);
    expect(modes).to.deep.equal(['fullscreen', 'inline', 'pip']);
  });

  it('asks the app to tear down before its card goes (retry)', async () => {
    const el = await readyProbe();
    el.retry();
    await waitForReport(reports, (r) => r.received === 'ui/resource-teardown', 'the teardown request');
  });
});

describe('MCP Apps: an unreachable server', function () {
  this.timeout(30_000);
  beforeEach(() => probeControl({ reset: true, down: false }));
  afterEach(() => probeControl({ down: false }));

  it('shows the failure in the card and gives the model an error result', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    await (await (el as any).wiring.apps.host()).ready();
    await probeControl({ down: true });
    await sendAndWait(el, 'go');
    const body = (await lastRequest('mcp-call')).body;
    const tool = body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(tool.content).to.contain('could not run show_probe');
    const frame = appFrame(el)!;
    await until(() => !!frame.shadowRoot!.querySelector('.unavailable'), 'the notice');
    expect(textOf(frame.shadowRoot!.querySelector('.unavailable') ?? undefined)).to.contain('The app cannot be shown');
  });

  it('a card whose app is still to be read waits while its server is out of reach (nothing failed kept), then shows the app', async () => {
    await probeControl({ down: true });
    const el = await probeChat('/agui/basic');
    await until(() => !!deepQuery(el, '[part="mcp-unreachable"]'), 'the server out of reach', 10_000);
    const card = {
      kind: 'tool-call',
      id: 'c1',
      name: 'show_probe',
      argsText: '{}',
      args: {},
      argsComplete: true,
      status: 'done',
      result: 'shown',
      app: { source: 'probe', via: 'page', resourceUri: 'ui://probe/app.html' },
    };
    el.setTurns([
      { role: 'user', id: 'u1', text: 'show it' },
      { role: 'assistant', id: 'a1', status: 'done', parts: [card] },
    ] as never);
    await until(() => textOf(appFrame(el)?.shadowRoot?.querySelector('.note') ?? undefined).includes('The app is shown once “probe” can be reached again.'), 'the card waits');
    expect(appFrame(el)!.shadowRoot!.querySelector('.unavailable')).to.equal(null);
    expect((el.getTurns()[1] as any).parts[0].app.failure).to.equal(undefined);

    await probeControl({ down: false });
    // Retried by the connection (1 s, then doubling): the card reads its app once the server is back.
    await until(() => !!appIframe(el), 'the app', 20_000);
    expect((el.getTurns()[1] as any).parts[0].app.failure).to.equal(undefined);
  });

  it('says so when a server cannot be reached at all', async () => {
    await probeControl({ down: true });
    const el = await probeChat('/agui/basic');
    await until(() => textOf(deepQuery(el, '[part="mcp-unreachable"]')).includes('could not be reached'), 'the notice');
    expect(deepQuery(el, '.config-error'), 'not a set-up problem of the page').to.equal(undefined);
  });
});

describe('MCP Apps: card options, appendAppCard and the rest of the contract', function () {
  this.timeout(30_000);
  const reports = useProbeReports();

  it('gives the model what toolDisplay.valueFn returns, and takes card options from toolDisplay', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe', { value: 'v' }));
    el.toolDisplay = {
      show_probe: { valueFn: (result: any, args: any) => `value ${result.structuredContent.value} for ${args.value}`, title: 'My probe', icon: '🔎', fullScreen: false },
    };
    await sendAndWait(el, 'go');
    const tool = (await lastRequest('mcp-call')).body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(tool.content).to.equal('value v for v');
    const card = deepQuery(el, 'agent-chat-tool-card')!;
    expect(textOf(card.shadowRoot!.querySelector('.title') ?? undefined)).to.equal('My probe');
    expect(textOf(card.shadowRoot!.querySelector('.icon') ?? undefined)).to.equal('🔎');
    await until(() => !!appIframe(el), 'the app');
    const buttons = [...appFrame(el)!.shadowRoot!.querySelectorAll('.toolbar button')].map((b) => textOf(b));
    expect(buttons).to.deep.equal(['Keep in view']);
    const init = (await waitForReport(reports, (r) => !!r.init, 'init')).init;
    expect(init.hostContext.availableDisplayModes).to.deep.equal(['inline', 'pip']);
  });

  it('offers and grants only the display modes the app declared (one that declares none keeps every choice: see the bridge tests)', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe_modes'));
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    const toolbar = () => [...appFrame(el)!.shadowRoot!.querySelectorAll('.toolbar button')].map((b) => textOf(b));
    await until(() => toolbar().join() === 'Full screen', 'the toolbar offers full screen only');
    const told = await waitForReport(reports, (r) => r.received === 'ui/notifications/host-context-changed' && !!r.params.availableDisplayModes, 'the modes told');
    expect(told.params.availableDisplayModes).to.deep.equal(['inline', 'fullscreen']);
    // A mode it did not declare is refused (the pane needs no press in the app: it would be granted if declared).
    command(el, { probe: 'mode', mode: 'pip' });
    const refused = await waitForReport(reports, (r) => !!r.modeResult, 'the answer to pip');
    expect(refused.modeResult.mode).to.equal('inline');
    expect(appFrame(el)!.shadowRoot!.querySelector('.box')!.classList.contains('pip')).to.equal(false);
    // One it declared is granted.
    const before = reports.filter((r) => r.modeResult).length;
    await clickInsideApp(el);
    command(el, { probe: 'mode', mode: 'fullscreen' });
    // Granted on the press in the app, or on the person's Allow when the card asks.
    const asked = () => (appFrame(el)!.shadowRoot!.textContent ?? '').includes('wants to go full screen');
    await until(() => asked() || reports.filter((r) => r.modeResult).length > before, 'an answer or a question', 8000);
    if (asked()) await answerPrompt(el, 'full screen', true);
    await until(() => reports.filter((r) => r.modeResult).length > before, 'the answer to full screen', 8000);
    expect(reports.filter((r) => r.modeResult).pop()!.modeResult.mode).to.equal('fullscreen');
  });

  it('an app that asks to be closed is torn down; its card keeps the call and its result, and says the app closed', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe', { value: 'kept' }));
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    command(el, { probe: 'close' });
    // Told to wind down first, while its frame is still there (the probe answers at once).
    await waitForReport(reports, (r) => r.received === 'ui/resource-teardown', 'the teardown asked of the app');
    await until(() => !appIframe(el), 'the frame gone');
    const frame = appFrame(el)!;
    expect(textOf(frame.shadowRoot!.querySelector('[part="app-frame"]') ?? undefined)).to.equal('The app closed.');
    const text = () => deepQuery<HTMLElement & { value?: unknown }>(frame, '[part="mcp-result-text"]');
    await until(() => String(text()?.value ?? '').includes('probe:kept'), 'the last result, in the card');
    expect(text()!.getBoundingClientRect().height).to.be.greaterThan(0);
  });

  it('shows the summary when the app cannot be shown', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    el.toolDisplay = { show_probe: { summary: () => 'A probe that could not run.' } };
    await (await (el as any).wiring.apps.host()).ready();
    await probeControl({ down: true });
    await sendAndWait(el, 'go');
    await probeControl({ down: false });
    const frame = appFrame(el)!;
    await until(() => !!frame.shadowRoot!.querySelector('.unavailable'), 'the notice');
    expect(textOf(frame.shadowRoot!.querySelector('.summary') ?? undefined)).to.equal('A probe that could not run.');
  });

  it('sets the frame’s allow from the resource’s permissions the page grants in app-permissions', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe_camera'));
    el.setAttribute('app-permissions', 'camera clipboard-write geolocation');
    await sendAndWait(el, 'go');
    await until(() => !!appIframe(el)?.srcdoc, 'the app');
    expect(appIframe(el)!.allow).to.equal('camera; clipboard-write');
  });

  it('checks only the page’s own calls: not the opening call, not resource reads', async () => {
    const seen: string[] = [];
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    el.onAppCall = (call) => (seen.push(call.name), true);
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    command(el, { probe: 'read', uri: 'ui://probe/app.html' });
    const read = await waitForReport(reports, (r) => !!r.readResult, 'the read');
    expect(read.readResult.result.contents[0].uri).to.equal('ui://probe/app.html');
    expect(seen).to.deep.equal([]);
  });

  it('lets the app list the resources and resource templates of its own server', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    const seen: string[] = [];
    el.onAppCall = (call) => (seen.push(call.name), true);
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    command(el, { probe: 'list', method: 'resources/list' });
    const listed = await waitForReport(reports, (r) => !!r.listResult, 'the list');
    const uris = listed.listResult.result.resources.map((resource: { uri: string }) => resource.uri);
    expect(uris).to.include.members(['ui://probe/app.html', 'ui://probe/modes.html']);
    command(el, { probe: 'list', method: 'resources/templates/list' });
    await until(() => reports.filter((r) => r.listResult).length === 2, 'the templates');
    const templates = reports.filter((r) => r.listResult)[1].listResult.result.resourceTemplates;
    expect(templates.map((template: { uriTemplate: string }) => template.uriTemplate)).to.deep.equal(['probe://notes/{id}']);
    // Lists change nothing: the page's check is not asked.
    expect(seen).to.deep.equal([]);
  });

  it('tells the app when its width changes', async () => {
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    el.style.width = '700px';
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    el.style.width = '520px';
    const changed = await waitForReport(reports, (r) => r.received === 'ui/notifications/host-context-changed' && !!r.params.containerDimensions, 'the new width');
    expect(changed.params.containerDimensions.width).to.be.lessThan(520);
  });

  it('connects to servers given by the mcpServers property, with their own onAppCall', async () => {
    const el = await chatWithoutServer(mcpCallEndpoint('show_probe'));
    const seen: string[] = [];
    el.mcpServers = [{ name: 'byProperty', url: '/mcp/probe', onAppCall: (call) => (seen.push(`${call.source}:${call.name}`), true) }];
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    command(el, { probe: 'call', name: 'counted' });
    await waitForReport(reports, (r) => !!r.callResult, 'the call');
    expect(seen).to.deep.equal(['byProperty:counted']);
  });

  it('appendAppCard calls the tool and resolves to the card with its app', async () => {
    const el = await probeChat('/agui/basic');
    const card = await el.appendAppCard({ source: 'probe', tool: 'show_probe', arguments: { value: 'page' }, title: 'From the page', text: 'Here it is.' });
    expect(card.localName).to.equal('agent-chat-tool-card');
    expect(textOf(card.shadowRoot!.querySelector('.title') ?? undefined)).to.equal('From the page');
    const result = await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    expect(result.params.structuredContent).to.deep.equal({ value: 'page' });
    expect((await probeCalls()).show_probe).to.equal(1);
    const turns = (el as any).wiring.conversation.turns;
    expect(turns[0].parts[0]).to.include({ kind: 'text', text: 'Here it is.' });
    // The model learns of it with the next message.
    await sendAndWait(el, 'next');
    const body = (await lastRequest('basic')).body;
    expect(body.messages.find((m: { role: string }) => m.role === 'tool').content).to.equal('{"value":"page"}');
  });

  it('appendAppCard with a value shows the app without calling the tool', async () => {
    const el = await probeChat('/agui/basic');
    await el.appendAppCard({ source: 'probe', tool: 'show_probe', value: { content: [], structuredContent: { value: 'given' } } });
    const result = await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    expect(result.params.structuredContent).to.deep.equal({ value: 'given' });
    expect((await probeCalls()).show_probe).to.equal(undefined);
  });

  it('refuses the page calls of a card shown under its server’s own check when no check is given now', async () => {
    const el = await probeChat('/agui/basic');
    const server = el.querySelector('agent-chat-mcp-server')!;
    server.onAppCall = () => true;
    await el.appendAppCard({ source: 'probe', tool: 'show_probe' });
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    const part = (el as any).wiring.conversation.turns[0].parts[0];
    await until(() => (el as any).wiring.conversation.turns[0].parts[0].app.hadOwnCheck === true, 'the mark');
    expect(part.app.source).to.equal('probe');
    server.onAppCall = undefined;
    command(el, { probe: 'call', name: 'counted' });
    const refused = await waitForReport(reports, (r) => !!r.callResult, 'the refusal');
    expect(refused.callResult.isError).to.equal(true);
    expect(refused.callResult.content[0].text).to.contain('had its own check');
    expect((await probeCalls()).counted).to.equal(undefined);
  });
});

describe('MCP Apps: connections', function () {
  this.timeout(30_000);
  it('lets go of its MCP connections when the chat leaves the page, and reopens them when it comes back', async () => {
    const streams = async () => Number(await (await fetch('/mcp/probe-streams')).text());
    // Chats of earlier tests have been removed: their streams close.
    await waitUntilAsync(async () => (await streams()) === 0, 'no stream open');
    const el = await probeChat('/agui/basic');
    await (await (el as any).wiring.apps.host()).ready();
    await waitUntilAsync(async () => (await streams()) === 1, 'the stream opened');
    const parent = el.parentElement!;
    el.remove();
    await waitUntilAsync(async () => (await streams()) === 0, 'the stream closed');
    parent.append(el);
    await waitUntilAsync(async () => (await streams()) === 1, 'the stream reopened');
  });
});

async function waitUntilAsync(predicate: () => Promise<boolean>, what: string, timeout = 8000): Promise<void> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await predicate()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

async function chatWithoutServer(endpoint: string): Promise<AgentChat> {
  const { fixture, html } = await import('@open-wc/testing');
  return fixture<AgentChat>(html`<agent-chat style="height: 600px" endpoint=${endpoint}></agent-chat>`);
}

describe('MCP Apps: an app that navigates its frame away', function () {
  this.timeout(30_000);
  const reports = useProbeReports();

  const elsewhere = `${location.origin}/mcp/probe-elsewhere`;
  // A data: document that speaks at once (a call, a message, the app's port request) and never finishes loading.
  const dataDocument = `data:text/html,${encodeURIComponent(`<script>
const hit = () => { const channel = new MessageChannel(); parent.postMessage({ type: 'agent-chat/app-port' }, '*', [channel.port2]);
  channel.port1.postMessage({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'counted', arguments: {} } });
  parent.postMessage({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'counted', arguments: {} } }, '*');
  parent.postMessage({ jsonrpc: '2.0', id: 8, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'data says' }] } }, '*');
  parent.postMessage({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { elsewhere: true } } }, '*'); };
hit(); setInterval(hit, 50);
</script><img src="${location.origin}/mcp/probe-hang" alt="">`)}`;
  const other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const sandboxUrl = `${location.protocol}//${other}:${location.port}/dist/sandbox.html`;
  for (const [what, url, proxy] of [
    ['a page of another origin', elsewhere, false],
    ['a data: document', dataDocument, false],
    ['a page of another origin, behind the sandbox proxy,', elsewhere, true],
    ['a data: document, behind the sandbox proxy,', dataDocument, true],
  ] as const) {
    it(`is stopped, and ${what} there is never heard, even before it loads`, async () => {
      const el = await probeChat(mcpCallEndpoint('show_probe'));
      if (proxy) el.sandboxUrl = sandboxUrl;
      await sendAndWait(el, 'go');
      await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
      // Behind the proxy too: the proxy relays what the chat's page posts to the app.
      command(el, { probe: 'navigate', url });
      const frame = appFrame(el)!;
      await until(() => !!frame.shadowRoot!.querySelector('.unavailable'), 'the notice');
      expect(textOf(frame.shadowRoot!.querySelector('.unavailable') ?? undefined)).to.contain('left its page');
      await new Promise((resolve) => setTimeout(resolve, 400));
      // The page there tried, before its load event (which never comes), and with the app's own
      // port request: a call, a message, model context and full screen. None was heard.
      expect(reports.some((r) => r.elsewhere)).to.equal(false);
      expect((await probeCalls()).counted, 'no tool call reached the server').to.equal(undefined);
      expect(el.getTurns().filter((turn) => turn.role === 'user').length, 'no message').to.equal(1);
      expect(frame.shadowRoot!.querySelector('[part="app-message"]'), 'no proposal').to.equal(null);
      expect(frame.shadowRoot!.querySelector('.fullscreen'), 'no full screen').to.equal(null);
      await sendAndWait(el, 'and now');
      const context = (await lastRequest('mcp-call')).body.context as { value: string }[];
      expect(
        context.some((entry) => entry.value.includes('elsewhere')),
        'no model context',
      ).to.equal(false);
    });
  }
});

describe('MCP Apps: server configuration mistakes', () => {
  it('shows a notice for a server element without a url, and for headers that are not JSON', async () => {
    const { fixture, html } = await import('@open-wc/testing');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="/agui/basic">
      <agent-chat-mcp-server name="nourl"></agent-chat-mcp-server>
      <agent-chat-mcp-server name="badheaders" url="/mcp/probe" headers="{nope"></agent-chat-mcp-server>
    </agent-chat>`);
    await until(() => textOf(deepQuery(el, '.config-error')).includes('needs both a name and a url'), 'the url notice');
    expect(textOf(deepQuery(el, '.config-error'))).to.contain('The headers of the MCP server "badheaders" are not valid JSON.');
    el.querySelector('[name="nourl"]')!.setAttribute('url', '/mcp/probe');
    el.querySelector('[name="badheaders"]')!.setAttribute('headers', '{"x-test":"1"}');
    await until(() => !deepQuery(el, '.config-error'), 'the notice goes once fixed');
  });
});
