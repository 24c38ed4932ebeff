import { expect } from '@open-wc/testing';
import { firstFontUrl, fontFamilies } from '../../../src/mcp/host-fonts.js';
import { insetsWithin } from '../../../src/mcp/host-styles.js';

describe('MCP Apps host: the chat’s font families for apps', () => {
  it('lists the named families of a font list, lower case, without generic ones or quotes', () => {
    expect(fontFamilies(`'Inter Var', "Noto Sans", system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`)).to.deep.equal(['inter var', 'noto sans', 'segoe ui', 'roboto']);
    expect(fontFamilies('ui-monospace, monospace')).to.deep.equal([]);
    expect(fontFamilies('')).to.deep.equal([]);
  });

  it('reads the first url() of a src descriptor and its format', () => {
    expect(firstFontUrl(`local('Inter'), url("/fonts/inter.woff2") format("woff2"), url(/fonts/inter.woff)`)).to.deep.equal({ url: '/fonts/inter.woff2', format: 'woff2' });
    expect(firstFontUrl(`url(data:font/woff2;base64,AAAA)`)).to.deep.equal({ url: 'data:font/woff2;base64,AAAA', format: undefined });
    expect(firstFontUrl(`local('Inter')`)).to.equal(undefined);
  });
});

describe('MCP Apps host: safe-area insets within the app’s box', () => {
  const phone = { width: 390, height: 844 };
  const notch = { top: 47, right: 0, bottom: 34, left: 0 };

  it('gives the full insets to a box that fills the screen, none to one in the middle', () => {
    expect(insetsWithin(notch, { top: 0, right: 390, bottom: 844, left: 0 }, phone)).to.deep.equal(notch);
    expect(insetsWithin(notch, { top: 200, right: 370, bottom: 600, left: 20 }, phone)).to.deep.equal({ top: 0, right: 0, bottom: 0, left: 0 });
  });

  it('gives the part of an inset a box reaches into', () => {
    expect(insetsWithin(notch, { top: 20, right: 390, bottom: 830, left: 0 }, phone)).to.deep.equal({ top: 27, right: 0, bottom: 20, left: 0 });
    // Landscape: the notch on a side.
    expect(insetsWithin({ top: 0, right: 47, bottom: 21, left: 47 }, { top: 0, right: 844, bottom: 390, left: 10 }, { width: 844, height: 390 })).to.deep.equal({
      top: 0,
      right: 47,
      bottom: 21,
      left: 37,
    });
  });
});
