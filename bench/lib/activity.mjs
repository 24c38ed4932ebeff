/**
 * The subagent-activity bench's pieces: the AG-UI events of one reply in which a lead agent
 * delegates to a subagent that starts a subagent that starts a third (three deep), and the three
 * make `calls` tool calls between them; a local server that streams those events (like
 * agui-server.mjs, but any event list); and the bench page, whose transport timestamps every
 * `MARK_EVERY`-th subagent call result as it reaches the element.
 *
 * The page's marks are named `bench-delta-N` (N = subagent call results so far) so that
 * trace.mjs's busyPerDeltaMark reads them as it reads the stream bench's text-delta marks.
 * `taskCpuTimes` adds what trace.mjs leaves out: each long task's CPU time (the trace's `tdur`),
 * which tells a task that worked 50 ms from one that was descheduled on a busy machine.
 */
import { startBenchServer } from './agui-server.mjs';

/** Marks every this many subagent call results (and the first). */
export const MARK_EVERY = 32;

/** The three levels: A (the lead's delegate), B (started by A), C (started by B). */
export const LEVELS = [
  { id: 'sub-a', name: 'researcher', tools: ['web_search', 'read_page', 'take_notes'] },
  { id: 'sub-b', name: 'fact-checker', tools: ['lookup_source', 'compare_claims'] },
  { id: 'sub-c', name: 'statistician', tools: ['query_dataset', 'fit_trend', 'summarize'] },
];

export const LEAD_TEXT = ['Let me hand this to a research team ', 'and collect what they find.'];
export const FINAL_TEXT = ['The team checked **256** sources. ', 'Summary: the trend holds, ', 'with two caveats noted above.'];

/** A small HTML table: the result of every `htmlEvery`-th call (the rich-result path). */
function tableResult(n) {
  const rows = Array.from({ length: 4 }, (_, r) => `<tr><td>series ${r + 1}</td><td>${(n * 7 + r * 13) % 97}</td><td>${((n + r) % 9) / 10 + 0.1}</td></tr>`).join('');
  return `<table><caption>Call ${n}</caption><thead><tr><th>series</th><th>count</th><th>share</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A short markdown result. */
function markdownResult(n, tool) {
  return `**${tool}** #${n}: found ${((n * 31) % 17) + 1} items — see [source ${n}](https://example.org/s/${n}).\n\n- first point of ${n}\n- second point, \`code ${n}\``;
}

/** Which level makes the n-th call (0-based): round robin, so every level keeps growing. */
export const levelOf = (n) => n % LEVELS.length;

/**
 * The whole reply, in order: lead text; the lead's `delegate` call d1; A starts (parentToolCallId
 * d1) and makes its first call, B starts under A and makes its first call, C starts under B; then
 * the calls round robin across A, B, C, each START, ARGS (small JSON), END, RESULT (markdown, or
 * every `htmlEvery`-th an HTML table); C, B, A finish; d1's result; the lead's final text.
 */
export function activityEvents({ threadId, runId, calls = 256, htmlEvery = 32 }) {
  const events = [{ type: 'RUN_STARTED', threadId, runId }];
  const text = (messageId, deltas) => [
    { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
    ...deltas.map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta })),
    { type: 'TEXT_MESSAGE_END', messageId },
  ];
  events.push(...text('lead-1', LEAD_TEXT));
  events.push(
    { type: 'TOOL_CALL_START', toolCallId: 'd1', toolCallName: 'delegate', parentMessageId: 'lead-1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'd1', delta: JSON.stringify({ agent: 'researcher', task: 'Check the trend in the 2025 figures' }) },
    { type: 'TOOL_CALL_END', toolCallId: 'd1' },
  );
  const started = [
    { type: 'SUBAGENT_STARTED', subagentRunId: LEVELS[0].id, name: LEVELS[0].name, parentToolCallId: 'd1' },
    { type: 'SUBAGENT_STARTED', subagentRunId: LEVELS[1].id, name: LEVELS[1].name, parentSubagentRunId: LEVELS[0].id },
    { type: 'SUBAGENT_STARTED', subagentRunId: LEVELS[2].id, name: LEVELS[2].name, parentSubagentRunId: LEVELS[1].id },
  ];
  const call = (n) => {
    const level = LEVELS[levelOf(n)];
    const tool = level.tools[Math.floor(n / LEVELS.length) % level.tools.length];
    const toolCallId = `${level.id}-call-${n + 1}`;
    const sub = { subagentRunId: level.id };
    const content = (n + 1) % htmlEvery === 0 ? tableResult(n + 1) : markdownResult(n + 1, tool);
    return [
      { type: 'TOOL_CALL_START', toolCallId, toolCallName: tool, ...sub },
      { type: 'TOOL_CALL_ARGS', toolCallId, delta: JSON.stringify({ query: `item ${n + 1}`, limit: 5, page: (n % 3) + 1 }), ...sub },
      { type: 'TOOL_CALL_END', toolCallId, ...sub },
      { type: 'TOOL_CALL_RESULT', messageId: `${toolCallId}-result`, toolCallId, content, role: 'tool', ...sub },
    ];
  };
  for (let n = 0; n < calls; n++) {
    // Each level starts just before its first call.
    if (n < LEVELS.length) events.push(started[n]);
    events.push(...call(n));
  }
  for (const level of [...LEVELS].reverse()) events.push({ type: 'SUBAGENT_FINISHED', subagentRunId: level.id });
  events.push({ type: 'TOOL_CALL_RESULT', messageId: 'd1-result', toolCallId: 'd1', content: 'The research team finished: 256 calls, see above.', role: 'tool' });
  events.push(...text('lead-2', FINAL_TEXT));
  events.push({ type: 'RUN_FINISHED', threadId, runId });
  return events;
}

/**
 * The renderer main thread's top-level tasks inside the bench-start/bench-end window (as trace.mjs
 * finds them), with wall and CPU (thread) time: { tasks: [{ atMs, wallMs, cpuMs }] longest first,
 * maxCpuMs, overCpu: tasks whose CPU time alone is over `longTaskMs` }.
 */
export function taskCpuTimes(buffer, { longTaskMs = 50, keep = 3 } = {}) {
  const json = JSON.parse(buffer.toString('utf8'));
  const events = Array.isArray(json) ? json : json.traceEvents;
  const stamps = events.filter((e) => e.name === 'TimeStamp' && /^bench-(start|end)$/.test(e.args?.data?.message ?? ''));
  const start = stamps.find((e) => e.args.data.message === 'bench-start');
  const end = stamps.findLast((e) => e.args.data.message === 'bench-end');
  if (!start || !end) throw new Error('trace: the bench-start/bench-end marks are missing');
  const candidates = events
    .filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask'))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  let lastEnd = -Infinity;
  for (const e of candidates) {
    if (e.ts < lastEnd) continue;
    lastEnd = e.ts + e.dur;
    if (e.ts + e.dur <= start.ts || e.ts >= end.ts) continue;
    tasks.push({ atMs: (e.ts - start.ts) / 1000, wallMs: e.dur / 1000, cpuMs: (e.tdur ?? NaN) / 1000 });
  }
  return {
    tasks: [...tasks].sort((a, b) => b.wallMs - a.wallMs).slice(0, keep),
    maxCpuMs: Math.max(0, ...tasks.map((t) => t.cpuMs).filter(Number.isFinite)),
    overCpu: tasks.filter((t) => t.cpuMs > longTaskMs).length,
  };
}

/**
 * Starts the server (the stream bench's, `agui-server.mjs`): the bench page at /, `distDir` under
 * /dist/, and POST /agent streaming `events({ threadId, runId })` as SSE. Resolves to
 * { url, close, lastStream }.
 */
export function startActivityServer({ page, distDir, events, pace }) {
  return startBenchServer({ page, distDir, events, pace });
}

/** Runs in the page (serialised with Function.prototype.toString), so it must be self-contained. */
function benchScript(AgUiTransport, markEvery) {
  const element = document.querySelector('agent-chat');
  const inner = new AgUiTransport({ endpoint: element.getAttribute('endpoint') });
  let results = 0;
  let marks = [];

  element.transport = {
    run(request, options) {
      return (async function* timestamped() {
        for await (const event of inner.run(request, options)) {
          if (event.type === 'tool-call-result' && event.subagentRunId) {
            results++;
            if (results === 1 || results % markEvery === 0) {
              marks.push({ calls: results, at: performance.now() });
              console.timeStamp(`bench-delta-${results}`);
            }
          }
          yield event;
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

  /** Activity blocks and their cards, through every nested shadow root. */
  function renderedActivity() {
    const messages = element.shadowRoot.querySelectorAll('agent-chat-message');
    const reply = messages[messages.length - 1];
    const root = reply?.shadowRoot;
    const blocks = [];
    const walk = (scope, depth) => {
      for (const activity of scope.querySelectorAll('agent-chat-activity')) {
        const cards = [...activity.shadowRoot.querySelectorAll('agent-chat-tool-card')];
        blocks.push({
          label: activity.shadowRoot.querySelector('.label')?.textContent ?? '',
          depth,
          // Under the lead's delegating card (its parent in the message's root is the reply's div).
          underLeadCall: depth === 1 ? activity.previousElementSibling?.localName === 'agent-chat-tool-card' : undefined,
          cards: cards.length,
          visibleCards: cards.filter((card) => card.checkVisibility() && card.getBoundingClientRect().height > 0).length,
          richResults: activity.shadowRoot.querySelectorAll('agent-chat-rich-result').length,
        });
        walk(activity.shadowRoot, depth + 1);
      }
    };
    if (root) walk(root, 1);
    const more = root?.querySelector('[part~="activity-more"]');
    const log = element.shadowRoot.querySelector('[role="log"]');
    return {
      blocks,
      leadCards: root ? root.querySelectorAll('agent-chat-tool-card').length : 0,
      moreLine: more ? more.textContent.trim() : root?.textContent.includes('more calls not shown') ? 'more calls not shown' : '',
      stuckToBottom: log ? log.scrollHeight - log.scrollTop - log.clientHeight < 2 : false,
    };
  }

  // As in the stream bench: a second of idle time before the message is sent.
  const SETTLE_MS = 1000;
  const settled = () => new Promise((resolve) => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 1000 }), SETTLE_MS));

  async function run(text) {
    results = 0;
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
      results,
      marks,
      longTasks: longTasks.stop().filter((task) => task.start + task.duration > start && task.start < drawn),
      ...renderedActivity(),
    };
  }

  /** All activity tool cards, through every nested shadow root. */
  function activityCards() {
    const messages = element.shadowRoot.querySelectorAll('agent-chat-message');
    const cards = [];
    const walk = (scope) => {
      for (const activity of scope.querySelectorAll('agent-chat-activity')) {
        cards.push(...activity.shadowRoot.querySelectorAll('agent-chat-tool-card'));
        walk(activity.shadowRoot);
      }
    };
    const root = messages[messages.length - 1]?.shadowRoot;
    if (root) walk(root);
    return cards;
  }

  /**
   * After the reply (outside the measured window): opens the cards whose result is HTML (they
   * start closed, so the rich-result path has not run yet) and waits until each shows its table.
   */
  async function openRichResults() {
    const cards = activityCards().filter((card) => typeof card.call?.result === 'string' && card.call.result.trimStart().startsWith('<'));
    const table = (card) => {
      const box = card.shadowRoot.querySelector('agent-chat-rich-result')?.shadowRoot?.querySelector('.html');
      return (box?.shadowRoot ?? box)?.querySelector('table');
    };
    const tables = () => cards.filter(table).length;
    const start = performance.now();
    for (const card of cards) card.shadowRoot.querySelector('button.header').click();
    while (tables() < cards.length && performance.now() - start < 5000) await nextFrame();
    return { htmlCards: cards.length, tablesShown: tables(), ms: performance.now() - start };
  }

  window.bench = { run, openRichResults, ready: true };
}

export function activityBenchPage({ viewport }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>agent-chat activity bench</title>
<style>
  html, body { margin: 0; height: 100%; }
  agent-chat { display: block; width: ${viewport.width}px; height: ${viewport.height}px; }
</style>
</head>
<body>
<agent-chat endpoint="/agent" heading="Activity bench"></agent-chat>
<script type="module">
import { AgUiTransport } from '/dist/agent-chat.js';
await customElements.whenDefined('agent-chat');
(${benchScript.toString()})(AgUiTransport, ${MARK_EVERY});
</script>
</body>
</html>
`;
}
