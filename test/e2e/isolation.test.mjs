/**
 * The page's CSS never reaches inside the chat, and the chat never styles the page:
 * the built bundle on the demo's origin, with its backend, at 1280×800 and 390×844, under three
 * page stylesheets — a hostile one (universal rules, `!important`, inherited text settings), and
 * Bootstrap 5's and Tailwind 4's (its preflight compiled by Tailwind itself), both from npm. For
 * each, after a real chat turn, the computed styles of the chat's own elements are those of the
 * same page without the stylesheet; and the page's elements compute the same with and without the
 * chat on it, with no stylesheet, adopted sheet or inline style of the chat's on the document.
 * Page rules on the `<agent-chat>` element itself (its margin, say) are the page's to set.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { compile } from 'tailwindcss';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const HOSTILE = `
  * {
    font: italic 30px/3 Papyrus, fantasy !important;
    color: red !important;
    -webkit-text-fill-color: green;
    letter-spacing: 5px; word-spacing: 9px; text-transform: uppercase; text-align: right; text-indent: 40px;
    text-shadow: 2px 2px blue; white-space: pre; word-break: break-all; hyphens: auto; tab-size: 2;
    font-variant: small-caps; font-feature-settings: "smcp"; list-style: square inside; cursor: crosshair;
    box-sizing: content-box; margin: 20px; line-height: 4; user-select: none; border-collapse: collapse;
  }
  html, body { font-size: 22px; background: #eee; color-scheme: dark; }
  body { writing-mode: horizontal-tb; quotes: "<" ">"; caret-color: red; accent-color: red; }
  div, p, span, button, textarea, pre, code, h2, header, footer { padding: 17px !important; border: 3px dotted orange !important; background-color: pink !important; }
  button { background: lime; border: 4px dashed red; font: 40px serif; }
  textarea { border: 5px solid red; font-family: monospace; }
  pre, code { direction: rtl; background: yellow; }
  p { margin: 50px !important; color: green !important; }
  h2 { font-size: 80px !important; }
`;

/** Tailwind 4's preflight as Tailwind builds it for a page (its theme variables resolved). */
async function tailwindPreflight() {
  const compiler = await compile('@import "tailwindcss/theme.css" layer(theme);\n@import "tailwindcss/preflight.css" layer(base);', {
    base: process.cwd(),
    loadStylesheet: async (id, base) => {
      const file = new URL(import.meta.resolve(id));
      return { path: file.pathname, base, content: await readFile(file, 'utf8') };
    },
  });
  return compiler.build([]);
}

/** The chat's elements compared, each found through the shadow roots. */
const INSIDE = {
  textarea: '[part="input"]',
  'send button': '[part="send-button"]',
  'your message': '[part~="user-message"]',
  'reply paragraph': '.assistant p',
  'reply table cell': '.assistant td',
  'code block': '.code-block pre',
  'copy button': '.code-block button.copy',
  'tool card header': '[part="tool-card-header"]',
  'tool card title': '[part="tool-card-header"] .title',
  heading: '[part="heading"]',
  header: '[part="header"]',
  base: '[part="base"]',
};
const PROPERTIES = [
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant-caps',
  'font-feature-settings',
  'line-height',
  'color',
  '-webkit-text-fill-color',
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'text-align',
  'text-indent',
  'text-shadow',
  'white-space-collapse',
  'text-wrap-mode',
  'word-break',
  'hyphens',
  'tab-size',
  'direction',
  'cursor',
  'user-select',
  'color-scheme',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-top-style',
  'border-left-style',
  'border-top-color',
  'border-left-color',
  'border-top-left-radius',
  'background-color',
  'box-sizing',
  'list-style-type',
  'border-collapse',
];

/** The page's own elements: what the chat must leave as it is. */
const PAGE_ELEMENTS = ['html', 'body', 'main', 'h1', 'p.lead', 'button.page-button', 'ul li', 'input', 'pre'];
/** Their layout-dependent values (the chat takes room in the page) are not compared. */
const GEOMETRY = new Set(['width', 'height', 'block-size', 'inline-size', 'perspective-origin', 'transform-origin', 'min-block-size', 'min-inline-size']);

function page({ stylesheet, withChat }) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A page with a chat</title>${stylesheet ? `<link rel="stylesheet" href="/page-css/${stylesheet}.css">` : ''}</head>
<body><main class="container">
  <h1>Opening hours</h1>
  <p class="lead">The shop opens at nine.</p>
  <button class="page-button btn btn-primary" type="button">Book a visit</button>
  <ul><li>Monday to Friday</li></ul>
  <input class="form-control" placeholder="Your e-mail">
  <pre>page code</pre>
  ${withChat ? '<agent-chat endpoint="/api/agent" heading="Shop assistant" storage="none" style="height: 720px"></agent-chat>' : ''}
</main>${withChat ? '<script type="module" src="/dist/agent-chat.js"></script>' : ''}</body></html>`;
}

/** In the page: the computed `properties` of the first element matching each selector, through shadow roots. */
function computedInside([selectors, properties]) {
  const deep = (root, selector) => {
    const found = root.querySelector(selector);
    if (found) return found;
    for (const element of root.querySelectorAll('*')) {
      const inner = element.shadowRoot && deep(element.shadowRoot, selector);
      if (inner) return inner;
    }
    return null;
  };
  const chat = document.querySelector('agent-chat').shadowRoot;
  return Object.fromEntries(
    Object.entries(selectors).map(([name, selector]) => {
      const element = deep(chat, selector);
      if (!element) return [name, null];
      const style = getComputedStyle(element);
      return [name, Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]))];
    }),
  );
}

/**
 * In the page: every computed property of the page's own elements, and what the document holds of
 * styles. The chat's registered colours (`--_agent-chat-*`, inert outside it) compute on every
 * element of the document: registration is page-wide.
 */
function pageStyles([selectors, geometry]) {
  const styles = Object.fromEntries(
    selectors.map((selector) => {
      const style = getComputedStyle(document.querySelector(selector));
      const values = {};
      for (let i = 0; i < style.length; i++) {
        if (!geometry.includes(style[i]) && !style[i].startsWith('--_agent-chat-')) values[style[i]] = style.getPropertyValue(style[i]);
      }
      return [selector, values];
    }),
  );
  return {
    styles,
    sheets: [...document.styleSheets].map((sheet) => sheet.href ?? `<${sheet.ownerNode?.nodeName}>`),
    adopted: document.adoptedStyleSheets.length,
    inline: [document.documentElement.getAttribute('style'), document.body.getAttribute('style')],
    styleElements: document.querySelectorAll('style').length,
  };
}

describe('isolation: the page’s CSS stays out of the chat, the chat’s out of the page', () => {
  let server;
  let browser;
  const sheets = {};
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    sheets.hostile = HOSTILE;
    sheets.bootstrap = await readFile(new URL(import.meta.resolve('bootstrap/dist/css/bootstrap.min.css')), 'utf8');
    sheets.tailwind = await tailwindPreflight();
    server = await startDemoServer({ port: 0, delayMs: 0, log: () => {}, env: {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A page (its stylesheet served from the demo's origin), the chat on it after two real turns. */
  async function open(viewport, options) {
    const context = await browser.newContext({ viewport });
    const tab = await context.newPage();
    const problems = [];
    tab.on('pageerror', (error) => problems.push(error.message));
    await tab.route('**/page-css/*.css', (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop().replace('.css', '');
      return route.fulfill({ status: 200, contentType: 'text/css', body: sheets[name] });
    });
    const url = new URL('/isolation-page', server.url).href;
    await tab.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: page(options) }));
    await tab.goto(url);
    if (options.withChat) {
      await tab.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      const first = await chatTurn(tab, 'What can you do?');
      const second = await chatTurn(tab, 'What is the weather in Lisbon?');
      assert.equal(first.status, 'done');
      assert.equal(second.status, 'done');
      assert.match(second.text, /Lisbon/);
      await tab.locator('agent-chat [part="tool-card-header"]').first().waitFor();
    }
    return { tab, context, problems };
  }

  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width}×${viewport.height}`, () => {
      let plain;
      let plainPage;
      before(async () => {
        const { tab, context, problems } = await open(viewport, { withChat: true });
        plain = await tab.evaluate(computedInside, [INSIDE, PROPERTIES]);
        assert.deepEqual(problems, []);
        await context.close();
        const bare = await open(viewport, { withChat: false });
        plainPage = await bare.tab.evaluate(pageStyles, [PAGE_ELEMENTS, [...GEOMETRY]]);
        await bare.context.close();
        for (const [name, values] of Object.entries(plain)) assert.ok(values, `the chat draws its ${name}`);
      });

      for (const stylesheet of ['hostile', 'bootstrap', 'tailwind']) {
        it(`${stylesheet}: the chat's elements compute as on a page without it; the page's own as without the chat`, async () => {
          const styled = await open(viewport, { stylesheet, withChat: true });
          try {
            const inside = await styled.tab.evaluate(computedInside, [INSIDE, PROPERTIES]);
            const differences = [];
            for (const [name, values] of Object.entries(plain)) {
              for (const property of PROPERTIES) {
                const got = inside[name]?.[property];
                if (got !== values[property]) differences.push(`${name} ${property}: ${got} (without the page's CSS: ${values[property]})`);
              }
            }
            assert.deepEqual(differences, [], `${stylesheet} reaches inside the chat`);
            assert.deepEqual(styled.problems, []);
            if (stylesheet === 'hostile') {
              const host = await styled.tab.locator('agent-chat').evaluate((chat) => getComputedStyle(chat).marginTop);
              assert.equal(host, '20px', 'a page rule on the element itself applies to the element (it is the page’s)');
            }

            const withChat = await styled.tab.evaluate(pageStyles, [PAGE_ELEMENTS, [...GEOMETRY]]);
            const without = await open(viewport, { stylesheet, withChat: false });
            const withoutChat = await without.tab.evaluate(pageStyles, [PAGE_ELEMENTS, [...GEOMETRY]]);
            await without.context.close();
            assert.deepEqual(withChat.sheets, withoutChat.sheets, 'the document has no stylesheet of the chat’s');
            assert.equal(withChat.styleElements, withoutChat.styleElements);
            assert.equal(withChat.adopted, 0, 'nor an adopted one');
            assert.deepEqual(withChat.inline, [null, null], 'nor an inline style on <html> or <body>');
            const changed = [];
            for (const [selector, values] of Object.entries(withoutChat.styles)) {
              for (const [property, value] of Object.entries(values)) {
                if (withChat.styles[selector][property] !== value) changed.push(`${selector} ${property}: ${withChat.styles[selector][property]} (without the chat: ${value})`);
              }
            }
            assert.deepEqual(changed, [], 'the chat styles the page');
          } finally {
            await styled.context.close();
          }
        });
      }

      it('without a page stylesheet, the page itself is untouched by the chat', async () => {
        const withChat = await open(viewport, { withChat: true });
        const styles = await withChat.tab.evaluate(pageStyles, [PAGE_ELEMENTS, [...GEOMETRY]]);
        await withChat.context.close();
        assert.deepEqual(styles.styles, plainPage.styles);
        assert.deepEqual([styles.sheets, styles.adopted, styles.inline], [[], 0, [null, null]]);
      });
    });
  }
});
