/**
 * Direction controls in untrusted labels, on the built bundle in Chromium against a real AG-UI
 * stream: a RIGHT-TO-LEFT OVERRIDE (U+202E) in a follow-up's label, a source's title, a tool's
 * name on its card, the thread title the backend sends, and the names of files attached (the tray, the refusal notice, the sent
 * message's chip and thumbnail) is shown as a visible ⟨RLO⟩, never obeyed: `invoice‮fdp.exe` must
 * not read "invoiceexe.pdf". Checked on the text drawn, the characters' x positions, and the
 * accessible names.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchChromium, openPage } from './browser.mjs';
import { chatPage, distBuilt, startPageServer, waitFor } from './mcp-fixtures.mjs';

const RLO = '\u202E';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Every reply cites a source, offers a follow-up and names the thread, each with an override inside. */
async function backend(input, res, encoder) {
  const send = (event) => res.write(encoder.encodeSSE(event));
  const { threadId, runId } = input;
  send({ type: 'RUN_STARTED', threadId, runId });
  send({ type: 'TEXT_MESSAGE_START', messageId: `m-${runId}`, role: 'assistant' });
  send({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${runId}`, delta: 'Here it is.' });
  send({ type: 'TEXT_MESSAGE_END', messageId: `m-${runId}` });
  // A server tool whose name the model chose.
  const toolCallId = `t-${runId}`;
  send({ type: 'TOOL_CALL_START', toolCallId, toolCallName: `run${RLO}fdp.exe`, parentMessageId: `m-${runId}` });
  send({ type: 'TOOL_CALL_ARGS', toolCallId, delta: '{}' });
  send({ type: 'TOOL_CALL_END', toolCallId });
  send({ type: 'TOOL_CALL_RESULT', messageId: `r-${runId}`, toolCallId, content: 'ok' });
  send({ type: 'CUSTOM', name: 'agent-chat.sources', value: { sources: [{ url: 'https://example.com/report', title: `Report${RLO}fdp.exe` }] } });
  send({ type: 'CUSTOM', name: 'agent-chat.suggestions', value: { suggestions: [{ label: `Open invoice${RLO}fdp.exe` }] } });
  send({ type: 'CUSTOM', name: 'agent-chat.thread-title', value: `Budget${RLO}fdp.exe` });
  send({ type: 'RUN_FINISHED', threadId, runId });
  res.end();
}

/**
 * How `element` shows its text: `innerText`, and whether `first` is drawn left of the last
 * character of `last` (reading order kept, in this left-to-right page).
 */
function shown(locator, first, last) {
  return locator.evaluate(
    (element, [first, last]) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const nodes = [];
      let all = '';
      while (walker.nextNode()) {
        nodes.push([walker.currentNode, all.length]);
        all += walker.currentNode.data;
      }
      const leftOf = (index) => {
        const [node, start] = nodes.findLast(([, start]) => start <= index);
        const range = document.createRange();
        range.setStart(node, index - start);
        range.setEnd(node, index - start + 1);
        return range.getBoundingClientRect().left;
      };
      const from = all.indexOf(first);
      const to = all.lastIndexOf(last) + last.length - 1;
      return { text: element.innerText.replace(/\s+/g, ' ').trim(), inOrder: from >= 0 && to > from && leftOf(from) < leftOf(to) };
    },
    [first, last],
  );
}

describe('direction controls in untrusted labels are shown, not obeyed (built bundle)', () => {
  let pages;
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    pages = await startPageServer(backend, { page: chatPage('', { attributes: 'storage-key="labels-bidi" attachments accept="image/*,.txt"' }) });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await pages?.close();
  });

  it('file names, a source title, a follow-up label and the thread title show ⟨RLO⟩ in reading order', async () => {
    const { page, problems } = await openPage(browser, pages.url);
    const chat = page.locator('agent-chat');
    await chat.locator('[part="attach-button"]').waitFor();

    // The tray: one image and one text file accepted, one program refused.
    const chooser = page.waitForEvent('filechooser');
    await chat.locator('[part="attach-button"]').click();
    await (
      await chooser
    ).setFiles([
      { name: `invoice${RLO}fdp.exe`, mimeType: 'image/png', buffer: PNG },
      { name: `notes${RLO}fdp.txt`, mimeType: 'text/plain', buffer: Buffer.from('three words here') },
      { name: `contract${RLO}fdp.exe`, mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    ]);
    const chips = chat.locator('[part="attachment"]');
    await waitFor(async () => (await chips.count()) === 2, { message: 'two chips in the tray' });
    assert.deepEqual(await shown(chips.nth(0).locator('.name'), 'fdp', 'exe'), { text: 'invoice⟨RLO⟩fdp.exe', inOrder: true }, 'tray chip');
    assert.deepEqual(await shown(chips.nth(1).locator('.name'), 'fdp', 'txt'), { text: 'notes⟨RLO⟩fdp.txt', inOrder: true }, 'tray chip');
    assert.equal(await chips.nth(0).locator('.name').getAttribute('title'), 'invoice⟨RLO⟩fdp.exe', 'the tooltip says the same');
    assert.equal(await chips.nth(0).locator('[part="attachment-remove"]').getAttribute('aria-label'), 'Remove invoice⟨RLO⟩fdp.exe', 'the remove button is named the same');
    const refusal = await shown(chat.locator('[part="attachment-refusal"] span'), 'fdp', 'exe');
    assert.deepEqual(refusal, { text: 'contract⟨RLO⟩fdp.exe was not attached: files of this type are not accepted.', inOrder: true }, 'refusal notice');

    // Sent: the message's chip and the thumbnail's link.
    const ended = page.evaluate(() => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', resolve, { once: true })));
    await chat.locator('textarea').fill('Have a look');
    await chat.locator('textarea').press('Enter');
    await ended;
    const sent = chat.locator('[part="message-attachment"]');
    await waitFor(async () => (await sent.count()) === 2, { message: 'two files on the sent message' });
    assert.equal(await sent.nth(0).locator('a.thumb').getAttribute('aria-label'), 'Open image invoice⟨RLO⟩fdp.exe', 'thumbnail link');
    assert.deepEqual(await shown(sent.nth(1).locator('.name'), 'fdp', 'txt'), { text: 'notes⟨RLO⟩fdp.txt', inOrder: true }, 'sent chip');
    assert.equal(await sent.nth(1).locator('.name').getAttribute('title'), 'notes⟨RLO⟩fdp.txt');

    // The reply's source (the list opened) and its follow-up.
    await chat.locator('[part="sources"] summary').click();
    assert.deepEqual(await shown(chat.locator('[part="sources"] a'), 'fdp', 'exe'), { text: 'Report⟨RLO⟩fdp.exe', inOrder: true }, 'source title');
    const suggestion = chat.locator('[part="suggestion"]');
    await suggestion.waitFor();
    assert.deepEqual(await shown(suggestion, 'fdp', 'exe'), { text: 'Open invoice⟨RLO⟩fdp.exe', inOrder: true }, 'follow-up label');
    await page.getByRole('button', { name: 'Open invoice⟨RLO⟩fdp.exe' }).waitFor({ timeout: 2000 });

    // The tool card's title.
    assert.deepEqual(await shown(chat.locator('[part="tool-card-header"] .title'), 'fdp', 'exe'), { text: 'run⟨RLO⟩fdp.exe', inOrder: true }, 'tool card title');

    // The thread title the backend sent, in the list of conversations.
    await chat.locator('[part="threads-button"]').click();
    const title = chat.locator('[part="thread-item"] .title').first();
    await waitFor(async () => (await title.count()) === 1 && (await title.textContent()).includes('Budget'), { message: 'the titled thread' });
    assert.deepEqual(await shown(title, 'fdp', 'exe'), { text: 'Budget⟨RLO⟩fdp.exe', inOrder: true }, 'thread title');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
