/**
 * A reply that never ends its paragraph does not get slower as it grows (built bundle, Chromium):
 * 1 MB of markdown in one block, given to the markdown view in 250 growing pieces, as a stream
 * does. Each update (setting the text, then Lit's update) stays under a bound that a re-parse of
 * the whole text per update would break as the text grows.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchChromium } from '../e2e/browser.mjs';
import { chatPage, distBuilt, startPageServer } from '../e2e/mcp-fixtures.mjs';

const LIMIT_MS = 250;

describe('a 1 MB paragraph streams in bounded updates (built bundle)', () => {
  let server;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    server = await startPageServer(async (_input, res) => res.end(), { page: chatPage() });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it(`no update of the markdown view over ${LIMIT_MS} ms, and every line drawn as markdown`, async (t) => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => customElements.get('agent-chat-markdown') !== undefined, undefined, { timeout: 20_000 });
    // The renderer is a chunk of its own: the updates measured are its, not the plain-text stand-in's.
    await page.evaluate(async () => {
      const probe = document.createElement('agent-chat-markdown');
      probe.text = '**ready**';
      document.body.append(probe);
      const until = performance.now() + 20_000;
      while (!probe.querySelector('strong')) {
        if (performance.now() > until) throw new Error('the markdown renderer did not arrive in 20 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
        probe.requestUpdate();
      }
      probe.remove();
    });
    const result = await page.evaluate(async () => {
      const lines = Array.from({ length: 17_000 }, (_, i) => `Entry ${i + 1}: the **worker ${(i + 1) % 97}** read \`record-${i + 1}\` and went on.`);
      const source = lines.join('\n');
      const view = document.createElement('agent-chat-markdown');
      view.streaming = true;
      document.body.append(view);
      await view.updateComplete;
      const size = Math.ceil(source.length / 250);
      const updates = [];
      for (let end = size; end < source.length + size; end += size) {
        const started = performance.now();
        view.text = source.slice(0, Math.min(end, source.length));
        await view.updateComplete;
        updates.push(performance.now() - started);
      }
      view.streaming = false;
      await view.updateComplete;
      return {
        length: source.length,
        updates,
        strong: view.querySelectorAll('strong').length,
        code: view.querySelectorAll('code').length,
      };
    });
    const sorted = [...result.updates].sort((a, b) => b - a);
    t.diagnostic(`longest updates (ms): ${sorted.slice(0, 5).map(Math.round).join(', ')}; median ${Math.round(sorted[sorted.length >> 1])}`);
    assert.ok(result.length > 1_000_000);
    assert.equal(result.strong, 17_000);
    assert.equal(result.code, 17_000);
    assert.ok(sorted[0] < LIMIT_MS, `the longest update took ${Math.round(sorted[0])} ms`);
    await page.close();
  });
});
