/**
 * The React 19 and Vue 3 apps of docs/frameworks.md, built with Vite from the
 * package (test/frameworks/projects.mjs), served by `vite preview` with `/api` proxied to the
 * demo backend, and run in Chromium at a desktop and a phone size, in a production build and in a
 * development build (where React and Vue report misuse on the console): a chat turn goes through,
 * the properties the framework set take effect, the framework's event binding and the
 * `addEventListener` in an effect update the framework's own DOM, a method called through the ref
 * works, the console stays clean and axe finds nothing in the chat. And a TypeScript module
 * type-checks against the package's own types, resolved as an app resolves them.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { APP_TOKEN, buildProject, createProject, docsFiles, previewProject, removeProject, typecheckProject } from '../frameworks/projects.mjs';
import { nextResponseEnd } from './ai-sdk-page.mjs';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const BUILDS = [
  { name: 'production', outDir: 'dist-production', development: false },
  { name: 'development', outDir: 'dist-development', development: true },
];
/** What each app's own DOM says once the first reply (the weather: two tool calls) ended. */
const APPS = {
  react: { docsFiles: ['src/App.jsx'], afterWeather: 'Last reply: done. Tools called: get_weather, get_forecast.' },
  vue: { docsFiles: ['vite.config.js', 'src/App.vue'], afterWeather: 'Last reply: done.' },
};

/** A page at `viewport` collecting page errors, console errors and console warnings. */
async function openApp(browser, url, viewport) {
  const page = await browser.newPage({ viewport });
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`);
  });
  await page.goto(url);
  return { page, problems };
}

/** axe-core's violations inside the chat (its shadow trees included), but for the rules `except`. */
async function axeViolations(page, { except = [] } = {}) {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE });
  const rules = Object.fromEntries(except.map((rule) => [rule, { enabled: false }]));
  const violations = await page.evaluate(async (rules) => (await globalThis.axe.run(document.querySelector('agent-chat'), { rules })).violations, rules);
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('the React and Vue apps of docs/frameworks.md', () => {
  let demo;
  let browser;
  const projects = {};
  const previews = [];
  before(async () => {
    assert.ok(distBuilt() && existsSync('dist/types/index.d.ts'), 'run `npm run build` first: the apps import the built package (dist/)');
    const files = await docsFiles();
    for (const [app, { docsFiles: expected }] of Object.entries(APPS)) {
      assert.deepEqual(Object.keys(files[app] ?? {}).sort(), [...expected].sort(), `docs/frameworks.md has the ${app} app's files`);
      projects[app] = await createProject(app, files[app]);
    }
    demo = await startDemoServer({ port: 0, delayMs: 0, log: () => {}, env: {} });
    browser = await launchChromium();
  });
  after(async () => {
    try {
      await browser?.close();
      await Promise.all(previews.map((preview) => preview.close()));
      await demo?.close();
    } finally {
      await Promise.all(Object.values(projects).map(removeProject));
    }
  });

  it('TypeScript: the package’s types give a typed ref the element’s properties, methods and events', async () => {
    const dir = await createProject('typescript', {});
    try {
      assert.equal(await typecheckProject(dir), '');
    } finally {
      await removeProject(dir);
    }
  });

  for (const [app, { afterWeather }] of Object.entries(APPS)) {
    for (const { name: buildName, outDir, development } of BUILDS) {
      describe(`${app}, ${buildName} build`, () => {
        let preview;
        before(async () => {
          const started = performance.now();
          await buildProject(projects[app], { outDir, development });
          console.log(`# ${app} ${buildName} build: ${Math.round(performance.now() - started)} ms`);
          preview = await previewProject(projects[app], { outDir, backendUrl: demo.url });
          previews.push(preview);
        });

        for (const viewport of VIEWPORTS) {
          it(`at ${viewport.width}×${viewport.height}: props, events and a method through the ref work`, async () => {
            preview.requests.length = 0;
            const { page, problems } = await openApp(browser, preview.url, viewport);
            const chat = page.locator('agent-chat');
            const status = page.locator('main > p');
            await chat.locator('[part~="header"]', { hasText: 'Ask our docs' }).waitFor();
            assert.match(await status.textContent(), /^Last reply: none yet\./);

            // Objects and functions arrived as properties, not as attributes.
            const props = await chat.evaluate((element) => ({
              send: element.strings?.send,
              weatherTitle: element.toolDisplay?.get_weather?.title,
              headers: typeof element.headers,
              endpoint: element.endpoint,
              attributes: ['strings', 'tooldisplay', 'headers'].filter((name) => element.hasAttribute(name)),
            }));
            assert.deepEqual(props, { send: 'Ask', weatherTitle: 'Weather', headers: 'function', endpoint: '/api/agent', attributes: [] });
            assert.equal((await chat.locator('[part~="send-button"]').textContent()).trim(), 'Ask', '`strings` shows');

            const weather = await chatTurn(page, 'weather in Lisbon');
            assert.equal(weather.status, 'done');
            const card = chat.locator('[part="tool-card-header"]').first();
            assert.match(await card.textContent(), /☀️\s*Weather/, '`toolDisplay` titles the card');
            assert.equal(await card.getAttribute('aria-expanded'), 'true', '`toolDisplay.open` opens it');
            await status.filter({ hasText: 'Last reply: done' }).waitFor({ timeout: 5000 });
            assert.equal((await status.textContent()).trim(), afterWeather, 'the framework’s handlers updated its DOM');

            const posts = preview.requests.filter((request) => request.method === 'POST' && request.url === '/api/agent');
            assert.ok(posts.length >= 1, 'the backend got the run');
            for (const post of posts) assert.equal(post.headers.authorization, `Bearer ${APP_TOKEN}`, '`headers` reach the backend');

            assert.deepEqual(await axeViolations(page), [], 'axe finds nothing in the chat');

            const hello = nextResponseEnd(page);
            await page.getByRole('button', { name: 'Say hello' }).click();
            assert.equal((await hello).status, 'done', 'send() through the ref ran a turn');
            assert.equal(await chat.locator('[part~="user-message"]').last().textContent(), 'hello');
            // The markdown tour's code block and table scroll sideways: they take the keyboard (axe checks it).
            assert.deepEqual(await axeViolations(page), [], 'axe, after the markdown tour');
            assert.deepEqual(problems, []);
            await page.close();
          });
        }
      });
    }
  }
});
