import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import type { ToolRenderInput } from '../../../src/conversation/tool-display.js';
import type { PageTool } from '../../../src/page-tools/page-tool-types.js';
import { chatFixture, deepQuery, deepQueryAll, sendAndWait, settle, textOf, until, useFreshKeys } from '../helpers.js';
import { mcpCallEndpoint } from '../mcp-helpers.js';

const freshKey = useFreshKeys('page-renderers');

/** Records console.error while `run` runs. */
async function consoleErrors(run: () => Promise<void>): Promise<unknown[][]> {
  const seen: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void seen.push(args);
  try {
    await run();
  } finally {
    console.error = original;
  }
  return seen;
}

function weatherCard(calls: ToolRenderInput[]) {
  return {
    get_weather: {
      render: (call: ToolRenderInput) => {
        calls.push(call);
        const node = document.createElement('p');
        node.className = 'forecast';
        const { temperature, sky } = (call.result ?? {}) as { temperature?: number; sky?: string };
        node.textContent = call.status === 'done' ? `${temperature} °C, ${sky}` : `Looking (${call.status})`;
        return node;
      },
    },
  };
}

describe('the page draws cards, activities and the shared state', () => {
  it('toolDisplay[name].render draws the card body with the call as it stands, and again with the saved values on restore (nothing runs)', async () => {
    const storageKey = freshKey();
    const calls: ToolRenderInput[] = [];
    const el = await chatFixture('/agui/tools', { storageKey, toolDisplay: weatherCard(calls) });
    await sendAndWait(el, 'weather?');
    const view = deepQuery(el, '[part="tool-view"]');
    expect(textOf(view)).to.equal('21 °C, clear');
    expect(deepQuery(el, '[part="tool-card-body"] .details'), 'no default view beside it').to.equal(undefined);
    const last = calls.at(-1)!;
    expect(last.args).to.deep.equal({ city: 'Paris' });
    expect(last.result, 'JSON text is given parsed').to.deep.equal({ temperature: 21, sky: 'clear' });
    expect(calls.map((call) => call.status)).to.include('done');
    const requestsBefore = (await (await fetch('/agui/requests?scenario=tools')).json()).length;

    el.remove();
    const restoredCalls: ToolRenderInput[] = [];
    const again = await chatFixture('/agui/tools', { storageKey, threadId: el.threadId, toolDisplay: weatherCard(restoredCalls) });
    await until(() => deepQuery(again, '[part="tool-view"]') !== undefined, 'the restored card is drawn by the page');
    await settle(again);
    expect(textOf(deepQuery(again, '[part="tool-view"]'))).to.equal('21 °C, clear');
    expect(restoredCalls.at(-1)!.status).to.equal('done');
    expect((await (await fetch('/agui/requests?scenario=tools')).json()).length, 'restoring asked the backend nothing').to.equal(requestsBefore);
  });

  it('a string is drawn as sanitized HTML; a renderer that throws leaves the default view and says so in the console', async () => {
    const hostile = {
      get_weather: { render: () => '<table><tr><td>Paris</td><td>21 °C</td></tr></table><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>' },
    };
    const el = await chatFixture('/agui/tools', { toolDisplay: hostile });
    await sendAndWait(el, 'weather?');
    const result = deepQuery(el, '[part="tool-view"] agent-chat-rich-result');
    expect(result, 'drawn through the rich-result view').to.not.equal(undefined);
    await until(() => deepQueryAll(result!, 'td').length === 2, 'the table is drawn');
    expect(deepQueryAll(result!, 'script')).to.have.length(0);
    expect(deepQueryAll(result!, '[onerror]')).to.have.length(0);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);

    const errors = await consoleErrors(async () => {
      el.toolDisplay = {
        get_weather: {
          render: () => {
            throw new Error('renderer bug');
          },
        },
      };
      await settle(el);
    });
    expect(deepQuery(el, '[part="tool-view"]')).to.equal(undefined);
    const fallback = deepQuery(el, '[part="tool-card-body"] .details agent-chat-rich-result');
    expect(textOf(deepQuery(fallback!, 'pre'))).to.contain('"temperature": 21');
    expect(errors.some((args) => String(args[0]).includes('toolDisplay.get_weather.render threw'))).to.equal(true);
  });

  it("a page tool's own render draws its card, called while it runs and once it is done", async () => {
    const statuses: string[] = [];
    const tool: PageTool = {
      name: 'set_accent',
      parameters: { type: 'object', properties: { color: { type: 'string' } } },
      handler: (async () => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return { applied: '#336699' };
      }) as PageTool['handler'],
      render: ({ args, result, status }) => {
        statuses.push(`${status} ${JSON.stringify(args)}`);
        const swatch = document.createElement('span');
        swatch.className = 'swatch';
        swatch.textContent = `${(args as { color?: string }).color} ${status} ${JSON.stringify(result ?? null)}`;
        return swatch;
      },
    };
    const el = await chatFixture(mcpCallEndpoint('set_accent', { color: '#336699' }, '&id=accent-r'), { tools: [tool] });
    await sendAndWait(el, 'accent');
    await until(() => (el.getTurns().at(-1) as { status?: string }).status === 'done', 'the reply goes on');
    await settle(el);
    expect(textOf(deepQuery(el, '[part="tool-view"]'))).to.equal('#336699 done {"applied":"#336699"}');
    expect(statuses, 'drawn while it runs, its arguments whole').to.include('running {"color":"#336699"}');
    expect(statuses.at(-1)).to.equal('done {"color":"#336699"}');
  });

  it('activityRenderers draw activities of their type, with their deltas; other types stay hidden; a throw is logged', async () => {
    const el = await chatFixture('/agui/page-views', {
      activityRenderers: {
        plan: (content) => {
          const list = document.createElement('ol');
          const { steps, done } = content as { steps: string[]; done: number };
          for (const [i, step] of steps.entries()) list.append(Object.assign(document.createElement('li'), { textContent: `${step}${i < done ? ' ✓' : ''}` }));
          return list;
        },
      },
    });
    await sendAndWait(el, 'buy tea');
    const views = deepQueryAll(el, '[part="activity-view"]');
    expect(views).to.have.length(1);
    expect(deepQueryAll(views[0], 'li').map(textOf)).to.deep.equal(['Find tea ✓', 'Pay']);

    const errors = await consoleErrors(async () => {
      el.activityRenderers = {
        plan: () => {
          throw new Error('plan bug');
        },
      };
      await settle(el);
    });
    expect(deepQueryAll(el, '[part="activity-view"]')).to.have.length(0);
    expect(
      deepQueryAll(el, 'agent-chat-markdown')
        .map((markdown) => textOf(markdown.shadowRoot?.firstElementChild ?? markdown))
        .join(' '),
      'the reply is drawn',
    ).to.contain('Added cups (1).');
    expect(errors.some((args) => String(args[0]).includes('activityRenderers["plan"] threw'))).to.equal(true);
  });

  it('stateRenderer draws the state under each reply as that reply left it; agent-chat-state follows every change and the state goes back with the next request', async () => {
    const states: unknown[] = [];
    const el = await chatFixture('/agui/page-views', {
      storageKey: freshKey(),
      stateRenderer: (state) => `<p>Cart: ${((state as { cart: string[] }).cart ?? []).join(', ')}</p>`,
    });
    el.addEventListener('agent-chat-state', (event) => states.push(event.detail.state));
    await sendAndWait(el, 'buy tea');
    await sendAndWait(el, 'and more');
    const views = deepQueryAll(el, '[part="state-view"] agent-chat-rich-result');
    expect(views).to.have.length(2);
    await until(() => views.every((view) => deepQuery(view, 'p') !== undefined), 'the states are drawn');
    expect(views.map((view) => textOf(deepQuery(view, 'p')))).to.deep.equal(['Cart: tea-1, cups-1', 'Cart: tea-1, cups-1, tea-2, cups-2']);
    expect(states).to.deep.equal([{ cart: ['tea-1'] }, { cart: ['tea-1', 'cups-1'] }, { cart: ['tea-1', 'cups-1', 'tea-2'] }, { cart: ['tea-1', 'cups-1', 'tea-2', 'cups-2'] }]);
    const requests = await (await fetch('/agui/requests?scenario=page-views')).json();
    expect(requests.at(-1).state).to.deep.equal({ cart: ['tea-1', 'cups-1'] });

    // Another conversation brings its own state (none yet), and says so.
    const cleared = oneEvent(el, 'agent-chat-state');
    await el.newThread();
    expect((await cleared).detail.state).to.equal(undefined);
  });

  it("agent-chat-custom carries the backend's CUSTOM events the widget does not read itself", async () => {
    const el = await chatFixture('/agui/page-views');
    const custom: { name: string; value: unknown }[] = [];
    el.addEventListener('agent-chat-custom', (event) => custom.push(event.detail));
    await sendAndWait(el, 'buy tea');
    expect(custom).to.deep.equal([{ name: 'shop.confetti', value: { times: 1 } }]);
  });
});

describe('page hooks on the composer', () => {
  it('setDraft puts text in the composer for the person to send (nothing is sent); focusComposer gives it the keyboard', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat style="height: 400px" endpoint="/agui/echo" storage="none"></agent-chat>`);
    let sent = 0;
    el.addEventListener('agent-chat-send', () => sent++);
    await el.setDraft('Please compare the two plans');
    await settle(el);
    const input = deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!;
    expect(input.value).to.equal('Please compare the two plans');
    expect(sent).to.equal(0);
    expect(el.getTurns()).to.have.length(0);
    el.focusComposer();
    await until(
      () =>
        el.shadowRoot!.activeElement?.localName === 'agent-chat-composer' &&
        input.getRootNode() instanceof ShadowRoot &&
        (input.getRootNode() as ShadowRoot).activeElement === input,
      'the composer has the keyboard',
    );
    await el.setDraft('');
    await settle(el);
    expect(input.value).to.equal('');
  });

  it('setDraft on a closed popup shows the text once it is opened', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat mode="popup" endpoint="/agui/echo" storage="none"></agent-chat>`);
    await el.setDraft('Hello from the page');
    el.show();
    await settle(el);
    expect(deepQuery<HTMLTextAreaElement>(el, '[part="input"]')!.value).to.equal('Hello from the page');
  });
});
