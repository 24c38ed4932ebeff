/**
 * MCP Apps end to end, in Chromium: `<agent-chat>` (the built bundle) hosts the official example
 * apps that draw (@modelcontextprotocol/server-cohort-heatmap, -customer-segmentation,
 * -scenario-modeler, -shadertoy, -threejs, -sheet-music, -pdf; unchanged from npm), in both sandbox
 * modes. For each: the model calls the example's tool, the app draws real content in its card
 * (pixels of more than one colour, on screen, for charts and WebGL), its obvious control works, and
 * neither the page nor any frame logs an error or fails a load.
 *
 * Run: npm run build && node --test --test-concurrency=1 --test-reporter=spec test/e2e/mcp-examples-visual.test.mjs
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createServer as createCohortServer } from '@modelcontextprotocol/server-cohort-heatmap';
import { createServer as createSegmentationServer } from '@modelcontextprotocol/server-customer-segmentation';
import * as pdfServer from '@modelcontextprotocol/server-pdf';
import { createServer as createScenarioServer } from '@modelcontextprotocol/server-scenario-modeler';
import { createServer as createShadertoyServer } from '@modelcontextprotocol/server-shadertoy';
import { createServer as createSheetMusicServer } from '@modelcontextprotocol/server-sheet-music';
import { createServer as createThreejsServer } from '@modelcontextprotocol/server-threejs';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt, waitFor } from './mcp-fixtures.mjs';
import {
  MODES,
  appCalls,
  appDocument,
  assertAppInCard,
  assertDrawn,
  assertQuiet,
  changedFrom,
  modeName,
  openChat,
  samplePdf,
  silentWav,
  startExample,
  startSandboxOrigin,
  steady,
  textMatching,
} from './mcp-examples.mjs';

/** The shader the model writes (the tool's default, four times as fast): the app reads it only from the call's arguments. */
const SHADER = 'void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n  vec2 uv = fragCoord / iResolution.xy;\n  fragColor = vec4(uv, 0.5 + 0.5 * sin(iTime * 4.0), 1.0);\n}';
const TUNE = 'X:1\nT:Twinkle, Twinkle Little Star\nM:4/4\nL:1/4\nQ:1/4=240\nK:C\nC C G G | A A G2 | F F E E | D D C2 |';
/** Where abcjs fetches its piano samples: the host the sheet-music resource declares in `connectDomains`. */
const SOUNDFONTS = 'https://paulrosen.github.io/midi-js-soundfonts/**';
/**
 * The PDF viewer keeps the page last read in localStorage, inside try/catch, and logs the failure
 * with console.error when storage is refused. An app frame here has an opaque origin (`sandbox=
 * "allow-scripts"` in both modes), where the browser refuses web storage: the viewer goes on from
 * page 1 and works, so these two lines (its own) are allowed, nothing else.
 */
const PDF_STORAGE_REFUSED = [
  /^\[PDF-VIEWER\] (loadSavedPage|saveCurrentPage): error SecurityError: Failed to read the 'localStorage' property from 'Window': The document is sandboxed and lacks the 'allow-same-origin' flag\./,
];

/** Full screen asked from inside the app (a click there): the frame grows, and shrinks back on the second click. */
async function fullScreenAndBack(page, app) {
  const frame = page.locator('agent-chat-app-frame iframe').first();
  const inline = await frame.boundingBox();
  await app.locator('.fullscreen-btn').click();
  await waitFor(async () => (await frame.boundingBox()).width > inline.width + 100, { message: 'the app in full screen' });
  await app.locator('.fullscreen-btn').click();
  await waitFor(async () => Math.abs((await frame.boundingBox()).width - inline.width) < 2, { message: 'the app back inline' });
}

const EXAMPLES = [
  {
    name: 'cohort-heatmap',
    createServer: createCohortServer,
    tool: 'get-cohort-data',
    title: 'Get Cohort Retention Data',
    async check({ page, app, mcp }) {
      const cells = app.locator('[class*="_cell_"]');
      await waitFor(async () => (await cells.count()) === 78, { timeout: 15_000, message: '78 cells (12 cohorts, each one period shorter)' });
      const values = () => cells.allTextContents();
      const before = await values();
      assert.ok(
        before.every((text) => /^\d+$/.test(text.trim())),
        `every cell a percentage: ${before.slice(0, 5)}`,
      );
      await assertDrawn(page, app.locator('[class*="_heatmapGrid_"]'), { colours: 6, what: 'the heat map' });
      // The app asks its server for data itself; a new metric is a new call with it.
      const calls = mcp.calls['get-cohort-data'];
      await app.locator('select').first().selectOption('revenue');
      await waitFor(() => mcp.calls['get-cohort-data'] > calls, { message: 'the call for the new metric' });
      await waitFor(async () => (await values()).join() !== before.join(), { message: 'new cells' });
      const asked = (await appCalls(page)).filter((call) => call.name === 'get-cohort-data');
      assert.equal(asked.at(-1).arguments.metric, 'revenue');
      assert.ok(
        asked.every((call) => call.allowed),
        'its calls pass the chat',
      );
    },
  },
  {
    name: 'customer-segmentation',
    createServer: createSegmentationServer,
    tool: 'get-customer-data',
    title: 'Get Customer Data',
    async check({ page, app }) {
      const counts = app.locator('#legend .legend-count');
      await waitFor(async () => (await counts.count()) === 4, { timeout: 15_000, message: 'four segments in the legend' });
      const total = (await counts.allTextContents()).reduce((sum, text) => sum + Number(/\d+/.exec(text)[0]), 0);
      assert.equal(total, 250, 'the legend counts the 250 customers');
      const chart = app.locator('#scatter-chart');
      await assertDrawn(page, chart, { colours: 6, share: 0.97, what: 'the scatter chart' });
      const png = await steady(chart);
      await app.locator('#x-axis').selectOption('nps');
      await changedFrom(chart, png, { message: 'the chart redrawn for the new axis' });
      assert.ok((await appCalls(page)).every((call) => call.name === 'get-customer-data' && call.allowed));
    },
  },
  {
    name: 'scenario-modeler',
    createServer: createScenarioServer,
    tool: 'get-scenario-data',
    title: 'Get Scenario Data',
    async check({ page, app }) {
      const chart = app.locator('canvas').first();
      await chart.waitFor({ timeout: 15_000 });
      const endMrr = app.getByText('End MRR', { exact: true }).locator('xpath=..');
      const before = await textMatching(endMrr, /\$[\d.]+K/);
      await assertDrawn(page, chart, { colours: 6, share: 0.97, what: 'the projection chart' });
      const png = await steady(chart);
      const growth = app.locator('.slider-input').nth(1);
      assert.equal(await growth.inputValue(), '5');
      await growth.fill('12');
      await waitFor(async () => (await endMrr.textContent()).trim() !== before, { message: 'a new end MRR' });
      await changedFrom(chart, png, { message: 'the chart redrawn for the new growth rate' });
    },
  },
  {
    name: 'shadertoy',
    createServer: createShadertoyServer,
    tool: 'render-shadertoy',
    args: { fragmentShader: SHADER },
    title: 'ShaderToy Renderer',
    async check({ page, app }) {
      const canvas = app.locator('canvas#canvas');
      await canvas.waitFor({ timeout: 15_000 });
      const { png } = await waitFor(
        async () => {
          const shot = await assertDrawn(page, canvas, { colours: 16, share: 0.5, what: 'the shader' }).catch(() => undefined);
          return shot;
        },
        { timeout: 15_000, message: 'the shader drawn (WebGL)' },
      );
      await changedFrom(canvas, png, { message: 'the shader animated (iTime)' });
      await fullScreenAndBack(page, app);
    },
  },
  {
    name: 'threejs',
    createServer: createThreejsServer,
    tool: 'show_threejs_scene',
    title: 'Show Three.js Scene',
    async check({ page, app }) {
      const canvas = app.locator('canvas#threejs-canvas');
      await canvas.waitFor({ timeout: 15_000 });
      // The tool's default scene: a green cube, turning, on a clear background.
      const { png } = await waitFor(() => assertDrawn(page, canvas, { colours: 3, share: 0.99, what: 'the scene' }).catch(() => undefined), {
        timeout: 15_000,
        message: 'the scene drawn (WebGL)',
      });
      await changedFrom(canvas, png, { message: 'the cube turning' });
      await fullScreenAndBack(page, app);
    },
  },
  {
    name: 'sheet-music',
    createServer: createSheetMusicServer,
    tool: 'play-sheet-music',
    args: { abcNotation: TUNE },
    title: 'Play Sheet Music',
    async check({ page, app }) {
      await textMatching(app.locator('#status'), /^Ready to play!$/);
      const score = app.locator('#sheet-music svg').first();
      assert.equal(await app.locator('#sheet-music .abcjs-title').textContent(), 'Twinkle, Twinkle Little Star');
      assert.equal(await app.locator('#sheet-music .abcjs-note').count(), 14, 'the notes of the tune drawn');
      await assertDrawn(page, score, { colours: 2, share: 0.995, what: 'the score' });
      // Play fetches piano samples from the resource's declared connect domain; offline here, a
      // stand-in answers (with CORS, as that host does): the request must pass the app's CSP.
      const fetched = [];
      await page.route(SOUNDFONTS, (route) => {
        fetched.push(new URL(route.request().url()).pathname);
        return route.fulfill({ status: 200, contentType: 'audio/mpeg', headers: { 'Access-Control-Allow-Origin': '*' }, body: silentWav() });
      });
      await app.locator('.abcjs-midi-start').click();
      await textMatching(app.locator('.abcjs-midi-clock'), /^0:0[1-9]$/, 10_000);
      assert.ok(
        fetched.some((file) => file.endsWith('/C4.mp3')),
        `the samples were fetched: ${fetched}`,
      );
    },
  },
  {
    name: 'pdf',
    createServer: () => pdfServer.createServer(),
    tool: 'display_pdf',
    title: 'Display PDF',
    allowed: PDF_STORAGE_REFUSED,
    async check({ page, app }) {
      await textMatching(app.locator('#total-pages'), /3/);
      await textMatching(app.locator('#text-layer'), /^Page 1 of 3$/);
      const canvas = app.locator('#pdf-canvas');
      await assertDrawn(page, canvas, { colours: 2, share: 0.995, what: 'page 1' });
      const png = await steady(canvas);
      await app.locator('#next-btn').click();
      await textMatching(app.locator('#text-layer'), /^Page 2 of 3$/);
      assert.equal(await app.locator('#page-input').inputValue(), '2');
      await changedFrom(canvas, png, { message: 'page 2 drawn' });
      const calls = await appCalls(page);
      assert.ok(calls.length > 0 && calls.every((call) => call.name === 'read_pdf_bytes' && call.allowed), 'the viewer reads the bytes through the chat');
    },
  },
];

describe('MCP Apps: the official examples that draw', { timeout: 300_000 }, () => {
  let browser;
  let sandbox;
  let pdfDir;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first (dist/agent-chat.js is missing)');
    [browser, sandbox] = await Promise.all([launchChromium({ webgl: true }), startSandboxOrigin()]);
    // The PDF server reads only the local files its command line named; register one as its CLI does.
    pdfDir = mkdtempSync(path.join(tmpdir(), 'agent-chat-pdf-'));
    const pdfFile = path.join(pdfDir, 'three-pages.pdf');
    writeFileSync(pdfFile, samplePdf(3));
    pdfServer.allowedLocalFiles.add(pdfFile);
    pdfServer.cliLocalFiles.add(pdfFile);
    EXAMPLES.find((example) => example.name === 'pdf').args = { url: pdfFile };
  });
  after(async () => {
    await browser?.close();
    await sandbox?.close();
    if (pdfDir) {
      const pdfFile = path.join(pdfDir, 'three-pages.pdf');
      pdfServer.allowedLocalFiles.delete(pdfFile);
      pdfServer.cliLocalFiles.delete(pdfFile);
      rmSync(pdfDir, { recursive: true, force: true });
    }
  });

  for (const example of EXAMPLES) {
    describe(example.name, () => {
      let served;
      before(async () => {
        served = await startExample(sandbox, example);
      });
      after(() => served?.close());

      for (const mode of MODES) {
        it(`${modeName(mode)}: draws in its card, and its control works`, async () => {
          served.mcp.resetCalls();
          const opened = await openChat(browser, served.site(mode).url);
          const { page } = opened;
          try {
            const end = await chatTurn(page, `Show me ${example.name}`);
            assert.equal(end.status, 'done');
            assert.ok(
              served.site(mode).requests[0].tools.some((tool) => tool.name === example.tool),
              `${example.tool} is offered to the model`,
            );
            assert.ok(served.mcp.calls[example.tool] >= 1, 'the widget ran the tool for the model');
            await assertAppInCard(page, example.title);
            await example.check({ page, app: appDocument(page, mode), mcp: served.mcp });
            assertQuiet(opened, example.allowed);
          } finally {
            await page.close();
          }
        });
      }
    });
  }
});
