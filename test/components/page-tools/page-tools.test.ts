import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { PageTool } from '../../../src/page-tools/page-tool-types.js';
import { chatFixture, deepQuery, deepQueryAll, sendAndWait, settle, textOf, until, useFreshKeys } from '../helpers.js';
import { mcpCallEndpoint } from '../mcp-helpers.js';

async function requests(): Promise<any[]> {
  return (await fetch('/agui/requests?scenario=mcp-call')).json();
}

/** The tool message the widget sent back for a call, from the run that continued the reply. */
async function toolMessageFor(id: string): Promise<any> {
  const all = await requests();
  for (const body of all.reverse()) {
    const message = (body.messages ?? []).find((m: any) => m.role === 'tool' && m.toolCallId === id);
    if (message) return message;
  }
  return undefined;
}

const buttonNamed = (root: Element, name: string) => deepQueryAll<HTMLButtonElement>(root, 'button').find((button) => textOf(button) === name);

const accent: (calls: unknown[][]) => PageTool = (calls) => ({
  name: 'set_accent',
  description: "Changes the page's accent colour.",
  parameters: { type: 'object', properties: { color: { type: 'string', pattern: '^#[0-9a-f]{6}$' } }, required: ['color'], additionalProperties: false },
  handler: ((args: { color: string }, info: unknown) => {
    calls.push([args, info]);
    return { applied: args.color };
  }) as PageTool['handler'],
});

async function lastReplyText(el: AgentChat): Promise<string> {
  await settle(el);
  const reply = el.getTurns().at(-1) as any;
  return reply.parts
    .filter((part: any) => part.kind === 'text')
    .map((part: any) => part.text)
    .join('');
}

describe('page tools', () => {
  it('are offered on the wire; a call runs the handler with its arguments and ids, and the result goes back to the model', async () => {
    const calls: unknown[][] = [];
    const el = await chatFixture(mcpCallEndpoint('set_accent', { color: '#336699' }, '&id=accent-1'), { tools: [accent(calls)] });
    await sendAndWait(el, 'make it blue');
    await until(() => el.getTurns().at(-1)!.role === 'assistant' && (el.getTurns().at(-1) as any).status === 'done', 'the reply goes on');
    const first = (await requests()).find((body) => body.messages.some((m: any) => m.content === 'make it blue'));
    expect(first.tools.map((tool: any) => tool.name)).to.include.members(['ask_user', 'set_accent']);
    expect(first.tools.find((tool: any) => tool.name === 'set_accent').parameters.required).to.deep.equal(['color']);
    expect(calls).to.have.length(1);
    const [args, info] = calls[0] as [unknown, { signal: AbortSignal; threadId: string; runId: string; toolCallId: string }];
    expect(args).to.deep.equal({ color: '#336699' });
    expect(info.toolCallId).to.equal('accent-1');
    expect(info.threadId).to.equal(el.threadId);
    expect(info.runId).to.equal(first.runId);
    expect(info.signal).to.be.instanceOf(AbortSignal);
    expect((await toolMessageFor('accent-1')).content).to.equal('{"applied":"#336699"}');
    expect(await lastReplyText(el)).to.contain('The tool said: {"applied":"#336699"}');
  });

  it('arguments that do not fit the parameters go back as an error; the handler never runs', async () => {
    const calls: unknown[][] = [];
    const el = await chatFixture(mcpCallEndpoint('set_accent', { color: 'blue' }, '&id=accent-bad'), { tools: [accent(calls)] });
    await sendAndWait(el, 'make it blue');
    await until(() => (el.getTurns().at(-1) as any).status === 'done', 'the reply goes on');
    expect(calls).to.have.length(0);
    const message = await toolMessageFor('accent-bad');
    expect(message.content).to.match(/^The arguments do not fit the tool's parameters: color: /);
    const call = (el.getTurns().at(-1) as any).parts.find((part: any) => part.id === 'accent-bad');
    expect(call.status).to.equal('error');
    await settle(el);
    expect(textOf(deepQuery(el, '[part="tool-card-status"]'))).to.equal('Failed');
  });

  it('a handler that throws is an error result the card shows', async () => {
    const tool: PageTool = { name: 'read_form', handler: () => Promise.reject(new Error('The form is gone')) };
    const el = await chatFixture(mcpCallEndpoint('read_form', {}, '&id=form-1'), { tools: [tool] });
    await sendAndWait(el, 'read it');
    await until(() => (el.getTurns().at(-1) as any).status === 'done', 'the reply goes on');
    expect((await toolMessageFor('form-1')).content).to.equal('The tool failed: The form is gone');
    await settle(el);
    const card = deepQuery(el, 'agent-chat-tool-card')!;
    (card as HTMLElement & { open: boolean }).open = true;
    await settle(el);
    expect(textOf(deepQuery(card, 'p.error'))).to.equal('The tool failed: The form is gone');
  });

  it('confirm asks Approve / Deny on the card first; the handler runs only once approved', async () => {
    const calls: unknown[][] = [];
    const el = await chatFixture(mcpCallEndpoint('set_accent', { color: '#aa0000' }, '&id=accent-ok'), { tools: [{ ...accent(calls), confirm: true }] });
    await sendAndWait(el, 'make it red');
    await until(() => !!deepQuery(el, '[part="approval"]'), 'the approval is drawn');
    await settle(el);
    const card = deepQuery(el, 'agent-chat-tool-card')!;
    expect(card.querySelector('agent-chat-interrupt'), 'the approval is on the call’s card').to.exist;
    expect(calls, 'nothing runs before the person answers').to.have.length(0);
    expect(deepQuery(el, '[part="held-notice"]'), 'no notice before the person types').to.not.exist;
    await expect(el).to.be.accessible();
    const ended = oneEvent(el, 'agent-chat-response-end');
    buttonNamed(deepQuery(el, '[part="approval"]')!, 'Approve')!.click();
    await ended;
    await until(() => (el.getTurns().at(-1) as any).status === 'done', 'the reply goes on');
    expect(calls).to.have.length(1);
    const madeIn = (await requests()).find((body) => body.messages.some((m: any) => m.content === 'make it red') && !body.messages.some((m: any) => m.role === 'tool'));
    expect((calls[0][1] as { runId: string }).runId, 'the run that made the call, not the one that goes on').to.equal(madeIn.runId);
    expect((await toolMessageFor('accent-ok')).content).to.equal('{"applied":"#aa0000"}');
    expect(await lastReplyText(el)).to.contain('The tool said: {"applied":"#aa0000"}');
    expect(textOf(deepQuery(el, '[part="approval"] .outcome'))).to.equal('Approved');
  });

  it('Deny (with a reason) sends "Denied by the person" and never runs the handler', async () => {
    const calls: unknown[][] = [];
    const el = await chatFixture(mcpCallEndpoint('set_accent', { color: '#00aa00' }, '&id=accent-no'), { tools: [{ ...accent(calls), confirm: () => true }] });
    await sendAndWait(el, 'make it green');
    await until(() => !!deepQuery(el, '[part="approval"]'), 'the approval is drawn');
    await settle(el);
    const approval = deepQuery(el, '[part="approval"]')!;
    buttonNamed(approval, 'Deny')!.click();
    await settle(el);
    deepQuery<HTMLTextAreaElement>(approval, 'textarea')!.focus();
    await sendKeys({ type: 'Not green' });
    const ended = oneEvent(el, 'agent-chat-response-end');
    buttonNamed(approval, 'Deny')!.click();
    await ended;
    await until(() => (el.getTurns().at(-1) as any).status === 'done', 'the reply goes on');
    expect(calls).to.have.length(0);
    expect((await toolMessageFor('accent-no')).content).to.equal('Denied by the person: Not green');
  });

  it('Stop aborts the handler’s signal and the call ends cancelled', async () => {
    let seen: AbortSignal | undefined;
    const tool: PageTool = {
      name: 'wait_forever',
      handler: ((_args: unknown, info: { signal: AbortSignal }) => {
        seen = info.signal;
        return new Promise(() => {});
      }) as PageTool['handler'],
    };
    const el = await chatFixture(mcpCallEndpoint('wait_forever', {}, '&id=forever-1'), { tools: [tool] });
    void el.send('wait');
    await until(() => seen !== undefined, 'the handler runs');
    expect(seen!.aborted).to.equal(false);
    el.stop();
    await settle(el);
    expect(seen!.aborted).to.equal(true);
    const call = (el.getTurns().at(-1) as any).parts.find((part: any) => part.id === 'forever-1');
    expect(call.status).to.equal('cancelled');
  });

  it('a name used twice, or one another tool of the chat has, is named in the configuration notice', async () => {
    const handler = () => 'ok';
    const el = await chatFixture('/agui/basic', {
      tools: [{ name: 'read_form', handler }, { name: 'read_form', handler }, { name: 'ask_user', handler }, { name: 'no handler' } as unknown as PageTool],
    });
    // The checks are a chunk of their own, loaded once the page gives tools: the notice follows it.
    await until(() => textOf(deepQuery(el, '[part="error"]')).includes('read_form'), 'the configuration notice');
    const notice = textOf(deepQuery(el, '[part="error"]'));
    expect(notice).to.contain('The page tool "read_form" is given twice');
    expect(notice).to.contain('The page tool "ask_user" has the name of another tool of the chat');
    expect(notice).to.contain('needs a name of letters, digits');
  });

  it('a restored conversation runs no handler; an approval restored still waits and runs only once approved', async () => {
    const freshKey = useFreshKeys('page-tools');
    const key = freshKey();
    const calls: unknown[][] = [];
    const endpoint = mcpCallEndpoint('set_accent', { color: '#0000aa' }, '&id=accent-restore');
    const first = await chatFixture(endpoint, { tools: [{ ...accent(calls), confirm: true }], storageKey: key });
    await sendAndWait(first, 'make it navy');
    await until(() => !!deepQuery(first, '[part="approval"]'), 'the approval is drawn');
    await (first as unknown as { wiring: { store: { flush(): Promise<void> } } }).wiring.store.flush();
    const threadId = first.threadId!;
    first.remove();

    const second = await chatFixture(endpoint, { tools: [{ ...accent(calls), confirm: true }], storageKey: key, threadId });
    await until(() => !!deepQuery(second, '[part="approval"]'), 'the approval is back');
    await settle(second);
    expect(calls, 'restoring runs nothing').to.have.length(0);
    const ended = oneEvent(second, 'agent-chat-response-end');
    buttonNamed(deepQuery(second, '[part="approval"]')!, 'Approve')!.click();
    await ended;
    await until(() => (second.getTurns().at(-1) as any).status === 'done', 'the reply goes on');
    expect(calls).to.have.length(1);
  });

  it('context (an array, or a function read at every run) goes with the request; values other than strings as JSON text', async () => {
    let page = 'Cart';
    const el = await chatFixture('/agui/basic', {
      context: () => [
        { description: 'The page the person is on', value: page },
        { description: 'The cart', value: { items: 2, total: 31.5 } },
        { description: 42 as unknown as string, value: 'left out' },
      ],
    });
    await sendAndWait(el, 'hello');
    let body = (await (await fetch('/agui/last-request?scenario=basic')).json()).body;
    expect(body.context.slice(-2)).to.deep.equal([
      { description: 'The page the person is on', value: 'Cart' },
      { description: 'The cart', value: '{"items":2,"total":31.5}' },
    ]);
    page = 'Checkout';
    await sendAndWait(el, 'again');
    body = (await (await fetch('/agui/last-request?scenario=basic')).json()).body;
    expect(body.context.at(-2)).to.deep.equal({ description: 'The page the person is on', value: 'Checkout' });
  });

  it('context past the size cap is cut with a console warning', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(String(args[0]));
    try {
      const el = await chatFixture('/agui/basic', {
        context: [
          { description: 'small', value: 'kept' },
          { description: 'huge', value: 'x'.repeat(40_000) },
        ],
      });
      await sendAndWait(el, 'hello');
      const body = (await (await fetch('/agui/last-request?scenario=basic')).json()).body;
      expect(body.context.map((entry: any) => entry.description)).to.deep.equal(['small']);
      expect(warnings.some((text) => text.includes('"huge" and what follows it are not sent'))).to.equal(true);
    } finally {
      console.warn = warn;
    }
  });
});
