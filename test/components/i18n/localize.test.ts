import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import type { ChatStringOverrides } from '../../../src/i18n/chat-strings.js';
import { LocalizeController } from '../../../src/i18n/localize.js';
import '../../../src/components/composer/composer.js';
import '../../../src/components/markdown/markdown-view.js';
import { loadMarkdown } from '../../../src/render/markdown-loader.js';
import { chatFixture, deepQuery, sendAndWait, textOf, until } from '../helpers.js';

/** A reply with an image from another origin and a code block: a placeholder and a copy button, in words. */
const REPLY = '![chart](https://elsewhere.test/a.png)\n\n```js\nlet a = 1;\n```\n';

/** The chat's use of the controller, and nothing else: a text of its own, and views below that consume the texts. */
class LocalizedHost extends LitElement {
  static override properties = { lang: {}, strings: { attribute: false } };
  declare lang: string;
  declare strings?: ChatStringOverrides;
  readonly localize = new LocalizeController(this);

  override render() {
    return html`<p>${this.localize.strings.send}</p>
      <agent-chat-composer></agent-chat-composer>
      <agent-chat-markdown .text=${REPLY}></agent-chat-markdown>`;
  }
}
customElements.define('test-localized-host', LocalizedHost);

const own = (el: LocalizedHost) => textOf(el.shadowRoot!.querySelector('p') ?? undefined);
const inView = (el: Element) => textOf(deepQuery(el, '[part="send-button"]'));
/** Both the host's own text and the view's say `send`. */
const says = (el: LocalizedHost, send: string, what: string) => until(() => own(el) === send && inView(el) === send, what);

describe('LocalizeController', () => {
  const pageLang = document.documentElement.lang;
  afterEach(() => {
    document.documentElement.lang = pageLang;
  });

  it('speaks the page’s language and follows it at run time; the element’s own lang wins', async () => {
    document.documentElement.lang = 'en';
    const el = await fixture<LocalizedHost>(html`<test-localized-host></test-localized-host>`);
    await says(el, 'Send', 'English at first');
    document.documentElement.lang = 'de';
    await says(el, 'Senden', 'German, the element untouched');
    el.lang = 'fr';
    await says(el, 'Envoyer', 'the element’s lang');
    document.documentElement.lang = 'en';
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(own(el), 'the element’s lang still wins').to.equal('Envoyer');
    el.lang = '';
    await says(el, 'Send', 'the page’s again');
  });

  it('takes the nearest lang around it, and follows it when it changes', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div lang="fr"><test-localized-host></test-localized-host></div>`);
    const el = wrapper.querySelector<LocalizedHost>('test-localized-host')!;
    await says(el, 'Envoyer', 'French from the wrapper');
    wrapper.setAttribute('lang', 'de-AT');
    await says(el, 'Senden', 'German from the wrapper');
    expect(el.localize.strings.locale).to.equal('de-AT');
  });

  it('puts the page’s strings on top, counted texts in the older form per plural category too', async () => {
    const el = await fixture<LocalizedHost>(html`<test-localized-host lang="de"></test-localized-host>`);
    await says(el, 'Senden', 'German');
    el.strings = { send: 'Los', earlierMessages: { one: '{count} ältere', other: '{count} ältere Nachrichten' } };
    await says(el, 'Los', 'the override');
    expect([1, 2000].map((count) => el.localize.strings.earlierMessages(count))).to.deep.equal(['1 ältere', '2.000 ältere Nachrichten']);
    expect(el.localize.strings.stop, 'the rest stays German').to.equal('Stopp');
  });

  it('draws markdown anew in the new language: image placeholders and copy buttons', async () => {
    await loadMarkdown();
    document.documentElement.lang = 'en';
    const el = await fixture<LocalizedHost>(html`<test-localized-host></test-localized-host>`);
    const words = () => [textOf(deepQuery(el, 'button.image-placeholder')), textOf(deepQuery(el, 'button.copy'))];
    await until(() => words()[0] !== '', 'the placeholder');
    expect(words()).to.deep.equal(['Show image from elsewhere.test (chart)', 'Copy']);
    document.documentElement.lang = 'de';
    await until(() => words()[0] === 'Bild von elsewhere.test anzeigen (chart)', 'the German placeholder');
    expect(words()[1]).to.equal('Kopieren');
  });

  it('watches the page only while connected, and catches up when connected again', async () => {
    document.documentElement.lang = 'en';
    const el = await fixture<LocalizedHost>(html`<test-localized-host></test-localized-host>`);
    await says(el, 'Send', 'English');
    const parent = el.parentElement!;
    el.remove();
    document.documentElement.lang = 'fr';
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(own(el), 'not followed while away').to.equal('Send');
    parent.append(el);
    await says(el, 'Envoyer', 'French once back');
  });
});

describe('<agent-chat> and the page’s language', () => {
  const pageLang = document.documentElement.lang;
  afterEach(() => {
    document.documentElement.lang = pageLang;
  });

  it('redraws everything in the page’s new language, and its own lang wins', async () => {
    document.documentElement.lang = 'en';
    const el = await chatFixture('/agui/basic');
    await sendAndWait(el, 'hi');
    // Said before the person's message, for screen readers.
    const speaker = () => textOf(deepQuery(el, '.user .visually-hidden'));
    expect(speaker()).to.equal('You:');
    document.documentElement.lang = 'de';
    await until(() => inView(el) === 'Senden' && speaker() === 'Sie:', 'German in the composer and the message');
    expect(deepQuery(el, '[part="messages"]')!.getAttribute('aria-label')).to.equal('Unterhaltung');
    el.lang = 'fr';
    await until(() => inView(el) === 'Envoyer' && speaker() === 'Vous:', 'French from the element');
  });
});
