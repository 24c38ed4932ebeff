import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { DEFAULT_MAX_FILE_SIZE, DEFAULT_MAX_FILES } from '../../../src/attachments/attachment-rules.js';
import type { UploadFile, UploadFileOptions, UploadedFile } from '../../../src/attachments/attachment-types.js';
import type { AgentChatAttachmentRejectedDetail, AgentChatSendDetail } from '../../../src/events.js';
import { deepQuery, deepQueryAll, settle, textOf, until } from '../helpers.js';

/** A chat with `attachments` (and whatever else is set), once its attach button is drawn. */
async function attachingChat(setup: (el: AgentChat) => void = () => {}, endpoint = '/agui/basic'): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 480px" storage="none" endpoint=${endpoint}></agent-chat>`);
  setup(el);
  el.attachments = true;
  await until(() => !!attachButton(el), 'the attach button');
  return el;
}

const attachButton = (el: AgentChat) => deepQuery<HTMLButtonElement>(el, '[part="attach-button"]');
const fileInput = (el: AgentChat) => deepQuery<HTMLInputElement>(el, 'input[type="file"]')!;
const textarea = (el: AgentChat) => deepQuery<HTMLTextAreaElement>(el, 'textarea')!;
const sendButton = (el: AgentChat) => deepQuery<HTMLButtonElement>(el, '[part="send-button"]')!;
const stopButton = (el: AgentChat) => deepQuery<HTMLButtonElement>(el, '[part="stop-button"]');
const chips = (el: AgentChat) => deepQueryAll<HTMLElement>(el, '[part="attachment"]');
const chipNames = (el: AgentChat) => chips(el).map((chip) => textOf(chip.querySelector('.name')!));
const refusalTexts = (el: AgentChat) => deepQueryAll(el, '[part="attachment-refusal"]').map((refusal) => textOf(refusal));
const dropTarget = (el: AgentChat) => deepQuery(el, '[part="drop-target"]');
const messages = (el: AgentChat) => el.shadowRoot!.querySelector<HTMLElement>('.messages')!;

const png = (name = 'cat.png', size = 68) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const pdf = (name = 'report.pdf', size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function transfer(files: File[], text?: string): DataTransfer {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  if (text !== undefined) data.setData('text/plain', text);
  return data;
}

/** A real drag of `files` over `target` (inside the chat), then a drop there; each event as the browser sends it. */
function drag(target: Element, type: 'dragenter' | 'dragover' | 'dragleave' | 'drop', dataTransfer: DataTransfer, relatedTarget: EventTarget | null = null) {
  const event = new DragEvent(type, { bubbles: true, composed: true, cancelable: true, dataTransfer, relatedTarget });
  target.dispatchEvent(event);
  return event;
}

function paste(target: Element, clipboardData: DataTransfer) {
  const event = new ClipboardEvent('paste', { bubbles: true, composed: true, cancelable: true, clipboardData });
  target.dispatchEvent(event);
  return event;
}

/** The public events of one kind, as they come. */
function record<K extends 'agent-chat-attachment-rejected' | 'agent-chat-send'>(el: AgentChat, name: K) {
  const seen: (K extends 'agent-chat-send' ? AgentChatSendDetail : AgentChatAttachmentRejectedDetail)[] = [];
  el.addEventListener(name, (event) => seen.push((event as CustomEvent).detail));
  return seen;
}

/** An upload per file that the test settles by hand. */
function controlledUploads() {
  const calls: { file: File; options: UploadFileOptions; resolve(value: UploadedFile): void; reject(error: unknown): void }[] = [];
  const uploadFile: UploadFile = (file, options) => new Promise((resolve, reject) => calls.push({ file, options, resolve, reject }));
  return { calls, uploadFile };
}

describe('<agent-chat attachments>: adding files', () => {
  it('has no attach button without the attribute, and ignores dropped and pasted files (no refusal, no tray)', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat style="height: 480px" storage="none" endpoint="/agui/basic"></agent-chat>`);
    await settle(el);
    const rejected = record(el, 'agent-chat-attachment-rejected');
    expect(attachButton(el), 'no button').to.equal(undefined);
    const over = drag(messages(el), 'dragenter', transfer([png()]));
    expect(over.defaultPrevented, 'the drag is left to the browser').to.equal(false);
    drag(messages(el), 'drop', transfer([png()]));
    expect(paste(textarea(el), transfer([png()])).defaultPrevented).to.equal(false);
    await settle(el);
    expect(dropTarget(el)).to.equal(undefined);
    expect(chips(el)).to.have.length(0);
    expect(rejected).to.deep.equal([]);
  });

  it('shows an attach button named for what it does; its hidden input takes several files of the accepted kinds', async () => {
    const el = await attachingChat((chat) => (chat.accept = 'image/*,.pdf'));
    expect(attachButton(el)!.getAttribute('aria-label')).to.equal('Attach files');
    const input = fileInput(el);
    expect(input.multiple).to.equal(true);
    expect(input.hidden).to.equal(true);
    expect(input.accept).to.equal('image/*,.pdf');
    let opened = 0;
    input.addEventListener('click', (event) => (opened++, event.preventDefault()));
    attachButton(el)!.click();
    expect(opened, 'the button opens the file picker').to.equal(1);

    // What the picker gives is attached.
    input.files = transfer([png('a.png'), pdf('b.pdf')]).files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await settle(el);
    expect(chipNames(el)).to.deep.equal(['a.png', 'b.pdf']);
    expect(input.value, 'the input is emptied, so the same file can be picked again').to.equal('');

    el.attachments = false;
    await settle(el);
    expect(attachButton(el), 'turned off: no button').to.equal(undefined);
    expect(chips(el), 'and no files waiting').to.have.length(0);
    const rejected = record(el, 'agent-chat-attachment-rejected');
    expect(drag(messages(el), 'dragenter', transfer([png()])).defaultPrevented, 'drops are left to the browser').to.equal(false);
    expect(paste(textarea(el), transfer([png()])).defaultPrevented, 'pasted files are ignored').to.equal(false);
    drag(messages(el), 'drop', transfer([new File(['x'], 'x.exe')]));
    await settle(el);
    expect(chips(el)).to.have.length(0);
    expect(rejected, 'nothing is refused either').to.deep.equal([]);
    expect(sendButton(el).disabled).to.equal(true);
  });

  it('drag and drop onto the whole chat: a drop target while files are over it; drags without files are left alone', async () => {
    const el = await attachingChat();
    const files = transfer([png('photo.png'), pdf('plan.pdf')]);
    const enter = drag(messages(el), 'dragenter', files);
    expect(enter.defaultPrevented, 'the chat takes the drag').to.equal(true);
    const over = drag(messages(el), 'dragover', files);
    expect(over.defaultPrevented).to.equal(true);
    await el.updateComplete;
    expect(textOf(dropTarget(el)), 'the drop target says what happens').to.equal('Drop files to attach');

    // Moving onto another part of the chat keeps it; leaving the chat takes it away.
    drag(messages(el), 'dragleave', files, textarea(el));
    await el.updateComplete;
    expect(dropTarget(el), 'still over the chat').to.not.equal(undefined);
    drag(messages(el), 'dragleave', files, document.body);
    await el.updateComplete;
    expect(dropTarget(el), 'left the chat').to.equal(undefined);

    // A drag of text (no files): nothing is shown or taken.
    const words = transfer([], 'just words');
    expect(drag(textarea(el), 'dragenter', words).defaultPrevented).to.equal(false);
    expect(drag(textarea(el), 'dragover', words).defaultPrevented).to.equal(false);
    await el.updateComplete;
    expect(dropTarget(el)).to.equal(undefined);

    drag(textarea(el), 'dragenter', files);
    const drop = drag(textarea(el), 'drop', files);
    expect(drop.defaultPrevented, 'the browser does not open the file').to.equal(true);
    await settle(el);
    expect(dropTarget(el)).to.equal(undefined);
    expect(chipNames(el)).to.deep.equal(['photo.png', 'plan.pdf']);
    const preview = chips(el)[0]!.querySelector('img')!;
    expect(preview.src.startsWith('blob:'), 'an image shows a picture of itself').to.equal(true);
    expect(preview.alt, 'the name is written beside it').to.equal('');
    expect(chips(el)[1]!.querySelector('img'), 'no picture for a PDF').to.equal(null);
    expect(textOf(chips(el)[1]!.querySelector('.size')!)).to.equal('10 bytes');
  });

  it('works in a popup panel while it is open', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat mode="popup" storage="none" attachments endpoint="/agui/basic"></agent-chat>`);
    el.show();
    await until(() => !!attachButton(el), 'the attach button in the panel');
    const panel = deepQuery(el, '[part="panel"]')!;
    const files = transfer([png('in-panel.png')]);
    drag(messages(el), 'dragenter', files);
    await el.updateComplete;
    expect(el.open, 'open').to.equal(true);
    expect(!!dropTarget(el), 'the drop target shows').to.equal(true);
    expect(panel.contains(el.shadowRoot!.querySelector('agent-chat-drop-target')), 'the drop target is in the panel').to.equal(true);
    drag(messages(el), 'drop', files);
    await settle(el);
    expect(chipNames(el)).to.deep.equal(['in-panel.png']);
  });

  it('pasted files are attached; text pastes as text', async () => {
    const el = await attachingChat();
    const image = paste(textarea(el), transfer([png('screenshot.png')]));
    expect(image.defaultPrevented, 'an image alone is not pasted as text').to.equal(true);
    const mixed = paste(textarea(el), transfer([pdf('table.pdf')], 'a b c'));
    expect(mixed.defaultPrevented, 'with text, the text still pastes').to.equal(false);
    const words = paste(textarea(el), transfer([], 'only words'));
    expect(words.defaultPrevented).to.equal(false);
    await settle(el);
    expect(chipNames(el)).to.deep.equal(['screenshot.png', 'table.pdf']);
  });
});

describe('<agent-chat attachments>: refusals', () => {
  it('refuses files by type, size and count, each with the event and a notice in the tray; the rest still send', async () => {
    const el = await attachingChat((chat) => {
      chat.accept = 'image/*';
      chat.maxFileSize = 1024;
      chat.maxFiles = 2;
    });
    const rejected = record(el, 'agent-chat-attachment-rejected');
    const sends = record(el, 'agent-chat-send');
    drag(messages(el), 'drop', transfer([pdf('notes.pdf', 20), png('huge.png', 2048), png('one.png'), png('two.png'), png('three.png')]));
    await settle(el);
    expect(rejected).to.deep.equal([
      { name: 'notes.pdf', size: 20, type: 'application/pdf', reason: 'type' },
      { name: 'huge.png', size: 2048, type: 'image/png', reason: 'size' },
      { name: 'three.png', size: 68, type: 'image/png', reason: 'count' },
    ]);
    expect(chipNames(el)).to.deep.equal(['one.png', 'two.png']);
    expect(refusalTexts(el)).to.deep.equal([
      'notes.pdf was not attached: files of this type are not accepted.',
      'huge.png was not attached: it is larger than 1 kB.',
      'three.png was not attached: too many files (at most 2).',
    ]);
    expect(deepQuery(el, '.refusals')!.getAttribute('role'), 'refusals are announced').to.equal('status');

    // Dismissed one by one, by keyboard.
    const dismiss = deepQuery<HTMLButtonElement>(el, '[part="attachment-refusal"] button')!;
    expect(dismiss.getAttribute('aria-label')).to.equal('Dismiss');
    dismiss.focus();
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(refusalTexts(el)).to.have.length(2);

    // The refusals do not block sending what was attached.
    expect(sendButton(el).disabled, 'files alone may be sent').to.equal(false);
    const ended = oneEvent(el, 'agent-chat-response-end');
    sendButton(el).click();
    await ended;
    await settle(el);
    expect(sends).to.have.length(1);
    expect(sends[0]!.text).to.equal('');
    expect(sends[0]!.attachments).to.deep.equal([
      { name: 'one.png', size: 68, type: 'image/png' },
      { name: 'two.png', size: 68, type: 'image/png' },
    ]);
    const sent = el.getTurns()[0]!;
    expect(sent.role).to.equal('user');
    const attached = sent.role === 'user' ? (sent.attachments ?? []) : [];
    expect(attached.map((attachment) => [attachment.name, attachment.mimeType, attachment.blob instanceof Blob])).to.deep.equal([
      ['one.png', 'image/png', true],
      ['two.png', 'image/png', true],
    ]);
    expect(chips(el), 'the tray empties once sent').to.have.length(0);
    expect(refusalTexts(el), 'and its notices go').to.deep.equal([]);
  });

  it('says when max-file-size or max-files is not a limit, and uses the defaults', async () => {
    const plain = document.createElement('agent-chat');
    expect([plain.attachments, plain.maxFileSize, plain.maxFiles], 'the documented defaults').to.deep.equal([false, DEFAULT_MAX_FILE_SIZE, DEFAULT_MAX_FILES]);
    const errors: string[] = [];
    const el = await fixture<AgentChat>(html`<agent-chat storage="none" endpoint="/agui/basic" attachments max-file-size="big" max-files="0"></agent-chat>`);
    el.addEventListener('agent-chat-error', (event) => errors.push(event.detail.message));
    await settle(el);
    await until(() => textOf(deepQuery(el, '.config-error')).includes('max-files'), 'the configuration notice');
    const notice = textOf(deepQuery(el, '.config-error'));
    expect(notice).to.contain('max-file-size must be a number of bytes above 0; 10485760 (10 MB) is used.');
    expect(notice).to.contain('max-files="0" must be a whole number of at least 1; 5 is used.');
    const rejected = record(el, 'agent-chat-attachment-rejected');
    drag(messages(el), 'drop', transfer([1, 2, 3, 4, 5, 6].map((n) => png(`${n}.png`))));
    await settle(el);
    expect(chips(el), 'five per message').to.have.length(5);
    expect(rejected.map((detail) => detail.reason)).to.deep.equal(['count']);
  });
});

describe('<agent-chat attachments>: uploads and sending', () => {
  it('uploads through uploadFile with progress; Send waits for it; Stop gives up waiting and keeps text and files', async () => {
    const { calls, uploadFile } = controlledUploads();
    const el = await attachingChat((chat) => (chat.uploadFile = uploadFile));
    const sends = record(el, 'agent-chat-send');
    drag(messages(el), 'drop', transfer([png('chart.png')]));
    await settle(el);
    expect(calls.map((call) => call.file.name)).to.deep.equal(['chart.png']);
    const progress = () => deepQuery<HTMLProgressElement>(el, '[part="attachment-progress"]');
    expect(progress()!.getAttribute('aria-label')).to.equal('Uploading chart.png');
    expect(progress()!.hasAttribute('value'), 'unknown progress at first').to.equal(false);
    calls[0]!.options.onProgress(0.4);
    await settle(el);
    expect(progress()!.value).to.be.closeTo(0.4, 1e-9);

    textarea(el).focus();
    await sendKeys({ type: 'What does this show?' });
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(sends, 'not sent while uploading').to.deep.equal([]);
    expect(textOf(sendButton(el)), 'said to screen readers').to.equal('Uploading…');
    expect(!!sendButton(el).querySelector('.spinner'), 'a spinner shows it waits').to.equal(true);
    expect(sendButton(el).disabled).to.equal(true);
    expect(stopButton(el), 'Stop gives up waiting').to.not.equal(undefined);
    stopButton(el)!.click();
    await settle(el);
    expect(sends).to.deep.equal([]);
    expect(textarea(el).value).to.equal('What does this show?');
    expect(chipNames(el)).to.deep.equal(['chart.png']);
    expect(textOf(sendButton(el))).to.equal('Send');
    expect(calls[0]!.options.signal.aborted, 'the upload goes on').to.equal(false);

    // Sent again: it goes once the upload is done, with the URL the page gave.
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(sends).to.deep.equal([]);
    const ended = oneEvent(el, 'agent-chat-response-end');
    calls[0]!.resolve({ url: 'https://files.example/chart', mimeType: 'image/webp' });
    await ended;
    await settle(el);
    expect(sends).to.deep.equal([{ text: 'What does this show?', threadId: sends[0]!.threadId, attachments: [{ name: 'chart.png', size: 68, type: 'image/webp' }] }]);
    const turn = el.getTurns()[0]!;
    expect(turn.role === 'user' && turn.attachments?.map((attachment) => attachment.url)).to.deep.equal(['https://files.example/chart']);
    expect(textarea(el).value).to.equal('');
    expect(chips(el)).to.have.length(0);
  });

  it('removing a file aborts its upload and moves the keyboard on; a failed upload is refused and nothing is sent', async () => {
    const { calls, uploadFile } = controlledUploads();
    const el = await attachingChat((chat) => (chat.uploadFile = uploadFile));
    const rejected = record(el, 'agent-chat-attachment-rejected');
    const sends = record(el, 'agent-chat-send');
    drag(messages(el), 'drop', transfer([png('a.png'), png('b.png'), png('c.png')]));
    await settle(el);
    const remove = deepQueryAll<HTMLButtonElement>(el, '[part="attachment-remove"]');
    expect(remove.map((button) => button.getAttribute('aria-label'))).to.deep.equal(['Remove a.png', 'Remove b.png', 'Remove c.png']);
    remove[0]!.focus();
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(calls[0]!.options.signal.aborted, 'removed: its upload is aborted').to.equal(true);
    expect(chipNames(el)).to.deep.equal(['b.png', 'c.png']);
    const focused = deepQueryAll<HTMLButtonElement>(el, '[part="attachment-remove"]')[0]!;
    expect((focused.getRootNode() as ShadowRoot).activeElement === focused, 'the keyboard is on the next remove button').to.equal(true);
    calls[0]!.reject(new DOMException('The upload was aborted.', 'AbortError'));

    textarea(el).focus();
    await sendKeys({ type: 'two charts' });
    await sendKeys({ press: 'Enter' });
    const warn = console.warn;
    console.warn = () => {};
    calls[1]!.reject(new Error('HTTP 500'));
    await settle(el);
    console.warn = warn;
    expect(rejected).to.deep.equal([{ name: 'b.png', size: 68, type: 'image/png', reason: 'upload' }]);
    expect(refusalTexts(el)).to.deep.equal(['b.png could not be uploaded.']);
    calls[2]!.resolve({ url: 'https://files.example/c' });
    await settle(el);
    expect(sends, 'a failed upload stops the send').to.deep.equal([]);
    expect(textarea(el).value, 'the text is kept').to.equal('two charts');
    expect(chipNames(el), 'and the other file').to.deep.equal(['c.png']);
    await expect(el).to.be.accessible();
  });

  it('keeps the text and the files when the page cancels agent-chat-send', async () => {
    const el = await attachingChat();
    el.addEventListener('agent-chat-send', (event) => event.preventDefault(), { once: true });
    drag(messages(el), 'drop', transfer([pdf()]));
    await settle(el);
    textarea(el).focus();
    await sendKeys({ type: 'see attached' });
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(textarea(el).value).to.equal('see attached');
    expect(chipNames(el)).to.deep.equal(['report.pdf']);
    expect(el.getTurns()).to.have.length(0);
  });

  it('the tray with files, progress and refusals passes axe, in light and dark and right to left', async () => {
    const { uploadFile } = controlledUploads();
    const el = await attachingChat((chat) => {
      chat.uploadFile = uploadFile;
      chat.accept = 'image/*';
    });
    drag(messages(el), 'drop', transfer([png('a-very-long-name-for-a-picture-of-the-quarterly-numbers.png'), pdf()]));
    await settle(el);
    expect(chips(el)).to.have.length(1);
    expect(refusalTexts(el)).to.have.length(1);
    await expect(el).to.be.accessible();
    el.theme = 'dark';
    el.lang = 'ar';
    await until(() => attachButton(el)?.getAttribute('aria-label') === 'إرفاق ملفات', 'the Arabic texts');
    await settle(el);
    expect(refusalTexts(el)[0]).to.equal('لم يُرفق report.pdf: هذا النوع من الملفات غير مقبول.');
    await expect(el).to.be.accessible();
  });
});
