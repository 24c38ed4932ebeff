import { expect } from '@open-wc/testing';
import { resourceMeta, toolTitle, toolVisibility, uiResourceUri } from '../../../src/mcp/tool-meta.js';
import type { McpTool } from '../../../src/mcp/mcp-types.js';

const tool = (_meta?: Record<string, unknown>, extra: Partial<McpTool> = {}): McpTool => ({ name: 't', ...(_meta ? { _meta } : {}), ...extra });

describe('MCP tool meta: uiResourceUri', () => {
  it('reads _meta.ui.resourceUri', () => {
    expect(uiResourceUri(tool({ ui: { resourceUri: 'ui://weather/card' } }))).to.equal('ui://weather/card');
  });

  it("reads the older _meta['ui/resourceUri']", () => {
    expect(uiResourceUri(tool({ 'ui/resourceUri': 'ui://legacy/app' }))).to.equal('ui://legacy/app');
  });

  it('prefers _meta.ui.resourceUri over the older key', () => {
    expect(uiResourceUri(tool({ ui: { resourceUri: 'ui://new' }, 'ui/resourceUri': 'ui://old' }))).to.equal('ui://new');
  });

  it('rejects a resource that is not ui://', () => {
    expect(uiResourceUri(tool({ ui: { resourceUri: 'https://evil.example/app.html' } }))).to.equal(undefined);
    expect(uiResourceUri(tool({ 'ui/resourceUri': 'file:///etc/passwd' }))).to.equal(undefined);
    expect(uiResourceUri(tool({ ui: { resourceUri: 'UI:/x' } }))).to.equal(undefined);
    expect(uiResourceUri(tool({ ui: { resourceUri: 42 } }))).to.equal(undefined);
  });

  it('gives undefined for a tool without an app', () => {
    expect(uiResourceUri(undefined)).to.equal(undefined);
    expect(uiResourceUri(tool())).to.equal(undefined);
    expect(uiResourceUri(tool({ ui: 'ui://x' }))).to.equal(undefined);
    expect(uiResourceUri(tool({ ui: { visibility: ['app'] } }))).to.equal(undefined);
  });
});

describe('MCP tool meta: toolVisibility', () => {
  it('means both when visibility is missing', () => {
    expect(toolVisibility(undefined)).to.deep.equal({ model: true, app: true });
    expect(toolVisibility(tool())).to.deep.equal({ model: true, app: true });
    expect(toolVisibility(tool({ ui: { resourceUri: 'ui://x' } }))).to.deep.equal({ model: true, app: true });
    expect(toolVisibility(tool({ ui: { visibility: 'app' } }))).to.deep.equal({ model: true, app: true });
  });

  it('reads app only, model only and both', () => {
    expect(toolVisibility(tool({ ui: { visibility: ['app'] } }))).to.deep.equal({ model: false, app: true });
    expect(toolVisibility(tool({ ui: { visibility: ['model'] } }))).to.deep.equal({ model: true, app: false });
    expect(toolVisibility(tool({ ui: { visibility: ['model', 'app'] } }))).to.deep.equal({ model: true, app: true });
    expect(toolVisibility(tool({ ui: { visibility: [] } }))).to.deep.equal({ model: false, app: false });
  });
});

describe('MCP tool meta: resourceMeta', () => {
  const fromContent = { ui: { prefersBorder: false, csp: { connectDomains: ['https://content.example'] } } };
  const fromListing = { ui: { prefersBorder: true, domain: 'listing.example', csp: { connectDomains: ['https://listing.example'] } } };

  it('takes the content item over the listing, keeping what only the listing has', () => {
    expect(resourceMeta(fromContent, fromListing)).to.deep.equal({
      prefersBorder: false,
      domain: 'listing.example',
      csp: { connectDomains: ['https://content.example'] },
    });
  });

  it('uses either alone', () => {
    expect(resourceMeta(fromContent, undefined)).to.deep.equal(fromContent.ui);
    expect(resourceMeta(undefined, fromListing)).to.deep.equal(fromListing.ui);
    expect(resourceMeta({ other: 1 }, fromListing)).to.deep.equal(fromListing.ui);
  });

  it('gives undefined when neither has _meta.ui', () => {
    expect(resourceMeta(undefined, undefined)).to.equal(undefined);
    expect(resourceMeta({}, { ui: 'x' })).to.equal(undefined);
  });

  it('does not change its inputs', () => {
    const content = structuredClone(fromContent);
    const listing = structuredClone(fromListing);
    resourceMeta(content, listing);
    expect(content).to.deep.equal(fromContent);
    expect(listing).to.deep.equal(fromListing);
  });
});

describe('MCP tool meta: toolTitle', () => {
  it('reads the title, else the annotations title', () => {
    expect(toolTitle(tool(undefined, { title: 'Weather', annotations: { title: 'Other' } }))).to.equal('Weather');
    expect(toolTitle(tool(undefined, { annotations: { title: 'Budget' } }))).to.equal('Budget');
    expect(toolTitle(tool())).to.equal(undefined);
    expect(toolTitle(undefined)).to.equal(undefined);
  });

  it('falls back to the older key when _meta.ui.resourceUri is not a ui:// string', () => {
    expect(uiResourceUri({ name: 't', _meta: { ui: { resourceUri: 5 }, 'ui/resourceUri': 'ui://old/app' } })).to.equal('ui://old/app');
  });
});
