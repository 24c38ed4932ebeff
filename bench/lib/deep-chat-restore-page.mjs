/**
 * The restore bench's page for Deep Chat 2.4.2: the same conversation given to `<deep-chat>` as
 * its `history` (2.4.2 has `history` and `loadHistory`, no `initialMessages`), measured from
 * navigation start the way the restore bench measures <agent-chat>. The messages are in the page
 * itself (a JSON script element, parsed by the page's module script), so the page needs no storage
 * or request to have them. A probe in <head>, running before the bundle, polls with
 * requestAnimationFrame for:
 * - `inDom`: the last reply's closing **bold** mark is a <strong> in Deep Chat's shadow DOM
 *   (remarkable rendered it), with every message of the history in the DOM; `nextFrame`: the
 *   frame after (the one that laid the messages out and drew them has ended);
 * - `usable`: that mark also inside the visible part of the message list, the list scrolled to its end
 *   (what the restore bench asks of <agent-chat>).
 * Deep Chat draws every message of its history (its `maxVisibleMessages` is 4,000 by default), as
 * markdown through remarkable. Replies carry their text parts only (Deep Chat has no tool cards).
 * The element gets a `connect` as a real page's would: without one, Deep Chat adds a message of its
 * own ("Connect to any API…") before the history, so 2,000 stored messages show as 2,001.
 */

/** The export's path as Deep Chat history: `{ role: 'user' | 'ai', text }`, a reply's text parts joined by a blank line. */
export function deepChatHistory(exported) {
  return exported.data.nodes.map(({ turn }) =>
    turn.role === 'user'
      ? { role: 'user', text: turn.text }
      : {
          role: 'ai',
          text: turn.parts
            .filter((part) => part.kind === 'text')
            .map((part) => part.text)
            .join('\n\n'),
        },
  );
}

/** Runs in the page's <head> before the bundle (serialised with Function.prototype.toString). */
function probeScript({ lastMark, messages }) {
  const probe = { marks: {}, longTasks: [] };
  window.restoreProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  customElements.whenDefined('deep-chat').then(() => (probe.marks.defined = performance.now()));

  function state() {
    const root = document.querySelector('deep-chat')?.shadowRoot;
    const log = root?.getElementById('messages');
    if (!log) return undefined;
    const count = root.querySelectorAll('.user-message-text, .ai-message-text').length;
    const replies = root.querySelectorAll('.ai-message-text');
    const mark = [...(replies[replies.length - 1]?.querySelectorAll('strong') ?? [])].find((node) => node.textContent === lastMark);
    if (!mark || count < messages) return { count };
    const box = mark.getBoundingClientRect();
    const view = log.getBoundingClientRect();
    const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 2;
    const inView = box.height > 0 && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
    return { count, inDom: true, usable: atEnd && inView };
  }

  const GIVE_UP_MS = 60_000;
  function poll() {
    const now = performance.now();
    const seen = state();
    if (seen?.inDom && probe.marks.inDom === undefined) {
      probe.marks.inDom = now;
      probe.messagesAtInDom = seen.count;
      // The frame being prepared now is the first to draw it; note when the one after begins.
      requestAnimationFrame(() => (probe.marks.nextFrame = performance.now()));
    }
    if (seen?.usable) probe.marks.usable = now;
    if ((probe.marks.usable !== undefined && probe.marks.nextFrame !== undefined) || now > GIVE_UP_MS) {
      probe.messages = seen?.count ?? 0;
      probe.done = true;
      return;
    }
    requestAnimationFrame(poll);
  }
  requestAnimationFrame(poll);
}

/** Runs as the page's module script: the element with its history, sized like <agent-chat>. */
function mountScript({ viewport }) {
  const history = JSON.parse(document.getElementById('history').textContent);
  window.restoreProbe.marks.historyParsed = performance.now();
  const element = document.createElement('deep-chat');
  element.chatStyle = { width: `${viewport.width}px`, height: `${viewport.height}px`, border: 'none', borderRadius: '0' };
  element.history = history;
  // A backend, as a real page has (without one Deep Chat shows a set-up message first); not called here.
  element.connect = { url: '/agent/ag-ui', stream: { partialRender: true } };
  document.body.append(element);
}

/** @param bundle the URL the server gives Deep Chat's bundle (DEEP_CHAT_BUNDLE of deep-chat-page.mjs); @param history from deepChatHistory(). */
export function deepChatRestorePage({ viewport, bundle, history, lastMark }) {
  const json = JSON.stringify(history).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Deep Chat restore bench</title>
<style>
  html, body { margin: 0; height: 100%; }
  deep-chat { display: block; }
</style>
<script>(${probeScript.toString()})(${JSON.stringify({ lastMark, messages: history.length })});</script>
</head>
<body>
<script type="application/json" id="history">${json}</script>
<script type="module">
import '${bundle}';
(${mountScript.toString()})(${JSON.stringify({ viewport })});
</script>
</body>
</html>
`;
}
