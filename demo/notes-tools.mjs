/**
 * The demo's notes MCP server (behind OAuth, see protected-mcp-server.mjs): what a hosted server
 * does that a scripted backend cannot show — a call that takes a while and reports its progress
 * (`export_notes`), a form it asks the person to fill in (`add_note`, elicitation), and an image
 * result (`notes_chart`, a PNG drawn here). The notes live in memory, one list for everyone.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { McpServer } from '@modelcontextprotocol/server';

const notes = ['Buy tram tickets', 'Call the bakery', 'Pack the umbrella'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PNG of `width`×`height` whose pixel (x, y) is `colour(x, y)` ([r, g, b]). */
function png(width, height, colour) {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set(colour(x, y), row + 1 + x * 3);
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Bars of the notes' lengths, on white. */
function chart() {
  const width = 240;
  const height = 120;
  const longest = Math.max(...notes.map((note) => note.length));
  const bar = Math.floor(width / notes.length);
  return png(width, height, (x, y) => {
    const index = Math.min(Math.floor(x / bar), notes.length - 1);
    const top = height - Math.round((notes[index].length / longest) * (height - 10));
    const inBar = x % bar > 6 && x % bar < bar - 6 && y >= top;
    return inBar ? [37, 99, 235] : [255, 255, 255];
  });
}

export function createNotesServer() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' }, { instructions: 'The person’s notes. Ask before adding one; exporting takes a few seconds.' });
  server.registerTool('list_notes', { title: 'List notes', description: 'Lists the signed-in person’s notes.' }, async () => ({
    content: [{ type: 'text', text: `Your notes: ${notes.map((note) => `"${note}"`).join(', ')}.` }],
  }));
  server.registerTool('export_notes', { title: 'Export notes', description: 'Exports every note, one at a time (a few seconds), reporting progress.' }, async (ctx) => {
    const token = ctx.mcpReq._meta?.progressToken;
    const steps = 8;
    for (let step = 1; step <= steps; step++) {
      await sleep(700);
      if (ctx.mcpReq.signal.aborted) return { content: [{ type: 'text', text: 'Export stopped.' }], isError: true };
      if (token !== undefined) {
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken: token, progress: step, total: steps, message: `Exporting part ${step} of ${steps}` },
        });
      }
    }
    return { content: [{ type: 'text', text: `Exported ${notes.length} notes to notes.txt.` }] };
  });
  server.registerTool('add_note', { title: 'Add a note', description: 'Adds a note; the person writes it in a form.' }, async (ctx) => {
    const answer = await ctx.mcpReq.elicitInput({
      mode: 'form',
      message: 'What should the new note say?',
      requestedSchema: {
        type: 'object',
        properties: {
          text: { type: 'string', title: 'Note', minLength: 1, maxLength: 200 },
          pinned: { type: 'boolean', title: 'Pin it to the top', default: false },
        },
        required: ['text'],
      },
    });
    if (answer.action !== 'accept' || typeof answer.content?.text !== 'string') return { content: [{ type: 'text', text: `No note added (${answer.action}).` }] };
    if (answer.content.pinned) notes.unshift(answer.content.text);
    else notes.push(answer.content.text);
    return { content: [{ type: 'text', text: `Added "${answer.content.text}". You now have ${notes.length} notes.` }] };
  });
  server.registerTool('notes_chart', { title: 'Chart of notes', description: 'Draws the notes’ lengths as a bar chart (an image).' }, async () => ({
    content: [
      { type: 'text', text: `A bar chart of your ${notes.length} notes by length.` },
      { type: 'image', data: chart().toString('base64'), mimeType: 'image/png' },
    ],
  }));
  return server;
}
