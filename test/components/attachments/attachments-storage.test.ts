/**
 * The person's files in IndexedDB (real database, real Blobs): stored as Blobs with the message,
 * shown again after a reload (the thumbnail decodes), exported and imported with their bytes,
 * deleted with their thread, and a full disk keeps them in memory with the storage notice. The
 * view of a sent message's files: thumbnails, chips, the `images` policy for files known by address.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { Attachment, UserTurn } from '../../../src/conversation/types.js';
import type { AgentChatStorageErrorDetail } from '../../../src/events.js';
import '../../../src/components/message/user-attachments.js';
import type { AgentChatUserAttachments } from '../../../src/components/message/user-attachments.js';
import { deepQuery, deepQueryAll, fixtureWithSettings, lastRequest, settle, textOf, until, useFreshKeys } from '../helpers.js';

const freshKey = useFreshKeys('attachments-storage');

/** A real PNG of `size`×`size` pixels, drawn on a canvas. */
async function pngBlob(size = 24): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#2f5bd3';
  context.fillRect(0, 0, size, size);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/png'));
}

const bytesOf = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

async function files(): Promise<Attachment[]> {
  const png = await pngBlob();
  const notes = new Blob(['first line\nsecond line\n'], { type: 'text/plain' });
  return [
    { id: 'f-1', name: 'square.png', mimeType: 'image/png', size: png.size, blob: png },
    { id: 'f-2', name: 'notes <b>draft</b>.txt', mimeType: 'text/plain', size: notes.size, blob: notes },
  ];
}

async function storedChat(key: string): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 560px" endpoint="/agui/echo" storage-key=${key}></agent-chat>`);
  await (el as unknown as { wiring: { store: { ready(): Promise<void> } } }).wiring.store.ready();
  await settle(el);
  return el;
}

/** Sends as the composer does (`deliver`), with files, and waits for the reply to be drawn. */
async function sendFiles(el: AgentChat, text: string, attachments: Attachment[]): Promise<void> {
  const ended = oneEvent(el, 'agent-chat-response-end');
  const run = (el as unknown as { wiring: { run: { deliver(text: string, source: undefined, attachments: Attachment[]): string | null } } }).wiring.run;
  expect(run.deliver(text, undefined, attachments), 'sent').to.be.a('string');
  await ended;
  await settle(el);
}

/** Every node record of database `key`, read straight from IndexedDB. */
function storedNodes(key: string): Promise<{ threadId: string; turn: UserTurn }[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(key);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const read = db.transaction('nodes').objectStore('nodes').getAll();
      read.onsuccess = () => {
        db.close();
        resolve(read.result);
      };
      read.onerror = () => reject(read.error);
    };
  });
}

/** `read()` again, a frame apart, until `done` holds for what it gives. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeout = 5000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out: ${what}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

const storedUserTurns = async (key: string) => (await storedNodes(key)).map((node) => node.turn).filter((turn) => turn.role === 'user');

async function shownImage(el: AgentChat): Promise<HTMLImageElement> {
  const find = () => deepQuery(el, 'agent-chat-user-attachments')?.shadowRoot?.querySelector('img') ?? undefined;
  await until(() => find() !== undefined, 'the thumbnail is drawn');
  const img = find()!;
  await img.decode();
  return img;
}

describe('attachments in storage', () => {
  it('stores each file as a Blob with the message and shows it again after a reload', async () => {
    const key = freshKey();
    const sent = await files();
    const first = await storedChat(key);
    await sendFiles(first, 'what is in these?', sent);
    expect((await shownImage(first)).naturalWidth).to.equal(24);
    window.dispatchEvent(new Event('pagehide'));
    const stored = await eventually(
      () => storedUserTurns(key),
      (turns) => turns[0]?.attachments !== undefined,
      'the message is stored',
    );
    const [image, notes] = stored[0].attachments!;
    expect(image.blob instanceof Blob, 'a Blob, not a string').to.equal(true);
    expect(await bytesOf(image.blob!)).to.deep.equal(await bytesOf(sent[0].blob!));
    expect(notes.blob instanceof Blob).to.equal(true);
    expect(await notes.blob!.text()).to.equal('first line\nsecond line\n');
    expect(JSON.stringify(stored[0])).to.not.contain('base64');
    first.remove();

    const second = await storedChat(key);
    await until(() => second.getTurns().length === 2, 'the conversation is back');
    await settle(second);
    const img = await shownImage(second);
    expect(img.naturalWidth, 'the restored image decoded').to.equal(24);
    expect(img.src.startsWith('blob:')).to.equal(true);
    const link = img.closest('a')!;
    expect(link.getAttribute('aria-label')).to.equal('Open image square.png');
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener noreferrer');
    // Enter on the thumbnail opens it through the chat's links: the page hears of it first (and here keeps the tab from opening).
    const opened: string[] = [];
    const onOpen = (event: Event) => (event.preventDefault(), opened.push((event as CustomEvent<{ url: string }>).detail.url));
    second.addEventListener('agent-chat-open-link', onOpen);
    link.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => opened.length === 1, 'agent-chat-open-link fired');
    second.removeEventListener('agent-chat-open-link', onOpen);
    expect(opened[0]).to.equal(img.src);
    const chips = deepQueryAll(second, '[part="message-attachment"]');
    expect(chips.length).to.equal(2);
    expect(textOf(chips[1])).to.contain('notes <b>draft</b>.txt');
    expect(textOf(chips[1])).to.contain('TXT');
    expect(chips[1].querySelector('b'), 'a file name is text, never markup').to.equal(null);
    expect(chips[1].querySelector('a')!.getAttribute('download')).to.equal('notes <b>draft</b>.txt');
    const view = deepQuery<AgentChatUserAttachments>(second, 'agent-chat-user-attachments')!;
    await expect(view).to.be.accessible();
    second.remove();
  });

  it('the export carries the bytes as base64, an import brings them back as Blobs, and deleting a thread leaves nothing behind', async () => {
    const key = freshKey();
    const sent = await files();
    const el = await storedChat(key);
    await sendFiles(el, 'keep these', sent);
    const threadId = el.threadId!;
    const file = JSON.parse(JSON.stringify(await el.exportThread(threadId)));
    const exported = file.nodes.find((node: { turn: UserTurn }) => node.turn.role === 'user').turn.attachments;
    expect(typeof exported[0].data).to.equal('string');
    expect(exported[0].blob).to.equal(undefined);

    await el.deleteThread(threadId);
    expect((await storedNodes(key)).filter((node) => node.threadId === threadId).length, 'no node of the thread is left').to.equal(0);

    const imported = await el.importThread(file);
    await until(() => el.getTurns().length === 2, 'the imported thread is shown');
    const [image, notes] = (el.getTurns()[0] as UserTurn).attachments!;
    expect(image.blob instanceof Blob).to.equal(true);
    expect(await bytesOf(image.blob!)).to.deep.equal(await bytesOf(sent[0].blob!));
    expect(await notes.blob!.text()).to.equal('first line\nsecond line\n');
    await settle(el);
    expect((await shownImage(el)).naturalWidth).to.equal(24);
    const storedImport = (await storedNodes(key)).filter((node) => node.threadId === imported && node.turn.role === 'user');
    expect(storedImport[0].turn.attachments![0].blob instanceof Blob, 'the import is stored as Blobs too').to.equal(true);

    await el.deleteThread(imported);
    expect((await storedNodes(key)).length, 'the nodes store is empty: no file is left behind').to.equal(0);
    expect((await el.listThreads()).some((thread) => thread.id === imported || thread.id === threadId)).to.equal(false);
    el.remove();
  });

  it('a full disk while saving a big file: "quota", the notice, and the file stays in memory (and in the export)', async () => {
    const key = freshKey();
    const el = await storedChat(key);
    const errors: AgentChatStorageErrorDetail[] = [];
    const listener = (event: Event) => errors.push((event as CustomEvent<AgentChatStorageErrorDetail>).detail);
    document.addEventListener('agent-chat-storage-error', listener);
    const original = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      const big = new Blob([new Uint8Array(3_000_000).fill(7)], { type: 'application/octet-stream' });
      await sendFiles(el, 'a big one', [{ id: 'big', name: 'big.bin', mimeType: 'application/octet-stream', size: big.size, blob: big }]);
      await until(() => errors.length > 0, 'agent-chat-storage-error fires');
      expect(errors[0].kind).to.equal('quota');
      await settle(el);
      const notice = el.shadowRoot!.querySelector('[part="storage-notice"]');
      expect(notice !== null, 'the storage notice is shown').to.equal(true);
      const kept = (el.getTurns()[0] as UserTurn).attachments![0];
      expect(kept.blob instanceof Blob && kept.blob.size === 3_000_000).to.equal(true);
      const exported = await el.exportThread();
      const data = (exported.nodes[0].turn as unknown as { attachments: { data: string }[] }).attachments[0].data;
      expect(atob(data.slice(0, 8))).to.equal('\x07\x07\x07\x07\x07\x07');
      expect(textOf(deepQuery(el, '[part="message-attachment"]'))).to.contain('big.bin');
    } finally {
      IDBObjectStore.prototype.put = original;
      document.removeEventListener('agent-chat-storage-error', listener);
    }
    el.remove();
  });
});

describe('attachments: the view of a sent message', () => {
  it('files without text: no empty bubble, the files alone on the wire', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat style="height: 480px" endpoint="/agui/echo" storage="none"></agent-chat>`);
    const [, notes] = await files();
    await sendFiles(el, '', [notes]);
    expect(deepQueryAll(el, '[part~="user-message"]').length).to.equal(0);
    expect(textOf(deepQuery(el, '[part="message-attachment"]'))).to.contain('notes <b>draft</b>.txt');
    const { body } = await lastRequest('echo');
    const content = body.messages.find((message: { role: string }) => message.role === 'user').content;
    expect(content.map((part: { type: string }) => part.type)).to.deep.equal(['document']);
    expect(atob(content[0].source.value)).to.equal('first line\nsecond line\n');
    el.remove();
  });

  const remote = (): Attachment[] => [{ id: 'r', name: 'chart.png', mimeType: 'image/png', size: 2048, url: 'https://images.example.com/chart.png' }];

  it('an image known only by another origin’s address waits for a click (images="click"), shows nothing with "none", loads with "allow"', async () => {
    const click = await fixtureWithSettings<AgentChatUserAttachments>(html`<agent-chat-user-attachments .attachments=${remote()}></agent-chat-user-attachments>`);
    await click.updateComplete;
    expect(click.shadowRoot!.querySelector('img')).to.equal(null);
    const button = click.shadowRoot!.querySelector('button')!;
    expect(textOf(button)).to.contain('Show image from images.example.com');
    button.click();
    await click.updateComplete;
    expect(click.shadowRoot!.querySelector('img')!.getAttribute('src')).to.equal('https://images.example.com/chart.png');
    expect(click.shadowRoot!.querySelector('a')!.getAttribute('href')).to.equal('https://images.example.com/chart.png');

    const none = await fixtureWithSettings<AgentChatUserAttachments>(html`<agent-chat-user-attachments .attachments=${remote()}></agent-chat-user-attachments>`, {
      display: { images: 'none' },
    });
    await none.updateComplete;
    expect(none.shadowRoot!.querySelector('img, button')).to.equal(null);
    expect(textOf(none.shadowRoot!.querySelector('li')!)).to.contain('Image from images.example.com not shown');

    const allow = await fixtureWithSettings<AgentChatUserAttachments>(html`<agent-chat-user-attachments .attachments=${remote()}></agent-chat-user-attachments>`, {
      display: { images: 'allow' },
    });
    await allow.updateComplete;
    expect(allow.shadowRoot!.querySelector('img') !== null).to.equal(true);
  });

  it('a file with a javascript: address is only named; object URLs are revoked when the view goes', async () => {
    const png = await pngBlob();
    const view = await fixtureWithSettings<AgentChatUserAttachments>(
      html`<agent-chat-user-attachments
        .attachments=${[
          { id: 'x', name: 'evil.pdf', mimeType: 'application/pdf', size: 10, url: 'javascript:alert(1)' },
          { id: 'p', name: 'p.png', mimeType: 'image/png', size: png.size, blob: png },
        ]}
      ></agent-chat-user-attachments>`,
    );
    await view.updateComplete;
    const items = view.shadowRoot!.querySelectorAll('li');
    expect(items[0].querySelector('a')).to.equal(null);
    expect(textOf(items[0])).to.contain('evil.pdf');
    const url = view.shadowRoot!.querySelector('img')!.src;
    expect((await fetch(url)).ok).to.equal(true);
    view.remove();
    let failed = false;
    await fetch(url).catch(() => (failed = true));
    expect(failed, 'the object URL was revoked').to.equal(true);
  });

  it('an SVG or HTML file (sent, or claimed by an imported thread) is never drawn or linked from a blob: address of its own type: it downloads as bytes', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>parent.pwned = true</script></svg>'], { type: 'image/svg+xml' });
    const page = new Blob(['<script>opener.pwned = true</script>'], { type: 'text/html' });
    const view = await fixtureWithSettings<AgentChatUserAttachments>(
      html`<agent-chat-user-attachments
        .attachments=${[
          { id: 's', name: 'cat.svg', mimeType: 'image/svg+xml', size: svg.size, blob: svg },
          { id: 'h', name: 'page.html', mimeType: 'text/html', size: page.size, blob: page },
        ]}
      ></agent-chat-user-attachments>`,
    );
    await view.updateComplete;
    expect(view.shadowRoot!.querySelectorAll('img').length, 'no SVG drawn from a same-origin address').to.equal(0);
    const links = [...view.shadowRoot!.querySelectorAll('a')];
    expect(links.length).to.equal(2);
    for (const link of links) {
      expect(link.hasAttribute('download'), link.href).to.equal(true);
      expect(link.target, 'not opened as a page').to.equal('');
      expect((await (await fetch(link.href)).blob()).type, 'served as bytes, not as a document').to.equal('application/octet-stream');
    }
  });

  it('makes no object URL while it is not in the page (drawn after an edit took it out)', async () => {
    const png = await pngBlob();
    const made: string[] = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = create(blob);
      made.push(url);
      return url;
    };
    try {
      const view = document.createElement('agent-chat-user-attachments');
      view.attachments = [{ id: 'p', name: 'p.png', mimeType: 'image/png', size: png.size, blob: png }];
      document.body.append(view);
      view.remove();
      await view.updateComplete;
      await new Promise((resolve) => setTimeout(resolve, 50));
      let live = 0;
      for (const url of made)
        await fetch(url).then(
          () => live++,
          () => undefined,
        );
      expect(live, 'object URLs alive after the view left').to.equal(0);
    } finally {
      URL.createObjectURL = create;
    }
  });
});
