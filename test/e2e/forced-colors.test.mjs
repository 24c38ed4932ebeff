// Forced colours (Windows High Contrast): the system drops fills and shadows, so a control told
// apart by its fill alone (Send, chips, card headers, icon buttons) would read as plain text. On
// the built bundle in Chromium emulating `forced-colors: active`, against the demo's scripted
// agent: every control shown — composer, chips, tool and activity card headers, approval and
// question buttons, reply actions, the conversation list, the launcher and the panel's close
// button — has a border (or outline) of a colour that is not the canvas's; pressed shows as a fill.
// Run: npm run build && node --test --test-reporter=spec test/e2e/forced-colors.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDemoServer } from '../../demo/server.mjs';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { distBuilt } from './mcp-fixtures.mjs';

const PAGE = `<!doctype html>
<html lang="en">
  <body>
    <agent-chat endpoint="/api/agent" heading="Help" storage-key="forced-colors" attachments feedback show-requests style="display: block; width: 420px; height: 760px">
      <agent-chat-suggestion prompt="Hello">Say hello</agent-chat-suggestion>
    </agent-chat>
    <agent-chat id="popup" mode="popup" storage="none" endpoint="/api/agent"></agent-chat>
    <script type="module" src="/dist/agent-chat.js"></script>
  </body>
</html>`;

/**
 * The controls shown in `selector`'s chat (shadow roots included) without a visible boundary: no
 * border or outline, or one in the canvas colour or transparent. A text field may have its boundary
 * on its frame (the composer's). Native check boxes and radios draw themselves in system colours.
 */
function unbounded(page, selector = 'agent-chat') {
  return page.evaluate((selector) => {
    const probe = document.body.appendChild(Object.assign(document.createElement('div'), { style: 'background: Canvas' }));
    const canvas = getComputedStyle(probe).backgroundColor;
    probe.remove();
    const visible = (color) => color !== canvas && !/^rgba\(.*, 0\)$/.test(color) && color !== 'transparent';
    const bounded = (element) => {
      const style = getComputedStyle(element);
      const sides = ['Top', 'Right', 'Bottom', 'Left'];
      const border = sides.some((side) => parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none' && visible(style[`border${side}Color`]));
      const outline = parseFloat(style.outlineWidth) > 0 && style.outlineStyle !== 'none' && visible(style.outlineColor);
      return border || outline;
    };
    const found = [];
    const visit = (root) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) visit(element.shadowRoot);
        if (!element.matches('button, summary, select, textarea, input:not([type="checkbox"], [type="radio"], [type="file"], [type="hidden"])')) continue;
        if (!element.getClientRects().length || element.closest('.visually-hidden, [hidden]')) continue;
        const frame = element.localName === 'textarea' ? element.closest('.composer') : null;
        if (!bounded(element) && !(frame && bounded(frame)))
          found.push(`<${element.localName} part="${element.getAttribute('part') ?? ''}" class="${element.className}">${(element.textContent ?? '').trim().slice(0, 30)}`);
      }
    };
    visit(document.querySelector(selector).shadowRoot);
    return found;
  }, selector);
}

/** How many controls `unbounded` looked at would be too many to miss: counts the controls shown. */
function controlsShown(page, selector = 'agent-chat') {
  return page.evaluate((selector) => {
    let count = 0;
    const visit = (root) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) visit(element.shadowRoot);
        if (element.matches('button, summary') && element.getClientRects().length) count++;
      }
    };
    visit(document.querySelector(selector).shadowRoot);
    return count;
  }, selector);
}

/** The computed border of the chat's Send button (in `selector`'s chat). */
const sendBorder = (page) =>
  page.locator('agent-chat:not(#popup) [part="send-button"]').evaluate((send) => {
    const style = getComputedStyle(send);
    return { width: parseFloat(style.borderTopWidth), style: style.borderTopStyle, color: style.borderTopColor, background: style.backgroundColor };
  });

describe('forced colours: every control keeps a visible boundary (built bundle)', { timeout: 120_000 }, () => {
  let server;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    server = await startDemoServer({ port: 0, delayMs: 0, log: () => {}, env: {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('in the composer, chips, cards, requests, reply actions, the conversation list and the popup', async () => {
    const { page, problems } = await openPage(browser, new URL('/forced-colors.html', server.url).href, PAGE);
    await page.emulateMedia({ forcedColors: 'active' });
    assert.equal(await page.evaluate(() => matchMedia('(forced-colors: active)').matches), true);
    const chat = page.locator('agent-chat:not(#popup)');
    await chat.locator('[part="suggestion"]').waitFor();

    // Send has no border of its own (its fill is the accent): here it has one, disabled or not.
    assert.ok((await sendBorder(page)).width >= 1, 'Send (disabled) has a border');
    await chat.locator('textarea').fill('Hello there');
    const send = await sendBorder(page);
    assert.ok(send.width >= 1 && send.style === 'solid', `Send has a border: ${JSON.stringify(send)}`);
    assert.notEqual(send.color, send.background, 'in a colour of its own');
    assert.deepEqual(await unbounded(page), [], 'the first screen');
    await chat.locator('textarea').fill('');

    // A reply with subagents: tool and activity card headers, reply actions, feedback.
    await chatTurn(page, 'research', 'agent-chat:not(#popup)');
    await chat.locator('agent-chat-activity').first().waitFor();
    assert.deepEqual(await unbounded(page), [], 'a reply with tool cards and subagent activity');
    assert.ok((await controlsShown(page)) > 20, 'many controls were looked at');
    // Pressed shows as a fill (Highlight), not only by the icon.
    const good = chat.locator('[part~="feedback-button"]').first();
    await good.click();
    const pressed = await good.evaluate((button) => ({ pressed: button.getAttribute('aria-pressed'), background: getComputedStyle(button).backgroundColor }));
    const canvas = await page.evaluate(() => {
      const probe = document.body.appendChild(Object.assign(document.createElement('div'), { style: 'background: Canvas' }));
      const color = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return color;
    });
    assert.equal(pressed.pressed, 'true');
    assert.notEqual(pressed.background, canvas, 'a pressed button is filled');

    // An approval in its card.
    await chatTurn(page, 'delete the old files', 'agent-chat:not(#popup)');
    await chat.locator('[part="approval"]').getByRole('button', { name: 'Approve' }).waitFor();
    assert.deepEqual(await unbounded(page), [], 'an approval');

    // Questions, in a new conversation (the approval holds this one).
    await page.evaluate(() => document.querySelector('agent-chat:not(#popup)').newThread());
    await chatTurn(page, 'plan a trip', 'agent-chat:not(#popup)');
    await chat.locator('agent-chat-question-form form').waitFor();
    assert.deepEqual(await unbounded(page), [], 'questions');

    // The list of conversations.
    await chat.locator('[part="threads-button"]').click();
    await chat.locator('agent-chat-thread-list [part="thread-item"]').first().waitFor();
    assert.deepEqual(await unbounded(page), [], 'the conversation list');
    assert.ok((await controlsShown(page)) > 10, 'the list’s controls were looked at');

    // The launcher, then the open panel's close button and composer.
    assert.deepEqual(await unbounded(page, '#popup'), [], 'the launcher');
    await page.locator('#popup [part="launcher"]').click();
    await page.locator('#popup textarea').waitFor();
    assert.deepEqual(await unbounded(page, '#popup'), [], 'the open panel');

    // The focus ring is drawn in Highlight.
    await page.locator('#popup textarea').fill('x');
    await page.locator('#popup textarea').press('Tab');
    const ring = await page.locator('#popup [part="send-button"]').evaluate((button) => {
      const style = getComputedStyle(button);
      return { focused: button.matches(':focus-visible'), width: style.outlineWidth, style: style.outlineStyle, color: style.outlineColor };
    });
    const highlight = await page.evaluate(() => {
      const probe = document.body.appendChild(Object.assign(document.createElement('div'), { style: 'color: Highlight' }));
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    assert.deepEqual(ring, { focused: true, width: '2px', style: 'solid', color: highlight });
    assert.deepEqual(problems, []);
  });

  it('without forced colours Send keeps its own look (no border): the boundary is forced colours’ only', async () => {
    const { page } = await openPage(browser, new URL('/forced-colors.html', server.url).href, PAGE);
    await page.locator('agent-chat:not(#popup) [part="send-button"]').waitFor();
    assert.equal((await sendBorder(page)).width, 0);
  });
});
