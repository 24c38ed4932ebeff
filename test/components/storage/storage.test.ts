import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { deepQuery, deepQueryAll, deleteDatabase, sendAndWait, settle, textOf, until } from '../helpers.js';

let keys: string[] = [];
let keyCount = 0;
/** A database of its own for each chat pair of a test. */
function freshKey(): string {
  const key = `storage-test-${Date.now()}-${++keyCount}`;
  keys.push(key);
  return key;
}

afterEach(async () => {
  for (const key of keys) await deleteDatabase(key);
  keys = [];
});

async function requests(scenario: string): Promise<any[]> {
  return (await fetch(`/agui/requests?scenario=${scenario}`)).json();
}

async function storedChat(endpoint: string, key: string, extra = ''): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 520px" endpoint=${endpoint} storage-key=${key} thread-id=${extra || undefined}></agent-chat>`);
  await (el as unknown as { wiring: { store: { ready(): Promise<void> } } }).wiring.store.ready();
  await settle(el);
  return el;
}

const userTexts = (el: AgentChat) =>
  el
    .getTurns()
    .filter((turn) => turn.role === 'user')
    .map((turn) => (turn as { text: string }).text);

describe('storage: saving and restoring', () => {
  it('keeps the conversation: a new chat on the same database shows it as it was, running nothing', async () => {
    const key = freshKey();
    const first = await storedChat('/agui/tools', key);
    await sendAndWait(first, 'weather please');
    const saved = first.getTurns();
    const threadId = first.threadId;
    first.remove();
    const before = (await requests('tools')).length;

    const second = await storedChat('/agui/tools', key);
    await until(() => second.getTurns().length === 2, 'the conversation is back');
    await settle(second);
    expect(second.threadId).to.equal(threadId);
    expect(second.getTurns()).to.deep.equal(saved);
    expect(deepQueryAll(second, 'agent-chat-tool-card').length).to.be.greaterThan(0);
    expect((await requests('tools')).length).to.equal(before, 'nothing ran');
  });

  it('what was running when the page went loads as not completed', async () => {
    const key = freshKey();
    const first = await storedChat('/agui/slow', key);
    void first.send('go slowly');
    await until(() => (first.getTurns()[1] as any)?.parts?.some((part: any) => part.kind === 'text' && part.text.length > 0), 'some text arrived');
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    first.remove();

    const second = await storedChat('/agui/slow', key);
    await until(() => second.getTurns().length === 2, 'the conversation is back');
    const reply = second.getTurns()[1] as any;
    expect(reply.status).to.not.equal('streaming');
    expect(reply.parts.find((part: any) => part.kind === 'text').text.length).to.be.greaterThan(0);
    expect(reply.parts.every((part: any) => part.kind !== 'tool-call' || part.status !== 'running')).to.equal(true);
  });
});

describe('storage: the page going away', () => {
  const unsavedKeys = (key: string) => Object.keys(localStorage).filter((item) => item.startsWith(`agent-chat:${key}:unsaved:`));
  const replyText = (el: AgentChat) => {
    const reply = el.getTurns()[1] as any;
    return (reply?.parts ?? [])
      .filter((part: any) => part.kind === 'text')
      .map((part: any) => part.text)
      .join('');
  };

  it('saves at once in the pagehide listener, and keeps what streamed in localStorage until it is written', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/slow', key);
    void el.send('go slowly');
    await until(() => replyText(el).includes('tick 3'), 'some text arrived');
    const made: IDBTransactionMode[] = [];
    const original = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const tx = original.apply(this, args);
      made.push(tx.mode);
      return tx;
    };
    let shown: string;
    let kept: any[];
    try {
      window.dispatchEvent(new Event('pagehide'));
      shown = replyText(el);
      kept = unsavedKeys(key).map((item) => JSON.parse(localStorage.getItem(item)!));
    } finally {
      IDBDatabase.prototype.transaction = original;
    }
    expect(made, 'the save’s transaction is made in the listener').to.deep.equal(['readwrite']);
    expect(kept, 'one entry of unsaved changes').to.have.length(1);
    expect(kept[0].thread.id).to.equal(el.threadId);
    const keptReply = kept[0].nodes.find((node: any) => node.turn.role === 'assistant');
    expect(
      keptReply.turn.parts
        .filter((part: any) => part.kind === 'text')
        .map((part: any) => part.text)
        .join(''),
      'with all the text streamed so far',
    ).to.equal(shown);
    expect(keptReply.turn.parts.find((part: any) => part.kind === 'tool-call').status).to.equal('running');
    el.stop();
    await until(() => unsavedKeys(key).length === 0, 'the entry goes once everything is written');
  });

  it('changes a page left in localStorage are written when a chat next opens the database; what was running comes back not completed', async () => {
    const key = freshKey();
    const threadId = 'left-by-a-page-that-went';
    const running = { kind: 'tool-call', id: 'call-running', name: 'book_hotel', argsText: '{"city":"Porto"}', args: { city: 'Porto' }, argsComplete: true, status: 'running' };
    const done = {
      kind: 'tool-call',
      id: 'call-done',
      name: 'lookup',
      argsText: '{"city":"Lisbon"}',
      args: { city: 'Lisbon' },
      argsComplete: true,
      status: 'done',
      result: 'Sunny, 24 °C',
    };
    const nodes = [
      { threadId, id: 'u1', parentId: null, seq: 0, turn: { role: 'user', id: 'u1', text: 'Plan the trip' } },
      {
        threadId,
        id: 'r1',
        parentId: 'u1',
        seq: 1,
        turn: { role: 'assistant', id: 'r1', status: 'streaming', parts: [{ kind: 'text', id: 'm1', text: 'Looking it up, then booking', streaming: true }, done, running] },
      },
    ];
    const thread = { id: threadId, title: 'Plan the trip', titleSource: 'first-message', created: 1000, updated: 2000, currentLeaf: 'r1' };
    // A new thread: its first save had not been written either.
    localStorage.setItem(`agent-chat:${key}:unsaved:a-chat-gone`, JSON.stringify({ format: 'agent-chat-unsaved', version: 1, thread, nodes, removed: [], stored: false }));
    localStorage.setItem(`agent-chat:${key}:last-thread`, threadId);

    const el = await storedChat('/agui/basic', key);
    await until(() => el.getTurns().length === 2, 'the conversation is back');
    await settle(el);
    expect(el.threadId).to.equal(threadId);
    const reply = el.getTurns()[1] as any;
    expect(reply.status, 'stopped').to.equal('cancelled');
    expect(reply.parts[0]).to.deep.include({ text: 'Looking it up, then booking', streaming: false });
    expect(reply.parts[1]).to.deep.include({ status: 'done', result: 'Sunny, 24 °C' });
    expect(reply.parts[2].status).to.equal('not-completed');
    const statuses = deepQueryAll(el, '[part="tool-card-status"]').map((status) => status.dataset.status);
    expect(statuses).to.deep.equal(['done', 'not-completed']);
    expect(unsavedKeys(key), 'the entry is gone').to.deep.equal([]);
    el.remove();

    // It is in the database now: another chat shows it without the entry.
    const again = await storedChat('/agui/basic', key);
    await until(() => again.getTurns().length === 2, 'the conversation is back again');
    expect(again.getTurns()).to.deep.equal(el.getTurns());
    expect((await again.listThreads()).map((entry) => entry.id)).to.deep.equal([threadId]);
  });

  it('changes left for a thread that was deleted meanwhile (in another tab) do not bring it back', async () => {
    const key = freshKey();
    const first = await storedChat('/agui/basic', key);
    await sendAndWait(first, 'soon deleted');
    const threadId = first.threadId!;
    const [user, reply] = await first.exportThread().then((data) => data.nodes);
    const thread = (await first.exportThread()).thread;
    await first.deleteThread(threadId);
    first.remove();
    const changed = { ...reply, threadId, turn: { ...reply.turn, status: 'streaming' } };
    localStorage.setItem(
      `agent-chat:${key}:unsaved:a-chat-gone`,
      JSON.stringify({ format: 'agent-chat-unsaved', version: 1, thread, nodes: [changed], removed: [], stored: true }),
    );
    expect(user.turn.role).to.equal('user');

    const el = await storedChat('/agui/basic', key);
    await settle(el);
    expect(await el.listThreads()).to.deep.equal([]);
    expect(el.getTurns()).to.deep.equal([]);
    expect(unsavedKeys(key)).to.deep.equal([]);
  });

  it('changes left for a thread changed since (renamed in another tab) keep what it became: its title stays', async () => {
    const key = freshKey();
    const first = await storedChat('/agui/basic', key);
    await sendAndWait(first, 'keep my name');
    const threadId = first.threadId!;
    const data = await first.exportThread();
    // A page went away with its reply's text not written; later another tab renamed the thread.
    const reply = data.nodes.find((node) => node.turn.role === 'assistant')!;
    const changed = { ...reply, threadId, turn: { ...reply.turn, parts: [{ kind: 'text', id: 'late', text: 'Written at the very end', streaming: false }] } };
    localStorage.setItem(
      `agent-chat:${key}:unsaved:a-chat-gone`,
      JSON.stringify({ format: 'agent-chat-unsaved', version: 1, thread: { ...data.thread, updated: data.thread.updated }, nodes: [changed], removed: [], stored: true }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await first.renameThread(threadId, 'Renamed in another tab');
    first.remove();

    const el = await storedChat('/agui/basic', key);
    await until(() => el.getTurns().length === 2, 'the conversation is back');
    expect((await el.listThreads()).map((thread) => thread.title)).to.deep.equal(['Renamed in another tab']);
    expect(JSON.stringify(el.getTurns()[1])).to.contain('Written at the very end');
    expect(unsavedKeys(key)).to.deep.equal([]);
  });
});

describe('storage: threads', () => {
  it('new, switch, rename and delete from script; thread-id reflects; thread-change fires', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/basic', key);
    await sendAndWait(el, 'first conversation');
    const firstId = el.threadId!;
    const changed = oneEvent(el, 'agent-chat-thread-change');
    const secondId = await el.newThread();
    expect((await changed).detail).to.deep.equal({ threadId: secondId, reason: 'new' });
    expect(el.getAttribute('thread-id')).to.equal(secondId);
    expect(el.getTurns()).to.deep.equal([]);
    await sendAndWait(el, 'second conversation');
    let threads = await el.listThreads();
    expect(threads.map((thread) => thread.title)).to.deep.equal(['second conversation', 'first conversation']);

    expect(await el.openThread(firstId)).to.equal(true);
    await settle(el);
    expect(userTexts(el)).to.deep.equal(['first conversation']);
    expect(el.threadId).to.equal(firstId);

    await el.renameThread(firstId, 'Renamed');
    threads = await el.listThreads();
    expect(threads.find((thread) => thread.id === firstId)!.title).to.equal('Renamed');

    await el.deleteThread(firstId);
    threads = await el.listThreads();
    expect(threads.map((thread) => thread.id)).to.deep.equal([secondId]);
    expect(el.threadId).to.not.equal(firstId, 'deleting the open thread starts a new one');
    expect(el.getTurns()).to.deep.equal([]);
  });

  it('setting thread-id opens that thread', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/basic', key);
    await sendAndWait(el, 'one');
    const one = el.threadId!;
    await el.newThread();
    await sendAndWait(el, 'two');
    el.threadId = one;
    await until(() => userTexts(el)[0] === 'one', 'thread one opens');
  });

  it('the thread list: open it, switch, new, with the keyboard and axe-clean', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/basic', key);
    await sendAndWait(el, 'alpha');
    await el.newThread();
    await sendAndWait(el, 'beta');
    const toggle = deepQuery<HTMLButtonElement>(el, '[part="threads-button"]')!;
    toggle.click();
    await until(() => deepQueryAll(el, '[part~="thread-item"]').length === 2, 'two threads listed');
    await settle(el);
    await expect(el).to.be.accessible();
    const alpha = deepQueryAll(el, '[part~="thread-item"]').find((item) => textOf(item).includes('alpha'))!;
    (alpha.querySelector('button') as HTMLButtonElement).click();
    await until(() => userTexts(el)[0] === 'alpha', 'alpha opens');
    await settle(el);
    expect(deepQuery(el, '[part="thread-list"]')).to.equal(undefined, 'the list closes');
  });
});

describe('storage: branches', () => {
  it('editing a message makes a sibling branch; the switcher moves between them; only the path is sent', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/echo', key);
    await sendAndWait(el, 'first question');
    await sendAndWait(el, 'second question');
    const firstUser = deepQueryAll(el, 'agent-chat-message')[0];
    deepQuery<HTMLButtonElement>(firstUser, '[part="edit-button"]')!.click();
    // The editor loads on first use.
    await until(() => !!deepQuery(el, 'agent-chat-edit-message')?.shadowRoot?.querySelector('textarea'), 'the editor is drawn');
    await settle(el);
    const editForm = deepQuery(el, 'agent-chat-edit-message')!;
    const editor = deepQuery<HTMLTextAreaElement>(editForm, 'textarea')!;
    expect(editor.matches(':focus')).to.equal(true, 'the editor takes the keyboard');
    editor.value = 'first question, edited';
    editor.dispatchEvent(new Event('input'));
    await settle(el);
    const ended = oneEvent(el, 'agent-chat-response-end');
    deepQuery<HTMLButtonElement>(editForm, 'button[type="submit"]')!.click();
    await ended;
    await settle(el);
    expect(userTexts(el)).to.deep.equal(['first question, edited']);
    const last = (await requests('echo')).at(-1);
    expect(last.messages.filter((message: any) => message.role === 'user').map((message: any) => message.content)).to.deep.equal(['first question, edited']);

    const switcher = deepQuery(el, '[part="branch-switcher"]')!;
    expect(textOf(switcher)).to.contain('2 / 2');
    deepQueryAll<HTMLButtonElement>(switcher, 'button')[0].click();
    await settle(el);
    expect(userTexts(el)).to.deep.equal(['first question', 'second question']);
    expect(textOf(deepQuery(el, '[part="branch-switcher"]'))).to.contain('1 / 2');
  });
});

describe('storage: more', () => {
  it('Regenerate keeps the old reply as another version', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/echo', key);
    await sendAndWait(el, 'say it');
    const firstReply = el.getTurns()[1].id;
    const ended = oneEvent(el, 'agent-chat-response-end');
    deepQuery<HTMLButtonElement>(el, '[part="regenerate-button"]')!.click();
    await ended;
    await settle(el);
    expect(el.getTurns()).to.have.length(2);
    expect(el.getTurns()[1].id).to.not.equal(firstReply);
    const switcher = deepQuery(el, '[part="branch-switcher"]')!;
    expect(textOf(switcher)).to.contain('2 / 2');
    expect(switcher.getAttribute('aria-label')).to.equal('Version 2 of 2');
    deepQueryAll<HTMLButtonElement>(switcher, 'button')[0].click();
    await settle(el);
    expect(el.getTurns()[1].id).to.equal(firstReply);
    await expect(el).to.be.accessible();
  });

  it('a title from the backend (CUSTOM agent-chat.thread-title) names the thread, unless the person renamed it', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/titled', key);
    await sendAndWait(el, 'plan my trip');
    let threads = await el.listThreads();
    expect(threads[0].title).to.equal('Trip to Lisbon');
    await el.renameThread(threads[0].id, 'Mine');
    await sendAndWait(el, 'again');
    threads = await el.listThreads();
    expect(threads[0].title).to.equal('Mine');
  });

  it('opening a thread does not move it to the top of the list', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/basic', key);
    await sendAndWait(el, 'older');
    const older = el.threadId!;
    await el.newThread();
    await sendAndWait(el, 'newer');
    await el.openThread(older);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const threads = await el.listThreads();
    expect(threads.map((thread) => thread.title)).to.deep.equal(['newer', 'older']);
  });

  it('storage="none": nothing is kept, no thread list, but versions still work', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat style="height: 520px" endpoint="/agui/echo" storage="none"></agent-chat>`);
    await sendAndWait(el, 'one');
    expect(deepQuery(el, '[part="threads-button"]')).to.equal(undefined);
    expect(await el.listThreads()).to.deep.equal([]);
    const ended = oneEvent(el, 'agent-chat-response-end');
    deepQuery<HTMLButtonElement>(el, '[part="regenerate-button"]')!.click();
    await ended;
    await settle(el);
    expect(textOf(deepQuery(el, '[part="branch-switcher"]'))).to.contain('2 / 2');
    const exported = await el.exportThread();
    expect(exported.nodes).to.have.length(3, 'the message and both replies');
  });
});

describe('storage: switching while things happen', () => {
  it('setting thread-id while a reply streams saves that reply to its own thread, not the new one', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/slow', key);
    void el.send('in thread A');
    await until(() => (el.getTurns()[1] as any)?.parts?.some((part: any) => part.kind === 'text' && part.text.length > 0), 'text arrived');
    const threadA = el.threadId!;
    el.threadId = 'thread-B';
    await until(() => el.getTurns().length === 0, 'thread B (new) is shown');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exported = await el.exportThread(threadA);
    expect(exported.nodes.map((node) => node.turn.role)).to.deep.equal(['user', 'assistant'], 'A keeps its question and its (stopped) reply');
    expect((await el.listThreads()).map((thread) => thread.id)).to.deep.equal([threadA], 'nothing of A went into B');
  });

  it('setting thread-id and sending at once: the reply goes on under that id', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/basic', key);
    el.threadId = 'fresh-thread';
    const ended = oneEvent(el, 'agent-chat-response-end');
    void el.send('hello there');
    expect((await ended).detail.status).to.equal('done');
    await settle(el);
    expect(el.threadId).to.equal('fresh-thread');
    expect((await el.listThreads()).map((thread) => thread.id)).to.deep.equal(['fresh-thread']);
  });

  it('deleting the thread shown while a reply streams leaves nothing of it behind', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/slow', key);
    void el.send('doomed');
    await until(() => (el.getTurns()[1] as any)?.parts?.some((part: any) => part.kind === 'text' && part.text.length > 0), 'text arrived');
    await el.deleteThread(el.threadId!);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await el.listThreads()).to.deep.equal([]);
    expect(el.getTurns()).to.deep.equal([]);
  });

  it('the version chosen is saved: a new chat opens on it, with its switcher', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/echo', key);
    await sendAndWait(el, 'say it');
    const firstReply = el.getTurns()[1].id;
    const ended = oneEvent(el, 'agent-chat-response-end');
    deepQuery<HTMLButtonElement>(el, '[part="regenerate-button"]')!.click();
    await ended;
    await settle(el);
    const switcher = deepQuery(el, '[part="branch-switcher"]')!;
    deepQueryAll<HTMLButtonElement>(switcher, 'button')[0].click();
    await settle(el);
    expect(el.getTurns()[1].id).to.equal(firstReply);
    // The keyboard stayed on the switcher (now the first version's).
    const focused = deepQueryAll(el, 'agent-chat-message').find((message) => message.shadowRoot?.activeElement);
    expect(focused?.shadowRoot?.activeElement?.closest('[part="branch-switcher"]')).to.exist;
    await new Promise((resolve) => setTimeout(resolve, 300));
    el.remove();
    const again = await storedChat('/agui/echo', key);
    await until(() => again.getTurns().length === 2, 'restored');
    await settle(again);
    expect(again.getTurns()[1].id).to.equal(firstReply, 'the version shown last');
    expect(textOf(deepQuery(again, '[part="branch-switcher"]'))).to.contain('1 / 2');
  });

  it('exports a conversation to a file and imports it back from the conversation list; a bad file is refused in the list', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/echo', key);
    await sendAndWait(el, 'keep this');
    const threadId = el.threadId!;
    const toggle = deepQuery<HTMLButtonElement>(el, '[part="threads-button"]')!;
    toggle.click();
    await until(() => !!deepQuery(el, '[part="thread-item"]'), 'the list');
    await settle(el);
    const downloads: { href: string; download: string }[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    };
    try {
      deepQuery<HTMLButtonElement>(el, '[part="thread-item"] [data-control="export"]')!.click();
      await until(() => downloads.length === 1, 'the download');
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(downloads[0].download).to.equal(`conversation-${threadId}.json`);
    const exported = await (await fetch(downloads[0].href)).json();
    expect(exported).to.deep.include({ format: 'agent-chat-thread', version: 1 });
    expect(exported.thread.id).to.equal(threadId);

    const choose = async (file: File) => {
      const input = deepQuery<HTMLInputElement>(el, 'input[type="file"]')!;
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change'));
    };
    await choose(new File(['not json'], 'notes.txt'));
    await until(() => textOf(deepQuery(el, '.notice[role="alert"]')).includes('notes.txt is not a JSON file'), 'refused: not JSON');
    await choose(new File([JSON.stringify({ format: 'something-else' })], 'other.json'));
    await until(() => textOf(deepQuery(el, '.notice[role="alert"]')).startsWith('The conversation could not be imported'), 'refused: not an export');
    expect((await el.listThreads()).length, 'nothing was added').to.equal(1);

    await choose(new File([JSON.stringify(exported)], 'conversation.json', { type: 'application/json' }));
    await until(() => el.threadId !== threadId && !deepQuery(el, '[part="thread-list"]'), 'the imported copy is shown and the list closed');
    await settle(el);
    expect(userTexts(el)).to.deep.equal(['keep this']);
    expect((await el.listThreads()).length).to.equal(2);
  });

  it('a long conversation opens at its end; earlier turns come when asked for', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat style="height: 520px" endpoint="/agui/basic" storage="none"></agent-chat>`);
    const turns = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? { role: 'user', id: `u${i}`, text: `question ${i}` }
        : { role: 'assistant', id: `a${i}`, status: 'done', parts: [{ kind: 'text', id: `t${i}`, text: `answer ${i}`, streaming: false }] },
    );
    el.setTurns(turns as never);
    await settle(el);
    expect(deepQueryAll(el, 'agent-chat-message')).to.have.length(12);
    const earlier = deepQuery<HTMLButtonElement>(el, '[part="earlier-button"]')!;
    expect(textOf(earlier)).to.equal('Show 88 earlier messages');
    earlier.click();
    await settle(el);
    expect(deepQueryAll(el, 'agent-chat-message')).to.have.length(52);
    el.setTurns(turns.slice(0, 13) as never);
    await settle(el);
    expect(textOf(deepQuery(el, '[part="earlier-button"]'))).to.equal('Show 1 earlier message');
    el.setTurns(turns as never);
    await settle(el);
    deepQuery<HTMLButtonElement>(el, '[part="earlier-button"]')!.click();
    await settle(el);
    // New turns add to what is drawn; nothing drawn goes away.
    await sendAndWait(el, 'one more');
    expect(deepQueryAll(el, 'agent-chat-message')).to.have.length(54);
  });

  it('an open approval comes back from the database and can still be answered', async () => {
    const key = freshKey();
    const first = await storedChat('/agui/approval', key);
    await sendAndWait(first, 'clean up');
    await new Promise((resolve) => setTimeout(resolve, 100));
    first.remove();
    const second = await storedChat('/agui/approval', key);
    await until(() => !!deepQuery(second, '[part="approval"]'), 'the approval is back');
    expect(await second.send('hello?')).to.equal(null, 'still held');
    const approve = deepQueryAll<HTMLButtonElement>(deepQuery(second, '[part="approval"]')!, 'button').find((button) => textOf(button) === 'Approve')!;
    const ended = oneEvent(second, 'agent-chat-response-end');
    approve.click();
    await ended;
    expect((await requests('approval')).at(-1).resume).to.deep.equal([{ interruptId: 'approve-1', status: 'resolved', payload: { approved: true } }]);
  });

  it('an imported app card counts as shown under a check of its own', async () => {
    const key = freshKey();
    const el = await storedChat('/agui/basic', key);
    const card = {
      kind: 'tool-call',
      id: 'c1',
      name: 'show',
      argsText: '{}',
      args: {},
      argsComplete: true,
      status: 'done',
      result: 'ok',
      app: { source: 'probe', via: 'page', resourceUri: 'ui://probe/app', resource: { html: '<p>hi</p>' } },
    };
    const file = {
      format: 'agent-chat-thread',
      version: 1,
      exported: Date.now(),
      thread: { id: 'imported', title: 'Imported', titleSource: 'person', created: 1, updated: 2, currentLeaf: 'r1' },
      nodes: [
        { id: 'u1', parentId: null, seq: 0, turn: { role: 'user', id: 'u1', text: 'show me' } },
        { id: 'r1', parentId: 'u1', seq: 1, turn: { role: 'assistant', id: 'r1', status: 'done', parts: [card] } },
      ],
    };
    await el.importThread(file);
    const restored = (el.getTurns()[1] as any).parts[0];
    expect(restored.app.hadOwnCheck).to.equal(true);
  });
});
