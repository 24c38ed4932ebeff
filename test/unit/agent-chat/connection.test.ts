import { expect } from '@open-wc/testing';
import { parseHeaders, resolveConnection } from '../../../src/agent-chat/connection-controller.js';
import { checkDisplayOptions } from '../../../src/agent-chat/display-options.js';

const refused = 'headers must map header names to string values.';

describe('connection settings', () => {
  it('takes headers as JSON text, a plain object or a function', () => {
    expect(parseHeaders('{"X-Api-Key":"k1"}')).to.deep.equal({ 'X-Api-Key': 'k1' });
    expect(parseHeaders({ Authorization: 'Bearer t' })).to.deep.equal({ Authorization: 'Bearer t' });
    expect(parseHeaders(Object.assign(Object.create(null), { A: 'b' }))).to.deep.equal({ A: 'b' });
    const fn = () => ({ A: 'b' });
    expect(parseHeaders(fn)).to.equal(fn);
    expect(parseHeaders(undefined)).to.equal(undefined);
    expect(parseHeaders('')).to.equal(undefined);
  });

  it('refuses headers that are not a plain object of strings, rather than sending none', () => {
    expect(parseHeaders('{"X-Api-Key": 1}')).to.equal(refused);
    expect(parseHeaders('["a"]')).to.equal(refused);
    expect(parseHeaders(new Headers({ Authorization: 'Bearer t' }))).to.equal(refused);
    expect(parseHeaders(new Map([['A', 'b']]))).to.equal(refused);
    expect(parseHeaders({ [Symbol('x')]: 'y' })).to.equal(refused);
    expect(parseHeaders('{oops')).to.contain('must be a JSON object');
  });

  it('leaves out a __proto__ key', () => {
    const headers = parseHeaders('{"__proto__": "x", "A": "b"}') as Record<string, string>;
    expect(Object.keys(headers)).to.deep.equal(['A']);
    expect(Object.getPrototypeOf(headers)).to.equal(Object.prototype);
  });

  it('names each problem and falls back to what works', () => {
    const { config, problems } = resolveConnection({ endpoint: '/x', protocol: 'grpc', credentials: 'always', headers: 7, hasTransport: false });
    expect(config).to.deep.equal({ protocol: 'ag-ui', endpoint: '/x', headers: undefined, credentials: 'same-origin' });
    expect(problems).to.deep.equal([
      'protocol="grpc" is not supported by this version; use "ag-ui" or "ai-sdk".',
      'credentials="always" must be "omit", "same-origin" or "include".',
      refused,
    ]);
    expect(resolveConnection({ protocol: 'ai-sdk', credentials: 'include', hasTransport: false })).to.deep.include({ missingEndpoint: true, problems: [] });
  });

  it('checks the display attributes', () => {
    expect(checkDisplayOptions({ theme: 'dark', toolCards: 'open', images: 'none' })).to.deep.equal([]);
    expect(checkDisplayOptions({ theme: 'blue', toolCards: 'all', images: 'some' })).to.deep.equal([
      'theme="blue" must be "light", "dark" or "auto"; "auto" is used.',
      'tool-cards="all" must be "open" or "collapsed"; "collapsed" is used.',
      'images="some" must be "allow", "click" or "none"; "click" is used.',
    ]);
  });
});
