import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { ChatEvent } from '../../../src/protocol/contract.js';
import type { AgentChatErrorDetail, AgentChatToolCallDetail } from '../../../src/events.js';
import { chatFixture, deepQuery, deepQueryAll, deleteDatabase, lastRequest, sendAndWait, settle, textOf, until } from '../helpers.js';

/** The element's "close enough to the bottom" distance. */
const STICK_DISTANCE = 48;
const replies = (el: AgentChat) => deepQueryAll(el, '[part~="assistant-message"]');
const lastReply = (el: AgentChat) => replies(el).at(-1)!;

describe('<agent-chat> talking to an AG-UI server', () => {
  it('completes a turn typed into the composer and renders the markdown reply', async () => {
    const el = await chatFixture('/agui/basic');
    const input = deepQuery<HTMLTextAreaElement>(el, 'textarea')!;
    input.focus();
    const sent = oneEvent(el, 'agent-chat-send');
    const started = oneEvent(el, 'agent-chat-response-start');
    const ended = oneEvent(el, 'agent-chat-response-end');
    await sendKeys({ type: 'Hi there' });
    await sendKeys({ press: 'Enter' });
    expect((await sent).detail.text).to.equal('Hi there');
    const start = await started;
    const end = await ended;
    await settle(el);
    expect(end.detail).to.include({ status: 'done', text: 'Hello **world**!', runId: start.detail.runId });
    expect(textOf(deepQuery(el, '[part~="user-message"]'))).to.equal('Hi there');
    expect(deepQuery(lastReply(el), 'strong')?.textContent).to.equal('world');
    expect(input.value).to.equal('');
  });

  it('posts RunAgentInput with the history, custom headers and the event-stream Accept header', async () => {
    const el = await chatFixture('/agui/echo');
    el.setAttribute('headers', '{"X-Api-Key":"k1"}');
    await sendAndWait(el, 'first');
    let request = await lastRequest('echo');
    expect(request.body).to.have.keys('threadId', 'runId', 'messages', 'tools', 'context', 'state', 'forwardedProps');
    expect(request.body.threadId).to.be.a('string');
    expect(request.body.threadId).to.equal(el.threadId);
    expect(el.getAttribute('thread-id')).to.equal(el.threadId);
    expect(request.headers.accept).to.equal('text/event-stream');
    expect(request.headers['x-api-key']).to.equal('k1');

    el.headers = async () => ({ Authorization: 'Bearer from-function' });
    await sendAndWait(el, 'second');
    request = await lastRequest('echo');
    expect(request.headers.authorization).to.equal('Bearer from-function');
    expect(request.body.messages.map((m: { role: string }) => m.role)).to.deep.equal(['user', 'assistant', 'user']);
    expect(request.body.messages[1].content).to.contain('You said: first');
    expect(request.body.messages[2]).to.include({ role: 'user', content: 'second' });
    expect(textOf(lastReply(el))).to.contain('You said: second (3 messages)');
  });

  it('adds a line with Shift+Enter instead of sending', async () => {
    const el = await chatFixture('/agui/basic');
    let sends = 0;
    el.addEventListener('agent-chat-send', () => sends++);
    deepQuery<HTMLTextAreaElement>(el, 'textarea')!.focus();
    await sendKeys({ type: 'line one' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'line two' });
    expect(deepQuery<HTMLTextAreaElement>(el, 'textarea')!.value).to.equal('line one\nline two');
    expect(sends).to.equal(0);
  });

  it('lets a listener cancel agent-chat-send', async () => {
    const el = await chatFixture('/agui/basic');
    el.addEventListener('agent-chat-send', (event) => event.preventDefault());
    expect(await el.send('blocked')).to.equal(null);
    await settle(el);
    expect(deepQueryAll(el, '[part~="message"]')).to.have.length(0);
  });

  it('queues what is sent while a reply streams, and Stop aborts the reply, keeping what arrived and the queue', async () => {
    const el = await chatFixture('/agui/slow');
    const ended = oneEvent(el, 'agent-chat-response-end');
    void el.send('go');
    await until(() => textOf(lastReply(el)).includes('tick 2'), 'ticks streamed');
    await settle(el);
    const sendButton = deepQuery<HTMLButtonElement>(el, '[part="send-button"]')!;
    expect(sendButton.disabled, 'nothing typed').to.equal(true);
    expect(await el.send('again')).to.be.a('string');
    const input = deepQuery<HTMLTextAreaElement>(el, 'textarea')!;
    input.focus();
    await sendKeys({ type: 'draft' });
    await settle(el);
    expect(sendButton.disabled, 'a draft may be sent while a reply streams').to.equal(false);
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(input.value, 'queued: the draft goes').to.equal('');
    await until(() => deepQueryAll(el, '[part="queued-message"]').length === 2, 'both queued');
    expect(deepQueryAll(el, '[part~="user-message"]'), 'nothing more sent while the reply streams').to.have.length(1);

    deepQuery<HTMLButtonElement>(el, '[part="stop-button"]')!.focus();
    await sendKeys({ press: 'Enter' });
    expect((await ended).detail.status).to.equal('cancelled');
    await settle(el);
    const reply = lastReply(el);
    expect(textOf(reply)).to.match(/tick 0 tick 1 tick 2/);
    expect(textOf(reply)).to.contain('Stopped.');
    expect(deepQuery(el, '[part="tool-card"]')!.dataset.status).to.equal('cancelled');
    expect(deepQuery(el, '[part="stop-button"]')).to.equal(undefined);
    expect(el.shadowRoot!.activeElement?.localName, 'focus stays in the composer').to.equal('agent-chat-composer');
    expect(deepQuery(el, 'agent-chat-composer')!.shadowRoot!.activeElement?.localName).to.equal('textarea');
    const length = textOf(reply).length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    await settle(el);
    expect(textOf(lastReply(el)).length, 'nothing arrives after Stop').to.equal(length);
    expect(deepQueryAll(el, '[part~="user-message"]'), 'a stopped reply holds the queue').to.have.length(1);
    expect(textOf(deepQuery(el, '[part="queue-notice"]'))).to.contain('The reply was stopped');
  });

  describe('faults are shown on the reply with Retry, keeping the text received', () => {
    const cases: [string, RegExp, string?][] = [
      ['http-500', /HTTP 500.*Model overloaded, try later/],
      ['http-401', /HTTP 401.*Missing API token/],
      ['not-sse', /application\/json instead of an event stream/],
      ['malformed', /not valid JSON/, 'Partial answer'],
      ['no-run-started', /did not begin with RUN_STARTED/],
      ['drop', /connection to the agent was lost|closed the stream before/, 'Before the drop'],
      ['no-finish', /closed the stream before the reply finished/, 'Half of it'],
      ['run-error', /Upstream model failed/, 'Working on it'],
    ];
    for (const [scenario, message, kept] of cases) {
      it(scenario, async () => {
        const el = await chatFixture(`/agui/${scenario}`);
        const errored = oneEvent(el, 'agent-chat-error');
        const end = await sendAndWait(el, 'hello');
        expect(end.status).to.equal('error');
        expect((await errored).detail.message).to.match(message);
        const error = deepQuery(lastReply(el), '[part="error"]');
        expect(error, 'error shown').to.exist;
        // Said once by the chat's live region when the reply ends (an alert here would speak again on restore).
        expect(error!.getAttribute('role')).to.equal(null);
        await until(() => textOf(el.shadowRoot!.querySelector('.reply-said')!).startsWith('Something went wrong: '), 'the error said');
        expect(textOf(error)).to.match(message);
        expect(deepQuery(lastReply(el), '[part="retry-button"]'), 'retry offered').to.exist;
        if (kept) expect(textOf(lastReply(el))).to.contain(kept);
      });
    }

    it('gives the HTTP status and error code to agent-chat-error', async () => {
      const el = await chatFixture('/agui/http-500');
      const errored = oneEvent(el, 'agent-chat-error');
      void el.send('x');
      expect((await errored).detail).to.include({ kind: 'http', status: 500 });
      const other = await chatFixture('/agui/run-error');
      const coded = oneEvent(other, 'agent-chat-error');
      void other.send('x');
      expect((await coded).detail).to.include({ kind: 'backend', code: 'MODEL_DOWN' });
    });
  });

  it('retries a failed reply in place', async () => {
    const el = await chatFixture('/agui/http-500');
    await sendAndWait(el, 'hello');
    expect(replies(el)).to.have.length(1);
    el.endpoint = '/agui/echo';
    await el.updateComplete;
    const ended = oneEvent(el, 'agent-chat-response-end');
    deepQuery<HTMLButtonElement>(el, '[part="retry-button"]')!.focus();
    await sendKeys({ press: 'Enter' });
    expect((await ended).detail.status).to.equal('done');
    expect(el.shadowRoot!.activeElement?.localName, 'focus moves to the composer').to.equal('agent-chat-composer');
    await settle(el);
    expect(replies(el)).to.have.length(1);
    expect(deepQuery(el, '[part="error"]')).to.equal(undefined);
    expect(textOf(lastReply(el))).to.contain('You said: hello (1 messages)');
  });

  it('ignores unknown event types and keeps going', async () => {
    const el = await chatFixture('/agui/unknown');
    expect((await sendAndWait(el, 'x')).status).to.equal('done');
    expect(textOf(lastReply(el))).to.equal('Still fine.');
  });

  it('reads an SSE stream split into 7-byte pieces with CRLF, comments and multi-line data', async () => {
    const el = await chatFixture('/agui/split');
    expect((await sendAndWait(el, 'x')).status).to.equal('done');
    expect(textOf(lastReply(el))).to.equal('Split stream ✓');
  });

  it('expands TEXT_MESSAGE_CHUNK and TOOL_CALL_CHUNK', async () => {
    const el = await chatFixture('/agui/chunks');
    await sendAndWait(el, 'x');
    expect(textOf(deepQuery(lastReply(el), 'agent-chat-markdown'))).to.equal('Chunked text.');
    expect(textOf(deepQuery(el, '[part="tool-card-header"]'))).to.contain('lookup');
  });

  it('applies a messages snapshot from the backend', async () => {
    const el = await chatFixture('/agui/messages-snapshot');
    await sendAndWait(el, 'now');
    const texts = deepQueryAll(el, '[part~="message"]').map(textOf);
    expect(texts).to.deep.equal(['Earlier question', 'Earlier answer', 'now', 'From the snapshot.']);
  });

  it('sends the agent state it received back with the next run', async () => {
    const el = await chatFixture('/agui/state');
    await sendAndWait(el, 'one');
    el.endpoint = '/agui/echo';
    await sendAndWait(el, 'two');
    expect((await lastRequest('echo')).body.state).to.deep.equal({ count: 2, items: ['a'] });
  });

  it('uses a custom transport instead of the endpoint', async () => {
    const seen: unknown[] = [];
    const transport = {
      async *run(request: { messages: unknown[] }): AsyncGenerator<ChatEvent> {
        seen.push(request.messages);
        yield { type: 'run-started', runId: 'x' };
        yield { type: 'text-delta', messageId: 'm', delta: 'from a custom transport' };
        yield { type: 'run-finished' };
      },
    };
    const el = await fixture<AgentChat>(html`<agent-chat .transport=${transport}></agent-chat>`);
    await sendAndWait(el, 'hi');
    expect(textOf(lastReply(el))).to.equal('from a custom transport');
    expect(seen).to.have.length(1);
  });

  it('turns a transport that throws into a visible error', async () => {
    const transport = {
      // eslint-disable-next-line require-yield
      async *run(): AsyncGenerator<ChatEvent> {
        throw new Error('socket exploded');
      },
    };
    const el = await fixture<AgentChat>(html`<agent-chat .transport=${transport}></agent-chat>`);
    await sendAndWait(el, 'hi');
    expect(textOf(deepQuery(el, '[part="error"]'))).to.contain('socket exploded');
  });

  describe('tool cards', () => {
    it('shows each call collapsed with its title and status; opening shows the result', async () => {
      const el = await chatFixture('/agui/tools', { toolDisplay: { get_weather: { title: 'Weather lookup', icon: '☀' } } });
      const calls: AgentChatToolCallDetail[] = [];
      el.addEventListener('agent-chat-tool-call', (event) => calls.push(event.detail));
      await sendAndWait(el, 'weather');
      expect(calls).to.have.length(1);
      expect(calls[0]).to.deep.include({ toolCallId: 'call-1', name: 'get_weather', arguments: { city: 'Paris' } });

      const header = deepQuery<HTMLButtonElement>(el, '[part="tool-card-header"]')!;
      const body = deepQuery(el, '[part="tool-card-body"]')!;
      expect(textOf(header)).to.contain('Weather lookup').and.to.contain('Done');
      expect(header.getAttribute('aria-expanded')).to.equal('false');
      expect(header.getAttribute('aria-controls')).to.equal(body.id);
      expect(body.hidden).to.equal(true);

      header.focus();
      await sendKeys({ press: 'Enter' });
      await settle(el);
      expect(header.getAttribute('aria-expanded')).to.equal('true');
      expect(body.hidden).to.equal(false);
      // JSON text is pretty-printed.
      expect(deepQuery(body, 'agent-chat-rich-result')!.shadowRoot!.querySelector('pre')!.textContent).to.contain('"temperature": 21');
      expect(deepQuery(body, '.args'), 'arguments hidden without show-requests').to.equal(undefined);
      await sendKeys({ press: 'Space' });
      await settle(el);
      expect(header.getAttribute('aria-expanded')).to.equal('false');
      expect(textOf(lastReply(el))).to.contain('It is 21 °C in Paris.');
    });

    it('renders a result by its kind, the same in the lead agent’s cards and in a subagent’s: JSON pretty-printed, markdown rendered, plain text as text', async () => {
      const el = await chatFixture('/agui/same-results');
      el.setAttribute('tool-cards', 'open');
      await sendAndWait(el, 'go');
      expect(deepQuery(el, 'agent-chat-activity')!.hasAttribute('open'), 'the subagent’s block is open').to.equal(true);
      const cardOf = (id: string) => deepQueryAll<HTMLElement & { call: { id: string }; open: boolean }>(el, 'agent-chat-tool-card').find((card) => card.call.id === id)!;
      for (const id of ['sub-json', 'sub-md', 'sub-text']) {
        cardOf(id).open = true;
        await settle(el);
      }
      const shown = (id: string) => {
        const result = cardOf(id).shadowRoot!.querySelector('agent-chat-rich-result')!.shadowRoot!;
        return { pre: result.querySelector('pre')?.textContent, strong: deepQuery(result, 'strong')?.textContent, items: deepQueryAll(result, 'li').length };
      };
      const json = { pre: JSON.stringify({ city: 'Paris', temperature: 21 }, null, 2), strong: undefined, items: 0 };
      const markdown = { pre: undefined, strong: 'two', items: 2 };
      expect(shown('lead-json'), 'lead JSON').to.deep.equal(json);
      expect(shown('sub-json'), 'subagent JSON').to.deep.equal(json);
      expect(shown('lead-md'), 'lead markdown').to.deep.equal(markdown);
      expect(shown('sub-md'), 'subagent markdown').to.deep.equal(markdown);
      // Plain text (a listing) keeps its lines and its underscores and stars, as text.
      const plain = { pre: 'total 8\nsnake_case_file.txt\n2*3=6', strong: undefined, items: 0 };
      expect(shown('lead-text'), 'lead plain text').to.deep.equal(plain);
      expect(shown('sub-text'), 'subagent plain text').to.deep.equal(plain);
    });

    it('shows a failed call as Failed, with its error text', async () => {
      const el = await chatFixture('/agui/tool-error');
      el.setAttribute('tool-cards', 'open');
      await sendAndWait(el, 'delete it');
      const card = deepQuery(el, '[part="tool-card"]')!;
      expect(card.dataset.status).to.equal('error');
      expect(textOf(deepQuery(el, '[part="tool-card-status"]'))).to.equal('Failed');
      expect(textOf(deepQuery(el, '[part="tool-card-body"]'))).to.contain('Permission denied: /etc is read-only');
    });

    it('starts open with tool-cards="open" and shows arguments with show-requests', async () => {
      const el = await chatFixture('/agui/tools');
      el.setAttribute('tool-cards', 'open');
      el.setAttribute('show-requests', '');
      await sendAndWait(el, 'weather');
      const body = deepQuery(el, '[part="tool-card-body"]')!;
      expect(body.hidden).to.equal(false);
      expect(textOf(deepQuery(body, '.args'))).to.contain('"city": "Paris"');
    });
  });

  it('shows reasoning collapsed', async () => {
    const el = await chatFixture('/agui/reasoning');
    await sendAndWait(el, 'x');
    const details = deepQuery<HTMLDetailsElement>(el, 'details[part="reasoning"]')!;
    expect(details.open).to.equal(false);
    expect(textOf(details)).to.contain('Thinking about it.');
  });

  describe('markdown', () => {
    it('renders tables and code with a copy button, and strips scripts and handlers', async () => {
      const el = await chatFixture('/agui/markdown');
      await sendAndWait(el, 'x');
      const reply = lastReply(el);
      expect(deepQuery(reply, 'h1')?.textContent).to.equal('Title');
      expect(deepQueryAll(reply, 'table td').map((td) => td.textContent)).to.deep.equal(['1', '2']);
      const link = deepQuery<HTMLAnchorElement>(reply, 'a')!;
      expect(link.target).to.equal('_blank');
      expect(link.rel).to.contain('noopener');
      expect(deepQuery(reply, 'script')).to.equal(undefined);
      expect(deepQuery(reply, 'img')?.hasAttribute('onerror')).to.equal(false);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((window as { __xss?: number }).__xss).to.equal(undefined);

      const copy = deepQuery<HTMLButtonElement>(reply, '[part="copy-button"]')!;
      expect(textOf(deepQuery(reply, '.code-lang'))).to.equal('js');
      copy.click();
      await until(() => copy.textContent === 'Copied', 'copy feedback');
    });

    it('a reply ending right after its closing fence shows no fence, streamed, after setTurns and restored', async function () {
      this.timeout(30_000);
      const codeOf = (el: AgentChat) => deepQueryAll(lastReply(el), 'pre code').map((code) => code.textContent);
      const key = `fence-end-${Date.now()}`;
      const el = await fixture<AgentChat>(html`<agent-chat style="height: 480px" endpoint="/agui/fence-end" storage-key=${key}></agent-chat>`);
      await sendAndWait(el, 'x');
      expect(codeOf(el), 'streamed').to.deep.equal(['console.log(1);\n']);
      expect(textOf(lastReply(el))).to.not.contain('```');

      const copy = await fixture<AgentChat>(html`<agent-chat style="height: 480px" endpoint="/agui/basic" storage="none"></agent-chat>`);
      copy.setTurns(el.getTurns());
      await settle(copy);
      expect(codeOf(copy), 'after setTurns').to.deep.equal(['console.log(1);\n']);

      await (el as unknown as { wiring: { store: { flush(): Promise<void> } } }).wiring.store.flush();
      el.remove();
      const restored = await fixture<AgentChat>(html`<agent-chat style="height: 480px" endpoint="/agui/basic" storage-key=${key}></agent-chat>`);
      // Storage and its chunk open first: slower while the end-to-end files build apps beside this run.
      await until(() => restored.getTurns().length === 2, 'restored', 15_000);
      await settle(restored);
      expect(codeOf(restored), 'restored').to.deep.equal(['console.log(1);\n']);
      restored.remove();
      await deleteDatabase(key);
    });

    it('lets the page veto opening a link', async () => {
      const el = await chatFixture('/agui/markdown');
      await sendAndWait(el, 'x');
      const opened = oneEvent(el, 'agent-chat-open-link');
      el.addEventListener('agent-chat-open-link', (event) => event.preventDefault());
      const link = deepQuery<HTMLAnchorElement>(lastReply(el), 'a')!;
      const click = new MouseEvent('click', { bubbles: true, composed: true, cancelable: true });
      link.dispatchEvent(click);
      expect((await opened).detail.url).to.equal('https://example.com/');
      expect(click.defaultPrevented).to.equal(true);
    });
  });

  it('says who speaks before each message, for screen readers', async () => {
    const el = await chatFixture('/agui/basic');
    await sendAndWait(el, 'hi');
    const spoken = deepQueryAll(el, 'agent-chat-message').map((message) => textOf(message.shadowRoot!.querySelector('.visually-hidden')!));
    expect(spoken).to.deep.equal(['You:', 'Assistant:']);
  });

  it('shows heading, greeting and placeholder, and is accessible', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="/agui/tools" heading="Support" greeting="**Welcome!** Ask me anything." placeholder="Ask away"></agent-chat>`);
    expect(textOf(deepQuery(el, '[part="heading"]'))).to.equal('Support');
    expect(deepQuery(el, '[part="greeting"] strong')?.textContent).to.equal('Welcome!');
    expect(deepQuery<HTMLTextAreaElement>(el, 'textarea')!.placeholder).to.equal('Ask away');
    const log = deepQuery(el, '[part="messages"]')!;
    expect(log.getAttribute('role')).to.equal('log');
    expect(log.getAttribute('aria-live')).to.equal('polite');
    el.setAttribute('tool-cards', 'open');
    await sendAndWait(el, 'weather');
    await expect(el).to.be.accessible();
  });

  it('sticks to the bottom while streaming unless the person scrolled up', async () => {
    const el = await chatFixture('/agui/slow-long');
    el.style.height = '220px';
    el.style.width = '320px';
    void el.send('go');
    const log = deepQuery(el, '[part="messages"]')!;
    await until(() => log.scrollHeight > log.clientHeight + 120, 'streamed enough to scroll', 9000);
    await settle(el);
    expect(log.scrollHeight - log.scrollTop - log.clientHeight).to.be.lessThan(48);

    // A small step up (an arrow key's worth) is enough to stop following.
    log.focus();
    await sendKeys({ press: 'ArrowUp' });
    await until(() => !!deepQuery(el, '[part="jump-button"]'), 'jump button after more text', 5000);
    // Pulled back down, the distance would fall to nothing; left alone, it grows with the text.
    await until(() => log.scrollHeight - log.scrollTop - log.clientHeight > STICK_DISTANCE, 'not pulled back down: the text grows below', 5000);
    // The log is drawn again as the text grows: take the button as it is now.
    await until(() => !!deepQuery(el, '[part="jump-button"]'), 'the jump button, still there', 5000);
    deepQuery<HTMLButtonElement>(el, '[part="jump-button"]')!.click();
    await settle(el);
    expect(log.scrollHeight - log.scrollTop - log.clientHeight).to.be.lessThan(48);

    // Moved elsewhere in the page, it keeps following the reply.
    const box = document.createElement('div');
    document.body.append(box);
    box.append(el);
    const before = log.scrollHeight;
    await until(() => log.scrollHeight > before + 60, 'more text after the move', 5000);
    await settle(el);
    expect(log.scrollHeight - log.scrollTop - log.clientHeight).to.be.lessThan(48);
    el.stop();
    box.remove();
  });
});

describe('<agent-chat> turns from the page', () => {
  it('the setTurns / addTurn example of docs/reference.md shows as written', async () => {
    const page = await (await fetch('/docs/reference.md')).text();
    const example = /```js\n(chat\.setTurns\(\[[\s\S]*?)```/.exec(page)?.[1];
    expect(example, 'docs/reference.md has the example').to.be.a('string');
    const el = await chatFixture('/agui/echo');
    new Function('chat', example!)(el);
    await settle(el);
    expect(el.getTurns().map((turn) => turn.role)).to.deep.equal(['user', 'assistant', 'user']);
    const reply = lastReply(el);
    expect(textOf(reply)).to.contain('Let me check.');
    expect(deepQuery(reply, 'strong')?.textContent).to.equal('21 °C');
    expect(textOf(deepQuery(reply, '[part="tool-card-status"]'))).to.equal('Done');
    // The backend gets them as history.
    await sendAndWait(el, 'And tomorrow?');
    const { body } = await lastRequest('echo');
    expect(body.messages.map((message: { role: string }) => message.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant', 'user', 'user']);
    expect(body.messages[2]).to.deep.include({ toolCallId: 'c1', content: '{"temperature":21}' });
  });
});

describe('<agent-chat> configuration', () => {
  it('fires agent-chat-ready once it has rendered', async () => {
    const el = document.createElement('agent-chat');
    const ready = oneEvent(el, 'agent-chat-ready');
    document.body.append(el);
    await ready;
    expect(deepQuery(el, '[part="composer"]')).to.exist;
    el.remove();
  });

  it('sends cookies with credentials="same-origin" and none with "omit"', async () => {
    document.cookie = 'agentchat=yes; path=/';
    try {
      const el = await chatFixture('/agui/echo');
      await sendAndWait(el, 'with cookies');
      expect((await lastRequest('echo')).headers.cookie).to.contain('agentchat=yes');
      el.credentials = 'omit';
      await sendAndWait(el, 'without');
      expect((await lastRequest('echo')).headers.cookie).to.equal(undefined);
    } finally {
      document.cookie = 'agentchat=; path=/; max-age=0';
    }
  });

  it('is accessible with a failed reply in the dark theme', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="/agui/run-error" theme="dark" heading="Help"></agent-chat>`);
    await sendAndWait(el, 'x');
    await expect(el).to.be.accessible();
  });

  it('shows a clear error for an unsupported protocol and refuses to send', async () => {
    const errored = new Promise<AgentChatErrorDetail>((resolve) => document.addEventListener('agent-chat-error', (event) => resolve(event.detail), { once: true }));
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="/agui/basic" protocol="a2a"></agent-chat>`);
    expect((await errored).message).to.contain('protocol="a2a" is not supported');
    expect(textOf(deepQuery(el, '.config-error'))).to.contain('protocol="a2a"');
    const end = await sendAndWait(el, 'hi');
    expect(end.status).to.equal('error');
    expect(textOf(deepQuery(lastReply(el), '[part="error"]'))).to.contain('not supported');
  });

  it('reports theme and tool-cards values it does not know', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="/agui/basic" theme="blue" tool-cards="sometimes"></agent-chat>`);
    const notice = textOf(deepQuery(el, '.config-error'));
    expect(notice).to.contain('theme="blue"').and.to.contain('tool-cards="sometimes"');
  });

  it('turns show-requests off with ="false"', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="/agui/basic" show-requests="false"></agent-chat>`);
    expect(el.showRequests).to.equal(false);
    el.setAttribute('show-requests', '');
    expect(el.showRequests).to.equal(true);
  });

  it('reports headers that are not JSON', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="/agui/basic" headers="{oops"></agent-chat>`);
    expect(textOf(deepQuery(el, '.config-error'))).to.contain('headers attribute must be a JSON object');
  });

  it('says so when the headers function throws', async () => {
    const el = await chatFixture('/agui/basic', {
      headers: () => {
        throw new Error('token expired');
      },
    });
    await sendAndWait(el, 'hi');
    expect(textOf(deepQuery(el, '[part="error"]'))).to.contain('The headers function failed: token expired');
  });

  it('asks for an endpoint when neither endpoint nor transport is set', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat></agent-chat>`);
    await sendAndWait(el, 'hi');
    expect(textOf(deepQuery(el, '[part="error"]'))).to.contain('Set the endpoint attribute');
  });

  it('speaks the lang attribute, the page language, and string overrides', async () => {
    // German and French are chunks of their own, loaded when a chat speaks them.
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="/agui/basic" lang="de"></agent-chat>`);
    await until(() => textOf(deepQuery(el, '[part="send-button"]')) === 'Senden', 'German');
    const wrapper = await fixture(html`<div lang="fr-CA"><agent-chat endpoint="/agui/basic"></agent-chat></div>`);
    const nested = wrapper.querySelector('agent-chat')!;
    await until(() => textOf(deepQuery(nested, '[part="send-button"]')) === 'Envoyer', 'French');
    el.lang = 'xx';
    await settle(el);
    expect(textOf(deepQuery(el, '[part="send-button"]')), 'a language not built in is English').to.equal('Send');
    el.lang = 'de';
    el.strings = { send: 'Los' };
    await el.updateComplete;
    await settle(el);
    expect(textOf(deepQuery(el, '[part="send-button"]'))).to.equal('Los');
  });
});
