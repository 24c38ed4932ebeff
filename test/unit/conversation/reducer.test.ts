import { expect } from '@open-wc/testing';
import { reduce, type Action } from '../../../src/conversation/reducer.js';
import { emptyConversation, type AssistantTurn, type ConversationState, type ToolCallPart } from '../../../src/conversation/types.js';

const run = (actions: Action[], from: ConversationState = emptyConversation()) => actions.reduce(reduce, from);
const reply = (state: ConversationState) => state.turns[state.turns.length - 1] as AssistantTurn;
const opened: Action[] = [
  { type: 'user-message', id: 'u1', text: 'Hi' },
  { type: 'reply-start', replyId: 'r1', runId: 'run-1' },
  { type: 'run-started', runId: 'run-1' },
];

describe('conversation reducer', () => {
  it('builds a reply from streamed text and ends it on run-finished', () => {
    const state = run([
      ...opened,
      { type: 'text-start', messageId: 'm', role: 'assistant' },
      { type: 'text-delta', messageId: 'm', delta: 'Hel' },
      { type: 'text-delta', messageId: 'm', delta: 'lo' },
      { type: 'text-end', messageId: 'm' },
      { type: 'run-finished', runId: 'run-1' },
    ]);
    expect(state.turns.map((t) => t.role)).to.deep.equal(['user', 'assistant']);
    expect(reply(state)).to.deep.include({ status: 'done' });
    expect(reply(state).parts).to.deep.equal([{ kind: 'text', id: 'm', text: 'Hello', streaming: false }]);
    expect(state.activeReplyId).to.equal(undefined);
  });

  it('does not mutate the previous state', () => {
    const before = run([...opened, { type: 'text-delta', messageId: 'm', delta: 'a' }]);
    const snapshot = JSON.stringify(before);
    run([{ type: 'text-delta', messageId: 'm', delta: 'b' }, { type: 'run-finished' }], before);
    expect(JSON.stringify(before)).to.equal(snapshot);
  });

  it('tracks a tool call from start to result, parsing arguments when complete', () => {
    const state = run([
      ...opened,
      { type: 'tool-call-start', toolCallId: 'c', name: 'get_weather', parentMessageId: 'm' },
      { type: 'tool-call-args', toolCallId: 'c', delta: '{"city":' },
    ]);
    const streaming = reply(state).parts[0] as ToolCallPart;
    expect(streaming).to.deep.include({ status: 'running', argsText: '{"city":', argsComplete: false });
    expect(streaming.args).to.equal(undefined);
    const done = run(
      [
        { type: 'tool-call-args', toolCallId: 'c', delta: '"Paris"}' },
        { type: 'tool-call-end', toolCallId: 'c' },
        { type: 'tool-call-result', toolCallId: 'c', messageId: 'res', content: '{"t":21}' },
      ],
      state,
    );
    expect(reply(done).parts[0]).to.deep.include({ status: 'done', args: { city: 'Paris' }, result: '{"t":21}', resultMessageId: 'res' });
  });

  it('marks a result flagged as an error as a failed call', () => {
    const state = run([...opened, { type: 'tool-call-start', toolCallId: 'c', name: 'f' }, { type: 'tool-call-result', toolCallId: 'c', content: 'boom', isError: true }]);
    expect(reply(state).parts[0]).to.deep.include({ status: 'error', error: 'boom' });
  });

  it('flags complete arguments that are not JSON', () => {
    const state = run([...opened, { type: 'tool-call-args', toolCallId: 'c', delta: '{oops' }, { type: 'tool-call-end', toolCallId: 'c' }]);
    expect(reply(state).parts[0]).to.deep.include({ argsInvalid: true, argsComplete: true });
  });

  describe('duplicated and out-of-order events', () => {
    it('treats duplicated starts, ends and results as one', () => {
      const state = run([
        ...opened,
        { type: 'text-start', messageId: 'm' },
        { type: 'text-delta', messageId: 'm', delta: 'x' },
        { type: 'text-start', messageId: 'm' },
        { type: 'text-end', messageId: 'm' },
        { type: 'text-end', messageId: 'm' },
        { type: 'tool-call-start', toolCallId: 'c', name: 'f' },
        { type: 'tool-call-args', toolCallId: 'c', delta: '{"a":1}' },
        { type: 'tool-call-start', toolCallId: 'c', name: 'f' },
        { type: 'tool-call-end', toolCallId: 'c' },
        { type: 'tool-call-end', toolCallId: 'c' },
        { type: 'tool-call-result', toolCallId: 'c', content: 'first' },
        { type: 'tool-call-result', toolCallId: 'c', content: 'second' },
        { type: 'run-started', runId: 'run-1' },
      ]);
      const parts = reply(state).parts;
      expect(parts).to.have.length(2);
      expect(parts[0]).to.deep.include({ text: 'x', streaming: false });
      expect(parts[1]).to.deep.include({ argsText: '{"a":1}', result: 'first', status: 'done' });
    });

    it('creates what content refers to when it arrives before its start', () => {
      const state = run([
        ...opened,
        { type: 'text-delta', messageId: 'm', delta: 'early' },
        { type: 'text-start', messageId: 'm', role: 'assistant' },
        { type: 'tool-call-result', toolCallId: 'c', content: 'res' },
        { type: 'tool-call-start', toolCallId: 'c', name: 'late_name' },
        { type: 'tool-call-args', toolCallId: 'd', delta: '{}' },
      ]);
      const parts = reply(state).parts;
      expect(parts[0]).to.deep.include({ kind: 'text', text: 'early', streaming: true });
      expect(parts[1]).to.deep.include({ kind: 'tool-call', name: 'late_name', status: 'done', result: 'res' });
      expect(parts[2]).to.deep.include({ kind: 'tool-call', id: 'd', argsText: '{}' });
    });

    it('ignores wire events after the reply ended', () => {
      const ended = run([...opened, { type: 'text-delta', messageId: 'm', delta: 'a' }, { type: 'run-finished' }]);
      const after = run([{ type: 'text-delta', messageId: 'm', delta: 'late' }, { type: 'run-finished' }, { type: 'run-error', error: { kind: 'backend', message: 'x' } }], ended);
      expect(after).to.equal(ended);
    });
  });

  it('keeps received text and marks running calls not completed on a run error', () => {
    const state = run([
      ...opened,
      { type: 'text-delta', messageId: 'm', delta: 'partial' },
      { type: 'tool-call-start', toolCallId: 'c', name: 'f' },
      { type: 'run-error', error: { kind: 'network', message: 'lost' } },
    ]);
    expect(reply(state)).to.deep.include({ status: 'error', error: { kind: 'network', message: 'lost' } });
    expect(reply(state).parts[0]).to.deep.include({ text: 'partial', streaming: false });
    expect(reply(state).parts[1]).to.deep.include({ status: 'not-completed' });
  });

  it('marks the reply and its running calls cancelled on stop', () => {
    const state = run([...opened, { type: 'tool-call-start', toolCallId: 'c', name: 'f' }, { type: 'reply-stop' }]);
    expect(reply(state).status).to.equal('cancelled');
    expect(reply(state).parts[0]).to.deep.include({ status: 'cancelled' });
  });

  it('leaves calls the client must answer running when the run finishes with them pending', () => {
    const state = run([
      ...opened,
      { type: 'tool-call-start', toolCallId: 'client', name: 'ask' },
      { type: 'tool-call-start', toolCallId: 'server', name: 'f' },
      { type: 'run-finished', outcome: { type: 'success', pendingToolCallIds: ['client'] } },
    ]);
    const [client, server] = reply(state).parts;
    expect(client).to.deep.include({ status: 'running' });
    expect(server).to.deep.include({ status: 'done' });
  });

  it('applies state snapshots and JSON Patch deltas, keeping the old state on a bad patch', () => {
    const state = run([
      ...opened,
      { type: 'state-snapshot', snapshot: { count: 1, list: [] } },
      {
        type: 'state-delta',
        patch: [
          { op: 'replace', path: '/count', value: 2 },
          { op: 'add', path: '/list/-', value: 'a' },
        ],
      },
    ]);
    expect(state.agentState).to.deep.equal({ count: 2, list: ['a'] });
    const original = console.warn;
    console.warn = () => {};
    try {
      const bad = run([{ type: 'state-delta', patch: [{ op: 'replace', path: '/missing/deep', value: 1 }] }], state);
      expect(bad.agentState).to.deep.equal({ count: 2, list: ['a'] });
    } finally {
      console.warn = original;
    }
  });

  it('keeps on each reply the shared state it left; the turns put in place bring back the state of the last reply that changed it', () => {
    const first = run([
      ...opened,
      { type: 'state-snapshot', snapshot: { cart: ['tea'] } },
      { type: 'state-delta', patch: [{ op: 'add', path: '/cart/-', value: 'cups' }] },
      { type: 'run-finished' },
    ]);
    const changer = first.turns.at(-1) as AssistantTurn;
    expect(changer.agentState).to.deep.equal({ cart: ['tea', 'cups'] });
    const quiet = reduce(reduce(reduce(first, { type: 'user-message', id: 'u2', text: 'thanks' }), { type: 'reply-start', replyId: 'a2', runId: 'r2' }), { type: 'run-finished' });
    expect((quiet.turns.at(-1) as AssistantTurn).agentState, 'a reply that changed nothing keeps none').to.equal(undefined);
    expect(quiet.agentState).to.deep.equal({ cart: ['tea', 'cups'] });
    const other = reduce(quiet, { type: 'reset', turns: [{ role: 'user', id: 'x', text: 'elsewhere' }] });
    expect(other.agentState, 'another thread has none').to.equal(undefined);
    const back = reduce(other, { type: 'reset', turns: quiet.turns });
    expect(back.agentState).to.deep.equal({ cart: ['tea', 'cups'] });
    const cut = reduce(back, { type: 'truncate', beforeId: changer.id });
    expect(cut.agentState, 'cut before the reply that set it').to.equal(undefined);
  });

  it('replaces the history on a messages snapshot, keeping the reply under way', () => {
    const state = run([
      ...opened,
      {
        type: 'messages-snapshot',
        messages: [
          { id: 'u0', role: 'user', content: 'Earlier' },
          { id: 'a0', role: 'assistant', content: 'Answer', toolCalls: [{ id: 'c0', type: 'function', function: { name: 'f', arguments: '{}' } }] },
          { id: 't0', role: 'tool', toolCallId: 'c0', content: 'ok' },
          { id: 'u1', role: 'user', content: 'Hi' },
          { id: 'a1', role: 'assistant', content: 'Now' },
        ],
      },
      { type: 'text-delta', messageId: 'a2', delta: ' more' },
    ]);
    expect(state.turns.map((t) => t.role)).to.deep.equal(['user', 'assistant', 'user', 'assistant']);
    const active = reply(state);
    expect(active.id).to.equal('r1');
    expect(active.status).to.equal('streaming');
    expect(active.parts.map((p) => p.kind === 'text' && p.text)).to.deep.equal(['Now', ' more']);
    expect((state.turns[1] as AssistantTurn).parts[1]).to.deep.include({ status: 'done', result: 'ok' });
  });

  it('records subagents and attributes their parts', () => {
    const state = run([
      ...opened,
      { type: 'subagent-started', subagentRunId: 's', name: 'researcher', parentToolCallId: 'c' },
      { type: 'text-delta', messageId: 'sm', delta: 'sub text', subagentRunId: 's' },
      { type: 'subagent-error', subagentRunId: 's', message: 'failed' },
    ]);
    expect(reply(state).subagents).to.deep.equal([{ subagentRunId: 's', name: 'researcher', parentToolCallId: 'c', status: 'error', error: 'failed' }]);
    expect(reply(state).parts[0]).to.deep.include({ subagentRunId: 's' });
  });

  it('leaves what a failed subagent and its own subagents had running not completed', () => {
    const state = run([
      ...opened,
      { type: 'subagent-started', subagentRunId: 's', name: 'researcher' },
      { type: 'subagent-started', subagentRunId: 'n', name: 'fact-checker', parentSubagentRunId: 's' },
      { type: 'subagent-started', subagentRunId: 'o', name: 'other' },
      { type: 'tool-call-start', toolCallId: 'a', name: 'search', subagentRunId: 's' },
      { type: 'tool-call-start', toolCallId: 'b', name: 'check', subagentRunId: 'n' },
      { type: 'tool-call-start', toolCallId: 'c', name: 'else', subagentRunId: 'o' },
      { type: 'subagent-error', subagentRunId: 's', message: 'quota' },
    ]);
    const parts = reply(state).parts as ToolCallPart[];
    expect(parts.map((part) => part.status)).to.deep.equal(['not-completed', 'not-completed', 'running']);
    expect(parts[0].error).to.contain('researcher failed (quota)');
    expect(reply(state).subagents!.map((record) => record.status)).to.deep.equal(['error', 'not-completed', 'running']);
  });

  it('leaves subagent calls not completed when the reply is stopped or ends while they run', () => {
    for (const end of [{ type: 'reply-stop' }, { type: 'run-error', error: { kind: 'network', message: 'gone' } }, { type: 'run-finished' }] as Action[]) {
      const state = run([
        ...opened,
        { type: 'subagent-started', subagentRunId: 's', name: 'researcher' },
        { type: 'tool-call-start', toolCallId: 'a', name: 'search', subagentRunId: 's' },
        end,
      ]);
      expect((reply(state).parts[0] as ToolCallPart).status, end.type).to.equal('not-completed');
      expect(reply(state).subagents![0].status, end.type).to.equal('not-completed');
    }
  });

  it('keeps activity snapshots and applies activity deltas', () => {
    const state = run([
      ...opened,
      { type: 'activity-snapshot', messageId: 'a', activityType: 'progress', content: { pct: 10 } },
      { type: 'activity-delta', messageId: 'a', activityType: 'progress', patch: [{ op: 'replace', path: '/pct', value: 50 }] },
      { type: 'activity-snapshot', messageId: 'a', activityType: 'progress', content: { pct: 0 }, replace: false },
    ]);
    expect(reply(state).parts[0]).to.deep.include({ kind: 'activity', content: { pct: 50 } });
  });

  it('shows the current step while streaming and clears it at the end', () => {
    const state = run([...opened, { type: 'step-started', stepName: 'search' }]);
    expect(reply(state).step).to.equal('search');
    expect(reply(run([{ type: 'run-finished' }], state)).step).to.equal(undefined);
  });
});

describe('conversation reducer: the backend’s id for the reply', () => {
  it('keeps the first id the backend gave; a later run’s or a subagent’s does not rename the reply', () => {
    const state = run([
      ...opened,
      { type: 'reply-message-id', messageId: 'sub-msg', subagentRunId: 'sa' },
      { type: 'reply-message-id', messageId: 'backend-1' },
      { type: 'reply-message-id', messageId: 'backend-2' },
    ]);
    expect(reply(state).messageId).to.equal('backend-1');
    expect(reply(run([...opened])).messageId).to.equal(undefined);
  });
});
