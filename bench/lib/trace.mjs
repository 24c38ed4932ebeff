/**
 * Reads a Chromium trace (from browser.stopTracing()) for the renderer main thread: its top-level
 * tasks within a window marked by console.timeStamp(), the longest of them, and where the busy
 * time went (self time per event, grouped as DevTools groups it).
 */

/** Top-level task events, outermost first; any of them marks one main-thread task. */
const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/** DevTools-like grouping of self time. Names not listed count as "other". */
const GROUPS = [
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/],
  ['layout', /^(Layout|UpdateLayerTree|IntersectionObserverController::computeIntersections|ResizeObserver.*)$/],
  ['paint', /^(PrePaint|Paint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|Decode.*|Rasterize.*|RasterTask)$/],
  ['gc', /^(MinorGC|MajorGC|BlinkGC\..*|V8\.GC.*|.*GC.*Task|CppGC.*|ThreadState::.*)$/],
  ['parse HTML', /^ParseHTML$/],
  [
    'scripting',
    /^(FunctionCall|EvaluateScript|v8\..*|V8\..*|RunMicrotasks|TimerFire|FireAnimationFrame|FireIdleCallback|EventDispatch|XHRReadyStateChange|XHRLoad|ResourceReceivedData|Script.*|CpuProfiler.*)$/,
  ],
];

export function groupOf(name) {
  for (const [group, pattern] of GROUPS) if (pattern.test(name)) return group;
  return 'other';
}

function parseTrace(buffer) {
  const json = JSON.parse(buffer.toString('utf8'));
  return Array.isArray(json) ? json : json.traceEvents;
}

/** The thread holding the bench's start and end marks (the page's renderer main thread). */
function benchWindow(events) {
  const stamps = events.filter((e) => e.name === 'TimeStamp' && /^bench-(start|end)$/.test(e.args?.data?.message ?? ''));
  const start = stamps.find((e) => e.args.data.message === 'bench-start');
  const end = stamps.findLast((e) => e.args.data.message === 'bench-end');
  if (!start || !end) throw new Error('trace: the bench-start/bench-end marks are missing');
  return { pid: start.pid, tid: start.tid, start: start.ts, end: end.ts };
}

/** Complete ('X') events of one thread, with B/E pairs turned into complete events. */
function completeEvents(events, pid, tid) {
  const out = [];
  const open = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    if (e.ph === 'X' && typeof e.dur === 'number') out.push({ name: e.name, ts: e.ts, dur: e.dur, tdur: e.tdur, args: e.args });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const begin = open.pop();
      if (begin) out.push({ name: begin.name, ts: begin.ts, dur: e.ts - begin.ts, args: begin.args });
    }
  }
  return out.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/** Outermost task events that overlap the window (sorted by start; not clipped). */
function topLevelTasks(events, window) {
  const tasks = [];
  let lastEnd = -Infinity;
  for (const e of events) {
    if (!TASK_NAMES.has(e.name) || e.ts < lastEnd) continue;
    lastEnd = e.ts + e.dur;
    if (e.ts + e.dur <= window.start || e.ts >= window.end) continue;
    tasks.push(e);
  }
  return tasks;
}

/** Main-thread time (ms) spent in tasks between two trace timestamps (µs), tasks clipped to them. */
function busyBetween(tasks, from, to) {
  let us = 0;
  for (const t of tasks) us += Math.max(0, Math.min(t.ts + t.dur, to) - Math.max(t.ts, from));
  return us / 1000;
}

/** Main-thread busy time between the page's `bench-delta-N` marks (delta 1, 1000, 2000, …). */
function busyPerDeltaMark(events, window, tasks) {
  const marks = events
    .filter((e) => e.pid === window.pid && e.tid === window.tid && e.name === 'TimeStamp' && /^bench-delta-\d+$/.test(e.args?.data?.message ?? ''))
    .map((e) => ({ deltas: Number(e.args.data.message.slice('bench-delta-'.length)), ts: e.ts }))
    .sort((a, b) => a.ts - b.ts);
  return marks.slice(1).map((mark, i) => ({ toDeltas: mark.deltas, busyMs: busyBetween(tasks, marks[i].ts, mark.ts) }));
}

/** Self time (µs) per event name for events that start inside one of the (sorted) tasks. */
function selfTimes(events, tasks) {
  const byName = new Map();
  const addSelf = (node) => byName.set(node.name, (byName.get(node.name) ?? 0) + Math.max(0, node.dur - node.children));
  const stack = [];
  let taskIndex = 0;
  for (const e of events) {
    while (taskIndex < tasks.length && tasks[taskIndex].ts + tasks[taskIndex].dur <= e.ts) taskIndex++;
    const task = tasks[taskIndex];
    if (!task || e.ts < task.ts) continue;
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) addSelf(stack.pop());
    const parent = stack[stack.length - 1];
    if (parent) parent.children += Math.min(e.dur, parent.ts + parent.dur - e.ts);
    stack.push({ name: e.name, ts: e.ts, dur: e.dur, children: 0 });
  }
  stack.forEach(addSelf);
  return byName;
}

/** Per-task self-time groups, to say what a long task was busy with. */
function taskProfile(events, task) {
  const byName = selfTimes(
    events.filter((e) => e.ts >= task.ts && e.ts < task.ts + task.dur),
    [task],
  );
  return summarize(byName);
}

function summarize(byName) {
  const groups = {};
  for (const [name, us] of byName) groups[groupOf(name)] = (groups[groupOf(name)] ?? 0) + us / 1000;
  const top = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, us]) => ({ name, ms: us / 1000 }));
  return { groups, top };
}

/**
 * Analyses a trace buffer: { busyMs, taskCount, longestMs, over50, cpuMs, longestCpuMs (thread time
 * of the tasks that overlap the window, each whole), longest: [{ ms, cpuMs, atMs, profile }],
 * frames, profile: { groups: {scripting, style, layout, ...} (ms), top: [{name, ms}] } }.
 * `atMs` is relative to the bench-start mark.
 */
export function analyseTrace(buffer, { longTaskMs = 50, keepLongest = 3 } = {}) {
  const all = parseTrace(buffer);
  const window = benchWindow(all);
  const events = completeEvents(all, window.pid, window.tid);
  const tasks = topLevelTasks(events, window);
  const durations = tasks.map((t) => t.dur / 1000);
  const longest = [...tasks]
    .sort((a, b) => b.dur - a.dur)
    .slice(0, keepLongest)
    .map((task) => ({ ms: task.dur / 1000, cpuMs: (task.tdur ?? NaN) / 1000, atMs: (task.ts - window.start) / 1000, profile: taskProfile(events, task) }));
  // Thread time (`tdur`): what the tasks ran on a core, without the time the thread waited for one
  // (the steadier measure on a loaded machine). Tasks that overlap the window count whole.
  const cpu = tasks.map((t) => (t.tdur ?? NaN) / 1000);
  const frames = events.filter((e) => e.name === 'FireAnimationFrame' && e.ts >= window.start && e.ts < window.end).length;
  return {
    windowMs: (window.end - window.start) / 1000,
    busyMs: busyBetween(tasks, window.start, window.end),
    taskCount: tasks.length,
    longestMs: Math.max(0, ...durations),
    cpuMs: cpu.reduce((total, ms) => total + ms, 0),
    longestCpuMs: Math.max(0, ...cpu),
    over50: durations.filter((ms) => ms > longTaskMs).length,
    longest,
    frames,
    busyPerDeltaMark: busyPerDeltaMark(all, window, tasks),
    profile: summarize(selfTimes(events, tasks)),
  };
}
