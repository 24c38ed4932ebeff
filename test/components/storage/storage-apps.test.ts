/**
 * Stored app cards: a restored MCP App card is rebuilt from what was saved (resource
 * HTML, its `_meta.ui`, tool input, tool result), so the app appears with no `tools/call` and no
 * `resources/read`; and the missing-check mark (`hadOwnCheck`) is saved, survives export and
 * import, and refuses the app's page calls where the page gives no check.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { AgentChatAppCallDetail } from '../../../src/events.js';
import type { AppCallCheck } from '../../../src/mcp/mcp-types.js';
import type { ThreadExport } from '../../../src/storage/records.js';
import { sendAndWait, settle, until, useFreshKeys } from '../helpers.js';
import { appFrame as appFrameOf, appIframe, command, mcpCallEndpoint, probeCalls, useProbeReports, waitForReport, type Report } from '../mcp-helpers.js';

const freshKey = useFreshKeys('storage-apps');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function requests(scenario: string): Promise<unknown[]> {
  return (await fetch(`/agui/requests?scenario=${scenario}`)).json();
}

/**
 * Counts the JSON-RPC requests the page sends to the probe server, by method (the server counts
 * only `tools/call`). The MCP client takes `fetch` when it connects, so this is in place before
 * any chat of this file is made.
 */
function countProbeRequests(): { counts: Record<string, number>; restore: () => void } {
  const counts: Record<string, number> = {};
  const original = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    try {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
      if (url.pathname === '/mcp/probe' && (init?.method ?? 'GET').toUpperCase() === 'POST' && typeof init?.body === 'string') {
        const body = JSON.parse(init.body) as unknown;
        for (const message of Array.isArray(body) ? body : [body]) {
          const method = (message as { method?: unknown })?.method;
          if (typeof method === 'string') counts[method] = (counts[method] ?? 0) + 1;
        }
      }
    } catch {
      // not a JSON-RPC request
    }
    return original.call(window, input, init);
  };
  return { counts, restore: () => (window.fetch = original) };
}

/** A chat on database `key` with the probe server as a child (with its own check when given). */
async function appChat(endpoint: string, key: string, checks: { server?: AppCallCheck; chat?: AppCallCheck } = {}): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 600px" endpoint=${endpoint} storage-key=${key}></agent-chat>`);
  if (checks.chat) el.onAppCall = checks.chat;
  const server = document.createElement('agent-chat-mcp-server');
  server.setAttribute('name', 'probe');
  server.setAttribute('url', '/mcp/probe');
  if (checks.server) server.onAppCall = checks.server;
  el.append(server);
  await el.updateComplete;
  await (el as unknown as { wiring: { store: { ready(): Promise<void> } } }).wiring.store.ready();
  await settle(el);
  return el;
}

interface StoredApp {
  source: string;
  resourceUri: string;
  resource?: { html: string; meta?: unknown };
  callResult?: { structuredContent?: unknown };
  hadOwnCheck?: boolean;
}

/** The app of the (first) tool-call part in these turns. */
function appOf(turns: readonly unknown[]): StoredApp | undefined {
  for (const turn of turns as { role: string; parts?: { kind: string; app?: StoredApp }[] }[]) {
    const part = turn.parts?.find((candidate) => candidate.kind === 'tool-call' && candidate.app);
    if (part) return part.app;
  }
  return undefined;
}

/** The stored app card of an export (its nodes in order). */
function exportedApp(data: ThreadExport): StoredApp | undefined {
  return appOf([...data.nodes].sort((a, b) => a.seq - b.seq).map((node) => node.turn));
}

const ENDPOINT = mcpCallEndpoint('show_probe', { value: 'kept' });

/** Waits until the app in the chat reported it is ready and got its tool result. */
async function appReady(reports: Report[]): Promise<Report> {
  const result = await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the tool result');
  await waitForReport(reports, (r) => !!r.security, 'that it is ready');
  return result;
}

/** Makes the app's page call a tool; resolves with what the app got back. */
async function callFromApp(el: AgentChat, reports: Report[], name: string, args: Record<string, unknown> = {}): Promise<any> {
  const answered = () => reports.filter((r) => r.callResult && r.name === name);
  const before = answered().length;
  command(el, { probe: 'call', name, arguments: args });
  await until(() => answered().length > before, `the answer to ${name}`, 8000);
  return answered().pop()!.callResult;
}

function appCalls(el: AgentChat): AgentChatAppCallDetail[] {
  const calls: AgentChatAppCallDetail[] = [];
  el.addEventListener('agent-chat-app-call', (event) => calls.push(event.detail));
  return calls;
}

describe('storage: app cards restored without calling anything', function () {
  this.timeout(40_000);
  const reports = useProbeReports();
  let wire: ReturnType<typeof countProbeRequests>;
  before(() => (wire = countProbeRequests()));
  after(() => wire.restore());

  it('shows the app again from the saved resource, input and result: no tools/call, no resources/read, no run', async () => {
    const key = freshKey();
    const callsAtStart = wire.counts['tools/call'] ?? 0;
    const readsAtStart = wire.counts['resources/read'] ?? 0;
    const first = await appChat(ENDPOINT, key);
    await sendAndWait(first, 'show the probe');
    await appReady(reports);
    await until(() => !!appOf(first.getTurns())?.resource, 'the resource is in the card');
    const stored = exportedApp(await first.exportThread());
    expect(stored?.resource?.html, 'the resource HTML is stored').to.contain('<title>probe</title>');
    expect(stored?.callResult?.structuredContent).to.deep.equal({ value: 'kept' });
    expect(stored?.resourceUri).to.equal('ui://probe/app.html');

    const served = await probeCalls();
    expect(served).to.deep.equal({ show_probe: 1 });
    const calls = wire.counts['tools/call'] ?? 0;
    const reads = wire.counts['resources/read'] ?? 0;
    expect(calls - callsAtStart, 'the first chat called the tool').to.equal(1);
    expect(reads - readsAtStart, 'the first chat read the resource').to.be.greaterThan(0);
    const runs = (await requests('mcp-call')).length;
    const saved = first.getTurns();
    first.remove();
    reports.length = 0;

    const second = await appChat(ENDPOINT, key);
    await until(() => second.getTurns().length === saved.length, 'the conversation is back');
    expect(second.getTurns()).to.deep.equal(saved);
    await until(() => !!appIframe(second), 'the app frame is shown');
    const result = await appReady(reports);
    expect(result.params.structuredContent).to.deep.equal({ value: 'kept' });
    expect(result.params.content).to.deep.equal([{ type: 'text', text: 'probe:kept' }]);
    const inputs = reports.filter((r) => r.received === 'ui/notifications/tool-input');
    expect(inputs, 'tool-input once').to.have.length(1);
    expect(inputs[0].params.arguments).to.deep.equal({ value: 'kept' });
    expect(appIframe(second)!.srcdoc).to.contain('<title>probe</title>');

    await sleep(500); // anything late would show now
    expect(await probeCalls(), 'the server ran nothing').to.deep.equal(served);
    expect(wire.counts['tools/call'] ?? 0, 'no tools/call').to.equal(calls);
    expect(wire.counts['resources/read'] ?? 0, 'no resources/read').to.equal(reads);
    expect((await requests('mcp-call')).length, 'no run').to.equal(runs);
    const note = () => appFrameOf(second)?.shadowRoot?.querySelector('.reopened');
    expect(note(), 'an app nobody used needs no note').to.equal(null);
  });

  it('a card whose app the person used says, once restored, that it shows the app as it first opened', async () => {
    const key = freshKey();
    const first = await appChat(ENDPOINT, key);
    await sendAndWait(first, 'show the probe');
    await appReady(reports);
    expect(appFrameOf(first)!.shadowRoot!.querySelector('.reopened'), 'not in the session it was used in').to.equal(null);
    await callFromApp(first, reports, 'app_only');
    await until(() => (appOf(first.getTurns()) as { acted?: boolean } | undefined)?.acted === true, 'the card knows it was used');
    await (first as unknown as { wiring: { store: { flush(): Promise<void> } } }).wiring.store.flush();
    first.remove();
    reports.length = 0;

    const second = await appChat(ENDPOINT, key);
    await until(() => !!appIframe(second), 'the app frame is shown');
    await appReady(reports);
    await until(() => !!appFrameOf(second)?.shadowRoot?.querySelector('.reopened'), 'the note');
    const note = appFrameOf(second)!.shadowRoot!.querySelector('.reopened')!;
    expect(note.textContent!.trim()).to.equal('Shown as it first opened: what was done in the app since is not kept.');
    await expect(second).to.be.accessible();
  });
});

describe('storage: the missing-check mark of a restored app card', function () {
  this.timeout(60_000);
  const reports = useProbeReports();

  it('is saved; a restore with no check refuses the page calls; a check of the page now lets them through; it survives export and import', async () => {
    const key = freshKey();
    const ownChecks: string[] = [];
    const first = await appChat(ENDPOINT, key, { server: (call) => (ownChecks.push(call.name), true) });
    await sendAndWait(first, 'show the probe');
    await appReady(reports);
    await until(() => appOf(first.getTurns())?.hadOwnCheck === true, 'the mark is on the card');
    await until(() => !!appOf(first.getTurns())?.resource, 'the resource is in the card');
    const exported = await first.exportThread();
    expect(exported.nodes.length).to.be.greaterThan(1);
    expect(exportedApp(exported)?.hadOwnCheck, 'the mark is in the stored record').to.equal(true);
    // The server's own check lets the first chat's page calls through.
    expect((await callFromApp(first, reports, 'counted', { n: 1 })).content[0].text).to.equal('counted 1');
    expect(ownChecks).to.deep.equal(['counted']);
    expect((await probeCalls()).counted).to.equal(1);
    first.remove();

    // Restored where neither the server nor the chat has a check: refused, with a clear reason.
    reports.length = 0;
    const unchecked = await appChat(ENDPOINT, key);
    await until(() => appOf(unchecked.getTurns())?.hadOwnCheck === true, 'the card comes back with its mark');
    const events = appCalls(unchecked);
    await appReady(reports);
    const refused = await callFromApp(unchecked, reports, 'counted', { n: 2 });
    expect(refused.isError).to.equal(true);
    expect(refused.content[0].text).to.contain('had its own check');
    expect(refused.content[0].text).to.contain('"probe"');
    expect(refused.content[0].text).to.contain('refused');
    expect(events).to.have.length(1);
    expect(events[0]).to.include({ name: 'counted', source: 'probe', allowed: false, error: refused.content[0].text });
    expect((await probeCalls()).counted, 'the refused call never reached the server').to.equal(1);
    unchecked.remove();

    // Restored where the chat gives a check: the page's calls go through it.
    reports.length = 0;
    const chatChecks: string[] = [];
    let verdict: boolean | string = true;
    const checked = await appChat(ENDPOINT, key, { chat: (call) => (chatChecks.push(call.name), verdict) });
    const passed = appCalls(checked);
    await appReady(reports);
    expect((await callFromApp(checked, reports, 'counted', { n: 3 })).content[0].text).to.equal('counted 3');
    expect(chatChecks).to.deep.equal(['counted']);
    expect(passed.map((call) => call.allowed)).to.deep.equal([true]);
    expect((await probeCalls()).counted).to.equal(2);
    verdict = 'Not today';
    const vetoed = await callFromApp(checked, reports, 'counted', { n: 4 });
    expect(vetoed.isError).to.equal(true);
    expect(vetoed.content[0].text).to.equal('Not today');
    expect((await probeCalls()).counted).to.equal(2);
    expect(appOf(checked.getTurns())?.hadOwnCheck, 'the mark stays').to.equal(true);
    const file = JSON.stringify(await checked.exportThread());
    checked.remove();

    // Exported and imported into another database: the mark is still there, and still refuses.
    reports.length = 0;
    const elsewhere = await appChat(ENDPOINT, freshKey());
    const id = await elsewhere.importThread(file);
    await settle(elsewhere);
    expect(elsewhere.threadId).to.equal(id);
    expect(appOf(elsewhere.getTurns())?.hadOwnCheck).to.equal(true);
    expect(exportedApp(await elsewhere.exportThread(id))?.hadOwnCheck, 'in the imported record').to.equal(true);
    await appReady(reports);
    const refusedAgain = await callFromApp(elsewhere, reports, 'counted', { n: 5 });
    expect(refusedAgain.isError).to.equal(true);
    expect(refusedAgain.content[0].text).to.contain('had its own check');
    expect((await probeCalls()).counted).to.equal(2);
    expect((await probeCalls()).show_probe, 'no restore or import called the tool').to.equal(1);
  });
});
