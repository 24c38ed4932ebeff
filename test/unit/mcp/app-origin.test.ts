import { expect } from '@open-wc/testing';
import { appSandbox, serverLabel } from '../../../src/mcp/app-origin.js';

const TEMPLATE = 'https://{domain}.apps.example.com/sandbox.html';

describe('MCP Apps: the sandbox origin an app runs in', () => {
  it('derives a server’s label from its address: host and port, dots as dashes', () => {
    expect(serverLabel('https://mcp.weather.com/mcp')).to.equal('mcp-weather-com');
    expect(serverLabel('http://127.0.0.1:8123/mcp')).to.equal('127-0-0-1-8123');
    expect(serverLabel('/mcp', 'http://localhost:3000/page')).to.equal('localhost-3000');
    expect(serverLabel(undefined)).to.equal(undefined);
    expect(serverLabel('not a url')).to.equal(undefined);
    expect(serverLabel('https://default/mcp'), 'the shared name is nobody’s').to.equal(undefined);
  });

  it('gives an app its server’s own domain under a {domain} sandbox-url', () => {
    expect(appSandbox(TEMPLATE, 'mcp-weather-com.apps.example.com', 'https://mcp.weather.com/mcp')).to.deep.equal({
      url: 'https://mcp-weather-com.apps.example.com/sandbox.html',
      dedicated: true,
    });
    // Case and spaces around it do not matter.
    expect(appSandbox(TEMPLATE, ' MCP-Weather-Com.apps.example.com ', 'https://mcp.weather.com/mcp').dedicated).to.equal(true);
  });

  it('runs an app without a domain on the shared name, opaque, with nothing to note', () => {
    expect(appSandbox(TEMPLATE, undefined, 'https://mcp.weather.com/mcp')).to.deep.equal({ url: 'https://default.apps.example.com/sandbox.html', dedicated: false });
    expect(appSandbox(TEMPLATE, '', 'https://mcp.weather.com/mcp').note).to.equal(undefined);
  });

  it('refuses another server’s domain, a made-up one, the shared one, and one for a server the backend owns', () => {
    for (const [domain, serverUrl, why] of [
      ['mcp-weather-com.apps.example.com', 'https://evil.example.net/mcp', /this server's domain is "evil-example-net\.apps\.example\.com"/],
      ['anything.apps.example.com', 'https://mcp.weather.com/mcp', /this server's domain is "mcp-weather-com\.apps\.example\.com"/],
      ['default.apps.example.com', 'https://mcp.weather.com/mcp', /this server's domain/],
      ['mcp-weather-com.apps.example.com.evil.net', 'https://mcp.weather.com/mcp', /this server's domain/],
      ['mcp-weather-com.apps.example.com', undefined, /only a server the page connects to/],
    ] as const) {
      const sandbox = appSandbox(TEMPLATE, domain, serverUrl);
      expect(sandbox.dedicated, domain).to.equal(false);
      expect(sandbox.url, domain).to.equal('https://default.apps.example.com/sandbox.html');
      expect(sandbox.note, domain).to.match(why);
    }
  });

  it('ignores a domain, with a note, without sandbox-url or without {domain} at the start of its host', () => {
    expect(appSandbox(undefined, 'x.apps.example.com', 'https://x/mcp').url).to.equal(undefined);
    expect(appSandbox(undefined, 'x.apps.example.com', 'https://x/mcp').note).to.match(/without sandbox-url/);
    expect(appSandbox('https://sandbox.example.com/sandbox.html', 'x', 'https://x/mcp')).to.deep.include({ url: 'https://sandbox.example.com/sandbox.html', dedicated: false });
    expect(appSandbox('https://sandbox.example.com/sandbox.html', 'x', 'https://x/mcp').note).to.match(/has no \{domain\}/);
    expect(appSandbox('https://sandbox.example.com/{domain}/sandbox.html', 'x.sandbox.example.com', 'https://x/mcp').note).to.match(/must begin/);
    expect(appSandbox('https://sandbox.example.com/sandbox.html', undefined, 'https://x/mcp').note).to.equal(undefined);
  });
});
