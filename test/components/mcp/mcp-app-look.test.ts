import { expect } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { sendAndWait } from '../helpers.js';
import { command, mcpCallEndpoint, probeChat, useProbeReports, waitForReport, type Report } from '../mcp-helpers.js';

/** Every style variable of the ext-apps 2.0.4 list except the ones the chat has no colour for. */
const KINDS = ['primary', 'secondary', 'tertiary', 'inverse', 'ghost', 'info', 'danger', 'disabled'];
const EXPECTED = [
  ...KINDS.flatMap((kind) => [`--color-background-${kind}`, `--color-text-${kind}`, `--color-border-${kind}`]),
  ...['primary', 'secondary', 'inverse', 'info', 'danger'].map((kind) => `--color-ring-${kind}`),
  '--font-sans',
  '--font-mono',
  ...['normal', 'medium', 'semibold', 'bold'].map((weight) => `--font-weight-${weight}`),
  ...['xs', 'sm', 'md', 'lg'].flatMap((step) => [`--font-text-${step}-size`, `--font-text-${step}-line-height`]),
  ...['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'].flatMap((step) => [`--font-heading-${step}-size`, `--font-heading-${step}-line-height`]),
  ...['xs', 'sm', 'md', 'lg', 'xl', 'full'].map((step) => `--border-radius-${step}`),
  '--border-width-regular',
  ...['hairline', 'sm', 'md', 'lg'].map((size) => `--shadow-${size}`),
];

const contextChanges = (reports: Report[]) => reports.filter((r) => r.received === 'ui/notifications/host-context-changed').map((r) => r.params);

async function openProbe(reports: Report[], setup?: (el: AgentChat) => void): Promise<{ el: AgentChat; context: Record<string, any> }> {
  const el = await probeChat(mcpCallEndpoint('show_probe', { value: 'look' }));
  setup?.(el);
  await sendAndWait(el, 'go');
  const context = (await waitForReport(reports, (r) => !!r.init, 'the initialize answer')).init.hostContext;
  await waitForReport(reports, (r) => r.received === 'ui/notifications/tool-result', 'the result');
  return { el, context };
}

describe('MCP Apps: the look the chat gives its apps', function () {
  this.timeout(30_000);
  const reports = useProbeReports();

  it('gives every style variable its tokens can, resolved for the theme shown, and tells the app again when the theme flips', async () => {
    const { el, context } = await openProbe(reports, (chat) => (chat.theme = 'dark'));
    const variables = context.styles.variables as Record<string, string>;
    expect(Object.keys(variables).sort()).to.deep.equal([...EXPECTED].sort());
    for (const name of EXPECTED) expect(variables[name], name).to.be.a('string').and.not.equal('');
    // The dark tokens: the chat's background, text and accent.
    expect(variables['--color-background-primary']).to.equal('rgb(23, 24, 28)');
    expect(variables['--color-text-primary']).to.equal('rgb(232, 233, 236)');
    expect(variables['--color-text-info']).to.equal('rgb(127, 162, 255)');
    expect(variables['--font-text-md-size']).to.equal('15px');
    expect(variables['--font-text-sm-size']).to.equal('13.13px');
    expect(variables['--border-radius-md']).to.equal('12px');
    expect(variables['--border-radius-sm']).to.equal('6px');
    expect(variables['--font-sans']).to.contain('system-ui');
    expect(context.safeAreaInsets).to.deep.equal({ top: 0, right: 0, bottom: 0, left: 0 });

    el.theme = 'light';
    const change = await waitForReport(reports, (r) => r.received === 'ui/notifications/host-context-changed' && r.params.theme === 'light', 'the theme change');
    // Only what changed: the theme and the styles, not the language, time zone or safe area.
    expect(Object.keys(change.params).sort()).to.deep.equal(['styles', 'theme']);
    expect(change.params.styles.variables['--color-background-primary']).to.equal('rgb(255, 255, 255)');
    expect(change.params.styles.variables['--color-text-primary']).to.equal('rgb(29, 31, 36)');
    expect(Object.keys(change.params.styles.variables)).to.have.length(EXPECTED.length);
  });

  it('tells the app when the page restyles the chat, and only then', async () => {
    const { el } = await openProbe(reports);
    const before = contextChanges(reports).length;
    el.style.setProperty('--agent-chat-color-accent', '#d00000');
    const change = await waitForReport(
      reports,
      (r) => r.received === 'ui/notifications/host-context-changed' && r.params.styles?.variables?.['--color-text-info'] === 'rgb(208, 0, 0)',
      'the new accent',
    );
    expect(Object.keys(change.params)).to.deep.equal(['styles']);
    expect(change.params.styles.variables['--color-ring-primary']).to.equal('rgb(208, 0, 0)');
    // A change of something the app is not told about sends nothing.
    const count = contextChanges(reports).length;
    expect(count).to.equal(before + 1);
    el.setAttribute('class', 'unrelated');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(contextChanges(reports).length).to.equal(count);
  });

  it('hands the app the chat’s own font, inlined, and leaves out a font from another origin', async () => {
    const style = document.createElement('style');
    style.textContent = `
      @font-face { font-family: 'Probe Chat Font'; src: url('/node_modules/katex/dist/fonts/KaTeX_Main-Regular.woff2') format('woff2'); font-weight: 400; }
      @font-face { font-family: 'Far Font'; src: url('http://127.0.0.1:9/far.woff2') format('woff2'); }`;
    document.head.append(style);
    try {
      const { el, context } = await openProbe(reports, (chat) => chat.style.setProperty('--agent-chat-font-family', "'Probe Chat Font', 'Far Font', sans-serif"));
      // The fonts are read once the app is up, or were already: either way the app hears them.
      const fonts: string =
        context.styles.css?.fonts ??
        (await waitForReport(reports, (r) => r.received === 'ui/notifications/host-context-changed' && !!r.params.styles?.css?.fonts, 'the fonts')).params.styles.css.fonts;
      expect(fonts).to.match(/^@font-face\{font-family:"Probe Chat Font";src:url\("data:font\/woff2;base64,[A-Za-z0-9+/=]+"\) format\("woff2"\)/);
      expect(fonts).to.contain('font-weight:400');
      expect(fonts).to.not.contain('Far Font');
      expect(fonts).to.not.contain('127.0.0.1');
      expect(context.styles.variables['--font-sans']).to.contain('Probe Chat Font');
      // Inside the app, under its CSP, the face loads from the data: URL.
      command(el, { probe: 'font', css: fonts, family: 'Probe Chat Font' });
      const loaded = await waitForReport(reports, (r) => r.family === 'Probe Chat Font', 'the font in the app');
      expect(loaded.fontFaces).to.equal(1);
    } finally {
      style.remove();
    }
  });
});
