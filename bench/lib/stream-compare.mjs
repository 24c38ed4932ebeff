/**
 * The stream bench's summary when it measures several subjects in one invocation (builds,
 * protocols, Deep Chat): one line each with the same measures, taken the same way for all
 * (wall time send → two frames after the reply ended, CDP busy time, long tasks from the page's
 * PerformanceObserver — the trace is left out here since Deep Chat is never traced), then the
 * ratios the goals are written in.
 */
import { fmt, median, range } from './stats.mjs';
import { formatTable } from './sizes.mjs';

export const COMPARE_GOALS = { deepChatRatio: 0.035, longTaskMs: 50, aiSdkRatio: 1.3 };

/** The longest task the page observed in a run, and when it began (ms after send). */
export function observedLongest(run) {
  const tasks = run.observedLongTasks;
  if (!tasks.length) return { ms: 0, atMs: undefined };
  const longest = tasks.reduce((a, b) => (b.duration > a.duration ? b : a));
  return { ms: longest.duration, atMs: longest.start - run.startAt };
}

const over = (run, ms) => run.observedLongTasks.filter((task) => task.duration > ms).length;

function cell(values, digits = 0) {
  const { min, max } = range(values);
  return `${fmt(median(values), digits)} (${fmt(min, digits)}–${fmt(max, digits)})`;
}

/**
 * Traced subjects only: main-thread CPU (thread time, not wall) and the most CPU one task took,
 * with when that task began — steadier than wall times when other work shares the cores.
 */
export function cpuTable(subjects) {
  const traced = subjects.filter((subject) => subject.runs.length && subject.runs.every((run) => run.trace));
  if (!traced.length) return [];
  const rows = [['subject (traced)', 'main-thread CPU ms', 'most CPU in one task ms', 'its start, ms after send', 'longest task (wall) ms', 'tasks > 50 ms (wall)']];
  for (const subject of traced) {
    const heaviest = subject.runs.map((run) => run.trace.longest.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a), { cpuMs: 0, atMs: NaN }));
    rows.push([
      subject.label,
      cell(subject.runs.map((run) => run.trace.cpuMs)),
      cell(
        subject.runs.map((run) => run.trace.longestCpuMs),
        1,
      ),
      heaviest.map((task) => fmt(task.atMs)).join(', '),
      cell(
        subject.runs.map((run) => run.trace.longestMs),
        1,
      ),
      cell(subject.runs.map((run) => run.trace.over50)),
    ]);
  }
  return formatTable(rows, ['l', 'r', 'r', 'l', 'r', 'r']);
}

/** One line per subject: medians and ranges of what every subject is measured by. */
export function summaryTable(subjects) {
  const rows = [
    ['subject', 'runs', 'wall ms', 'busy ms', 'longest task ms', 'its start, ms after send', 'tasks > 50 ms', 'runs with none > 50 ms', 'wall per 1,000 deltas, end/start'],
  ];
  for (const subject of subjects) {
    const runs = subject.runs;
    if (!runs.length) continue;
    const longest = runs.map(observedLongest);
    const starts = longest.map((task) => task.atMs).filter((at) => at !== undefined);
    rows.push([
      subject.label,
      String(runs.length),
      cell(runs.map((run) => run.wallMs)),
      fmt(median(runs.map((run) => run.busyMs))),
      cell(
        longest.map((task) => task.ms),
        1,
      ),
      starts.length ? starts.map((at) => fmt(at)).join(', ') : '–',
      cell(runs.map((run) => over(run, COMPARE_GOALS.longTaskMs))),
      `${runs.filter((run) => over(run, COMPARE_GOALS.longTaskMs) === 0).length} of ${runs.length}`,
      cell(
        runs.map((run) => run.wallPerThousand.ratio),
        2,
      ),
    ]);
  }
  return formatTable(rows, ['l', 'r', 'r', 'r', 'r', 'l', 'r', 'r', 'r']);
}

/** The first run of each subject, right after the browser started (not in the medians). */
export function warmUpLines(subjects) {
  return subjects
    .filter((subject) => subject.warmUp)
    .map((subject) => {
      const run = subject.warmUp;
      const longest = observedLongest(run);
      const at = longest.atMs === undefined ? '' : ` at +${fmt(longest.atMs)} ms`;
      return `  ${subject.label}: wall ${fmt(run.wallMs)} ms, longest task ${fmt(longest.ms, 1)} ms${at}, ${over(run, COMPARE_GOALS.longTaskMs)} over 50 ms`;
    });
}

/** a ÷ b on medians, with the widest and narrowest ratio the ranges allow. */
function ratio(a, b) {
  const wa = a.runs.map((run) => run.wallMs);
  const wb = b.runs.map((run) => run.wallMs);
  const mid = median(wa) / median(wb);
  return { mid, min: range(wa).min / range(wb).max, max: range(wa).max / range(wb).min };
}

const verdict = (value, goal) => (value <= goal ? 'met' : 'MISSED');

/** The goals' ratios: each of our subjects ÷ Deep Chat, AI SDK ÷ AG-UI per build; long tasks in every run. */
export function ratioLines(subjects) {
  const lines = [];
  const deepChat = subjects.find((subject) => subject.kind === 'deep-chat' && subject.runs.length);
  const ours = subjects.filter((subject) => subject.kind === 'agent-chat' && subject.runs.length);
  if (deepChat) {
    for (const subject of ours) {
      const r = ratio(subject, deepChat);
      const goal = subject.protocol === 'ag-ui' ? ` (goal ≤ ${COMPARE_GOALS.deepChatRatio}×: ${verdict(r.mid, COMPARE_GOALS.deepChatRatio)})` : '';
      lines.push(`${subject.label} ÷ ${deepChat.label}, wall: ${r.mid.toFixed(4)}× (${r.min.toFixed(4)}–${r.max.toFixed(4)})${goal}`);
    }
  }
  for (const build of [...new Set(ours.map((subject) => subject.build))]) {
    const agUi = ours.find((subject) => subject.build === build && subject.protocol === 'ag-ui');
    const aiSdk = ours.find((subject) => subject.build === build && subject.protocol === 'ai-sdk');
    if (!agUi || !aiSdk) continue;
    const r = ratio(aiSdk, agUi);
    lines.push(
      `${build}: AI SDK ÷ AG-UI, wall: ${r.mid.toFixed(2)}× (${r.min.toFixed(2)}–${r.max.toFixed(2)}) (goal ≤ ${COMPARE_GOALS.aiSdkRatio}×: ${verdict(r.mid, COMPARE_GOALS.aiSdkRatio)})`,
    );
  }
  for (const subject of ours) {
    const clean = subject.runs.filter((run) => over(run, COMPARE_GOALS.longTaskMs) === 0).length;
    const warm = subject.warmUp ? `; warm-up run: ${over(subject.warmUp, COMPARE_GOALS.longTaskMs)} over 50 ms` : '';
    lines.push(`${subject.label}: no task over ${COMPARE_GOALS.longTaskMs} ms in ${clean} of ${subject.runs.length} runs (goal: all)${warm}`);
  }
  return lines;
}
