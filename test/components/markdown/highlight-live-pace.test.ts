// How often the code block still streaming goes to the highlighter's worker, counted at the worker's door.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/components/markdown/markdown-view.js';
import type { AgentChatMarkdown } from '../../../src/components/markdown/markdown-view.js';
import { loadMarkdown } from '../../../src/render/markdown-loader.js';
import { loadHighlighter } from '../../../src/render/highlight-loader.js';
import { LIVE_RECOLOUR_MS } from '../../../src/render/highlight-pace.js';

/** The code of every job sent to a highlighter worker, in order. */
const jobs: string[] = [];
const postMessage = Worker.prototype.postMessage;

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const FENCE = '```ts\n';

async function streamingView(): Promise<AgentChatMarkdown> {
  const view = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown></agent-chat-markdown>`);
  view.streaming = true;
  return view;
}

/** Shows `code` as the open block's text and checks it is all there at once, coloured or not. */
async function showCode(view: AgentChatMarkdown, code: string): Promise<void> {
  view.text = `${FENCE}${code}`;
  await view.updateComplete;
  expect(view.querySelector('.code-block code')?.textContent, 'the text so far, at once').to.equal(code);
}

const coloured = (view: AgentChatMarkdown) => !!view.querySelector('.code-block code [class^="hljs-"]');

describe('colouring the code block still streaming', () => {
  before(async () => {
    await loadMarkdown();
    await loadHighlighter();
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
      const code = (message as { code?: unknown } | null)?.code;
      if (typeof code === 'string') jobs.push(code);
      return (postMessage as (...args: unknown[]) => void).call(this, message, ...rest);
    };
    // The worker started and ready, so that a job goes to it when it is asked for.
    const warm = await fixture<AgentChatMarkdown>(html`<agent-chat-markdown .text=${'```ts\nlet x = 1;\n```\n'}></agent-chat-markdown>`);
    await waitUntil(() => warm.querySelector('.hljs-keyword'), 'a finished block coloured');
  });

  after(() => {
    Worker.prototype.postMessage = postMessage;
  });

  beforeEach(() => {
    jobs.length = 0;
  });

  it('a long line fed one character a frame is coloured far less often than once a frame, yet coloured whole soon after it stops', async () => {
    const line = "const greeting = compute('a long single line of typescript without an end', 42, true) + other";
    const view = await streamingView();
    const start = performance.now();
    let frames = 0;
    for (let end = 1; end <= line.length; end++) {
      await showCode(view, line.slice(0, end));
      await nextFrame();
      frames++;
      if (end === 3) expect(jobs.length, 'the first colouring comes at once').to.be.at.least(1);
    }
    const elapsed = performance.now() - start;
    const fed = jobs.length;
    expect(fed, `${fed} jobs in ${frames} frames`).to.be.at.most(frames / 4);
    expect(fed, `${fed} jobs in ${Math.round(elapsed)} ms`).to.be.at.most(elapsed / LIVE_RECOLOUR_MS + 2);
    expect(fed, 'coloured again while the line had not ended').to.be.at.least(2);
    await waitUntil(() => jobs.at(-1) === line, 'the whole line goes to the worker', { timeout: LIVE_RECOLOUR_MS * 8 });
    await waitUntil(() => coloured(view), 'and comes back coloured');
    expect(view.querySelector('.code-block code')!.textContent).to.equal(line);
  });

  it('colours the block again on the frame after a line ends, and the finished block when its fence closes', async () => {
    const view = await streamingView();
    const first = 'export const answer = 42;';
    await showCode(view, first);
    await waitUntil(() => jobs.at(-1) === first && coloured(view), 'the first line coloured');
    // Before LIVE_RECOLOUR_MS has passed, only the line's end can make it due.
    const ended = performance.now();
    await showCode(view, `${first}\n`);
    for (let frame = 0; frame < 4 && jobs.at(-1) !== `${first}\n`; frame++) await nextFrame();
    expect(jobs.at(-1), 'the ended line sent').to.equal(`${first}\n`);
    expect(performance.now() - ended).to.be.below(LIVE_RECOLOUR_MS);
    await showCode(view, `${first}\nexport function`);
    view.text = `${FENCE}${first}\nexport function twice(x: number) { return 2 * x; }\n\`\`\`\n`;
    view.streaming = false;
    await view.updateComplete;
    await waitUntil(() => view.querySelectorAll('.code-block code .hljs-keyword').length >= 4, 'the finished block coloured');
    expect(view.querySelector('.code-block code')!.textContent).to.equal(`${first}\nexport function twice(x: number) { return 2 * x; }\n`);
  });
});
