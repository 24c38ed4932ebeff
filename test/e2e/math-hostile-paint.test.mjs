/**
 * A formula draws only as the reply (built bundle, Chromium): formulas written to escape their box
 * (raised and smashed rules, negative kerns, `\mathllap`, a `\colorbox` in the person's bubble
 * colour pushed to the right…; math-hostile-corpus.mjs) are streamed one per turn. After each,
 * the person's bubble above the reply, the composer, Send and every other button still get the
 * clicks at their points (`elementFromPoint` through the shadow roots); everything a formula
 * paints lies inside its own boxes; and nothing in it has a background or a colour of its own.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchChromium } from './browser.mjs';
import { escapingFormulas } from './math-hostile-corpus.mjs';
import { openMathPage, startMathServer, streamEach } from './math-hostile-page.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

/** Runs in the page: what of the last turn and the chat's controls a click reaches, and what the formulas paint. */
function inspect() {
  const chat = document.querySelector('agent-chat');
  const deepFromPoint = (x, y) => {
    let root = document;
    let hit = null;
    for (;;) {
      const next = root.elementFromPoint(x, y);
      if (!next || next === hit) return hit;
      hit = next;
      if (!next.shadowRoot) return hit;
      root = next.shadowRoot;
    }
  };
  const within = (node, target) => {
    for (let at = node; at; at = at.parentNode ?? at.host) if (at === target) return true;
    return false;
  };
  const all = (root, selector, found = []) => {
    found.push(...root.querySelectorAll(selector));
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) all(element.shadowRoot, selector, found);
    return found;
  };
  const describe = (element) => `${element.localName}.${[...element.classList].join('.')}`;
  const log = chat.shadowRoot.querySelector('[role="log"]').getBoundingClientRect();
  const misses = [];
  const inLog = (x, y) => x > log.left && x < log.right && y > log.top && y < log.bottom;
  /** Points well inside `target` (clear of rounded corners): its centre, and for a large box four more. */
  const probe = (target, label, { many = true, clipped = true } = {}) => {
    const box = target.getBoundingClientRect();
    const at = (fx, fy) => [box.left + box.width * fx, box.top + box.height * fy];
    const points = many ? [at(0.5, 0.5), at(0.25, 0.3), at(0.75, 0.3), at(0.25, 0.7), at(0.75, 0.7)] : [at(0.5, 0.5)];
    for (const [x, y] of points) {
      if (clipped && !inLog(x, y)) continue;
      const hit = deepFromPoint(x, y);
      if (!hit || !within(hit, target)) misses.push(`${label} at ${Math.round(x)},${Math.round(y)} reached ${hit ? describe(hit) : 'nothing'}`);
    }
  };
  const bubbles = all(chat.shadowRoot, '.bubble').filter((bubble) => {
    const box = bubble.getBoundingClientRect();
    return box.top >= log.top && box.bottom <= log.bottom;
  });
  for (const bubble of bubbles) probe(bubble, `the person's bubble "${bubble.textContent}"`);
  probe(all(chat.shadowRoot, 'textarea')[0], 'the composer', { clipped: false });
  probe(all(chat.shadowRoot, 'button.send')[0], 'Send', { many: false, clipped: false });
  // The buttons of the messages (copy, regenerate, edit…) in view.
  for (const button of all(chat.shadowRoot.querySelector('[role="log"]'), 'button')) {
    const box = button.getBoundingClientRect();
    if (box.width && box.height && !button.closest('agent-chat-markdown'))
      probe(button, `button "${button.textContent.trim() || button.getAttribute('aria-label')}"`, { many: false });
  }

  // What each formula paints: every element's box, cut by the boxes that clip it, inside the formula's own boxes.
  const clips = (element) => {
    const style = getComputedStyle(element);
    return /paint|strict|content/.test(style.contain) || style.overflowX !== 'visible' || style.overflowY !== 'visible';
  };
  const escapes = [];
  const colours = [];
  for (const formula of all(chat.shadowRoot, '.math-inline, .math-display')) {
    const katex = formula.querySelector('.katex');
    if (!katex) continue;
    const own = formula.classList.contains('math-display') ? [formula] : [...formula.querySelectorAll('.katex-html > *')];
    const boxes = own.map((element) => element.getBoundingClientRect());
    const text = getComputedStyle(formula).color;
    for (const element of katex.querySelectorAll('.katex-html *')) {
      const box = element.getBoundingClientRect();
      let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
      for (let at = element.parentElement; at && at !== formula.parentElement; at = at.parentElement) {
        if (!clips(at)) continue;
        const cut = at.getBoundingClientRect();
        [left, top, right, bottom] = [Math.max(left, cut.left), Math.max(top, cut.top), Math.min(right, cut.right), Math.min(bottom, cut.bottom)];
      }
      if (right - left <= 0.5 || bottom - top <= 0.5) continue;
      const inside = boxes.some((own) => left >= own.left - 1 && right <= own.right + 1 && top >= own.top - 1 && bottom <= own.bottom + 1);
      if (!inside)
        escapes.push(`${formula.textContent.slice(0, 30)}: ${describe(element)} paints ${Math.round(left)},${Math.round(top)}–${Math.round(right)},${Math.round(bottom)}`);
      const style = getComputedStyle(element);
      const painted = [style.color, style.borderTopColor, style.borderRightColor].filter((colour) => colour !== 'rgba(0, 0, 0, 0)');
      if (style.backgroundColor !== 'rgba(0, 0, 0, 0)' || style.backgroundImage !== 'none') colours.push(`${describe(element)} has background ${style.backgroundColor}`);
      for (const colour of painted) if (colour !== text) colours.push(`${describe(element)} draws in ${colour}, the reply in ${text}`);
    }
  }
  return { misses, escapes, colours, bubbles: bubbles.length };
}

describe('hostile formulas draw only as the reply (built bundle)', () => {
  let server;
  let browser;
  const entries = escapingFormulas();
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    server = await startMathServer(entries);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('no formula covers the person’s bubble, the composer or a button, paints outside its box, or draws in a colour of its own', async () => {
    const { context, page, problems } = await openMathPage(browser, server.url);
    await page.setViewportSize({ width: 1000, height: 1000 });
    const found = { misses: [], escapes: [], colours: [] };
    for (const [index, entry] of entries.entries()) {
      await streamEach(page, [entry], { offset: index });
      const seen = await page.evaluate(inspect);
      assert.ok(seen.bubbles >= 1, `the person's bubble is in view after "${entry.name}"`);
      for (const key of Object.keys(found)) found[key].push(...seen[key].map((line) => `${entry.name}: ${line}`));
    }
    const rendered = await page.evaluate(() => {
      const chat = document.querySelector('agent-chat');
      return [...chat.shadowRoot.querySelectorAll('agent-chat-message')].flatMap((message) => [...message.shadowRoot.querySelectorAll('.math-inline .katex, .math-display .katex')])
        .length;
    });
    assert.equal(rendered, entries.length, 'every formula is drawn as math');
    assert.deepEqual(found.misses, [], 'clicks reach the person’s bubble and the controls');
    assert.deepEqual(found.escapes, [], 'formulas paint only inside their own boxes');
    assert.deepEqual(found.colours, [], 'formulas have no backgrounds and only the reply’s colour');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
