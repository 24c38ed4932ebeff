/** Shared pieces of the `protocol="ai-sdk"` end-to-end tests: the page and what to read off it. */

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
  page.evaluate(
    () => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })),
  );

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
