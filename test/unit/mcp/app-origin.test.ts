import { expect } from '@open-wc/testing';
import { appSandbox, serverAddress, serverLabel } from '../../../src/mcp/app-origin.js';

const TEMPLATE = 'https://{domain}.apps.example.net/sandbox.html';
const WEATHER = 'https://mcp.weather.com/mcp';

async function sha256Label(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('MCP Apps: the sandbox origin an app runs in', () => {
  it('derives a server’s label from its whole address: 32 hex digits of its SHA-256', async () => {
    expect(serverAddress('/mcp#x', 'http://localhost:3000/page')).to.equal('http://localhost:3000/mcp');
    const label = await serverLabel(WEATHER);
    expect(label).to.equal(await sha256Label(WEATHER));
    expect(label).to.match(/^[0-9a-f]{32}$/);
    // Addresses that differ anywhere — dots and dashes, path, scheme, port, query — have labels of their own.
    const addresses = [
      WEATHER,
      'https://mcp-weather.com/mcp',
      'https://mcp.weather-com/mcp',
      'https://mcp.weather.com/other',
      'http://mcp.weather.com/mcp',
      'https://mcp.weather.com:8443/mcp',
      'https://mcp.weather.com/mcp?t=1',
    ];
    const labels = await Promise.all(addresses.map((address) => serverLabel(address)));
    expect(new Set(labels).size).to.equal(addresses.length);
    expect(await serverLabel(undefined)).to.equal(undefined);
    expect(await serverLabel('not a url')).to.equal(undefined);
    expect(await serverLabel('javascript:alert(1)')).to.equal(undefined);
  });

  it('runs an app that asks for its server’s own domain in a page there, inside the proxy on the shared name', async () => {
    const label = await sha256Label(WEATHER);
    expect(await appSandbox(TEMPLATE, `${label}.apps.example.net`, WEATHER)).to.deep.equal({
      url: 'https://default.apps.example.net/sandbox.html',
      appPage: `https://${label}.apps.example.net/sandbox.html`,
    });
    // Case and spaces around it do not matter.
    expect((await appSandbox(TEMPLATE, ` ${label.toUpperCase()}.Apps.Example.Net `, WEATHER)).appPage).to.be.a('string');
  });

  it('runs an app without a domain in the proxy on the shared name, opaque, with nothing to note', async () => {
    expect(await appSandbox(TEMPLATE, undefined, WEATHER)).to.deep.equal({ url: 'https://default.apps.example.net/sandbox.html' });
    expect((await appSandbox(TEMPLATE, '', WEATHER)).note).to.equal(undefined);
  });

  it('refuses another server’s domain, a made-up one, the shared one, the page’s own, and one for a server the backend owns', async () => {
    const label = await sha256Label(WEATHER);
    const cases: [string, string | undefined, RegExp, string?][] = [
      [`${label}.apps.example.net`, 'https://evil.example.net/mcp', /this server's domain is "[0-9a-f]{32}\.apps\.example\.net"/],
      [`${label}.apps.example.net`, 'https://mcp-weather.com/mcp', /this server's domain is/],
      ['mcp-weather-com.apps.example.net', WEATHER, /this server's domain is/],
      ['default.apps.example.net', WEATHER, /this server's domain is/],
      [`${label}.apps.example.net.evil.net`, WEATHER, /this server's domain is/],
      [`${label}.apps.example.net`, undefined, /only a server the page connects to/],
      [`${label}.apps.example.net`, WEATHER, /the page’s own origin/, `https://${label}.apps.example.net`],
    ];
    for (const [domain, serverUrl, why, pageOrigin] of cases) {
      const sandbox = await appSandbox(TEMPLATE, domain, serverUrl, undefined, pageOrigin);
      expect(sandbox.appPage, domain).to.equal(undefined);
      expect(sandbox.url, domain).to.equal('https://default.apps.example.net/sandbox.html');
      expect(sandbox.note, domain).to.match(why);
    }
  });

  it('ignores a domain, with a note, without sandbox-url or without {domain} at the start of its host', async () => {
    const without = await appSandbox(undefined, 'x.apps.example.net', WEATHER);
    expect(without.url).to.equal(undefined);
    expect(without.note).to.match(/without sandbox-url/);
    const plain = await appSandbox('https://sandbox.example.net/sandbox.html', 'x', WEATHER);
    expect(plain.url).to.equal('https://sandbox.example.net/sandbox.html');
    expect(plain.note).to.match(/has no \{domain\}/);
    expect((await appSandbox('https://sandbox.example.net/{domain}/sandbox.html', 'x.sandbox.example.net', WEATHER)).note).to.match(/must begin/);
    expect((await appSandbox('https://sandbox.example.net/sandbox.html', undefined, WEATHER)).note).to.equal(undefined);
  });
});
