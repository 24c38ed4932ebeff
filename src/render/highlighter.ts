/**
 * The syntax highlighter, a chunk of its own loaded on first need (highlight-loader.ts). highlight.js
 * runs in a worker (highlight-worker.ts, bundled into this chunk), one block after another, each with a
 * time budget and each reply with a time in all (highlight-pool.ts, highlight-limits.ts): a block
 * that overruns it stops the worker — a regular expression cannot be interrupted any other way — and
 * stays plain; the blocks after it get a new worker. The worker reads highlight.js's output into scopes
 * and text (highlight-tokens.ts); they become spans and text nodes here, never parsed as HTML. Where
 * no worker can start (a CSP without `blob:` for workers), code stays plain.
 */
import HighlightWorker from './highlight-worker.ts?worker&inline';
import { codeHighlight } from '../styles/code-highlight.js';
import { AHEAD_BLOCKS, AHEAD_CHARS, HIGHLIGHT_BUDGET_MS, LIVE_FREE_MS, QUICK_JOB_MS, REPLY_WORKER_MS, WORKER_IDLE_MS, WORKER_START_MS } from './highlight-limits.js';
import type { HighlightOutcome } from './highlight-loader.js';
import { HighlightPool, type PoolJob } from './highlight-pool.js';
import { SCOPE_CLASSES, type HighlightNode } from './highlight-tokens.js';

const pool = new HighlightPool(
  () => new HighlightWorker(),
  {
    budgetMs: HIGHLIGHT_BUDGET_MS,
    startLimitMs: WORKER_START_MS,
    idleMs: WORKER_IDLE_MS,
    replyMs: REPLY_WORKER_MS,
    liveFreeMs: LIVE_FREE_MS,
    quickMs: QUICK_JOB_MS,
    aheadSize: AHEAD_CHARS,
    aheadJobs: AHEAD_BLOCKS,
  },
  () => console.warn('agent-chat: the code highlighter’s worker could not run; code stays plain.'),
);

/**
 * `code` highlighted as `grammar` (a name from highlight-languages.ts), as spans and text; or why
 * not: it ran over the time budget, its reply's time is spent or its view is gone, or no worker
 * could run. Never rejects.
 */
export async function highlightCode(code: string, grammar: string, job: PoolJob): Promise<HighlightOutcome> {
  const answer = await pool.run({ code, grammar }, job, code.length);
  if (typeof answer === 'string') return answer;
  const nodes = answer.data.nodes;
  return Array.isArray(nodes) ? fragmentOf(nodes as HighlightNode[]) : 'unavailable';
}

/** Adds the syntax colours to the shadow root `node` is drawn in (once); never to the page. */
export function adoptCodeStyles(node: Node): void {
  const root = node.getRootNode();
  const sheet = codeHighlight.styleSheet;
  if (!(root instanceof ShadowRoot) || !sheet || root.adoptedStyleSheets.includes(sheet)) return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

function fragmentOf(nodes: HighlightNode[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  append(fragment, nodes);
  return fragment;
}

/** Spans (only with the highlighter's classes) and text; anything else the worker could send is dropped. */
function append(parent: Node, nodes: HighlightNode[]): void {
  for (const node of nodes) {
    if (typeof node === 'string') {
      parent.appendChild(document.createTextNode(node));
      continue;
    }
    if (typeof node?.classes !== 'string' || !Array.isArray(node.children)) continue;
    if (!SCOPE_CLASSES.test(node.classes)) {
      append(parent, node.children);
      continue;
    }
    const span = document.createElement('span');
    span.className = node.classes;
    append(span, node.children);
    parent.appendChild(span);
  }
}
