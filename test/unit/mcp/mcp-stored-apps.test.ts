import { expect } from '@open-wc/testing';
import type { ReplyPart } from '../../../src/conversation/types.js';
import { RateLimit, MODEL_CONTEXT_LIMIT, modelContextProblem } from '../../../src/mcp/app-limits.js';
import { appsFromFile, isStoredApp, withValidApps } from '../../../src/mcp/stored-apps.js';

const app = { source: 'probe', via: 'page', resourceUri: 'ui://probe/app.html', resource: { html: '<p>app</p>', meta: { csp: {} } } };
const call = (extra: Record<string, unknown> = {}) => ({ kind: 'tool-call', id: 'c1', name: 'show', argsText: '{}', status: 'done', ...extra }) as unknown as ReplyPart;

describe('stored apps: shape', () => {
  it('accepts what the widget stores and refuses anything else', () => {
    expect(isStoredApp(app)).to.equal(true);
    expect(isStoredApp({ ...app, via: 'backend', serverHash: 'h', hadOwnCheck: true, fromFile: true, acted: false, tool: { name: 'show' } })).to.equal(true);
    for (const bad of [
      null,
      'app',
      { ...app, source: 5 },
      { ...app, via: 'elsewhere' },
      { ...app, resourceUri: 'https://evil.example/app.html' },
      { ...app, resource: { html: 5 } },
      { ...app, resource: { html: '', meta: 'csp' } },
      { ...app, tool: { title: 'no name' } },
      { ...app, hadOwnCheck: 'yes' },
      { ...app, callResult: [] },
    ]) {
      expect(isStoredApp(bad), JSON.stringify(bad)).to.equal(false);
    }
  });

  it('leaves an invalid app out of its part and keeps the part; valid parts stay the same array', () => {
    const parts = [call({ app }), { kind: 'text', id: 't', text: 'hi' } as ReplyPart];
    expect(withValidApps(parts)).to.equal(parts);
    const broken = [call({ app: { ...app, via: 5 } })];
    const fixed = withValidApps(broken);
    expect(fixed[0]).to.deep.equal(call());
  });
});

describe('stored apps: from a file', () => {
  it('drops the file’s resource and failure, and marks the card as from a file with the missing-check mark', () => {
    const [part] = appsFromFile([call({ app: { ...app, failure: 'old', hadOwnCheck: false } })]) as { app?: Record<string, unknown> }[];
    expect(part.app).to.deep.equal({ source: 'probe', via: 'page', resourceUri: 'ui://probe/app.html', hadOwnCheck: true, fromFile: true });
  });
});

describe('app limits', () => {
  it('lets five messages through per minute, sliding', () => {
    const limit = new RateLimit();
    expect([0, 1, 2, 3, 4].map((t) => limit.take(t * 1000))).to.deep.equal([true, true, true, true, true]);
    expect(limit.take(5000)).to.equal(false);
    expect(limit.take(59_999)).to.equal(false);
    expect(limit.take(60_000), 'the first has left the window').to.equal(true);
  });

  it('caps model context at 64 KB of JSON', () => {
    expect(modelContextProblem({ a: 'x'.repeat(1000) })).to.equal(undefined);
    expect(modelContextProblem({ a: 'x'.repeat(MODEL_CONTEXT_LIMIT) })).to.contain(`at most ${MODEL_CONTEXT_LIMIT}`);
    expect(modelContextProblem({ a: 'é'.repeat(MODEL_CONTEXT_LIMIT / 2) }), 'counted in bytes').to.contain('bytes');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(modelContextProblem(cyclic)).to.contain('JSON');
  });
});
