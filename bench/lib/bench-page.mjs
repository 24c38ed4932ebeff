/**
 * The bench page: one full-viewport <agent-chat> from the built ES bundle, whose transport wraps
 * the real AgUiTransport (or AiSdkTransport) to timestamp every 1,000th text delta as it reaches the element.
 * `window.bench.run(text)` sends one message and resolves when the reply ended and its last
 * frame was drawn.
 */

/** Runs in the page (serialised with Function.prototype.toString), so it must be self-contained. */
function benchScript(Transport, { settleMs }) {
  const MARK_EVERY = 1000;
  const element = document.querySelector('agent-chat');
  const inner = new Transport({ endpoint: element.getAttribute('endpoint') });
  let deltas = 0;
  let marks = [];

  const mark = (event) => {
    if (event.type !== 'text-delta') return;
    deltas++;
    if (deltas === 1 || deltas % MARK_EVERY === 0) {
      marks.push({ deltas, at: performance.now() });
      console.timeStamp(`bench-delta-${deltas}`);
    }
  };
  // Both ways the element reads a transport: event by event (`run`), and a network read at a
  // time (`runBatches`, which the element prefers where the transport has it; builds before it
  // have neither the method nor the preference, and read `run`).
  element.transport = {
    run(request, options) {
      return (async function* timestamped() {
        for await (const event of inner.run(request, options)) {
          mark(event);
          yield event;
        }
      })();
    },
    runBatches(request, options) {
      const batches = inner.runBatches?.(request, options);
      if (!batches) return undefined;
      return (async function* timestampedBatches() {
        for await (const batch of batches) {
          batch.forEach(mark);
          yield batch;
        }
      })();
    },
  };

  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

  function longTasksObserver() {
    const tasks = [];
    const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration }))));
    observer.observe({ type: 'longtask' });
    return { stop: () => (observer.disconnect(), tasks) };
  }

  function renderedReply() {
    const messages = element.shadowRoot.querySelectorAll('agent-chat-message');
    const reply = messages[messages.length - 1];
    const markdown = reply?.shadowRoot?.querySelector('agent-chat-markdown');
    const log = element.shadowRoot.querySelector('[role="log"]');
    return {
      renderedChars: markdown?.textContent.length ?? 0,
      renderedNodes: markdown?.querySelectorAll('*').length ?? 0,
      stuckToBottom: log ? log.scrollHeight - log.scrollTop - log.clientHeight < 2 : false,
      jumpButtonShown: element.shadowRoot.querySelector('[part~="jump-button"]') !== null,
    };
  }

  // A person takes a moment to type: the page gets idle time first, as it would in use (the
  // element uses idle time to load and warm up its markdown renderer). With `settleMs` 0 the
  // message goes as soon as the element is defined (a page that sends on load).
  const settled = () => (settleMs > 0 ? new Promise((resolve) => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 1000 }), settleMs)) : Promise.resolve());

  async function run(text) {
    deltas = 0;
    marks = [];
    await settled();
    await nextFrame();
    await nextFrame();
    const ended = new Promise((resolve) =>
      element.addEventListener('agent-chat-response-end', (event) => resolve({ detail: event.detail, at: performance.now() }), { once: true }),
    );
    const longTasks = longTasksObserver();
    console.timeStamp('bench-start');
    const start = performance.now();
    if (!element.send(text)) throw new Error('send() returned false');
    const end = await ended;
    await nextFrame();
    await nextFrame();
    const drawn = performance.now();
    console.timeStamp('bench-end');
    return {
      start,
      responseEnd: end.at,
      drawn,
      status: end.detail.status,
      replyText: end.detail.text,
      deltas,
      marks,
      longTasks: longTasks.stop().filter((task) => task.start + task.duration > start && task.start < drawn),
      ...renderedReply(),
    };
  }

  window.bench = { run, ready: true };
}

/**
 * @param protocol `ag-ui` or `ai-sdk`: which of the element's real transports the page wraps.
 * @param endpoint where the element posts (the bench server's `/agent`, or `/agent/<protocol>`).
 * @param settleMs how long the page waits (then for an idle moment) before it sends; 0: at once.
 */
export function benchPage({ viewport, protocol = 'ag-ui', endpoint = '/agent', settleMs = 1000 }) {
  const transport = protocol === 'ai-sdk' ? 'AiSdkTransport' : 'AgUiTransport';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>agent-chat stream bench</title>
<style>
  html, body { margin: 0; height: 100%; }
  agent-chat { display: block; width: ${viewport.width}px; height: ${viewport.height}px; }
</style>
</head>
<body>
<agent-chat endpoint="${endpoint}" protocol="${protocol}" heading="Stream bench"></agent-chat>
<script type="module">
import { ${transport} } from '/dist/agent-chat.js';
await customElements.whenDefined('agent-chat');
(${benchScript.toString()})(${transport}, ${JSON.stringify({ settleMs })});
</script>
</body>
</html>
`;
}

/** Opens the bench page in `context` and waits until it is ready; `pageErrors` collects the page's errors and failed requests. */
export async function openBenchPage(context, url) {
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('response', (response) => response.status() >= 400 && pageErrors.push(`${response.status()} for ${response.url()}`));
  await page.goto(url);
  try {
    await page.waitForFunction(() => window.bench?.ready === true, undefined, { timeout: 15_000 });
  } catch (error) {
    throw new Error(`the bench page did not get ready (${pageErrors.join('; ') || error.message})`);
  }
  return { page, pageErrors };
}
