/**
 * The log follows the person: sending brings their message into view and the reply is followed
 * until they scroll up — they, not layout (the position clamping as the log grows, chunks with
 * `content-visibility: auto` trading their estimated height for their real one).
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { deepQuery, deepQueryAll, settle, until } from '../helpers.js';

/** The element's "close enough to the bottom" distance. */
const STICK_DISTANCE = 48;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

const logOf = (el: AgentChat) => deepQuery(el, '[part="messages"]')!;
const jumpButton = (el: AgentChat) => deepQuery<HTMLButtonElement>(el, '[part="jump-button"]');
const distanceToEnd = (log: HTMLElement) => log.scrollHeight - log.scrollTop - log.clientHeight;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Resolves once the log has not moved for 10 frames (a smooth keyboard scroll has finished). */
async function scrollSettled(log: HTMLElement): Promise<void> {
  let still = 0;
  let top = log.scrollTop;
  while (still < 10) {
    await nextFrame();
    still = log.scrollTop === top ? still + 1 : 0;
    top = log.scrollTop;
  }
}

/** Where the person's last message is, against the log's visible rectangle. */
function lastMessageInView(el: AgentChat): { inView: boolean; top: number; bottom: number; logTop: number; logBottom: number } {
  const bubble = deepQueryAll(el, '[part~="user-message"]').at(-1)!;
  const box = bubble.getBoundingClientRect();
  const log = logOf(el).getBoundingClientRect();
  return { inView: box.top >= log.top - 1 && box.bottom <= log.bottom + 1, top: box.top, bottom: box.bottom, logTop: log.top, logBottom: log.bottom };
}

/** A chat as a page lays it out: as tall as most of the window. */
async function pageChat(): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat storage="none" style="height: 70vh" endpoint="/agui/tour?pause=4"></agent-chat>`);
  await el.updateComplete;
  return el;
}

/**
 * Makes the chat 40 px taller and resolves in the task right after the frame that laid it out: its
 * scroll position has clamped, the scroll event for it comes with the next frame.
 */
function growAndWaitForLayout(el: AgentChat, log: HTMLElement): Promise<void> {
  const before = log.clientHeight;
  return new Promise((resolve) => {
    const observer = new ResizeObserver(() => {
      if (log.clientHeight <= before) return;
      observer.disconnect();
      setTimeout(resolve);
    });
    observer.observe(log);
    el.style.height = `${el.getBoundingClientRect().height + 40}px`;
  });
}

async function reply(el: AgentChat, text: string): Promise<void> {
  const ended = oneEvent(el, 'agent-chat-response-end');
  expect(await el.send(text), `send(${text})`).to.be.a('string');
  await ended;
  await settle(el);
}

/**
 * Sends `text` (which gets a short reply) and checks, at every frame until the reply ended, that
 * the log follows: the person's message is in view, no "Jump to latest", the log ends at its end.
 */
async function sendAndWatch(el: AgentChat, text: string): Promise<void> {
  const log = logOf(el);
  const ended = oneEvent(el, 'agent-chat-response-end');
  let done = false;
  void ended.then(() => (done = true));
  expect(await el.send(text), `send(${text})`).to.be.a('string');
  await el.updateComplete;
  await nextFrame();
  await nextFrame();
  const first = lastMessageInView(el);
  expect(first.inView, `the new message is in view right after sending: ${JSON.stringify(first)}`).to.equal(true);
  let frames = 0;
  while (!done) {
    await nextFrame();
    frames += 1;
    expect(!!jumpButton(el), `no "Jump to latest" while the reply streams (frame ${frames})`).to.equal(false);
    const where = lastMessageInView(el);
    expect(where.inView, `the new message stays in view while the short reply streams (frame ${frames}): ${JSON.stringify(where)}`).to.equal(true);
  }
  await settle(el);
  expect(distanceToEnd(log), 'at the end once the reply ended').to.be.lessThan(STICK_DISTANCE);
  expect(!!jumpButton(el)).to.equal(false);
}

for (const viewport of VIEWPORTS) {
  describe(`<agent-chat> follows the person (${viewport.name}, ${viewport.width}×${viewport.height})`, function () {
    this.timeout(30_000);
    before(() => setViewport({ width: viewport.width, height: viewport.height }));
    after(() => setViewport({ width: 800, height: 600 }));

    it('brings the message sent into view when the log had just grown (its scroll position clamped)', async () => {
      // On a phone the composer is taller while a reply streams (its placeholder wraps beside
      // Stop), so the log is shorter then: Stop is made taller here to do the same at any width.
      const style = document.createElement('style');
      style.textContent = 'agent-chat::part(stop-button) { height: 64px; }';
      document.head.append(style);
      try {
        const el = await pageChat();
        await reply(el, 'Show me the tour');
        const log = logOf(el);
        expect(distanceToEnd(log), 'at the end after the tour').to.be.lessThan(STICK_DISTANCE);
        // The log grows (the composer shrank as that reply ended, the browser's toolbar hid, a
        // notice went): its scroll position clamps as the next frame lays it out, which is no
        // person's doing, and the scroll event for that comes with the frame after. The person
        // sends in between.
        await growAndWaitForLayout(el, log);
        await sendAndWatch(el, 'A short one');
      } finally {
        style.remove();
      }
    });

    it('keeps following a reply when the log grows while it streams', async () => {
      const el = await pageChat();
      await reply(el, 'Show me the tour');
      const log = logOf(el);
      const ended = oneEvent(el, 'agent-chat-response-end');
      void el.send('The long tour');
      await until(() => log.scrollHeight > log.clientHeight * 2, 'streamed a while', 8000);
      await growAndWaitForLayout(el, log);
      await ended;
      await settle(el);
      expect(!!jumpButton(el), 'no "Jump to latest": the person did not scroll').to.equal(false);
      expect(distanceToEnd(log), 'still at the end').to.be.lessThan(STICK_DISTANCE);
    });

    it('brings the message sent into view after the person had scrolled up, however tall the unseen chunks were thought to be', async () => {
      const el = await pageChat();
      const log = logOf(el);
      const ended = oneEvent(el, 'agent-chat-response-end');
      void el.send('The long tour');
      await until(() => log.scrollHeight > log.clientHeight * 1.5, 'streamed a while', 8000);
      log.focus();
      await sendKeys({ press: 'Home' });
      await until(() => !!jumpButton(el), '"Jump to latest" once more arrived', 8000);
      // The rest of the reply streams below the person's view: its chunks are never laid out and
      // keep their estimated size until the log gets there.
      await ended;
      await settle(el);
      expect(distanceToEnd(log), 'the person still reads above').to.be.greaterThan(STICK_DISTANCE);
      await sendAndWatch(el, 'A short one');
    });

    it('stops following when the person scrolls up after sending, and follows the next message again', async () => {
      const el = await pageChat();
      await reply(el, 'Show me the tour');
      const log = logOf(el);
      const ended = oneEvent(el, 'agent-chat-response-end');
      void el.send('The long tour');
      await until(() => log.scrollHeight - log.clientHeight > 600 && distanceToEnd(log) < STICK_DISTANCE, 'following the reply', 8000);
      log.focus();
      await sendKeys({ press: 'PageUp' });
      await until(() => !!jumpButton(el), '"Jump to latest" once more arrived', 8000);
      await ended;
      await settle(el);
      expect(distanceToEnd(log), 'not pulled back down').to.be.greaterThan(STICK_DISTANCE);
      expect(!!jumpButton(el)).to.equal(true);
      await sendAndWatch(el, 'A short one');

      // Scrolled up again while a reply streams, "Jump to latest" brings the person back, and the
      // log follows the rest of the reply.
      const second = oneEvent(el, 'agent-chat-response-end');
      void el.send('The long tour');
      await until(() => log.scrollHeight - log.clientHeight > 600 && distanceToEnd(log) < STICK_DISTANCE, 'following the reply', 8000);
      log.focus();
      await sendKeys({ press: 'PageUp' });
      await until(() => !!jumpButton(el), '"Jump to latest" once more arrived', 8000);
      await scrollSettled(log);
      jumpButton(el)!.click();
      await settle(el);
      expect(distanceToEnd(log), 'back at the end').to.be.lessThan(STICK_DISTANCE);
      await second;
      await settle(el);
      expect(distanceToEnd(log), 'followed the rest of the reply').to.be.lessThan(STICK_DISTANCE);
      expect(!!jumpButton(el)).to.equal(false);
    });

    it('a wheel turned up while content streams in stops the follow, even when the content grew before the scroll was reported', async () => {
      const el = await fixture<AgentChat>(html`<agent-chat storage="none" style="height: 70vh" endpoint="/agui/tour?pause=15"></agent-chat>`);
      await reply(el, 'Show me the tour');
      const log = logOf(el);
      const ended = oneEvent(el, 'agent-chat-response-end');
      void el.send('The long tour');
      await until(() => log.scrollHeight - log.clientHeight > 400 && distanceToEnd(log) < STICK_DISTANCE, 'following the reply', 8000);
      // The wheel moves the log in this task; the reply's next words may be laid out before its scroll event.
      log.dispatchEvent(new WheelEvent('wheel', { deltaY: -300, bubbles: true, composed: true }));
      log.scrollTop -= 300;
      await until(() => !!jumpButton(el), '"Jump to latest" after the wheel', 8000);
      expect(distanceToEnd(log), 'not pulled back down').to.be.greaterThan(STICK_DISTANCE);
      jumpButton(el)!.click();
      await ended;
      await settle(el);
      expect(distanceToEnd(log), 'followed the rest of the reply').to.be.lessThan(STICK_DISTANCE);
    });

    it('a finger resting on text that streams away does not stop the follow for good', async () => {
      const el = await fixture<AgentChat>(html`<agent-chat storage="none" style="height: 70vh" endpoint="/agui/tour?pause=15"></agent-chat>`);
      await reply(el, 'Show me the tour');
      const log = logOf(el);
      const ended = oneEvent(el, 'agent-chat-response-end');
      void el.send('The long tour');
      await until(() => log.scrollHeight - log.clientHeight > 300 && distanceToEnd(log) < STICK_DISTANCE, 'following the reply', 8000);
      // The finger lands on the streaming text; that element is replaced, its touchend never comes.
      const tail = deepQueryAll(el, '.md-tail').at(-1)!;
      const touch = new Touch({ identifier: 1, target: tail, clientX: 20, clientY: 300 });
      tail.dispatchEvent(new TouchEvent('touchstart', { touches: [touch], targetTouches: [touch], changedTouches: [touch], bubbles: true, composed: true }));
      await ended;
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await settle(el);
      expect(distanceToEnd(log), 'caught up with the reply once the finger was still').to.be.lessThan(STICK_DISTANCE);
      expect(!!jumpButton(el)).to.equal(false);
    });
  });
}
