import { expect } from '@open-wc/testing';
import { bodyToSend } from '../../../src/protocol/http.js';

describe('a request body as fetch gets it', () => {
  it('keeps a short body a string', () => {
    expect(bodyToSend('{"a":1}')).to.equal('{"a":1}');
    expect(bodyToSend(undefined)).to.equal(undefined);
  });

  it('sends a long body as UTF-8 bytes that read back as the same text, an emoji across a slice edge included', async () => {
    // "😀" is two UTF-16 units: the first ends the first slice (128 Ki units), the second starts the next.
    const edge = 128 * 1024;
    const text = `${'é'.repeat(edge - 1)}😀${'x'.repeat(edge - 2)}😀😀${'ü'.repeat(100_000)}`;
    expect(text.charCodeAt(edge - 1)).to.be.within(0xd800, 0xdbff);
    const body = bodyToSend(text);
    expect(body).to.be.instanceOf(Blob);
    const back = await new Response(body).text();
    expect(back.length).to.equal(text.length);
    expect(back === text, 'the same text').to.equal(true);
    expect((body as Blob).size).to.equal(new TextEncoder().encode(text).length);
  });
});
