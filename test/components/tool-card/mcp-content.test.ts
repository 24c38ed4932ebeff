import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import '../../../src/components/tool-card/tool-card.js';
import type { AgentChatToolCard } from '../../../src/components/tool-card/tool-card.js';
import type { ToolCallPart } from '../../../src/conversation/types.js';
import type { DisplayOptions } from '../../../src/internal/contexts.js';
import { loadMarkdown } from '../../../src/render/markdown-loader.js';
import { deepQuery, deepQueryAll, fixtureWithSettings, settle, textOf, until, useFreshKeys } from '../helpers.js';

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const SVG = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
/** Base64 standing for `bytes` bytes. */
const zeros = (bytes: number) => 'A'.repeat(Math.ceil(bytes / 3) * 4);

function mcpCall(content: unknown[], extra: Record<string, unknown> = {}): ToolCallPart {
  const result = { content, ...extra };
  return { kind: 'tool-call', id: 'c1', name: 'get-tiny-image', argsText: '{}', args: {}, argsComplete: true, status: 'done', result: 'for the model', mcp: { result } };
}

async function card(call: ToolCallPart, display: Partial<DisplayOptions> = {}): Promise<{ card: AgentChatToolCard; view: ShadowRoot }> {
  await loadMarkdown();
  const element = await fixtureWithSettings<AgentChatToolCard>(html`<agent-chat-tool-card .call=${call} open></agent-chat-tool-card>`, { display });
  const content = element.shadowRoot!.querySelector('agent-chat-mcp-content');
  expect(content, 'the card shows the MCP content view').to.not.equal(null);
  await content!.updateComplete;
  return { card: element, view: content!.shadowRoot! };
}

/** The text under `node`, shadow roots included, its whitespace collapsed. */
function deepText(node: Node): string {
  let text = '';
  const walk = (at: Node) => {
    if (at.nodeType === Node.TEXT_NODE) text += at.textContent;
    if (at instanceof Element && at.shadowRoot) walk(at.shadowRoot);
    for (const child of at.childNodes) walk(child);
  };
  walk(node);
  return text.replace(/\s+/g, ' ').trim();
}

/** Catches downloads: the Blob each saved file was made of, and the anchor that saved it. */
function catchDownloads() {
  const saved: { blob: Blob; name: string; href: string }[] = [];
  const blobs = new Map<string, Blob>();
  const create = URL.createObjectURL;
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = create.call(URL, blob);
    blobs.set(url, blob as Blob);
    return url;
  };
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push({ blob: blobs.get(this.href)!, name: this.download, href: this.href });
  };
  return {
    saved,
    restore() {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    },
  };
}

describe('MCP results in the card', function () {
  this.timeout(30_000);

  it('shows text, images, audio, links and embedded resources; nothing meant only for the assistant', async () => {
    const { card: element, view } = await card(
      mcpCall([
        { type: 'text', text: "Here's the image you requested:" },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'https://docs.example.com/guide', name: 'guide', title: 'The guide', description: 'How it works', mimeType: 'text/html', size: 2150 },
        { type: 'resource_link', uri: 'demo://resource/dynamic/text/2', name: 'Text Resource 2', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'file:///data/config.json', mimeType: 'application/json', text: '{"name": "demo", "count": 3}' } },
        { type: 'resource', resource: { uri: 'demo://resource/session/notes.txt.gz', mimeType: 'application/gzip', blob: 'H4sIAAAAAAAAA8tIzcnJBwCGphA2BQAAAA==' } },
        { type: 'text', text: 'Operation completed successfully', annotations: { audience: ['user'] } },
        { type: 'text', text: 'Debug: cache hit ratio 0.95', annotations: { audience: ['assistant'] } },
      ]),
    );
    const text = deepText(view);
    expect(text).to.contain("Here's the image you requested:");
    expect(text).to.contain('Operation completed successfully');
    expect(text).to.not.contain('Debug: cache hit ratio');
    expect(text).to.not.contain('for the model', 'the card shows the server’s content, not the model’s value');

    // The image: a data: address, through the markdown sanitizer and the images policy (which bounds its size).
    await until(() => view.querySelector('[part="mcp-result-image"] img') !== null, 'the image');
    const image = view.querySelector<HTMLImageElement>('[part="mcp-result-image"] img')!;
    expect(image.getAttribute('src')).to.equal(`data:image/png;base64,${PNG}`);
    expect(image.alt).to.equal('Image (image/png, 68 B)');
    expect(image.style.maxHeight).to.equal('24em');
    await until(() => image.complete && image.naturalWidth === 1, 'the image loads');

    const audio = view.querySelector<HTMLAudioElement>('audio[part="mcp-result-audio"]')!;
    expect(audio.controls).to.equal(true);
    expect(audio.getAttribute('src')).to.match(/^data:audio\/wav;base64,UklGR/);
    expect(audio.getAttribute('aria-label')).to.equal('Audio (audio/wav, 44 B)');

    const links = [...view.querySelectorAll('[part="mcp-result-link"]')];
    expect(links).to.have.length(2);
    const anchor = links[0].querySelector('a')!;
    expect(anchor.href).to.equal('https://docs.example.com/guide');
    expect(anchor.target).to.equal('_blank');
    expect(anchor.rel).to.equal('noopener noreferrer');
    expect(textOf(links[0])).to.equal('The guide (docs.example.com) How it works text/html, 2.1 KB');
    expect(links[1].querySelector('a'), 'an address that is not http(s) is no link').to.equal(null);
    expect(textOf(links[1])).to.equal('Text Resource 2 demo://resource/dynamic/text/2 text/plain');

    const [json, blob] = [...view.querySelectorAll('[part="mcp-result-resource"]')];
    expect(textOf(json.querySelector('.resource-name')!)).to.equal('file:///data/config.json application/json');
    expect(textOf(json.querySelector('pre code')!)).to.equal('{"name": "demo", "count": 3}');
    await until(() => json.querySelector('pre code span[class^="hljs-"]') !== null, 'the JSON is highlighted');

    const downloads = catchDownloads();
    try {
      const button = blob.querySelector<HTMLButtonElement>('button[part="mcp-result-download"]')!;
      expect(textOf(button)).to.equal('Download notes.txt.gz');
      button.click();
      expect(downloads.saved).to.have.length(1);
      expect(downloads.saved[0].name).to.equal('notes.txt.gz');
      expect(downloads.saved[0].blob.type).to.equal('application/octet-stream');
      expect([...new Uint8Array(await downloads.saved[0].blob.arrayBuffer())].slice(0, 2)).to.deep.equal([0x1f, 0x8b]);
    } finally {
      downloads.restore();
    }
    await expect(element).to.be.accessible();
  });

  it('loads data: images in every images mode, as the policy does for bytes the result carries', async () => {
    for (const images of ['none', 'click', 'allow'] as const) {
      const { view } = await card(mcpCall([{ type: 'image', data: PNG, mimeType: 'image/png' }]), { images });
      await until(() => view.querySelector('img') !== null, `the image with images="${images}"`);
      expect(view.querySelector('.image-placeholder'), images).to.equal(null);
    }
  });

  it('keeps hostile content bounded and inert', async () => {
    const downloads = catchDownloads();
    try {
      const { card: element, view } = await card(
        mcpCall([
          { type: 'image', data: SVG, mimeType: 'image/svg+xml' },
          { type: 'image', data: PNG, mimeType: 'text/html' },
          { type: 'image', data: '<script>alert(1)</script>', mimeType: 'image/png' },
          { type: 'image', data: zeros(6 * 1024 * 1024), mimeType: 'image/png' },
          { type: 'image', data: zeros(30 * 1024 * 1024), mimeType: 'image/png' },
          { type: 'resource_link', uri: 'javascript:alert(1)', name: 'invoice\u202Efdp.exe' },
          { type: 'resource_link', uri: 'data:text/html,<script>alert(1)</script>', name: 'page' },
          { type: 'resource', resource: { uri: 'demo://x/page.html', mimeType: 'text/html', text: '<img src=x onerror="window.__pwned = 1"><b>bold</b>' } },
          { type: 'resource', resource: { uri: 'demo://x/evil\u202Etxt.exe', mimeType: 'text/html', blob: btoa('<script>alert(1)</script>') } },
          { type: 'text', text: 'x'.repeat(120_000) },
          { type: 'hologram', data: 'AAAA' },
        ]),
      );
      // No image from any of them: SVG and a page type are offered as bytes, the unreadable and the huge are notes.
      expect(view.querySelectorAll('img').length).to.equal(0);
      const buttons = [...view.querySelectorAll<HTMLButtonElement>('button[part="mcp-result-download"]')];
      expect(buttons.map(textOf)).to.deep.equal(['Download image.svg', 'Download image.html', 'Download image.png', 'Download eviltxt.exe']);
      for (const button of buttons) button.click();
      expect(downloads.saved.map((entry) => entry.blob.type)).to.deep.equal(Array(4).fill('application/octet-stream'));
      expect(await downloads.saved[0].blob.text()).to.contain('<svg');
      const notes = [...view.querySelectorAll('[part="mcp-result-note"]')].map(textOf);
      expect(notes).to.deep.equal([
        'Image (image/png, 18 B) is not shown: its data is not valid base64.',
        'Image (image/png, 30.0 MB) is too large to show here.',
        'Only the first 100,000 of 120,000 characters are shown.',
        'Content of type “hologram” is not shown.',
      ]);
      // Links: only http(s) addresses are links; direction controls in names are shown, not obeyed.
      expect(view.querySelectorAll('a').length).to.equal(0);
      const links = [...view.querySelectorAll('[part="mcp-result-link"]')].map(textOf);
      expect(links[0]).to.equal('invoice⟨RLO⟩fdp.exe javascript:alert(1)');
      // A text resource of HTML is code, never HTML.
      const page = view.querySelectorAll('[part="mcp-result-resource"]')[0];
      expect(textOf(page.querySelector('pre code')!)).to.equal('<img src=x onerror="window.__pwned = 1"><b>bold</b>');
      expect(page.querySelector('b')).to.equal(null);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
      const cut = view.querySelector<HTMLElement>('[part="mcp-result-text"]')!;
      expect(textOf(cut.shadowRoot!.querySelector('pre') ?? cut.shadowRoot!.firstElementChild!).length).to.equal(100_000);
      await expect(element).to.be.accessible();
    } finally {
      downloads.restore();
    }
  });

  it('draws at most 50 items and counts the rest; shows structured content when no item is for the person', async () => {
    const many = Array.from({ length: 57 }, (_, i) => ({ type: 'text', text: `item ${i + 1}` }));
    const { view } = await card(mcpCall(many));
    expect(view.querySelectorAll('.item').length).to.equal(51);
    expect(textOf(view.querySelector('.item:last-child')!)).to.equal('7 more items not shown');

    const { view: structured } = await card(mcpCall([{ type: 'text', text: 'model only', annotations: { audience: ['assistant'] } }], { structuredContent: { sum: 3 } }));
    expect(deepText(structured)).to.contain('"sum": 3');
    expect(deepText(structured)).to.not.contain('model only');
    const { view: empty } = await card(mcpCall([{ type: 'text', text: 'model only', annotations: { audience: ['assistant'] } }]));
    expect(deepText(empty)).to.equal('No result.');
  });
});

describe('MCP results in the chat', function () {
  this.timeout(30_000);
  const freshKey = useFreshKeys('mcp-content');

  /** A thread file with one MCP call whose result is `content` (as an import, or storage, brings it back). */
  function threadFile(content: unknown[]) {
    const call = mcpCall(content);
    const now = Date.now();
    return {
      format: 'agent-chat-thread',
      version: 1,
      exported: now,
      thread: { id: `t-${now}`, title: 'Links', titleSource: 'first-message', created: now, updated: now, currentLeaf: 'r1' },
      nodes: [
        { id: 'u1', parentId: null, seq: 0, turn: { role: 'user', id: 'u1', text: 'links please' } },
        { id: 'r1', parentId: 'u1', seq: 1, turn: { role: 'assistant', id: 'r1', status: 'done', parts: [call] } },
      ],
    };
  }

  it('a link opens through the cancelable agent-chat-open-link; the parts reach the page', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="/agui/hello" storage-key=${freshKey()} tool-cards="open" style="height: 600px"></agent-chat>`);
    await el.importThread(
      threadFile([
        { type: 'resource_link', uri: 'https://docs.example.com/guide', name: 'The guide' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
      ]),
    );
    await until(() => deepQuery(el, 'agent-chat-mcp-content') !== undefined, 'the card');
    await settle(el);
    const style = document.createElement('style');
    style.textContent = 'agent-chat::part(mcp-result-link) { background-color: rgb(1, 2, 3); } agent-chat::part(mcp-result-image) { background-color: rgb(4, 5, 6); }';
    document.head.append(style);
    try {
      const link = deepQuery<HTMLElement>(el, '[part="mcp-result-link"]')!;
      expect(getComputedStyle(link).backgroundColor).to.equal('rgb(1, 2, 3)');
      await until(() => deepQuery(el, '[part="mcp-result-image"]') !== undefined, 'the image');
      expect(getComputedStyle(deepQuery(el, '[part="mcp-result-image"]')!).backgroundColor).to.equal('rgb(4, 5, 6)');
    } finally {
      style.remove();
    }

    const heard: { url: string; cancelable: boolean }[] = [];
    el.addEventListener('agent-chat-open-link', (event) => {
      heard.push({ url: event.detail.url, cancelable: event.cancelable });
      event.preventDefault();
    });
    const anchor = deepQuery<HTMLAnchorElement>(el, '[part="mcp-result-link"] a')!;
    const clicked = new MouseEvent('click', { bubbles: true, composed: true, cancelable: true });
    anchor.dispatchEvent(clicked);
    expect(heard).to.deep.equal([{ url: 'https://docs.example.com/guide', cancelable: true }]);
    expect(clicked.defaultPrevented, 'the page’s veto keeps the link from opening').to.equal(true);
    expect(deepQueryAll(el, 'agent-chat-mcp-content')).to.have.length(1);
    el.remove();
  });
});
