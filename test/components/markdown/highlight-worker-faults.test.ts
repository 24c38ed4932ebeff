// Its own file: the page's Worker is replaced by a scripted one before the highlighter starts any.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/components/markdown/markdown-view.js';
import type { AgentChatMarkdown } from '../../../src/components/markdown/markdown-view.js';
import { loadMarkdown } from '../../../src/render/markdown-loader.js';
import { loadHighlighter } from '../../../src/render/highlight-loader.js';
import { HIGHLIGHT_BUDGET_MS } from '../../../src/render/highlight-limits.js';

/** What the scripted workers were sent, and what they ran, in order. */
const asked: string[] = [];
const ran: string[] = [];
let started = 0;

/**
 * A worker that says ready at once and, like the real one, runs the blocks sent to it one after
 * another: it colours a block as one keyword after `delay` ms (300 ms for one with `SLOW`, under
 * the budget) and says how long it took; a block with `DIES` makes it fail (as a worker out of
 * memory does); one with `STUCK` never answers. A block sent `ahead` is handed back unrun when the
 * block before it took that long or longer.
 */
class ScriptedWorker {
  static delay = 0;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private stopped = false;
  private busy = false;
  private lastMs = 0;
  private readonly inbox: { id: number; code: string; ahead?: number }[] = [];

  constructor() {
    started++;
    setTimeout(() => this.answer('ready'));
  }

  postMessage(message: { id: number; code: string; ahead?: number }): void {
    asked.push(message.code);
    this.inbox.push(message);
    this.runNext();
  }

  terminate(): void {
    this.stopped = true;
  }

  private runNext(): void {
    if (this.busy || this.stopped || !this.inbox.length) return;
    const { id, code, ahead } = this.inbox.shift()!;
    if (ahead !== undefined && this.lastMs >= ahead) {
      this.answer({ id, deferred: true });
      return this.runNext();
    }
    this.busy = true;
    ran.push(code);
    if (code.includes('STUCK')) return;
    if (code.includes('DIES')) {
      setTimeout(() => !this.stopped && this.onerror?.(new ErrorEvent('error', { message: 'out of memory' })), 5);
      return;
    }
    const ms = code.includes('SLOW') ? 300 : ScriptedWorker.delay;
    setTimeout(() => {
      this.busy = false;
      this.lastMs = ms;
      this.answer({ id, nodes: [{ classes: 'hljs-keyword', children: [code] }], ms });
      this.runNext();
    }, ms);
  }

  private answer(data: unknown): void {
    if (!this.stopped) this.onmessage?.(new MessageEvent('message', { data }));
  }
}
(globalThis as { Worker: unknown }).Worker = ScriptedWorker;

const blocks = (name: string, count: number) => Array.from({ length: count }, (_, i) => `\`\`\`ts\n${name} ${i}\n\`\`\`\n`).join('\n');
/** A view drawing `text`, added to the page without waiting for its highlighting. */
function viewOf(text: string): AgentChatMarkdown {
  const view = document.createElement('agent-chat-markdown') as AgentChatMarkdown;
  view.text = text;
  document.body.append(view);
  return view;
}
const coloured = (view: AgentChatMarkdown) => [...view.querySelectorAll('pre code')].map((code) => !!code.querySelector('.hljs-keyword'));

describe('the highlighter’s worker when blocks misbehave', () => {
  before(async () => {
    await loadMarkdown();
    await loadHighlighter();
  });

  beforeEach(() => {
    asked.length = 0;
    ran.length = 0;
    ScriptedWorker.delay = 0;
  });

  it('a worker that dies on a block costs that block only: the next block gets a new worker and its colours', async () => {
    const before = started;
    const view = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown .text=${`${blocks('DIES', 1)}\n${blocks('fine', 2)}`}></agent-chat-markdown>`);
    await view.updateComplete;
    expect(coloured(view)).to.deep.equal([false, true, true]);
    expect(started - before, 'workers started').to.equal(2);
    // And later views still get colours: highlighting was not turned off for the page.
    const later = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown .text=${blocks('later', 1)}></agent-chat-markdown>`);
    await later.updateComplete;
    expect(coloured(later)).to.deep.equal([true]);
  });

  it('the slow blocks of a view removed before their turn are never run (at most sent ahead, and handed back)', async () => {
    ScriptedWorker.delay = 30;
    const gone = viewOf(blocks('gone', 20));
    // Drawn (its blocks queued for the worker), then removed.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(gone.querySelectorAll('pre code').length).to.equal(20);
    gone.remove();
    const kept = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown .text=${blocks('kept', 1)}></agent-chat-markdown>`);
    await kept.updateComplete;
    expect(coloured(kept)).to.deep.equal([true]);
    const ranOfGone = ran.filter((code) => code.startsWith('gone')).length;
    expect(ranOfGone, `${ranOfGone} blocks of the removed view run`).to.be.at.most(2);
  });

  it('blocks slow but under the budget, sent ahead after quick ones, run one at a time: other replies take turns, the reply its time', async function () {
    this.timeout(20_000);
    // Quick blocks first, so the pool sends the slow ones ahead of their answers.
    const hostile = viewOf(`${blocks('quick', 2)}\n${blocks('SLOW', 14)}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await waitUntil(() => ran.includes('SLOW 0\n'), 'the first slow block runs', { timeout: 5000 });
    const t0 = performance.now();
    const other = viewOf(blocks('other', 1));
    // Sent ahead, the slow blocks would all run first (13 × 300 ms): the other reply waits at most
    // a slow block or two (and room for a loaded machine).
    await waitUntil(() => coloured(other)[0], 'the other reply is coloured', { timeout: 3000 });
    expect(performance.now() - t0).to.be.below(1500);
    await hostile.updateComplete;
    const slow = ran.filter((code) => code.startsWith('SLOW')).length;
    // The reply's worker time (3 s) allows ten blocks of 300 ms, and one more started just before it ran out.
    expect(slow, `${slow} slow blocks of one reply run`).to.be.at.most(11);
    expect(asked.filter((code) => code.startsWith('SLOW')).length, 'sent ahead, then again').to.be.above(slow);
    hostile.remove();
    other.remove();
  });

  it('one reply of slow blocks holds the worker a bounded time in all, and other replies take turns with it', async function () {
    this.timeout(20_000);
    const hostile = viewOf(blocks('STUCK', 12));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const t0 = performance.now();
    const other = viewOf(blocks('other', 1));
    // At most one slow block runs before the other reply's turn (a queue would take 12 × 750 ms;
    // the bound leaves room for a loaded machine and a worker's start).
    const bound = HIGHLIGHT_BUDGET_MS * 4 + 1000;
    await waitUntil(() => coloured(other)[0], 'the other reply is coloured', { timeout: bound });
    expect(performance.now() - t0).to.be.below(bound);
    await hostile.updateComplete;
    const stuck = ran.filter((code) => code.startsWith('STUCK')).length;
    // The reply's worker time (3 s) allows four blocks of 750 ms, and one more started just before it ran out.
    expect(stuck, `${stuck} slow blocks of one reply run`).to.be.at.most(5);
    expect(coloured(hostile).every((done) => !done)).to.equal(true);
    hostile.remove();
    other.remove();
  });
});
