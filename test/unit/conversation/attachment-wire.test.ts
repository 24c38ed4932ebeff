/**
 * The person's files on the wire (AG-UI content parts, AI SDK file parts), in stored records and in
 * export files: pure modules, real Blobs.
 */
import { expect } from '@open-wc/testing';
import { fileKind, fileSizeText, isPicture } from '../../../src/conversation/attachment-labels.js';
import { attachmentsFromContent, base64FromBytes, bytesFromBase64, contentPartType, encodeAttachments, userContent } from '../../../src/conversation/attachment-wire.js';
import { historyFromTurns, turnsFromHistory } from '../../../src/conversation/history.js';
import { applyMessagesSnapshot } from '../../../src/conversation/reduce/reduce-snapshot.js';
import type { Attachment, Turn, UserTurn } from '../../../src/conversation/types.js';
import { uiMessagesFromTurns } from '../../../src/protocol/ai-sdk/request.js';
import { nodesWithBlobs, portableNodes } from '../../../src/storage/attachment-records.js';
import { parseNodeRecord, parseThreadExport } from '../../../src/storage/records.js';

const PNG = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
const decode = (base64: string) => [...bytesFromBase64(base64)];

function userWith(attachments: Attachment[], text = 'look at these'): UserTurn {
  return { role: 'user', id: 'u1', text, attachments };
}

const image = (): Attachment => ({ id: 'a1', name: 'dot.png', mimeType: 'image/png', size: PNG.length, blob: new Blob([PNG], { type: 'image/png' }) });
const pdf = (): Attachment => ({ id: 'a2', name: 'report.pdf', mimeType: 'application/pdf', size: 4, blob: new Blob(['%PDF'], { type: 'application/pdf' }) });
const uploaded = (): Attachment => ({ id: 'a3', name: 'clip.mp4', mimeType: 'video/mp4', size: 1234, url: 'https://files.example/clip.mp4' });

describe('attachments: base64 and part types', () => {
  it('base64 round trips bytes of every value, also past one slice', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    const text = base64FromBytes(bytes);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    expect(text).to.equal(btoa(binary));
    expect([...bytesFromBase64(text)]).to.deep.equal([...bytes]);
    expect(base64FromBytes(new TextEncoder().encode('hi!'))).to.equal('aGkh');
  });

  it('a media type picks the AG-UI part', () => {
    expect(['image/png', 'audio/mpeg', 'video/mp4', 'application/pdf', 'text/plain', ''].map(contentPartType)).to.deep.equal([
      'image',
      'audio',
      'video',
      'document',
      'document',
      'document',
    ]);
  });
});

describe('attachments: AG-UI content parts', () => {
  it('inline files go as data sources once read, with name and size under metadata["agent-chat"]', async () => {
    const turns: Turn[] = [userWith([image(), pdf(), uploaded()])];
    await encodeAttachments(turns);
    const [message] = historyFromTurns(turns);
    expect(message.role).to.equal('user');
    const content = message.content as any[];
    expect(content.map((part) => part.type)).to.deep.equal(['text', 'image', 'document', 'video']);
    expect(content[0]).to.deep.equal({ type: 'text', text: 'look at these' });
    expect(content[1].source.type).to.equal('data');
    expect(content[1].source.mimeType).to.equal('image/png');
    expect(decode(content[1].source.value)).to.deep.equal([...PNG]);
    expect(content[1].metadata).to.deep.equal({ 'agent-chat': { name: 'dot.png', size: PNG.length } });
    expect(atob(content[2].source.value)).to.equal('%PDF');
    expect(content[3].source).to.deep.equal({ type: 'url', value: 'https://files.example/clip.mp4', mimeType: 'video/mp4' });
  });

  it('a message without files stays plain text; a snapshot’s multimodal content is sent as it came', () => {
    const snapshot = [
      { type: 'text', text: 'hi' },
      { type: 'image', source: { type: 'url', value: 'https://x.example/a.png' } },
    ];
    const history = historyFromTurns([
      { role: 'user', id: 'u1', text: 'plain' },
      { role: 'user', id: 'u2', text: 'hi', content: snapshot },
    ]);
    expect(history.map((message) => message.content)).to.deep.equal(['plain', snapshot]);
  });

  it('each Blob is read once, however many requests carry it', async () => {
    const attachment = image();
    let reads = 0;
    const read = attachment.blob!.arrayBuffer.bind(attachment.blob);
    attachment.blob!.arrayBuffer = () => (reads++, read());
    const turns: Turn[] = [userWith([attachment])];
    await Promise.all([encodeAttachments(turns), encodeAttachments(turns)]);
    await encodeAttachments(turns);
    expect(reads).to.equal(1);
    expect((userContent(turns[0] as UserTurn) as any[])[1].source.type).to.equal('data');
  });

  it('a file that cannot be read is left out with a warning; the request is still made', async () => {
    const broken = image();
    broken.blob!.arrayBuffer = () => Promise.reject(new DOMException('gone', 'NotReadableError'));
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args[0]);
    try {
      const turns: Turn[] = [userWith([broken, pdf()])];
      await encodeAttachments(turns);
      expect((userContent(turns[0] as UserTurn) as any[]).map((part) => part.type)).to.deep.equal(['text', 'document']);
      expect(String(warnings[0])).to.contain('dot.png');
    } finally {
      console.warn = warn;
    }
  });
});

describe('attachments: files of a MESSAGES_SNAPSHOT', () => {
  const content = [
    { type: 'text', text: 'see' },
    { type: 'image', source: { type: 'data', value: 'aGkh', mimeType: 'image/png' }, metadata: { 'agent-chat': { name: 'dot.png', size: 3 } } },
    { type: 'document', source: { type: 'url', value: 'https://files.example/a%20b.pdf', mimeType: 'application/pdf' } },
    { type: 'image', source: { type: 'file', value: 'file-abc', provider: 'openai' } },
    { type: 'binary', mimeType: 'text/plain', data: 'aGVsbG8=', filename: 'hello.txt' },
  ];

  it('its user messages show their files (by address), and their content goes back as it came', () => {
    expect(attachmentsFromContent('m', content)).to.deep.equal([
      { id: 'm:file:1', name: 'dot.png', mimeType: 'image/png', size: 3, url: 'data:image/png;base64,aGkh' },
      { id: 'm:file:2', name: 'a b.pdf', mimeType: 'application/pdf', size: 0, url: 'https://files.example/a%20b.pdf' },
      { id: 'm:file:4', name: 'hello.txt', mimeType: 'text/plain', size: 5, url: 'data:text/plain;base64,aGVsbG8=' },
    ]);
    const [turn] = turnsFromHistory([{ id: 'm', role: 'user', content }]) as UserTurn[];
    expect(turn.text).to.equal('see');
    expect(turn.attachments!.length).to.equal(3);
    expect(historyFromTurns([turn])[0].content).to.equal(content);
    expect(uiMessagesFromTurns([turn])[0].parts.map((part) => (part as { url?: string }).url ?? part.type)).to.deep.equal([
      'text',
      'data:image/png;base64,aGkh',
      'https://files.example/a%20b.pdf',
      'data:text/plain;base64,aGVsbG8=',
    ]);
  });

  it('a message sent from here keeps its Blobs when the snapshot echoes it; an edited copy sends a data URL file as data', () => {
    const local = userWith([image()]);
    const state = { turns: [local], agentState: undefined };
    const next = applyMessagesSnapshot(state, [
      { id: 'u1', role: 'user', content: [{ type: 'text', text: 'look at these' }, content[1]] },
      { id: 'a', role: 'assistant', content: 'ok' },
    ]);
    expect(next.turns[0]).to.equal(local);
    const copy: UserTurn = { role: 'user', id: 'u2', text: 'again', attachments: attachmentsFromContent('m', content).slice(0, 1) };
    expect((userContent(copy) as any[])[1].source).to.deep.equal({ type: 'data', value: 'aGkh', mimeType: 'image/png' });
  });
});

describe('attachments: AI SDK file parts', () => {
  it('inline files are data URLs, uploaded ones their address; the text part comes first', async () => {
    const turns: Turn[] = [userWith([image(), uploaded()])];
    await encodeAttachments(turns);
    const [message] = uiMessagesFromTurns(turns);
    expect(message.parts[0]).to.deep.equal({ type: 'text', text: 'look at these' });
    const [inline, byUrl] = message.parts.slice(1) as any[];
    expect(inline.type).to.equal('file');
    expect(inline.mediaType).to.equal('image/png');
    expect(inline.filename).to.equal('dot.png');
    expect(inline.url.startsWith('data:image/png;base64,')).to.equal(true);
    expect(decode(inline.url.split(',')[1])).to.deep.equal([...PNG]);
    expect(byUrl).to.deep.equal({ type: 'file', mediaType: 'video/mp4', filename: 'clip.mp4', url: 'https://files.example/clip.mp4' });
  });

  it('files without text need no empty text part', async () => {
    const turns: Turn[] = [userWith([pdf()], '')];
    await encodeAttachments(turns);
    expect(uiMessagesFromTurns(turns)[0].parts.map((part) => part.type)).to.deep.equal(['file']);
  });
});

describe('attachments: stored records and export files', () => {
  const node = (turn: Turn) => ({ threadId: 't', id: turn.id, parentId: null, seq: 0, turn });

  it('a stored user turn keeps its Blob; an attachment of the wrong shape is left out, bytes that are no Blob are dropped', () => {
    const good = image();
    const record = parseNodeRecord(node(userWith([good])))!;
    expect((record.turn as UserTurn).attachments![0].blob).to.equal(good.blob);
    const mixed = parseNodeRecord(node(userWith([{ id: 'x' } as unknown as Attachment, { ...pdf(), blob: {} as Blob }])))!;
    const kept = (mixed.turn as UserTurn).attachments!;
    expect(kept.length).to.equal(1);
    expect(kept[0].name).to.equal('report.pdf');
    expect('blob' in kept[0]).to.equal(false);
  });

  it('export carries base64 data, import makes Blobs of it with the same bytes', async () => {
    const [portable] = await portableNodes([{ id: 'u1', parentId: null, seq: 0, turn: userWith([image(), uploaded()]) }]);
    const files = (portable.turn as any).attachments;
    expect(files[0].blob).to.equal(undefined);
    expect(decode(files[0].data)).to.deep.equal([...PNG]);
    expect(files[1]).to.deep.equal(uploaded());
    const text = JSON.stringify({
      format: 'agent-chat-thread',
      version: 1,
      exported: 1,
      thread: { id: 't', title: 'x', titleSource: 'person', created: 1, updated: 1 },
      nodes: [portable],
    });
    const parsed = parseThreadExport(text);
    if (!parsed.ok) throw new Error(parsed.error);
    const [back, byUrl] = (parsed.value.nodes[0].turn as UserTurn).attachments!;
    expect(back.blob instanceof Blob).to.equal(true);
    expect(back.blob!.type).to.equal('image/png');
    expect([...new Uint8Array(await back.blob!.arrayBuffer())]).to.deep.equal([...PNG]);
    expect('data' in back).to.equal(false);
    expect(byUrl.url).to.equal('https://files.example/clip.mp4');
  });

  it('an old export without attachments imports as before; data that is not base64 leaves the file named, without bytes', () => {
    const old = {
      format: 'agent-chat-thread',
      version: 1,
      exported: 1,
      thread: { id: 't', title: 'x', titleSource: 'person', created: 1, updated: 1 },
      nodes: [{ id: 'u1', parentId: null, seq: 0, turn: { role: 'user', id: 'u1', text: 'hi' } }],
    };
    const parsed = parseThreadExport(old);
    expect(parsed.ok && parsed.value.nodes[0].turn).to.deep.equal({ role: 'user', id: 'u1', text: 'hi' });
    const [bad] = nodesWithBlobs([
      { turn: { role: 'user', id: 'u', text: '', attachments: [{ id: 'a', name: 'n', mimeType: 'text/plain', size: 1, data: '***' }] } as unknown as Turn },
    ]);
    expect((bad.turn as UserTurn).attachments).to.deep.equal([{ id: 'a', name: 'n', mimeType: 'text/plain', size: 1 }]);
  });
});

describe('attachments: what a chip says', () => {
  it('kind from the extension, else the media subtype; size in the chat’s language', () => {
    expect(fileKind('report.final.pdf', 'application/pdf')).to.equal('PDF');
    expect(fileKind('notes', 'text/markdown')).to.equal('MARKDOWN');
    expect(fileKind('blob', 'application/octet-stream')).to.equal('');
    expect(fileSizeText(512, 'en')).to.equal('512 bytes');
    expect(fileSizeText(12_345, 'en')).to.equal('12 kB');
    expect(fileSizeText(3_400_000, 'de')).to.equal('3,2 MB');
    expect(fileSizeText(5 * 1024 * 1024 - 1, 'en'), 'just under a 5 MB max-file-size').to.equal('5 MB');
    expect(isPicture('image/png') && !isPicture('image/tiff') && !isPicture('text/html')).to.equal(true);
  });
});
