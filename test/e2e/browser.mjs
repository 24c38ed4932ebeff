/** Shared Playwright set-up for the end-to-end tests: Debian Chromium, headless, loopback only. */
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

/**
 * `options.popupBlocking`: block windows opened without the person's gesture, as browsers do
 * (Playwright turns that off). `options.webgl`: WebGL in software (SwiftShader), asked for by name
 * rather than left to Chromium's deprecated automatic fallback (with `--disable-gpu` there is no GPU).
 */
export function launchChromium({ popupBlocking = false, webgl = false } = {}) {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: webgl ? [...chromiumArgs, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : chromiumArgs,
    ...(popupBlocking ? { ignoreDefaultArgs: ['--disable-popup-blocking'] } : {}),
  });
}

/**
 * Opens `html` as if served at `url` (same origin as the demo server), collecting page errors and,
 * in `debug`, the console.debug lines of the page and its frames (`{ text, url }`, url of the script).
 */
export async function openPage(browser, url, html) {
  const page = await browser.newPage();
  const problems = [];
  const debug = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    if (message.type() === 'debug') debug.push({ text: message.text(), url: message.location().url });
  });
  if (html) await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await page.goto(url);
  return { page, problems, debug };
}

/**
 * Types into the chat's composer, presses Enter, and resolves with the response-end detail. The
 * page holds the promise it waits on (Chromium may collect one only the DevTools protocol holds,
 * failing the wait with "Resulting promise was garbage collected").
 */
export async function chatTurn(page, text, selector = 'agent-chat') {
  const ended = page.evaluate((selector) => {
    const held = (window.__chatTurnsWaiting ??= new Set());
    const ending = new Promise((resolve) => document.querySelector(selector).addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })).then(
      (detail) => {
        held.delete(ending);
        return detail;
      },
    );
    held.add(ending);
    return ending;
  }, selector);
  const input = page.locator(`${selector} textarea`);
  await input.fill(text);
  await input.press('Enter');
  return ended;
}

/** Resolves once `locator`'s box has not moved for `ms` (checked every animation frame). */
export async function stillFor(locator, ms) {
  await locator.evaluate(
    (element, ms) =>
      new Promise((resolve) => {
        let last = '';
        let since = performance.now();
        const look = () => {
          const box = element.getBoundingClientRect();
          const now = `${box.top},${box.left}`;
          if (now !== last) [last, since] = [now, performance.now()];
          if (performance.now() - since >= ms) resolve();
          else requestAnimationFrame(look);
        };
        look();
      }),
    ms,
  );
}

/**
 * Ticks a checkbox or radio of a form that may still move (a reply's late chunks redraw around it):
 * from the keyboard (focus, then Space), as a keyboard user would, so a box that moves between
 * aiming and pressing cannot be missed; the box must then be ticked.
 */
export async function checkWhenStill(form, control) {
  await stillFor(form, 300);
  await control.focus();
  if (!(await control.isChecked())) await control.press('Space');
  await control.page().waitForFunction((box) => box.checked, await control.elementHandle(), { timeout: 5000 });
}

/** Opens a disclosure (a card's header) from the keyboard once, and waits for it to say it is open. */
export async function openWithKeyboard(header) {
  if ((await header.getAttribute('aria-expanded')) !== 'true') {
    await header.focus();
    await header.press('Enter');
  }
  await header.page().waitForFunction((button) => button.getAttribute('aria-expanded') === 'true', await header.elementHandle(), { timeout: 5000 });
}
