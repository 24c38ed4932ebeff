/**
 * An app's `ui/download-file`: saved only on the person's gesture in the app, only from content
 * the app gives inline and within the limit, under a safe name, after a cancelable
 * `agent-chat-download` per file; the app is told why when it is not.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { AgentChatDownloadDetail } from '../../../src/events.js';
import { APP_DOWNLOAD_LIMIT } from '../../../src/mcp/app-limits.js';
import { deepQuery, sendAndWait, until } from '../helpers.js';
import { answerPrompt, appFrame, clickInsideApp, command, mcpCallEndpoint, probeChat, useProbeReports, waitForReport, type Report } from '../mcp-helpers.js';

interface Saved {
  name: string;
  href: string;
  connected: boolean;
  blob: Promise<Blob>;
}

const activation = () => (navigator as Navigator & { userActivation: { isActive: boolean } }).userActivation;

/** Until the page's user activation (from an earlier test's clicks and keys) has run out. */
async function noActivation(): Promise<void> {
  await until(() => !activation().isActive, 'no activation left', 7000);
}

const textFile = (uri: string, text: string, mimeType = 'text/plain') => ({ type: 'resource', resource: { uri, mimeType, text } });

describe('MCP Apps: an app downloads a file (ui/download-file)', function () {
  this.timeout(30_000);
  const reports = useProbeReports();
  /** The links the chat clicked to save files (the click itself is kept from the browser). */
  let saved: Saved[] = [];
  let events: CustomEvent<AgentChatDownloadDetail>[] = [];
  /** Events and saves, in the order they came. */
  let order: string[] = [];
  const click = HTMLAnchorElement.prototype.click;

  beforeEach(() => {
    saved = [];
    events = [];
    order = [];
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (!this.hasAttribute('download')) return click.call(this);
      order.push(`save:${this.download}`);
      // Read at once: the chat lets the URL go later.
      saved.push({ name: this.download, href: this.href, connected: this.isConnected, blob: fetch(this.href).then((response) => response.blob()) });
    };
  });
  afterEach(() => {
    HTMLAnchorElement.prototype.click = click;
  });

  async function readyProbe(): Promise<AgentChat> {
    const el = await probeChat(mcpCallEndpoint('show_probe'));
    el.addEventListener('agent-chat-download', (event) => {
      events.push(event);
      order.push(`event:${event.detail.name}`);
    });
    await sendAndWait(el, 'go');
    await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
    await waitForReport(reports, (r) => !!r.security, 'that it is ready');
    return el;
  }

  /** Asks the probe app to download `contents`; resolves with its report of the answer. */
  async function download(el: AgentChat, contents: unknown[]): Promise<Report> {
    const before = reports.filter((r) => 'downloadResult' in r).length;
    command(el, { probe: 'download', contents });
    await until(() => reports.filter((r) => 'downloadResult' in r).length > before, 'the download answer', 10_000);
    return reports.filter((r) => 'downloadResult' in r).pop()!;
  }

  function refusal(report: Report): string {
    expect(report.downloadResult?.isError, 'an error for the app').to.equal(true);
    return report.downloadResult.content[0].text;
  }

  it('declares downloadFile; after a click in the app saves a text and a blob file, each announced first', async () => {
    const el = await readyProbe();
    const init = (await waitForReport(reports, (r) => !!r.init, 'the initialize answer')).init;
    expect(init.hostCapabilities).to.have.property('downloadFile');
    const frame = appFrame(el) as HTMLElement & { call: { id: string }; heading: string };
    await clickInsideApp(el);
    const report = await download(el, [
      textFile('file:///exports/report.csv', 'a,b\n1,é\n', 'text/csv; charset=utf-8'),
      { type: 'resource', resource: { uri: 'file:///img/pixel.png', mimeType: 'image/png', blob: btoa(String.fromCharCode(137, 80, 78, 71, 0, 255)) } },
    ]);
    expect(report.downloadResult).to.deep.equal({});
    expect(report.downloadError).to.equal(undefined);
    expect(order).to.deep.equal(['event:report.csv', 'event:pixel.png', 'save:report.csv', 'save:pixel.png']);
    const source = { kind: 'app', server: 'probe', instanceId: frame.call.id, title: frame.heading };
    expect(events.map((event) => event.detail)).to.deep.equal([
      { name: 'report.csv', mimeType: 'text/csv', size: 9, source },
      { name: 'pixel.png', mimeType: 'image/png', size: 6, source },
    ]);
    expect(events.every((event) => event.bubbles && event.composed && event.cancelable)).to.equal(true);
    expect(saved.map((file) => file.name)).to.deep.equal(['report.csv', 'pixel.png']);
    expect(
      saved.every((file) => file.href.startsWith('blob:') && !file.connected),
      'blob URLs, links never in the document',
    ).to.equal(true);
    const [csv, png] = await Promise.all(saved.map((file) => file.blob));
    expect(await csv.text()).to.equal('a,b\n1,é\n');
    expect([...new Uint8Array(await png.arrayBuffer())]).to.deep.equal([137, 80, 78, 71, 0, 255]);
    // Whatever the app says it is, the browser is given bytes to save, nothing to show.
    expect([csv.type, png.type]).to.deep.equal(['application/octet-stream', 'application/octet-stream']);

    // That click was spent: another request within its activation asks the person, and saves nothing meanwhile.
    expect(activation().isActive, 'the click’s activation lasts').to.equal(true);
    command(el, { probe: 'download', contents: [textFile('file:///again.txt', 'again')] });
    await until(() => /again\.txt/.test(appFrame(el)!.shadowRoot!.querySelector('.ask')?.textContent ?? ''), 'the person asked');
    expect(saved.map((file) => file.name)).to.deep.equal(['report.csv', 'pixel.png']);
    expect(events).to.have.length(2);
  });

  it('saves nothing when the page cancels agent-chat-download, and the app is told the page declined', async () => {
    const el = await readyProbe();
    el.addEventListener('agent-chat-download', (event) => event.preventDefault(), { once: true });
    await clickInsideApp(el);
    const report = await download(el, [textFile('file:///page.html', '<script>alert(1)</script>', 'text/html')]);
    expect(refusal(report)).to.equal('The page declined the download of “page.html”.');
    expect(events.map((event) => event.detail.mimeType)).to.deep.equal(['text/html']);
    expect(saved).to.deep.equal([]);
  });

  it('refuses a download with no gesture in the app; the page hears nothing', async () => {
    const el = await readyProbe();
    await noActivation();
    const report = await download(el, [textFile('file:///quiet.txt', 'unasked')]);
    expect(refusal(report)).to.contain('click or key in the app');
    expect(events).to.deep.equal([]);
    expect(saved).to.deep.equal([]);
  });

  it('refuses a file over the limit, telling the app why, before the page hears of it', async () => {
    const el = await readyProbe();
    await clickInsideApp(el);
    const report = await download(el, [textFile('file:///big.txt', 'x'.repeat(APP_DOWNLOAD_LIMIT + 1))]);
    expect(refusal(report)).to.equal(`File 1: it is over ${APP_DOWNLOAD_LIMIT} bytes (10 MB), the most an app may download per file.`);
    expect(events).to.deep.equal([]);
    expect(saved).to.deep.equal([]);
  });

  it('saves a hostile name as a plain one: no path, no control or direction characters, no leading dot', async () => {
    const el = await readyProbe();
    await clickInsideApp(el);
    const report = await download(el, [
      textFile('file:///../../etc/passwd', 'root'),
      textFile('file:///x/..%2F..%2Fetc%2Fshadow', 'root'),
      textFile('file:///\u202Eexe.txt', 'rtl'),
      textFile('file:///a\u0000b\u0007\u001bc\u007f.txt', 'controls'),
      textFile('file:///.bashrc', 'dot'),
    ]);
    expect(report.downloadResult).to.deep.equal({});
    const names = ['passwd', 'shadow', 'exe.txt', 'abc.txt', 'bashrc'];
    expect(saved.map((file) => file.name)).to.deep.equal(names);
    expect(events.map((event) => event.detail.name)).to.deep.equal(names);
  });

  it('refuses a link to fetch, and a resource without inline content', async () => {
    const el = await readyProbe();
    await clickInsideApp(el);
    const link = await download(el, [{ type: 'resource_link', uri: 'https://example.com/q4.pdf', name: 'Q4 report', mimeType: 'application/pdf' }]);
    expect(refusal(link)).to.contain('a link (https://example.com/q4.pdf) is not downloaded').and.contain('fetches nothing');
    await clickInsideApp(el);
    const bare = await download(el, [{ type: 'resource', resource: { uri: 'https://example.com/data.bin', mimeType: 'application/octet-stream' } }]);
    // The bridge refuses the shape itself (a JSON-RPC error); either way nothing is fetched or saved.
    expect(bare.downloadError ?? bare.downloadResult?.isError, 'refused').to.be.ok;
    expect(events).to.deep.equal([]);
    expect(saved).to.deep.equal([]);
  });

  // Last: the person's click on Allow is the page's own input, which a gesture in the next few seconds could borrow.
  it('with only the page’s activation, asks the person in the card; their Allow saves it', async () => {
    const el = await readyProbe();
    await noActivation();
    deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!.focus();
    await sendKeys({ press: 'Enter' });
    const refused = download(el, [textFile('file:///asked.txt', 'one')]);
    await answerPrompt(el, 'wants to download asked.txt', false);
    expect(refusal(await refused)).to.contain('click or key in the app');
    expect(saved).to.deep.equal([]);
    const allowed = download(el, [textFile('file:///asked.txt', 'two')]);
    await answerPrompt(el, 'wants to download asked.txt', true);
    expect((await allowed).downloadResult).to.deep.equal({});
    expect(saved.map((file) => file.name)).to.deep.equal(['asked.txt']);
    expect(await (await saved[0].blob).text()).to.equal('two');
  });
});
