/**
 * Shared by the end-to-end tests of the official MCP Apps example servers, unchanged from npm
 * (test/e2e/mcp-examples-*.test.mjs): each server served on loopback by demo/mcp-http.mjs, a chat
 * page for each sandbox mode (`opaque`: the app in the chat's own `sandbox="allow-scripts"` frame;
 * `proxy`: the app behind dist/sandbox.html on a second origin, via `sandbox-url`), a scripted model
 * that calls the example's tool (mcp-fixtures.mjs), and what the tests read back: the page's and
 * every frame's console errors, failed loads, the chat's app-call events, and a canvas's pixels.
 */
import assert from 'node:assert/strict';
import { startMcpServer } from '../../demo/mcp-http.mjs';
import { appDocument, startSandboxOrigin } from '../servers/app-pages.mjs';
import { chatPage, clientToolBackend, mcpServerChild, startPageServer, waitFor } from './mcp-fixtures.mjs';

export { appDocument, startSandboxOrigin };

export const MODES = ['opaque', 'proxy'];
export const modeName = (mode) => (mode === 'proxy' ? 'with sandbox-url' : 'without sandbox-url');

/**
 * Serves `createServer` over MCP, named `name` on the page, and two chat pages (one per mode) whose
 * model calls `tool` with `args`. Returns { mcp, site(mode), close() }.
 */
export async function startExample(sandbox, { name, createServer, tool, args = {} }) {
  const mcp = await startMcpServer(createServer);
  const backend = clientToolBackend(tool, { args });
  const child = mcpServerChild(name, mcp.url);
  const opaque = await startPageServer(backend, { page: chatPage(child) });
  const proxy = await startPageServer(backend, { page: chatPage(child, { attributes: `sandbox-url="${sandbox.url}"` }) });
  return {
    mcp,
    site: (mode) => (mode === 'proxy' ? proxy : opaque),
    close: () => Promise.all([mcp.close(), opaque.close(), proxy.close()]),
  };
}

/**
 * Opens a chat page in a context of its own and records, from the page and all its frames, console
 * errors and uncaught errors (`problems`), failed loads (`failed`), and the chat's app-call events
 * (`window.__appCalls`); the chat's `onAppCall` lets every call through and lists its name
 * (`window.__checked`).
 */
export async function openChat(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
  const problems = [];
  const failed = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => failed.push(`${request.method()} ${request.url()} ${request.failure()?.errorText}`));
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  await page.evaluate(() => {
    const chat = document.querySelector('agent-chat');
    window.__appCalls = [];
    window.__checked = [];
    chat.addEventListener('agent-chat-app-call', (event) => window.__appCalls.push(event.detail));
    chat.onAppCall = (call) => {
      window.__checked.push(call.name);
      return true;
    };
  });
  return { page, problems, failed };
}

/** The app-call events so far. */
export const appCalls = (page) => page.evaluate(() => window.__appCalls);

/** The only card holding an app is the finished card titled `title` (the tool's title on its server). */
export async function assertAppInCard(page, title) {
  await page.locator('agent-chat-app-frame iframe').first().waitFor({ timeout: 15_000 });
  const cards = page.locator('agent-chat-tool-card').filter({ has: page.locator('agent-chat-app-frame iframe') });
  assert.equal(await cards.count(), 1, 'one tool card holds the app');
  assert.equal((await cards.locator('[part="tool-card-header"] .title').textContent()).trim(), title);
  assert.equal(await cards.locator('[part="tool-card"]').getAttribute('data-status'), 'done');
}

/**
 * After the run: no failed load and no console error or uncaught error in the page or any frame,
 * except the lines matching `allowed` (each an example's own, explained where it is passed).
 */
export function assertQuiet({ problems, failed }, allowed = []) {
  assert.deepEqual(failed, [], 'no failed load');
  assert.deepEqual(
    problems.filter((line) => !allowed.some((pattern) => pattern.test(line))),
    [],
    'no console error in the page or its frames',
  );
}

/**
 * What `locator` shows on screen (an element screenshot, so WebGL canvases count as drawn): the PNG,
 * the number of distinct colours (each channel to 4 bits) and the share of its commonest colour.
 */
export async function painted(page, locator) {
  const png = await locator.screenshot();
  const stats = await page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const counts = new Map();
    for (let i = 0; i < data.length; i += 4) {
      const key = ((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return { colours: counts.size, commonest: Math.max(...counts.values()) / (data.length / 4) };
  }, png.toString('base64'));
  return { png, ...stats };
}

/** Fails unless `locator` shows more than one flat colour: at least `colours` colours, none over `share` of it. */
export async function assertDrawn(page, locator, { colours = 4, share = 0.99, what = 'the drawing' } = {}) {
  const shot = await painted(page, locator);
  assert.ok(shot.colours >= colours && shot.commonest <= share, `${what} is drawn: ${shot.colours} colours, the commonest covers ${(shot.commonest * 100).toFixed(1)}%`);
  return shot;
}

/** Waits until `locator` looks the same in two shots 250 ms apart (a chart's drawing animation is over); returns that PNG. */
export async function steady(locator, { timeout = 10_000 } = {}) {
  let last = await locator.screenshot();
  return waitFor(
    async () => {
      const now = await locator.screenshot();
      const same = now.equals(last);
      last = now;
      return same ? now : undefined;
    },
    { timeout, interval: 250, message: 'the drawing to settle' },
  );
}

/** Waits until `locator` shows something else than `before` (a PNG from `painted`); returns the new PNG. */
export async function changedFrom(locator, before, { timeout = 10_000, message = 'the drawing to change' } = {}) {
  return waitFor(
    async () => {
      const now = await locator.screenshot();
      return now.equals(before) ? undefined : now;
    },
    { timeout, interval: 150, message },
  );
}

/** Waits until `locator`'s trimmed text matches `pattern`; returns it. */
export async function textMatching(locator, pattern, timeout = 15_000) {
  let last;
  try {
    return await waitFor(
      async () => {
        last = (await locator.textContent({ timeout: 1000 }).catch(() => undefined))?.trim();
        return typeof last === 'string' && pattern.test(last) ? last : undefined;
      },
      { timeout, message: `text matching ${pattern}` },
    );
  } catch (error) {
    error.message += ` (last text: ${JSON.stringify(last)})`;
    throw error;
  }
}

/**
 * A PDF of `pages` pages (300 × 200 pt), page n saying "Page n of N" in Helvetica (a standard font,
 * not embedded), written by hand: a header, the objects, a cross-reference table with their offsets.
 */
export function samplePdf(pages) {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids = [];
  for (let page = 1; page <= pages; page += 1) {
    const text = `BT /F1 24 Tf 30 90 Td (Page ${page} of ${pages}) Tj ET`;
    objects.push(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length} 0 R >>`);
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = out.length;
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const table = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${table}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A tenth of a second of a quiet tone as 16-bit mono WAV (8 kHz): what Web Audio decodes whatever the file is called. */
export function silentWav() {
  const samples = 800;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) wav.writeInt16LE(Math.round(2000 * Math.sin(i / 5)), 44 + i * 2);
  return wav;
}
