import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import '../../../src/components/mcp-notice/mcp-notice.js';
import '../../../src/components/thread-list/thread-list.js';
import { resolveStrings } from '../../../src/i18n/strings.js';
import { deepQuery, deepQueryAll, fixtureWithSettings, sendAndWait, settle, textOf, until } from '../helpers.js';

/**
 * WCAG 1.4.12, text spacing: with line height 1.5, paragraph spacing 2em, letter spacing 0.12em
 * and word spacing 0.16em, at 320 px wide, no title is cut — card titles, activity labels, thread
 * titles and notices wrap instead, and their boxes grow.
 */

const SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/** Applies the text spacing to the page and every shadow root below `root` (a page's style sheet stops at shadow roots). */
function applySpacing(root: Element): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(SPACING);
  const roots: (Document | ShadowRoot)[] = [document, ...deepQueryAll(root, '*').flatMap((element) => (element.shadowRoot ? [element.shadowRoot] : []))];
  if (root.shadowRoot) roots.push(root.shadowRoot);
  for (const at of roots) at.adoptedStyleSheets = [...at.adoptedStyleSheets, sheet];
  return () => {
    for (const at of roots) at.adoptedStyleSheets = at.adoptedStyleSheets.filter((own) => own !== sheet);
  };
}

/** Elements under `root` (shadow roots included) whose own text is cut: an ellipsis, clipped overflow, or clamped lines. */
function cutTexts(root: Element): string[] {
  return [root, ...deepQueryAll(root, '*')].flatMap((element) => {
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
    // Text for screen readers only (a box of 1 px) is heard, not seen.
    if (!ownText || !element.getClientRects().length || element.getBoundingClientRect().width <= 1 || element.closest('.visually-hidden')) return [];
    const style = getComputedStyle(element);
    const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    const wide = clips && element.scrollWidth > element.clientWidth + 1;
    const clamped = style.webkitLineClamp !== 'none' && element.scrollHeight > element.clientHeight + 1;
    // A scrolling box (code, a textarea) keeps its text: the person scrolls to it.
    const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
    return (wide && !scrolls) || clamped ? [`<${element.localName} class="${element.className}">${textOf(element)}`] : [];
  });
}

describe('text spacing (WCAG 1.4.12) at 320 px', () => {
  let removeSpacing: (() => void) | undefined;
  afterEach(() => {
    removeSpacing?.();
    removeSpacing = undefined;
  });

  it('a tool card’s title wraps whole (no “delete…”), and its header grows', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat storage="none" style="width: 320px; height: 640px" endpoint="/agui/approval"></agent-chat>`);
    await sendAndWait(el, 'clean up');
    await until(() => !!deepQuery(el, 'agent-chat-interrupt')?.shadowRoot?.querySelector('section'), 'the approval is drawn');
    await settle(el);
    const card = deepQuery(el, 'agent-chat-tool-card')!;
    const title = card.shadowRoot!.querySelector<HTMLElement>('.title')!;
    const header = card.shadowRoot!.querySelector<HTMLElement>('.header')!;
    const status = card.shadowRoot!.querySelector<HTMLElement>('.status')!;

    removeSpacing = applySpacing(el);
    await settle(el);
    expect(textOf(title)).to.equal('delete_files');
    expect(getComputedStyle(title).textOverflow).to.not.equal('ellipsis');
    expect(title.scrollWidth, 'nothing of the title hidden').to.be.at.most(title.clientWidth);
    // Every letter of the title lies inside the card.
    const range = document.createRange();
    range.selectNodeContents(title);
    expect(range.getBoundingClientRect().right).to.be.at.most(card.getBoundingClientRect().right + 0.5);
    // Title and status no longer fit on one line: the status goes below, and the header grows.
    const line = title.getBoundingClientRect();
    expect(status.getBoundingClientRect().top, 'the status below the title').to.be.at.least(line.bottom - 1);
    expect(header.getBoundingClientRect().height, 'the header grows to hold both').to.be.greaterThan(line.height * 2);
    expect(cutTexts(el)).to.deep.equal([]);
  });

  it('subagents’ activity labels wrap; nothing in the reply is cut', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat storage="none" style="width: 320px; height: 640px" endpoint="/agui/subagents"></agent-chat>`);
    await sendAndWait(el, 'research');
    removeSpacing = applySpacing(el);
    await settle(el);
    const labels = deepQueryAll(el, 'agent-chat-activity').map((block) => block.shadowRoot!.querySelector<HTMLElement>('.label')!);
    expect(labels.map(textOf)).to.include('fact-checker, for researcher');
    for (const label of labels) {
      const header = label.closest('.header')!;
      expect(label.getBoundingClientRect().right, textOf(label)).to.be.at.most(header.getBoundingClientRect().right + 0.5);
    }
    expect(cutTexts(el)).to.deep.equal([]);
  });

  it('the thread list shows whole titles and dates; the MCP notice wraps', async () => {
    const long = 'Planning the delete_old_files_recursively migration for the quarterly numbers review';
    const wrapper = await fixtureWithSettings<HTMLDivElement>(
      html`<div style="width: 320px">
        <agent-chat-thread-list .threads=${[{ id: 'x', title: long, updated: Date.now() - 3 * 3600_000 }]} currentId="x"></agent-chat-thread-list>
        <agent-chat-mcp-notice .requests=${[{ name: 'a_very_long_server_name_for_the_notes_service', blocked: true }]}></agent-chat-mcp-notice>
      </div>`,
      { strings: resolveStrings('en') },
    );
    const list = wrapper.querySelector('agent-chat-thread-list')!;
    await list.updateComplete;
    removeSpacing = applySpacing(wrapper);
    const title = list.shadowRoot!.querySelector<HTMLElement>('.title')!;
    expect(textOf(title)).to.equal(long);
    expect(title.scrollHeight, 'no line of it hidden').to.be.at.most(title.clientHeight + 1);
    expect(cutTexts(wrapper)).to.deep.equal([]);
    const left = wrapper.getBoundingClientRect().left;
    const wide = [wrapper, ...deepQueryAll(wrapper, '*')]
      .filter((e) => e.getBoundingClientRect().right > left + 321)
      .map((e) => `${e.localName}.${e.className} ${e.getBoundingClientRect().right - left} ${textOf(e).slice(0, 40)}`);
    expect(wide).to.deep.equal([]);
  });
});
