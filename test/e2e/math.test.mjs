/**
 * Math on the built bundle in Chromium: a backend streams a reply with TeX in it (a displayed
 * formula cut across deltas). Without `math` the renderer's chunk and fonts are never requested and
 * the text stays as written; with it the chunk loads, the formulas render as KaTeX (MathML beside
 * it) inside the chat's shadow root, and the fonts come from the package's own folder
 * (`/dist/fonts/`, the page's origin) and nowhere else, with the ES module as with the standalone
 * classic script. On a phone a wide formula scrolls sideways in a keyboard-reachable box while a
 * short one is centred.
 */
/* global deepAll -- defined in the page by an init script below */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { chatPage, distBuilt, startPageServer, waitFor } from './mcp-fixtures.mjs';

const DELTAS = [
  'Here is the sum, for a price of $5 and $10:\n\n$$\n',
  '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  '\n$$\n\nand inline $\\sqrt{2}$ too.\n\n',
  '$$\\sum_{k=0}^{100} \\binom{100}{k} x^k y^{100-k} + \\sum_{k=0}^{100} \\binom{100}{k} = (x+y)^{100} + 2^{100} + \\int_0^1 e^{-t^2}\\,dt$$\n',
];

const ES_SCRIPT = '<script type="module" src="/dist/agent-chat.js"></script>';

/** Defines `deepAll(selector)` in the page: every match under the document, shadow roots walked. */
const DEEP_ALL = () => {
  window.deepAll = (selector) => {
    const found = [];
    const walk = (root) => {
      found.push(...root.querySelectorAll(selector));
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
    };
    walk(document);
    return found;
  };
};

describe('math in replies (built bundle)', () => {
  let pages;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    pages = await startPageServer(async (input, res, encoder) => {
      const send = (event) => res.write(encoder.encodeSSE(event));
      send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
      send({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' });
      for (const delta of DELTAS) {
        send({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta });
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      send({ type: 'TEXT_MESSAGE_END', messageId: 'm' });
      send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
      res.end();
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
  });

  async function open(attributes, viewport = { width: 1280, height: 800 }, script = ES_SCRIPT) {
    pages.setPage(chatPage('', { attributes: `storage="none" ${attributes}` }).replace(ES_SCRIPT, script));
    const { page, problems } = await openPage(browser, pages.url);
    await page.setViewportSize(viewport);
    await page.evaluate(DEEP_ALL);
    const requests = [];
    page.on('request', (request) => requests.push(request.url()));
    return { page, problems, requests };
  }

  it('without `math`: text as written, no renderer and no font requested', async () => {
    const { page, problems, requests } = await open('');
    const reply = await chatTurn(page, 'sum');
    assert.equal(reply.status, 'done');
    await page.waitForFunction((query) => deepAll(query).some((p) => p.textContent.includes('inline $\\sqrt{2}$ too.')), '.assistant p');
    assert.equal(await page.evaluate((query) => deepAll(query).length, '.katex, .math-inline, .math-display, math'), 0);
    assert.deepEqual(
      requests.filter((url) => /math-render|\/fonts\//.test(url)),
      [],
    );
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('with `math`: KaTeX inside the shadow root, fonts only from the package folder on the page origin', async () => {
    const { page, problems, requests } = await open('math');
    const origin = new URL(pages.url).origin;
    await chatTurn(page, 'sum');
    await page.waitForFunction((query) => deepAll(query).length === 3, '.math-display .katex, .math-inline .katex');
    const structure = await page.evaluate(
      ([displays, inline]) => ({
        displays: deepAll(displays).map((element) => ({
          munderover: !!element.querySelector('math munderover'),
          mfrac: !!element.querySelector('math mfrac'),
          tabindex: element.getAttribute('tabindex'),
        })),
        sqrt: deepAll(inline).map((element) => !!element.querySelector('math msqrt')),
        shadow: deepAll(inline).every((element) => element.getRootNode() instanceof ShadowRoot),
        font: getComputedStyle(deepAll(inline)[0].querySelector('.katex')).fontFamily,
      }),
      ['.math-display', '.math-inline'],
    );
    assert.deepEqual(structure.displays, [
      { munderover: true, mfrac: true, tabindex: '0' },
      { munderover: true, mfrac: true, tabindex: '0' }, // \\binom is an mfrac without a bar
    ]);
    assert.deepEqual(structure.sqrt, [true]);
    assert.equal(structure.shadow, true);
    assert.match(structure.font, /^KaTeX_Main/);
    // The prices stayed prices.
    assert.ok(await page.evaluate((query) => deepAll(query).some((p) => p.textContent.includes('a price of $5 and $10:')), '.assistant p'));
    await page.evaluate(() => document.fonts.ready);
    await waitFor(() => requests.some((url) => url.includes('KaTeX_Main-Regular.woff2')), { message: 'KaTeX_Main requested' });
    const fonts = requests.filter((url) => /\.woff2$/.test(url));
    assert.ok(fonts.length >= 3, `fonts requested: ${fonts.join(', ')}`);
    for (const url of fonts) assert.match(url, new RegExp(`^${origin}/dist/fonts/KaTeX_[\\w-]+\\.woff2$`));
    assert.ok(
      requests.some((url) => /\/dist\/math-render-[\w-]+\.js$/.test(url)),
      'the math chunk loaded',
    );
    assert.deepEqual(
      requests.filter((url) => !url.startsWith(origin)),
      [],
      'nothing from another origin',
    );
    // Only what the formulas use is fetched (KaTeX ships 20 faces).
    assert.ok(fonts.length < 10, `only the faces in use: ${fonts.length}`);
    assert.equal(await page.evaluate(() => document.fonts.check('16px KaTeX_Main')), true);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('standalone classic script: the fonts load from `fonts/` beside the script, not beside the page', async () => {
    const { page, problems } = await open('math', undefined, '<script src="/dist/agent-chat.standalone.js"></script>');
    const origin = new URL(pages.url).origin;
    const fonts = [];
    page.on('response', (response) => /\.woff2$/.test(response.url()) && fonts.push({ url: response.url(), status: response.status() }));
    await chatTurn(page, 'sum');
    await page.waitForFunction((query) => deepAll(query).length === 3, '.math-display .katex, .math-inline .katex');
    await page.evaluate(() => document.fonts.ready);
    await waitFor(() => fonts.some(({ url }) => url.endsWith('/KaTeX_Main-Regular.woff2')), { message: 'KaTeX_Main requested' });
    assert.ok(fonts.length >= 3, `fonts requested: ${fonts.map(({ url }) => url).join(', ')}`);
    for (const { url, status } of fonts) {
      assert.match(url, new RegExp(`^${origin}/dist/fonts/KaTeX_[\\w-]+\\.woff2$`));
      assert.equal(status, 200, url);
    }
    assert.equal(await page.evaluate(() => document.fonts.check('16px KaTeX_Main')), true);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('on a phone: a wide formula scrolls sideways and is reachable by keyboard, a short one is centred', async () => {
    const { page, problems } = await open('math theme="dark"', { width: 390, height: 844 });
    await chatTurn(page, 'sum');
    await page.waitForFunction((query) => deepAll(query).length === 2, '.math-display .katex');
    const boxes = await page.evaluate((query) => {
      return deepAll(query).map((element) => {
        const box = element.getBoundingClientRect();
        const formula = element.querySelector('.katex-html').getBoundingClientRect();
        return {
          scrolls: element.scrollWidth > element.clientWidth,
          overflow: getComputedStyle(element).overflowX,
          offCentre: Math.abs(formula.left + formula.width / 2 - (box.left + box.width / 2)),
          tabindex: element.tabIndex,
        };
      });
    }, '.math-display');
    assert.equal(boxes[0].scrolls, false);
    assert.ok(boxes[0].offCentre < 4, `short formula centred (${boxes[0].offCentre}px off)`);
    assert.equal(boxes[1].scrolls, true);
    assert.equal(boxes[1].overflow, 'auto');
    assert.deepEqual(
      boxes.map((box) => box.tabindex),
      [0, 0],
    );
    assert.deepEqual(problems, []);
    await page.close();
  });
});
