/** Shared pieces of the `protocol="ai-sdk"` end-to-end tests: the set-up, the page, what to read off it. */
import assert from 'node:assert/strict';
import { after, afterEach, before } from 'node:test';
import { startAiSdkServer } from '../servers/ai-sdk-server.mjs';
import { launchChromium, openPage } from './browser.mjs';
import { distBuilt, startPageServer } from './mcp-fixtures.mjs';

/**
 * Hooks of a suite against the real AI SDK test server: the server, a page server, Chromium, and
 * after each test the check that the SDK accepted every history the widget sent. `open(attributes,
 * children)` opens the chat page; `ai` is the server (its `requests`, `invalid`).
 */
export function aiSdkSuite() {
  const suite = { ai: undefined, pages: undefined, browser: undefined };
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    suite.ai = await startAiSdkServer();
    suite.pages = await startPageServer(async (_input, res) => res.end());
    suite.browser = await launchChromium();
  });
  afterEach(() => assert.deepEqual(suite.ai.invalid, [], 'the SDK accepted every history the widget sent'));
  after(async () => {
    await suite.browser?.close();
    await suite.ai?.close();
    await suite.pages?.close();
  });
  suite.open = async (attributes = '', children = '') => {
    suite.pages.setPage(aiSdkPage(suite.ai.endpoint, attributes, children));
    const opened = await openPage(suite.browser, suite.pages.url);
    await opened.page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    return opened;
  };
  return suite;
}

/** The chat against an AI SDK endpoint on another origin, the ES build, a storage key of its own. */
export function aiSdkPage(endpoint, attributes = '', children = '') {
  const storage = /storage(-key)?=/.test(attributes) ? '' : 'storage="none"';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AI SDK e2e</title></head><body>
  <agent-chat endpoint="${endpoint}" protocol="ai-sdk" ${storage} ${attributes} style="height: 900px; display: block">${children}</agent-chat>
  <script type="module" src="/dist/agent-chat.js"></script>
</body></html>`;
}

/** The last reply's message element. */
export const lastReply = (page) => page.locator('agent-chat [part~="assistant-message"]').last();

/** The turns the chat shows (with each reply's UIMessage under `wire`). */
export const turns = (page) => page.evaluate(() => document.querySelector('agent-chat').getTurns());

/** Resolves with the next response-end detail of the chat. */
export const nextResponseEnd = (page) =>
  page.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })));

/** The text of an element with everything in the shadow roots under it. */
export const deepText = (locator) =>
  locator.evaluate((root) => {
    const walk = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent;
      const children = [...(node.shadowRoot?.childNodes ?? []), ...node.childNodes];
      return children.map(walk).join(' ');
    };
    return walk(root).replace(/\s+/g, ' ').trim();
  });
