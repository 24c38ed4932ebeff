import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../../src/agent-chat/agent-chat.js';
import { MAX_DEPTH } from '../../../src/conversation/depth.js';
import { deepQuery, deleteDatabase, sendAndWait, settle, textOf, until } from '../helpers.js';

const key = `deep-input-${Date.now()}`;
afterEach(() => deleteDatabase(key));

async function storedChat(): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat style="height: 520px" endpoint="/agui/deep" storage-key=${key} show-requests></agent-chat>`);
  await (el as unknown as { wiring: { store: { ready(): Promise<void> } } }).wiring.store.ready();
  await settle(el);
  return el;
}

const texts = (el: AgentChat) =>
  el.getTurns().map((turn) =>
    turn.role === 'assistant'
      ? turn.parts
          .filter((part) => part.kind === 'text')
          .map((part) => (part as { text: string }).text)
          .join('')
      : (turn as { text: string }).text,
  );

describe('inputs nested too deeply', () => {
  it('a call whose arguments and result nest 4,000 levels fails in its card; the exchanges after it are saved and come back', async () => {
    const storageErrors: unknown[] = [];
    const first = await storedChat();
    first.addEventListener('agent-chat-storage-error', (event) => storageErrors.push(event.detail));
    await sendAndWait(first, 'go deep');
    await sendAndWait(first, 'and then');
    await sendAndWait(first, 'once more');
    expect(texts(first)).to.deep.equal(['go deep', 'Looked it up.', 'and then', 'Plain answer to and then', 'once more', 'Plain answer to once more']);

    const card = deepQuery(first, 'agent-chat-tool-card')!;
    deepQuery<HTMLButtonElement>(card, '[part="tool-card-header"]')!.click();
    await settle(first);
    const cardText = textOf(deepQuery(card, '[part="tool-card-body"]'));
    expect(cardText).to.contain(`The arguments nest more than ${MAX_DEPTH} levels deep`);
    expect(cardText).to.contain(`The result nests more than ${MAX_DEPTH} levels deep`);
    expect(deepQuery(card, '[part="tool-card-status"]')!.dataset.status).to.equal('error');

    const call = (first.getTurns()[1] as any).parts.find((part: any) => part.kind === 'tool-call');
    expect(call).to.include({ argsTooDeep: true, resultTooDeep: true, status: 'error' });
    await (first as unknown as { wiring: { store: { flush(): Promise<void> } } }).wiring.store.flush();
    expect(storageErrors).to.deep.equal([]);
    const threadId = first.threadId;
    first.remove();

    const second = await storedChat();
    await until(() => second.getTurns().length === 6, 'every exchange is back');
    expect(second.threadId).to.equal(threadId);
    expect(texts(second)).to.deep.equal(texts(first));
    expect((second.getTurns()[1] as any).parts.find((part: any) => part.kind === 'tool-call')).to.include({ argsTooDeep: true, resultTooDeep: true });
    await sendAndWait(second, 'after the reload');
    expect(texts(second).at(-1)).to.equal('Plain answer to after the reload');
  });
});
