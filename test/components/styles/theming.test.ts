import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { deepQuery, deepQueryAll, sendAndWait, until } from '../helpers.js';

const pageStyle = document.createElement('style');
pageStyle.textContent = `
  agent-chat.themed::part(user-message) { background: rgb(1, 2, 3); }
  agent-chat.themed::part(send-button) { border-radius: 3px; }
  agent-chat.themed::part(tool-card-header) { color: rgb(200, 10, 20); }
  agent-chat.themed::part(error) { outline: 3px solid rgb(9, 9, 9); }
  agent-chat.themed::part(sources) { outline: 2px solid rgb(4, 5, 6); }
  agent-chat.themed::part(file) { outline: 2px solid rgb(7, 8, 9); }
  agent-chat.tokens { --agent-chat-color-accent: rgb(10, 120, 30); --agent-chat-radius: 2px; --agent-chat-color-background: rgb(250, 240, 230); }
`;
document.head.append(pageStyle);

describe('<agent-chat> theming from the host page', () => {
  it('applies ::part() rules to nested parts', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat class="themed" endpoint="/agui/tools"></agent-chat>`);
    await sendAndWait(el, 'weather');
    expect(getComputedStyle(deepQuery(el, '[part~="user-message"]')!).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(deepQuery(el, '[part="send-button"]')!).borderTopLeftRadius).to.equal('3px');
    expect(getComputedStyle(deepQuery(el, '[part="tool-card-header"]')!).color).to.equal('rgb(200, 10, 20)');
    const failing = await fixture<AgentChat>(html`<agent-chat class="themed" endpoint="/agui/http-500"></agent-chat>`);
    await sendAndWait(failing, 'x');
    expect(getComputedStyle(deepQuery(failing, '[part="error"]')!).outlineColor).to.equal('rgb(9, 9, 9)');
  });

  it('applies ::part() rules to a reply’s files and sources', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat class="themed" storage="none" endpoint="/agui/basic"></agent-chat>`);
    el.setTurns([
      { role: 'user', id: 'u1', text: 'Sources?' },
      {
        role: 'assistant',
        id: 'a1',
        status: 'done',
        parts: [
          { kind: 'text', id: 't1', text: 'Here.', streaming: false },
          { kind: 'file', id: 'f1', url: 'data:text/plain;base64,aGk=', mediaType: 'text/plain', filename: 'notes.txt' },
        ],
        sources: [{ id: 's1', url: 'https://example.com/a', title: 'A' }],
      },
    ]);
    await until(() => !!deepQuery(el, '[part="sources"]') && !!deepQuery(el, '[part="file"]'), 'the file and the sources are drawn');
    expect(getComputedStyle(deepQuery(el, '[part="sources"]')!).outlineColor).to.equal('rgb(4, 5, 6)');
    expect(getComputedStyle(deepQuery(el, '[part="file"]')!).outlineColor).to.equal('rgb(7, 8, 9)');
  });

  it('applies --agent-chat-* custom properties set on the host', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat class="tokens" endpoint="/agui/basic"></agent-chat>`);
    void el.send('hi');
    await el.updateComplete;
    const composer = deepQuery(el, 'agent-chat-composer')!;
    (composer as unknown as { requestUpdate(): void }).requestUpdate();
    const send = deepQuery<HTMLButtonElement>(el, '[part="send-button"]')!;
    expect(getComputedStyle(send).backgroundColor).to.equal('rgb(10, 120, 30)');
    expect(getComputedStyle(deepQuery(el, '[part="base"]')!).borderTopLeftRadius).to.equal('2px');
    expect(getComputedStyle(deepQuery(el, '[part="base"]')!).backgroundColor).to.equal('rgb(250, 240, 230)');
  });

  it('has light and dark defaults chosen by the theme attribute', async () => {
    const light = await fixture<AgentChat>(html`<agent-chat theme="light" endpoint="/agui/basic"></agent-chat>`);
    const dark = await fixture<AgentChat>(html`<agent-chat theme="dark" endpoint="/agui/basic"></agent-chat>`);
    const background = (el: AgentChat) => getComputedStyle(deepQuery(el, '[part="base"]')!).backgroundColor;
    const text = (el: AgentChat) => getComputedStyle(deepQuery(el, '[part="base"]')!).color;
    expect(background(light)).to.equal('rgb(255, 255, 255)');
    expect(background(dark)).to.equal('rgb(23, 24, 28)');
    expect(text(dark)).to.equal('rgb(232, 233, 236)');
    dark.theme = 'light';
    await dark.updateComplete;
    expect(background(dark)).to.equal('rgb(255, 255, 255)');
  });

  it('reaches the conversation list’s parts with ::part() from the page', async () => {
    const style = document.createElement('style');
    document.head.append(style);
    try {
      const el = await fixture<AgentChat>(html`<agent-chat class="list-parts" style="height: 480px" endpoint="/agui/basic"></agent-chat>`);
      await sendAndWait(el, 'hello');
      // The button shows once storage is open (its code is a chunk of its own, loaded as the chat connects).
      await until(() => !!deepQuery(el, '[part="threads-button"]'), 'the conversations button');
      deepQuery<HTMLButtonElement>(el, '[part="threads-button"]')!.click();
      await until(() => !!deepQuery(el, '[part="thread-item"]'), 'the list');
      ['thread-list', 'thread-item', 'thread-new-button', 'thread-import-button'].forEach((part, i) => {
        style.textContent = `agent-chat.list-parts::part(${part}) { outline: 1px solid rgb(${i + 1}, 9, 9); }`;
        expect(getComputedStyle(deepQuery(el, `[part~="${part}"]`)!).outlineColor, part).to.equal(`rgb(${i + 1}, 9, 9)`);
      });
    } finally {
      style.remove();
    }
  });

  it('reaches every part of the contract with ::part() from the page', async () => {
    const parts = [
      'base',
      'header',
      'messages',
      'message',
      'user-message',
      'assistant-message',
      'tool-card',
      'tool-card-header',
      'tool-card-body',
      'composer',
      'input',
      'send-button',
      'stop-button',
      'error',
    ];
    const style = document.createElement('style');
    document.head.append(style);
    try {
      const done = await fixture<AgentChat>(html`<agent-chat class="every-part" heading="Parts" tool-cards="open" endpoint="/agui/tools"></agent-chat>`);
      await sendAndWait(done, 'weather');
      const failed = await fixture<AgentChat>(html`<agent-chat class="every-part" endpoint="/agui/http-500"></agent-chat>`);
      await sendAndWait(failed, 'x');
      const streaming = await fixture<AgentChat>(html`<agent-chat class="every-part" endpoint="/agui/slow"></agent-chat>`);
      void streaming.send('go');
      await streaming.updateComplete;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const where: Record<string, AgentChat> = { error: failed, 'stop-button': streaming };
      // One rule at a time: an element may carry two parts (message and user-message).
      parts.forEach((part, i) => {
        style.textContent = `agent-chat.every-part::part(${part}) { outline: 1px solid rgb(${i + 1}, 2, 3); }`;
        const host = where[part] ?? done;
        const node = deepQueryAll(host, '[part]').find((candidate) => candidate.getAttribute('part')!.split(/\s+/).includes(part));
        expect(node, `an element with part="${part}"`).to.exist;
        expect(getComputedStyle(node!).outlineColor, part).to.equal(`rgb(${i + 1}, 2, 3)`);
      });
      streaming.stop();
    } finally {
      style.remove();
    }
  });
});
