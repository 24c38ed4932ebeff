// The demo backend's issue-16 replies on both protocols: follow-up suggestions, sources, code in
// three languages, math, and what it tells about attached files (a PNG it decodes, a text file, a
// URL it must not fetch). Posts to the demo endpoints and reads the SSE in Node; one browser checks
// the demo page's settings and a reply through the built widget on each backend.
// Run: node --test test/e2e/demo-extras.test.mjs (after `npm run build`)

import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { EventSchema } from '@ag-ui/core/schemas';
import { startDemoServer } from '../../demo/server.mjs';
import { EXTRA_PROMPTS } from '../../demo/scripted-extras.mjs';
import { colourName, imageSize, pngAverageColour } from '../../demo/file-facts.mjs';
import { launchChromium } from './browser.mjs';
import { distBuilt } from './mcp-fixtures.mjs';
import { parseSse } from './sse.mjs';

// ---------------------------------------------------------------------------------------------
// A real PNG, encoded here: 4 × 3 opaque RGB pixels, each row with another filter type

function pngChunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function paeth(left, up, upLeft) {
  const estimate = left + up - upLeft;
  const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  return a <= b && a <= c ? left : b <= c ? up : upLeft;
}

/** Filters a row of RGB bytes with `filter` (0–4) against the row above. */
function filtered(row, above, filter) {
  const out = row.map((value, x) => {
    const left = x >= 3 ? row[x - 3] : 0;
    const up = above[x];
    const upLeft = x >= 3 ? above[x - 3] : 0;
    const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
    return (value - predicted + 256) & 0xff;
  });
  return [filter, ...out];
}

/** rows: arrays of [r, g, b] pixels. */
function encodePng(rows, filters) {
  const width = rows[0].length;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(rows.length, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filters, not interlaced
  let above = new Array(width * 3).fill(0);
  const raw = [];
  rows.forEach((pixels, y) => {
    const row = pixels.flat();
    raw.push(...filtered(row, above, filters[y % filters.length]));
    above = row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(raw))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const [DARK, LIGHT] = [
  [20, 60, 200],
  [40, 100, 240],
];
// Six of each: the average is (30, 80, 220) = #1e50dc, a blue.
const TILE_ROWS = [
  [DARK, LIGHT, DARK, LIGHT],
  [LIGHT, LIGHT, DARK, DARK],
  [DARK, DARK, LIGHT, LIGHT],
];
const TILE = encodePng(TILE_ROWS, [1, 4, 3]);
const TILE_NAME = 'blue tile <b>`x`</b>.png';
const NOTES = Buffer.from('\n  Shopping list: milk, eggs\nbread\n');

// ---------------------------------------------------------------------------------------------
// Talking to the demo server

let runs = 0;

async function agUiRun(baseUrl, content) {
  runs += 1;
  const response = await fetch(new URL('/api/agent', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({
      threadId: 'extras',
      runId: `run-${runs}`,
      messages: [{ id: `user-${runs}`, role: 'user', content }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
    }),
  });
  assert.equal(response.status, 200);
  const events = parseSse(await response.text());
  for (const event of events) assert.ok(EventSchema.safeParse(event).success, `${event.type} is a valid AG-UI event`);
  const text = events
    .filter((event) => event.type === 'TEXT_MESSAGE_CONTENT')
    .map((event) => event.delta)
    .join('');
  const custom = (name) => events.filter((event) => event.type === 'CUSTOM' && event.name === name).map((event) => event.value);
  return { events, text, suggestions: custom('agent-chat.suggestions'), sources: custom('agent-chat.sources') };
}

async function aiSdkReply(baseUrl, parts) {
  runs += 1;
  const response = await fetch(new URL('/api/ai-sdk', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: `chat-${runs}`, trigger: 'submit-message', messages: [{ id: `user-${runs}`, role: 'user', parts }] }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  const data = parseSse(await response.text().then((body) => body.replace(/^data: \[DONE\]$/m, '')));
  const text = data
    .filter((chunk) => chunk.type === 'text-delta')
    .map((chunk) => chunk.delta)
    .join('');
  const suggestions = data.filter((chunk) => chunk.type === 'data-agent-chat-suggestions');
  return { chunks: data, types: data.map((chunk) => chunk.type), text, suggestions, sources: data.filter((chunk) => chunk.type === 'source-url') };
}

const textPart = (text) => [{ type: 'text', text }];

/** Runs `use(url)` with a loopback URL that counts its requests; resolves to that count. */
async function countingFetchesOf(use) {
  let fetched = 0;
  const bait = http.createServer((req, res) => {
    fetched += 1;
    res.end();
  });
  await new Promise((resolve) => bait.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${bait.address().port}/far.png`);
  } finally {
    await new Promise((resolve) => bait.close(resolve));
  }
  return fetched;
}

/** Which reply a text got, by what only that reply says. */
function replyKind(text) {
  if (/```ts\n/.test(text)) return 'code';
  if (/quadratic formula/.test(text)) return 'math';
  if (/\[1\]/.test(text) && /example\.com/.test(text)) return 'sources';
  if (/paperclip/.test(text)) return 'attach';
  return 'other';
}

function assertCode(text) {
  for (const language of ['ts', 'python', 'sql']) assert.match(text, new RegExp(`^\`\`\`${language}\\n`, 'm'), `a ${language} block`);
  assert.equal(text.match(/^```$/gm)?.length, 3, 'three closed fences');
  assert.match(text, /SELECT city, ROUND\(AVG\(celsius\), 1\)/);
}

function assertMath(text) {
  assert.match(text, /^\$\$\nx = \\frac\{-b \\pm \\sqrt\{b\^2 - 4ac\}\}\{2a\}\n\$\$$/m, 'a $$ block');
  assert.match(text, /\$ax\^2 \+ bx \+ c = 0\$/, 'inline $…$');
  assert.match(text, /\\\(e\^\{i\\pi\} \+ 1 = 0\\\)/, 'inline \\(…\\)');
  assert.match(text, /^\\\[\n.+\n\\\]$/m, 'a \\[…\\] block');
  assert.match(text, /the coffee was \$5 and the cake \$10, so \$15 in all/, 'prices in prose');
}

/** The PNG's line: its name as written, format, pixel size, bytes, average colour. */
function assertTileDescribed(text) {
  const line = text.split('\n').find((entry) => entry.includes('blue tile'));
  assert.ok(line, text);
  assert.ok(line.includes('``blue tile <b>`x`</b>.png``'), `the name in a code span: ${line}`);
  assert.match(line, /a PNG image, 4 × 3 pixels/);
  assert.ok(line.includes(`${TILE.length} bytes`), line);
  assert.match(line, /On average it is blue \(`#1e50dc`\)/);
  assert.doesNotMatch(line, /transparent/);
}

describe('file facts the demo agents read', () => {
  it('decodes a filtered PNG and reads GIF, JPEG and WebP headers', () => {
    assert.deepEqual(imageSize(TILE), { format: 'PNG', width: 4, height: 3 });
    const average = pngAverageColour(TILE);
    assert.deepEqual({ ...average }, { red: 30, green: 80, blue: 220, hex: '#1e50dc', transparentShare: 0 });
    assert.equal(colourName(average), 'blue');
    assert.equal(colourName({ red: 250, green: 250, blue: 250 }), 'white');
    assert.equal(colourName({ red: 120, green: 60, blue: 20 }), 'brown');
    const gif = Buffer.from('GIF89a\x40\x01\xf0\x00\x00', 'latin1');
    assert.deepEqual(imageSize(gif), { format: 'GIF', width: 320, height: 240 });
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 480 and width 640.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...new Array(14).fill(0), 0xff, 0xc0, 0, 17, 8, 0x01, 0xe0, 0x02, 0x80, 3]);
    assert.deepEqual(imageSize(jpeg), { format: 'JPEG', width: 640, height: 480 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(1919, 24, 3);
    webp.writeUIntLE(1079, 27, 3);
    assert.deepEqual(imageSize(webp), { format: 'WebP', width: 1920, height: 1080 });
    assert.equal(imageSize(Buffer.from('%PDF-1.7')), undefined);
    assert.equal(pngAverageColour(TILE.subarray(0, 40)), undefined, 'a cut-off PNG is not averaged');
  });
});

describe('the demo backend’s code, math, sources, suggestions and attachments', () => {
  let server;
  let browser;
  before(async () => {
    server = await startDemoServer({ port: 0, delayMs: 0, log: () => {}, env: {} });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('AG-UI: code, math and sources replies, each with follow-ups that lead to another of them', async () => {
    const code = await agUiRun(server.url, EXTRA_PROMPTS.code);
    assertCode(code.text);
    const math = await agUiRun(server.url, EXTRA_PROMPTS.math);
    assertMath(math.text);
    const sources = await agUiRun(server.url, EXTRA_PROMPTS.sources);
    assert.deepEqual(sources.sources.length, 1, 'one agent-chat.sources event');
    const listed = sources.sources[0].sources;
    assert.equal(listed.length, 3);
    for (const { url, title } of listed) {
      assert.equal(new URL(url).host, 'example.com');
      assert.ok(title.length > 0);
    }
    assert.match(sources.text, /\[1\].*\[2\].*\[3\]/s);

    for (const [kind, reply] of Object.entries({ code, math, sources })) {
      assert.equal(reply.suggestions.length, 1, `${kind}: one agent-chat.suggestions event`);
      const last = reply.events.at(-2);
      assert.equal(last.type === 'CUSTOM' && last.name, 'agent-chat.suggestions', `${kind}: follow-ups come last, before RUN_FINISHED`);
      const chips = reply.suggestions[0].suggestions;
      assert.ok(chips.length >= 2 && chips.every((chip) => chip.label && chip.prompt), JSON.stringify(chips));
      for (const chip of chips) {
        const next = await agUiRun(server.url, chip.prompt);
        assert.notEqual(replyKind(next.text), 'other', `"${chip.prompt}" gets a scripted reply`);
        assert.notEqual(replyKind(next.text), kind, `"${chip.prompt}" leads elsewhere`);
      }
    }
  });

  it('AG-UI: describes an attached PNG and text file, and does not fetch a URL attachment', async () => {
    const fetched = await countingFetchesOf(async (url) => {
      const reply = await agUiRun(server.url, [
        { type: 'text', text: 'What are these?' },
        { type: 'image', source: { type: 'data', value: TILE.toString('base64'), mimeType: 'image/png' }, metadata: { 'agent-chat': { name: TILE_NAME, size: TILE.length } } },
        {
          type: 'document',
          source: { type: 'data', value: NOTES.toString('base64'), mimeType: 'text/plain' },
          metadata: { 'agent-chat': { name: 'notes.txt', size: NOTES.length } },
        },
        { type: 'image', source: { type: 'url', value: url, mimeType: 'image/png' }, metadata: { 'agent-chat': { name: 'far.png', size: 2048 } } },
      ]);
      assert.match(reply.text, /^You attached 3 files\./);
      assertTileDescribed(reply.text);
      assert.ok(reply.text.includes(`\`notes.txt\`: a text file (\`text/plain\`), ${NOTES.length} bytes. Its first line: \`Shopping list: milk, eggs\`.`), reply.text);
      assert.match(reply.text, /`far\.png`: an image \(`image\/png`\) sent as a URL on `127\.0\.0\.1:\d+`, 2\.0 KB \(2,048 bytes\)/);
      assert.equal(reply.suggestions.length, 1);
    });
    assert.equal(fetched, 0, 'the URL was not fetched');
  });

  it('AI SDK: the same replies through streamText, with source-url chunks and follow-ups before finish', async () => {
    const code = await aiSdkReply(server.url, textPart(EXTRA_PROMPTS.code));
    assertCode(code.text);
    const math = await aiSdkReply(server.url, textPart(EXTRA_PROMPTS.math));
    assertMath(math.text);
    const sources = await aiSdkReply(server.url, textPart(EXTRA_PROMPTS.sources));
    assert.deepEqual(
      sources.sources.map(({ url }) => new URL(url).host),
      ['example.com', 'example.com', 'example.com'],
    );
    assert.ok(sources.sources.every((chunk) => chunk.sourceId && chunk.title));
    assert.ok(sources.types.indexOf('source-url') < sources.types.indexOf('text-start'), 'sources before the text');
    for (const [kind, reply] of Object.entries({ code, math, sources })) {
      assert.equal(reply.suggestions.length, 1, `${kind}: one suggestions chunk`);
      assert.equal(reply.types.at(-2), 'data-agent-chat-suggestions', `${kind}: just before finish`);
      assert.equal(reply.types.at(-1), 'finish');
      const chips = reply.suggestions[0].data.suggestions;
      assert.ok(chips.length >= 2, JSON.stringify(chips));
      for (const chip of chips) assert.notEqual(replyKind((await aiSdkReply(server.url, textPart(chip.prompt))).text), 'other', chip.prompt);
    }
    const weather = await aiSdkReply(server.url, textPart('weather in Lisbon'));
    assert.equal(weather.suggestions.length, 0, 'the older replies send no follow-ups');
  });

  it('AI SDK: describes attached file parts (a data URL PNG, a text file) and leaves a URL unfetched', async () => {
    const fetched = await countingFetchesOf(async (url) => {
      const reply = await aiSdkReply(server.url, [
        { type: 'text', text: 'describe' },
        { type: 'file', mediaType: 'image/png', filename: TILE_NAME, url: `data:image/png;base64,${TILE.toString('base64')}` },
        { type: 'file', mediaType: 'text/plain', filename: 'notes.txt', url: `data:text/plain;base64,${NOTES.toString('base64')}` },
        { type: 'file', mediaType: 'image/jpeg', filename: 'remote.jpg', url },
      ]);
      assert.match(reply.text, /^You attached 3 files\./);
      assertTileDescribed(reply.text);
      assert.match(reply.text, /Its first line: `Shopping list: milk, eggs`/);
      assert.match(reply.text, /`remote\.jpg`: an image \(`image\/jpeg`\) sent as a URL on `127\.0\.0\.1:\d+`\. I do not fetch URLs/);
      assert.match(reply.text, /AI SDK `file` parts/);
      assert.equal(reply.suggestions.length, 1);
    });
    assert.equal(fetched, 0, 'streamText did not download the URL');
  });

  it('the demo page: attachments, feedback, math and starter chips on both backends; chips, follow-ups and an attached PNG through the widget', async () => {
    assert.ok(distBuilt(), 'run `npm run build` first');
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    /** Does `act`, then resolves with the reply's text once it ends. */
    const replyTo = async (act) => {
      const ended = page.evaluate(
        () => new Promise((resolve) => document.querySelector('agent-chat').addEventListener('agent-chat-response-end', (event) => resolve(event.detail), { once: true })),
      );
      await act();
      const detail = await ended;
      assert.equal(detail.status, 'done');
      return page.evaluate(() => JSON.stringify(document.querySelector('agent-chat').getTurns().at(-1)));
    };
    const chip = (label) => page.locator('agent-chat [part~="suggestion"]', { hasText: label });
    for (const protocol of ['ag-ui', 'ai-sdk']) {
      await page.goto(`${server.url}?protocol=${protocol}`);
      await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
      await page.evaluate(() => document.querySelector('agent-chat').newThread());
      const settings = await page.evaluate(() => {
        const chat = document.querySelector('agent-chat');
        return {
          protocol: chat.getAttribute('protocol') ?? 'ag-ui',
          flags: ['attachments', 'feedback', 'math'].filter((name) => chat.hasAttribute(name)),
          prompts: [...chat.querySelectorAll('agent-chat-suggestion')].map((entry) => entry.getAttribute('prompt')),
        };
      });
      assert.deepEqual(settings.flags, ['attachments', 'feedback', 'math'], protocol);
      assert.equal(settings.protocol, protocol);
      assert.deepEqual(settings.prompts, [EXTRA_PROMPTS.code, EXTRA_PROMPTS.math, EXTRA_PROMPTS.sources, EXTRA_PROMPTS.attach]);

      const math = await replyTo(() => chip('An equation').click());
      assert.match(math, /quadratic formula/, `${protocol}: the starter chip sent its prompt`);
      // A follow-up's prompt is not its label: it goes into the composer, and the person sends it.
      await chip('An answer with sources').click();
      assert.equal(await page.locator('agent-chat textarea').inputValue(), EXTRA_PROMPTS.sources, `${protocol}: the follow-up chip filled the composer`);
      const sources = await replyTo(() => page.locator('agent-chat textarea').press('Enter'));
      assert.match(sources, /823,000 bicycle trips/, `${protocol}: its prompt was sent`);
      assert.match(sources, /example\.com\/reports\/mobility-2024/, `${protocol}: the sources are in the reply`);

      const chooser = page.waitForEvent('filechooser');
      await page.locator('agent-chat [part~="attach-button"]').click();
      await (await chooser).setFiles({ name: 'tile.png', mimeType: 'image/png', buffer: TILE });
      const described = await replyTo(async () => {
        await page.locator('agent-chat textarea').fill('What is this?');
        await page.locator('agent-chat textarea').press('Enter');
      });
      assert.match(described, /a PNG image, 4 × 3 pixels/, `${protocol}: the PNG went over the wire and was described`);
      assert.match(described, /#1e50dc/);
    }
    assert.deepEqual(problems, []);
  });
});
