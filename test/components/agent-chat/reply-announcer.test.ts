import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { announcement, SAID_WHOLE, spokenText } from '../../../src/agent-chat/reply-announcement.js';
import { englishStrings, loadStrings, resolveStrings } from '../../../src/i18n/strings.js';
import { chatFixture, deepQuery, sendAndWait, settle, textOf, until, useFreshKeys } from '../helpers.js';

/**
 * A finished reply is said once, in the chat's polite live region beside the log (the log is
 * `aria-busy` while a reply streams): its words, cut when long; a failed reply's error; nothing
 * while streaming, for a stopped reply, or for a thread restored from storage.
 */

const region = (el: AgentChat) => el.shadowRoot!.querySelector<HTMLElement>('.reply-said')!;
const said = (el: AgentChat) => textOf(region(el));
const replyText = (el: AgentChat) => JSON.stringify(el.getTurns()[1] ?? '');

/** Every text the region held, in order, from now on. */
function watchRegion(el: AgentChat): string[] {
  const seen: string[] = [];
  new MutationObserver(() => seen.push(said(el))).observe(region(el), { childList: true, characterData: true, subtree: true });
  return seen;
}

describe('reply announcements: the words', () => {
  it('reads markdown as plain words: no markup, links and images by their text', () => {
    const markdown =
      '# Title\n\nSome *emphasis*, **bold** and `code` with a [link](https://example.com) and ![a cat](cat.png).\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst snake_case = 1;\n```\n\n> quoted _word_ and 2\\*3';
    expect(spokenText(markdown)).to.equal('Title Some emphasis, bold and code with a link and a cat. one two a b 1 2 const snake_case = 1; quoted word and 23');
  });

  it('cuts a long reply at a word, with the translatable note that it goes on', () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const english = announcement(englishStrings, { text: long });
    expect(english).to.match(/^word0 word1 .* word\d+… \(continues in the conversation\)$/);
    expect(english.length).to.be.at.most(SAID_WHOLE + '… (continues in the conversation)'.length);
    expect(announcement(resolveStrings('en', { replyContinues: '{text} [more]' }), { text: long })).to.match(/word\d+ \[more\]$/);
    expect(announcement(englishStrings, { text: 'Short.' })).to.equal('Short.');
    expect(announcement(englishStrings, { error: 'Upstream model failed' })).to.equal('Something went wrong: Upstream model failed');
  });

  it('reads only the start of a huge or hostile reply, quickly, and says that it goes on', () => {
    const hostile = '<script '.repeat(200_000) + ' the end';
    const started = performance.now();
    const words = announcement(englishStrings, { text: hostile });
    expect(performance.now() - started).to.be.below(50);
    expect(words).to.match(/\(continues in the conversation\)$/);
    expect(announcement(englishStrings, { text: `${'[x](https://example.com/'.repeat(1000)}) Done.` })).to.match(/\(continues in the conversation\)$/);
  });
});

describe('reply announcements: in the chat', () => {
  const freshKey = useFreshKeys('reply-announcer');

  it('says a finished reply once it has ended, in a polite status region outside the busy log', async () => {
    const el = await chatFixture('/agui/markdown');
    const live = region(el);
    expect(live.getAttribute('role')).to.equal('status');
    expect(live.closest('[aria-busy]'), 'not inside the log').to.equal(null);
    const seen = watchRegion(el);
    await sendAndWait(el, 'show me');
    await until(() => said(el) !== '', 'said');
    expect(said(el)).to.equal('Title Some emphasis and a link. a b 1 2 const x = 1; end');
    await settle(el);
    expect(seen.filter(Boolean), 'once').to.deep.equal([said(el)]);
  });

  it('says nothing while a reply streams, only its end', async () => {
    const el = await chatFixture('/agui/slow');
    const seen = watchRegion(el);
    const ended = sendAndWait(el, 'go');
    await until(() => replyText(el).includes('tick 3'), 'streaming');
    expect(said(el), 'nothing while streaming').to.equal('');
    await ended;
    await until(() => said(el) !== '', 'said at the end');
    expect(said(el)).to.match(/^tick 0 tick 1 .*… \(continues in the conversation\)$/);
    expect(seen.filter(Boolean)).to.have.length(1);
  });

  it('says a failed reply’s error (the reply shows it without an alert of its own)', async () => {
    const el = await chatFixture('/agui/run-error');
    await sendAndWait(el, 'x');
    await until(() => said(el) !== '', 'said');
    expect(said(el)).to.equal('Something went wrong: Upstream model failed');
    expect(deepQuery(el, '[part="error"]')!.getAttribute('role')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('in the chat’s language', async () => {
    await loadStrings('de');
    const el = await fixture<AgentChat>(html`<agent-chat lang="de" style="height: 480px" endpoint="/agui/run-error"></agent-chat>`);
    await el.updateComplete;
    await sendAndWait(el, 'x');
    await until(() => said(el) !== '', 'said');
    expect(said(el)).to.equal('Etwas ist schiefgelaufen: Upstream model failed');
  });

  it('says nothing of a stopped reply, and empties the region when the next reply starts', async () => {
    const el = await chatFixture('/agui/slow');
    const ended = sendAndWait(el, 'go');
    await until(() => replyText(el).includes('tick 1'), 'streaming');
    el.stop();
    expect((await ended).status).to.equal('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(said(el)).to.equal('');
  });

  it('says nothing of a thread restored from storage, nor of turns the page sets', async () => {
    const key = freshKey();
    const first = await fixture<AgentChat>(html`<agent-chat style="height: 480px" endpoint="/agui/basic" storage-key=${key}></agent-chat>`);
    await sendAndWait(first, 'hi');
    await until(() => said(first) === 'Hello world!', 'said where it ran');
    const turns = first.getTurns();
    first.remove();

    const second = await fixture<AgentChat>(html`<agent-chat style="height: 480px" endpoint="/agui/basic" storage-key=${key}></agent-chat>`);
    const seen = watchRegion(second);
    await until(() => second.getTurns().length === 2, 'restored');
    second.setTurns(turns);
    await settle(second);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.filter(Boolean)).to.deep.equal([]);
    expect(said(second)).to.equal('');
  });

  it('says nothing in a closed panel (the launcher’s badge counts the reply)', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat mode="popup" storage="none" endpoint="/agui/basic"></agent-chat>`);
    el.show();
    await el.updateComplete;
    el.hide();
    await el.updateComplete;
    await sendAndWait(el, 'hi');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(said(el)).to.equal('');
  });
});
