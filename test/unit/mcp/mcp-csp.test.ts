import { expect } from '@open-wc/testing';
import { allowAttribute, buildCsp, grantedPermissions, injectCsp, permittedOnly } from '../../../src/mcp/csp.js';
import { BOOTSTRAP, appDocument } from '../../../src/mcp/document-port.js';
import type { UiResourceMeta } from '../../../src/mcp/mcp-types.js';

/** The policy as a map of directive → its sources. */
const directives = (policy: string): Record<string, string[]> => {
  const map: Record<string, string[]> = {};
  for (const directive of policy.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) map[name] = sources;
  }
  return map;
};

const META = '<meta http-equiv="Content-Security-Policy"';

describe('MCP app CSP: buildCsp', () => {
  it('gives the restrictive default policy when the resource lists no csp', () => {
    const { policy, dropped } = buildCsp(undefined);
    const d = directives(policy);
    expect(d['default-src']).to.deep.equal(["'none'"]);
    expect(d['connect-src']).to.deep.equal(["'none'"]);
    expect(d['frame-src']).to.deep.equal(["'none'"]);
    expect(d['base-uri']).to.deep.equal(["'none'"]);
    expect(d['object-src']).to.deep.equal(["'none'"]);
    // As free inside as the reference host (three.js evaluates code, pdf.js starts a blob: worker
    // and imports a data: module); nothing reaches out.
    expect(d['script-src']).to.deep.equal(["'unsafe-inline'", "'unsafe-eval'", 'blob:', 'data:']);
    expect(d['worker-src']).to.deep.equal(['blob:']);
    expect(d['img-src']).to.deep.equal(['data:', 'blob:']);
    // An app document is a srcdoc in an opaque origin: 'self' there would be the page's origin.
    expect(policy).to.not.contain("'self'");
    expect(dropped).to.deep.equal([]);
    expect(buildCsp({}).policy).to.equal(policy);
  });

  it('maps each list of domains into its directives', () => {
    const { policy, dropped } = buildCsp({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://cdn.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example.com'],
    });
    const d = directives(policy);
    expect(dropped).to.deep.equal([]);
    expect(d['connect-src']).to.deep.equal(['https://api.example.com', 'wss://live.example.com']);
    expect(policy).to.not.contain("'self'");
    for (const name of ['script-src', 'worker-src', 'style-src', 'img-src', 'font-src', 'media-src']) {
      expect(d[name], name).to.include('https://cdn.example.com');
      expect(d[name], name).to.not.include('https://api.example.com');
      expect(d[name], name).to.not.include('https://www.youtube.com');
    }
    expect(d['frame-src']).to.deep.equal(['https://www.youtube.com']);
    expect(d['base-uri']).to.deep.equal(['https://base.example.com']);
    expect(d['default-src']).to.deep.equal(["'none'"]);
    expect(d['object-src']).to.deep.equal(["'none'"]);
  });

  it('keeps object-src none and default-src none even with every list given', () => {
    const { policy } = buildCsp({ connectDomains: ['https://a.com'], resourceDomains: ['https://b.com'], frameDomains: ['https://c.com'] });
    expect(policy).to.contain("object-src 'none'");
    expect(policy).to.contain("default-src 'none'");
    expect(policy.match(/object-src/g)).to.have.length(1);
  });

  it('keeps wildcard subdomains, ports and a trailing slash (removed)', () => {
    const { policy, dropped } = buildCsp({
      connectDomains: ['https://*.example.com', 'http://localhost:8080', 'https://api.example.com/'],
    });
    expect(dropped).to.deep.equal([]);
    expect(directives(policy)['connect-src']).to.deep.equal(['https://*.example.com', 'http://localhost:8080', 'https://api.example.com']);
  });

  it('drops hostile or malformed entries and lists them in dropped', () => {
    const hostile: unknown[] = [
      'https://a.com; script-src *',
      "'unsafe-eval'",
      '*',
      'javascript:alert(1)',
      "https://a.com 'unsafe-inline'",
      'data:',
      'https://a.com,https://b.com',
      42,
      null,
      { url: 'https://a.com' },
    ];
    const { policy, dropped } = buildCsp({
      connectDomains: ['https://ok.example.com', ...hostile] as string[],
    });
    expect(dropped).to.deep.equal(hostile.map((value) => String(value)));
    expect(directives(policy)['connect-src']).to.deep.equal(['https://ok.example.com']);
    expect(policy).to.not.contain('javascript:');
    expect(policy).to.not.contain('a.com');
    // No entry added a directive: the same twelve directives as the default, each once.
    const names = policy.split(';').map((d) => d.trim().split(/\s+/)[0]);
    expect(names).to.deep.equal(
      buildCsp(undefined)
        .policy.split(';')
        .map((d) => d.trim().split(/\s+/)[0]),
    );
    expect(names.filter((n) => n === 'script-src')).to.have.length(1);
    expect(directives(policy)['script-src']).to.deep.equal(directives(buildCsp(undefined).policy)['script-src']);
  });

  it('drops hostile entries from every list, leaving the defaults when nothing is left', () => {
    const { policy, dropped } = buildCsp({
      resourceDomains: ["'unsafe-eval'"],
      frameDomains: ['*'],
      baseUriDomains: ['javascript:alert(1)'],
      connectDomains: ['https://x.com; frame-src *'],
    });
    expect(dropped).to.have.members(["'unsafe-eval'", '*', 'javascript:alert(1)', 'https://x.com; frame-src *']);
    expect(policy).to.equal(buildCsp(undefined).policy);
  });

  it('ignores a list that is not an array', () => {
    const { policy, dropped } = buildCsp({ connectDomains: 'https://a.com' as unknown as string[] });
    expect(directives(policy)['connect-src']).to.deep.equal(["'none'"]);
    expect(dropped).to.deep.equal([]);
  });
});

describe('MCP app CSP: injectCsp', () => {
  const policy = buildCsp(undefined).policy;

  it('puts the meta right after a doctype', () => {
    const out = injectCsp('<!doctype html><html><head><script>1</script></head><body></body></html>', policy);
    expect(out.startsWith(`<!doctype html>${META}`)).to.equal(true);
    expect(out.indexOf(META)).to.be.lessThan(out.indexOf('<script>'));
    expect(out.endsWith('<html><head><script>1</script></head><body></body></html>')).to.equal(true);
  });

  it('keeps a doctype with leading whitespace and any case first', () => {
    const out = injectCsp('\n  <!DOCTYPE html>\n<script>x()</script>', policy);
    expect(out.startsWith(`\n  <!DOCTYPE html>${META}`)).to.equal(true);
  });

  it('puts the meta at the very start when there is no doctype', () => {
    for (const html of ['<script>alert(1)</script><p>hi</p>', '<html><head><script src="a.js"></script></head></html>', 'plain']) {
      const out = injectCsp(html, policy);
      expect(out.startsWith(META), html).to.equal(true);
      expect(out.endsWith(html), html).to.equal(true);
    }
  });

  it('escapes quotes and ampersands in the policy', () => {
    const out = injectCsp('<p>x</p>', `script-src 'self' "x" a&b`);
    expect(out).to.contain('content="script-src \'self\' &quot;x&quot; a&amp;b"');
    const meta = new DOMParser().parseFromString(out, 'text/html').querySelector('meta');
    expect(meta?.getAttribute('content')).to.equal(`script-src 'self' "x" a&b`);
  });

  it('parses into a head meta that comes before every script of the document', () => {
    for (const html of [
      '<script>window.x = 1</script><p>hi</p>',
      '<!doctype html><script>window.x = 1</script>',
      '<!doctype html><html lang="en"><head><script>window.x = 1</script></head><body><script>2</script></body></html>',
      '<html><head><title>t</title><script>1</script></head></html>',
    ]) {
      const doc = new DOMParser().parseFromString(injectCsp(html, policy), 'text/html');
      const metas = doc.querySelectorAll('meta[http-equiv="Content-Security-Policy"]');
      expect(metas, html).to.have.length(1);
      const meta = metas[0];
      expect(meta.parentElement, html).to.equal(doc.head);
      expect(meta.getAttribute('content'), html).to.equal(policy);
      const script = doc.querySelector('script');
      expect(script, html).to.not.equal(null);
      // The meta precedes the first script in document order.
      expect(meta.compareDocumentPosition(script!) & Node.DOCUMENT_POSITION_FOLLOWING, html).to.not.equal(0);
      expect(doc.head.firstElementChild, html).to.equal(meta);
    }
  });

  it("keeps the document's own html attributes", () => {
    const doc = new DOMParser().parseFromString(injectCsp('<html lang="fr"><body>x</body></html>', policy), 'text/html');
    expect(doc.documentElement.getAttribute('lang')).to.equal('fr');
    expect(doc.head.querySelector('meta')).to.not.equal(null);
  });
});

describe('MCP app CSP: allowAttribute', () => {
  it('maps the permissions to the iframe allow features', () => {
    expect(allowAttribute({ camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} })).to.equal('camera; microphone; geolocation; clipboard-write');
    expect(allowAttribute({ clipboardWrite: {} })).to.equal('clipboard-write');
    expect(allowAttribute({ microphone: {} })).to.equal('microphone');
  });

  it('ignores unknown keys and gives an empty string for none', () => {
    const permissions = { camera: {}, usb: {}, 'display-capture': {}, clipboardRead: {} } as unknown as UiResourceMeta['permissions'];
    expect(allowAttribute(permissions)).to.equal('camera');
    expect(allowAttribute({ usb: {} } as unknown as UiResourceMeta['permissions'])).to.equal('');
    expect(allowAttribute(undefined)).to.equal('');
    expect(allowAttribute({})).to.equal('');
    expect(allowAttribute('camera' as unknown as UiResourceMeta['permissions'])).to.equal('');
  });

  it('ignores permission names inherited from Object.prototype', () => {
    expect(allowAttribute(JSON.parse('{"camera":{},"constructor":{},"toString":{},"__proto__":{}}'))).to.equal('camera');
  });
});

describe('MCP app permissions: only what the page grants', () => {
  it('reads app-permissions: known features, once each, anything else dropped', () => {
    expect(grantedPermissions('camera  clipboard-write camera usb "geolocation"')).to.deep.equal(['camera', 'clipboard-write']);
    expect(grantedPermissions('')).to.deep.equal([]);
    expect(grantedPermissions(undefined)).to.deep.equal([]);
  });

  it('keeps of a resource’s permissions only the granted ones', () => {
    const asked = { camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} };
    expect(permittedOnly(asked, [])).to.deep.equal({});
    expect(allowAttribute(permittedOnly(asked, ['clipboard-write', 'geolocation']))).to.equal('geolocation; clipboard-write');
    expect(permittedOnly({ usb: {} } as never, ['usb'])).to.deep.equal({});
    expect(permittedOnly(undefined, ['camera'])).to.deep.equal({});
  });
});

describe('MCP app document: the policy, then the bootstrap, then the app', () => {
  it('puts the CSP first and the port bootstrap right after it, behind a doctype', () => {
    const html = appDocument('<!DOCTYPE html><html><head><script>app()</script></head></html>', "default-src 'none'");
    expect(html.startsWith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src \'none\'"><script>')).to.equal(true);
    expect(html.indexOf(BOOTSTRAP)).to.be.lessThan(html.indexOf('app()'));
    expect(appDocument('<p>x</p>', 'p').startsWith('<meta')).to.equal(true);
  });
});
