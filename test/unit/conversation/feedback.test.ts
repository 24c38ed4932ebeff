import { expect } from '@open-wc/testing';
import { reduceCore } from '../../../src/conversation/reducer-core.js';
import { reduce, type Action } from '../../../src/conversation/reducer.js';
import { AgUiEventMapper } from '../../../src/protocol/ag-ui/ag-ui-events.js';
import { parseThreadExport } from '../../../src/storage/records.js';
import { emptyConversation, type AssistantTurn, type ConversationState } from '../../../src/conversation/types.js';

const run = (actions: Action[], from: ConversationState = emptyConversation()) => actions.reduce(reduce, from);
const reply = (state: ConversationState) => state.turns.find((turn) => turn.id === 'r1') as AssistantTurn;
const streaming = run([
  { type: 'user-message', id: 'u1', text: 'Hi' },
  { type: 'reply-start', replyId: 'r1', runId: 'run-1' },
  { type: 'run-started', runId: 'run-1' },
  { type: 'text-delta', messageId: 'm', delta: 'Hello' },
]);
const done = run([{ type: 'run-finished', runId: 'run-1' }], streaming);

describe('feedback: the person rates a reply', () => {
  it('sets, changes and takes back the rating on the reply (in the core reducer, as the session applies it)', () => {
    const up = reduceCore(done, { type: 'feedback', replyId: 'r1', rating: 'up' });
    expect(reply(up).feedback).to.equal('up');
    const down = reduceCore(up, { type: 'feedback', replyId: 'r1', rating: 'down' });
    expect(reply(down).feedback).to.equal('down');
    const cleared = reduceCore(down, { type: 'feedback', replyId: 'r1', rating: null });
    expect('feedback' in reply(cleared)).to.equal(false);
    expect(reply(done).feedback).to.equal(undefined);
  });

  it("changes nothing for the same rating, an unknown id, the person's message, or a reply still streaming", () => {
    const up = reduceCore(done, { type: 'feedback', replyId: 'r1', rating: 'up' });
    expect(reduceCore(up, { type: 'feedback', replyId: 'r1', rating: 'up' })).to.equal(up);
    expect(reduceCore(done, { type: 'feedback', replyId: 'nope', rating: 'up' })).to.equal(done);
    expect(reduceCore(done, { type: 'feedback', replyId: 'u1', rating: 'up' })).to.equal(done);
    expect(reduceCore(streaming, { type: 'feedback', replyId: 'r1', rating: 'up' })).to.equal(streaming);
  });

  it('an export keeps the rating, and a file with a rating that is not up or down is refused', () => {
    const rated = reduceCore(done, { type: 'feedback', replyId: 'r1', rating: 'down' });
    const file = (turn: unknown) => ({
      format: 'agent-chat-thread',
      version: 1,
      exported: 1,
      thread: { id: 't', title: 'T', titleSource: 'first-message', created: 1, updated: 1 },
      nodes: [{ id: 'r1', parentId: null, seq: 0, turn }],
    });
    const parsed = parseThreadExport(file(reply(rated)));
    expect(parsed.ok).to.equal(true);
    expect(parsed.ok && (parsed.value.nodes[0].turn as AssistantTurn).feedback).to.equal('down');
    expect(parseThreadExport(file({ ...reply(rated), feedback: 'meh' })).ok).to.equal(false);
  });
});

describe('sources from AG-UI: CUSTOM agent-chat.sources', () => {
  const mapped = (value: unknown, extra: Record<string, unknown> = {}) => {
    const mapper = new AgUiEventMapper();
    mapper.map({ type: 'RUN_STARTED', threadId: 't', runId: 'r' });
    return mapper.map({ type: 'CUSTOM', name: 'agent-chat.sources', value, ...extra });
  };

  it("become the same source events as the AI SDK's, landing in the reply's sources once each", () => {
    const events = mapped({ sources: [{ url: 'https://example.com/a', title: 'A' }, { url: 'https://example.com/b' }, { title: 'Only a title' }] });
    expect(events).to.deep.equal([
      { type: 'source', source: { id: 'ag-ui:source:https://example.com/a', url: 'https://example.com/a', title: 'A' } },
      { type: 'source', source: { id: 'ag-ui:source:https://example.com/b', url: 'https://example.com/b' } },
      { type: 'source', source: { id: 'ag-ui:source:Only a title', title: 'Only a title' } },
    ]);
    const state = run([...(events as Action[]), ...(events as Action[])], streaming);
    expect(reply(state).sources?.map((source) => source.id)).to.deep.equal([
      'ag-ui:source:https://example.com/a',
      'ag-ui:source:https://example.com/b',
      'ag-ui:source:Only a title',
    ]);
  });

  it('drops what is not a source and never fails the run', () => {
    for (const bad of [undefined, 'x', { sources: 'x' }, { sources: [null, 3, {}, { url: 5, title: [] }] }]) {
      expect(mapped(bad), JSON.stringify(bad)).to.deep.equal([]);
    }
    expect(mapped({ sources: [{ url: 'https://example.com/a' }] }, { subagentRunId: 'sa' })).to.deep.equal([]);
  });
});
