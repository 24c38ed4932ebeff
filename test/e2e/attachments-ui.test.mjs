/**
 * Attachments in the built bundle, through the real file picker: the chunk loads only once
 * `attachments` is set; the attach button opens the browser's file chooser (Playwright's
 * `setFiles`), the chosen files show in the tray (a picture of the image), one of a kind not
 * accepted is refused and says why, and Send sends text and files, after which the tray empties.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchChromium, openPage } from './browser.mjs';
import { chatPage, distBuilt, startPageServer, waitFor } from './mcp-fixtures.mjs';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe('attachments through the file picker (built bundle)', () => {
  let pages;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    pages = await startPageServer(
      async (input, res, encoder) => {
        const send = (event) => res.write(encoder.encodeSSE(event));
        send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
        send({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' });
        send({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Got them.' });
        send({ type: 'TEXT_MESSAGE_END', messageId: 'm' });
        send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
        res.end();
      },
      { page: chatPage('', { attributes: 'storage="none" accept="image/*,.txt"' }) },
    );
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
  });

  it('loads on `attachments`, picks files with the button, refuses one, sends the rest with the text', async () => {
    const { page, problems } = await openPage(browser, pages.url);
    const chunks = [];
    page.on('request', (request) => {
      if (/attachments-ui-[\w-]+\.js$/.test(request.url())) chunks.push(request.url());
    });
    await page.locator('agent-chat textarea').waitFor();
    assert.equal(await page.locator('agent-chat [part="attach-button"]').count(), 0, 'no button without the attribute');
    assert.deepEqual(chunks, [], 'and no attachments chunk');

    await page.evaluate(() => {
      const chat = document.querySelector('agent-chat');
      window.sends = [];
      window.rejected = [];
      chat.addEventListener('agent-chat-send', (event) => window.sends.push(event.detail));
      chat.addEventListener('agent-chat-attachment-rejected', (event) => window.rejected.push(event.detail));
      chat.setAttribute('attachments', '');
    });
    const button = page.getByRole('button', { name: 'Attach files' });
    await button.waitFor();
    assert.equal(chunks.length, 1, 'the chunk loads once attachments is set');

    const chooser = page.waitForEvent('filechooser');
    await button.click();
    const picker = await chooser;
    assert.equal(picker.isMultiple(), true);
    await picker.setFiles([
      { name: 'dot.png', mimeType: 'image/png', buffer: PNG },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('three words here') },
      { name: 'slides.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
    ]);
    const chips = page.locator('agent-chat [part="attachment"]');
    await waitFor(async () => (await chips.count()) === 2, { message: 'two chips' });
    assert.deepEqual(await chips.locator('.name').allTextContents(), ['dot.png', 'notes.txt']);
    const preview = chips.first().locator('img');
    await waitFor(() => preview.evaluate((img) => img.complete && img.naturalWidth === 1), { message: 'the picture of the image' });
    assert.deepEqual(await page.evaluate(() => window.rejected), [{ name: 'slides.pdf', size: 8, type: 'application/pdf', reason: 'type' }]);
    assert.match(await page.locator('agent-chat [part="attachment-refusal"]').textContent(), /slides\.pdf was not attached/);

    await page.locator('agent-chat textarea').fill('Have a look');
    await page.getByRole('button', { name: 'Send' }).click();
    await waitFor(() => pages.requests.length === 1, { message: 'the request' });
    await waitFor(async () => (await chips.count()) === 0, { message: 'the tray empties' });
    const sends = await page.evaluate(() => window.sends);
    assert.equal(sends.length, 1);
    assert.equal(sends[0].text, 'Have a look');
    assert.deepEqual(sends[0].attachments, [
      { name: 'dot.png', size: PNG.length, type: 'image/png' },
      { name: 'notes.txt', size: 16, type: 'text/plain' },
    ]);
    assert.equal(await page.locator('agent-chat [part="attachment-refusal"]').count(), 0, 'the notice went with the message');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
