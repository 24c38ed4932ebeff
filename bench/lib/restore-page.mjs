/**
 * The restore bench's page: the element from the built bundle, and a probe in its <head> (before
 * the bundle) that notes when the scripts arrive, the database opens and the thread's nodes are
 * read, and polls each frame for the usable last screen (bench/restore.mjs).
 */

/** Runs in the page's <head> before the bundle (serialised with Function.prototype.toString). */
function probeScript({ lastId, lastMark }) {
  const probe = { marks: {}, longTasks: [], storageErrors: [], idb: {}, nodeReads: [] };
  window.restoreProbe = probe;
  // For the breakdown only: when the database was asked to open, and when the read of the
  // thread's nodes (the threadId index) was issued and answered.
  const timed = (proto, name, label, when) => {
    const original = proto[name];
    proto[name] = function (...args) {
      const request = original.apply(this, args);
      if (when(this, args) && !probe.idb[label]) {
        const entry = (probe.idb[label] = { start: performance.now() });
        request.addEventListener('success', () => (entry.end = performance.now()));
      }
      return request;
    };
  };
  timed(IDBFactory.prototype, 'open', 'open', () => true);
  // Every read of the nodes store (or its index): when it was issued and answered, how many records.
  const counted = (proto, name, storeOf) => {
    const original = proto[name];
    proto[name] = function (...args) {
      const request = original.apply(this, args);
      if (storeOf(this).name === 'nodes') {
        const entry = { start: performance.now(), records: 0 };
        probe.nodeReads.push(entry);
        request.addEventListener('success', () => {
          entry.end = performance.now();
          const result = request.result;
          entry.records = Array.isArray(result) ? result.length : result === undefined || result === null ? 0 : 1;
        });
      }
      return request;
    };
  };
  for (const name of ['get', 'getAll', 'openCursor']) {
    counted(IDBObjectStore.prototype, name, (store) => store);
    counted(IDBIndex.prototype, name, (index) => index.objectStore);
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  customElements.whenDefined('agent-chat').then(() => (probe.marks.defined = performance.now()));
  // Fires once the thread is shown whole (its full tree in memory).
  document.addEventListener(
    'agent-chat-thread-change',
    (event) => {
      probe.marks.threadChange ??= performance.now();
      probe.threadChange ??= event.detail;
    },
    true,
  );
  document.addEventListener('agent-chat-storage-error', (event) => probe.storageErrors.push(event.detail), true);

  /** The last reply's markdown rendered and in view, the log at its end: the message count, else false. */
  function usable() {
    const root = document.querySelector('agent-chat')?.shadowRoot;
    if (!root) return false;
    const messages = root.querySelectorAll('agent-chat-message');
    const last = messages[messages.length - 1];
    if (!last || last.turn?.id !== lastId) return false;
    const mark = [...(last.shadowRoot?.querySelectorAll('agent-chat-markdown strong') ?? [])].find((node) => node.textContent === lastMark);
    if (!mark) return false;
    const log = root.querySelector('[role="log"]');
    if (log.scrollHeight - log.scrollTop - log.clientHeight >= 2) return false;
    const box = mark.getBoundingClientRect();
    const view = log.getBoundingClientRect();
    if (box.height === 0 || box.top < view.top - 1 || box.bottom > view.bottom + 1) return false;
    return messages.length;
  }

  function poll() {
    const count = usable();
    if (count === false) {
      requestAnimationFrame(poll);
      return;
    }
    probe.marks.usable = performance.now();
    probe.messagesAtUsable = count;
    // The frame being prepared now is the first to show it; note when the one after begins.
    requestAnimationFrame(() => {
      probe.marks.nextFrame = performance.now();
      probe.done = true;
    });
  }
  requestAnimationFrame(poll);

  /** With the widget running: a new thread, then `openThread(id)` (as from the thread list) until usable. */
  probe.reopen = async (id) => {
    const chat = document.querySelector('agent-chat');
    await chat.newThread();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tasks = probe.longTasks.length;
    const start = performance.now();
    let loaded;
    void chat.openThread(id).then(() => (loaded = performance.now()));
    return new Promise((resolve) => {
      let usableAt;
      const check = () => {
        if (usableAt === undefined && usable() !== false) usableAt = performance.now();
        // Until the screen is usable and the whole thread is loaded (openThread resolved).
        if (usableAt === undefined || loaded === undefined) return requestAnimationFrame(check);
        resolve({ ms: usableAt - start, loadedMs: loaded - start, longTasks: probe.longTasks.slice(tasks) });
      };
      requestAnimationFrame(check);
    });
  };

  /** One click on "Show N earlier messages": until 40 more turns are in the DOM, their markdown rendered. */
  probe.drawEarlier = () =>
    new Promise((resolve, reject) => {
      const root = document.querySelector('agent-chat').shadowRoot;
      const button = root.querySelector('[part="earlier-button"]');
      if (!button) return reject(new Error('no earlier-button'));
      const before = root.querySelectorAll('agent-chat-message').length;
      const buttonText = button.textContent.trim();
      const tasks = probe.longTasks.length;
      const start = performance.now();
      button.click();
      const check = () => {
        const messages = root.querySelectorAll('agent-chat-message');
        const first = messages[0];
        const firstMarkdown = first?.turn?.role === 'assistant' ? first.shadowRoot?.querySelector('agent-chat-markdown .md-blocks p') : first?.shadowRoot?.textContent;
        if (messages.length < before + 40 || !firstMarkdown) return requestAnimationFrame(check);
        const drawn = performance.now();
        requestAnimationFrame(() =>
          setTimeout(() => {
            const log = root.querySelector('[role="log"]');
            resolve({
              before,
              after: messages.length,
              buttonText,
              ms: drawn - start,
              stillAtEnd: log.scrollHeight - log.scrollTop - log.clientHeight < 2,
              longTasks: probe.longTasks.slice(tasks),
            });
          }),
        );
      };
      requestAnimationFrame(check);
    });
}

export function restorePage({ viewport, lastId, lastMark }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>agent-chat restore bench</title>
<style>
  html, body { margin: 0; height: 100%; }
  agent-chat { display: block; width: ${viewport.width}px; height: ${viewport.height}px; }
</style>
<script>(${probeScript.toString()})(${JSON.stringify({ lastId, lastMark })});</script>
</head>
<body>
<agent-chat endpoint="/agent" heading="Restore bench"></agent-chat>
<script type="module" src="/dist/agent-chat.js"></script>
</body>
</html>
`;
}
