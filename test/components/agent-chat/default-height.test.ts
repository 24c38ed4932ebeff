import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { deepQuery, settle } from '../helpers.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** A long conversation: 40 turns, each reply a few paragraphs. */
const longConversation = () =>
  Array.from({ length: 40 }, (_, i) =>
    i % 2 === 0
      ? { role: 'user', id: `u${i}`, text: `Question ${i}: tell me more about this, please.` }
      : {
          role: 'assistant',
          id: `a${i}`,
          status: 'done',
          parts: [
            {
              kind: 'text',
              id: `t${i}`,
              text: `Answer ${i}.\n\n${'A paragraph that is long enough to wrap over a few lines of the message column. '.repeat(4)}\n\n- one\n- two\n- three`,
              streaming: false,
            },
          ],
        },
  );

const composerOf = (el: AgentChat) => deepQuery(el, '[part="composer"]')!;
const logOf = (el: AgentChat) => deepQuery(el, '[part="messages"]')!;

async function withConversation(el: AgentChat): Promise<AgentChat> {
  el.setTurns(longConversation() as never);
  await settle(el);
  return el;
}

for (const viewport of VIEWPORTS) {
  describe(`<agent-chat> height (${viewport.name}, ${viewport.width}×${viewport.height})`, () => {
    before(() => setViewport({ width: viewport.width, height: viewport.height }));
    after(() => setViewport({ width: 800, height: 600 }));

    it('given no height, keeps to its default size after a long conversation, composer on screen', async () => {
      const el = await withConversation(await fixture<AgentChat>(html`<agent-chat storage="none" endpoint="/agui/basic"></agent-chat>`));
      const expected = Math.min(640, window.innerHeight);
      expect(el.getBoundingClientRect().height).to.be.closeTo(expected, 1);
      const log = logOf(el);
      expect(log.scrollHeight, 'the log scrolls').to.be.greaterThan(log.clientHeight + 500);
      const composer = composerOf(el).getBoundingClientRect();
      expect(composer.top, 'composer below the top of the window').to.be.at.least(0);
      expect(composer.bottom, 'composer above the bottom of the window').to.be.at.most(window.innerHeight);
    });

    it('keeps a height the page gives it (inline style, its own CSS, --agent-chat-height)', async () => {
      const inline = await withConversation(await fixture<AgentChat>(html`<agent-chat storage="none" endpoint="/agui/basic" style="height: 420px"></agent-chat>`));
      expect(inline.getBoundingClientRect().height).to.be.closeTo(420, 1);
      const property = await withConversation(await fixture<AgentChat>(html`<agent-chat storage="none" endpoint="/agui/basic" style="--agent-chat-height: 380px"></agent-chat>`));
      expect(property.getBoundingClientRect().height).to.be.closeTo(380, 1);
      const sheet = await fixture<HTMLElement>(html`<div>
        <style>
          .tall-chat { height: 900px; }
        </style>
        <agent-chat class="tall-chat" storage="none" endpoint="/agui/basic"></agent-chat>
      </div>`);
      const styled = await withConversation(sheet.querySelector('agent-chat')!);
      expect(styled.getBoundingClientRect().height).to.be.closeTo(900, 1);
    });

    it('fills a sized container with height: 100%, a flex column and a grid row', async () => {
      const page = await fixture<HTMLElement>(html`<div>
        <div class="box" style="height: 500px"><agent-chat storage="none" endpoint="/agui/basic" style="height: 100%"></agent-chat></div>
        <div class="flex" style="height: 500px; display: flex; flex-direction: column">
          <header style="height: 60px">Page header</header>
          <agent-chat storage="none" endpoint="/agui/basic" style="flex: 1; min-height: 0"></agent-chat>
        </div>
        <div class="grid" style="height: 500px; display: grid; grid-template-rows: 60px 1fr">
          <header>Page header</header>
          <agent-chat storage="none" endpoint="/agui/basic" style="height: 100%; min-height: 0"></agent-chat>
        </div>
      </div>`);
      const [box, flex, grid] = [...page.querySelectorAll('agent-chat')] as AgentChat[];
      for (const el of [box, flex, grid]) await withConversation(el);
      expect(box.getBoundingClientRect().height, 'height: 100%').to.be.closeTo(500, 1);
      expect(flex.getBoundingClientRect().height, 'flex: 1').to.be.closeTo(440, 1);
      expect(grid.getBoundingClientRect().height, 'grid row').to.be.closeTo(440, 1);
      for (const el of [box, flex, grid]) {
        expect(composerOf(el).getBoundingClientRect().bottom).to.be.at.most(el.getBoundingClientRect().bottom);
      }
    });
  });
}
