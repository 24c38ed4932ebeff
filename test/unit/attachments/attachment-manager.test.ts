import { expect } from '@open-wc/testing';
import { AttachmentManager, RejectedEvent, type AttachmentRules, type Refusal } from '../../../src/attachments/attachment-manager.js';
import type { UploadFile, UploadFileOptions, UploadedFile } from '../../../src/attachments/attachment-types.js';

const png = (name = 'cat.png', size = 4) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const text = (name = 'notes.txt', size = 4) => new File([new Uint8Array(size)], name, { type: 'text/plain' });

/** A manager with these rules, and the refusals it announced. */
function managerWith(rules: Partial<AttachmentRules> = {}) {
  const current: AttachmentRules = { accept: '', maxFileSize: 1000, maxFiles: 3, ...rules };
  const manager = new AttachmentManager(() => current);
  const refused: Refusal['reason'][] = [];
  manager.addEventListener('rejected', (event) => refused.push((event as RejectedEvent).refusal.reason));
  return { manager, refused, current };
}

/** An upload the test settles by hand. */
function controlledUploads() {
  const calls: { file: File; options: UploadFileOptions; resolve(value: UploadedFile): void; reject(error: unknown): void }[] = [];
  const uploadFile: UploadFile = (file, options) =>
    new Promise((resolve, reject) => {
      calls.push({ file, options, resolve, reject });
    });
  return { calls, uploadFile };
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('AttachmentManager', () => {
  it('adds the files that pass, refuses the others with their reason, and fires rejected for each', () => {
    const { manager, refused } = managerWith({ accept: 'image/*,.txt', maxFileSize: 10, maxFiles: 2 });
    let changes = 0;
    manager.addEventListener('change', () => changes++);
    manager.add([png('a.png'), new File(['x'], 'a.pdf', { type: 'application/pdf' }), png('big.png', 11), text('b.txt'), png('c.png')]);
    expect(manager.files.map((entry) => entry.file.name)).to.deep.equal(['a.png', 'b.txt']);
    expect(refused).to.deep.equal(['type', 'size', 'count']);
    expect(manager.refusals.map(({ name, reason }) => `${name}:${reason}`)).to.deep.equal(['a.pdf:type', 'big.png:size', 'c.png:count']);
    expect(manager.refusals[1]).to.deep.include({ size: 11, type: 'image/png' });
    expect(changes, 'one change per batch').to.equal(1);
    manager.dismiss(manager.refusals[0]!.id);
    expect(manager.refusals.map((refusal) => refusal.name)).to.deep.equal(['big.png', 'c.png']);
  });

  it('counts what is in the tray: a removed file makes room', () => {
    const { manager, refused } = managerWith({ maxFiles: 1 });
    manager.add([png('a.png')]);
    manager.add([png('b.png')]);
    expect(refused).to.deep.equal(['count']);
    manager.remove(manager.files[0]!.id);
    manager.add([png('b.png')]);
    expect(manager.files.map((entry) => entry.file.name)).to.deep.equal(['b.png']);
  });

  it('makes object URLs for images only, and revokes them when a file is removed or the tray emptied', async () => {
    const { manager } = managerWith();
    const revoked: string[] = [];
    const revoke = URL.revokeObjectURL;
    URL.revokeObjectURL = (url) => (revoked.push(url), revoke(url));
    try {
      manager.add([png('a.png'), text('b.txt'), png('c.png')]);
      const [a, b, c] = manager.files;
      expect(a!.preview).to.match(/^blob:/);
      expect(b!.preview).to.equal(undefined);
      const shown = await fetch(a!.preview!).then((response) => response.blob());
      expect(shown.size, 'the preview is the file').to.equal(4);
      manager.remove(a!.id);
      expect(revoked).to.deep.equal([a!.preview]);
      manager.clear();
      expect(revoked).to.deep.equal([a!.preview, c!.preview]);
      expect(manager.files).to.deep.equal([]);
    } finally {
      URL.revokeObjectURL = revoke;
    }
  });

  it('without uploadFile: ready() gives the files inline (the File as blob), in order', async () => {
    const { manager } = managerWith();
    const untyped = new File(['abc'], 'data.bin');
    manager.add([png('a.png', 7), untyped]);
    const attachments = await manager.ready();
    expect(attachments!.map(({ name, mimeType, size, url }) => ({ name, mimeType, size, url }))).to.deep.equal([
      { name: 'a.png', mimeType: 'image/png', size: 7, url: undefined },
      { name: 'data.bin', mimeType: 'application/octet-stream', size: 3, url: undefined },
    ]);
    expect(attachments![1]!.blob).to.equal(untyped);
    expect(attachments![0]!.id).to.equal(manager.files[0]!.id);
    expect(await managerWith().manager.ready(), 'nothing to send').to.equal(undefined);
  });

  it('uploads each file at once with progress; ready() waits for every upload and gives the urls', async () => {
    const { calls, uploadFile } = controlledUploads();
    const { manager } = managerWith({ uploadFile });
    manager.add([png('a.png'), text('b.txt')]);
    expect(calls.map((call) => call.file.name)).to.deep.equal(['a.png', 'b.txt']);
    expect(manager.uploading).to.equal(true);
    expect(manager.files.map((entry) => entry.state)).to.deep.equal(['uploading', 'uploading']);
    calls[0]!.options.onProgress(0.5);
    expect(manager.files[0]!.progress).to.equal(0.5);
    calls[0]!.options.onProgress(7);
    expect(manager.files[0]!.progress, 'kept between 0 and 1').to.equal(1);
    expect(manager.files[1]!.progress, 'unknown until told').to.equal(undefined);

    let result: unknown = 'pending';
    void manager.ready().then((value) => (result = value));
    calls[0]!.resolve({ url: 'https://files.example/a', mimeType: 'image/webp', name: 'a.webp' });
    await settle();
    expect(result, 'still waiting for b.txt').to.equal('pending');
    calls[1]!.resolve({ url: 'https://files.example/b' });
    await settle();
    const attachments = result as { name: string; mimeType: string; url?: string; blob?: Blob }[];
    expect(attachments.map(({ name, mimeType, url }) => ({ name, mimeType, url }))).to.deep.equal([
      { name: 'a.webp', mimeType: 'image/webp', url: 'https://files.example/a' },
      { name: 'b.txt', mimeType: 'text/plain', url: 'https://files.example/b' },
    ]);
    expect(attachments[1]!.blob).to.equal(manager.files[1]!.file);
    expect(manager.uploading).to.equal(false);
  });

  it('aborts the upload of a removed file (its signal), which is then neither sent nor refused', async () => {
    const { calls, uploadFile } = controlledUploads();
    const { manager, refused } = managerWith({ uploadFile });
    manager.add([png('a.png'), text('b.txt')]);
    const signal = calls[0]!.options.signal;
    expect(signal.aborted).to.equal(false);
    let result: unknown = 'pending';
    void manager.ready().then((value) => (result = value));
    manager.remove(manager.files[0]!.id);
    expect(signal.aborted, 'removing aborts the upload').to.equal(true);
    expect(calls[1]!.options.signal.aborted).to.equal(false);
    calls[0]!.reject(new DOMException('aborted', 'AbortError'));
    calls[0]!.options.onProgress(0.9);
    calls[1]!.resolve({ url: 'https://files.example/b' });
    await settle();
    expect(refused, 'an aborted upload is no refusal').to.deep.equal([]);
    expect((result as { name: string }[]).map((attachment) => attachment.name)).to.deep.equal(['b.txt']);
  });

  it('a failed upload (rejected, or no url) refuses the file with reason upload; ready() then gives nothing, the others stay', async () => {
    const { calls, uploadFile } = controlledUploads();
    const { manager, refused } = managerWith({ uploadFile });
    const warn = console.warn;
    console.warn = () => {};
    try {
      manager.add([png('a.png'), text('b.txt'), text('c.txt')]);
      const waiting = manager.ready();
      calls[0]!.reject(new Error('503'));
      calls[1]!.resolve({ url: 'https://files.example/b' });
      calls[2]!.resolve({} as UploadedFile);
      expect(await waiting).to.equal(undefined);
      expect(refused).to.deep.equal(['upload', 'upload']);
      expect(manager.refusals.map((refusal) => refusal.name)).to.deep.equal(['a.png', 'c.txt']);
      expect(manager.files.map((entry) => entry.file.name)).to.deep.equal(['b.txt']);
      // Sending again: what is left goes.
      expect((await manager.ready())!.map((attachment) => attachment.url)).to.deep.equal(['https://files.example/b']);
    } finally {
      console.warn = warn;
    }
  });

  it('reads the rules each time files come: a changed accept or limit applies to the next ones', () => {
    const { manager, refused, current } = managerWith({ accept: 'image/*' });
    manager.add([text()]);
    current.accept = '';
    current.maxFileSize = 2;
    manager.add([text('t.txt', 2), text('u.txt', 3)]);
    expect(refused).to.deep.equal(['type', 'size']);
    expect(manager.limits()).to.deep.equal({ accept: '', maxFileSize: 2, maxFiles: 3 });
  });
});
