/**
 * The person's files on the wire, the built widget against real backends of both protocols: an
 * AG-UI agent (`@ag-ui/encoder`) that records each `RunAgentInput`, and an AI SDK v7 route whose
 * `validateUIMessages` + `convertToModelMessages` + `streamText` hand a mock model the prompt.
 * Inline files go as base64 of their exact bytes, uploaded ones as their address; every later run
 * (a follow-up, a regeneration, an edit) sends them again; an edited message keeps its files.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { agUiFilesBackend, startAiSdkFilesServer } from '../servers/attachment-servers.mjs';
import { aiSdkPage } from './ai-sdk-page.mjs';
import { chatTurn, launchChromium, openPage } from './browser.mjs';
import { chatPage, distBuilt, startPageServer } from './mcp-fixtures.mjs';

const SHOTS = '/tmp/shots/attach-data';
const PNG_SIZE = 32;

/**
 * In the page: a real PNG drawn on a canvas, a small PDF-like document and (when `uploadedUrl`) a
 * file that was uploaded; sends them with `text` as the composer does and waits for the reply.
 * Resolves with the files' bytes as the page has them.
 */
function sendWithFiles(page, text, uploadedUrl) {
  return page.evaluate(
    async ({ text, uploadedUrl, size }) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const context = canvas.getContext('2d');
      context.fillStyle = '#e07a1f';
      context.fillRect(0, 0, size, size);
      context.fillStyle = '#2f5bd3';
      context.fillRect(size / 4, size / 4, size / 2, size / 2);
      const png = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
      const pdf = new Blob(['%PDF-1.4 a tiny report'], { type: 'application/pdf' });
      const attachments = [
        { id: 'a-png', name: 'sketch.png', mimeType: 'image/png', size: png.size, blob: png },
        { id: 'a-pdf', name: 'Q3 report.pdf', mimeType: 'application/pdf', size: pdf.size, blob: pdf },
      ];
      if (uploadedUrl) attachments.push({ id: 'a-up', name: 'chart.png', mimeType: 'image/png', size: 67, url: uploadedUrl });
      const chat = document.querySelector('agent-chat');
      const ended = new Promise((resolve) => chat.addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true }));
      if (!chat.wiring.run.deliver(text, undefined, attachments)) throw new Error('not sent');
      const end = await ended;
      const bytes = async (blob) => [...new Uint8Array(await blob.arrayBuffer())];
      return { end, png: await bytes(png), pdf: await bytes(pdf) };
    },
    { text, uploadedUrl, size: PNG_SIZE },
  );
}

/** Runs `call` on the chat's session in the page (`edit`, `regenerate`) and waits for the reply. */
function sessionRun(page, method, ...args) {
  return page.evaluate(
    ({ method, args }) => {
      const chat = document.querySelector('agent-chat');
      const ended = new Promise((resolve) => chat.addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true }));
      const turnId = (role, index) => chat.getTurns().filter((turn) => turn.role === role)[index].id;
      const resolved = args.map((arg) => (Array.isArray(arg) ? turnId(...arg) : arg));
      if (!chat.wiring.run.session[method](...resolved)) throw new Error(`${method} refused`);
      return ended;
    },
    { method, args },
  );
}

const decoded = (base64) => [...Buffer.from(base64, 'base64')];
const fromDataUrl = (url) => {
  const match = /^data:([^;,]+);base64,(.*)$/.exec(url);
  assert.ok(match, `a base64 data URL: ${url.slice(0, 40)}`);
  return { mediaType: match[1], bytes: decoded(match[2]) };
};

/** Opens the thumbnail's state in the page: whether it decoded (naturalWidth). */
const thumbnailWidth = (page) =>
  page.evaluate(async () => {
    const find = () => {
      const walk = (root) => {
        for (const element of root.querySelectorAll('*')) {
          if (element.localName === 'agent-chat-user-attachments') return element.shadowRoot?.querySelector('img');
          const inner = element.shadowRoot && walk(element.shadowRoot);
          if (inner) return inner;
        }
        return undefined;
      };
      return walk(document);
    };
    for (let i = 0; i < 100 && !find(); i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const img = find();
    if (!img) return 0;
    await img.decode();
    return img.naturalWidth;
  });

async function screenshots(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.screenshot({ path: `${SHOTS}/${name}-${label}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('attachments on the wire', () => {
  let browser;
  before(async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    browser = await launchChromium();
  });
  after(() => browser?.close());

  it('AG-UI: image and document parts with base64 of the exact bytes, an uploaded file by url, sent again by every later run', async () => {
    const server = await startPageServer(agUiFilesBackend, { page: chatPage('', { attributes: 'storage="none"' }) });
    try {
      const { page, problems } = await openPage(browser, server.url);
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      const sent = await sendWithFiles(page, 'What do you see?', 'https://uploads.example.com/f/chart.png');
      assert.equal(sent.end.status, 'done');
      assert.match(sent.end.text, /Files: 3\. sketch\.png \(image, \d+\); Q3 report\.pdf \(document, 22\); chart\.png \(image, linked\)/);

      const [first] = server.requests;
      const user = first.messages.find((message) => message.role === 'user');
      const [text, image, document, uploaded] = user.content;
      assert.deepEqual(text, { type: 'text', text: 'What do you see?' });
      assert.equal(image.type, 'image');
      assert.equal(image.source.type, 'data');
      assert.equal(image.source.mimeType, 'image/png');
      assert.deepEqual(decoded(image.source.value), sent.png, 'the base64 is the image’s bytes');
      assert.deepEqual(image.metadata, { 'agent-chat': { name: 'sketch.png', size: sent.png.length } });
      assert.equal(document.type, 'document');
      assert.deepEqual(decoded(document.source.value), sent.pdf);
      assert.deepEqual(uploaded, {
        type: 'image',
        source: { type: 'url', value: 'https://uploads.example.com/f/chart.png', mimeType: 'image/png' },
        metadata: { 'agent-chat': { name: 'chart.png', size: 67 } },
      });

      // The person's message shows its files: the thumbnail decoded, a chip for the document.
      assert.equal(await thumbnailWidth(page), PNG_SIZE);
      await screenshots(page, 'ag-ui-sent-files');

      // A follow-up and a regeneration carry the first message's files again.
      await chatTurn(page, 'And the colours?');
      await sessionRun(page, 'regenerate', ['assistant', 1]);
      for (const request of server.requests.slice(1)) {
        const again = request.messages.find((message) => message.role === 'user').content;
        assert.deepEqual(
          again.map((part) => part.type),
          ['text', 'image', 'document', 'image'],
        );
        assert.deepEqual(decoded(again[1].source.value), sent.png);
      }

      // Editing the message keeps its files on the new version.
      const edited = await sessionRun(page, 'edit', ['user', 0], 'What is in the sketch?');
      assert.match(edited.text, /Files: 3\./);
      const last = server.requests.at(-1).messages;
      assert.equal(last.filter((message) => message.role === 'user').length, 1, 'the path after the edited message is dropped');
      assert.deepEqual(
        last[0].content.map((part) => part.type),
        ['text', 'image', 'document', 'image'],
      );
      assert.equal(last[0].content[0].text, 'What is in the sketch?');
      assert.deepEqual(decoded(last[0].content[2].source.value), sent.pdf);
      assert.deepEqual(problems, []);
      await page.close();
    } finally {
      await server.close();
    }
  });

  it('AI SDK: file parts (data URLs of the exact bytes, an uploaded file by url) pass validateUIMessages and reach the model', async () => {
    const ai = await startAiSdkFilesServer();
    const pages = await startPageServer(async (_input, res) => res.end());
    try {
      const uploadedUrl = 'https://uploads.example.com/f/chart.png';
      pages.setPage(aiSdkPage(ai.endpoint));
      const { page, problems } = await openPage(browser, pages.url);
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      const sent = await sendWithFiles(page, 'Describe these', uploadedUrl);
      assert.equal(sent.end.status, 'done', JSON.stringify({ invalid: ai.invalid, turns: await page.evaluate(() => document.querySelector('agent-chat').getTurns().at(-1)) }));
      assert.match(sent.end.text, /The model got 3 file\(s\): sketch\.png image\/png, Q3 report\.pdf application\/pdf, chart\.png image\/png/);

      const [body] = ai.requests;
      const [text, image, document, uploaded] = body.messages[0].parts;
      assert.deepEqual(text, { type: 'text', text: 'Describe these' });
      assert.equal(image.type, 'file');
      assert.equal(image.filename, 'sketch.png');
      assert.deepEqual(fromDataUrl(image.url), { mediaType: 'image/png', bytes: sent.png });
      assert.deepEqual(fromDataUrl(document.url), { mediaType: 'application/pdf', bytes: sent.pdf });
      assert.deepEqual(uploaded, { type: 'file', mediaType: 'image/png', filename: 'chart.png', url: uploadedUrl });

      // What the model was handed, after the SDK's own conversion.
      const files = ai.prompts[0].findLast((message) => message.role === 'user').content.filter((part) => part.type === 'file');
      assert.equal(files.length, 3);
      const bytesOf = (data) => {
        if (data instanceof Uint8Array) return [...data];
        if (data instanceof URL) return data.href;
        if (typeof data === 'string') return data.startsWith('data:') ? fromDataUrl(data).bytes : decoded(data);
        if (data?.type === 'data') return bytesOf(data.data);
        if (data?.type === 'url') return bytesOf(data.url);
        return data;
      };
      assert.deepEqual(bytesOf(files[0].data), sent.png, 'the model got the image’s bytes');
      assert.deepEqual(bytesOf(files[1].data), sent.pdf);
      assert.equal(bytesOf(files[2].data), uploadedUrl, 'the uploaded file goes to the model by its address');
      assert.equal(await thumbnailWidth(page), PNG_SIZE);
      await screenshots(page, 'ai-sdk-sent-files');

      // A follow-up sends the files of the first message again, and the model gets them again.
      const followUp = await chatTurn(page, 'Which one is bigger?');
      assert.equal(followUp.status, 'done');
      assert.deepEqual(
        ai.requests[1].messages[0].parts.map((part) => part.type),
        ['text', 'file', 'file', 'file'],
      );
      assert.deepEqual(fromDataUrl(ai.requests[1].messages[0].parts[1].url).bytes, sent.png);
      const firstUserAgain = ai.prompts[1].find((message) => message.role === 'user').content.filter((part) => part.type === 'file');
      assert.equal(firstUserAgain.length, 3);
      assert.deepEqual(ai.invalid, [], 'the SDK accepted every history');
      assert.deepEqual(problems, []);
      await page.close();
    } finally {
      await ai.close();
      await pages.close();
    }
  });
});
