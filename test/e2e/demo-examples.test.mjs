// The demo's two official MCP App examples (unchanged from npm): the cohort heat map (a chart,
// "heatmap") and the three.js scene (WebGL, "3d"). Without a browser: the scripted agents' words,
// their follow-ups, and the demo starting without an example whose package is missing. In Chromium
// (WebGL in software) on the demo page, whose apps run behind the sandbox proxy: the heat map's
// cells and the scene's pixels, and no error in the page or its frames.
// Run: npm run build && node --test --test-concurrency=1 --test-reporter=spec test/e2e/demo-examples.test.mjs

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EXAMPLE_APPS, HEATMAP_TOOL, THREEJS_SCENE, THREEJS_TOOL, startExampleApps, withExampleUrls } from '../../demo/example-apps.mjs';
import { keywordOf } from '../../demo/ai-sdk-scripts.mjs';
import { scriptedRun } from '../../demo/scripted-agent.mjs';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { assertDrawn } from './mcp-examples.mjs';
import { distBuilt, waitFor } from './mcp-fixtures.mjs';

const quiet = () => {};
const TIMEOUT = 20_000;
const TOOLS = [HEATMAP_TOOL, THREEJS_TOOL, 'roll_dice'].map((name) => ({ name, description: name, parameters: { type: 'object', properties: {} } }));

async function run(messages, tools = TOOLS) {
  const events = [];
  const input = { threadId: 't', runId: `r-${Math.random()}`, messages, tools, context: [], state: {}, forwardedProps: {} };
  for await (const event of scriptedRun(input, { delayMs: 0 })) events.push(event);
  const text = events
    .filter((event) => event.type === 'TEXT_MESSAGE_CONTENT')
    .map((event) => event.delta)
    .join('');
  const calls = events.filter((event) => event.type === 'TOOL_CALL_START').map((event) => event.toolCallName);
  const args = events
    .filter((event) => event.type === 'TOOL_CALL_ARGS')
    .map((event) => event.delta)
    .join('');
  return { events, text, calls, args: args ? JSON.parse(args) : undefined };
}

const user = (content) => ({ id: `u-${Math.random()}`, role: 'user', content });

describe('the scripted agents and the example apps', () => {
  it('call the heat map on "heatmap", "chart" or "cohort", and the scene on "3d", "threejs" or "cube", before "app" means dice', async () => {
    for (const words of ['Show me a heatmap', 'a retention chart please', 'cohort analysis', 'the heat map app']) {
      assert.deepEqual((await run([user(words)])).calls, [HEATMAP_TOOL], words);
    }
    for (const words of ['something in 3D', 'a threejs scene', 'show me a three.js app', 'spin a cube']) {
      assert.deepEqual((await run([user(words)])).calls, [THREEJS_TOOL], words);
    }
    assert.deepEqual((await run([user('show me the app')])).calls, ['roll_dice']);
    const heatmap = await run([user('a chart of revenue')]);
    assert.deepEqual(heatmap.args, { metric: 'revenue', periodType: 'monthly', cohortCount: 12, maxPeriods: 12 });
    const scene = await run([user('3d')]);
    assert.deepEqual(scene.args, { code: THREEJS_SCENE, height: 360 }, 'the scene is written out in the arguments');
    assert.deepEqual(scene.events.at(-1).outcome?.pendingToolCallIds?.length, 1, 'the page runs the call');
    // The AI SDK backend knows the same words.
    assert.equal(keywordOf('Show me a heatmap'), 'heatmap');
    assert.equal(keywordOf('a 3d cube'), 'threejs');
  });

  it('explain when the chat does not offer the tool', async () => {
    const { calls, text } = await run([user('a cohort heatmap')], []);
    assert.deepEqual(calls, []);
    assert.match(text, /offers no `get-cohort-data` tool/);
  });

  it('sum up the result instead of calling again', async () => {
    const cells = (cohortIndex, count) => Array.from({ length: count }, (_, periodIndex) => ({ cohortIndex, periodIndex, retention: periodIndex === 0 ? 1 : 0.5 }));
    const data = { cohorts: [0, 1, 2, 3, 4, 5, 6].map((index) => ({ cohortLabel: `C${index}`, cells: cells(index, 7 - index) })), metric: 'retention' };
    const call = (id, name) => ({ id: `a-${id}`, role: 'assistant', content: '', toolCalls: [{ id, type: 'function', function: { name, arguments: '{}' } }] });
    const heatmap = await run([user('heatmap'), call('c1', HEATMAP_TOOL), { id: 'c1:result', role: 'tool', toolCallId: 'c1', content: JSON.stringify(data) }]);
    assert.deepEqual(heatmap.calls, []);
    assert.match(heatmap.text, /\*\*7 cohorts\*\*.*\*\*50 %\*\* of a cohort is still there after a month, \*\*50 %\*\* after six/);
    const scene = await run([user('3d'), call('c2', THREEJS_TOOL), { id: 'c2:result', role: 'tool', toolCallId: 'c2', content: '{"success":true}' }]);
    assert.deepEqual(scene.calls, []);
    assert.match(scene.text, /The scene is up/);
  });

  it('start without an example whose package is missing, and leave it off the page', async () => {
    const lines = [];
    const load = async (name) => {
      if (name === '@modelcontextprotocol/server-threejs') throw Object.assign(new Error(`Cannot find package '${name}'`), { code: 'ERR_MODULE_NOT_FOUND' });
      return import(name);
    };
    const examples = await startExampleApps({ log: (line) => lines.push(line), load });
    try {
      assert.deepEqual(
        examples.running.map((example) => example.name),
        ['heatmap'],
      );
      assert.equal(lines.length, 1);
      assert.match(lines[0], /@modelcontextprotocol\/server-threejs is not installed .* no threejs app/);
      const page =
        '<agent-chat>\n  <agent-chat-mcp-server name="heatmap" url="%HEATMAP_URL%"></agent-chat-mcp-server>\n  <agent-chat-mcp-server name="threejs" url="%THREEJS_URL%"></agent-chat-mcp-server>\n</agent-chat>';
      assert.equal(
        withExampleUrls(page, examples.running, 'localhost'),
        `<agent-chat>\n  <agent-chat-mcp-server name="heatmap" url="http://localhost:${examples.running[0].port}/mcp"></agent-chat-mcp-server>\n</agent-chat>`,
      );
    } finally {
      await examples.close();
    }
    await assert.rejects(startExampleApps({ log: quiet, load: async () => Promise.reject(new Error('broken')) }), /broken/, 'another failure stops the demo');
  });
});

describe('demo page: the official example apps behind the sandbox proxy', () => {
  let server;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first (dist/agent-chat.js is missing)');
    server = await startDemoServer({ port: 0, delayMs: 0, log: quiet, env: {} });
    browser = await launchChromium({ webgl: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves both examples on ports of their own, named on the page', async () => {
    assert.deepEqual(
      server.examples.map((example) => example.name),
      EXAMPLE_APPS.map((example) => example.name),
    );
    const ports = new Set([server.url, server.mcpUrl, server.sandboxUrl, ...server.examples.map((example) => example.url)].map((url) => new URL(url).port));
    assert.equal(ports.size, 5);
    const html = await (await fetch(server.url)).text();
    assert.doesNotMatch(html, /%(HEATMAP|THREEJS)_URL%/);
    for (const { name, url } of server.examples) assert.ok(html.includes(`<agent-chat-mcp-server name="${name}" url="${url}">`), name);
  });

  it('draws the heat map and the three.js scene in their cards, without an error', async () => {
    const { page, problems } = await openPage(browser, server.url);
    try {
      const chat = '#chat';
      assert.equal(await page.locator(chat).getAttribute('sandbox-url'), server.sandboxUrl);
      const calls = (name) => server.examples.find((example) => example.name === name).calls;
      const frames = page.locator(`${chat} agent-chat-app-frame iframe`);
      /** The app inside the proxy frame of the `index`th app card. */
      const app = (index) => page.frameLocator(`${chat} agent-chat-app-frame iframe >> nth=${index}`).frameLocator('iframe');

      const heatmapEnd = await chatTurn(page, 'Show me a cohort heatmap', chat);
      assert.equal(heatmapEnd.status ?? 'done', 'done');
      await frames.first().waitFor({ timeout: TIMEOUT });
      assert.equal(await frames.first().getAttribute('src'), server.sandboxUrl, 'the app runs behind the sandbox proxy');
      const cells = app(0).locator('[class*="_cell_"]');
      await waitFor(async () => (await cells.count()) === 78, { timeout: TIMEOUT, message: '78 cells (12 cohorts, each one month shorter)' });
      const values = await cells.allTextContents();
      assert.ok(
        values.every((text) => /^\d+$/.test(text.trim())),
        `every cell a percentage: ${values.slice(0, 5)}`,
      );
      await assertDrawn(page, app(0).locator('[class*="_heatmapGrid_"]'), { colours: 6, what: 'the heat map' });
      assert.ok(calls('heatmap')[HEATMAP_TOOL] >= 1, 'the widget called the heat map server');
      await page.locator(`${chat} [part~="assistant-message"]`, { hasText: '12 cohorts' }).first().waitFor({ timeout: TIMEOUT });

      await chatTurn(page, 'Now a 3D cube, please', chat);
      await waitFor(async () => (await frames.count()) === 2, { timeout: TIMEOUT, message: 'a second app card' });
      const canvas = app(1).locator('canvas#threejs-canvas');
      await canvas.waitFor({ timeout: TIMEOUT });
      await waitFor(() => assertDrawn(page, canvas, { colours: 3, share: 0.99, what: 'the scene' }).catch(() => undefined), {
        timeout: TIMEOUT,
        message: 'the scene drawn (WebGL)',
      });
      assert.equal(calls('threejs')[THREEJS_TOOL], 1, 'the widget called the three.js server');
      await page.locator(`${chat} [part~="assistant-message"]`, { hasText: 'The scene is up' }).first().waitFor({ timeout: TIMEOUT });

      assert.deepEqual(problems, [], 'no error in the page or its frames');
    } finally {
      await page.close();
    }
  });

  it('on the AI SDK backend too', async () => {
    const { page, problems } = await openPage(browser, `${server.url}?protocol=ai-sdk`);
    try {
      const chat = '#chat';
      await page.locator(`agent-chat${chat}[protocol="ai-sdk"]`).waitFor({ state: 'attached' });
      await chatTurn(page, 'a retention chart', chat);
      const cells = page.frameLocator(`${chat} agent-chat-app-frame iframe`).frameLocator('iframe').locator('[class*="_cell_"]');
      await waitFor(async () => (await cells.count()) === 78, { timeout: TIMEOUT, message: 'the heat map' });
      await page.locator(`${chat} [part~="assistant-message"]`, { hasText: '12 cohorts' }).first().waitFor({ timeout: TIMEOUT });
      assert.deepEqual(problems, [], 'no error in the page or its frames');
    } finally {
      await page.close();
    }
  });
});
