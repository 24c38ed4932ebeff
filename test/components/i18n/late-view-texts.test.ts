import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import '../../../src/components/mcp-notice/mcp-notice.js';
import type { ChatStringOverrides } from '../../../src/i18n/chat-strings.js';
import { LocalizeController } from '../../../src/i18n/localize.js';
import { chatFixture, deepQuery, sendAndWait, textOf, until } from '../helpers.js';

/**
 * Texts only views loaded later show have their English in those views' chunks, not in the first
 * load: they still read English by default, the chat's language when it has them, and the page's
 * `strings` over both.
 */

/** A chat's use of the texts and nothing else: its language and the page's strings, given to the sign-in notice below it. */
class NoticeHost extends LitElement {
  static override properties = { lang: {}, strings: { attribute: false } };
  declare lang: string;
  declare strings?: ChatStringOverrides;
  readonly localize = new LocalizeController(this);

  override render() {
    return html`<agent-chat-mcp-notice .requests=${[{ name: 'notes', blocked: true }]}></agent-chat-mcp-notice>`;
  }
}
customElements.define('test-late-texts-notice-host', NoticeHost);

const notice = (el: Element) => el.shadowRoot!.querySelector('agent-chat-mcp-notice')!;
const signIn = (el: Element) => textOf(deepQuery(notice(el), '[part="mcp-sign-in"]'));
const problem = (el: Element) => textOf(deepQuery(notice(el), '.mcp-sign-in-problem'));

describe('texts of views loaded later', () => {
  const pageLang = document.documentElement.lang;
  before(() => (document.documentElement.lang = 'en'));
  after(() => (document.documentElement.lang = pageLang));

  it('the sign-in notice: English by default, the language’s own, and the page’s strings over them', async () => {
    const el = await fixture<NoticeHost>(html`<test-late-texts-notice-host></test-late-texts-notice-host>`);
    await until(() => signIn(el) === 'Sign in to notes', 'English');
    expect(problem(el)).to.contain('The browser blocked the sign-in window.');

    el.lang = 'de';
    await until(() => signIn(el) === 'Bei notes anmelden', 'German');
    expect(problem(el)).to.not.contain('The browser blocked');

    el.strings = { mcpSignIn: 'Anmelden: {name}' };
    await until(() => signIn(el) === 'Anmelden: notes', 'the page’s text over German');

    el.lang = 'en';
    await until(() => signIn(el) === 'Anmelden: notes', 'the page’s text over English');
    expect(problem(el), 'the others in English').to.contain('The browser blocked the sign-in window.');

    el.strings = undefined;
    await until(() => signIn(el) === 'Sign in to notes', 'English again');
    await expect(notice(el)).to.be.accessible();
  });

  it('<agent-chat>’s tool card: its status in English, in the chat’s lang, and as the page’s strings say', async () => {
    const el = await chatFixture('/agui/tools');
    await sendAndWait(el, 'Weather?');
    const status = () => textOf(deepQuery(el, '[part="tool-card-status"]'));
    expect(status()).to.equal('Done');

    el.lang = 'de';
    await until(() => status() === 'Fertig', 'German');

    el.strings = { toolDone: 'Erledigt' };
    await until(() => status() === 'Erledigt', 'the page’s text over German');

    el.lang = '';
    el.strings = { toolDone: 'Finished' };
    await until(() => status() === 'Finished', 'the page’s text over English');

    el.strings = {};
    await until(() => status() === 'Done', 'English again');
  });
});
