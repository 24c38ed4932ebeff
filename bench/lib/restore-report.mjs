/**
 * The restore bench's tables (bench/restore.mjs): one size's figures against the goal, and the
 * summary of all sizes.
 */
import { fmt, median, range } from './stats.mjs';
import { formatTable } from './sizes.mjs';

/** The usable last screen's goal (ms after navigation start). */
const GOALS = { usableMs: 300 };

/** A table row: label, median, max, min–max, goal verdict. */
function row(label, values, { digits = 0, goal } = {}) {
  const mid = median(values);
  const { min, max } = range(values);
  const verdict = goal ? `${goal.text}: median ${goal.met(mid) ? 'met' : 'MISSED'}, ${values.filter(goal.met).length}/${values.length} runs` : '';
  return [label, fmt(mid, digits), fmt(max, digits), `${fmt(min, digits)}–${fmt(max, digits)}`, verdict];
}

export function resultTable(runs, messages) {
  const pick = (fn) => runs.map(fn);
  const count = messages.toLocaleString('en');
  return formatTable(
    [
      ['metric (ms unless noted)', 'median', 'max', 'range', 'goal'],
      row(
        'navigation start → usable last screen',
        pick((r) => r.usableMs),
        { goal: { text: `≤ ${GOALS.usableMs} ms`, met: (v) => v <= GOALS.usableMs } },
      ),
      row(
        '  → <agent-chat> defined',
        pick((r) => r.definedMs),
      ),
      row(
        '  → entry script agent-chat.js received',
        pick((r) => r.entryMs),
      ),
      row(
        '  → storage chunk (thread-keeper) received',
        pick((r) => r.keeperChunkMs),
      ),
      row(
        '  → last script needed received',
        pick((r) => r.lastScriptMs),
      ),
      row(
        '  → database open requested',
        pick((r) => r.dbOpenMs),
      ),
      row(
        '  → first read of nodes issued',
        pick((r) => r.readStartMs),
      ),
      row(
        '  → last read of nodes issued before usable answered',
        pick((r) => r.readEndMs),
      ),
      row(
        'node reads before usable (requests)',
        pick((r) => r.nodeRequestsBefore),
      ),
      row(
        'node records read before usable (count)',
        pick((r) => r.nodeRecordsBefore),
      ),
      row(
        `thread-change "open": all ${count} in memory`,
        pick((r) => r.threadChangeMs),
      ),
      row(
        '  node records read by then (count)',
        pick((r) => r.nodeRecordsAll),
      ),
      row(
        '  longest task, navigation → all in memory',
        pick((r) => r.longestToLoadedMs),
        { digits: 1, goal: { text: '≤ 100 ms', met: (v) => v <= 100 } },
      ),
      row(
        '  <agent-chat> defined (connected) → usable last screen',
        pick((r) => r.fromDefinedMs),
      ),
      row(
        '  → next frame begins',
        pick((r) => r.nextFrameMs),
      ),
      row(
        'agent-chat-message in the DOM then (count)',
        pick((r) => r.messages),
      ),
      row(
        '  … and 1 s later (count)',
        pick((r) => r.messagesLater),
      ),
      row(
        'longest task, navigation → usable (longtask)',
        pick((r) => r.longestTaskMs),
        { digits: 1 },
      ),
      row(
        'long tasks, navigation → usable (count)',
        pick((r) => r.longTasks),
      ),
      row(
        'openThread() in a running chat → usable last screen',
        pick((r) => r.reopenMs),
        { goal: { text: `≤ ${GOALS.usableMs} ms`, met: (v) => v <= GOALS.usableMs } },
      ),
      row(
        '  → all in memory (openThread resolved)',
        pick((r) => r.reopenLoadedMs),
      ),
      row(
        '  longest task in it, until both (longtask)',
        pick((r) => r.reopenLongestMs),
        { digits: 1 },
      ),
      row(
        'earlier-button click → 40 more turns drawn',
        pick((r) => r.earlierMs),
      ),
      row(
        '  longest task in it (longtask)',
        pick((r) => r.earlierLongestMs),
        { digits: 1 },
      ),
      row(
        `(setup) importThread() of the ${count} nodes`,
        pick((r) => r.importMs),
      ),
    ],
    ['l', 'r', 'r', 'r', 'l'],
  );
}

/** One line per size: what the issue asks (usable last screen, longest task), against the smallest size. */
export function summaryTable(bySize) {
  const base = median(bySize[0].runs.map((run) => run.usableMs));
  const cell = (runs, fn, digits = 0) => {
    const values = runs.map(fn);
    const { min, max } = range(values);
    return `${fmt(median(values), digits)} (${fmt(min, digits)}–${fmt(max, digits)})`;
  };
  return formatTable(
    [
      [
        'messages',
        'usable last screen',
        `÷ ${bySize[0].messages.toLocaleString('en')}`,
        'longest task to usable',
        'all in memory',
        'longest task to all in memory',
        'nodes read before usable',
        'openThread() → usable',
      ],
      ...bySize.map(({ messages, runs }) => [
        messages.toLocaleString('en'),
        cell(runs, (r) => r.usableMs),
        (median(runs.map((run) => run.usableMs)) / base).toFixed(2),
        cell(runs, (r) => r.longestTaskMs, 1),
        cell(runs, (r) => r.loadedMs),
        cell(runs, (r) => r.longestToLoadedMs, 1),
        fmt(median(runs.map((r) => r.nodeRecordsBefore))),
        cell(runs, (r) => r.reopenMs),
      ]),
    ],
    ['r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}
