/**
 * The stream bench's page for Deep Chat 2.4.2 (`<deep-chat>`, from the package's one-file ES
 * bundle), measured the way bench-page.mjs measures <agent-chat>: `window.bench.run(text)` waits
 * for the same idle second, submits the message, and resolves when the reply ended and two more
 * animation frames ran, with the same fields (start, responseEnd, drawn, status, replyText, deltas,
 * marks at deltas 1, 1,000 … 20,000, long tasks from PerformanceObserver, what is drawn).
 *
 * Deep Chat talks to the bench server through `connect.handler` with `stream` on, as its docs
 * describe a custom backend: the handler posts to the AG-UI endpoint, reads the SSE body, and
 * hands each TEXT_MESSAGE_CONTENT delta (or AI SDK `text-delta`) to `signals.onResponse({ text })`,
 * awaiting it (a delta handed over after `onClose()` is dropped by Deep Chat), then calls
 * `signals.onClose()`. Deep Chat renders a streamed text message through remarkable (markdown).
 * With `mode: 'partial'` (`stream: { partialRender: true }`, in 2.4.2's StreamConfig; the bench's
 * default) it renders the paragraph that grows, each finished one kept: 10–15 s for the bench's
 * reply. With `mode: 'full'` (`stream: true`, Deep Chat's own default) it renders the whole text
 * again on every delta, synchronously (the main thread is not free between deltas of a network
 * read): the cost per delta grows with the text, and the bench's reply takes many minutes.
 * Deep Chat asks fonts.googleapis.com for its Inter font; offline that request fails at once and
 * the system font is used.
 */

export const DEEP_CHAT_BUNDLE = 'node_modules/deep-chat/dist/deepChat.bundle.js';
export const DEEP_CHAT_MODES = ['partial', 'full'];

/** Runs in the page (serialised with Function.prototype.toString), so it must be self-contained. */
function deepChatScript({ endpoint, partialRender, viewport, settleMs }) {
  const MARK_EVERY = 1000;
  let deltas = 0;
  let marks = [];
  let closed;
  let runs = 0;

  /** Calls `onData` with the `data:` payload of each whole SSE frame in `text`; returns where the unread rest starts. */
  function frames(text, from, onData) {
    let at = from;
    for (let end = text.indexOf('\n\n', at); end !== -1; end = text.indexOf('\n\n', at)) {
      const data = text
        .slice(at, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      at = end + 2;
      if (data) onData(data);
    }
    return at;
  }

  /** Deep Chat's custom backend: stream the bench server's reply delta by delta into `signals`. */
  async function handler(body, signals) {
    let error;
    try {
      runs++;
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ threadId: 'deep-chat-bench', runId: `run-${runs}`, messages: body.messages ?? [] }),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      signals.onOpen();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const texts = [];
        const read = buffer + value;
        buffer = read.slice(
          frames(read, 0, (data) => {
            if (data === '[DONE]') return;
            const event = JSON.parse(data);
            if (event.type === 'TEXT_MESSAGE_CONTENT' || event.type === 'text-delta') texts.push(event.delta);
          }),
        );
        for (const text of texts) {
          deltas++;
          if (deltas === 1 || deltas % MARK_EVERY === 0) marks.push({ deltas, at: performance.now() });
          await signals.onResponse({ text });
        }
      }
    } catch (caught) {
      error = caught;
      await signals.onResponse({ error: String(caught) });
    }
    signals.onClose();
    closed?.({ at: performance.now(), error });
  }

  const element = document.createElement('deep-chat');
  element.connect = { stream: partialRender ? { partialRender: true } : true, handler };
  // Deep Chat sizes its chat from `chatStyle` (320×350 px by default).
  element.chatStyle = { width: `${viewport.width}px`, height: `${viewport.height}px`, border: 'none', borderRadius: '0' };
  const rendered = new Promise((resolve) => (element.onComponentRender = () => resolve()));
  document.body.append(element);

  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const settled = () => (settleMs > 0 ? new Promise((resolve) => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 1000 }), settleMs)) : Promise.resolve());

  function longTasksObserver() {
    const tasks = [];
    const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration }))));
    observer.observe({ type: 'longtask' });
    return { stop: () => (observer.disconnect(), tasks) };
  }

  function renderedReply() {
    const root = element.shadowRoot;
    const bubbles = root.querySelectorAll('.ai-message-text');
    const reply = bubbles[bubbles.length - 1];
    const log = root.getElementById('messages');
    return {
      renderedChars: reply?.textContent.length ?? 0,
      renderedNodes: reply?.querySelectorAll('*').length ?? 0,
      stuckToBottom: log ? log.scrollHeight - log.scrollTop - log.clientHeight < 2 : false,
      jumpButtonShown: false,
      errorShown: root.querySelector('.error-message-text') !== null,
    };
  }

  async function run(text) {
    deltas = 0;
    marks = [];
    await settled();
    await nextFrame();
    await nextFrame();
    const ended = new Promise((resolve) => (closed = resolve));
    const longTasks = longTasksObserver();
    const start = performance.now();
    element.submitUserMessage({ text });
    const end = await ended;
    await nextFrame();
    await nextFrame();
    const drawn = performance.now();
    const shown = renderedReply();
    const messages = element.getMessages();
    const last = messages[messages.length - 1];
    return {
      start,
      responseEnd: end.at,
      drawn,
      status: end.error || shown.errorShown ? `error: ${end.error ?? 'an error message is shown'}` : 'done',
      replyText: last?.role === 'ai' ? last.text : '',
      deltas,
      marks,
      longTasks: longTasks.stop().filter((task) => task.start + task.duration > start && task.start < drawn),
      ...shown,
    };
  }

  // submitUserMessage is set up a task after the first render.
  rendered.then(() => setTimeout(() => (window.bench = { run, ready: true })));
}

/**
 * @param endpoint the bench server's AG-UI endpoint (`/agent/ag-ui`).
 * @param bundle the URL the server gives DEEP_CHAT_BUNDLE.
 * @param mode `partial` (`stream: { partialRender: true }`) or `full` (`stream: true`).
 * @param settleMs as in bench-page.mjs: the wait before the message is sent.
 */
export function deepChatPage({ viewport, endpoint, bundle, mode = 'partial', settleMs = 1000 }) {
  if (!DEEP_CHAT_MODES.includes(mode)) throw new Error(`Deep Chat mode must be one of ${DEEP_CHAT_MODES.join(', ')}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Deep Chat stream bench</title>
<style>
  html, body { margin: 0; height: 100%; }
  deep-chat { display: block; }
</style>
</head>
<body>
<script type="module">
import '${bundle}';
await customElements.whenDefined('deep-chat');
(${deepChatScript.toString()})(${JSON.stringify({ endpoint, viewport, settleMs, partialRender: mode === 'partial' })});
</script>
</body>
</html>
`;
}
