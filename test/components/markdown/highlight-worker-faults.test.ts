// Its own file: the page's Worker is replaced by a scripted one before the highlighter starts any.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/components/markdown/markdown-view.js';
import type { AgentChatMarkdown } from '../../../src/components/markdown/markdown-view.js';
import { loadMarkdown } from '../../../src/render/markdown-loader.js';
import { loadHighlighter } from '../../../src/render/highlight-loader.js';
import { HIGHLIGHT_BUDGET_MS } from '../../../src/render/highlight-limits.js';

/** What the scripted workers were asked, in order. */
const asked: string[] = [];
let started = 0;

/**
 * A worker that says ready at once and colours a block as one keyword, after `delay` ms; a block
 * with `DIES` makes it fail (as a worker out of memory does); one with `STUCK` never answers.
 */
class ScriptedWorker {
  static delay = 0;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private stopped = false;

  constructor() {
    started++;
    setTimeout(() => this.answer('ready'));
  }

  postMessage({ id, code }: { id: number; code: string }): void {
    asked.push(code);
    if (code.includes('STUCK')) return;
    if (code.includes('DIES')) {
      setTimeout(() => !this.stopped && this.onerror?.(new ErrorEvent('error', { message: 'out of memory' })), 5);
      return;
    }
    setTimeout(() => this.answer({ id, nodes: [{ classes: 'hljs-keyword', children: [code] }] }), ScriptedWorker.delay);
  }

  terminate(): void {
    this.stopped = true;
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

  it('the blocks of a view removed before their turn are never sent to the worker', async () => {
    ScriptedWorker.delay = 30;
    const gone = viewOf(blocks('gone', 20));
    // Drawn (its blocks queued for the worker), then removed.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(gone.querySelectorAll('pre code').length).to.equal(20);
    gone.remove();
    const kept = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown .text=${blocks('kept', 1)}></agent-chat-markdown>`);
    await kept.updateComplete;
    expect(coloured(kept)).to.deep.equal([true]);
    const sentOfGone = asked.filter((code) => code.startsWith('gone')).length;
    expect(sentOfGone, `${sentOfGone} blocks of the removed view sent`).to.be.at.most(2);
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
    const stuck = asked.filter((code) => code.startsWith('STUCK')).length;
    // The reply's worker time (3 s) allows four blocks of 750 ms, and one more started just before it ran out.
    expect(stuck, `${stuck} slow blocks of one reply run`).to.be.at.most(5);
    expect(coloured(hostile).every((done) => !done)).to.equal(true);
    hostile.remove();
    other.remove();
  });
});
