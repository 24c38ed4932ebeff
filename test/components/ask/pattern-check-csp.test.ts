import { expect } from '@open-wc/testing';
import { checkPayload } from '../../../src/ask/forms/validation.js';

/** A page whose CSP allows no worker (so no blob: one either): this file's page only. */
before(() => {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "worker-src 'none'";
  document.head.append(meta);
});

describe('patterns where the page’s CSP forbids a worker', () => {
  it('are not checked on the client (the server judges), and nothing freezes', async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
    const started = performance.now();
    expect(await checkPayload({ type: 'string', pattern: '^(a+)+$' }, 'a'.repeat(40) + '!')).to.deep.equal([]);
    expect(await checkPayload({ type: 'string', pattern: '^[A-Z]+$', minLength: 2 }, 'a')).to.deep.equal([{ path: '', message: 'must be at least 2 characters long' }]);
    expect(performance.now() - started, 'ms').to.be.below(1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(violations).to.include('worker-src');
  });
});
