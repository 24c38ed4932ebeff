import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/components/thread-list/thread-list.js';
import { threadTime, type AgentChatThreadList, type ThreadListItem } from '../../../src/components/thread-list/thread-list.js';
import type { ChatStrings } from '../../../src/i18n/chat-strings.js';
import { loadStrings, resolveStrings } from '../../../src/i18n/strings.js';
import { fixtureWithSettings } from '../helpers.js';
import { ThreadActionEvent } from '../../../src/internal/view-events.js';
import { recordInside } from '../internal-events.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function sample(now = Date.now()): ThreadListItem[] {
  return [
    { id: 'a', title: 'Trip to Lisbon', updated: now - 5 * MINUTE },
    { id: 'b', title: '', updated: now - 3 * HOUR },
    { id: 'c', title: 'Quarterly numbers', updated: new Date(2020, 0, 15, 12).getTime() },
  ];
}

async function list(threads: ThreadListItem[] = sample(), options: { currentId?: string; strings?: ChatStrings; disabled?: boolean } = {}) {
  return fixtureWithSettings<AgentChatThreadList>(
    html`<agent-chat-thread-list .threads=${threads} .currentId=${options.currentId} ?disabled=${options.disabled ?? false}></agent-chat-thread-list>`,
    { strings: options.strings ?? resolveStrings('en') },
  );
}

/** Every action the list asked for, in order; each checked to stay inside the chat. */
const record = (el: AgentChatThreadList) => recordInside(el, ThreadActionEvent, (event) => event.action, { bubbles: false });

const root = (el: AgentChatThreadList) => el.shadowRoot!;
const $ = <T extends HTMLElement = HTMLElement>(el: AgentChatThreadList, selector: string) => root(el).querySelector<T>(selector)!;
const items = (el: AgentChatThreadList) => [...root(el).querySelectorAll<HTMLLIElement>('[part="thread-item"]')];
const item = (el: AgentChatThreadList, id: string) => items(el).find((li) => li.dataset.id === id)!;
const inItem = <T extends HTMLElement = HTMLButtonElement>(el: AgentChatThreadList, id: string, control: string) => item(el, id).querySelector<T>(`[data-control="${control}"]`)!;
const focused = (el: AgentChatThreadList) => root(el).activeElement as HTMLElement | null;
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** The accessible name given by `aria-labelledby` (or the text). */
const nameOf = (el: AgentChatThreadList, node: HTMLElement) => {
  const ids = node.getAttribute('aria-labelledby');
  return ids
    ? ids
        .split(' ')
        .map((id) => text(root(el).getElementById(id)))
        .join(' ')
    : (node.getAttribute('aria-label') ?? text(node));
};

describe('<agent-chat-thread-list>', () => {
  before(() => Promise.all([loadStrings('de'), loadStrings('fr')]));
  it('shows the heading, New, and the threads in the given order with the open one marked', async () => {
    const el = await list(sample(), { currentId: 'b' });
    const nav = $(el, 'nav');
    expect(nav.getAttribute('part')).to.equal('thread-list');
    expect(text(root(el).getElementById(nav.getAttribute('aria-labelledby')!))).to.equal('Conversations');
    expect($(el, 'h2').textContent).to.equal('Conversations');
    expect(text($(el, '[part="thread-new-button"]'))).to.equal('New conversation');

    expect(items(el).map((li) => li.dataset.id)).to.deep.equal(['a', 'b', 'c']);
    expect(items(el).map((li) => text(li.querySelector('.title')))).to.deep.equal(['Trip to Lisbon', 'New conversation', 'Quarterly numbers']);
    expect(items(el).map((li) => li.querySelector('[data-control="open"]')!.getAttribute('aria-current'))).to.deep.equal([null, 'true', null]);
    expect(item(el, 'b').hasAttribute('data-current')).to.equal(true);
    expect(text(item(el, 'b').querySelector('.badge'))).to.equal('(open)');

    expect(text(item(el, 'a').querySelector('time'))).to.equal('5 minutes ago');
    expect(text(item(el, 'b').querySelector('time'))).to.equal('3 hours ago');
    expect(item(el, 'c').querySelector('time')!.getAttribute('datetime')).to.equal(new Date(2020, 0, 15, 12).toISOString());
    expect(text(item(el, 'c').querySelector('time'))).to.equal('Jan 15, 2020');

    // The per-item buttons say which thread they act on.
    expect(nameOf(el, inItem(el, 'a', 'rename'))).to.equal('Rename Trip to Lisbon');
    expect(nameOf(el, inItem(el, 'c', 'delete'))).to.equal('Delete Quarterly numbers');
    await expect(el).to.be.accessible();
  });

  it('marks a conversation not on the server yet, in words that describe its open button', async () => {
    const threads = sample();
    threads[1] = { ...threads[1], pending: true };
    const el = await list(threads, { currentId: 'a' });
    const [first, second] = [item(el, threads[0].id), item(el, threads[1].id)];
    expect(first.hasAttribute('data-sync')).to.equal(false);
    expect(second.getAttribute('data-sync')).to.equal('pending');
    const mark = second.querySelector<HTMLElement>('.pending')!;
    expect(mark.textContent).to.equal('Not synced yet');
    expect(mark.getBoundingClientRect().width).to.be.greaterThan(0);
    const open = inItem(el, threads[1].id, 'open');
    expect(open.getAttribute('aria-describedby')).to.equal(mark.id);
    expect(inItem(el, threads[0].id, 'open').hasAttribute('aria-describedby')).to.equal(false);
    // Once it has reached the server the mark goes.
    el.threads = threads.map(({ pending: _pending, ...thread }) => thread);
    await el.updateComplete;
    expect(item(el, threads[1].id).hasAttribute('data-sync')).to.equal(false);
    expect(root(el).querySelector('.pending')).to.equal(null);
  });

  it('says so when there are no threads', async () => {
    const el = await list([]);
    expect(root(el).querySelector('ul')).to.equal(null);
    expect(text($(el, '.empty'))).to.equal('No conversations yet.');
    expect($(el, '[part="thread-new-button"]')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('reaches everything with Tab, in reading order', async () => {
    const el = await list(sample().slice(0, 2), { currentId: 'a' });
    $(el, '[part="thread-import-button"]').focus();
    const order = ['open', 'rename', 'export', 'delete', 'open', 'rename', 'export', 'delete'];
    const seen: string[] = [];
    for (let i = 0; i < order.length; i++) {
      await sendKeys({ press: 'Tab' });
      seen.push(`${focused(el)?.closest('li')?.dataset.id}:${focused(el)?.dataset.control}`);
    }
    expect(seen).to.deep.equal(['a:open', 'a:rename', 'a:export', 'a:delete', 'b:open', 'b:rename', 'b:export', 'b:delete']);
  });

  it('asks to export a thread, and to import the file the person chose; shows why an import was refused', async () => {
    const el = await list(sample(), { currentId: 'a' });
    const events = record(el);
    inItem(el, 'b', 'export').click();
    expect(nameOf(el, inItem(el, 'a', 'export'))).to.equal('Export Trip to Lisbon');
    const input = $<HTMLInputElement>(el, 'input[type="file"]');
    let picked = 0;
    input.addEventListener('click', (event) => {
      picked++;
      event.preventDefault();
    });
    $(el, '[part="thread-import-button"]').click();
    expect(picked, 'the import button opens the file picker').to.equal(1);
    const file = new File(['{}'], 'conversation.json', { type: 'application/json' });
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
    input.dispatchEvent(new Event('change'));
    expect(events).to.deep.equal([
      { kind: 'export', id: 'b' },
      { kind: 'import', file },
    ]);
    expect(input.value, 'the same file can be chosen again').to.equal('');
    el.notice = 'The conversation could not be imported: not an export.';
    await el.updateComplete;
    expect(text($(el, '[role="alert"]'))).to.equal('The conversation could not be imported: not an export.');
    await expect(el).to.be.accessible();
  });

  it('asks to open a thread (click or keyboard) and to start a new one', async () => {
    const el = await list(sample(), { currentId: 'a' });
    const events = record(el);
    inItem(el, 'c', 'open').click();
    inItem(el, 'b', 'open').focus();
    await sendKeys({ press: 'Enter' });
    $(el, '[part="thread-new-button"]').click();
    expect(events).to.deep.equal([{ kind: 'select', id: 'c' }, { kind: 'select', id: 'b' }, { kind: 'new' }]);
  });

  it('renames with the keyboard: the title is selected, Enter saves it trimmed, focus returns to Rename', async () => {
    const el = await list(sample(), { currentId: 'a' });
    const events = record(el);
    inItem(el, 'c', 'rename').focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;

    const input = inItem<HTMLInputElement>(el, 'c', 'title-input');
    expect(focused(el)).to.equal(input);
    expect(input.value).to.equal('Quarterly numbers');
    expect([input.selectionStart, input.selectionEnd]).to.deep.equal([0, 'Quarterly numbers'.length]);
    const label = root(el).querySelector<HTMLLabelElement>(`label[for="${input.id}"]`)!;
    expect(label.textContent).to.equal('Title');

    await sendKeys({ type: '  Q1 figures  ' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(events).to.deep.equal([{ kind: 'rename', id: 'c', title: 'Q1 figures' }]);
    expect(item(el, 'c').querySelector('input')).to.equal(null);
    expect(focused(el)).to.equal(inItem(el, 'c', 'rename'));

    // The chat saves it and the thread moves to the top: focus stays on its Rename button.
    const [a, b, c] = el.threads;
    el.threads = [{ ...c, title: 'Q1 figures', updated: Date.now() }, a, b];
    await el.updateComplete;
    expect(items(el).map((li) => li.dataset.id)).to.deep.equal(['c', 'a', 'b']);
    expect(text(item(el, 'c').querySelector('.title'))).to.equal('Q1 figures');
    expect(focused(el)).to.equal(inItem(el, 'c', 'rename'));
  });

  it('Escape and Cancel end renaming without asking for anything', async () => {
    const el = await list();
    const events = record(el);
    inItem(el, 'a', 'rename').click();
    await el.updateComplete;
    await sendKeys({ type: 'Something else' });
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(item(el, 'a').querySelector('input')).to.equal(null);
    expect(text(item(el, 'a').querySelector('.title'))).to.equal('Trip to Lisbon');
    expect(focused(el)).to.equal(inItem(el, 'a', 'rename'));

    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    // Escape from the Cancel button too; the draft starts again from the saved title.
    expect(inItem<HTMLInputElement>(el, 'a', 'title-input').value).to.equal('Trip to Lisbon');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(text(focused(el))).to.equal('Cancel');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(focused(el)).to.equal(inItem(el, 'a', 'rename'));

    // Saving the unchanged title asks for nothing either.
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(item(el, 'a').querySelector('input')).to.equal(null);
    expect(events).to.deep.equal([]);
  });

  it('does not save an empty or blank title', async () => {
    const el = await list();
    const events = record(el);
    inItem(el, 'a', 'rename').click();
    await el.updateComplete;
    const input = inItem<HTMLInputElement>(el, 'a', 'title-input');
    expect(input.hasAttribute('aria-invalid')).to.equal(false);
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '   ' });
    await el.updateComplete;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(item(el, 'a').querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).to.equal(true);
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(events).to.deep.equal([]);
    expect(focused(el)).to.equal(input);

    await sendKeys({ type: 'Lisbon' });
    await el.updateComplete;
    expect(input.hasAttribute('aria-invalid')).to.equal(false);
    await sendKeys({ press: 'Enter' });
    expect(events).to.deep.equal([{ kind: 'rename', id: 'a', title: 'Lisbon' }]);
  });

  it('deletes only after confirming; Cancel and Escape return to Delete', async () => {
    const el = await list(sample(), { currentId: 'a' });
    const events = record(el);
    const ask = async () => {
      inItem(el, 'b', 'delete').focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
    };

    await ask();
    const group = item(el, 'b').querySelector<HTMLElement>('[role="group"]')!;
    expect(text(root(el).getElementById(group.getAttribute('aria-labelledby')!))).to.equal('Delete “New conversation”? This cannot be undone.');
    expect(focused(el)).to.equal(inItem(el, 'b', 'confirm-cancel'));
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(item(el, 'b').querySelector('[role="group"]')).to.equal(null);
    expect(focused(el)).to.equal(inItem(el, 'b', 'delete'));

    await ask();
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(item(el, 'b').querySelector('[role="group"]')).to.equal(null);
    expect(focused(el)).to.equal(inItem(el, 'b', 'delete'));
    expect(events).to.deep.equal([]);

    await ask();
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(focused(el)).to.equal(inItem(el, 'b', 'confirm-delete'));
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(events).to.deep.equal([{ kind: 'delete', id: 'b' }]);
    // Focus goes on to the next thread (the chat removes this one).
    expect(focused(el)).to.equal(inItem(el, 'c', 'open'));
    el.threads = el.threads.filter((thread) => thread.id !== 'b');
    await el.updateComplete;
    expect(focused(el)).to.equal(inItem(el, 'c', 'open'));
  });

  it('while disabled, opening, starting and deleting wait, but renaming works', async () => {
    const el = await list(sample(), { currentId: 'a', disabled: true });
    const events = record(el);
    for (const button of [inItem(el, 'b', 'open'), inItem(el, 'b', 'delete'), $(el, '[part="thread-new-button"]')]) {
      expect(button.getAttribute('aria-disabled')).to.equal('true');
      button.click();
    }
    await el.updateComplete;
    expect(item(el, 'b').querySelector('[role="group"]')).to.equal(null);
    // Still focusable, so focus is not lost when a reply starts.
    inItem(el, 'b', 'open').focus();
    expect(focused(el)).to.equal(inItem(el, 'b', 'open'));
    await sendKeys({ press: 'Enter' });
    expect(events).to.deep.equal([]);

    inItem(el, 'b', 'rename').click();
    await el.updateComplete;
    await sendKeys({ type: 'Named while busy' });
    await sendKeys({ press: 'Enter' });
    expect(events).to.deep.equal([{ kind: 'rename', id: 'b', title: 'Named while busy' }]);

    // A confirmation already open when a reply starts cannot be confirmed until it ends.
    el.disabled = false;
    await el.updateComplete;
    inItem(el, 'c', 'delete').click();
    el.disabled = true;
    await el.updateComplete;
    inItem(el, 'c', 'confirm-delete').click();
    expect(events).to.have.length(1);
    el.disabled = false;
    await el.updateComplete;
    inItem(el, 'c', 'confirm-delete').click();
    expect(events[1]).to.deep.equal({ kind: 'delete', id: 'c' });
  });

  it('gives the title its own row, wrapped whole (never cut), and keeps the whole title in `title`', async () => {
    const long = 'A very long conversation title that cannot possibly fit into a narrow side panel of the chat';
    const wrapper = await fixture<HTMLDivElement>(html`<div style="width: 260px">
      <agent-chat-thread-list .threads=${[{ id: 'x', title: long, updated: Date.now() }]}></agent-chat-thread-list>
    </div>`);
    const el = wrapper.querySelector('agent-chat-thread-list')!;
    await el.updateComplete;
    const open = inItem(el, 'x', 'open');
    expect(open.getAttribute('title')).to.equal(long);
    const title = open.querySelector<HTMLElement>('.title')!;
    expect(getComputedStyle(title).webkitLineClamp).to.equal('none');
    expect(title.scrollHeight, 'no line hidden').to.be.at.most(title.clientHeight + 1);
    // The row buttons no longer share the title's line: it has (nearly) the whole width.
    expect(title.getBoundingClientRect().width).to.be.greaterThan(el.getBoundingClientRect().width - 40);
    expect(title.getClientRects()[0].height, 'two lines or more of it show').to.be.greaterThan(30);
    expect(el.getBoundingClientRect().width).to.be.at.most(260);
    expect(nameOf(el, inItem(el, 'x', 'rename'))).to.equal(`Rename ${long}`);
  });

  it('writes dates in the strings’ language and survives a bad locale', async () => {
    const now = Date.now();
    const threads = [
      { id: 'a', title: 'Reise', updated: now - 2 * HOUR },
      { id: 'b', title: '', updated: new Date(2020, 0, 15, 12).getTime() },
    ];
    const el = await list(threads, { strings: resolveStrings('de') });
    expect($(el, 'h2').textContent).to.equal('Unterhaltungen');
    expect(text(item(el, 'a').querySelector('time'))).to.equal('vor 2 Stunden');
    expect(text(item(el, 'b').querySelector('time'))).to.equal('15. Jan. 2020');
    expect(text(item(el, 'b').querySelector('.title'))).to.equal('Neue Unterhaltung');
    expect(nameOf(el, inItem(el, 'a', 'rename'))).to.equal('Umbenennen Reise');

    const broken = await list(threads, { strings: resolveStrings('en', { locale: 'not a locale!' }) });
    expect(text(item(broken, 'a').querySelector('time'))).to.not.equal('');
  });

  it('phrases times from now to dates', () => {
    const now = new Date(2026, 5, 20, 12).getTime();
    const at = (ms: number) => threadTime(now - ms, 'en', now)!.text;
    expect(at(10_000)).to.equal('now');
    expect(at(-10_000)).to.equal('now');
    expect(at(42 * MINUTE)).to.equal('42 minutes ago');
    expect(at(23 * HOUR)).to.equal('23 hours ago');
    expect(at(26 * HOUR)).to.equal('yesterday');
    expect(at(3 * 24 * HOUR)).to.equal('3 days ago');
    expect(threadTime(new Date(2026, 2, 12).getTime(), 'en', now)!.text).to.equal('Mar 12');
    expect(threadTime(Number.NaN, 'en', now)).to.equal(undefined);
  });

  it('is accessible while renaming and while confirming a deletion', async () => {
    const el = await list(sample(), { currentId: 'a' });
    inItem(el, 'a', 'rename').click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(inItem(el, 'a', 'title-input').getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();

    inItem(el, 'b', 'delete').click();
    await el.updateComplete;
    expect(item(el, 'a').querySelector('input'), 'one question at a time').to.equal(null);
    expect(focused(el)).to.equal(inItem(el, 'b', 'confirm-cancel'));
    await expect(el).to.be.accessible();
  });
});
