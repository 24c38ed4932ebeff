import { expect } from '@open-wc/testing';
import { appResourceFrom } from '../../../src/mcp/server-connection.js';

const MIME = 'text/html;profile=mcp-app';
const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('appResourceFrom: the app document in a resources/read result', () => {
  it('takes text, and decodes a base64 blob as UTF-8', () => {
    expect(appResourceFrom({ contents: [{ uri: 'ui://a', mimeType: MIME, text: '<p>hi</p>' }] }, 'ui://a').html).to.equal('<p>hi</p>');
    expect(appResourceFrom({ contents: [{ uri: 'ui://a', mimeType: MIME, blob: toBase64('<p>grüß 👋</p>') }] }, 'ui://a').html).to.equal('<p>grüß 👋</p>');
  });

  it('takes _meta.ui from the content item over the listing', () => {
    const result = { contents: [{ uri: 'ui://a', mimeType: MIME, text: 'x', _meta: { ui: { csp: { connectDomains: ['https://a.example'] } } } }] };
    const meta = appResourceFrom(result, 'ui://a', { ui: { csp: { connectDomains: ['https://b.example'] }, prefersBorder: false } }).meta;
    expect(meta).to.deep.equal({ csp: { connectDomains: ['https://a.example'] }, prefersBorder: false });
  });

  it('picks the app item among several', () => {
    const result = {
      contents: [
        { uri: 'ui://a/readme', mimeType: 'text/plain', text: 'no' },
        { uri: 'ui://a', mimeType: MIME, text: 'yes' },
      ],
    };
    expect(appResourceFrom(result, 'ui://a').html).to.equal('yes');
  });

  it('says clearly what is wrong with a resource that is not an app', () => {
    expect(() => appResourceFrom({ contents: [] }, 'ui://a')).to.throw('came back empty');
    expect(() => appResourceFrom({}, 'ui://a')).to.throw('came back empty');
    expect(() => appResourceFrom({ contents: [{ uri: 'ui://a', mimeType: 'text/html', text: 'x' }] }, 'ui://a')).to.throw('is text/html, not text/html;profile=mcp-app');
    expect(() => appResourceFrom({ contents: [{ uri: 'ui://a', mimeType: MIME }] }, 'ui://a')).to.throw('neither text nor blob');
    expect(() => appResourceFrom({ contents: [{ uri: 'ui://a', mimeType: MIME, blob: '%%%' }] }, 'ui://a')).to.throw('not base64');
  });
});
