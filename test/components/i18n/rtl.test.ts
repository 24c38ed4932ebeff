import { expect, fixture, html } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { Turn } from '../../../src/conversation/types.js';
import { activityTexts } from '../../../src/components/activity/activity-texts.js';
import { loadStrings, resolveStrings } from '../../../src/i18n/strings.js';
import { deepQuery, sendAndWait, settle, textOf, until } from '../helpers.js';

/**
 * Right to left: `dir="rtl"` on the chat or the page, or a right-to-left `lang`, mirrors the whole
 * layout (measured where things are drawn), while code and JSON stay left to right.
 */
const box = (element: Element | null | undefined) => {
  expect(element, 'the element is drawn').to.exist;
  return element!.getBoundingClientRect();
};
const direction = (element: Element | null | undefined) => getComputedStyle(element!).direction;
const part = (el: AgentChat, name: string) => deepQuery(el, `[part~="${name}"]`);

async function chat(template: TemplateResult): Promise<AgentChat> {
  const el = await fixture<AgentChat>(template);
  const chatElement = el.localName === 'agent-chat' ? el : el.querySelector<AgentChat>('agent-chat')!;
  await chatElement.updateComplete;
  return chatElement;
}

/** After a turn with a tool card: everything sits where a mirrored layout puts it. */
async function expectMirrored(el: AgentChat) {
  const input = part(el, 'input');
  const send = part(el, 'send-button');
  expect(box(send).right, 'Send is at the end of the input: its left').to.be.at.most(box(input).left + 1);
  expect(direction(input), 'the composer is right to left').to.equal('rtl');

  await sendAndWait(el, 'weather');
  const bubble = part(el, 'user-message');
  const message = bubble!.getRootNode() instanceof ShadowRoot ? (bubble!.getRootNode() as ShadowRoot).host : undefined;
  expect(Math.abs(box(bubble).left - box(message).left), 'your message sits at the end edge (the left), as the send button').to.be.below(2);
  expect(box(bubble).right).to.be.below(box(message).right - 40);
  expect(direction(bubble)).to.equal('rtl');

  const header = part(el, 'tool-card-header');
  expect(direction(header), 'the tool card inherits the direction').to.equal('rtl');
  const chevron = header!.querySelector('.chevron');
  const title = header!.querySelector('.title');
  expect(box(chevron).left, 'the arrow leads at the right').to.be.at.least(box(title).right - 1);
  expect(getComputedStyle(chevron!).scale, 'and points forward: to the left').to.equal('-1 1');
  expect(box(part(el, 'tool-card-status')).right, 'the status closes the header at the left').to.be.at.most(box(title).left + 1);
  expect(direction(deepQuery(el, '.assistant p')), 'the reply').to.equal('rtl');

  await until(() => !!part(el, 'threads-button'), 'storage opened: the conversations button');
  const base = part(el, 'base');
  expect(box(part(el, 'threads-button')).left, 'the header starts at the right: its button, then the heading').to.be.at.least(box(part(el, 'heading')).right);
  part(el, 'threads-button')!.click();
  await until(() => !!part(el, 'thread-list'), 'the list of conversations');
  const drawer = deepQuery(el, '.threads');
  expect(Math.abs(box(drawer).right - box(base).right), 'the drawer comes in from the right').to.be.below(2);
  expect(box(drawer).left).to.be.above(box(base).left + 20);
  expect(direction(part(el, 'thread-list')), 'the list of conversations').to.equal('rtl');
  expect(box(drawer!.querySelector('.close')).left, 'its close button is at its left').to.be.below(box(drawer).left + 60);
}

describe('right to left', () => {
  const page = document.documentElement;
  const pageLang = page.getAttribute('lang');
  afterEach(() => {
    page.removeAttribute('dir');
    if (pageLang === null) page.removeAttribute('lang');
    else page.setAttribute('lang', pageLang);
  });

  it('dir="rtl" on the element mirrors the layout', async () => {
    const el = await chat(html`<agent-chat dir="rtl" heading="Assistant" style="height: 640px" endpoint="/agui/tools"></agent-chat>`);
    await expectMirrored(el);
    expect(part(el, 'base')!.hasAttribute('dir'), 'the direction is the inherited one').to.equal(false);
  });

  it('dir="rtl" on the page mirrors it too', async () => {
    page.setAttribute('dir', 'rtl');
    const el = await chat(html`<agent-chat heading="Assistant" style="height: 640px" endpoint="/agui/tools"></agent-chat>`);
    await expectMirrored(el);
  });

  it('lang="ar" alone mirrors it, in Arabic', async () => {
    const el = await chat(html`<agent-chat lang="ar" heading="المساعد" style="height: 640px" endpoint="/agui/tools"></agent-chat>`);
    await until(() => textOf(part(el, 'send-button')) === 'إرسال', 'the Arabic texts');
    expect(part(el, 'base')!.closest('[dir]')!.getAttribute('dir')).to.equal('rtl');
    expect(part(el, 'input')!.getAttribute('aria-label')).to.equal('الرسالة');
    await expectMirrored(el);
    expect(textOf(part(el, 'tool-card-status'))).to.equal('اكتمل');
    await expect(el).to.be.accessible();
  });

  it('a right-to-left lang on the page, or on a wrapper, mirrors it; a page that says dir="ltr" nearer than the language does not', async () => {
    page.setAttribute('lang', 'he');
    const fromPage = await chat(html`<agent-chat storage="none" endpoint="/agui/basic"></agent-chat>`);
    expect(part(fromPage, 'base')!.closest('[dir]')!.getAttribute('dir'), 'the page’s lang="he"').to.equal('rtl');
    page.setAttribute('lang', 'en');
    await until(() => !part(fromPage, 'base')!.hasAttribute('dir'), 'the page’s language changing back');

    const wrapped = await chat(html`<div lang="fa"><agent-chat storage="none" endpoint="/agui/basic"></agent-chat></div>`);
    expect(direction(part(wrapped, 'input'))).to.equal('rtl');

    // Many pages say dir="ltr" on <html>; an element that says it speaks Arabic is still Arabic.
    page.setAttribute('dir', 'ltr');
    const own = await chat(html`<agent-chat lang="ar" storage="none" endpoint="/agui/basic"></agent-chat>`);
    expect(direction(part(own, 'input')), 'the element’s own lang is nearer than <html dir>').to.equal('rtl');
    const saidLtr = await chat(html`<div lang="ar" dir="ltr"><agent-chat storage="none" endpoint="/agui/basic"></agent-chat></div>`);
    expect(direction(part(saidLtr, 'input')), 'dir beside the lang').to.equal('ltr');
  });

  it('dir="ltr" on an element with lang="ar" stays left to right (in Arabic), and follows dir changes', async () => {
    const el = await chat(html`<agent-chat lang="ar" dir="ltr" storage="none" style="height: 640px" endpoint="/agui/basic"></agent-chat>`);
    await until(() => textOf(part(el, 'send-button')) === 'إرسال', 'the Arabic texts');
    expect(part(el, 'base')!.hasAttribute('dir')).to.equal(false);
    expect(direction(part(el, 'input'))).to.equal('ltr');
    expect(box(part(el, 'send-button')).left, 'Send is at the right of the input').to.be.at.least(box(part(el, 'input')).right - 1);
    el.removeAttribute('dir');
    await until(() => direction(part(el, 'input')) === 'rtl', 'the language’s direction once dir is gone');
  });

  it('Arabic counted texts take the form of their number (zero, one, two, few, many, other)', async () => {
    await loadStrings('ar');
    const strings = resolveStrings('ar');
    const n = (count: number) => new Intl.NumberFormat('ar').format(count);
    expect([0, 1, 2, 3, 11, 100].map((count) => activityTexts(strings).activityCalls(count))).to.deep.equal([
      'لا استدعاءات',
      'استدعاء واحد',
      'استدعاءان',
      `${n(3)} استدعاءات`,
      `${n(11)} استدعاءً`,
      `${n(100)} استدعاء`,
    ]);
    expect([1, 2, 5, 25, 102].map((count) => strings.unreadReplies(count))).to.deep.equal([
      'ردّ واحد غير مقروء',
      'ردّان غير مقروءين',
      `${n(5)} ردود غير مقروءة`,
      `${n(25)} ردًّا غير مقروء`,
      `${n(102)} ردّ غير مقروء`,
    ]);

    // On screen: the button over a long conversation's earlier messages.
    const turns = (count: number): Turn[] =>
      Array.from({ length: count }, (_, i) =>
        i % 2 === 0
          ? { role: 'user', id: `u${i}`, text: `سؤال ${i}` }
          : { role: 'assistant', id: `a${i}`, status: 'done', parts: [{ kind: 'text', id: `t${i}`, text: `جواب ${i}`, streaming: false }] },
      );
    const el = await chat(html`<agent-chat lang="ar" storage="none" style="height: 480px" endpoint="/agui/basic"></agent-chat>`);
    const earlier = async (count: number) => {
      el.setTurns(turns(count));
      await settle(el);
      return textOf(part(el, 'earlier-button'));
    };
    // Twelve turns are drawn first: the rest are "earlier".
    expect(await earlier(13)).to.equal('عرض الرسالة السابقة');
    expect(await earlier(14)).to.equal('عرض الرسالتين السابقتين');
    expect(await earlier(16)).to.equal(`عرض ${n(4)} رسائل سابقة`);
    expect(await earlier(42)).to.equal(`عرض ${n(30)} رسالة سابقة`);
    expect(await earlier(112)).to.equal(`عرض ${n(100)} رسالة سابقة`);
  });

  it('code blocks, inline code and tool arguments stay left to right', async () => {
    const el = await chat(html`<agent-chat lang="ar" show-requests storage="none" style="height: 640px" endpoint="/agui/markdown"></agent-chat>`);
    await sendAndWait(el, 'markdown');
    const code = deepQuery(el, '.code-block pre');
    expect(direction(code), 'a code block').to.equal('ltr');
    expect(direction(deepQuery(el, '.code-block')?.parentElement ?? undefined), 'around it').to.equal('rtl');
    el.setTurns([{ role: 'assistant', id: 'a1', status: 'done', parts: [{ kind: 'text', id: 't1', text: 'استدعِ `getWeather(city)` مرة واحدة.', streaming: false }] }]);
    await settle(el);
    const inlineCode = deepQuery(el, '.assistant p code');
    expect(textOf(inlineCode)).to.equal('getWeather(city)');
    expect(direction(inlineCode), 'inline code').to.equal('ltr');
    expect(direction(inlineCode?.parentElement ?? undefined), 'in a right-to-left sentence').to.equal('rtl');
    const tools = await fixture<AgentChat>(html`<agent-chat dir="rtl" show-requests storage="none" style="height: 640px" endpoint="/agui/tools"></agent-chat>`);
    await sendAndWait(tools, 'weather');
    part(tools, 'tool-card-header')!.click();
    await settle(tools);
    const args = deepQuery(tools, 'pre.args');
    expect(textOf(args)).to.contain('"city"');
    expect(direction(args), 'the arguments (JSON)').to.equal('ltr');
    expect(direction(deepQuery(deepQuery(tools, 'agent-chat-rich-result')!, 'pre')), 'the result (JSON)').to.equal('ltr');
    await expect(tools).to.be.accessible();
  });
});
