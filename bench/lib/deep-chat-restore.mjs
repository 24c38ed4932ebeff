/**
 * The restore bench's Deep Chat side: one run of the page of deep-chat-restore-page.mjs in a fresh
 * browser context, and the table that sets it beside <agent-chat>'s runs of the same size.
 */
import { fmt, median, range } from './stats.mjs';
import { formatTable } from './sizes.mjs';

export const RESTORE_GOALS = { deepChatRatio: 0.3, longestTaskMs: 100, largestOverSmallest: 1.5 };

/** Navigation → Deep Chat's last message in the DOM, the frame after, and → in view at the list's end; long tasks until that next frame. */
export async function runDeepChatRestore(browser, url, { viewport, messages }) {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} for ${response.url()}`));
    await page.goto(url);
    await page.waitForFunction(() => window.restoreProbe?.done === true, undefined, { timeout: 90_000, polling: 100 });
    const probe = await page.evaluate(() => {
      const { marks, longTasks, messages, messagesAtInDom } = window.restoreProbe;
      return { marks, longTasks, messages, messagesAtInDom };
    });
    if (probe.marks.inDom === undefined) problems.push(`the last message never showed its markdown (${probe.messages} of ${messages} messages in the DOM)`);
    if (probe.messages !== messages) problems.push(`${probe.messages} messages in the DOM, not ${messages}`);
    if (problems.length) throw new Error(`restore bench, Deep Chat: ${problems.join('; ')}`);
    const before = (at) => probe.longTasks.filter((task) => task.start < at);
    // The task that lays out and draws the messages began before the mark and ends before the next frame.
    const inDomTasks = before(probe.marks.nextFrame ?? probe.marks.inDom);
    return {
      inDomMs: probe.marks.inDom,
      drawnMs: probe.marks.nextFrame,
      usableMs: probe.marks.usable,
      definedMs: probe.marks.defined,
      historyParsedMs: probe.marks.historyParsed,
      longestTaskMs: Math.max(0, ...inDomTasks.map((task) => task.duration)),
      longTasks: inDomTasks.length,
      messages: probe.messages,
    };
  } finally {
    await context.close();
  }
}

function cell(values, digits = 0) {
  const defined = values.filter((value) => Number.isFinite(value));
  if (!defined.length) return 'never';
  const { min, max } = range(defined);
  const missing = values.length - defined.length;
  return `${fmt(median(defined), digits)} (${fmt(min, digits)}–${fmt(max, digits)})${missing ? `, ${missing} run(s) never` : ''}`;
}

/**
 * One line per size measured with Deep Chat: its times and longest task, ours, and ours ÷ Deep
 * Chat (our usable last screen over Deep Chat's last message in the DOM, the earlier of its two).
 */
export function deepChatRestoreTable(bySize) {
  const rows = [
    [
      'messages',
      'Deep Chat: last message in the DOM',
      'next frame begins',
      'in view, list at its end',
      'longest task to next frame',
      'ours: usable last screen',
      'ours ÷ Deep Chat',
      'our longest task to all in memory',
    ],
  ];
  for (const { messages, runs, deepChatRuns } of bySize) {
    if (!deepChatRuns?.length) continue;
    const ours = median(runs.map((run) => run.usableMs));
    const theirs = median(deepChatRuns.map((run) => run.inDomMs));
    const ratio = ours / theirs;
    rows.push([
      messages.toLocaleString('en'),
      cell(deepChatRuns.map((run) => run.inDomMs)),
      cell(deepChatRuns.map((run) => run.drawnMs ?? NaN)),
      cell(deepChatRuns.map((run) => run.usableMs ?? NaN)),
      cell(deepChatRuns.map((run) => run.longestTaskMs)),
      cell(runs.map((run) => run.usableMs)),
      `${ratio.toFixed(3)}× (goal ≤ ${RESTORE_GOALS.deepChatRatio}×: ${ratio <= RESTORE_GOALS.deepChatRatio ? 'met' : 'MISSED'})`,
      cell(runs.map((run) => run.longestToLoadedMs)),
    ]);
  }
  return rows.length > 1 ? formatTable(rows, ['r', 'r', 'r', 'r', 'r', 'r', 'l', 'r']) : [];
}

/** The goals on our side alone: no task over 100 ms in any run; the largest size within 1.5× of the smallest. */
export function restoreGoalLines(bySize) {
  const lines = bySize.map(({ messages, runs }) => {
    const clean = runs.filter((run) => run.longestToLoadedMs <= RESTORE_GOALS.longestTaskMs).length;
    return `${messages.toLocaleString('en')} messages: no task over ${RESTORE_GOALS.longestTaskMs} ms up to all in memory in ${clean} of ${runs.length} runs (goal: all)`;
  });
  if (bySize.length > 1) {
    const first = bySize[0];
    const last = bySize[bySize.length - 1];
    const ratio = median(last.runs.map((run) => run.usableMs)) / median(first.runs.map((run) => run.usableMs));
    const verdict = ratio <= RESTORE_GOALS.largestOverSmallest ? 'met' : 'MISSED';
    lines.push(
      `usable last screen, ${last.messages.toLocaleString('en')} ÷ ${first.messages.toLocaleString('en')} messages: ${ratio.toFixed(2)}× (goal ≤ ${RESTORE_GOALS.largestOverSmallest}×: ${verdict})`,
    );
  }
  return lines;
}
