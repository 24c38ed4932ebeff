/**
 * MCP Apps end to end, in Chromium: `<agent-chat>` (the built bundle) hosts the official "basic"
 * example apps written with React, Preact, Solid, Svelte and Vue
 * (@modelcontextprotocol/server-basic-*, unchanged from npm), in both sandbox modes. For each: the
 * model calls `get-time`, the app shows the server's time in its card, its "Get Server Time" button
 * makes a tools/call of its own that the chat's check allows and the server answers with a new time,
 * and neither the page nor any frame logs an error.
 *
 * Run: npm run build && node --test --test-concurrency=1 --test-reporter=spec test/e2e/mcp-examples-frameworks.test.mjs
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer as createPreactServer } from '@modelcontextprotocol/server-basic-preact';
import { createServer as createReactServer } from '@modelcontextprotocol/server-basic-react';
import { createServer as createSolidServer } from '@modelcontextprotocol/server-basic-solid';
import { createServer as createSvelteServer } from '@modelcontextprotocol/server-basic-svelte';
import { createServer as createVueServer } from '@modelcontextprotocol/server-basic-vue';
import { chatTurn, launchChromium } from './browser.mjs';
import { distBuilt, sleep, waitFor } from './mcp-fixtures.mjs';
import { MODES, appCalls, appDocument, assertAppInCard, assertQuiet, modeName, openChat, startExample, startSandboxOrigin, textMatching } from './mcp-examples.mjs';

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const EXAMPLES = [
  { name: 'react', createServer: createReactServer },
  { name: 'preact', createServer: createPreactServer },
  { name: 'solid', createServer: createSolidServer },
  { name: 'svelte', createServer: createSvelteServer },
  { name: 'vue', createServer: createVueServer },
];

describe('MCP Apps: the official basic examples in five frameworks', { timeout: 180_000 }, () => {
  let browser;
  let sandbox;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first (dist/agent-chat.js is missing)');
    [browser, sandbox] = await Promise.all([launchChromium(), startSandboxOrigin()]);
  });
  after(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  for (const { name, createServer } of EXAMPLES) {
    describe(`basic-${name}`, () => {
      let example;
      before(async () => {
        example = await startExample(sandbox, { name: `basic-${name}`, createServer, tool: 'get-time' });
      });
      after(() => example?.close());

      for (const mode of MODES) {
        it(`${modeName(mode)}: shows the server's time; Get Server Time calls the server through the chat's check`, async () => {
          example.mcp.resetCalls();
          const site = example.site(mode);
          const opened = await openChat(browser, site.url);
          const { page } = opened;
          try {
            const end = await chatTurn(page, 'What time is it?');
            assert.equal(end.status, 'done');
            assert.equal(example.mcp.calls['get-time'], 1, 'the widget ran the tool once for the model');
            assert.ok(
              site.requests[0].tools.some((tool) => tool.name === 'get-time'),
              'get-time is offered to the model',
            );

            const app = appDocument(page, mode);
            const time = app.locator('p', { hasText: 'Server Time:' }).locator('code');
            const first = await textMatching(time, ISO_TIME);
            await assertAppInCard(page, 'Get Time');

            await sleep(5); // the time has millisecond resolution
            await app.getByRole('button', { name: 'Get Server Time' }).click();
            await waitFor(() => example.mcp.calls['get-time'] === 2, { message: "the app's own get-time call at the server" });
            await waitFor(async () => (await time.textContent()).trim() !== first, { message: 'a new time in the app' });
            const second = await textMatching(time, ISO_TIME);
            assert.ok(Date.parse(second) >= Date.parse(first), `the new time (${second}) is not before the first (${first})`);
            assert.deepEqual(await page.evaluate(() => window.__checked), ['get-time'], "the chat's check saw the app's call");
            const [call, ...more] = await appCalls(page);
            assert.deepEqual(more, []);
            assert.equal(call.name, 'get-time');
            assert.equal(call.source, `basic-${name}`);
            assert.equal(call.allowed, true);

            assertQuiet(opened);
          } finally {
            await page.close();
          }
        });
      }
    });
  }
});
